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
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import type { MoneyDecision } from '../api/mutations';

type RejectForm<R extends string> = { reason: R | ''; comment: string };
type RejectBody<R extends string> = { reason: R; comment?: string | undefined };

export interface MoneyDecisionTexts {
  /** What approving does, in the approve dialog. */
  approveText: ReactNode;
  /** The translation key prefix of the request's reject reasons (`withdrawals.reasons`). */
  reasonsKey: string;
  /** The notices after a decision (full keys). */
  approvedNotice: string;
  rejectedNotice: string;
}

/**
 * Approve (after a confirmation) or reject (with a reason the investor reads and an optional internal
 * comment) a pending withdrawal or offline deposit (`money.review`). The reject form is the
 * endpoint's own body schema. When another operator decided first (`REQUEST_ALREADY_REVIEWED`) the
 * dialog closes and `onAlreadyReviewed` says so; the mutation has already refreshed the page.
 */
export function MoneyDecisionButtons<R extends string>({
  idPrefix,
  reasons,
  rejectSchema,
  decide,
  texts,
  onDecided,
  onAlreadyReviewed,
}: {
  idPrefix: string;
  reasons: readonly R[];
  /** The endpoint's body schema (its input and output have the same shape). */
  rejectSchema: z.ZodType<RejectBody<R>, RejectBody<R>>;
  decide: UseMutationResult<unknown, Error, MoneyDecision<R>>;
  texts: MoneyDecisionTexts;
  onDecided: () => void;
  onAlreadyReviewed: () => void;
}) {
  const { t } = useTranslation('admin');
  const notices = useNotify();
  const errorMessage = useErrorMessage();
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const approveTitleId = useId();
  const approveTextId = useId();
  const rejectTitleId = useId();
  const form = useForm<RejectForm<R>, unknown, RejectBody<R>>({
    // The form starts with no reason chosen (`''`), which the contract's schema refuses (`select`).
    resolver: zodResolver(rejectSchema) as Resolver<RejectForm<R>, unknown, RejectBody<R>>,
    defaultValues: { reason: '', comment: '' } as RejectForm<R>,
    mode: 'all',
  });

  const close = () => {
    if (decide.isPending) return;
    setDialog(null);
    form.reset();
    decide.reset();
  };
  const send = (decision: MoneyDecision<R>) => {
    if (decide.isPending) return;
    decide.mutate(decision, {
      onSuccess: () => {
        setDialog(null);
        form.reset();
        notices.success(decision.approve ? texts.approvedNotice : texts.rejectedNotice);
        onDecided();
      },
      onError: (e) => {
        if (isApiError(e) && e.code === 'REQUEST_ALREADY_REVIEWED') {
          setDialog(null);
          form.reset();
          onAlreadyReviewed();
        }
      },
    });
  };
  const onReject = form.handleSubmit((v) => send({ approve: false, reason: v.reason, comment: v.comment }));
  const failure = decide.error && !(isApiError(decide.error) && decide.error.code === 'REQUEST_ALREADY_REVIEWED');

  return (
    <>
      <Button
        variant="contained"
        color="success"
        startIcon={<CheckCircleOutline />}
        onClick={() => setDialog('approve')}
      >
        {t('money.decision.approve')}
      </Button>
      <Button variant="outlined" color="error" startIcon={<HighlightOff />} onClick={() => setDialog('reject')}>
        {t('money.decision.reject')}
      </Button>

      <Dialog
        open={dialog === 'approve'}
        onClose={close}
        aria-labelledby={approveTitleId}
        aria-describedby={approveTextId}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id={approveTitleId}>{t('money.decision.approveTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText id={approveTextId}>{texts.approveText}</DialogContentText>
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
            {t('money.decision.approveConfirm')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={dialog === 'reject'} onClose={close} aria-labelledby={rejectTitleId} fullWidth maxWidth="sm">
        <Stack component="form" noValidate onSubmit={onReject}>
          <DialogTitle id={rejectTitleId}>{t('money.decision.rejectTitle')}</DialogTitle>
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
                    id={`${idPrefix}-reject-reason`}
                    label={t('money.decision.reason')}
                    required
                    disabled={decide.isPending}
                    error={show}
                    helperText={show ? t('translation:validation.select') : t('money.decision.reasonHint')}
                  >
                    {reasons.map((reason) => (
                      <MenuItem key={reason} value={reason}>
                        {t(`${texts.reasonsKey}.${reason}`)}
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
                  id={`${idPrefix}-reject-comment`}
                  label={t('money.decision.comment')}
                  multiline
                  minRows={2}
                  disabled={decide.isPending}
                  error={Boolean(fieldState.error)}
                  helperText={
                    fieldState.error
                      ? t(`translation:validation.${fieldState.error.message ?? 'max'}`)
                      : t('money.decision.commentHint')
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
              {t('money.decision.rejectConfirm')}
            </Button>
          </DialogActions>
        </Stack>
      </Dialog>
    </>
  );
}
