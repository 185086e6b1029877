import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminBasketOrder,
  AdminBasketOrderRow,
  BasketSettings,
  BasketVipNote,
} from '@portal/contract/admin/baskets';
import type { Proposal } from '@portal/contract/admin/proposals';
import type { BasketOrder } from '@portal/contract/baskets/orders';
import { processBasketOrders } from '../../src/modules/baskets/worker.service';
import { createTestApp, type TestApp } from '../helpers/app';
import { adminCall, approvedByAnother, makeOperator, promoteToOperator, type TestUser } from '../helpers/admin';
import { expectLedgerSound } from '../helpers/ledger';
import { seedDemoUniverse } from '../helpers/market-doubles';
import { errorOf } from '../fund-orders/fund-order-helpers';
import { paidOrder, pay, placeOrder, tetherHolder, USDT } from './basket-helpers';

/** Issue 20: the console's basket desk: orders by status, VIP requests and their review, the settings. */
let t: TestApp;
let operator: TestUser;
let senior: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoUniverse(t.database.db, t.clock.now);
  operator = await makeOperator(t, 'operator');
  senior = await makeOperator(t, 'senior_operator');
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});

const vipBound = (usdt: string) =>
  t.database.db.execute(
    sql`UPDATE basket_settings SET vip_second_review_above = ${BigInt(Math.round(Number(usdt) * 1e6))}`,
  );

describe('orders by status', () => {
  it('lists failed generations with their reason, and one order with its journals', async () => {
    const u = await tetherHolder(t, USDT(2000));
    const o = await paidOrder(t, u);
    await processBasketOrders({ ...t.app.baskets, construct: () => ({ ok: false, reason: 'TOO_FEW_ASSETS' }) });
    const list = await adminCall(t, operator.cookie, 'GET', '/admin/basket-orders?status=GenerationFailed');
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json<{ items: AdminBasketOrderRow[] }>().items.find((i) => i.id === o.id);
    expect(row).toMatchObject({ status: 'GenerationFailed', failReason: 'too_few_assets', user: { id: u.userId } });
    const one = (await adminCall(t, operator.cookie, 'GET', `/admin/basket-orders/${o.id}`)).json<AdminBasketOrder>();
    expect(one.journals.map((j) => j.kind)).toEqual(['pay', 'refund']);
    expect(one.attempts).toBe(1);
    const investor = await tetherHolder(t, 0n);
    expect(errorOf(await adminCall(t, investor.cookie, 'GET', '/admin/basket-orders'))).toEqual([403, 'FORBIDDEN']);
  });
});

describe('VIP requests', () => {
  it('notes, then one operator accepts up to the bound: the investor pays it', async () => {
    await vipBound('200000');
    const u = await tetherHolder(t, USDT(60_000));
    const o = await placeOrder(t, u, { amount: '60000' });
    const queue = (await adminCall(t, operator.cookie, 'GET', '/admin/basket-vip')).json<{
      items: AdminBasketOrderRow[];
    }>();
    expect(queue.items.map((i) => i.id)).toContain(o.id);
    // A plain operator reads; handling the request is `baskets.manage`.
    expect(errorOf(await adminCall(t, operator.cookie, 'POST', `/admin/basket-orders/${o.id}/accept`))).toEqual([
      403,
      'FORBIDDEN',
    ]);
    const note = await adminCall(t, senior.cookie, 'POST', `/admin/basket-orders/${o.id}/notes`, {
      text: 'تماس گرفته شد',
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json<BasketVipNote>()).toMatchObject({ text: 'تماس گرفته شد', author: { id: senior.userId } });
    expect(
      errorOf(await adminCall(t, senior.cookie, 'POST', `/admin/basket-orders/${o.id}/notes`, { text: '' })),
    ).toEqual([400, 'VALIDATION_FAILED']);
    const accepted = await adminCall(t, senior.cookie, 'POST', `/admin/basket-orders/${o.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<AdminBasketOrderRow>()).toMatchObject({
      status: 'PaymentPending',
      approvalsNeeded: 1,
      notesCount: 1,
    });
    expect(errorOf(await adminCall(t, senior.cookie, 'POST', `/admin/basket-orders/${o.id}/accept`))).toEqual([
      409,
      'REQUEST_ALREADY_REVIEWED',
    ]);
    const paid = await pay(t, u, o.id);
    expect(paid.json<BasketOrder>().status).toBe('NotStarted');
  });

  it('above the bound takes two different operators; declining is one; never the operator’s own', async () => {
    await vipBound('100000');
    const u = await tetherHolder(t, 0n);
    const o = await placeOrder(t, u, { amount: '150000' });
    const first = await adminCall(t, senior.cookie, 'POST', `/admin/basket-orders/${o.id}/accept`);
    expect(first.json<AdminBasketOrderRow>()).toMatchObject({
      status: 'PendingVip',
      approvalsNeeded: 2,
      firstApproval: { operatorId: senior.userId },
    });
    expect(errorOf(await adminCall(t, senior.cookie, 'POST', `/admin/basket-orders/${o.id}/accept`))).toEqual([
      403,
      'SAME_OPERATOR',
    ]);
    const admin = await makeOperator(t, 'admin');
    const second = await adminCall(t, admin.cookie, 'POST', `/admin/basket-orders/${o.id}/accept`);
    expect(second.json<AdminBasketOrderRow>()).toMatchObject({
      status: 'PaymentPending',
      decidedBy: { id: admin.userId },
    });

    const d = await placeOrder(t, u, { amount: '70000' });
    const declined = await adminCall(t, senior.cookie, 'POST', `/admin/basket-orders/${d.id}/decline`, {
      reason: 'مبلغ با مشتری هماهنگ نشد',
    });
    expect(declined.json<AdminBasketOrderRow>()).toMatchObject({
      status: 'Cancelled',
      declineReason: 'مبلغ با مشتری هماهنگ نشد',
    });
    const decided = (await adminCall(t, senior.cookie, 'GET', '/admin/basket-vip?state=decided')).json<{
      items: AdminBasketOrderRow[];
    }>();
    expect(decided.items.map((i) => i.id)).toEqual(expect.arrayContaining([o.id, d.id]));

    const own = await tetherHolder(t, 0n);
    const mine = await placeOrder(t, own, { amount: '60000' });
    const promoted = await promoteToOperator(t, own, 'senior_operator');
    expect(errorOf(await adminCall(t, promoted.cookie, 'POST', `/admin/basket-orders/${mine.id}/accept`))).toEqual([
      403,
      'OPERATOR_OWN_ACCOUNT',
    ]);
  });
});

describe('settings', () => {
  it('are read, proposed by one operator and take effect when a second approves', async () => {
    const now = (await adminCall(t, operator.cookie, 'GET', '/admin/baskets/settings')).json<BasketSettings>();
    expect(now).toMatchObject({ feeBps: 50, excludedSymbols: [], pendingProposalId: null });
    const { updatedBy: _u, updatedAt: _a, pendingProposalId: _p, ...values } = now;
    const bad = await adminCall(t, senior.cookie, 'POST', '/admin/baskets/settings', {
      ...values,
      construction: { ...values.construction, minAssets: 13, maxAssets: 12 },
    });
    expect(errorOf(bad)).toEqual([400, 'VALIDATION_FAILED']);
    const proposed = await adminCall(t, senior.cookie, 'POST', '/admin/baskets/settings', {
      ...values,
      feeBps: 75,
      excludedSymbols: ['doge'],
    });
    expect(proposed.json<Proposal>()).toMatchObject({
      kind: 'basket_settings',
      effect: { kind: 'basket_settings', before: { feeBps: 50 }, after: { feeBps: 75, excludedSymbols: ['DOGE'] } },
    });
    expect(
      (await adminCall(t, operator.cookie, 'GET', '/admin/baskets/settings')).json<BasketSettings>().pendingProposalId,
    ).toBe(proposed.json<Proposal>().id);
    await approvedByAnother(t, proposed);
    const after = (await adminCall(t, operator.cookie, 'GET', '/admin/baskets/settings')).json<BasketSettings>();
    expect(after).toMatchObject({ feeBps: 75, excludedSymbols: ['DOGE'], pendingProposalId: null });
    // New orders pay the new fee.
    const u = await tetherHolder(t, 0n);
    expect((await placeOrder(t, u)).feeBps).toBe(75);
  });
});
