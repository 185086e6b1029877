import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@portal/contract/core/errors';
import { queryRows, type Database } from '../../src/db/client';
import { withIdempotency } from '../../src/lib/idempotency';
import { runMoneyTransaction } from '../../src/lib/money-tx';
import { creditUser, moveBetweenBuckets, transfer, userAccountId } from '../../src/modules/ledger/ledger.service';
import { openTestDatabase } from '../helpers/app';
import { balanceOf, expectLedgerSound, insertUser } from '../helpers/ledger';

/**
 * PostgreSQL, real concurrency: 200 withdrawals (holds) and transfers fired at once against one balance
 * that covers only some of them, through a pool of 20 connections. No balance goes negative, no money is
 * created or lost, the ledger sums to zero, and what succeeded is exactly what moved.
 */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function outcome<T>(p: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; code: string }> {
  try {
    return { ok: true, value: await p };
  } catch (e) {
    if (e instanceof AppError) return { ok: false, code: e.code };
    throw e;
  }
}

describe('200 simultaneous spends of one balance (PostgreSQL)', () => {
  it('never overdraws, never creates or loses money, and the ledger balances', async () => {
    const db = database.db;
    const payer = await insertUser(db);
    const others = await Promise.all(Array.from({ length: 5 }, () => insertUser(db)));
    const START = 10_000n;
    await runMoneyTransaction(db, (tx) =>
      creditUser(tx, {
        userId: payer,
        from: 'bank_settlement',
        currency: 'IRT',
        amount: START,
        refType: 'Payment',
        refId: 'start',
      }),
    );
    // Each of the other users holds a little, so transfers among the others also cross the payer's rows.
    for (const o of others) {
      await runMoneyTransaction(db, (tx) =>
        creditUser(tx, {
          userId: o,
          from: 'bank_settlement',
          currency: 'IRT',
          amount: 100n,
          refType: 'Payment',
          refId: `s-${o}`,
        }),
      );
    }

    const amounts = Array.from({ length: 200 }, (_, i) => BigInt(50 + ((i * 37) % 151)));
    const results = await Promise.all(
      amounts.map((amount, i) => {
        const to = others[i % others.length]!;
        if (i % 2 === 0) {
          return outcome(
            runMoneyTransaction(db, (tx) =>
              withIdempotency(
                tx,
                { userId: payer, key: `w-${i}-aaaa`, operation: 'withdraw', request: { amount: String(amount) } },
                async () => {
                  const j = await moveBetweenBuckets(tx, {
                    userId: payer,
                    from: 'available',
                    to: 'held',
                    currency: 'IRT',
                    amount,
                    refType: 'Withdrawal',
                    refId: `w${i}`,
                  });
                  return { journalId: j.journalId };
                },
              ),
            ),
          ).then((r) => ({ r, kind: 'hold' as const, amount, to }));
        }
        // Transfers go both ways (payer → other, other → payer): rows are locked in one order, no deadlock stalls.
        const reverse = i % 10 === 1;
        return outcome(
          runMoneyTransaction(db, async (tx) =>
            transfer(tx, {
              fromAccountId: await userAccountId(tx, reverse ? to : payer, 'IRT'),
              toAccountId: await userAccountId(tx, reverse ? payer : to, 'IRT'),
              currency: 'IRT',
              amount: reverse ? 1n : amount,
              refType: 'ExchangeTransaction',
              refId: `t${i}`,
            }),
          ),
        ).then((r) => ({
          r,
          kind: reverse ? ('reverse' as const) : ('transfer' as const),
          amount: reverse ? 1n : amount,
          to,
        }));
      }),
    );

    for (const { r } of results) if (!r.ok) expect(r.code).toBe('INSUFFICIENT_BALANCE');
    const ok = results.filter((x) => x.r.ok);
    const refused = results.filter((x) => !x.r.ok);
    expect(ok.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);

    const held = ok.filter((x) => x.kind === 'hold').reduce((s, x) => s + x.amount, 0n);
    const sentOut = ok.filter((x) => x.kind === 'transfer').reduce((s, x) => s + x.amount, 0n);
    const cameBack = ok.filter((x) => x.kind === 'reverse').reduce((s, x) => s + x.amount, 0n);
    const available = await balanceOf(db, payer, 'IRT');
    expect(available).toBeGreaterThanOrEqual(0n);
    expect(await balanceOf(db, payer, 'IRT', 'held')).toBe(held);
    expect(available).toBe(START - held - sentOut + cameBack);

    // Nothing created or lost: users hold exactly what came in from the bank.
    const [totals] = await queryRows<{ users: string; bank: string }>(
      db,
      sql`SELECT
            (SELECT sum(balance)::text FROM ledger_accounts WHERE user_id IS NOT NULL) AS users,
            (SELECT sum(balance)::text FROM ledger_accounts WHERE user_id IS NULL AND code = 'bank_settlement') AS bank`,
    );
    expect(BigInt(totals!.users)).toBe(START + 500n);
    expect(BigInt(totals!.bank)).toBe(-(START + 500n));
    await expectLedgerSound(db);
  }, 120_000);
});
