import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/test/render';
import { transactionFixture, WALLET_IDS, walletsFixture } from '../test-fixtures';
import WalletScreen from './wallet-screen';

const fetchMock = vi.fn<typeof fetch>();
const FIRST_PAINT = { timeout: 5000 };
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const historyUrl = (walletId: string, page = 1) => `/api/wallets/${walletId}/transactions?page=${page}`;

function server(history: (url: string) => Response) {
  fetchMock.mockImplementation((input) => {
    const url = input as string;
    if (url === '/api/wallets')
      return Promise.resolve(
        jsonResponse(
          walletsFixture({
            IRT: { available: '1250000', held: '120000', total: '1370000' },
            USDT: { available: '12.5', held: '0', total: '12.5' },
          }),
        ),
      );
    if (url.startsWith('/api/wallets/')) return Promise.resolve(history(url));
    return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404));
  });
}

// Lazy chunks and MUI on a busy two-core machine: the first paint may take a few seconds.
describe('/wallet', { timeout: 30_000 }, () => {
  it('shows the four balances in Persian digits and the toman wallet’s history by default', async () => {
    server(() =>
      jsonResponse({
        wallet: walletsFixture().items[1],
        items: [
          transactionFixture({ type: 'Withdrawal', refType: 'Withdrawal', amount: '120000', balanceAfter: '1250000' }),
          transactionFixture({ amount: '1370000', balanceAfter: '1370000' }),
        ],
        total: 2,
        page: 1,
        pageSize: 10,
      }),
    );
    renderWithApp(<WalletScreen />, { route: '/wallet' });

    const toman = await screen.findByRole('link', { name: /^تومان:/ }, FIRST_PAINT);
    expect(toman.textContent).toContain('۱٬۲۵۰٬۰۰۰');
    expect(toman.textContent).toContain('در انتظار: ۱۲۰٬۰۰۰');
    expect(toman.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('link', { name: /^تتر:/ }).textContent).toContain('۱۲٫۵');

    const history = await screen.findByRole('list', { name: 'تاریخچهٔ کیف پول تومان' });
    const rows = within(history).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('برداشت از کیف پول');
    expect(rows[0]!.textContent).toContain('−۱۲۰٬۰۰۰ تومان');
    expect(rows[0]!.textContent).toContain('مانده: ۱٬۲۵۰٬۰۰۰ تومان');
    expect(rows[1]!.textContent).toContain('واریز به کیف پول');
    expect(rows[1]!.textContent).toContain('+۱٬۳۷۰٬۰۰۰ تومان');
    expect(fetchMock.mock.calls.map(([u]) => u)).toContain(historyUrl(WALLET_IDS.IRT));
    // One page: no pager.
    expect(screen.queryByRole('navigation', { name: 'صفحه‌بندی' })).toBeNull();
    expect(screen.getByRole('link', { name: 'برداشت تومان' }).getAttribute('href')).toBe('/wallet/withdraw');
  });

  it('says so when the chosen wallet has no history, and switches wallets through the address', async () => {
    server(() => jsonResponse({ wallet: walletsFixture().items[3], items: [], total: 0, page: 1, pageSize: 10 }));
    const { router } = renderWithApp(<WalletScreen />, { route: '/wallet' });
    await userEvent.click(await screen.findByRole('link', { name: /^تتر:/ }, FIRST_PAINT));
    expect(router.state.location.search).toBe(`?walletId=${WALLET_IDS.USDT}`);
    expect(await screen.findByRole('heading', { name: 'تاریخچهٔ کیف پول تتر' })).toBeTruthy();
    expect(await screen.findByText('هنوز تراکنشی در این کیف پول ندارید.')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([u]) => u)).toContain(historyUrl(WALLET_IDS.USDT));
  });

  it('pages the history with up to 11 page numbers, the current one marked', async () => {
    server((url) =>
      jsonResponse({
        wallet: walletsFixture().items[1],
        items: [transactionFixture()],
        total: 200,
        page: Number(new URL(url, 'http://x').searchParams.get('page')),
        pageSize: 10,
      }),
    );
    renderWithApp(<WalletScreen />, { route: `/wallet?walletId=${WALLET_IDS.IRT}&page=12` });
    const pager = await screen.findByRole('navigation', { name: 'صفحه‌بندی' }, FIRST_PAINT);
    const pages = within(pager)
      .getAllByRole('link')
      .filter((a) => /^صفحهٔ [۰-۹]+$/.test(a.getAttribute('aria-label') ?? ''));
    expect(pages.map((a) => a.textContent)).toEqual(['۷', '۸', '۹', '۱۰', '۱۱', '۱۲', '۱۳', '۱۴', '۱۵', '۱۶', '۱۷']);
    const current = within(pager).getByRole('link', { name: 'صفحهٔ ۱۲' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(within(pager).getByRole('link', { name: 'صفحهٔ بعد' }).getAttribute('href')).toBe(
      `/wallet?walletId=${WALLET_IDS.IRT}&page=13`,
    );
    expect(fetchMock.mock.calls.map(([u]) => u)).toContain(historyUrl(WALLET_IDS.IRT, 12));
  });

  it('shows a translated error with a retry when the history cannot be read', async () => {
    server(() => jsonResponse({ code: 'NOT_FOUND', message: 'No such wallet' }, 404));
    renderWithApp(<WalletScreen />, { route: '/wallet?walletId=00000000-0000-4000-8000-0000000000ff' });
    const alert = await screen.findByRole('alert', {}, FIRST_PAINT);
    expect(alert.textContent).toContain('اطلاعات درخواستی پیدا نشد.');
    expect(within(alert).getByRole('button', { name: 'تلاش دوباره' })).toBeTruthy();
  });
});
