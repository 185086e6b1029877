import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminWithdrawalDetail } from '@portal/contract/admin/money-desk';
import type { AdminOfflineDeposit } from '@portal/contract/admin/offline-deposits';
import type { AdminUserDetail } from '@portal/contract/admin/admin';
import { ROLE_PERMISSIONS, type Permission, type Role } from '@portal/contract/admin/roles';
import { createQueryClient } from '@/lib/query-client';
import { accountFixture } from '@/test/account-fixture';
import { jsonResponse } from '@/test/render';
import { AppProvider } from '../provider';
import { routes } from '../router';

/*
 * The console's money desk through the real routes: the withdrawal and offline deposit queues, a
 * request's page and its decisions, and a user's wallets. The server is a fetch double that records
 * what was sent.
 */

configure({ asyncUtilTimeout: 5000 });

type Handler = (path: string, init: RequestInit | undefined, query: URLSearchParams) => Response | undefined;

const USER_ID = '7d4f6a0e-3b1c-4f5e-9a2b-1c2d3e4f5a6b';
const WITHDRAWAL_ID = '3c2b1a09-8f7e-4d6c-9b5a-493827161504';
const DEPOSIT_ID = '5e4d3c2b-1a09-4f8e-8d7c-6b5a49382716';
const RECEIPT_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const me = (role: Role, permissions: readonly Permission[] = ROLE_PERMISSIONS[role]) => ({
  id: '11111111-2222-4333-8444-555555555555',
  role,
  permissions: [...permissions],
  firstName: 'سارا',
  lastName: 'اپراتور',
});

function renderConsole(path: string, handler: Handler, role: Role) {
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x');
    if (url.pathname === '/api/account') return Promise.resolve(jsonResponse(accountFixture({ user: { role } })));
    const answer = handler(url.pathname, init, url.searchParams);
    return Promise.resolve(answer ?? jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider queryClient={createQueryClient({ queries: { retry: false } })}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  const sent = (method: string, p: string) =>
    fetchMock.mock.calls
      .filter(
        ([u, i]) =>
          (typeof u === 'string' ? u : u instanceof URL ? u.href : u.url).split('?')[0] === p &&
          (i?.method ?? 'GET') === method,
      )
      .map(([, i]) => (i?.body ? (JSON.parse(i.body as string) as unknown) : undefined));
  return { router, sent };
}

const SHEBA = 'IR820170000000123456781357';
const SHEBA_SHOWN = 'IR۸۲ ۰۱۷۰ ۰۰۰۰ ۰۰۱۲ ۳۴۵۶ ۷۸۱۳ ۵۷';

const owner = { id: USER_ID, mobile: '+989121112233', firstName: 'علی', lastName: 'رضایی' };

const withdrawal = (over: Partial<AdminWithdrawalDetail> = {}): AdminWithdrawalDetail => ({
  id: WITHDRAWAL_ID,
  currency: 'IRT',
  amount: '1250000',
  status: 'Pending',
  state: 'Pending',
  bankAccountId: 'b0b0b0b0-0000-4000-8000-000000000001',
  sheba: SHEBA,
  shebaMasked: 'IR8201****************1357',
  rejectReason: null,
  payoutAt: null,
  createdAt: '2025-08-01T09:00:00.000Z',
  updatedAt: '2025-08-01T09:00:00.000Z',
  user: owner,
  cardNumberMasked: '603799******1234',
  reviewComment: null,
  reviewerId: null,
  reviewedAt: null,
  approvalsNeeded: 1,
  firstApproval: null,
  ...over,
});

const deposit = (over: Partial<AdminOfflineDeposit> = {}): AdminOfflineDeposit => ({
  id: DEPOSIT_ID,
  currency: 'IRT',
  amount: '2000000',
  fee: '4000',
  credited: '1996000',
  status: 'Pending',
  state: 'Pending',
  receiptNumber: 'AB12345',
  destination: 'mellat',
  depositDate: '2025-07-30',
  receiptFileId: RECEIPT_ID,
  rejectReason: null,
  reviewDeadline: '2025-08-03T09:00:00.000Z',
  canCancel: true,
  createdAt: '2025-08-01T09:00:00.000Z',
  updatedAt: '2025-08-01T09:00:00.000Z',
  destinationSheba: 'IR060120000000004482913570',
  reviewComment: null,
  reviewerId: null,
  reviewedAt: null,
  approvalsNeeded: 1,
  firstApproval: null,
  user: owner,
  ...over,
});

/** The request with this test's operator's first approval, still pending. */
const mine = (w: AdminWithdrawalDetail): AdminWithdrawalDetail => ({
  ...w,
  firstApproval: {
    operatorId: '11111111-2222-4333-8444-555555555555',
    mobile: '+989121000001',
    firstName: 'سارا',
    lastName: 'اپراتور',
    at: '2025-08-01T10:00:00.000Z',
  },
});

const page = <T,>(items: T[]) => jsonResponse({ items, total: items.length, page: 1, pageSize: 20 });

describe('the money desk', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists pending withdrawals with Persian amounts; the page shows the masked card; approving asks first', async () => {
    let approved = false;
    const { router, sent } = renderConsole(
      '/admin/withdrawals',
      (path, init, query) => {
        if (path === '/api/admin/me') return jsonResponse(me('senior_operator'));
        if (path === '/api/admin/withdrawals') return page(query.get('status') === 'Pending' ? [withdrawal()] : []);
        if (path === `/api/admin/withdrawals/${WITHDRAWAL_ID}`) return jsonResponse(withdrawal());
        if (path === `/api/admin/withdrawals/${WITHDRAWAL_ID}/approve` && init?.method === 'POST') {
          approved = true;
          return jsonResponse(withdrawal({ state: 'Approved', status: 'InProgress' }));
        }
        return undefined;
      },
      'senior_operator',
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'صف برداشت' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'در انتظار بررسی', selected: true })).toBeTruthy();
    const rows = within(await screen.findByRole('list', { name: 'صف برداشت' })).getAllByRole('link');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('علی رضایی')).toBeTruthy();
    expect(within(rows[0]!).getByText('۱٬۲۵۰٬۰۰۰ تومان')).toBeTruthy();
    // The whole payout sheba, grouped, left to right (not `IR8201…1357`).
    const listed = within(rows[0]!).getByTitle(SHEBA);
    expect(listed.textContent).toBe(SHEBA_SHOWN);
    expect(listed.getAttribute('dir')).toBe('ltr');

    // Another tab asks the server for that status; an empty one says so.
    await userEvent.click(screen.getByRole('tab', { name: 'ردشده' }));
    expect(await screen.findByText('هنوز برداشتی رد نشده است.')).toBeTruthy();
    expect(router.state.location.search).toBe('?status=Rejected');
    await userEvent.click(screen.getByRole('tab', { name: 'در انتظار بررسی' }));

    await userEvent.click(within(await screen.findByRole('list', { name: 'صف برداشت' })).getAllByRole('link')[0]!);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'درخواست برداشت تومانی' }, { timeout: 10_000 }),
    ).toBeTruthy();
    const destination = screen.getByRole('region', { name: 'حساب مقصد' });
    expect(within(destination).getByText('۶۰۳۷ ۹۹** **** ۱۲۳۴')).toBeTruthy();
    expect(within(destination).getByText('بانک ملی ایران')).toBeTruthy();
    // The sheba to pay, whole (IR and 24 digits), grouped and left to right, copied as the bank takes it.
    const sheba = within(destination).getByTitle(SHEBA);
    expect(sheba.textContent).toBe(SHEBA_SHOWN);
    expect(sheba.getAttribute('dir')).toBe('ltr');
    expect(destination.textContent).not.toContain('*'.repeat(4) + '۱۳۵۷');
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(within(destination).getByRole('button', { name: 'کپی شمارهٔ شبا' }));
    expect(writeText).toHaveBeenCalledWith(SHEBA);
    expect(await screen.findByText('شمارهٔ شبا کپی شد.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'علی رضایی' }).getAttribute('href')).toBe(`/admin/users/${USER_ID}`);

    await userEvent.click(screen.getByRole('button', { name: 'تأیید' }));
    const dialog = await screen.findByRole('dialog', { name: 'تأیید این درخواست؟' });
    expect(within(dialog).getByText(/نخستین چرخهٔ پایا/)).toBeTruthy();
    expect(approved).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'بله، تأیید شود' }));
    await waitFor(() => expect(sent('POST', `/api/admin/withdrawals/${WITHDRAWAL_ID}/approve`)).toHaveLength(1));
    expect(await screen.findByText('برداشت تأیید شد.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/withdrawals'));
  });

  it('rejects a withdrawal only with a reason, and sends the reason and the internal comment', async () => {
    const { sent } = renderConsole(
      `/admin/withdrawals/${WITHDRAWAL_ID}`,
      (path, init) => {
        if (path === '/api/admin/me') return jsonResponse(me('admin'));
        if (path === '/api/admin/withdrawals') return page([]);
        if (path === `/api/admin/withdrawals/${WITHDRAWAL_ID}`) return jsonResponse(withdrawal());
        if (path === `/api/admin/withdrawals/${WITHDRAWAL_ID}/reject` && init?.method === 'POST')
          return jsonResponse(withdrawal({ state: 'Rejected', status: 'Failed', rejectReason: 'account_mismatch' }));
        return undefined;
      },
      'admin',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'رد' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'رد درخواست' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'رد شود' }));
    expect(await within(dialog).findByText('یک گزینه را انتخاب کنید.')).toBeTruthy();
    expect(sent('POST', `/api/admin/withdrawals/${WITHDRAWAL_ID}/reject`)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /دلیل رد/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'حساب مقصد به نام کاربر نیست' }));
    await userEvent.type(within(dialog).getByLabelText('توضیح داخلی (اختیاری)'), 'شبا به نام برادرش است');
    await userEvent.click(within(dialog).getByRole('button', { name: 'رد شود' }));
    await waitFor(() =>
      expect(sent('POST', `/api/admin/withdrawals/${WITHDRAWAL_ID}/reject`)).toEqual([
        { reason: 'account_mismatch', comment: 'شبا به نام برادرش است' },
      ]),
    );
    expect(await screen.findByText('برداشت رد شد و مبلغ به کیف پول کاربر برگشت.')).toBeTruthy();
  });

  it('says another operator decided first, and shows the refreshed decision without the buttons', async () => {
    let decided = false;
    renderConsole(
      `/admin/withdrawals/${WITHDRAWAL_ID}`,
      (path, init) => {
        if (path === '/api/admin/me') return jsonResponse(me('senior_operator'));
        if (path === `/api/admin/withdrawals/${WITHDRAWAL_ID}`)
          return jsonResponse(
            decided
              ? withdrawal({
                  state: 'Rejected',
                  status: 'Failed',
                  rejectReason: 'suspicious_activity',
                  reviewedAt: '2025-08-01T10:00:00.000Z',
                })
              : withdrawal(),
          );
        if (path === `/api/admin/withdrawals/${WITHDRAWAL_ID}/approve` && init?.method === 'POST') {
          decided = true;
          return jsonResponse({ code: 'REQUEST_ALREADY_REVIEWED', message: 'decided' }, 409);
        }
        return undefined;
      },
      'senior_operator',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'تأیید' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'تأیید این درخواست؟' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'بله، تأیید شود' }));
    expect(await screen.findByText(/اپراتور دیگری زودتر/)).toBeTruthy();
    expect(await screen.findByText('فعالیت مشکوک')).toBeTruthy();
    expect(screen.getByText('رد شد')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'تأیید' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows an operator (money.read only) the request without the decision buttons', async () => {
    renderConsole(
      `/admin/withdrawals/${WITHDRAWAL_ID}`,
      (path) => {
        if (path === '/api/admin/me') return jsonResponse(me('operator'));
        if (path === `/api/admin/withdrawals/${WITHDRAWAL_ID}`) return jsonResponse(withdrawal());
        return undefined;
      },
      'operator',
    );
    expect(await screen.findByText('۱٬۲۵۰٬۰۰۰ تومان', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'تأیید' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'رد' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'باز کردن منوی پنل' }));
    const nav = await screen.findByRole('navigation', { name: 'بخش‌های پنل اپراتور' });
    expect(within(nav).getByRole('link', { name: 'صف برداشت' }).getAttribute('href')).toBe('/admin/withdrawals');
    expect(within(nav).getByRole('link', { name: 'واریزهای بانکی' }).getAttribute('href')).toBe(
      '/admin/offline-deposits',
    );
  });

  it('refuses the money desk to a role without money.read, even by its address, and hides it in the menu', async () => {
    const { sent } = renderConsole(
      '/admin/offline-deposits',
      (path) => (path === '/api/admin/me' ? jsonResponse(me('operator', ['users.read', 'kyc.read'])) : undefined),
      'operator',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'دسترسی به پنل اپراتور ندارید' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(sent('GET', '/api/admin/offline-deposits')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'باز کردن منوی پنل' }));
    const nav = await screen.findByRole('navigation', { name: 'بخش‌های پنل اپراتور' });
    expect(within(nav).getByRole('link', { name: 'کاربران' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'صف برداشت' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'واریزهای بانکی' })).toBeNull();
  });

  it('shows an offline deposit with its receipt photo and the bank side; approving credits the wallet', async () => {
    const approveUrl = `/api/admin/offline-deposits/${DEPOSIT_ID}/approve`;
    const { router, sent } = renderConsole(
      '/admin/offline-deposits',
      (path, init, query) => {
        if (path === '/api/admin/me') return jsonResponse(me('senior_operator'));
        if (path === '/api/admin/offline-deposits')
          return page(query.get('status') === 'Pending' && !sent('POST', approveUrl).length ? [deposit()] : []);
        if (path === `/api/admin/offline-deposits/${DEPOSIT_ID}`) return jsonResponse(deposit());
        if (path === approveUrl && init?.method === 'POST')
          return jsonResponse(deposit({ state: 'Successful', status: 'Successful' }));
        return undefined;
      },
      'senior_operator',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'واریزهای بانکی' }, { timeout: 10_000 })).toBeTruthy();
    const rows = within(await screen.findByRole('list', { name: 'واریزهای بانکی' })).getAllByRole('link');
    expect(within(rows[0]!).getByText('۲٬۰۰۰٬۰۰۰ تومان')).toBeTruthy();
    expect(within(rows[0]!).getByText('بانک ملت')).toBeTruthy();
    await userEvent.click(rows[0]!);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'واریز بانکی (فیش)' }, { timeout: 10_000 }),
    ).toBeTruthy();
    const receipt = screen.getByRole('img', { name: 'تصویر فیش بانکی علی رضایی' });
    expect(receipt.getAttribute('src')).toBe(`/api/files/${RECEIPT_ID}`);
    const bank = screen.getByRole('region', { name: 'در صورت‌حساب بانک' });
    expect(within(bank).getByText('AB12345')).toBeTruthy();
    expect(within(bank).getByText('۴۴۸۲۹۱۳۵۷۰')).toBeTruthy();
    expect(within(bank).getByTitle('IR060120000000004482913570').textContent).toBe('IR۰۶ ۰۱۲۰ ۰۰۰۰ ۰۰۰۰ ۴۴۸۲ ۹۱۳۵ ۷۰');
    expect(screen.getByText('۱٬۹۹۶٬۰۰۰ تومان')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'تأیید' }));
    const dialog = await screen.findByRole('dialog', { name: 'تأیید این درخواست؟' });
    expect(within(dialog).getByText(/۱٬۹۹۶٬۰۰۰ تومان \(مبلغ منهای کارمزد\)/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'بله، تأیید شود' }));
    await waitFor(() => expect(sent('POST', approveUrl)).toHaveLength(1));
    expect(await screen.findByText('واریز تأیید شد و کیف پول کاربر شارژ شد.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/offline-deposits'));
    expect(await screen.findByText('واریزی در انتظار بررسی نیست.')).toBeTruthy();
  });

  it('a withdrawal above the bound: the first approval leaves it pending, says so, and its giver cannot give the second', async () => {
    const big = withdrawal({ amount: '250000000', approvalsNeeded: 2 });
    let firstGiven = false;
    const { router, sent } = renderConsole(
      '/admin/withdrawals',
      (path, init) => {
        if (path === '/api/admin/me') return jsonResponse(me('senior_operator'));
        if (path === '/api/admin/withdrawals') return page([firstGiven ? mine(big) : big]);
        if (path === `/api/admin/withdrawals/${WITHDRAWAL_ID}`) return jsonResponse(firstGiven ? mine(big) : big);
        if (path === `/api/admin/withdrawals/${WITHDRAWAL_ID}/approve` && init?.method === 'POST') {
          firstGiven = true;
          return jsonResponse(mine(big));
        }
        return undefined;
      },
      'senior_operator',
    );
    // The queue says it needs two approvals, none given yet.
    const rows = within(await screen.findByRole('list', { name: 'صف برداشت' }, { timeout: 10_000 })).getAllByRole(
      'link',
    );
    expect(within(rows[0]!).getByText('تأیید ۰ از ۲')).toBeTruthy();
    await userEvent.click(rows[0]!);

    const summary = await screen.findByRole('region', { name: 'خلاصه' }, { timeout: 10_000 });
    expect(within(summary).getByText('دو اپراتور (مبلغ بیش از حد تعیین‌شده)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'تأیید' }));
    const dialog = await screen.findByRole('dialog', { name: 'تأیید این درخواست؟' });
    expect(
      within(dialog).getByText(
        'این مبلغ به تأیید دو اپراتور نیاز دارد: تأیید شما نخستین است و درخواست تا تأیید اپراتوری دیگر در انتظار می‌ماند.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'بله، تأیید شود' }));
    await waitFor(() => expect(sent('POST', `/api/admin/withdrawals/${WITHDRAWAL_ID}/approve`)).toHaveLength(1));
    expect(await screen.findByText('تأیید نخست ثبت شد؛ درخواست در انتظار تأیید اپراتور دوم است.')).toBeTruthy();
    expect(screen.queryByText('برداشت تأیید شد.')).toBeNull();

    // It stays here, pending: the first approval is shown, and this operator's Approve is off and says why.
    expect(router.state.location.pathname).toBe(`/admin/withdrawals/${WITHDRAWAL_ID}`);
    const why = await screen.findByText(
      /^تأیید نخست را شما در .* ثبت کرده‌اید؛ اپراتور دیگری باید تأیید دوم را بدهد\.$/,
    );
    // The dialog has closed (while it closes, the page under it is hidden from queries by role).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const approve = await screen.findByRole('button', { name: 'تأیید' });
    await waitFor(() => expect(approve).toHaveProperty('disabled', true));
    expect(approve.getAttribute('aria-describedby')).toBe(why.closest('[id]')!.id);
    expect(within(summary).getByText('سارا اپراتور')).toBeTruthy();
    expect(within(summary).getByText('در انتظار اپراتور دوم')).toBeTruthy();
    // Rejecting stays open to them.
    expect(screen.getByRole('button', { name: 'رد' })).toHaveProperty('disabled', false);
  });

  it('an offline deposit with another operator’s first approval: who and when, and the second approval credits it', async () => {
    const first = {
      operatorId: '99999999-8888-4777-8666-555555555555',
      mobile: '+989121000009',
      firstName: 'نگار',
      lastName: 'کریمی',
      at: '2025-08-01T10:00:00.000Z',
    };
    const half = deposit({ amount: '300000000', credited: '299996000', approvalsNeeded: 2, firstApproval: first });
    const approveUrl = `/api/admin/offline-deposits/${DEPOSIT_ID}/approve`;
    const { router, sent } = renderConsole(
      `/admin/offline-deposits/${DEPOSIT_ID}`,
      (path, init) => {
        if (path === '/api/admin/me') return jsonResponse(me('senior_operator'));
        if (path === '/api/admin/offline-deposits') return page([]);
        if (path === `/api/admin/offline-deposits/${DEPOSIT_ID}`) return jsonResponse(half);
        if (path === approveUrl && init?.method === 'POST')
          return jsonResponse(deposit({ ...half, state: 'Successful', status: 'Successful', firstApproval: null }));
        return undefined;
      },
      'senior_operator',
    );
    expect(
      await screen.findByText(
        /^تأیید نخست را نگار کریمی در .* ثبت کرده است؛ با تأیید شما، دومین تأیید هم ثبت و درخواست انجام می‌شود\.$/,
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'خلاصه' });
    expect(within(summary).getByText('نگار کریمی')).toBeTruthy();
    const approve = screen.getByRole('button', { name: 'تأیید' });
    expect(approve).toHaveProperty('disabled', false);
    await userEvent.click(approve);
    const dialog = await screen.findByRole('dialog', { name: 'تأیید این درخواست؟' });
    expect(within(dialog).getByText(/۲۹۹٬۹۹۶٬۰۰۰ تومان \(مبلغ منهای کارمزد\)/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'بله، تأیید شود' }));
    await waitFor(() => expect(sent('POST', approveUrl)).toHaveLength(1));
    expect(await screen.findByText('واریز تأیید شد و کیف پول کاربر شارژ شد.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/offline-deposits'));
  });

  it('shows a failed queue with a way to try again', async () => {
    let fail = true;
    renderConsole(
      '/admin/offline-deposits',
      (path) => {
        if (path === '/api/admin/me') return jsonResponse(me('operator'));
        if (path === '/api/admin/offline-deposits') {
          if (fail) {
            fail = false;
            return jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500);
          }
          return page([deposit()]);
        }
        return undefined;
      },
      'operator',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'تلاش دوباره' }, { timeout: 10_000 }));
    expect(await screen.findByText('۲٬۰۰۰٬۰۰۰ تومان')).toBeTruthy();
  });

  it.each([
    ['with money.read', ROLE_PERMISSIONS.operator, true],
    ['without money.read', ['users.read', 'users.note', 'kyc.read'] as const, false],
  ] as const)('shows the user’s wallets on their page %s', async (_, permissions, shown) => {
    const detail: AdminUserDetail = {
      user: {
        id: USER_ID,
        mobile: owner.mobile,
        firstName: owner.firstName,
        lastName: owner.lastName,
        nationalCode: '0012345679',
        kycLevel: 2,
        role: 'investor',
        isFrozen: false,
        createdAt: '2025-03-01T10:00:00.000Z',
        email: null,
        birthDate: '1990-03-21',
        kycTrack: 'iranian',
        shahkarPassed: true,
        twoFactorEnabled: false,
        frozenReason: null,
        frozenAt: null,
        firstNameEn: null,
        lastNameEn: null,
        nationality: null,
        passportNumber: null,
      },
      kycSubmissions: [],
      sessions: [],
      notes: [],
    };
    const wallet = (currency: string, available: string, held: string) => ({
      walletId: `${currency}-wallet`,
      currency,
      available,
      held,
      total: available,
    });
    const { sent } = renderConsole(
      `/admin/users/${USER_ID}`,
      (path) => {
        if (path === '/api/admin/me') return jsonResponse(me('operator', permissions));
        if (path === `/api/admin/users/${USER_ID}`) return jsonResponse(detail);
        if (path === `/api/admin/users/${USER_ID}/wallets`)
          return jsonResponse({
            items: [
              wallet('IRR', '0', '0'),
              wallet('IRT', '175000', '125000'),
              wallet('USD', '0', '0'),
              wallet('USDT', '12.5', '0'),
            ],
          });
        return undefined;
      },
      'operator',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'علی رضایی' }, { timeout: 10_000 })).toBeTruthy();
    if (!shown) {
      expect(screen.queryByRole('region', { name: 'کیف پول‌ها' })).toBeNull();
      expect(sent('GET', `/api/admin/users/${USER_ID}/wallets`)).toHaveLength(0);
      return;
    }
    const panel = await screen.findByRole('region', { name: 'کیف پول‌ها' });
    const toman = within(panel).getByRole('row', { name: /تومان/ });
    expect(within(toman).getByText('۱۷۵٬۰۰۰')).toBeTruthy();
    expect(within(toman).getByText('۱۲۵٬۰۰۰')).toBeTruthy();
    expect(within(within(panel).getByRole('row', { name: /تتر/ })).getByText('۱۲٫۵')).toBeTruthy();
  });
});
