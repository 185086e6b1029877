import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PROPOSAL_STATUSES, TABLE_PROPOSAL_KINDS, type TableProposalKind } from '@portal/contract/admin/proposal-view';
import { createdAt } from './columns';
import { funds } from './funds';
import { users } from './users';

/**
 * A change of value one operator proposes and a second approves (issue 15, decision 028; contract
 * admin/proposals.ts): a bank statement import, a NAV publication or correction, a dividend, a fund's
 * terms. Approval runs the change in its transaction; the database refuses an approval by the proposer.
 */
export const proposals = pgTable(
  'proposals',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: TABLE_PROPOSAL_KINDS as [TableProposalKind, ...TableProposalKind[]] }).notNull(),
    status: text({ enum: PROPOSAL_STATUSES }).notNull().default('Pending'),
    /** The fund a NAV, dividend or terms proposal is about. */
    fundId: uuid().references(() => funds.id, { onDelete: 'restrict' }),
    /** The proposing endpoint's body, canonical (contract `proposalPayloadSchema`, without `kind`). */
    payload: jsonb().notNull(),
    /** A bank statement's file text, kept until the import is approved. */
    content: text(),
    proposedBy: uuid()
      .notNull()
      .references(() => users.id),
    proposedAt: createdAt(),
    decidedBy: uuid().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    rejectReason: text(),
    /** What the approval made: the import's, NAV's or dividend's id. */
    resultId: text(),
  },
  (t) => [
    index('proposals_queue_idx').on(t.status, t.proposedAt),
    index('proposals_fund_idx').on(t.fundId, t.proposedAt),
    check('proposals_checker_not_maker', sql`${t.status} <> 'Approved' OR ${t.decidedBy} <> ${t.proposedBy}`),
    check(
      'proposals_decided_complete',
      sql`(${t.status} = 'Pending') = (${t.decidedBy} IS NULL AND ${t.decidedAt} IS NULL)`,
    ),
    check('proposals_reject_reason', sql`(${t.status} = 'Rejected') = (${t.rejectReason} IS NOT NULL)`),
  ],
);
