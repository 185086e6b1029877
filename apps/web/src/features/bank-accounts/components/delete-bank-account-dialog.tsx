import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankAccount } from '@portal/contract/bank/bank-accounts';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { useErrorMessage } from '@/lib/error-message';
import { useDeleteBankAccount } from '../api/delete-bank-account';
import { groupedCardMask } from '../numbers';
import { MaskedNumber } from './bank-account-list';
import { useBankName } from './bank-name';

/**
 * Deleting an account, after the user confirms which one (SPEC §2 "delete with confirmation"). The
 * account stays shown while the dialog closes.
 */
export function DeleteBankAccountDialog({
  account,
  open,
  onClose,
}: {
  account: BankAccount | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('bank');
  const titleId = useId();
  const textId = useId();
  const bankName = useBankName();
  const notices = useNotify();
  const errorMessage = useErrorMessage();
  const remove = useDeleteBankAccount();
  const { reset } = remove;

  // Each confirmation starts without the last one's error.
  useEffect(() => {
    if (open) reset();
  }, [open, account, reset]);

  const confirm = () => {
    if (!account || !open || remove.isPending) return;
    remove.mutate(account.id, {
      onSuccess: () => {
        onClose();
        notices.success('bank:delete.done');
      },
    });
  };

  return (
    <Dialog
      open={open && account !== null}
      onClose={remove.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{t('delete.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {account ? (
          <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
            <Typography sx={{ fontWeight: 700 }}>{bankName(account.bank)}</Typography>
            {account.cardNumberMasked ? (
              <Typography variant="body2">
                <MaskedNumber value={groupedCardMask(account.cardNumberMasked)} />
              </Typography>
            ) : null}
            {account.shebaMasked ? (
              <Typography variant="body2">
                <MaskedNumber value={account.shebaMasked} />
              </Typography>
            ) : null}
          </Box>
        ) : null}
        <DialogContentText id={textId}>{t('delete.text')}</DialogContentText>
        {remove.error ? <FormError message={errorMessage(remove.error)} /> : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={remove.isPending}>
          {t('translation:common.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={confirm} loading={remove.isPending}>
          {t('delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
