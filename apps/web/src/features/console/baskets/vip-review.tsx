import HighlightOff from '@mui/icons-material/HighlightOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  addBasketVipNoteBody,
  declineBasketVipBody,
  type AdminBasketOrder,
  type AdminBasketOrderRow,
} from '@portal/contract/admin/baskets';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { isApiError } from '@/lib/api-error';
import { Detail, Details, Panel } from '../shell/console-page';
import { ApproveButton, ApproveDialog } from '../shell/decision-dialog';
import { DialogButtons } from '../shell/dialog-buttons';
import {
  ApprovalsDetails,
  FirstApprovalAlert,
  usePersonLabel,
  useReviewState,
  type Reviewed,
} from '../shell/four-eyes/review-approvals';
import { useCan, useOperator } from '../shell/operator';
import { useAddVipNote, useDecideVip, type VipDecision } from './api';
import { useBasketErrorMessage, useBasketFormat } from './basket-labels';

/** A VIP request as the shell's review helpers read it: waiting (`PendingVip`) is their `Pending`. */
export function reviewedOf(o: AdminBasketOrderRow): Reviewed {
  return {
    state: o.status === 'PendingVip' ? 'Pending' : o.status,
    approvalsNeeded: o.approvalsNeeded,
    firstApproval: o.firstApproval,
  };
}

const DECLINE_MIN = declineBasketVipBody.shape.reason.minLength ?? 5;
const NOTE_MIN = addBasketVipNoteBody.shape.text.minLength ?? 2;

/** The text of a field's rule (`min` with its bound, else the app's validation sentence). */
function useTextRule(): (rule: string | undefined, min: number) => string {
  const { t } = useTranslation('basketDesk');
  const bf = useBasketFormat();
  return (rule, min) =>
    rule === 'min' ? t('rules.textMin', { min: bf.number(min) }) : t(`translation:validation.${rule ?? 'required'}`);
}

/**
 * Accept (after a confirmation: the investor may then pay it; above the configured amount the first of two
 * approvals) or decline (with a reason the investor reads) a waiting VIP request. The server's refusals
 * (`SAME_OPERATOR`, `OPERATOR_OWN_ACCOUNT`…) show translated in the dialog; when another operator decided
 * first, the dialog closes and `onAlreadyReviewed` says so.
 */
export function VipDecisionButtons({
  order,
  approveBlockedBy,
  onAlreadyReviewed,
}: {
  order: AdminBasketOrderRow;
  approveBlockedBy: string | undefined;
  onAlreadyReviewed: () => void;
}) {
  const { t } = useTranslation('basketDesk');
  const notices = useNotify();
  const bf = useBasketFormat();
  const errorMessage = useBasketErrorMessage();
  const ruleText = useTextRule();
  const review = useReviewState(reviewedOf(order));
  const decide = useDecideVip(order.id, order.user.id);
  const [dialog, setDialog] = useState<'accept' | 'decline' | null>(null);
  const declineTitleId = useId();
  const declineTextId = useId();
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(declineBasketVipBody),
    defaultValues: { reason: '' },
    mode: 'all',
  });

  const close = () => {
    if (decide.isPending) return;
    setDialog(null);
    form.reset();
    decide.reset();
  };
  const send = (decision: VipDecision) => {
    if (decide.isPending) return;
    decide.mutate(decision, {
      onSuccess: (row) => {
        setDialog(null);
        form.reset();
        notices.success(
          !decision.accept
            ? 'basketDesk:vip.decision.declined'
            : row.status === 'PendingVip'
              ? 'basketDesk:vip.decision.firstRecorded'
              : 'basketDesk:vip.decision.accepted',
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
  const onDecline = form.handleSubmit((v) => send({ accept: false, reason: v.reason }));
  const failure =
    decide.error && !(isApiError(decide.error) && decide.error.code === 'REQUEST_ALREADY_REVIEWED')
      ? errorMessage(decide.error)
      : null;

  return (
    <>
      <ApproveButton
        label={t('vip.decision.accept')}
        onClick={() => setDialog('accept')}
        blockedBy={approveBlockedBy}
      />
      <Button variant="outlined" color="error" startIcon={<HighlightOff />} onClick={() => setDialog('decline')}>
        {t('vip.decision.decline')}
      </Button>

      <ApproveDialog
        open={dialog === 'accept'}
        onClose={close}
        title={t('vip.decision.acceptTitle')}
        text={
          review.needsTwo && !review.first
            ? t('vip.decision.acceptFirstText', { amount: bf.usdt(order.amount) })
            : t('vip.decision.acceptText', { amount: bf.usdt(order.amount) })
        }
        error={failure}
        pending={decide.isPending}
        confirm={t('vip.decision.acceptConfirm')}
        onConfirm={() => send({ accept: true })}
      />

      <Dialog
        open={dialog === 'decline'}
        onClose={close}
        aria-labelledby={declineTitleId}
        aria-describedby={declineTextId}
        fullWidth
        maxWidth="sm"
      >
        <Stack component="form" noValidate onSubmit={onDecline}>
          <DialogTitle id={declineTitleId}>{t('vip.decision.declineTitle')}</DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
            <DialogContentText id={declineTextId}>{t('vip.decision.declineText')}</DialogContentText>
            <Controller
              name="reason"
              control={form.control}
              render={({ field, fieldState, formState }) => {
                const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
                return (
                  <TextField
                    {...field}
                    id="basket-vip-decline-reason"
                    label={t('vip.decision.reason')}
                    required
                    multiline
                    minRows={2}
                    disabled={decide.isPending}
                    error={show}
                    helperText={
                      show
                        ? ruleText(fieldState.error?.message, DECLINE_MIN)
                        : t('vip.decision.reasonHint', { min: bf.number(DECLINE_MIN) })
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
            confirm={t('vip.decision.declineConfirm')}
            color="error"
          />
        </Stack>
      </Dialog>
    </>
  );
}

/**
 * The review of a VIP request: how many operators accepting it takes (one up to the configured amount, two
 * above it), the first approval while it waits for the second, and, once decided, who decided and when
 * (and the reason of a decline).
 */
export function VipReviewPanel({ o }: { o: AdminBasketOrder }) {
  const { t } = useTranslation('basketDesk');
  const bf = useBasketFormat();
  const nameOf = usePersonLabel();
  const r = reviewedOf(o);
  const decided = o.status !== 'PendingVip';
  return (
    <Panel id="basket-vip-review" title={t('vip.review.title')}>
      <Typography variant="body2" color="text.secondary">
        {t('vip.review.rule')}
      </Typography>
      <Details>
        <Detail label={t('vip.review.state')}>
          <span data-testid="basket-vip-state">
            {decided
              ? o.status === 'Cancelled'
                ? t('vip.review.declined')
                : t('vip.review.accepted')
              : t('vip.review.waiting')}
          </span>
        </Detail>
        <ApprovalsDetails r={r} />
        {decided && o.firstApproval ? (
          <Detail label={t('vip.review.firstBy')}>
            <span data-testid="basket-vip-first">
              {t('vip.review.byAt', { name: nameOf(o.firstApproval), at: bf.date(o.firstApproval.at, 'dateTime') })}
            </span>
          </Detail>
        ) : null}
        {o.decidedBy && o.decidedAt ? (
          <Detail label={o.status === 'Cancelled' ? t('vip.review.declinedBy') : t('vip.review.acceptedBy')}>
            <span data-testid="basket-vip-decided">
              {t('vip.review.byAt', { name: nameOf(o.decidedBy), at: bf.date(o.decidedAt, 'dateTime') })}
            </span>
          </Detail>
        ) : null}
        {o.declineReason ? (
          <Detail label={t('vip.review.declineReason')}>
            <span dir="auto">{o.declineReason}</span>
          </Detail>
        ) : null}
      </Details>
    </Panel>
  );
}

/** Above a waiting request: the first approval (and whose), or that it is the operator's own request. */
export function VipAlerts({
  o,
  firstApprovalId,
  ownId,
}: {
  o: AdminBasketOrder;
  firstApprovalId: string;
  ownId: string;
}) {
  const { t } = useTranslation('basketDesk');
  const { id } = useOperator();
  if (o.status !== 'PendingVip') return null;
  return (
    <>
      {o.user.id === id ? (
        <Alert id={ownId} severity="info" data-testid="basket-vip-own">
          {t('vip.review.own')}
        </Alert>
      ) : null}
      <FirstApprovalAlert id={firstApprovalId} r={reviewedOf(o)} />
    </>
  );
}

function AddNoteForm({ o }: { o: AdminBasketOrder }) {
  const { t } = useTranslation('basketDesk');
  const notices = useNotify();
  const bf = useBasketFormat();
  const errorMessage = useBasketErrorMessage();
  const ruleText = useTextRule();
  const add = useAddVipNote(o.id, o.user.id);
  const form = useForm<{ text: string }>({
    resolver: zodResolver(addBasketVipNoteBody),
    defaultValues: { text: '' },
    mode: 'onSubmit',
  });
  const onSubmit = form.handleSubmit((v) => {
    if (add.isPending) return;
    add.mutate(v.text, {
      onSuccess: () => {
        form.reset();
        notices.success('basketDesk:vip.notes.done');
      },
    });
  });
  return (
    <Stack component="form" noValidate spacing={1.5} onSubmit={onSubmit} aria-label={t('vip.notes.add')}>
      <Controller
        name="text"
        control={form.control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            id="basket-vip-note-text"
            label={t('vip.notes.label')}
            multiline
            minRows={2}
            disabled={add.isPending}
            error={Boolean(fieldState.error)}
            helperText={
              fieldState.error
                ? ruleText(fieldState.error.message, NOTE_MIN)
                : t('vip.notes.hint', { min: bf.number(NOTE_MIN) })
            }
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        )}
      />
      {add.error ? <FormError message={errorMessage(add.error)} /> : null}
      <Button type="submit" variant="outlined" loading={add.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('vip.notes.submit')}
      </Button>
    </Stack>
  );
}

/** The operators' contact notes on a VIP request, oldest first, and (`baskets.manage`) a form to add one. */
export function VipNotesPanel({ o }: { o: AdminBasketOrder }) {
  const { t } = useTranslation('basketDesk');
  const bf = useBasketFormat();
  const can = useCan();
  const nameOf = usePersonLabel();
  return (
    <Panel id="basket-vip-notes" title={t('vip.notes.title')}>
      {o.notes.length === 0 ? (
        <Typography color="text.secondary">{t('vip.notes.empty')}</Typography>
      ) : (
        <List disablePadding aria-label={t('vip.notes.title')} data-testid="basket-vip-notes">
          {o.notes.map((n) => (
            <ListItem key={n.id} divider disableGutters sx={{ display: 'block' }}>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
                {n.text}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
                <Typography variant="caption" color="text.secondary" dir="auto">
                  {nameOf(n.author)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {bf.date(n.createdAt, 'dateTime')}
                </Typography>
              </Box>
            </ListItem>
          ))}
        </List>
      )}
      {can('baskets.manage') ? <AddNoteForm o={o} /> : null}
    </Panel>
  );
}
