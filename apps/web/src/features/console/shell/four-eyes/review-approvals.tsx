import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ReviewApproval } from '@portal/contract/admin/review';
import { useFormat } from '@/hooks/use-format';
import { displayMobile } from '@/lib/format';
import { useOperator } from '../operator';
import { personName } from '../schemas';
import { Detail } from '../console-page';

/** What a reviewed request says of its approvals (admin/review.ts). */
export interface Reviewed {
  state: string;
  approvalsNeeded: number;
  firstApproval: ReviewApproval | null;
}

/**
 * Where a request stands with its approvers (issue 15): whether it needs two, whether the first is given,
 * and whether the operator looking is the one who gave it (they may not give the second).
 */
export function useReviewState(r: Reviewed) {
  const { id } = useOperator();
  const pending = r.state === 'Pending';
  const first = pending ? r.firstApproval : null;
  return {
    needsTwo: r.approvalsNeeded > 1,
    first,
    /** The viewer gave the first approval: their Approve is off. */
    mineFirst: first !== null && first.operatorId === id,
  };
}

/** An operator by name, else by number. */
export function usePersonLabel(): (o: { firstName: string | null; lastName: string | null; mobile: string }) => string {
  const { lng } = useFormat();
  return (o) => personName(o.firstName, o.lastName) ?? displayMobile(o.mobile, lng);
}

/** The approvals lines of a request's summary: how many it needs, and the first one when given. */
export function ApprovalsDetails({ r }: { r: Reviewed }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const nameOf = usePersonLabel();
  const { needsTwo, first } = useReviewState(r);
  return (
    <>
      <Detail label={t('money.approvals.needed')}>
        {needsTwo ? t('money.approvals.two') : t('money.approvals.one')}
      </Detail>
      {first ? (
        <Detail label={t('money.approvals.first')}>
          <Typography component="span" sx={{ fontWeight: 600 }} dir="auto">
            {nameOf(first)}
          </Typography>
          <Typography component="span" color="text.secondary">
            {fmt.date(first.at, 'dateTime')}
          </Typography>
          <Chip size="small" variant="outlined" color="warning" label={t('money.approvals.waitingSecond')} />
        </Detail>
      ) : null}
    </>
  );
}

/**
 * Above a pending request that has its first approval: who gave it and when, waiting for a second
 * operator; said to its giver as why their Approve is off (`id` describes the button).
 */
export function FirstApprovalAlert({ id, r }: { id: string; r: Reviewed }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const nameOf = usePersonLabel();
  const { first, mineFirst } = useReviewState(r);
  if (!first) return null;
  const values = { name: nameOf(first), at: fmt.date(first.at, 'dateTime') };
  return (
    <Alert id={id} severity={mineFirst ? 'info' : 'warning'} role="status">
      {mineFirst ? t('money.approvals.youFirst', values) : t('money.approvals.othersFirst', values)}
    </Alert>
  );
}

/** A queue's mark of a request needing two approvers: how many of the two it has. */
export function ApprovalsChip({ r }: { r: Reviewed }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  if (r.approvalsNeeded < 2 || r.state !== 'Pending') return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={r.firstApproval ? 'warning' : 'default'}
      label={t('money.approvals.progress', {
        given: fmt.number(r.firstApproval ? 1 : 0),
        needed: fmt.number(r.approvalsNeeded),
      })}
    />
  );
}
