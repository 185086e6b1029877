import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type NonIndexRouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse } from '@/test/render';
import { AppProvider } from './provider';
import { emptyPortfolioFixture } from '@/features/dashboard/test-fixtures';
import { accountFixture } from '@/test/account-fixture';
import { createRoutes, routes } from './router';

const account = accountFixture({ user: { referralCode: 'FRIEND25' } });

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

function renderApp(path: string, handler: Handler) {
  const fetchMock = vi.fn<typeof fetch>((input, init) =>
    Promise.resolve(handler(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = createQueryClient({ queries: { retry: false } });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, fetchMock, queryClient };
}

const unauthenticated = () => jsonResponse({ code: 'UNAUTHENTICATED', message: 'no session' }, 401);

describe('routes and the session gate', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('sends a logged-out visitor to the auth page, remembering where they were going', async () => {
    const { router } = renderApp('/?tab=x', (url) =>
      url === '/api/account' ? unauthenticated() : jsonResponse({}, 404),
    );
    // The first render loads the lazy route modules.
    expect(await screen.findByRole('heading', { level: 1, name: 'ورود یا ثبت‌نام' }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/?tab=x')}`);
  });

  it('opens the dashboard for a signed-in user, with the empty-state cards and the referral card', async () => {
    // A new user's portfolio (issue 19), valued in the default currency (tether).
    renderApp('/', (url) =>
      url === '/api/account'
        ? jsonResponse(account)
        : url === '/api/account/portfolio/state?currency=USDT'
          ? jsonResponse(emptyPortfolioFixture('USDT'))
          : jsonResponse({}, 404),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'سلام ۰۹۱۲۱۲۳۴۵۶۷، خوش آمدید' })).toBeTruthy();
    for (const name of ['صندوق‌های سرمایه‌گذاری', 'فلزات گران‌بها', 'سبدهای هوشمند', 'کیف پول']) {
      expect(await screen.findByRole('heading', { level: 3, name })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'واریز به کیف پول' }).getAttribute('href')).toBe('/wallet/deposit');
    expect(screen.getByText('FRIEND25')).toBeTruthy();
    expect(screen.getByText(/۲۵٪ از کارمزد معاملات/)).toBeTruthy();
    // Zero assets in the default currency, Persian digits.
    expect(screen.getAllByText('۰ تتر').length).toBeGreaterThan(0);
    expect(screen.getByRole('navigation', { name: 'ناوبری اصلی' })).toBeTruthy();
  });

  it('logs out after confirmation and says so', async () => {
    const { router, fetchMock } = renderApp('/', (url, init) => {
      if (url === '/api/account') return jsonResponse(account);
      if (url === '/api/auth/logout' && init?.method === 'POST') return jsonResponse({ ok: true });
      return jsonResponse({}, 404);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'خروج' }));
    const dialog = await screen.findByRole('dialog', { name: 'خروج از حساب' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'بله، خارج شو' }));

    expect(await screen.findByText('از حساب کاربری‌تان خارج شدید.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('heading', { level: 1, name: 'ورود یا ثبت‌نام' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u, i]) => u === '/api/auth/logout' && i?.method === 'POST')).toBe(true);
  });

  it('shows the technical-error page when the server cannot say who the user is', async () => {
    const { router } = renderApp('/', (url) =>
      url === '/api/account' ? jsonResponse({ code: 'INTERNAL', message: 'db down' }, 500) : jsonResponse({}, 404),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'خطای فنی' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/technical-error');
    expect(screen.getByText('متأسفانه خطایی رخ داده است.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'تلاش دوباره' })).toBeTruthy();
  });

  it('shows the not-found page for an unknown path', async () => {
    renderApp('/no/such/page', () => unauthenticated());
    expect(await screen.findByRole('heading', { level: 1, name: 'صفحه پیدا نشد' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'بازگشت به صفحهٔ اصلی' }).getAttribute('href')).toBe('/');
  });

  it('shows the not-found page for a fund address whose id is not an id, without asking the API (issue 19)', async () => {
    const { fetchMock } = renderApp('/fund/abc', (url) =>
      url === '/api/account'
        ? jsonResponse(account)
        : jsonResponse({ code: 'VALIDATION_FAILED', message: 'fundId: format' }, 400),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'صفحه پیدا نشد' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => typeof u === 'string' && u.startsWith('/api/funds/'))).toBe(false);
  });

  it('shows the crash page (title, message, back home) when a page fails to render', async () => {
    // The error is expected here: React reports what the boundary caught.
    // eslint-disable-next-line no-console -- silencing what React reports is the point here
    vi.mocked(console.error).mockImplementation(() => {});
    function Broken(): never {
      throw new Error('render failed');
    }
    const root = routes[0] as NonIndexRouteObject;
    const router = createMemoryRouter([{ ...root, children: [{ path: '/', element: <Broken /> }] }], {
      initialEntries: ['/'],
    });
    render(
      <AppProvider queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'خطای غیرمنتظره' })).toBeTruthy();
    expect(screen.getByText(/در نمایش این صفحه مشکلی پیش آمد/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'بازگشت به صفحهٔ اصلی' }).getAttribute('href')).toBe('/');
  });

  it('returns to the auth page when any call answers 401 (SPEC §4)', async () => {
    let loggedIn = true;
    const { router, queryClient } = renderApp('/', (url) => {
      if (url === '/api/account') return loggedIn ? jsonResponse(account) : unauthenticated();
      return jsonResponse({}, 404);
    });
    await screen.findByRole('heading', { level: 1, name: 'سلام ۰۹۱۲۱۲۳۴۵۶۷، خوش آمدید' });
    loggedIn = false;
    // Another query of the signed-in app meets an expired session.
    await queryClient
      .fetchQuery({
        queryKey: ['wallets'],
        queryFn: async () => {
          const { callApi } = await import('@/lib/api-client');
          const { getAccount } = await import('@portal/contract/account/account');
          return callApi(getAccount);
        },
      })
      .catch(() => undefined);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(queryClient.getQueryData(['account'])).toBeNull();
  });
});
