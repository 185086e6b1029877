import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { kycQueryOptions } from '@/lib/queries/kyc';
import type { KycLevel } from '@/lib/kyc-required';

/**
 * The forced-KYC dialog (SPEC §2, §6): the action the user tried needs a KYC level they lack, level
 * one to invest, level two to withdraw. It says which and why, what the user's track asks for (a
 * foreign investor: passport number and image, and a video), whether a submission is already under
 * review, and leads to `/profile/kyc`.
 */
export default function KycRequiredDialog({
  level,
  open,
  onClose,
}: {
  level: KycLevel;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('kyc');
  const navigate = useNavigate();
  const kyc = useQuery({ ...kycQueryOptions(), enabled: open });
  const titleId = useId();
  const textId = useId();
  const track = kyc.data?.track ?? null;
  const pending = kyc.data?.latest?.status === 'pending';
  const needs = track === 'foreign' ? 'required.needs.foreign' : `required.needs.iranian.level${level}`;

  const go = () => {
    onClose();
    void navigate(paths.profileKyc.getHref());
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId} fullWidth maxWidth="xs">
      <Box sx={{ display: 'flex', justifyContent: 'center', pt: 3 }}>
        <VerifiedUserOutlined color="primary" aria-hidden="true" sx={{ fontSize: 48 }} />
      </Box>
      <DialogTitle id={titleId} sx={{ textAlign: 'center' }}>
        {t(`required.title.level${level}`)}
      </DialogTitle>
      <DialogContent id={textId} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <DialogContentText>{t(`required.why.level${level}`)}</DialogContentText>
        <DialogContentText>{t(needs)}</DialogContentText>
        {track === null && kyc.isSuccess ? (
          <DialogContentText>{t('required.needs.foreignHint')}</DialogContentText>
        ) : null}
        {pending ? <DialogContentText sx={{ color: 'warning.main' }}>{t('required.pending')}</DialogContentText> : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose}>
          {t('required.later')}
        </Button>
        <Button variant="contained" onClick={go} autoFocus>
          {t('required.go')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
