import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminKycDetail, AdminUserDetail } from '@portal/contract/admin/admin';
import { ROLE_PERMISSIONS, type Role } from '@portal/contract/admin/roles';
import { createQueryClient } from '@/lib/query-client';
import { accountFixture } from '@/test/account-fixture';
import { jsonResponse } from '@/test/render';
import { AppProvider } from '../provider';
import { routes } from '../router';

/*
 * The operator console through the real routes: the session gate, `GET /admin/me` (who may do what),
 * and the pages an operator works in. The server is a fetch double that records what was sent.
 */

// Pages and notices are lazily loaded chunks: give them time on a busy machine.
configure({ asyncUtilTimeout: 5000 });

type Handler = (path: string, init: RequestInit | undefined, query: URLSearchParams) => Response | undefined;

const USER_ID = '7d4f6a0e-3b1c-4f5e-9a2b-1c2d3e4f5a6b';
const SUBMISSION_ID = '0b9e8d7c-6a5b-4c3d-8e2f-1a2b3c4d5e6f';
const OPERATOR_ID = '11111111-2222-4333-8444-555555555555';

const forbidden = (code: 'FORBIDDEN' | 'TWO_FACTOR_REQUIRED') => jsonResponse({ code, message: 'no' }, 403);
const me = (role: Role) => ({
  id: OPERATOR_ID,
  role,
  permissions: [...ROLE_PERMISSIONS[role]],
  firstName: 'سارا',
  lastName: 'اپراتور',
});

function renderConsole(path: string, handler: Handler, role: Role = 'admin') {
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
  const sent = (method: string, path: string) =>
    fetchMock.mock.calls
      .filter(
        ([u, i]) =>
          (typeof u === 'string' ? u : u instanceof URL ? u.href : u.url).split('?')[0] === path &&
          (i?.method ?? 'GET') === method,
      )
      .map(([, i]) => (i?.body ? (JSON.parse(i.body as string) as unknown) : undefined));
  return { router, fetchMock, sent };
}

const user = (over: Partial<AdminUserDetail['user']> = {}): AdminUserDetail => ({
  user: {
    id: USER_ID,
    mobile: '+989121112233',
    firstName: 'علی',
    lastName: 'رضایی',
    nationalCode: '0012345679',
    kycLevel: 1,
    role: 'investor',
    isFrozen: false,
    createdAt: '2025-03-01T10:00:00.000Z',
    email: 'ali@example.com',
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
    ...over,
  },
  kycSubmissions: [],
  sessions: [],
  notes: [],
});

const submission: AdminKycDetail = {
  id: SUBMISSION_ID,
  kind: 'video',
  status: 'pending',
  createdAt: '2025-08-01T09:00:00.000Z',
  user: { id: USER_ID, mobile: '+989121112233', firstName: 'علی', lastName: 'رضایی' },
  rejectReason: null,
  reviewedAt: null,
  reviewerId: null,
  data: {},
  videoFileId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  passportImageFileId: null,
  userIdentity: { nationalCode: '0012345679', birthDate: '1990-03-21' },
};

const roleName = { operator: 'اپراتور', senior_operator: 'اپراتور ارشد', admin: 'مدیر سامانه' } as const;

const page = <T,>(items: T[]) => jsonResponse({ items, total: items.length, page: 1, pageSize: 20 });

describe('the operator console', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a logged-out visitor to the auth page, with the console as where to go next', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(jsonResponse({ code: 'UNAUTHENTICATED', message: 'no' }, 401)),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = createMemoryRouter(routes, { initialEntries: ['/admin/kyc?status=rejected'] });
    render(
      <AppProvider queryClient={createQueryClient({ queries: { retry: false } })}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'ورود یا ثبت‌نام' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/admin/kyc?status=rejected')}`);
  });

  it('tells an investor they have no access (SPEC §8 403) and offers a way home', async () => {
    renderConsole('/admin', (path) => (path === '/api/admin/me' ? forbidden('FORBIDDEN') : undefined), 'investor');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'دسترسی به پنل اپراتور ندارید' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText('شما به این عملیات دسترسی ندارید.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'بازگشت به صفحهٔ اصلی' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'بخش‌های پنل اپراتور' })).toBeNull();
  });

  it('sends an operator without two-factor to turn it on', async () => {
    renderConsole('/admin/users', (path) => (path === '/api/admin/me' ? forbidden('TWO_FACTOR_REQUIRED') : undefined));
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'ابتدا تأیید دومرحله‌ای را فعال کنید' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'فعال‌سازی تأیید دومرحله‌ای' }).getAttribute('href')).toBe(
      '/update-profile/2fa',
    );
    expect(screen.queryByRole('heading', { name: 'دسترسی به پنل اپراتور ندارید' })).toBeNull();
  });

  it('lists the queue; the reject dialog refuses without a reason, then sends the chosen one', async () => {
    const { router, sent } = renderConsole(
      '/admin/kyc',
      (path, init, query) => {
        if (path === '/api/admin/me') return jsonResponse(me('operator'));
        if (path === '/api/admin/kyc' && query.get('status') === 'pending')
          return page([
            {
              id: SUBMISSION_ID,
              kind: 'video',
              status: 'pending',
              createdAt: '2025-08-01T09:00:00.000Z',
              user: submission.user,
            },
            {
              id: 'c0ffee00-0000-4000-8000-000000000001',
              kind: 'foreign',
              status: 'pending',
              createdAt: '2025-08-02T09:00:00.000Z',
              user: { id: 'u2', mobile: '+491701234567', firstName: null, lastName: null },
            },
          ]);
        if (path === `/api/admin/kyc/${SUBMISSION_ID}`) return jsonResponse(submission);
        if (path === `/api/admin/kyc/${SUBMISSION_ID}/reject` && init?.method === 'POST')
          return jsonResponse({ ...submission, status: 'rejected', rejectReason: 'face_not_visible' });
        return undefined;
      },
      'operator',
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'صف احراز هویت' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'در انتظار بررسی', selected: true })).toBeTruthy();
    const rows = within(await screen.findByRole('list', { name: 'صف احراز هویت' })).getAllByRole('link');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('علی رضایی')).toBeTruthy();
    expect(within(rows[0]!).getByText('۰۹۱۲۱۱۱۲۲۳۳')).toBeTruthy();
    expect(within(rows[0]!).getByText('ویدئوی احراز هویت')).toBeTruthy();
    expect(within(rows[1]!).getByText('احراز هویت اتباع خارجی')).toBeTruthy();
    expect(within(rows[1]!).getByText('بدون نام')).toBeTruthy();

    await userEvent.click(rows[0]!);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'درخواست ویدئوی احراز هویت' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(document.querySelector('video')?.getAttribute('src')).toBe(`/api/files/${submission.videoFileId}`);
    // The verified identity beside the video: the national code in Persian digits, the birth date in Persian.
    expect(screen.getByText('۰۰۱۲۳۴۵۶۷۹')).toBeTruthy();
    expect(screen.getByText('۱ فروردین ۱۳۶۹')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'رد' }));
    const dialog = await screen.findByRole('dialog', { name: 'رد درخواست' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'رد شود' }));
    expect(await within(dialog).findByText('یک گزینه را انتخاب کنید.')).toBeTruthy();
    expect(sent('POST', `/api/admin/kyc/${SUBMISSION_ID}/reject`)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /دلیل رد/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'چهره در ویدئو پیدا نیست' }));
    await userEvent.type(within(dialog).getByLabelText('توضیح داخلی (اختیاری)'), 'تصویر تاریک است');
    await userEvent.click(within(dialog).getByRole('button', { name: 'رد شود' }));

    await waitFor(() =>
      expect(sent('POST', `/api/admin/kyc/${SUBMISSION_ID}/reject`)).toEqual([
        { reason: 'face_not_visible', comment: 'تصویر تاریک است' },
      ]),
    );
    expect(await screen.findByText('درخواست رد شد.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/kyc'));
  });

  it('says so when another operator decided first, and shows the decision', async () => {
    let decided = false;
    renderConsole(`/admin/kyc/${SUBMISSION_ID}`, (path, init) => {
      if (path === '/api/admin/me') return jsonResponse(me('operator'));
      if (path === `/api/admin/kyc/${SUBMISSION_ID}`)
        return jsonResponse(
          decided ? { ...submission, status: 'approved', reviewedAt: '2025-08-01T10:00:00Z' } : submission,
        );
      if (path === `/api/admin/kyc/${SUBMISSION_ID}/approve` && init?.method === 'POST') {
        decided = true;
        return jsonResponse({ code: 'KYC_ALREADY_REVIEWED', message: 'decided' }, 409);
      }
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'تأیید' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'تأیید این درخواست؟' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'بله، تأیید شود' }));
    expect(await screen.findByText(/اپراتور دیگری زودتر/)).toBeTruthy();
    expect(await screen.findByText('تأیید شد')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'تأیید' })).toBeNull();
  });

  it('freezes an account only with a reason', async () => {
    const { sent } = renderConsole(
      `/admin/users/${USER_ID}`,
      (path, init) => {
        if (path === '/api/admin/me') return jsonResponse(me('senior_operator'));
        if (path === `/api/admin/users/${USER_ID}`) return jsonResponse(user());
        if (path === `/api/admin/users/${USER_ID}/freeze` && init?.method === 'POST') return jsonResponse({ ok: true });
        return undefined;
      },
      'senior_operator',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'علی رضایی' }, { timeout: 10_000 })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'مسدود کردن حساب' }));
    const dialog = await screen.findByRole('dialog', { name: 'مسدود کردن حساب' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'مسدود شود' }));
    expect(await within(dialog).findByText('دلیل را دست‌کم در ۳ نویسه بنویسید.')).toBeTruthy();
    expect(sent('POST', `/api/admin/users/${USER_ID}/freeze`)).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /دلیل/ }), 'تراکنش‌های مشکوک');
    await userEvent.click(within(dialog).getByRole('button', { name: 'مسدود شود' }));
    await waitFor(() =>
      expect(sent('POST', `/api/admin/users/${USER_ID}/freeze`)).toEqual([{ reason: 'تراکنش‌های مشکوک' }]),
    );
    expect(await screen.findByText('حساب مسدود شد.')).toBeTruthy();
  });

  it('recovers an operator’s two-factor only with a reason (admins, on an operator’s account)', async () => {
    const { sent } = renderConsole(`/admin/users/${USER_ID}`, (path, init) => {
      if (path === '/api/admin/me') return jsonResponse(me('admin'));
      if (path === `/api/admin/users/${USER_ID}`) {
        return jsonResponse(user({ role: 'senior_operator', twoFactorEnabled: true }));
      }
      if (path === `/api/admin/users/${USER_ID}/recover` && init?.method === 'POST') return jsonResponse({ ok: true });
      return undefined;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'علی رضایی' }, { timeout: 10_000 })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'بازیابی تأیید دومرحله‌ای' }));
    const dialog = await screen.findByRole('dialog', { name: 'بازیابی تأیید دومرحله‌ای اپراتور' });
    expect(within(dialog).getByText(/همهٔ نشست‌هایش پایان می‌یابد/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'بازیابی شود' }));
    expect(await within(dialog).findByText('دلیل را دست‌کم در ۳ نویسه بنویسید.')).toBeTruthy();
    expect(sent('POST', `/api/admin/users/${USER_ID}/recover`)).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /دلیل/ }), 'گوشی اپراتور گم شده است');
    await userEvent.click(within(dialog).getByRole('button', { name: 'بازیابی شود' }));
    await waitFor(() =>
      expect(sent('POST', `/api/admin/users/${USER_ID}/recover`)).toEqual([{ reason: 'گوشی اپراتور گم شده است' }]),
    );
    expect(
      await screen.findByText('تأیید دومرحله‌ای اپراتور برداشته شد؛ در ورود بعدی برنامهٔ تازه‌ای تنظیم می‌کند.'),
    ).toBeTruthy();
  });

  it.each([
    ['operator', { freeze: false, role: false, audit: false }],
    ['senior_operator', { freeze: true, role: false, audit: true }],
    ['admin', { freeze: true, role: true, audit: true }],
  ] as const)('shows the %s role only what it may do', async (role, may) => {
    renderConsole(
      `/admin/users/${USER_ID}`,
      (path) => {
        if (path === '/api/admin/me') return jsonResponse(me(role));
        if (path === `/api/admin/users/${USER_ID}`) return jsonResponse(user());
        return undefined;
      },
      role,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'علی رضایی' }, { timeout: 10_000 })).toBeTruthy();
    expect(Boolean(screen.queryByRole('button', { name: 'مسدود کردن حساب' }))).toBe(may.freeze);
    expect(Boolean(screen.queryByRole('button', { name: 'تغییر نقش' }))).toBe(may.role);
    // An investor's account has no recovery by an admin (they recover by phone).
    expect(screen.queryByRole('button', { name: 'بازیابی تأیید دومرحله‌ای' })).toBeNull();
    expect(Boolean(screen.queryByRole('link', { name: 'رویدادهای این کاربر' }))).toBe(may.audit);
    // Every role adds notes; the phone's drawer lists the sections the role may open.
    expect(screen.getByRole('button', { name: 'ثبت یادداشت' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'باز کردن منوی پنل' }));
    const nav = await screen.findByRole('navigation', { name: 'بخش‌های پنل اپراتور' });
    expect(screen.getByRole('group', { name: `واردشده: سارا اپراتور، نقش: ${roleName[role]}` })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'کاربران' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'صف احراز هویت' })).toBeTruthy();
    expect(Boolean(within(nav).queryByRole('link', { name: 'گزارش رویدادها' }))).toBe(may.audit);
    // Every operator role reads the tether desk (issue 17); its switches are senior operators' and admins'.
    expect(within(nav).getByRole('link', { name: 'میز تتر' }).getAttribute('href')).toBe('/admin/tether');
  });

  it.each([
    ['investor', false],
    ['operator', true],
  ] as const)('offers the console in the portal’s user menu to an %s: %s', async (role, offered) => {
    renderConsole('/', () => undefined, role);
    await userEvent.click(await screen.findByRole('button', { name: 'منوی حساب کاربری' }, { timeout: 10_000 }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'مشخصات و امنیت' })).toBeTruthy();
    const entry = within(menu).queryByRole('menuitem', { name: 'پنل اپراتور' });
    expect(Boolean(entry)).toBe(offered);
    if (entry) expect(entry.getAttribute('href')).toBe('/admin');
  });

  it('refuses the audit log to a role without it, even by its address', async () => {
    renderConsole(
      '/admin/audit',
      (path) => (path === '/api/admin/me' ? jsonResponse(me('operator')) : undefined),
      'operator',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'دسترسی به پنل اپراتور ندارید' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});
