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
import { DialogButtons } from './dialog-buttons';
import { SelectField } from './select-field';

type RejectForm<R extends string> = { reason: R | ''; comment: string };
type RejectBody<R extends string> = { reason: R; comment?: string | undefined };

/** A decision on a pending item: approve, or reject with a reason (and an optional internal comment). */
export type Decision<R extends string> =
  { approve: true } | { approve: false; reason: R; comment?: string | undefined };

export interface DecisionTexts<T = unknown> {
  /** The translation key prefix of the buttons, titles and fields (`kyc.decision`, `money.decision`). */
  labelsKey: 'kyc.decision' | 'money.decision';
  /** What approving does, in the approve dialog. */
  approveText: ReactNode;
  /** The translation key prefix of the item's reject reasons (`withdrawals.reasons`). */
  reasonsKey: string;
  /**
   * The notices after a decision (full keys). The approval's may depend on the answer: a first approval
   * of a request that needs two says it waits for the second (issue 15).
   */
  approvedNotice: string | ((result: T) => string);
  rejectedNotice: string;
}

/**
 * The confirmation before an approval: what approving does, the server's refusal (translated) when
 * there is one, cancel and confirm. Shared by every desk that approves (requests, KYC, proposals).
 */
export function ApproveDialog({
  open,
  onClose,
  title,
  text,
  error,
  pending,
  confirm,
  onConfirm,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  text: ReactNode;
  /** The refusal to show, already in the operator's words. */
  error: string | null;
  pending: boolean;
  confirm: string;
  onConfirm: () => void;
  /** More of what approving does, under the text (a proposal's effect in brief). */
  children?: ReactNode;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText id={textId}>{text}</DialogContentText>
        {children}
        {error ? <FormError message={error} /> : null}
      </DialogContent>
      <DialogButtons onCancel={onClose} pending={pending} confirm={confirm} color="success" onConfirm={onConfirm} />
    </Dialog>
  );
}

/** The approve button: off, with the reason beside it (`describedBy`), when this operator may not approve. */
export function ApproveButton({
  label,
  onClick,
  blockedBy,
}: {
  label: string;
  onClick: () => void;
  /** The id of the text that says why this operator may not approve (the button is then off). */
  blockedBy?: string | undefined;
}) {
  return (
    <Button
      variant="contained"
      color="success"
      startIcon={<CheckCircleOutline />}
      onClick={onClick}
      disabled={blockedBy !== undefined}
      aria-describedby={blockedBy}
    >
      {label}
    </Button>
  );
}

/**
 * Approve (after a confirmation) or reject (with a reason the investor reads and an optional internal
 * comment) a pending item of the console. The reject form is the endpoint's own body schema. When
 * another operator decided first (the error `alreadyReviewedCode`) the dialog closes and
 * `onAlreadyReviewed` says so; the mutation has already refreshed the page.
 */
export function DecisionButtons<R extends string, T = unknown>({
  idPrefix,
  reasons,
  rejectSchema,
  decide,
  alreadyReviewedCode,
  texts,
  approveBlockedBy,
  onDecided,
  onAlreadyReviewed,
}: {
  idPrefix: string;
  reasons: readonly R[];
  /** The endpoint's body schema (its input and output have the same shape). */
  rejectSchema: z.ZodType<RejectBody<R>, RejectBody<R>>;
  decide: UseMutationResult<T, Error, Decision<R>>;
  alreadyReviewedCode: string;
  texts: DecisionTexts<T>;
  /**
   * The id of the text that says why this operator may not approve (they gave the first approval, or it is
   * their own): Approve is then off and described by it; Reject stays.
   */
  approveBlockedBy?: string | undefined;
  onDecided: (result: T, decision: Decision<R>) => void;
  onAlreadyReviewed: () => void;
}) {
  const { t } = useTranslation('admin');
  const notices = useNotify();
  const errorMessage = useErrorMessage();
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
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
      onSuccess: (result) => {
        setDialog(null);
        form.reset();
        const approved = typeof texts.approvedNotice === 'string' ? texts.approvedNotice : texts.approvedNotice(result);
        notices.success(decision.approve ? approved : texts.rejectedNotice);
        onDecided(result, decision);
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
      <ApproveButton label={label('approve')} onClick={() => setDialog('approve')} blockedBy={approveBlockedBy} />
      <Button variant="outlined" color="error" startIcon={<HighlightOff />} onClick={() => setDialog('reject')}>
        {label('reject')}
      </Button>

      <ApproveDialog
        open={dialog === 'approve'}
        onClose={close}
        title={label('approveTitle')}
        text={texts.approveText}
        error={failure ? errorMessage(decide.error) : null}
        pending={decide.isPending}
        confirm={label('approveConfirm')}
        onConfirm={() => send({ approve: true })}
      />

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
