import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BasketDetail, BasketOperation, BasketOrder, BasketOrderOptions } from '@portal/contract/baskets/orders';
import { queryRows } from '../../src/db/client';
import { basketOrders } from '../../src/db/schema';
import { processBasketOrders } from '../../src/modules/baskets/worker.service';
import type { BasketDeps } from '../../src/modules/baskets/common';
import { valueBasket } from '../../src/modules/baskets/holdings.service';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound, ledgerCounts, systemBalanceOf } from '../helpers/ledger';
import { seedDemoUniverse } from '../helpers/market-doubles';
import { errorOf, get, issuesOf, post } from '../fund-orders/fund-order-helpers';
import {
  basketLedger,
  countOrders,
  fakeTrading,
  order,
  orderRow,
  paidOrder,
  pay,
  placeOrder,
  setPrice,
  tetherHolder,
  USDT,
} from './basket-helpers';

/**
 * Issue 20: basket orders through the API and the worker, every status change, the refund of a failed
 * construction or execution, rebalancing and closing, on the ledger.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoUniverse(t.database.db, t.clock.now);
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});

const depsWith = (over: Partial<BasketDeps>): BasketDeps => ({ ...t.app.baskets, ...over });

describe('creating an order', () => {
  it('the form’s options: limits, fee, my tether, the assets of each exchange (demo), no quiz result yet', async () => {
    const u = await tetherHolder(t, USDT(1234.5));
    const res = await get(t, u.cookie, '/basket-orders/options');
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json<BasketOrderOptions>();
    expect(o).toMatchObject({
      limits: { min: '1000', vipFrom: '50000', specialisedAbove: '200000', max: '1000000000' },
      feeBps: 50,
      latestRisk: null,
      walletAvailable: '1234.5',
      demo: true,
    });
    for (const e of o.exchanges) expect(e.assets.all).toBeGreaterThanOrEqual(e.assets.margin);
    expect(o.exchanges.every((e) => e.assets.all > 4)).toBe(true);
  });

  it('an order not built yet is a basket without holdings or construction', async () => {
    const u = await tetherHolder(t, 0n);
    const o = await placeOrder(t, u);
    const b = (await get(t, u.cookie, `/baskets/${o.id}`)).json<BasketDetail>();
    expect(b).toMatchObject({ status: 'PaymentPending', holdings: [], construction: null, value: null, history: [] });
  });

  it('below 50,000 is PaymentPending; from 50,000 a VIP request; above 200,000 specialised', async () => {
    const u = await tetherHolder(t, 0n);
    const small = await placeOrder(t, u, { amount: '۲٬۰۰۰' });
    expect(small).toMatchObject({
      status: 'PaymentPending',
      outcome: 'payment',
      amount: '2000',
      vip: false,
      specialised: false,
    });
    expect(small.exchanges).toEqual(['binance', 'kucoin']);
    expect(small.marketType).toBe('all');
    const vip = await placeOrder(t, u, { amount: '60000' });
    expect(vip).toMatchObject({ status: 'PendingVip', outcome: 'vip', vip: true, specialised: false });
    const big = await placeOrder(t, u, { amount: '250000' });
    expect(big).toMatchObject({ status: 'PendingVip', vip: true, specialised: true });
  });

  it('refuses every bad input with its rule and writes nothing', async () => {
    const u = await tetherHolder(t, 0n);
    const before = await countOrders(t.database.db);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: '999.999999' }, 'body.amount', 'amountMin'],
      [{ amount: '1000.1234567' }, 'body.amount', 'amountDecimals'],
      [{ amount: '1000000000.000001' }, 'body.amount', 'amountMax'],
      [{ amount: 'abc' }, 'body.amount', 'amountInvalid'],
      [{ amount: '2000', exchanges: [] }, 'body.exchanges', 'exchangesRequired'],
      [{ amount: '2000', risk: 40 }, 'body.risk', 'select'],
      [{ amount: '2000', marketType: 'futures' }, 'body.marketType', 'select'],
    ];
    for (const [body, path, rule] of cases) {
      const res = await order(t, u, body);
      expect(errorOf(res), JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
      expect(issuesOf(res)?.[0], JSON.stringify(body)).toMatchObject({ path, rule });
    }
    expect(await countOrders(t.database.db)).toBe(before);
  });

  it('asks to confirm a risk above the latest quiz result (none taken), and records the confirmation', async () => {
    const u = await tetherHolder(t, 0n);
    const res = await order(t, u, { amount: '2000', riskAcknowledged: false });
    expect(errorOf(res)).toEqual([409, 'RISK_CONFIRMATION_REQUIRED']);
    const ok = await placeOrder(t, u, { riskAcknowledged: true });
    expect(ok).toMatchObject({ riskAcknowledged: true, riskResultId: null });
  });

  it('is idempotent: a replay answers the same order, the key with another body is refused', async () => {
    const u = await tetherHolder(t, 0n);
    const key = randomUUID();
    const a = await order(t, u, { amount: '3000' }, key);
    const b = await order(t, u, { amount: '3000' }, key);
    expect(a.statusCode).toBe(201);
    expect(b.json<BasketOrder>().id).toBe(a.json<BasketOrder>().id);
    expect(errorOf(await order(t, u, { amount: '4000' }, key))).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('needs KYC level one', async () => {
    const u = await tetherHolder(t, 0n);
    await t.database.db.execute(sql`UPDATE users SET kyc_level = 0 WHERE id = ${u.userId}`);
    await t.database.bus.publish({ kind: 'user', id: u.userId });
    expect(errorOf(await order(t, u, { amount: '2000' }))).toEqual([403, 'KYC_REQUIRED']);
  });
});

describe('paying and cancelling', () => {
  it('pays from the tether wallet once: held, NotStarted; twice, another user, over the balance are refused', async () => {
    const u = await tetherHolder(t, USDT(2500));
    const o = await placeOrder(t, u);
    const key = randomUUID();
    const first = await pay(t, u, o.id, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<BasketOrder>()).toMatchObject({ status: 'NotStarted', outcome: 'processing' });
    expect((await pay(t, u, o.id, key)).json<BasketOrder>().id).toBe(o.id);
    expect(errorOf(await pay(t, u, o.id))).toEqual([409, 'BASKET_ORDER_ALREADY_PAID']);
    expect(await balanceOf(t.database.db, u.userId, 'USDT', 'held')).toBe(USDT(2000));
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(USDT(500));

    const other = await tetherHolder(t, USDT(5000));
    expect(errorOf(await pay(t, other, o.id))).toEqual([404, 'NOT_FOUND']);

    const poor = await tetherHolder(t, USDT(1999));
    const p = await placeOrder(t, poor);
    const counts = await ledgerCounts(t.database.db);
    expect(errorOf(await pay(t, poor, p.id))).toEqual([422, 'INSUFFICIENT_BALANCE']);
    expect(await ledgerCounts(t.database.db)).toEqual(counts);
    expect((await orderRow(t.database.db, p.id)).status).toBe('PaymentPending');
  });

  it('a VIP request is not payable until accepted; unpaid orders cancel, paid ones do not', async () => {
    const u = await tetherHolder(t, USDT(100_000));
    const vip = await placeOrder(t, u, { amount: '60000' });
    expect(errorOf(await pay(t, u, vip.id))).toEqual([409, 'BASKET_ORDER_NOT_PAYABLE']);
    const cancelled = await post(t, u.cookie, `/basket-orders/${vip.id}/cancel`, {}, null);
    expect(cancelled.json<BasketOrder>()).toMatchObject({ status: 'Cancelled', outcome: 'cancelled' });
    expect(errorOf(await pay(t, u, vip.id))).toEqual([409, 'BASKET_ORDER_NOT_PAYABLE']);
    const paid = await paidOrder(t, u);
    expect(errorOf(await post(t, u.cookie, `/basket-orders/${paid.id}/cancel`, {}, null))).toEqual([
      409,
      'BASKET_ORDER_NOT_CANCELLABLE',
    ]);
  });

  it('lists my orders newest first, and hides another user’s', async () => {
    const u = await tetherHolder(t, 0n);
    const a = await placeOrder(t, u, { amount: '1000' });
    const b = await placeOrder(t, u, { amount: '1500' });
    const list = (await get(t, u.cookie, '/basket-orders')).json<{ items: BasketOrder[]; total: number }>();
    expect(list.items.map((o) => o.id)).toEqual([b.id, a.id]);
    const other = await tetherHolder(t, 0n);
    expect(errorOf(await get(t, other.cookie, `/basket-orders/${a.id}`))).toEqual([404, 'NOT_FOUND']);
  });
});

describe('the worker', () => {
  it('builds a paid order on the sandbox: InProgress → Analysed, holdings on the ledger, fee taken', async () => {
    await processBasketOrders(t.app.baskets); // the orders paid above
    const u = await tetherHolder(t, USDT(2000));
    const o = await paidOrder(t, u);
    const custody = await systemBalanceOf(t.database.db, 'basket_custody', 'USDT');
    const fees = await systemBalanceOf(t.database.db, 'fees', 'USDT');
    await processBasketOrders(t.app.baskets);
    const row = await orderRow(t.database.db, o.id);
    expect(row.status, row.lastError ?? '').toBe('Analysed');
    expect(row).toMatchObject({ holding: 'held', fee: USDT(10), attempts: 1 });
    expect(await balanceOf(t.database.db, u.userId, 'USDT', 'held')).toBe(0n);
    expect(await systemBalanceOf(t.database.db, 'fees', 'USDT')).toBe(fees + USDT(10));
    expect(await systemBalanceOf(t.database.db, 'basket_custody', 'USDT')).toBe(custody + USDT(1990));
    const holdings = await basketLedger(t.database.db, u.userId, o.id);
    expect(holdings.size).toBeGreaterThanOrEqual(4);
    for (const [, q] of holdings) expect(q).toBeGreaterThan(0n);
    const basket = (await get(t, u.cookie, `/baskets/${o.id}`)).json<BasketDetail>();
    expect(basket.order.status).toBe('Analysed');
    expect(basket.construction?.weights.length).toBeGreaterThanOrEqual(4);
    expect(basket.operations[0]).toMatchObject({ kind: 'build', status: 'completed' });
    // The value is the sum of the holdings at the latest prices: ~1,990 less the exchange's fee.
    const v = await valueBasket(t.database.db, u.userId, o.id, t.clock.now);
    expect(basket.value).toBe((Number(v.value!) / 1e6).toString().replace(/\.?0+$/, '') || '0');
    expect(Number(basket.value)).toBeGreaterThan(1980);
    expect(Number(basket.value)).toBeLessThanOrEqual(1990);
    const list = (await get(t, u.cookie, '/baskets')).json<{ items: { id: string }[] }>();
    expect(list.items.map((i) => i.id)).toContain(o.id);
    await expectLedgerSound(t.database.db);
  });

  it('a construction that cannot meet its constraints ends GenerationFailed and returns the payment', async () => {
    const u = await tetherHolder(t, USDT(3000));
    const o = await paidOrder(t, u, { amount: '3000' });
    const deps = depsWith({ construct: () => ({ ok: false, reason: 'VOLATILITY_TARGET_UNREACHABLE' }) });
    await processBasketOrders(deps);
    const row = await orderRow(t.database.db, o.id);
    expect(row).toMatchObject({ status: 'GenerationFailed', failReason: 'volatility_target_unreachable' });
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(USDT(3000));
    expect(await balanceOf(t.database.db, u.userId, 'USDT', 'held')).toBe(0n);
    const view = (await get(t, u.cookie, `/basket-orders/${o.id}`)).json<BasketOrder>();
    expect(view).toMatchObject({ outcome: 'failed', failReason: 'volatility_target_unreachable' });
    // Its refund is on the ledger once, under the order.
    const journals = await queryRows<{ memo: string }>(
      t.database.db,
      sql`SELECT memo FROM ledger_journals WHERE ref_type = 'BasketOrder' AND ref_id = ${o.id} ORDER BY created_at`,
    );
    expect(journals.map((j) => j.memo)).toEqual(['pay', 'refund']);
    expect(errorOf(await post(t, u.cookie, `/baskets/${o.id}/rebalance`, {}))).toEqual([409, 'BASKET_NOT_READY']);
  });

  it('a refused buy sells back what was bought and refunds the whole amount', async () => {
    const u = await tetherHolder(t, USDT(2000));
    const o = await paidOrder(t, u, { exchanges: ['binance'] });
    const binance = fakeTrading(t, 'binance');
    // Let the construction run, then refuse the smallest weight's asset.
    const { constructBasket } = await import('../../src/modules/baskets/construction');
    const deps = depsWith({
      trading: { binance },
      construct: (input) => {
        const r = constructBasket(input);
        if (r.ok) binance.refuse.add(r.weights.at(-1)!.symbol);
        return r;
      },
    });
    await processBasketOrders(deps);
    const row = await orderRow(t.database.db, o.id);
    expect(row).toMatchObject({ status: 'GenerationFailed', failReason: 'buy_rejected' });
    const bought = binance.orders.filter(
      (x) => x.side === 'buy' && binance.fills.get(x.clientOrderId)?.status === 'filled',
    );
    const sold = binance.orders.filter((x) => x.side === 'sell');
    expect(bought.length).toBeGreaterThan(0);
    expect(sold.map((x) => x.pair).sort()).toEqual(bought.map((x) => x.pair).sort());
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(USDT(2000));
    expect((await basketLedger(t.database.db, u.userId, o.id)).size).toBe(0);
  });

  it('an exchange that does not answer leaves the order InProgress; the next run after the lease finishes it', async () => {
    const u = await tetherHolder(t, USDT(2000));
    const o = await paidOrder(t, u);
    const binance = fakeTrading(t, 'binance', { silent: 1 });
    const kucoin = fakeTrading(t, 'kucoin');
    const deps = depsWith({ trading: { binance, kucoin } });
    await processBasketOrders(deps);
    let row = await orderRow(t.database.db, o.id);
    expect(row.status).toBe('InProgress');
    expect(row.lastError).toContain('no answer');
    // Not taken again while its lease runs.
    await processBasketOrders(deps);
    expect((await orderRow(t.database.db, o.id)).attempts).toBe(1);
    t.clock.advance(3 * 60);
    await processBasketOrders(deps);
    row = await orderRow(t.database.db, o.id);
    expect(row).toMatchObject({ status: 'Analysed', attempts: 2 });
    // Each asset was bought once, whatever the retries.
    const pairs = binance.orders.concat(kucoin.orders).map((x) => x.clientOrderId);
    expect(new Set(pairs).size).toBe(pairs.length);
  });
});

describe('holding a basket', () => {
  it('rebalances to the target after a price move, idempotently; closes back to tether', async () => {
    const u = await tetherHolder(t, USDT(5000));
    const o = await paidOrder(t, u, { amount: '5000', risk: 60 });
    expect(errorOf(await post(t, u.cookie, `/baskets/${o.id}/rebalance-preview`, {}, null))).toEqual([
      409,
      'BASKET_NOT_READY',
    ]);
    await processBasketOrders(t.app.baskets);
    const basket = (await get(t, u.cookie, `/baskets/${o.id}`)).json<BasketDetail>();
    expect(basket.status).toBe('Analysed');
    const top = basket.construction!.weights[0]!.symbol;
    const [price] = (
      await queryRows<{ p: string }>(
        t.database.db,
        sql`SELECT last_price::text AS p FROM crypto_assets WHERE symbol = ${top}`,
      )
    ).map((r) => r.p);
    await setPrice(t.database.db, top, (Number(price) * 2).toString(), t.clock.now);
    const preview = (await post(t, u.cookie, `/baskets/${o.id}/rebalance-preview`, {}, null)).json<{
      needed: boolean;
      trades: { symbol: string; side: string }[];
      driftBefore: number;
      driftAfter: number;
    }>();
    expect(preview.needed).toBe(true);
    expect(preview.trades.find((x) => x.symbol === top)?.side).toBe('sell');
    expect(preview.driftAfter).toBeLessThan(preview.driftBefore);
    const key = randomUUID();
    const done = await post(t, u.cookie, `/baskets/${o.id}/rebalance`, {}, key);
    expect(done.statusCode, done.body).toBe(201);
    const op = done.json<BasketOperation>();
    expect(op).toMatchObject({ kind: 'rebalance', status: 'completed' });
    const again = await post(t, u.cookie, `/baskets/${o.id}/rebalance`, {}, key);
    expect(again.json<BasketOperation>().id).toBe(op.id);
    const after = (await get(t, u.cookie, `/baskets/${o.id}`)).json<BasketDetail>();
    expect(after.drift!).toBeLessThan(preview.driftBefore);
    await expectLedgerSound(t.database.db);

    const wallet = await balanceOf(t.database.db, u.userId, 'USDT');
    const closeKey = randomUUID();
    const closed = await post(t, u.cookie, `/baskets/${o.id}/close`, {}, closeKey);
    expect(closed.statusCode, closed.body).toBe(201);
    const closeOp = closed.json<BasketOperation>();
    expect(closeOp).toMatchObject({ kind: 'close', status: 'completed' });
    expect((await post(t, u.cookie, `/baskets/${o.id}/close`, {}, closeKey)).json<BasketOperation>().id).toBe(
      closeOp.id,
    );
    expect(errorOf(await post(t, u.cookie, `/baskets/${o.id}/close`, {}))).toEqual([409, 'BASKET_CLOSED']);
    const proceeds = (await balanceOf(t.database.db, u.userId, 'USDT')) - wallet;
    expect(proceeds.toString()).toBe((Number(closeOp.proceeds) * 1e6).toFixed(0));
    expect(proceeds).toBeGreaterThan(0n);
    for (const [, q] of await basketLedger(t.database.db, u.userId, o.id)) expect(q).toBe(0n);
    const view = (await get(t, u.cookie, `/baskets/${o.id}`)).json<BasketDetail>();
    expect(view).toMatchObject({ holding: 'closed', value: '0', holdings: [] });
    expect(view.operations.map((x) => x.kind)).toEqual(['close', 'rebalance', 'build']);
    expect(errorOf(await post(t, u.cookie, `/baskets/${o.id}/rebalance-preview`, {}, null))).toEqual([
      409,
      'BASKET_CLOSED',
    ]);
    await expectLedgerSound(t.database.db);
  });

  it('a basket on its target has nothing to rebalance', async () => {
    const u = await tetherHolder(t, USDT(2000));
    const o = await paidOrder(t, u);
    await processBasketOrders(t.app.baskets);
    const counts = await ledgerCounts(t.database.db);
    const res = await post(t, u.cookie, `/baskets/${o.id}/rebalance`, {});
    expect(errorOf(res)).toEqual([409, 'BASKET_REBALANCE_NOT_NEEDED']);
    expect(await ledgerCounts(t.database.db)).toEqual(counts);
    const ops = await t.database.db.select().from(basketOrders).where(eq(basketOrders.id, o.id));
    expect(ops[0]!.holding).toBe('held');
  });
});
