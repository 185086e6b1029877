import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { CHALLENGE } from '@portal/contract/core/constants';
import type { DbOrTx } from '../../db/client';
import { authTickets } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';

export type TicketKind = (typeof authTickets.$inferSelect)['kind'];

/** A single-use token between two steps of a flow; only its hash is stored. */
export async function issueTicket(
  tx: DbOrTx,
  input: { kind: TicketKind; userId: string; data: Record<string, unknown>; now: Date },
): Promise<{ token: string; expiresInSeconds: number }> {
  const token = randomToken(32);
  await tx.insert(authTickets).values({
    kind: input.kind,
    userId: input.userId,
    tokenHash: sha256(token),
    data: input.data,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + CHALLENGE.ttlSeconds * 1000),
  });
  return { token, expiresInSeconds: CHALLENGE.ttlSeconds };
}

/** The live ticket of a token, locked for the transaction (null when unknown, used or expired). */
export async function findTicket(tx: DbOrTx, kind: TicketKind, token: string, now: Date) {
  const [row] = await tx
    .select()
    .from(authTickets)
    .where(
      and(
        eq(authTickets.tokenHash, sha256(token)),
        eq(authTickets.kind, kind),
        isNull(authTickets.consumedAt),
        gt(authTickets.expiresAt, now),
      ),
    )
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function consumeTicket(tx: DbOrTx, id: string): Promise<void> {
  await tx
    .update(authTickets)
    .set({ consumedAt: sql`now()` })
    .where(eq(authTickets.id, id));
}

export async function updateTicketData(tx: DbOrTx, id: string, data: Record<string, unknown>): Promise<void> {
  await tx.update(authTickets).set({ data }).where(eq(authTickets.id, id));
}
