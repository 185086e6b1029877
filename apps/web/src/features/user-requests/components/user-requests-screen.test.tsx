import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRequest } from '@portal/contract/wallet/user-requests';
import { jsonResponse, renderWithApp } from '@/test/render';
import UserRequestsScreen from './user-requests-screen';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function request(over: Partial<UserRequest> = {}): UserRequest {
  return {
    id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    type: 'OfflineTomanDeposit',
    status: 'Pending',
    currency: 'IRT',
    amount: '1500000',
    fee: '4000',
    rejectReason: null,
    reviewDeadline: '2025-05-03T08:30:00.000Z',
    canCancel: true,
    createdAt: '2025-05-01T08:30:00.000Z',
    updatedAt: '2025-05-01T08:30:00.000Z',
    ...over,
  };
}
const withdrawal = request({
  id: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d',
  type: 'WithdrawalFromTomanWallet',
  amount: '250000',
  fee: '0',
});
const refused = request({
  id: '0a9b8c7d-6e5f-4a3b-8c1d-2e3f4a5b6c7d',
  status: 'Failed',
  rejectReason: 'amount_mismatch',
  canCancel: false,
  reviewDeadline: null,
  updatedAt: '2025-05-02T10:00:00.000Z',
});

/** The server: `GET /user-requests` answers `list(query)`; the cancel endpoints answer `cancel()`. */
function server(list: (q: URLSearchParams) => Response, cancel: () => Response = () => jsonResponse({})) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(input as string, 'http://portal.test');
    if (url.pathname === '/api/user-requests') return list(url.searchParams);
    if (init?.method === 'POST' && /\/cancel$/.test(url.pathname)) return cancel();
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}
const page = (items: UserRequest[], total = items.length, p = 1) =>
  jsonResponse({ items, total, page: p, pageSize: 10 });
const listCalls = () =>
  fetchMock.mock.calls
    .map(([u]) => new URL(u as string, 'http://portal.test'))
    .filter((u) => u.pathname === '/api/user-requests');

describe('the user requests page', () => {
  it('lists the requests with their type, status, amount and fee translated, in Persian digits', async () => {
    server(() => page([request(), withdrawal, refused]));
    renderWithApp(<UserRequestsScreen />, { route: '/user-requests' });
    expect(screen.getByRole('heading', { level: 1, name: 'درخواست‌ها' })).toBeTruthy();
    const items = within(await screen.findByRole('list', { name: 'فهرست درخواست‌ها' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole('heading', { name: 'واریز آفلاین تومان' })).toBeTruthy();
    expect(within(items[0]!).getByText('در انتظار بررسی')).toBeTruthy();
    expect(within(items[0]!).getByText('۱٬۵۰۰٬۰۰۰ تومان')).toBeTruthy();
    expect(within(items[0]!).getByText('۴٬۰۰۰ تومان')).toBeTruthy();
    expect(within(items[0]!).getByText('بررسی تا')).toBeTruthy();
    expect(within(items[1]!).getByRole('heading', { name: 'برداشت از کیف پول تومانی' })).toBeTruthy();
    expect(within(items[1]!).queryByText('کارمزد')).toBeNull();
    expect(within(items[2]!).getByText('ناموفق')).toBeTruthy();
    expect(within(items[2]!).getByText('مبلغ با صورت‌حساب بانک یکی نیست.')).toBeTruthy();
    expect(within(items[2]!).queryByRole('button', { name: /لغو/ })).toBeNull();
    expect(screen.getByText('۳ درخواست')).toBeTruthy();
    expect(listCalls()[0]!.search).toBe('?order=NewestRequest&page=1');
  });

  it('says there are no active requests, and where to make one', async () => {
    server(() => page([]));
    renderWithApp(<UserRequestsScreen />, { route: '/user-requests' });
    expect(await screen.findByText('درخواست فعالی ندارید.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ثبت واریز آفلاین' }).getAttribute('href')).toBe(
      '/wallet/deposit?type=offline',
    );
  });

  it('filters by type and status and orders the list; the filters live in the address; nothing matches', async () => {
    server((q) => (q.get('status') === 'Canceled' ? page([]) : page([request()])));
    renderWithApp(<UserRequestsScreen />, { route: '/user-requests' });
    await screen.findByRole('list', { name: 'فهرست درخواست‌ها' });
    await userEvent.selectOptions(screen.getByLabelText('نوع درخواست'), 'OfflineTomanDeposit');
    await userEvent.selectOptions(screen.getByLabelText('ترتیب'), 'OldestChange');
    await waitFor(() => expect(listCalls().at(-1)!.search).toBe('?type=OfflineTomanDeposit&order=OldestChange&page=1'));
    await userEvent.selectOptions(screen.getByLabelText('وضعیت'), 'Canceled');
    expect(await screen.findByText('درخواستی با این فیلترها پیدا نشد.')).toBeTruthy();
    expect(listCalls().at(-1)!.searchParams.get('status')).toBe('Canceled');
    await userEvent.click(screen.getByRole('link', { name: 'حذف فیلترها' }));
    await waitFor(() => expect(listCalls().at(-1)!.search).toBe('?order=OldestChange&page=1'));
  });

  it('pages with up to 11 page numbers', async () => {
    server((q) => page([request()], 400, Number(q.get('page'))));
    renderWithApp(<UserRequestsScreen />, { route: '/user-requests?page=20' });
    const nav = await screen.findByRole('navigation', { name: 'صفحه‌بندی' });
    const numbers = within(nav).getAllByRole('link', { name: /^صفحهٔ [۰-۹]+$/ });
    expect(numbers).toHaveLength(11);
    expect(numbers[0]!.textContent).toBe('۱۵');
    expect(within(nav).getByRole('link', { name: 'صفحهٔ ۲۰' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'صفحهٔ ۲۱' }).getAttribute('href')).toBe('/user-requests?page=21');
    expect(listCalls()[0]!.searchParams.get('page')).toBe('20');
  });

  it('cancels a pending request after a confirmation, through its own endpoint', async () => {
    let cancelled = false;
    server(
      () => page([cancelled ? { ...withdrawal, status: 'Canceled', canCancel: false } : withdrawal, request()]),
      () => {
        cancelled = true;
        return jsonResponse({
          id: withdrawal.id,
          currency: 'IRT',
          amount: withdrawal.amount,
          status: 'Canceled',
          bankAccountId: '6f1c2a34-0d5e-4b7a-9c21-3e8f4a5b6c7d',
          shebaMasked: 'IR05…9012',
          rejectReason: null,
          payoutAt: null,
          createdAt: withdrawal.createdAt,
          updatedAt: '2025-05-01T09:00:00.000Z',
        });
      },
    );
    renderWithApp(<UserRequestsScreen />, { route: '/user-requests' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'لغو برداشت از کیف پول تومانی به مبلغ ۲۵۰٬۰۰۰ تومان' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'لغو درخواست' });
    expect(within(dialog).getByText(/مبلغ به موجودی قابل استفادهٔ کیف پول برمی‌گردد/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'انصراف' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'لغو برداشت از کیف پول تومانی به مبلغ ۲۵۰٬۰۰۰ تومان' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'لغو درخواست' }));
    // The notice's snackbar is its own chunk: give it time to load on a busy machine.
    expect(await screen.findByText('درخواست لغو شد.', {}, { timeout: 5000 })).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0] as string).toBe(`/api/wallet/withdrawals/${withdrawal.id}/cancel`);
    // The list is read again: the withdrawal is cancelled and no longer offers a cancel button.
    await waitFor(
      () =>
        expect(screen.queryByRole('button', { name: 'لغو برداشت از کیف پول تومانی به مبلغ ۲۵۰٬۰۰۰ تومان' })).toBeNull(),
      { timeout: 5000 },
    );
    const first = within(screen.getByRole('list', { name: 'فهرست درخواست‌ها' })).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('لغوشده')).toBeTruthy();
  });

  it('cancels an offline deposit through the deposit’s endpoint, and says when it can no longer be cancelled', async () => {
    server(
      () => page([request()]),
      () => jsonResponse({ code: 'REQUEST_NOT_CANCELLABLE', message: 'no' }, 409),
    );
    renderWithApp(<UserRequestsScreen />, { route: '/user-requests' });
    await userEvent.click(await screen.findByRole('button', { name: /^لغو واریز آفلاین تومان/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'لغو درخواست' }));
    expect(
      await within(screen.getByRole('dialog')).findByText('این درخواست دیگر در انتظار نیست و لغو آن ممکن نیست.'),
    ).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0] as string).toBe(`/api/wallet/deposits/offline/${request().id}/cancel`);
  });

  it('says why the list did not load, and loads it again', async () => {
    let fail = true;
    server(() => (fail ? jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500) : page([request()])));
    renderWithApp(<UserRequestsScreen />, { route: '/user-requests' });
    expect(await screen.findByText('متأسفانه خطایی رخ داده است.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'تلاش دوباره' }));
    expect(await screen.findByRole('list', { name: 'فهرست درخواست‌ها' })).toBeTruthy();
  });
});
