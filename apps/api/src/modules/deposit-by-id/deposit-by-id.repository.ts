import { and, asc, count, desc, eq, isNull, isNotNull, sql } from 'drizzle-orm';
import type { StatementLineStatus, StatementReturnReason } from '@portal/contract/wallet/deposit-by-id';
import type { DbOrTx } from '../../db/client';
import { bankAccounts, bankStatementImports, bankStatementLines, depositIds, users } from '../../db/schema';
import type { StatementLine } from '../../adapters/settlement/settlement.port';
import { findUser } from '../users/users.repository';

export type DepositIdRow = typeof depositIds.$inferSelect;
export type StatementLineRow = typeof bankStatementLines.$inferSelect;

/** One of the user's active bank accounts that has a sheba; null for another user's, a deleted one or a card without one. */
export async function findActiveShebaAccount(tx: DbOrTx, userId: string, bankAccountId: string) {
  const [row] = await tx
    .select({ id: bankAccounts.id, sheba: bankAccounts.sheba })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.id, bankAccountId),
        eq(bankAccounts.userId, userId),
        isNull(bankAccounts.deletedAt),
        isNotNull(bankAccounts.sheba),
      ),
    )
    .limit(1);
  return row?.sheba ? { id: row.id, sheba: row.sheba } : null;
}

/** Whether `sheba` is one of the user's active bank accounts. */
export async function isActiveShebaOf(tx: DbOrTx, userId: string, sheba: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.sheba, sheba), isNull(bankAccounts.deletedAt)))
    .limit(1);
  return row !== undefined;
}

export async function findDepositIdBySheba(tx: DbOrTx, userId: string, sheba: string): Promise<DepositIdRow | null> {
  const [row] = await tx
    .select()
    .from(depositIds)
    .where(and(eq(depositIds.userId, userId), eq(depositIds.sheba, sheba)))
    .limit(1);
  return row ?? null;
}

export async function findDepositIdByPaymentId(tx: DbOrTx, paymentId: string): Promise<DepositIdRow | null> {
  const [row] = await tx.select().from(depositIds).where(eq(depositIds.paymentId, paymentId)).limit(1);
  return row ?? null;
}

/** Inserts a payment ID; null when either unique index (payment ID, user + sheba) already holds one. */
export async function insertDepositId(
  tx: DbOrTx,
  values: { userId: string; bankAccountId: string; sheba: string; paymentId: string },
): Promise<DepositIdRow | null> {
  const [row] = await tx.insert(depositIds).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export function listDepositIds(tx: DbOrTx, userId: string): Promise<DepositIdRow[]> {
  return tx
    .select()
    .from(depositIds)
    .where(eq(depositIds.userId, userId))
    .orderBy(desc(depositIds.createdAt), desc(depositIds.id));
}

/** Toman accepted within the daily cap for the user's Tehran day `capDay`. */
export async function acceptedOnDay(tx: DbOrTx, userId: string, capDay: string): Promise<bigint> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${bankStatementLines.accepted}), 0)::text` })
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.userId, userId), eq(bankStatementLines.capDay, capDay)))
    .limit(1);
  return BigInt(row?.sum ?? '0');
}

/**
 * The user's row, locked for the rest of the transaction (`FOR NO KEY UPDATE`): two matchers crediting
 * the same user queue here, so the second reads what the first accepted against the daily cap.
 */
export async function lockUserForCredit(tx: DbOrTx, userId: string) {
  const u = await findUser(tx, userId, { lock: 'no key update' });
  return u && { kycLevel: u.kycLevel, frozenAt: u.frozenAt };
}

export async function insertImport(tx: DbOrTx, values: typeof bankStatementImports.$inferInsert): Promise<string> {
  const [row] = await tx.insert(bankStatementImports).values(values).returning({ id: bankStatementImports.id });
  return row!.id;
}

export async function setImportAdded(tx: DbOrTx, id: string, added: number): Promise<void> {
  await tx.update(bankStatementImports).set({ added }).where(eq(bankStatementImports.id, id));
}

/** Stores the lines not seen before (by bank reference); answers how many were new. */
export async function insertLines(
  tx: DbOrTx,
  importId: string,
  lines: readonly StatementLine[],
  paymentIdOf: (raw: string) => string,
) {
  let added = 0;
  for (let i = 0; i < lines.length; i += 500) {
    const chunk = lines.slice(i, i + 500);
    const rows = await tx
      .insert(bankStatementLines)
      .values(
        chunk.map((l) => ({
          importId,
          bankRef: l.bankRef,
          bookedAt: l.bookedAt,
          amount: l.amount,
          sourceSheba: l.sourceSheba,
          rawPaymentId: l.rawPaymentId,
          paymentId: paymentIdOf(l.rawPaymentId),
          status: 'Pending' as const,
        })),
      )
      .onConflictDoNothing({ target: bankStatementLines.bankRef })
      .returning({ id: bankStatementLines.id });
    added += rows.length;
  }
  return added;
}

/**
 * The oldest pending line, locked for this caller only (`SKIP LOCKED`): any number of matchers, on any
 * number of instances, take different lines and each line is matched once.
 */
export async function claimPendingLine(tx: DbOrTx): Promise<StatementLineRow | null> {
  const [row] = await tx
    .select()
    .from(bankStatementLines)
    .where(eq(bankStatementLines.status, 'Pending'))
    .orderBy(asc(bankStatementLines.bookedAt), asc(bankStatementLines.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

/** Returns whose bank cycle has come, locked for this caller only (`SKIP LOCKED`). */
export function claimDueReturns(tx: DbOrTx, now: Date, limit: number): Promise<StatementLineRow[]> {
  return tx
    .select()
    .from(bankStatementLines)
    .where(
      and(
        eq(bankStatementLines.status, 'Returning'),
        sql`${bankStatementLines.returnAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(bankStatementLines.returnAt), asc(bankStatementLines.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function updateLine(
  tx: DbOrTx,
  id: string,
  set: Partial<typeof bankStatementLines.$inferInsert>,
): Promise<StatementLineRow> {
  const [row] = await tx
    .update(bankStatementLines)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(bankStatementLines.id, id))
    .returning();
  return row!;
}

/** The user's latest transfers by ID (matched to one of their IDs), newest first. */
export function listUserLines(tx: DbOrTx, userId: string, limit: number): Promise<StatementLineRow[]> {
  return tx
    .select()
    .from(bankStatementLines)
    .where(eq(bankStatementLines.userId, userId))
    .orderBy(desc(bankStatementLines.bookedAt), desc(bankStatementLines.id))
    .limit(limit);
}

export async function listLines(
  tx: DbOrTx,
  f: { status?: StatementLineStatus | undefined; reason?: StatementReturnReason | undefined },
  limit: number,
  offset: number,
) {
  const where = and(
    f.status ? eq(bankStatementLines.status, f.status) : undefined,
    f.reason ? eq(bankStatementLines.returnReason, f.reason) : undefined,
  );
  const [rows, total] = await Promise.all([
    tx
      .select({
        l: bankStatementLines,
        mobile: users.mobile,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(bankStatementLines)
      .leftJoin(users, eq(users.id, bankStatementLines.userId))
      .where(where)
      .orderBy(desc(bankStatementLines.bookedAt), desc(bankStatementLines.id))
      .limit(limit)
      .offset(offset),
    tx.select({ n: count() }).from(bankStatementLines).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}
