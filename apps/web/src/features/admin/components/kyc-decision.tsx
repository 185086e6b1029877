import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { rejectKyc } from '@portal/contract/admin/admin';
import { KYC_REJECT_REASONS, type KycRejectReason } from '@portal/contract/kyc/kyc';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { useDecideKyc, type KycDecision } from '../api/mutations';
import { declared } from '../schemas';

const rejectSchema = declared(rejectKyc.body);
type RejectForm = { reason: KycRejectReason | ''; comment: string };
type RejectBody = { reason: KycRejectReason; comment?: string | undefined };
/** The form starts with no reason chosen (`''`), which the contract's schema refuses (`select`). */
const rejectResolver = zodResolver(rejectSchema) as Resolver<RejectForm, unknown, RejectBody>;

/**
 * Approve or reject a pending submission (`kyc.review`). A decision goes back to the queue with a
 * notice; when another operator decided first (`KYC_ALREADY_REVIEWED`) the page is read again and
 * `onAlreadyReviewed` says so.
 */
export function KycDecisionButtons({
  submissionId,
  onAlreadyReviewed,
}: {
  submissionId: string;
  onAlreadyReviewed: () => void;
}) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const notices = useNotify();
  const errorMessage = useErrorMessage();
  const decide = useDecideKyc(submissionId);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const approveTitleId = useId();
  const approveTextId = useId();
  const rejectTitleId = useId();
  const form = useForm<RejectForm, unknown, RejectBody>({
    resolver: rejectResolver,
    defaultValues: { reason: '', comment: '' },
    mode: 'all',
  });

  const close = () => {
    if (decide.isPending) return;
    setDialog(null);
    form.reset();
    decide.reset();
  };
  const send = (decision: KycDecision) => {
    if (decide.isPending) return;
    decide.mutate(decision, {
      onSuccess: () => {
        setDialog(null);
        notices.success(decision.approve ? 'admin:kyc.decision.approved' : 'admin:kyc.decision.rejected');
        void navigate(paths.adminKyc.getHref());
      },
      onError: (e) => {
        if (isApiError(e) && e.code === 'KYC_ALREADY_REVIEWED') {
          setDialog(null);
          form.reset();
          onAlreadyReviewed();
        }
      },
    });
  };
  const onReject = form.handleSubmit((v) => send({ approve: false, reason: v.reason, comment: v.comment }));
  const failure = decide.error && !(isApiError(decide.error) && decide.error.code === 'KYC_ALREADY_REVIEWED');

  return (
    <>
      <Button
        variant="contained"
        color="success"
        startIcon={<CheckCircleOutline />}
        onClick={() => setDialog('approve')}
      >
        {t('kyc.decision.approve')}
      </Button>
      <Button variant="outlined" color="error" startIcon={<HighlightOff />} onClick={() => setDialog('reject')}>
        {t('kyc.decision.reject')}
      </Button>

      <Dialog
        open={dialog === 'approve'}
        onClose={close}
        aria-labelledby={approveTitleId}
        aria-describedby={approveTextId}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id={approveTitleId}>{t('kyc.decision.approveTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText id={approveTextId}>{t('kyc.decision.approveText')}</DialogContentText>
          {failure ? <FormError message={errorMessage(decide.error)} /> : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} color="inherit" disabled={decide.isPending}>
            {t('translation:common.cancel')}
          </Button>
          <Button
            variant="contained"
            color="success"
            loading={decide.isPending}
            onClick={() => send({ approve: true })}
          >
            {t('kyc.decision.approveConfirm')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={dialog === 'reject'} onClose={close} aria-labelledby={rejectTitleId} fullWidth maxWidth="sm">
        <Stack component="form" noValidate onSubmit={onReject}>
          <DialogTitle id={rejectTitleId}>{t('kyc.decision.rejectTitle')}</DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
            <Controller
              name="reason"
              control={form.control}
              render={({ field, fieldState, formState }) => {
                const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
                return (
                  <TextField
                    {...field}
                    select
                    id="admin-kyc-reject-reason"
                    label={t('kyc.decision.reason')}
                    required
                    disabled={decide.isPending}
                    error={show}
                    helperText={show ? t('translation:validation.select') : t('kyc.decision.reasonHint')}
                  >
                    {KYC_REJECT_REASONS.map((reason) => (
                      <MenuItem key={reason} value={reason}>
                        {t(`kyc.reasons.${reason}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                );
              }}
            />
            <Controller
              name="comment"
              control={form.control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  id="admin-kyc-reject-comment"
                  label={t('kyc.decision.comment')}
                  multiline
                  minRows={2}
                  disabled={decide.isPending}
                  error={Boolean(fieldState.error)}
                  helperText={
                    fieldState.error
                      ? t(`translation:validation.${fieldState.error.message ?? 'max'}`)
                      : t('kyc.decision.commentHint')
                  }
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                />
              )}
            />
            {failure ? <FormError message={errorMessage(decide.error)} /> : null}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close} color="inherit" disabled={decide.isPending}>
              {t('translation:common.cancel')}
            </Button>
            <Button type="submit" variant="contained" color="error" loading={decide.isPending}>
              {t('kyc.decision.rejectConfirm')}
            </Button>
          </DialogActions>
        </Stack>
      </Dialog>
    </>
  );
}
