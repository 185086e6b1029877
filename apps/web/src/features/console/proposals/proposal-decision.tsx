import HighlightOff from '@mui/icons-material/HighlightOff';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { adminRejectProposal, type Proposal } from '@portal/contract/admin/proposals';
import { FormError } from '@/components/form/form-error';
import { useFormat } from '@/hooks/use-format';
import { useNotify } from '@/components/notices/notices';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { useDecideProposal, type ProposalDecision } from './api';
import { declared } from '../shell/schemas';
import { ApproveButton, ApproveDialog } from '../shell/decision-dialog';
import { DialogButtons } from '../shell/dialog-buttons';
import { useLocalized } from '../shell/localized';
import { useProposalSubject } from '../shell/four-eyes/proposal-labels';

const rejectSchema = declared(adminRejectProposal.body);
/** The contract's shortest reason (its `min` rule), for the hint. */
const REASON_MIN = rejectSchema.shape.reason.minLength ?? 10;
type RejectForm = { reason: string };

/**
 * Approve (after a confirmation that says what takes effect) or reject (with a reason of at least ten
 * characters) a pending proposal; the proposer's own "reject" withdraws it. The server's refusal of an
 * approval (`SAME_OPERATOR`, `FUND_HOLDER_OPERATOR`, `PROPOSAL_NEEDS_ADMIN`, a NAV published meanwhile…)
 * shows translated in the dialog; when another operator decided first the dialog closes and
 * `onAlreadyReviewed` says so. Either way the proposal is read again.
 */
export function ProposalDecisionButtons({
  proposal,
  own,
  approveBlockedBy,
  onAlreadyReviewed,
}: {
  proposal: Proposal;
  /** The viewer proposed it: rejecting is withdrawing. */
  own: boolean;
  /** The id of the text saying why the viewer may not approve (their own, a holder, needs an admin). */
  approveBlockedBy: string | undefined;
  onAlreadyReviewed: () => void;
}) {
  const { t } = useTranslation('admin');
  const notices = useNotify();
  const errorMessage = useErrorMessage();
  const fmt = useFormat();
  const subject = useProposalSubject();
  const localized = useLocalized();
  const decide = useDecideProposal(proposal.id);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const rejectTitleId = useId();
  const rejectTextId = useId();
  const form = useForm<RejectForm>({ resolver: zodResolver(rejectSchema), defaultValues: { reason: '' }, mode: 'all' });

  const close = () => {
    if (decide.isPending) return;
    setDialog(null);
    form.reset();
    decide.reset();
  };
  const send = (decision: ProposalDecision) => {
    if (decide.isPending) return;
    decide.mutate(decision, {
      onSuccess: () => {
        setDialog(null);
        form.reset();
        notices.success(
          decision.approve
            ? 'admin:proposals.decision.approved'
            : own
              ? 'admin:proposals.decision.withdrawn'
              : 'admin:proposals.decision.rejected',
        );
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
  const onReject = form.handleSubmit((v) => send({ approve: false, reason: v.reason }));
  const failure =
    decide.error && !(isApiError(decide.error) && decide.error.code === 'REQUEST_ALREADY_REVIEWED')
      ? errorMessage(decide.error)
      : null;
  const rejectKey = own ? 'withdraw' : 'reject';

  return (
    <>
      <ApproveButton
        label={t('proposals.decision.approve')}
        onClick={() => setDialog('approve')}
        blockedBy={approveBlockedBy}
      />
      <Button variant="outlined" color="error" startIcon={<HighlightOff />} onClick={() => setDialog('reject')}>
        {t(`proposals.decision.${rejectKey}`)}
      </Button>

      <ApproveDialog
        open={dialog === 'approve'}
        onClose={close}
        title={t('proposals.decision.approveTitle')}
        text={t(`proposals.decision.approveText.${proposal.kind}`, {
          subject: subject(proposal),
          fund: proposal.fund ? localized(proposal.fund.name) : '',
        })}
        error={failure}
        pending={decide.isPending}
        confirm={t('proposals.decision.approveConfirm')}
        onConfirm={() => send({ approve: true })}
      />

      <Dialog
        open={dialog === 'reject'}
        onClose={close}
        aria-labelledby={rejectTitleId}
        aria-describedby={rejectTextId}
        fullWidth
        maxWidth="sm"
      >
        <Stack component="form" noValidate onSubmit={onReject}>
          <DialogTitle id={rejectTitleId}>{t(`proposals.decision.${rejectKey}Title`)}</DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
            <DialogContentText id={rejectTextId}>{t(`proposals.decision.${rejectKey}Text`)}</DialogContentText>
            <Controller
              name="reason"
              control={form.control}
              render={({ field, fieldState, formState }) => {
                const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
                return (
                  <TextField
                    {...field}
                    id="admin-proposal-reject-reason"
                    label={t('proposals.decision.reason')}
                    required
                    multiline
                    minRows={2}
                    disabled={decide.isPending}
                    error={show}
                    helperText={
                      !show
                        ? t('proposals.decision.reasonHint', { min: fmt.number(REASON_MIN) })
                        : fieldState.error?.message === 'min'
                          ? t('proposals.decision.reasonMin', { min: fmt.number(REASON_MIN) })
                          : t(`translation:validation.${fieldState.error?.message ?? 'max'}`)
                    }
                    slotProps={{ htmlInput: { maxLength: 1000 } }}
                  />
                );
              }}
            />
            {failure ? <FormError message={failure} /> : null}
          </DialogContent>
          <DialogButtons
            onCancel={close}
            pending={decide.isPending}
            confirm={t(`proposals.decision.${rejectKey}Confirm`)}
            color="error"
          />
        </Stack>
      </Dialog>
    </>
  );
}
