/**
 * Reviews of users' money requests by one or two operators (issue 15, decision 028; contract
 * admin/review.ts): a withdrawal or offline deposit of more than the configured amount
 * (`REVIEW_SECOND_OPERATOR_ABOVE_IRT`) takes two different operators' approvals. The first is recorded on
 * the request (`first_approved_by`, `first_approved_at`) and leaves it pending; the second decides it.
 */
import type { ReviewApproval } from '@portal/contract/admin/review';
import type { DbOrTx } from '../db/client';
import { userSummaries } from '../modules/users/users.repository';
import { assertNotMaker } from './four-eyes';

/** The review policy the server was started with. */
export interface ReviewPolicy {
  /** Requests of more than this many toman need two approvals. */
  secondOperatorAbove: bigint;
}

/** How many approvals a request of `amount` toman needs. */
export const approvalsNeeded = (amount: bigint, policy: ReviewPolicy): 1 | 2 =>
  amount > policy.secondOperatorAbove ? 2 : 1;

/**
 * What an approval does to a request read under its row lock: `first` records the first of two approvals
 * and leaves it pending; `decide` decides it. The first approver approving again is `SAME_OPERATOR`.
 */
export function approvalStep(
  r: { amount: bigint; firstApprovedBy: string | null },
  operatorId: string,
  policy: ReviewPolicy,
): 'first' | 'decide' {
  if (approvalsNeeded(r.amount, policy) === 1) return 'decide';
  if (r.firstApprovedBy === null) return 'first';
  assertNotMaker(operatorId, r.firstApprovedBy);
  return 'decide';
}

/** A request as its review sees it. */
export interface Reviewable {
  amount: bigint;
  /** Still waiting for a decision. */
  pending: boolean;
  firstApprovedBy: string | null;
  firstApprovedAt: Date | null;
}

export type FirstApprovers = Map<string, Omit<ReviewApproval, 'operatorId' | 'at'>>;

/** The operators who gave these first approvals, by id. */
export async function firstApproversOf(db: DbOrTx, ids: readonly (string | null)[]): Promise<FirstApprovers> {
  const found = await userSummaries(db, ids);
  return new Map([...found].map(([id, { mobile, firstName, lastName }]) => [id, { mobile, firstName, lastName }]));
}

/** The first approval of a request while it waits for the second (null otherwise). */
export function firstApprovalOf(r: Omit<Reviewable, 'amount'>, approvers: FirstApprovers): ReviewApproval | null {
  if (!r.pending || !r.firstApprovedBy || !r.firstApprovedAt) return null;
  const who = approvers.get(r.firstApprovedBy);
  return {
    operatorId: r.firstApprovedBy,
    mobile: who?.mobile ?? '',
    firstName: who?.firstName ?? null,
    lastName: who?.lastName ?? null,
    at: r.firstApprovedAt.toISOString(),
  };
}

/** `approvalsNeeded` and `firstApproval` of a request in the console (the first approval while it waits). */
export function reviewFieldsOf(r: Reviewable, approvers: FirstApprovers, policy: ReviewPolicy) {
  return { approvalsNeeded: approvalsNeeded(r.amount, policy), firstApproval: firstApprovalOf(r, approvers) };
}

/** The review fields of one request (reads its first approver). */
export async function reviewOf(db: DbOrTx, r: Reviewable, policy: ReviewPolicy) {
  return reviewFieldsOf(r, await firstApproversOf(db, [r.firstApprovedBy]), policy);
}
