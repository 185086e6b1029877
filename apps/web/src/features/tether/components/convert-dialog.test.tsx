import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Currency } from '@portal/contract/core/money';
import { accountFixture } from '@/test/account-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import { marketFixture, QUOTE_IDS, quoteFixture, tradeOf, walletsFixture } from '../test-fixtures';
import ConvertDialog from './convert-dialog';

const fetchMock = vi.fn<typeof fetch>();
const FIRST_PAINT = { timeout: 5000 };
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** Selling 12.345678 tether for rial at 1,040,000 rials: 12,839,505 rials less a fee of 32,099. */
const SELL_QUOTE = quoteFixture({
  id: QUOTE_IDS[1],
  side: 'sell',
  fiat: 'IRR',
  price: '1040000',
  usdtAmount: '12.345678',
  fiatAmount: '12807406',
  fee: '32099',
});

function server(balances: Partial<Record<Currency, string>>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    const method = init?.method ?? 'GET';
    if (url === '/api/account') return jsonResponse(accountFixture({ user: { kycLevel: 1 } }));
    if (url === '/api/wallets') return jsonResponse(walletsFixture(balances));
    if (url === '/api/tether/market') return jsonResponse(marketFixture());
    if (url === '/api/tether/price') return jsonResponse(marketFixture().price);
    if (url === '/api/tether/quotes' && method === 'POST') return jsonResponse(SELL_QUOTE, 201);
    if (url === `/api/tether/quotes/${SELL_QUOTE.id}/execute` && method === 'POST')
      return jsonResponse(tradeOf(SELL_QUOTE), 201);
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

const posts = (path: string) => fetchMock.mock.calls.filter(([u, init]) => u === path && init?.method === 'POST');

describe('the wallet’s conversion modal', { timeout: 30_000 }, () => {
  it('toman to tether: 25, 50, 75 and 100 % of the balance, the whole balance, the live price and the estimate', async () => {
    server({ IRT: '1000000' });
    renderWithApp(<ConvertDialog from="IRT" onClose={() => {}} />, { route: '/wallet' });
    const dialog = await screen.findByRole('dialog', { name: 'تبدیل تومان به تتر' }, FIRST_PAINT);
    const amount = await within(dialog).findByLabelText('مبلغ (تومان)', undefined, FIRST_PAINT);
    expect(within(dialog).getByText('قیمت لحظه‌ای هر تتر').closest('dl')!.textContent).toContain('۱۰۵٬۰۰۰ تومان');
    expect(within(dialog).getByText('موجودی کیف پول تومان: ۱٬۰۰۰٬۰۰۰ تومان')).toBeTruthy();

    const shares = within(dialog).getByRole('group', { name: 'بخشی از موجودی' });
    for (const [share, shown] of [
      ['۲۵٪', '۲۵۰٬۰۰۰'],
      ['۵۰٪', '۵۰۰٬۰۰۰'],
      ['۷۵٪', '۷۵۰٬۰۰۰'],
      ['۱۰۰٪', '۱٬۰۰۰٬۰۰۰'],
    ] as const) {
      await userEvent.click(within(shares).getByRole('button', { name: `${share} موجودی` }));
      expect(amount).toHaveProperty('value', shown);
    }
    await userEvent.clear(amount);
    await userEvent.click(within(dialog).getByRole('button', { name: 'همهٔ موجودی' }));
    expect(amount).toHaveProperty('value', '۱٬۰۰۰٬۰۰۰');
    const estimate = within(dialog).getByText('معادل دریافتی').closest('dl')!;
    expect(estimate.textContent).toContain('≈ ۹٫۵ تتر');
    expect(estimate.textContent).toContain('کارمزد (۰٫۲۵٪)≈ ۲٬۵۰۰ تومان');
  });

  it('tether to rial: shares of a six-decimal balance, the quote with its countdown, the trade', async () => {
    server({ USDT: '12.345678' });
    renderWithApp(<ConvertDialog from="USDT" onClose={() => {}} />, { route: '/wallet' });
    const dialog = await screen.findByRole('dialog', { name: 'تبدیل تتر به تومان یا ریال' }, FIRST_PAINT);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'ریال' }, FIRST_PAINT));
    const amount = within(dialog).getByLabelText('مقدار تتر');
    for (const [share, shown] of [
      ['۲۵٪', '۳٫۰۸۶۴۱۹'],
      ['۵۰٪', '۶٫۱۷۲۸۳۹'],
      ['۷۵٪', '۹٫۲۵۹۲۵۸'],
      ['۱۰۰٪', '۱۲٫۳۴۵۶۷۸'],
    ] as const) {
      await userEvent.click(within(dialog).getByRole('button', { name: `${share} موجودی` }));
      expect(amount).toHaveProperty('value', shown);
    }
    expect(within(dialog).getByText('قیمت لحظه‌ای هر تتر').closest('dl')!.textContent).toContain('۱٬۰۴۰٬۰۰۰ ریال');

    await userEvent.click(within(dialog).getByRole('button', { name: 'دریافت قیمت' }));
    expect(await within(dialog).findByRole('timer')).toBeTruthy();
    expect(within(dialog).getByRole('timer').textContent).toMatch(/^اعتبار قیمت: (۱۲|۱۱) ثانیه$/);
    expect(JSON.parse(posts('/api/tether/quotes')[0]![1]!.body as string)).toEqual({
      side: 'sell',
      fiat: 'IRR',
      amountOf: 'pay',
      amount: '12.345678',
    });
    const details = within(dialog).getByText('می‌فروشید').closest('dl')!;
    expect(details.textContent).toContain('می‌فروشید۱۲٫۳۴ تتر');
    expect(details.textContent).toContain('دریافت می‌کنید۱۲٬۸۰۷٬۴۰۶ ریال');
    expect(details.textContent).toContain('کارمزد (۰٫۲۵٪)۳۲٬۰۹۹ ریال');
    // All six decimals on request.
    await userEvent.click(within(dialog).getByRole('button', { name: 'نمایش همهٔ رقم‌های اعشار' }));
    expect(details.textContent).toContain('می‌فروشید۱۲٫۳۴۵۶۷۸ تتر');

    await userEvent.click(within(dialog).getByRole('button', { name: 'تأیید و انجام معامله' }));
    expect(await within(dialog).findByText('فروش تتر انجام شد')).toBeTruthy();
    await waitFor(() => expect(posts(`/api/tether/quotes/${SELL_QUOTE.id}/execute`)).toHaveLength(1));
  });
});
