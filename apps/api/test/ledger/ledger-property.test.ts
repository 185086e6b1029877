import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@portal/contract/core/errors';
import type { Currency } from '@portal/contract/core/money';
import type { Database, Tx } from '../../src/db/client';
import { withIdempotency } from '../../src/lib/idempotency';
import { runMoneyTransaction } from '../../src/lib/money-tx';
import { systemAccountId } from '../../src/modules/ledger/ledger.repository';
import { creditUser, moveBetweenBuckets, transfer, userAccountId } from '../../src/modules/ledger/ledger.service';
import { openTestDatabase } from '../helpers/app';
import { balanceOf, expectLedgerSound, insertUser } from '../helpers/ledger';

/**
 * Thousands of random deposits, withdrawal requests (a hold), cancellations (the hold returns), payouts
 * (the hold leaves to the bank), transfers between users and retries of earlier requests with their
 * idempotency keys, against a model kept here. After every step: the ledger's invariants hold (every
 * currency and journal sums to zero, every balance is the sum of its postings, no user balance below zero)
 * and each user's balances equal the model's.
 */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const CURRENCIES: Currency[] = ['IRT', 'USDT'];
const USERS = 3;

type Cmd =
  | { kind: 'deposit'; user: number; currency: Currency; amount: bigint }
  | { kind: 'withdraw'; user: number; currency: Currency; amount: bigint }
  | { kind: 'cancel'; pick: number }
  | { kind: 'payout'; pick: number }
  | { kind: 'transfer'; from: number; to: number; currency: Currency; amount: bigint }
  | { kind: 'retry'; pick: number };

const user = fc.integer({ min: 0, max: USERS - 1 });
const currency = fc.constantFrom(...CURRENCIES);
const amount = fc.bigInt({ min: 1n, max: 5_000n });
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), user, currency, amount }),
  fc.record({ kind: fc.constant('withdraw' as const), user, currency, amount }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('payout' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('transfer' as const), from: user, to: user, currency, amount }),
  fc.record({ kind: fc.constant('retry' as const), pick: fc.nat() }),
);

interface Model {
  available: Map<string, bigint>;
  held: Map<string, bigint>;
}
const slot = (u: string, c: Currency) => `${u}/${c}`;
const get = (m: Map<string, bigint>, k: string) => m.get(k) ?? 0n;

async function codeOf(p: Promise<unknown>): Promise<string | null> {
  try {
    await p;
    return null;
  } catch (e) {
    if (e instanceof AppError) return e.code;
    throw e;
  }
}

describe('the ledger under random operations (fast-check)', () => {
  it('keeps its invariants and matches the model after every step', async () => {
    let keySeq = 0;
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 40, maxLength: 90 }), async (cmds) => {
        const db = database.db;
        const users = await Promise.all(Array.from({ length: USERS }, () => insertUser(db)));
        const model: Model = { available: new Map(), held: new Map() };
        const pending: { user: string; currency: Currency; amount: bigint; ref: string }[] = [];
        /** Requests made with a key, to retry: the retry must return the first answer and move nothing. */
        const done: {
          key: string;
          user: string;
          op: string;
          request: unknown;
          response: unknown;
          run: (tx: Tx) => Promise<{ journalId: string }>;
        }[] = [];

        const idempotent = async (
          u: string,
          op: string,
          request: unknown,
          run: (tx: Tx) => Promise<{ journalId: string }>,
        ) => {
          const key = `prop-${++keySeq}-${Date.now()}`;
          const r = await runMoneyTransaction(db, (tx) =>
            withIdempotency(tx, { userId: u, key, operation: op, request }, async () => ({
              journalId: (await run(tx)).journalId,
            })),
          );
          done.push({ key, user: u, op, request, response: r.response, run });
          return r;
        };

        for (const c of cmds) {
          steps++;
          if (c.kind === 'deposit') {
            const u = users[c.user]!;
            await idempotent(u, 'deposit', { c: c.currency, a: c.amount }, (tx) =>
              creditUser(tx, {
                userId: u,
                from: 'bank_settlement',
                currency: c.currency,
                amount: c.amount,
                refType: 'Payment',
                refId: `d${keySeq}`,
              }),
            );
            model.available.set(slot(u, c.currency), get(model.available, slot(u, c.currency)) + c.amount);
          } else if (c.kind === 'withdraw') {
            const u = users[c.user]!;
            const k = slot(u, c.currency);
            const ref = `w${keySeq + 1}`;
            const code = await codeOf(
              idempotent(u, 'withdraw', { c: c.currency, a: c.amount }, (tx) =>
                moveBetweenBuckets(tx, {
                  userId: u,
                  from: 'available',
                  to: 'held',
                  currency: c.currency,
                  amount: c.amount,
                  refType: 'Withdrawal',
                  refId: ref,
                }),
              ),
            );
            if (c.amount <= get(model.available, k)) {
              expect(code).toBeNull();
              model.available.set(k, get(model.available, k) - c.amount);
              model.held.set(k, get(model.held, k) + c.amount);
              pending.push({ user: u, currency: c.currency, amount: c.amount, ref });
            } else {
              expect(code).toBe('INSUFFICIENT_BALANCE');
            }
          } else if (c.kind === 'cancel' || c.kind === 'payout') {
            if (pending.length === 0) continue;
            const [w] = pending.splice(c.pick % pending.length, 1);
            const k = slot(w!.user, w!.currency);
            await runMoneyTransaction(db, async (tx) => {
              if (c.kind === 'cancel') {
                return moveBetweenBuckets(tx, {
                  userId: w!.user,
                  from: 'held',
                  to: 'available',
                  currency: w!.currency,
                  amount: w!.amount,
                  refType: 'Withdrawal',
                  refId: w!.ref,
                });
              }
              return transfer(tx, {
                fromAccountId: await userAccountId(tx, w!.user, w!.currency, 'held'),
                toAccountId: await systemAccountId(tx, 'bank_settlement', w!.currency),
                currency: w!.currency,
                amount: w!.amount,
                refType: 'Withdrawal',
                refId: w!.ref,
              });
            });
            model.held.set(k, get(model.held, k) - w!.amount);
            if (c.kind === 'cancel') model.available.set(k, get(model.available, k) + w!.amount);
          } else if (c.kind === 'transfer') {
            const [from, to] = [users[c.from]!, users[c.to]!];
            const code = await codeOf(
              runMoneyTransaction(db, async (tx) =>
                transfer(tx, {
                  fromAccountId: await userAccountId(tx, from, c.currency),
                  toAccountId: await userAccountId(tx, to, c.currency),
                  currency: c.currency,
                  amount: c.amount,
                  refType: 'ExchangeTransaction',
                  refId: `t${steps}`,
                }),
              ),
            );
            const [kf, kt] = [slot(from, c.currency), slot(to, c.currency)];
            if (from === to) expect(code).toBe('TRANSFER_SAME_ACCOUNT');
            else if (c.amount > get(model.available, kf)) expect(code).toBe('INSUFFICIENT_BALANCE');
            else {
              expect(code).toBeNull();
              model.available.set(kf, get(model.available, kf) - c.amount);
              model.available.set(kt, get(model.available, kt) + c.amount);
            }
          } else {
            if (done.length === 0) continue;
            const d = done[c.pick % done.length]!;
            const r = await runMoneyTransaction(db, (tx) =>
              withIdempotency(tx, { userId: d.user, key: d.key, operation: d.op, request: d.request }, async () => ({
                journalId: (await d.run(tx)).journalId,
              })),
            );
            expect(r).toEqual({ response: d.response, replayed: true });
          }

          await expectLedgerSound(db);
          for (const u of users) {
            for (const cur of CURRENCIES) {
              expect(await balanceOf(db, u, cur)).toBe(get(model.available, slot(u, cur)));
              expect(await balanceOf(db, u, cur, 'held')).toBe(get(model.held, slot(u, cur)));
            }
          }
        }
      }),
      { numRuns: 30 },
    );
    expect(steps).toBeGreaterThanOrEqual(1_200);
  }, 600_000);
});
