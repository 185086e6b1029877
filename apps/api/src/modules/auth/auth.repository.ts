import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { otpChallenges, users } from '../../db/schema';

/** Serialises every code request and check of one number (both drivers support advisory locks). */
export async function lockMobile(tx: DbOrTx, mobile: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${mobile}`}))`);
}

export async function latestChallenge(tx: DbOrTx, mobile: string, purpose: string) {
  const [row] = await tx
    .select()
    .from(otpChallenges)
    .where(and(eq(otpChallenges.mobile, mobile), eq(otpChallenges.purpose, purpose)))
    .orderBy(desc(otpChallenges.createdAt))
    .limit(1);
  return row ?? null;
}

/** Codes sent to a number (of some purposes only, when given) or from an address since a time, and the oldest. */
export async function codesSince(
  tx: DbOrTx,
  by: { mobile: string; purposes?: readonly string[] } | { ip: string },
  since: Date,
) {
  const where =
    'mobile' in by
      ? and(
          eq(otpChallenges.mobile, by.mobile),
          gt(otpChallenges.createdAt, since),
          by.purposes ? inArray(otpChallenges.purpose, [...by.purposes]) : undefined,
        )
      : and(eq(otpChallenges.ip, by.ip), gt(otpChallenges.createdAt, since));
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${otpChallenges.createdAt})` })
    .from(otpChallenges)
    .where(where);
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function retireOpenChallenges(tx: DbOrTx, mobile: string, purpose: string): Promise<void> {
  await tx
    .update(otpChallenges)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(otpChallenges.mobile, mobile), eq(otpChallenges.purpose, purpose), isNull(otpChallenges.consumedAt)));
}

export async function insertChallenge(tx: DbOrTx, values: typeof otpChallenges.$inferInsert) {
  const [row] = await tx.insert(otpChallenges).values(values).returning({ id: otpChallenges.id });
  return row!.id;
}

export async function addFailedAttempt(tx: DbOrTx, id: string): Promise<number> {
  const [row] = await tx
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(eq(otpChallenges.id, id))
    .returning({ attempts: otpChallenges.attempts });
  return row!.attempts;
}

export async function consumeChallenge(tx: DbOrTx, id: string): Promise<void> {
  await tx
    .update(otpChallenges)
    .set({ consumedAt: sql`now()` })
    .where(eq(otpChallenges.id, id));
}

export async function insertUser(tx: DbOrTx, values: typeof users.$inferInsert): Promise<string | null> {
  const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
  return row?.id ?? null;
}

export async function deleteChallenge(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(otpChallenges).where(eq(otpChallenges.id, id));
}
