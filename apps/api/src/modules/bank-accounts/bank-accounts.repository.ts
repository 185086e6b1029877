import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bankAccounts } from '../../db/schema';
import { findUser } from '../users/users.repository';

export type BankAccountRow = typeof bankAccounts.$inferSelect;

/** The columns a card fills in. */
export type CardColumns = Pick<BankAccountRow, 'cardNumberSealed' | 'cardNumberHash' | 'cardNumberMasked'>;

/**
 * What the inquiry matches the account against: the national code and birth date on file. `lock`
 * takes the user's row for the rest of the transaction, so one user's adds run one after the other.
 */
export async function findAccountHolder(tx: DbOrTx, userId: string, lock = false) {
  const u = await findUser(tx, userId, lock ? { lock: 'update' } : {});
  return u && { nationalCode: u.nationalCode, birthDate: u.birthDate };
}

const active = (userId: string) => and(eq(bankAccounts.userId, userId), isNull(bankAccounts.deletedAt));

/** The sealed card number of one of the user's active accounts; null when there is no such account or it has no card. */
export async function findActiveCard(tx: DbOrTx, userId: string, id: string): Promise<string | null> {
  const [row] = await tx
    .select({ sealed: bankAccounts.cardNumberSealed })
    .from(bankAccounts)
    .where(and(active(userId), eq(bankAccounts.id, id)))
    .limit(1);
  return row?.sealed ?? null;
}

/** A user's active accounts, newest first. */
export function listActiveAccounts(tx: DbOrTx, userId: string): Promise<BankAccountRow[]> {
  return tx
    .select()
    .from(bankAccounts)
    .where(active(userId))
    .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id));
}

export async function countActiveAccounts(tx: DbOrTx, userId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(bankAccounts).where(active(userId));
  return row?.n ?? 0;
}

export async function findActiveByCardHash(tx: DbOrTx, userId: string, cardNumberHash: string) {
  const [row] = await tx
    .select()
    .from(bankAccounts)
    .where(and(active(userId), eq(bankAccounts.cardNumberHash, cardNumberHash)))
    .limit(1);
  return row ?? null;
}

export async function findActiveBySheba(tx: DbOrTx, userId: string, sheba: string) {
  const [row] = await tx
    .select()
    .from(bankAccounts)
    .where(and(active(userId), eq(bankAccounts.sheba, sheba)))
    .limit(1);
  return row ?? null;
}

export async function insertBankAccount(
  tx: DbOrTx,
  values: typeof bankAccounts.$inferInsert & { userId: string },
): Promise<BankAccountRow> {
  const [row] = await tx.insert(bankAccounts).values(values).returning();
  return row!;
}

/** Fills in the card of an account first added by its sheba. */
export async function setAccountCard(tx: DbOrTx, id: string, card: CardColumns): Promise<BankAccountRow> {
  const [row] = await tx.update(bankAccounts).set(card).where(eq(bankAccounts.id, id)).returning();
  return row!;
}

/** Hides one of the user's active accounts; null when the user has no such active account. */
export async function softDeleteAccount(
  tx: DbOrTx,
  input: { userId: string; id: string; now: Date },
): Promise<BankAccountRow | null> {
  const [row] = await tx
    .update(bankAccounts)
    .set({ deletedAt: input.now })
    .where(and(active(input.userId), eq(bankAccounts.id, input.id)))
    .returning();
  return row ?? null;
}
