import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/test/render';
import { WalletRoute } from './wallet';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const ids = {
  IRR: '00000000-0000-4000-8000-000000000001',
  IRT: '00000000-0000-4000-8000-000000000002',
  USD: '00000000-0000-4000-8000-000000000003',
  USDT: '00000000-0000-4000-8000-000000000004',
} as const;
const live = {
  status: 'live',
  buy: '1050000',
  sell: '1040000',
  mid: '1045000',
  at: '2025-05-01T08:30:00.000Z',
  seq: 1,
  demo: false,
};

function server() {
  fetchMock.mockImplementation(async (input) => {
    const url = input as string;
    if (url === '/api/wallets')
      return jsonResponse({
        items: (['IRR', 'IRT', 'USD', 'USDT'] as const).map((currency) => ({
          walletId: ids[currency],
          currency,
          available: currency === 'IRT' ? '2000000' : '0',
          held: '0',
          total: currency === 'IRT' ? '2000000' : '0',
        })),
      });
    if (url.startsWith('/api/wallets/'))
      return jsonResponse({
        wallet: { walletId: ids.IRT, currency: 'IRT', available: '2000000', held: '0', total: '2000000' },
        items: [],
        total: 0,
        page: 1,
        pageSize: 10,
      });
    if (url === '/api/tether/price') return jsonResponse(live);
    if (url === '/api/tether/market')
      return jsonResponse({
        price: live,
        feeBps: 25,
        quoteTtlSeconds: 12,
        minTradeToman: '100000',
        dailyLimitToman: '500000000',
        dailyRemainingToman: '500000000',
        requiredKycLevel: 1,
        kycLevel: 1,
      });
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

describe('the /wallet route', { timeout: 30_000 }, () => {
  it('puts the tether wallet beside the toman one, and opens the tether feature’s conversion modal from a card', async () => {
    server();
    renderWithApp(<WalletRoute />, { route: '/wallet' });
    const toman = await screen.findByRole('link', { name: /^تومان:/ }, { timeout: 5000 });
    const cards = toman.closest('ul')!;
    const names = within(cards)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(names).toEqual(['تومان', 'تتر', 'ریال', 'دلار']);

    // The toman, rial and tether cards convert; the dollar card does not.
    expect(
      within(cards)
        .getAllByRole('button', { name: /^تبدیل/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['تبدیل تومان به تتر', 'تبدیل تتر به تومان یا ریال', 'تبدیل ریال به تتر']);
    // Nothing of the modal loads before it is asked for.
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/tether/market')).toBe(false);

    await userEvent.click(within(cards).getByRole('button', { name: 'تبدیل تومان به تتر' }));
    const dialog = await screen.findByRole('dialog', { name: 'تبدیل تومان به تتر' }, { timeout: 5000 });
    expect(await within(dialog).findByLabelText('مبلغ (تومان)')).toBeTruthy();
    expect(within(dialog).getByText('موجودی کیف پول تومان: ۲٬۰۰۰٬۰۰۰ تومان')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'انصراف' }));
    expect(await screen.findByRole('link', { name: /^تتر:/ })).toBeTruthy();
  });
});
