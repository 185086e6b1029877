/**
 * Queries of gateway payments (decision 031): the `deposits` rows of kind `gateway`, each with its purpose.
 * Every function takes the caller's database or transaction; none opens its own.
 */
import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deposits } from '../../db/schema';

export type PaymentRow = typeof deposits.$inferSelect;

export async function insertPayment(tx: DbOrTx, values: typeof deposits.$inferInsert): Promise<PaymentRow> {
  const [row] = await tx.insert(deposits).values(values).returning();
  return row!;
}

/** A deposit of this user (another user's is `null`, as if it did not exist). */
export async function findUserPayment(tx: DbOrTx, userId: string, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, paymentId), eq(deposits.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Sets the gateway's authority once (a retried start must not replace the first one). */
export async function setAuthorityOnce(tx: DbOrTx, paymentId: string, provider: string, authority: string) {
  return tx
    .update(deposits)
    .set({ provider, authority, updatedAt: sql`now()` })
    .where(and(eq(deposits.id, paymentId), sql`${deposits.authority} IS NULL`))
    .returning({ id: deposits.id });
}

/**
 * Moves a payment from one status to another if it is still in the first: the one caller that wins asks
 * the gateway; every other caller sees the status it lost to.
 */
export async function movePaymentStatus(
  tx: DbOrTx,
  where: { paymentId: string; userId?: string; from: PaymentRow['status']; authority?: string },
  set: Partial<typeof deposits.$inferInsert> & { status: PaymentRow['status'] },
): Promise<PaymentRow | null> {
  const [row] = await tx
    .update(deposits)
    .set({ ...set, updatedAt: sql`now()` })
    .where(
      and(
        eq(deposits.id, where.paymentId),
        eq(deposits.status, where.from),
        where.userId ? eq(deposits.userId, where.userId) : undefined,
        where.authority ? eq(deposits.authority, where.authority) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Gateway payments nobody has ended (decision 026), oldest first: claimed by a callback whose verify
 * never finished (`Verifying`, untouched since `verifyingBefore`); waiting for a payer who never came
 * back (`Pending` with an authority, created before `payerBefore`); or never sent to the gateway at all
 * (`Pending` without an authority: the process stopped between writing the payment and the gateway's
 * answer, created before `unopenedBefore`). Each row says its purpose.
 */
export async function findUnsettledPayments(
  tx: DbOrTx,
  o: { verifyingBefore: Date; payerBefore: Date; unopenedBefore: Date; limit: number },
): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(deposits)
    .where(
      and(
        eq(deposits.kind, 'gateway'),
        or(
          and(eq(deposits.status, 'Verifying'), lt(deposits.updatedAt, o.verifyingBefore)),
          and(eq(deposits.status, 'Pending'), isNotNull(deposits.authority), lt(deposits.createdAt, o.payerBefore)),
          and(eq(deposits.status, 'Pending'), isNull(deposits.authority), lt(deposits.createdAt, o.unopenedBefore)),
        ),
      ),
    )
    .orderBy(asc(deposits.createdAt))
    .limit(o.limit);
}

/**
 * Takes a `Verifying` payment for one more verify if it is still untouched since `before` (the touch moves
 * it past): of several instances running the job at once, one wins and the others get `null`.
 */
export async function retakeVerifying(tx: DbOrTx, paymentId: string, before: Date): Promise<PaymentRow | null> {
  const [row] = await tx
    .update(deposits)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(deposits.id, paymentId), eq(deposits.status, 'Verifying'), lt(deposits.updatedAt, before)))
    .returning();
  return row ?? null;
}
