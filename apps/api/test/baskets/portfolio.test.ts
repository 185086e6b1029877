import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioHistory, PortfolioState } from '@portal/contract/account/portfolio';
import type { BasketDetail } from '@portal/contract/baskets/orders';
import { toMinor } from '@portal/contract/core/money';
import { processBasketOrders } from '../../src/modules/baskets/worker.service';
import { rebuildDays } from '../../src/modules/portfolio/portfolio.service';
import { addDays } from '../../src/modules/portfolio/valuation';
import { tehranDateOf } from '@portal/contract/funds/orders';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectLedgerSound } from '../helpers/ledger';
import { seedDemoUniverse } from '../helpers/market-doubles';
import { get } from '../fund-orders/fund-order-helpers';
import { paidOrder, tetherHolder, USDT } from './basket-helpers';

/** Issue 20: the portfolio's `baskets` kind is the baskets' holdings at the latest prices. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoUniverse(t.database.db, t.clock.now);
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});

describe('the portfolio with a basket', () => {
  it('values the basket in the baskets kind; the wallet keeps only the tether not invested', async () => {
    const u = await tetherHolder(t, USDT(2500));
    const o = await paidOrder(t, u);
    await processBasketOrders(t.app.baskets);
    const basket = (await get(t, u.cookie, `/baskets/${o.id}`)).json<BasketDetail>();
    expect(basket.status).toBe('Analysed');
    const res = await get(t, u.cookie, '/account/portfolio/state?currency=USDT');
    expect(res.statusCode, res.body).toBe(200);
    const state = res.json<PortfolioState>();
    expect(state.heldKinds).toEqual(expect.arrayContaining(['baskets', 'wallet']));
    expect(state.byKind.baskets).toBe(basket.value);
    const h = state.holdings.find((x) => x.key === `basket:${o.id}`);
    expect(h).toMatchObject({ kind: 'baskets', currency: 'USDT', value: basket.value, costBasis: '2000' });
    expect(state.byKind.wallet).toBe('500');
    expect(toMinor(state.total!, 'USDT')).toBe(toMinor(basket.value!, 'USDT') + USDT(500));
    // The basket is not a loss: the profit is its value less what it cost.
    const all = state.pnl.find((p) => p.window === 'all')!;
    expect(toMinor(all.profit, 'USDT')).toBe(toMinor(basket.value!, 'USDT') - USDT(2000));
  });

  it('the day rebuild values a basket at the day’s closes', async () => {
    const u = await tetherHolder(t, USDT(2000));
    const o = await paidOrder(t, u);
    await processBasketOrders(t.app.baskets);
    t.clock.advance(2 * 86_400);
    const today = tehranDateOf(t.clock.now);
    const rows = await rebuildDays(t.database.db, u.userId, addDays(today, -1), addDays(today, -1));
    expect(BigInt(rows[0]!.value_usdt!)).toBeGreaterThan(0n);
    const hist = (await get(t, u.cookie, '/account/portfolio/history?currency=USDT&days=7')).json<PortfolioHistory>();
    expect(hist.days.length).toBeGreaterThan(0);
    expect(o.id).toBeTruthy();
  });
});
