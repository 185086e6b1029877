import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TetherMarket } from '@portal/contract/tether/market';
import {
  FUND_ID,
  fundFixture,
  loadFundOrderTexts,
  riskResultsFixture,
  PURCHASE_ID,
  purchaseFixture,
  purchaseQuoteFixture,
  walletsOf,
} from '@/features/fund-orders/test-fixtures';
import { marketFixture, priceFixture, quoteFixture, tradeOf } from '@/features/tether/test-fixtures';
import { accountFixture } from '@/test/account-fixture';
import { kycFixture } from '@/test/kyc-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import { FundPurchaseRoute } from './fund-orders';

configure({ asyncUtilTimeout: 5000 });
beforeAll(loadFundOrderTexts);

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** Receiving 7.5 tether at 105,000 toman: 787,500 toman and a fee of 1,969. */
const MISSING_QUOTE = quoteFixture({ amountOf: 'receive', usdtAmount: '7.5', fiatAmount: '789469', fee: '1969' });

/**
 * A crypto fund in tether (10 at least) and an investor with 5 tether and 5,000,000 toman: the trade moves
 * the quote's amounts between the two wallets, as the ledger does.
 */
function server({ market = marketFixture() }: { market?: TetherMarket } = {}) {
  const balances = { USDT: '5', IRT: '5000000' };
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    const method = init?.method ?? 'GET';
    if (url === '/api/account') return jsonResponse(accountFixture({ user: { kycLevel: 1 } }));
    // Issue 20: a bold latest risk test, so the purchase asks no risk confirmation.
    if (url === '/api/risk-quiz/results') return jsonResponse(riskResultsFixture());
    if (url === '/api/kyc') return jsonResponse(kycFixture());
    if (url === `/api/funds/${FUND_ID}`)
      return jsonResponse(
        fundFixture({ currency: 'USDT', limits: { minPurchase: '10', maxPurchase: null, minRedeemUnits: '1' } }),
      );
    if (url === '/api/wallets') return jsonResponse(walletsOf(balances));
    if (url === `/api/funds/${FUND_ID}/purchase-quote` && method === 'POST') {
      const { amount } = JSON.parse(init?.body as string) as { amount: string };
      return jsonResponse(purchaseQuoteFixture(amount, { currency: 'USDT', walletAvailable: balances.USDT }));
    }
    if (url === `/api/funds/${FUND_ID}/purchases` && method === 'POST') {
      const body = JSON.parse(init?.body as string) as { amount: string };
      return jsonResponse({ ...purchaseFixture({ amount: body.amount, currency: 'USDT' }), redirectUrl: null }, 201);
    }
    if (url === '/api/tether/market') return jsonResponse(market);
    if (url === '/api/tether/price') return jsonResponse(market.price);
    if (url === '/api/tether/quotes' && method === 'POST') return jsonResponse(MISSING_QUOTE, 201);
    if (url === `/api/tether/quotes/${MISSING_QUOTE.id}/execute` && method === 'POST') {
      balances.USDT = '12.5';
      balances.IRT = String(5_000_000 - 789_469);
      return jsonResponse(tradeOf(MISSING_QUOTE), 201);
    }
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

const posts = (path: string | RegExp) =>
  fetchMock.mock.calls.filter(
    ([u, init]) => (typeof path === 'string' ? u === path : path.test(u as string)) && init?.method === 'POST',
  );

function renderRoute() {
  return renderWithApp(
    <Routes>
      <Route path="/fund/purchase/:fundId" element={<FundPurchaseRoute />} />
    </Routes>,
    { route: `/fund/purchase/${FUND_ID}` },
  );
}

async function typeAmount(amount: string) {
  const form = await screen.findByRole('form', { name: 'خرید واحد صندوق' }, { timeout: 10_000 });
  const field = within(form).getByLabelText('مبلغ (تتر)');
  await userEvent.type(field, amount);
  return { form, field };
}

describe('the /fund/purchase route of a tether fund', { timeout: 40_000 }, () => {
  it('buys the missing tether in the same flow, then the purchase of the amount typed', async () => {
    server();
    const { router } = renderRoute();
    const { form, field } = await typeAmount('12.5');
    expect(
      await within(form).findByText('موجودی کیف پول تتر شما ۵ تتر است و برای این خرید ۷٫۵ تتر کم دارید.'),
    ).toBeTruthy();

    await userEvent.click(within(form).getByRole('button', { name: 'اول تتر کسری را بخرید' }));
    const step = await screen.findByRole('dialog', { name: 'خرید تتر کسری' }, { timeout: 10_000 });
    await userEvent.click(await within(step).findByRole('button', { name: 'دریافت قیمت' }));
    expect(await within(step).findByRole('timer')).toBeTruthy();
    expect(JSON.parse(posts('/api/tether/quotes')[0]![1]!.body as string)).toEqual({
      side: 'buy',
      fiat: 'IRT',
      amountOf: 'receive',
      amount: '7.5',
    });
    expect(within(step).getByText('پرداخت می‌کنید').closest('dl')!.textContent).toContain('۷۸۹٬۴۶۹ تومان');
    await userEvent.click(within(step).getByRole('button', { name: 'تأیید و انجام معامله' }));

    // Back on the purchase: the step closed, the amount kept, the balance read again and enough.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'خرید تتر کسری' })).toBeNull());
    expect(await within(form).findByText('موجودی قابل استفاده: ۱۲٫۵ تتر')).toBeTruthy();
    expect(within(form).getByText(/۷٫۵ تتر خریدید و ۷۸۹٬۴۶۹ تومان پرداخت شد/)).toBeTruthy();
    expect(within(form).queryByText(/کم دارید/)).toBeNull();
    expect(field).toHaveProperty('value', '۱۲٫۵');
    expect(posts(/^\/api\/tether\/quotes\/[^/]+\/execute$/)).toHaveLength(1);

    await userEvent.click(within(form).getByRole('checkbox'));
    await userEvent.click(within(form).getByRole('button', { name: 'خرید' }));
    const confirm = await screen.findByRole('dialog', { name: 'تأیید خرید' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'تأیید و خرید' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/fund/purchase/payment/${PURCHASE_ID}/success`));
    expect(JSON.parse(posts(`/api/funds/${FUND_ID}/purchases`)[0]![1]!.body as string)).toEqual({
      amount: '12.5',
      method: 'wallet',
      acceptTerms: true,
    });
    expect(posts(/^\/api\/tether\/quotes\/[^/]+\/execute$/)).toHaveLength(1);
  });

  it('without a fresh tether price, the step says trading waits and buys nothing; the purchase stays short', async () => {
    server({ market: marketFixture({ price: priceFixture({ status: 'stale', buy: null, sell: null, mid: null }) }) });
    renderRoute();
    const { form, field } = await typeAmount('12.5');
    await userEvent.click(await within(form).findByRole('button', { name: 'اول تتر کسری را بخرید' }));
    const step = await screen.findByRole('dialog', { name: 'خرید تتر کسری' }, { timeout: 10_000 });
    expect(await within(step).findByText(/قیمت تازه‌ای از بازار نرسیده است/)).toBeTruthy();
    await userEvent.click(within(step).getByRole('button', { name: 'بازگشت به خرید صندوق' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'خرید تتر کسری' })).toBeNull());
    expect(field).toHaveProperty('value', '۱۲٫۵');
    expect(within(form).getByText(/۷٫۵ تتر کم دارید/)).toBeTruthy();
    expect(posts('/api/tether/quotes')).toHaveLength(0);
  });
});
