/**
 * The server's side of admin/four-eyes.ts (issue 15, decision 028): what a console operation's subject
 * is, found by the module that owns it. The guard (run for every endpoint that declares a permission)
 * asks the resolver of the rule's subject kind, then refuses the operator's own account, a user sharing
 * a bank account or payment ID with them, the proposer approving, a fund's holder pricing it.
 *
 * Each module that owns a subject's table writes its resolver (`modules/<module>/subject.ts`); the guard
 * (`modules/admin/four-eyes-guard.ts`) holds them in one static map by kind, and a subject kind used by a
 * registered rule with no resolver makes the server refuse to start.
 */
import type { ProposalKind, SubjectKind } from '@portal/contract/admin/four-eyes';
import { AppError } from '@portal/contract/core/errors';
import type { Db } from '../db/client';

/** Who and what an operation is about. */
export interface Subject {
  /** The users it decides about, pays or prices for (the operator may be none of them). */
  userIds: string[];
  /** Who proposed it (a proposal, an adjustment), or first approved it (a request needing two reviewers). */
  makerId?: string | null;
  /** The fund it prices or pays from (an operator holding its units may not propose or approve). */
  fundId?: string | null;
  /** What kind of proposal it is (approve and reject of a proposal). */
  proposalKind?: ProposalKind;
}

/** Finds the subject by its id (a path parameter or a body field); null: no such thing (404). */
export type SubjectResolver = (db: Db, id: string) => Promise<Subject | null>;

export type SubjectResolvers = Partial<Record<SubjectKind, SubjectResolver>>;

/**
 * Refuses the maker (or first approver) of what is being approved (`SAME_OPERATOR`): the guard's rule, and
 * a review's second approval (lib/review.ts).
 */
export function assertNotMaker(operatorId: string, makerId: string | null | undefined): void {
  if (makerId === operatorId) throw new AppError('SAME_OPERATOR', 'Another operator must approve this');
}
