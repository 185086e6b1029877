/**
 * Queries of the proposals desk (issue 15, decision 028). Every function takes the caller's database or
 * transaction; none opens its own.
 */
import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { ProposalStatus, TableProposalKind } from '@portal/contract/admin/proposals';
import type { Role } from '@portal/contract/admin/roles';
import { unitCurrency } from '@portal/contract/funds/funds';
import { queryRows, type DbOrTx } from '../../db/client';
import { bankStatementLines, depositIds, fundNavs, fundPurchases, proposals } from '../../db/schema';
import { findUser, userSummaries } from '../users/users.repository';

export type ProposalRow = typeof proposals.$inferSelect;

export interface UserRef {
  id: string;
  mobile: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
}

export async function insertProposal(
  tx: DbOrTx,
  values: Omit<typeof proposals.$inferInsert, 'status'>,
): Promise<ProposalRow> {
  const [row] = await tx
    .insert(proposals)
    .values({ ...values, status: 'Pending' })
    .returning();
  return row!;
}

/** A proposal by id; `lock` takes its row for the transaction, so two deciders queue and the second sees the first's decision. */
export async function findProposal(tx: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<ProposalRow | null> {
  const q = tx.select().from(proposals).where(eq(proposals.id, id)).limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateProposal(
  tx: DbOrTx,
  id: string,
  set: Partial<typeof proposals.$inferInsert>,
): Promise<ProposalRow> {
  const [row] = await tx.update(proposals).set(set).where(eq(proposals.id, id)).returning();
  return row!;
}

/**
 * Proposals (of a status, kind, fund): pending ones first, oldest first (the queue), then decided ones
 * newest first.
 */
export async function listProposals(
  tx: DbOrTx,
  f: {
    status?: ProposalStatus | undefined;
    kind?: TableProposalKind | undefined;
    fundId?: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: ProposalRow[]; total: number }> {
  const where = and(
    f.status ? eq(proposals.status, f.status) : undefined,
    f.kind ? eq(proposals.kind, f.kind) : undefined,
    f.fundId ? eq(proposals.fundId, f.fundId) : undefined,
  );
  const pending = sql`${proposals.status} = 'Pending'`;
  const [rows, total] = await Promise.all([
    tx
      .select()
      .from(proposals)
      .where(where)
      .orderBy(
        desc(pending),
        asc(sql`case when ${pending} then ${proposals.proposedAt} end`),
        desc(proposals.decidedAt),
        desc(proposals.id),
      )
      .limit(f.limit)
      .offset(f.offset),
    tx.select({ n: count() }).from(proposals).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** Users by id (mobile, names, role), for the proposals' operators and the people their effects touch. */
export async function usersByIds(tx: DbOrTx, ids: readonly string[]): Promise<Map<string, UserRef>> {
  return userSummaries(tx, ids);
}

/**
 * The deciding operator's role, read in the decision's transaction (not the access cache): a role taken
 * away a moment ago decides nothing.
 */
export async function roleOf(tx: DbOrTx, userId: string): Promise<Role | null> {
  return (await findUser(tx, userId))?.role ?? null;
}

/**
 * Whether a user holds units of a fund (available or promised to a waiting redemption) or is buying some
 * (a purchase paid or being paid, waiting for its NAV): either way a NAV, dividend or terms of the fund
 * changes what they get.
 */
export async function holdsOrBuysUnits(tx: DbOrTx, userId: string, fundId: string): Promise<boolean> {
  const [row] = await queryRows<{ held: boolean }>(
    tx,
    sql`SELECT coalesce((SELECT sum(balance) FROM ledger_accounts
                         WHERE user_id = ${userId} AND currency = ${unitCurrency(fundId)}), 0) > 0
            OR EXISTS (SELECT 1 FROM ${fundPurchases}
                       WHERE ${fundPurchases.userId} = ${userId} AND ${fundPurchases.fundId} = ${fundId}
                         AND ${fundPurchases.status} IN ('PaymentPending', 'Waiting')) AS held`,
  );
  return row?.held === true;
}

/** The bank references among `refs` already imported (their lines are skipped by an import). */
export async function knownBankRefs(tx: DbOrTx, refs: readonly string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let i = 0; i < refs.length; i += 1000) {
    const rows = await tx
      .select({ ref: bankStatementLines.bankRef })
      .from(bankStatementLines)
      .where(inArray(bankStatementLines.bankRef, refs.slice(i, i + 1000)));
    for (const r of rows) known.add(r.ref);
  }
  return known;
}

/** The owners of payment IDs (decision 020), by payment ID; IDs no one holds are absent. */
export async function depositIdOwners(tx: DbOrTx, paymentIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(paymentIds)].filter((p) => p !== '');
  const owners = new Map<string, string>();
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await tx
      .select({ paymentId: depositIds.paymentId, userId: depositIds.userId })
      .from(depositIds)
      .where(inArray(depositIds.paymentId, unique.slice(i, i + 1000)));
    for (const r of rows) owners.set(r.paymentId, r.userId);
  }
  return owners;
}

/** The latest NAV of a fund before `navDate` (what a publication of that date follows), or null. */
export async function navBefore(tx: DbOrTx, fundId: string, navDate: string): Promise<bigint | null> {
  const [row] = await tx
    .select({ nav: fundNavs.nav })
    .from(fundNavs)
    .where(and(eq(fundNavs.fundId, fundId), lt(fundNavs.navDate, navDate)))
    .orderBy(desc(fundNavs.navDate))
    .limit(1);
  return row?.nav ?? null;
}
