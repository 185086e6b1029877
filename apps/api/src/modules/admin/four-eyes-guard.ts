/**
 * The four-eyes guard (issue 15, decision 028): the server's one place for the rules of
 * `packages/contract/src/admin/four-eyes.ts`. `route()` asks it for the pre-handler of every endpoint that
 * declares a `permission`; it runs after the request is validated (it reads the subject's id from the
 * path or the body) and before the handler. The frozen operator is refused earlier, by the permission
 * check itself (plugins/access.ts), reads included.
 *
 * - `record` with a subject, `decide`, `review`, `propose` (of a user), `approve`, `reject`: never the
 *   operator's own account, nor a user sharing a bank account or payment ID with them
 *   (`OPERATOR_OWN_ACCOUNT`);
 * - `approve`, and `review` approving a request that has its first approval: never its maker or first
 *   approver (`SAME_OPERATOR`); a `reject` by the maker withdraws their own proposal and is allowed;
 * - `propose` and `approve` of a fund's NAV, dividend or terms: never an operator with a stake in the
 *   fund (`FUND_HOLDER_OPERATOR`).
 *
 * The subject is found by the resolver of its kind, written by the module that owns its table; a subject
 * that does not exist is 404. Decisions are taken later in their services, under the subject's row lock;
 * what can change in between (a request's first approval) is checked there again.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { FourEyesRule, ProposalKind, SubjectKind, SubjectRef } from '@portal/contract/admin/four-eyes';
import { AppError } from '@portal/contract/core/errors';
import type { Db, DbOrTx } from '../../db/client';
import { assertNotMaker, type Subject, type SubjectResolver } from '../../lib/four-eyes';
import { adjustmentSubject } from '../adjustments/subject';
import { tetherWithdrawalSubject } from '../chain/subject';
import { basketOrderSubject } from '../baskets/subject';
import { sharesBankAccountOrPaymentId } from '../bank-accounts/shared';
import { holdsFundStake } from '../fund-orders/fund-orders.repository';
import { fundSubject } from '../funds/subject';
import { kycSubmissionSubject } from '../kyc/subject';
import { offlineDepositSubject } from '../offline-deposits/subject';
import { proposalSubject } from '../proposals/subject';
import { withdrawalSubject } from '../withdrawals/subject';
import { operatorOf } from '../../plugins/access';
import { userSubject } from './subject';

/** Every subject kind's resolver, each from the module that owns its table. */
export const SUBJECT_RESOLVERS: Record<SubjectKind, SubjectResolver> = {
  user: userSubject,
  kycSubmission: kycSubmissionSubject,
  withdrawal: withdrawalSubject,
  tetherWithdrawal: tetherWithdrawalSubject,
  offlineDeposit: offlineDepositSubject,
  adjustment: adjustmentSubject,
  proposal: proposalSubject,
  fund: fundSubject,
  basketOrder: basketOrderSubject,
};

/** What a fund's holders may neither propose nor approve: what prices their units or pays them. */
export const FUND_PRICING_PROPOSALS: ReadonlySet<ProposalKind> = new Set<ProposalKind>([
  'nav_publish',
  'nav_correction',
  'dividend',
  'fund_terms',
]);

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The four-eyes pre-handler of an admin endpoint (null for a read: the permission check already
     * refused a frozen operator). Records the rule, so the server refuses to start with a subject kind
     * that has no resolver.
     */
    fourEyesGuard: (endpointId: string, rule: FourEyesRule) => preHandlerAsyncHookHandler | null;
  }
}

/**
 * Refuses an operation about the operator's own account, or about a user who shares a bank account or
 * a payment ID with them (`OPERATOR_OWN_ACCOUNT`).
 */
export async function assertNotOwnAccount(db: DbOrTx, operatorId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.includes(operatorId)) {
    throw new AppError('OPERATOR_OWN_ACCOUNT', 'Operators do not act on their own account');
  }
  if (await sharesBankAccountOrPaymentId(db, operatorId, userIds)) {
    throw new AppError('OPERATOR_OWN_ACCOUNT', 'The user shares a bank account or payment ID with the operator');
  }
}

/** Refuses an operator with a stake in the fund whose price or payout is proposed (`FUND_HOLDER_OPERATOR`). */
export async function assertNoFundStake(db: DbOrTx, operatorId: string, fundId: string): Promise<void> {
  if (await holdsFundStake(db, operatorId, fundId)) {
    throw new AppError('FUND_HOLDER_OPERATOR', 'An operator holding units of this fund cannot price it');
  }
}

/**
 * The rule of one operation, for the operator, about `subject` (null: the rule names none). Pure of the
 * request: a service may run it again inside its transaction.
 */
export async function checkFourEyes(
  db: DbOrTx,
  operatorId: string,
  rule: FourEyesRule,
  subject: Subject | null,
): Promise<void> {
  switch (rule.kind) {
    case 'read':
      return;
    case 'reject':
      // The maker withdrawing their own proposal moves nothing, even one that would have paid them (that
      // is the way such a proposal should end); anyone else rejecting decides about its users.
      if (subject && subject.makerId !== operatorId) await assertNotOwnAccount(db, operatorId, subject.userIds);
      return;
    case 'record':
    case 'decide':
      if (subject) await assertNotOwnAccount(db, operatorId, subject.userIds);
      return;
    case 'review':
      if (!subject) throw new Error('a review names its subject');
      await assertNotOwnAccount(db, operatorId, subject.userIds);
      if (rule.approves) assertNotMaker(operatorId, subject.makerId);
      return;
    case 'propose':
      if (!subject) return;
      await assertNotOwnAccount(db, operatorId, subject.userIds);
      if (subject.fundId && FUND_PRICING_PROPOSALS.has(rule.proposal)) {
        await assertNoFundStake(db, operatorId, subject.fundId);
      }
      return;
    case 'approve':
      if (!subject) throw new Error('an approval names its subject');
      assertNotMaker(operatorId, subject.makerId);
      await assertNotOwnAccount(db, operatorId, subject.userIds);
      if (subject.fundId && subject.proposalKind && FUND_PRICING_PROPOSALS.has(subject.proposalKind)) {
        await assertNoFundStake(db, operatorId, subject.fundId);
      }
      return;
  }
}

/** The subject's id where the rule says it is (the request was validated: a uuid string). */
function subjectIdOf(request: FastifyRequest, ref: SubjectRef): string {
  const source = (ref.in === 'params' ? request.params : request.body) as Record<string, unknown> | undefined;
  const id = source?.[ref.field];
  if (typeof id !== 'string') throw new Error(`four-eyes: no ${ref.in}.${ref.field} in the request`);
  return id;
}

const subjectOf = (rule: FourEyesRule): SubjectRef | undefined => ('subject' in rule ? rule.subject : undefined);

export const fourEyesPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db }) => {
    const declared = new Map<string, FourEyesRule>();
    app.decorate('fourEyesGuard', (endpointId: string, rule: FourEyesRule) => {
      declared.set(endpointId, rule);
      if (rule.kind === 'read') return null;
      const ref = subjectOf(rule);
      return async (request: FastifyRequest) => {
        const operator = operatorOf(request);
        let subject: Subject | null = null;
        if (ref) {
          subject = await SUBJECT_RESOLVERS[ref.of](opts.db, subjectIdOf(request, ref));
          if (!subject) throw new AppError('NOT_FOUND');
        }
        await checkFourEyes(opts.db, operator.userId, rule, subject);
      };
    });
    // Fail fast: every registered admin route's subject kind has its resolver.
    app.addHook('onReady', async () => {
      for (const [endpointId, rule] of declared) {
        const ref = subjectOf(rule);
        if (ref && typeof SUBJECT_RESOLVERS[ref.of] !== 'function') {
          throw new Error(`${endpointId}: no four-eyes resolver for subject kind ${ref.of}`);
        }
      }
    });
  },
  { name: 'four-eyes', dependencies: ['access'] },
);
