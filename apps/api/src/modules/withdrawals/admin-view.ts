import type { AdminWithdrawal } from '@portal/contract/admin/money';
import type { DbOrTx } from '../../db/client';
import { firstApproversOf, reviewFieldsOf, type FirstApprovers, type ReviewPolicy } from '../../lib/review';
import type { WithdrawalRow } from './withdrawals.repository';
import { toWithdrawalView } from './withdrawals.service';

type Owner = { mobile: string; firstName: string | null; lastName: string | null };

/**
 * What an operator sees of a withdrawal: the user's view, the server's status, the full sheba, who asked,
 * and its review (how many approvals it needs, the first one while it waits for the second).
 */
export function toAdminWithdrawal(
  w: WithdrawalRow,
  owner: Owner,
  review: { policy: ReviewPolicy; approvers: FirstApprovers },
): AdminWithdrawal {
  return {
    ...toWithdrawalView(w),
    state: w.status,
    sheba: w.sheba,
    ...reviewFieldsOf({ ...w, pending: w.status === 'Pending' }, review.approvers, review.policy),
    user: { id: w.userId, mobile: owner.mobile, firstName: owner.firstName, lastName: owner.lastName },
  };
}

/** Withdrawals as operators see them, their first approvers read at once. */
export async function toAdminWithdrawals<R extends { w: WithdrawalRow } & Owner>(
  db: DbOrTx,
  rows: readonly R[],
  policy: ReviewPolicy,
): Promise<AdminWithdrawal[]> {
  const approvers = await firstApproversOf(
    db,
    rows.map((r) => r.w.firstApprovedBy),
  );
  return rows.map((r) => toAdminWithdrawal(r.w, r, { policy, approvers }));
}
