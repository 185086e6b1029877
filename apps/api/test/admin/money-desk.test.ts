import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminWithdrawalDetail } from '@portal/contract/admin/money-desk';
import { CURRENCIES } from '@portal/contract/core/money';
import type { Wallet } from '@portal/contract/wallet/wallets';
import type { Withdrawal } from '@portal/contract/wallet/withdrawals';
import { users } from '../../src/db/schema';
import { runMoneyTransaction } from '../../src/lib/money-tx';
import { creditUser } from '../../src/modules/ledger/ledger.service';
import { addCard, cardNumber, verifiedInvestor } from '../bank-accounts/bank-helpers';
import { createTestApp, outboxCode, type TestApp } from '../helpers/app';
import { makeOperator } from '../helpers/admin';

/**
 * The money desk's read views (issue 5): one withdrawal with its destination card masked and its
 * review, and a user's wallets as decimal strings of available and held. Role checks are the route
 * walk's (route-walk.test.ts); here, what the answers hold.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A level-two investor with a card account and `toman` in the IRT wallet. */
async function withdrawer(toman: bigint) {
  const who = await verifiedInvestor(t);
  const card = cardNumber('603799');
  const added = await addCard(t, who.cookie, card);
  expect(added.statusCode).toBe(201);
  await t.database.db.update(users).set({ kycLevel: 2 }).where(eq(users.id, who.userId));
  await t.database.bus.publish({ kind: 'user', id: who.userId });
  await runMoneyTransaction(t.database.db, (tx) =>
    creditUser(tx, {
      userId: who.userId,
      from: 'bank_settlement',
      currency: 'IRT',
      amount: toman,
      refType: 'Payment',
      refId: randomUUID(),
    }),
  );
  return { ...who, card, bankAccountId: added.json<{ id: string }>().id };
}

async function withdraw(u: { cookie: string; mobile: string; bankAccountId: string }, amount: string) {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/withdrawals/code',
    headers: { cookie: u.cookie },
    payload: {},
  });
  expect(sent.statusCode).toBe(200);
  t.clock.advance(61);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/withdrawals',
    headers: { cookie: u.cookie, 'idempotency-key': randomUUID() },
    payload: { bankAccountId: u.bankAccountId, amount, code: await outboxCode(t.app, u.mobile) },
  });
  expect(res.statusCode).toBe(201);
  return res.json<Withdrawal>();
}

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('GET /admin/withdrawals/:withdrawalId', () => {
  it('answers who asked, the amount, the card masked first 6 last 4, and after a rejection the review', async () => {
    const investor = await withdrawer(300_000n);
    const w = await withdraw(investor, '125000');
    const reader = await makeOperator(t, 'operator');
    const senior = await makeOperator(t, 'senior_operator');

    const pending = await get(reader.cookie, `/api/admin/withdrawals/${w.id}`);
    expect(pending.statusCode).toBe(200);
    expect(pending.json<AdminWithdrawalDetail>()).toMatchObject({
      id: w.id,
      amount: '125000',
      state: 'Pending',
      status: 'Pending',
      cardNumberMasked: `${investor.card.slice(0, 6)}******${investor.card.slice(-4)}`,
      shebaMasked: w.shebaMasked,
      reviewComment: null,
      reviewerId: null,
      reviewedAt: null,
      user: { id: investor.userId },
    });
    expect(pending.json<AdminWithdrawalDetail>().cardNumberMasked).not.toContain(investor.card.slice(6, 12));

    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${w.id}/reject`,
      headers: { cookie: senior.cookie },
      payload: { reason: 'account_mismatch', comment: 'حساب به نام دیگری است' },
    });
    expect(rejected.statusCode).toBe(200);
    const after = (await get(reader.cookie, `/api/admin/withdrawals/${w.id}`)).json<AdminWithdrawalDetail>();
    expect(after).toMatchObject({
      state: 'Rejected',
      status: 'Failed',
      rejectReason: 'account_mismatch',
      reviewComment: 'حساب به نام دیگری است',
      reviewerId: senior.userId,
    });
    expect(after.reviewedAt).toEqual(expect.any(String));
  });

  it('is 404 for a withdrawal that does not exist', async () => {
    const reader = await makeOperator(t, 'operator');
    const res = await get(reader.cookie, `/api/admin/withdrawals/${randomUUID()}`);
    expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('GET /admin/users/:userId/wallets', () => {
  it('answers each wallet’s available and held balances as decimal strings, a withdrawal’s amount held', async () => {
    const investor = await withdrawer(300_000n);
    await withdraw(investor, '125000');
    const reader = await makeOperator(t, 'operator');

    const res = await get(reader.cookie, `/api/admin/users/${investor.userId}/wallets`);
    expect(res.statusCode).toBe(200);
    const { items } = res.json<{ items: Wallet[] }>();
    expect(items.map((w) => w.currency)).toEqual([...CURRENCIES]);
    expect(items.find((w) => w.currency === 'IRT')).toMatchObject({
      available: '175000',
      held: '125000',
      total: '300000',
    });
    expect(items.find((w) => w.currency === 'USDT')).toMatchObject({ available: '0', held: '0', total: '0' });
    // The same numbers the investor reads on their own wallet page.
    const own = (await get(investor.cookie, '/api/wallets')).json<{ items: Wallet[] }>();
    expect(items).toEqual(own.items);
  });

  it('is 404 for a user that does not exist, and opens no accounts for them', async () => {
    const reader = await makeOperator(t, 'operator');
    const res = await get(reader.cookie, `/api/admin/users/${randomUUID()}/wallets`);
    expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
  });
});
