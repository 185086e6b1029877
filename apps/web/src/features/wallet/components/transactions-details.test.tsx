import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TransactionDetails } from '@portal/contract/wallet/wallets';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/test/render';
import { transactionFixture } from '../test-fixtures';
import TransactionsScreen from './transactions-screen';

/**
 * `/transaction` (issue 19): the Jalali date range kept in the address (a reload shows the same list), a
 * range whose end is before its start refused without a request, the pager's 11 page numbers, and each
 * row's details (fees, the order it belongs to with its page, the receipt link).
 */
const fetchMock = vi.fn<typeof fetch>();
const FIRST_PAINT = { timeout: 5000 };
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const FUND_ID = '30000000-0000-4000-8000-000000000001';
const PURCHASE_ID = '40000000-0000-4000-8000-000000000001';
const purchaseRow = transactionFixture({
  id: '1207',
  type: 'Withdrawal',
  refType: 'FundSharePurchase',
  refId: PURCHASE_ID,
  amount: '1000000',
  balanceAfter: '0',
  createdAt: '2025-04-21T06:30:00.000Z',
});
const purchaseDetails: TransactionDetails = {
  ...purchaseRow,
  chain: null,
  fees: [{ currency: 'IRT', amount: '5000' }],
  ref: {
    type: 'FundSharePurchase',
    id: PURCHASE_ID,
    fund: {
      fundId: FUND_ID,
      fundName: { fa: 'صندوق طلای نمونه', ar: 'صندوق الذهب', en: 'Sample gold fund' },
      currency: 'IRT',
      units: '8.0594',
      nav: '123457',
      navDate: '2025-04-21',
    },
    trade: null,
    chain: null,
    request: { type: 'BuyFund', status: 'Successful' },
  },
  hasReceipt: true,
};

/** `GET /transactions` answers `total` rows in all (one page of them), `GET /transactions/:id` the details. */
function server({
  total = 1,
  details = purchaseDetails,
}: { total?: number; details?: TransactionDetails | null } = {}) {
  fetchMock.mockImplementation((input) => {
    const url = new URL(input as string, 'http://portal.test');
    if (url.pathname === '/api/transactions') {
      const items = total > 0 ? [purchaseRow] : [];
      return Promise.resolve(jsonResponse({ items, total, page: Number(url.searchParams.get('page')), pageSize: 10 }));
    }
    if (url.pathname === `/api/transactions/${purchaseRow.id}`) {
      return Promise.resolve(
        details ? jsonResponse(details) : jsonResponse({ code: 'NOT_FOUND', message: 'No such transaction' }, 404),
      );
    }
    return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404));
  });
}

const calls = () => fetchMock.mock.calls.map(([u]) => u as string);
const listCalls = () => calls().filter((u) => u.startsWith('/api/transactions?'));

async function typeDate(legend: RegExp, year: string, month: string, day: string) {
  const group = screen.getByRole('group', { name: legend });
  const yearField = within(group).getByLabelText('سال');
  const dayField = within(group).getByLabelText('روز');
  await userEvent.clear(yearField);
  await userEvent.type(yearField, year);
  await userEvent.selectOptions(within(group).getByLabelText('ماه'), month);
  await userEvent.clear(dayField);
  await userEvent.type(dayField, day);
}

describe('/transaction: the Jalali date range', { timeout: 30_000 }, () => {
  it('asks the range typed in Persian dates as Gregorian days and keeps it in the address', async () => {
    server();
    const { router } = renderWithApp(<TransactionsScreen />, { route: '/transaction?currency=IRT&page=2' });
    await screen.findByRole('list', { name: 'فهرست تراکنش‌ها' }, FIRST_PAINT);

    await typeDate(/^از تاریخ/, '۱۴۰۴', 'اردیبهشت', '۱');
    await typeDate(/^تا تاریخ/, '1404', 'اردیبهشت', '31');
    await userEvent.click(screen.getByRole('button', { name: 'اعمال بازه' }));

    // 1 Ordibehesht 1404 is 21 April 2025; 31 Ordibehesht, 21 May. A new range starts from the first page.
    await waitFor(() => expect(router.state.location.search).toBe('?currency=IRT&from=2025-04-21&to=2025-05-21'));
    await waitFor(() =>
      expect(listCalls().at(-1)).toBe('/api/transactions?currency=IRT&from=2025-04-21&to=2025-05-21&page=1'),
    );
    expect(screen.getByLabelText('بازهٔ زمانی')).toHaveProperty('value', 'range');
  });

  it('a reload of that address shows the range in the form and asks it; clearing the filters empties both', async () => {
    server();
    renderWithApp(<TransactionsScreen />, { route: '/transaction?currency=IRT&from=2025-04-21&to=2025-05-21' });
    await screen.findByRole('list', { name: 'فهرست تراکنش‌ها' }, FIRST_PAINT);
    expect(listCalls()).toEqual(['/api/transactions?currency=IRT&from=2025-04-21&to=2025-05-21&page=1']);
    const from = screen.getByRole('group', { name: /^از تاریخ/ });
    expect(within(from).getByLabelText('ماه')).toHaveProperty('value', '2');
    expect(within(from).getByLabelText<HTMLInputElement>('سال').value).toMatch(/^(1404|۱۴۰۴)$/);

    // Clearing the filters empties the form and the address.
    await userEvent.click(screen.getByRole('button', { name: 'حذف فیلترها' }));
    await waitFor(() => expect(within(from).getByLabelText('ماه')).toHaveProperty('value', ''));
    await waitFor(() => expect(listCalls().at(-1)).toBe('/api/transactions?page=1'));
  });

  it('refuses an end before the start with a translated error and asks nothing', async () => {
    server();
    const { router } = renderWithApp(<TransactionsScreen />, { route: '/transaction' });
    await screen.findByRole('list', { name: 'فهرست تراکنش‌ها' }, FIRST_PAINT);
    const before = listCalls().length;

    await typeDate(/^از تاریخ/, '1404', 'خرداد', '10');
    await typeDate(/^تا تاریخ/, '1404', 'خرداد', '9');
    await userEvent.click(screen.getByRole('button', { name: 'اعمال بازه' }));

    expect(await screen.findByText('تاریخ پایان نمی‌تواند پیش از تاریخ شروع باشد.')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(listCalls()).toHaveLength(before);

    // A date the calendar does not have is refused too (31 Mehr).
    await typeDate(/^تا تاریخ/, '1404', 'مهر', '31');
    await userEvent.click(screen.getByRole('button', { name: 'اعمال بازه' }));
    expect(await screen.findByText('این تاریخ درست نیست.')).toBeTruthy();
    expect(listCalls()).toHaveLength(before);
  });

  it('an address whose range is reversed shows the error instead of asking', async () => {
    server();
    renderWithApp(<TransactionsScreen />, { route: '/transaction?from=2025-05-21&to=2025-04-21' });
    const alert = await screen.findByRole('alert', {}, FIRST_PAINT);
    expect(alert.textContent).toBe('تاریخ پایان نمی‌تواند پیش از تاریخ شروع باشد.');
    expect(listCalls()).toEqual([]);
  });

  it('says nothing matched the filters, apart from having no transactions at all', async () => {
    server({ total: 0 });
    renderWithApp(<TransactionsScreen />, { route: '/transaction?from=2025-04-21' });
    expect(await screen.findByText('تراکنشی با این فیلترها پیدا نشد.', {}, FIRST_PAINT)).toBeTruthy();
    expect(screen.queryByText('تراکنشی ندارید.')).toBeNull();
  });
});

describe('/transaction: paging', { timeout: 30_000 }, () => {
  it('shows 11 page numbers around the current page, each a link that keeps the filters', async () => {
    server({ total: 250 });
    renderWithApp(<TransactionsScreen />, { route: '/transaction?type=Withdrawal&page=13' });
    const pager = await screen.findByRole('navigation', {}, FIRST_PAINT);
    const pages = within(pager)
      .getAllByRole('link')
      .filter((a) => /^[۰-۹]+$/.test(a.textContent ?? ''));
    expect(pages).toHaveLength(11);
    expect(pages.map((a) => a.getAttribute('href'))).toEqual(
      Array.from({ length: 11 }, (_, i) => `/transaction?type=Withdrawal&page=${8 + i}`),
    );
    expect(pages.find((a) => a.getAttribute('aria-current') === 'page')?.getAttribute('href')).toBe(
      '/transaction?type=Withdrawal&page=13',
    );
    expect(pages.map((a) => a.textContent)).toEqual(['۸', '۹', '۱۰', '۱۱', '۱۲', '۱۳', '۱۴', '۱۵', '۱۶', '۱۷', '۱۸']);
    expect(listCalls()).toEqual(['/api/transactions?type=Withdrawal&page=13']);
  });
});

describe('/transaction: a row’s details', { timeout: 30_000 }, () => {
  it('opens from its row: amount, fee, balance after, Jalali date, the fund order with its page, the receipt', async () => {
    server();
    const { router } = renderWithApp(<TransactionsScreen />, { route: '/transaction?currency=IRT' });
    const list = await screen.findByRole('list', { name: 'فهرست تراکنش‌ها' }, FIRST_PAINT);
    await userEvent.click(within(list).getByRole('button', { name: 'خرید واحد صندوق' }));

    const dialog = await screen.findByRole('dialog', { name: 'جزئیات تراکنش' });
    expect(router.state.location.search).toBe('?currency=IRT&tx=1207');
    await within(dialog).findByText('صندوق طلای نمونه');
    expect(calls()).toContain('/api/transactions/1207');

    const text = dialog.textContent ?? '';
    expect(text).toContain('−۱٬۰۰۰٬۰۰۰ تومان');
    expect(text).toContain('کارمزد۵٬۰۰۰ تومان');
    expect(text).toContain('مانده پس از تراکنش۰ تومان');
    expect(text).toMatch(/تاریخ و ساعت.*۱۴۰۴/);
    expect(text).toContain('نوعبرداشت');
    expect(text).toContain('بابتخرید واحد صندوق');
    expect(text).toContain('تعداد واحد۸٫۰۵۹۴');
    expect(text).toContain('قیمت هر واحد (NAV)۱۲۳٬۴۵۷ تومان');
    expect(text).toContain('درخواستخرید واحد صندوقموفق');
    expect(within(dialog).getByRole('link', { name: 'صندوق طلای نمونه' }).getAttribute('href')).toBe(
      `/fund/${FUND_ID}`,
    );
    expect(within(dialog).getByRole('link', { name: 'مشاهدهٔ سفارش خرید' }).getAttribute('href')).toBe(
      `/fund/purchase/payment/${PURCHASE_ID}/success`,
    );
    expect(within(dialog).getByRole('link', { name: 'دریافت رسید' }).getAttribute('href')).toBe(
      '/api/transactions/1207/receipt?format=pdf&lang=fa',
    );

    await userEvent.click(within(dialog).getAllByRole('button', { name: 'بستن' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('?currency=IRT');
  });

  it('opens from the address, says when there is no fee or receipt, and shows an error it cannot load', async () => {
    server({
      details: {
        ...purchaseDetails,
        type: 'Deposit',
        refType: 'ReferrerCredit',
        fees: [],
        hasReceipt: false,
        ref: { type: 'ReferrerCredit', id: 'r-1', fund: null, trade: null, chain: null, request: null },
      },
    });
    const { unmount } = renderWithApp(<TransactionsScreen />, { route: '/transaction?tx=1207' });
    const dialog = await screen.findByRole('dialog', { name: 'جزئیات تراکنش' }, FIRST_PAINT);
    await within(dialog).findByText('بدون کارمزد');
    expect(within(dialog).queryByRole('link', { name: 'دریافت رسید' })).toBeNull();
    unmount();

    server({ details: null });
    renderWithApp(<TransactionsScreen />, { route: '/transaction?tx=1207' });
    const failed = await screen.findByRole('dialog', { name: 'جزئیات تراکنش' }, FIRST_PAINT);
    expect(await within(failed).findByRole('alert')).toBeTruthy();
    expect(within(failed).queryByText('بدون کارمزد')).toBeNull();
  });
});
