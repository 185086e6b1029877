import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
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
import { DialogButtons } from './dialog-buttons';
import { SelectField } from './select-field';

type RejectForm<R extends string> = { reason: R | ''; comment: string };
type RejectBody<R extends string> = { reason: R; comment?: string | undefined };

/** A decision on a pending item: approve, or reject with a reason (and an optional internal comment). */
export type Decision<R extends string> = MoneyDecision<R>;

export interface DecisionTexts {
  /** The translation key prefix of the buttons, titles and fields (`kyc.decision`, `money.decision`). */
  labelsKey: 'kyc.decision' | 'money.decision';
  /** What approving does, in the approve dialog. */
  approveText: ReactNode;
  /** The translation key prefix of the item's reject reasons (`withdrawals.reasons`). */
  reasonsKey: string;
  /** The notices after a decision (full keys). */
  approvedNotice: string;
  rejectedNotice: string;
}

/**
 * Approve (after a confirmation) or reject (with a reason the investor reads and an optional internal
 * comment) a pending item of the console. The reject form is the endpoint's own body schema. When
 * another operator decided first (the error `alreadyReviewedCode`) the dialog closes and
 * `onAlreadyReviewed` says so; the mutation has already refreshed the page.
 */
export function DecisionButtons<R extends string>({
  idPrefix,
  reasons,
  rejectSchema,
  decide,
  alreadyReviewedCode,
  texts,
  onDecided,
  onAlreadyReviewed,
}: {
  idPrefix: string;
  reasons: readonly R[];
  /** The endpoint's body schema (its input and output have the same shape). */
  rejectSchema: z.ZodType<RejectBody<R>, RejectBody<R>>;
  decide: UseMutationResult<unknown, Error, Decision<R>>;
  alreadyReviewedCode: string;
  texts: DecisionTexts;
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
  const label = (key: string) => t(`${texts.labelsKey}.${key}`);

  const close = () => {
    if (decide.isPending) return;
    setDialog(null);
    form.reset();
    decide.reset();
  };
  const send = (decision: Decision<R>) => {
    if (decide.isPending) return;
    decide.mutate(decision, {
      onSuccess: () => {
        setDialog(null);
        form.reset();
        notices.success(decision.approve ? texts.approvedNotice : texts.rejectedNotice);
        onDecided();
      },
      onError: (e) => {
        if (isApiError(e) && e.code === alreadyReviewedCode) {
          setDialog(null);
          form.reset();
          onAlreadyReviewed();
        }
      },
    });
  };
  const onReject = form.handleSubmit((v) => send({ approve: false, reason: v.reason, comment: v.comment }));
  const failure = decide.error && !(isApiError(decide.error) && decide.error.code === alreadyReviewedCode);

  return (
    <>
      <Button
        variant="contained"
        color="success"
        startIcon={<CheckCircleOutline />}
        onClick={() => setDialog('approve')}
      >
        {label('approve')}
      </Button>
      <Button variant="outlined" color="error" startIcon={<HighlightOff />} onClick={() => setDialog('reject')}>
        {label('reject')}
      </Button>

      <Dialog
        open={dialog === 'approve'}
        onClose={close}
        aria-labelledby={approveTitleId}
        aria-describedby={approveTextId}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id={approveTitleId}>{label('approveTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText id={approveTextId}>{texts.approveText}</DialogContentText>
          {failure ? <FormError message={errorMessage(decide.error)} /> : null}
        </DialogContent>
        <DialogButtons
          onCancel={close}
          pending={decide.isPending}
          confirm={label('approveConfirm')}
          color="success"
          onConfirm={() => send({ approve: true })}
        />
      </Dialog>

      <Dialog open={dialog === 'reject'} onClose={close} aria-labelledby={rejectTitleId} fullWidth maxWidth="sm">
        <Stack component="form" noValidate onSubmit={onReject}>
          <DialogTitle id={rejectTitleId}>{label('rejectTitle')}</DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
            <SelectField<RejectForm<R>, RejectBody<R>>
              name="reason"
              control={form.control}
              id={`${idPrefix}-reject-reason`}
              label={label('reason')}
              hint={label('reasonHint')}
              disabled={decide.isPending}
              options={reasons.map((reason) => ({ value: reason, label: t(`${texts.reasonsKey}.${reason}`) }))}
            />
            <Controller
              name="comment"
              control={form.control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  id={`${idPrefix}-reject-comment`}
                  label={label('comment')}
                  multiline
                  minRows={2}
                  disabled={decide.isPending}
                  error={Boolean(fieldState.error)}
                  helperText={
                    fieldState.error
                      ? t(`translation:validation.${fieldState.error.message ?? 'max'}`)
                      : label('commentHint')
                  }
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                />
              )}
            />
            {failure ? <FormError message={errorMessage(decide.error)} /> : null}
          </DialogContent>
          <DialogButtons onCancel={close} pending={decide.isPending} confirm={label('rejectConfirm')} color="error" />
        </Stack>
      </Dialog>
    </>
  );
}
