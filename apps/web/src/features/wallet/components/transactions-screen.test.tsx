import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/test/render';
import { transactionFixture } from '../test-fixtures';
import TransactionsScreen from './transactions-screen';

const fetchMock = vi.fn<typeof fetch>();
const FIRST_PAINT = { timeout: 5000 };
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** `GET /transactions` answers every row for no filter and none for any filter. */
function server() {
  fetchMock.mockImplementation((input) => {
    const url = new URL(input as string, 'http://portal.test');
    if (url.pathname !== '/api/transactions')
      return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404));
    const filtered = [...url.searchParams.keys()].some((k) => k !== 'page');
    const items = filtered
      ? []
      : [
          transactionFixture({ type: 'Withdrawal', refType: 'FundSharePurchase', amount: '500000' }),
          transactionFixture({ currency: 'USDT', refType: 'GiftCard', amount: '3.25', balanceAfter: '3.25' }),
          transactionFixture({ refType: 'DepositReturn', amount: '40000' }),
          transactionFixture({ type: 'Deposit', refType: 'Withdrawal', amount: '120000' }),
        ];
    return Promise.resolve(jsonResponse({ items, total: items.length, page: 1, pageSize: 10 }));
  });
}

const transactionCalls = () =>
  fetchMock.mock.calls.map(([u]) => u as string).filter((u) => u.startsWith('/api/transactions'));

describe('/transaction', { timeout: 30_000 }, () => {
  it('lists every wallet’s movements with their kind and direction translated', async () => {
    server();
    renderWithApp(<TransactionsScreen />, { route: '/transaction' });
    const list = await screen.findByRole('list', { name: 'فهرست تراکنش‌ها' }, FIRST_PAINT);
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^خرید واحد صندوقبرداشت – .+−۵۰۰٬۰۰۰ تومانمانده: /),
      expect.stringMatching(/^کارت هدیهواریز – .+\+۳٫۲۵ تترمانده: ۳٫۲۵ تتر$/),
      expect.stringMatching(/^بازگشت واریزواریز – .+\+۴۰٬۰۰۰ تومانمانده: /),
      // A cancelled or rejected withdrawal's money coming back is not called a withdrawal.
      expect.stringMatching(/^بازگشت برداشتواریز – .+\+۱۲۰٬۰۰۰ تومانمانده: /),
    ]);
    expect(screen.getByText('۴ تراکنش')).toBeTruthy();
    expect(transactionCalls()).toEqual(['/api/transactions?page=1']);
  });

  it('filters through the contract’s query (wallet, direction, kind, period) and says when nothing matches', async () => {
    server();
    const { router } = renderWithApp(<TransactionsScreen />, { route: '/transaction?page=3' });
    await screen.findByRole('list', { name: 'فهرست تراکنش‌ها' }, FIRST_PAINT);

    await userEvent.selectOptions(screen.getByLabelText('کیف پول'), 'تومان');
    await userEvent.selectOptions(screen.getByLabelText('نوع'), 'برداشت');
    await userEvent.selectOptions(screen.getByLabelText('بابت'), 'خرید واحد صندوق');
    expect(await screen.findByText('تراکنشی با این فیلترها پیدا نشد.')).toBeTruthy();
    // A new filter starts again from the first page.
    expect(router.state.location.search).toBe('?currency=IRT&type=Withdrawal&refType=FundSharePurchase');
    expect(transactionCalls().at(-1)).toBe(
      '/api/transactions?currency=IRT&type=Withdrawal&refType=FundSharePurchase&page=1',
    );

    await userEvent.selectOptions(screen.getByLabelText('بازهٔ زمانی'), '۳۰ روز گذشته');
    await waitFor(() => expect(transactionCalls().at(-1)).toMatch(/&from=\d{4}-\d{2}-\d{2}&page=1$/));

    await userEvent.click(screen.getByRole('button', { name: 'حذف فیلترها' }));
    await screen.findByRole('list', { name: 'فهرست تراکنش‌ها' }, FIRST_PAINT);
    expect(router.state.location.search).toBe('');
  });

  it('shows “no transactions” to a user who has none', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ items: [], total: 0, page: 1, pageSize: 10 }));
    renderWithApp(<TransactionsScreen />, { route: '/transaction' });
    expect(await screen.findByText('تراکنشی ندارید.', {}, FIRST_PAINT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'حذف فیلترها' })).toBeNull();
  });
});
