import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@portal/contract/core/errors';
import type { Database } from '../../src/db/client';
import { ledgerAccounts } from '../../src/db/schema';
import { withIdempotency } from '../../src/lib/idempotency';
import { runMoneyTransaction } from '../../src/lib/money-tx';
import {
  findLedgerViolations,
  insertJournal,
  insertPostings,
  systemAccountId,
} from '../../src/modules/ledger/ledger.repository';
import {
  assertJournalShape,
  creditUser,
  moveBetweenBuckets,
  transfer,
  userAccountId,
} from '../../src/modules/ledger/ledger.service';
import { openTestDatabase } from '../helpers/app';
import { balanceOf, expectLedgerSound, insertUser, ledgerCounts } from '../helpers/ledger';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const db = () => database.db;

/** The code of an AppError a promise rejects with (or the message of another error). */
async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e.code;
    // drizzle wraps the database's error: its own message is in `cause`.
    const cause = (e as { cause?: unknown }).cause;
    if (cause instanceof Error) return cause.message;
    return e instanceof Error ? e.message : String(e);
  }
  throw new Error('expected a failure');
}

describe('journals and balances', () => {
  it('a deposit credits the user from a system account: postings sum to zero, balance_after recorded', async () => {
    const userId = await insertUser(db());
    const posted = await runMoneyTransaction(db(), (tx) =>
      creditUser(tx, {
        userId,
        from: 'gateway_clearing',
        currency: 'IRT',
        amount: 1_500_000n,
        refType: 'Payment',
        refId: 'p1',
      }),
    );
    expect(posted.postings).toHaveLength(2);
    expect(posted.postings.reduce((s, p) => s + p.amount, 0n)).toBe(0n);
    const userPosting = posted.postings.find((p) => p.amount > 0n)!;
    expect(userPosting.balanceAfter).toBe(1_500_000n);
    expect(await balanceOf(db(), userId, 'IRT')).toBe(1_500_000n);
    await expectLedgerSound(db());
  });

  it('a debit beyond the available balance is INSUFFICIENT_BALANCE and writes nothing', async () => {
    const userId = await insertUser(db());
    await runMoneyTransaction(db(), (tx) =>
      creditUser(tx, {
        userId,
        from: 'bank_settlement',
        currency: 'USDT',
        amount: 10_000_000n,
        refType: 'Payment',
        refId: 'p2',
      }),
    );
    const before = await ledgerCounts(db());
    const code = await failure(
      runMoneyTransaction(db(), (tx) =>
        moveBetweenBuckets(tx, {
          userId,
          from: 'available',
          to: 'held',
          currency: 'USDT',
          amount: 10_000_001n,
          refType: 'Withdrawal',
          refId: 'w1',
        }),
      ),
    );
    expect(code).toBe('INSUFFICIENT_BALANCE');
    expect(await ledgerCounts(db())).toEqual(before);
    expect(await balanceOf(db(), userId, 'USDT')).toBe(10_000_000n);
    expect(await balanceOf(db(), userId, 'USDT', 'held')).toBe(0n);
    await expectLedgerSound(db());
  });

  it('exactly the whole balance can be held; then nothing more', async () => {
    const userId = await insertUser(db());
    await runMoneyTransaction(db(), (tx) =>
      creditUser(tx, {
        userId,
        from: 'bank_settlement',
        currency: 'IRR',
        amount: 999n,
        refType: 'Payment',
        refId: 'p3',
      }),
    );
    const hold = (amount: bigint, refId: string) =>
      runMoneyTransaction(db(), (tx) =>
        moveBetweenBuckets(tx, {
          userId,
          from: 'available',
          to: 'held',
          currency: 'IRR',
          amount,
          refType: 'Withdrawal',
          refId,
        }),
      );
    await hold(999n, 'w2');
    expect(await failure(hold(1n, 'w3'))).toBe('INSUFFICIENT_BALANCE');
    expect([await balanceOf(db(), userId, 'IRR'), await balanceOf(db(), userId, 'IRR', 'held')]).toEqual([0n, 999n]);
  });

  it('a transfer from an account to itself is refused and writes nothing', async () => {
    const userId = await insertUser(db());
    const before = await ledgerCounts(db());
    const code = await failure(
      runMoneyTransaction(db(), async (tx) => {
        const a = await userAccountId(tx, userId, 'IRT');
        return transfer(tx, {
          fromAccountId: a,
          toAccountId: a,
          currency: 'IRT',
          amount: 5n,
          refType: 'Payment',
          refId: 'self',
        });
      }),
    );
    expect(code).toBe('TRANSFER_SAME_ACCOUNT');
    expect(() =>
      assertJournalShape([
        { accountId: 'a', currency: 'IRT', amount: 5n },
        { accountId: 'a', currency: 'IRT', amount: -5n },
      ]),
    ).toThrow(AppError);
    expect(await ledgerCounts(db())).toEqual(before);
  });

  it('zero, non-positive and unbalanced journals are refused before they are written', async () => {
    const userId = await insertUser(db());
    expect(
      await failure(
        runMoneyTransaction(db(), (tx) =>
          creditUser(tx, { userId, from: 'fees', currency: 'IRT', amount: -5n, refType: 'Payment', refId: 'neg' }),
        ),
      ),
    ).toBe('VALIDATION_FAILED');
    expect(() =>
      assertJournalShape([
        { accountId: 'a', currency: 'IRT', amount: 5n },
        { accountId: 'b', currency: 'IRT', amount: -4n },
      ]),
    ).toThrow(/does not balance/);
    expect(() =>
      assertJournalShape([
        { accountId: 'a', currency: 'IRT', amount: 5n },
        { accountId: 'b', currency: 'IRR', amount: -5n },
      ]),
    ).toThrow(/does not balance/);
    expect(() =>
      assertJournalShape([
        { accountId: 'a', currency: 'IRT', amount: 0n },
        { accountId: 'b', currency: 'IRT', amount: 0n },
      ]),
    ).toThrow(/zero/);
  });
});

describe('what the database itself refuses', () => {
  it('an unbalanced journal written past the code fails at commit (deferred trigger) and leaves nothing', async () => {
    const userId = await insertUser(db());
    const before = await ledgerCounts(db());
    const err = await failure(
      db().transaction(async (tx) => {
        const a = await userAccountId(tx, userId, 'IRT');
        const house = await systemAccountId(tx, 'fees', 'IRT');
        const j = await insertJournal(tx, { refType: 'Payment', refId: 'bad', memo: null, createdBy: null });
        await insertPostings(tx, j, [
          { accountId: house, currency: 'IRT', amount: -100n },
          { accountId: a, currency: 'IRT', amount: 99n },
        ]);
      }),
    );
    expect(err).toMatch(/^journal .* does not balance in IRT: -1$/);
    expect(await ledgerCounts(db())).toEqual(before);
    expect(await balanceOf(db(), userId, 'IRT')).toBe(0n);
  });

  it('a transaction killed between postings writes nothing at all', async () => {
    const userId = await insertUser(db());
    await runMoneyTransaction(db(), (tx) =>
      creditUser(tx, {
        userId,
        from: 'bank_settlement',
        currency: 'IRT',
        amount: 700n,
        refType: 'Payment',
        refId: 'k0',
      }),
    );
    const before = await ledgerCounts(db());
    const err = await failure(
      runMoneyTransaction(db(), async (tx) => {
        const from = await userAccountId(tx, userId, 'IRT', 'available');
        const to = await userAccountId(tx, userId, 'IRT', 'held');
        const j = await insertJournal(tx, { refType: 'Withdrawal', refId: 'killed', memo: null, createdBy: null });
        await insertPostings(tx, j, [{ accountId: from, currency: 'IRT', amount: -300n }]);
        throw new Error('process killed between postings');
        await insertPostings(tx, j, [{ accountId: to, currency: 'IRT', amount: 300n }]);
      }),
    );
    expect(err).toMatch(/killed between postings/);
    expect(await ledgerCounts(db())).toEqual(before);
    expect(await balanceOf(db(), userId, 'IRT')).toBe(700n);
    expect(await balanceOf(db(), userId, 'IRT', 'held')).toBe(0n);
    await expectLedgerSound(db());
  });

  it('a balance is never written directly, postings and journals are never changed or removed', async () => {
    const userId = await insertUser(db());
    await runMoneyTransaction(db(), (tx) =>
      creditUser(tx, { userId, from: 'bank_settlement', currency: 'IRT', amount: 50n, refType: 'Payment', refId: 'g' }),
    );
    expect(
      await failure(db().execute(sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE user_id = ${userId}`)),
    ).toMatch(/^ledger balances change only through postings$/);
    expect(
      await failure(db().insert(ledgerAccounts).values({ userId: null, code: 'gift', currency: 'IRT', balance: 10n })),
    ).toMatch(/^a ledger account opens at zero$/);
    expect(await failure(db().execute(sql`UPDATE ledger_postings SET amount = amount * 2`))).toMatch(
      /^ledger_(postings|journals) is append-only$/,
    );
    expect(await failure(db().execute(sql`DELETE FROM ledger_postings`))).toMatch(
      /^ledger_(postings|journals) is append-only$/,
    );
    expect(await failure(db().execute(sql`DELETE FROM ledger_journals`))).toMatch(
      /^ledger_(postings|journals) is append-only$/,
    );
    expect(await balanceOf(db(), userId, 'IRT')).toBe(50n);
    await expectLedgerSound(db());
  });

  it('a posting in another currency than its account is refused', async () => {
    const userId = await insertUser(db());
    const err = await failure(
      db().transaction(async (tx) => {
        const irt = await userAccountId(tx, userId, 'IRT');
        const house = await systemAccountId(tx, 'fees', 'USDT');
        const j = await insertJournal(tx, { refType: 'Payment', refId: 'cur', memo: null, createdBy: null });
        await insertPostings(tx, j, [
          { accountId: house, currency: 'USDT', amount: -1n },
          { accountId: irt, currency: 'USDT', amount: 1n },
        ]);
      }),
    );
    expect(err).toMatch(/^posting currency USDT differs from account currency IRT$/);
    expect(await balanceOf(db(), userId, 'IRT')).toBe(0n);
  });

  it('the invariant check sees an account whose balance differs from its postings', async () => {
    // Written past every guard (the trigger's switch set by hand, in a transaction rolled back): the check must notice.
    const seen = await failure(
      db().transaction(async (tx) => {
        const userId = await insertUser(tx);
        const a = await userAccountId(tx, userId, 'USD');
        await tx.execute(sql`SELECT set_config('ledger.posting', 'on', true)`);
        await tx.execute(sql`UPDATE ledger_accounts SET balance = 7 WHERE id = ${a}`);
        const kinds = (await findLedgerViolations(tx)).map((v) => v.kind);
        throw new Error(`seen: ${kinds.sort().join(',')}`);
      }),
    );
    expect(seen).toBe('seen: balance_not_sum');
    await expectLedgerSound(db());
  });
});

describe('idempotency', () => {
  it('a retry returns the first answer and moves nothing; another body with the key is refused; a failure is not kept', async () => {
    const userId = await insertUser(db());
    const deposit = (amount: bigint, key: string) =>
      runMoneyTransaction(db(), (tx) =>
        withIdempotency(tx, { userId, key, operation: 'test.deposit', request: { amount } }, async () => {
          const j = await creditUser(tx, {
            userId,
            from: 'bank_settlement',
            currency: 'IRT',
            amount,
            refType: 'Payment',
            refId: key,
          });
          return { journalId: j.journalId };
        }),
      );
    const first = await deposit(100n, 'key-aaaaaaaa');
    const again = await deposit(100n, 'key-aaaaaaaa');
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ response: first.response, replayed: true });
    expect(await balanceOf(db(), userId, 'IRT')).toBe(100n);
    expect(await failure(deposit(200n, 'key-aaaaaaaa'))).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await balanceOf(db(), userId, 'IRT')).toBe(100n);

    const hold = (key: string) =>
      runMoneyTransaction(db(), (tx) =>
        withIdempotency(tx, { userId, key, operation: 'test.hold', request: { amount: '500' } }, async () => {
          const j = await moveBetweenBuckets(tx, {
            userId,
            from: 'available',
            to: 'held',
            currency: 'IRT',
            amount: 500n,
            refType: 'Withdrawal',
            refId: key,
          });
          return { journalId: j.journalId };
        }),
      );
    expect(await failure(hold('key-bbbbbbbb'))).toBe('INSUFFICIENT_BALANCE');
    await deposit(400n, 'key-cccccccc');
    // The failed attempt left no record: the same key now runs and succeeds.
    expect((await hold('key-bbbbbbbb')).replayed).toBe(false);
    expect(await balanceOf(db(), userId, 'IRT', 'held')).toBe(500n);
    await expectLedgerSound(db());
  });
});
