import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeCurrencyPreference } from '@/lib/active-currency';
import { accountFixture } from '@/test/account-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import {
  emptyPortfolioFixture,
  GOLD_FUND_ID,
  goldHolding,
  historyFixture,
  portfolioFixture,
  WALLET_IDS,
  walletsFixture,
} from '../test-fixtures';
import { DashboardScreen } from './dashboard-screen';

// The chart's canvas library has no canvas in jsdom: the chunk is replaced by what it is given.
vi.mock('./portfolio-chart', () => ({
  default: ({
    times,
    tooltipOf,
  }: {
    times: number[];
    tooltipOf: (i: number) => { date: string; value: string; profit: string };
  }) => {
    const last = tooltipOf(times.length - 1);
    return <div role="img" aria-label={`chart: ${times.length} days, last ${last.value}, ${last.profit}`} />;
  },
}));

const fetchMock = vi.fn<typeof fetch>();
const FIRST_PAINT = { timeout: 5000 };
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  activeCurrencyPreference.set('IRT');
});
afterEach(() => vi.unstubAllGlobals());

const stateUrl = (currency: string) => `/api/account/portfolio/state?currency=${currency}`;
const historyUrl = (currency: string) => `/api/account/portfolio/history?currency=${currency}&days=7`;

function server(answers: Record<string, () => Response> = {}) {
  const all: Record<string, () => Response> = {
    '/api/account': () => jsonResponse(accountFixture({ isEmptyState: false, user: { firstName: 'سارا' } })),
    '/api/wallets': () => jsonResponse(walletsFixture()),
    [stateUrl('IRT')]: () => jsonResponse(portfolioFixture('IRT')),
    [stateUrl('USDT')]: () => jsonResponse(portfolioFixture('USDT')),
    [historyUrl('IRT')]: () => jsonResponse(historyFixture('IRT')),
    ...answers,
  };
  fetchMock.mockImplementation((input) => {
    const answer = all[input as string];
    return Promise.resolve(answer ? answer() : jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404));
  });
}

const calls = () => fetchMock.mock.calls.map(([u]) => u as string);

// Lazy chunks and MUI on a busy two-core machine: the first paint may take a few seconds.
describe('the dashboard fed by the portfolio', { timeout: 30_000 }, () => {
  it('shows the total, the value by kind, each holding with its share and gain, and the profit windows', async () => {
    server();
    renderWithApp(<DashboardScreen />);

    const assets = await screen.findByRole('region', { name: 'دارایی‌های من' }, FIRST_PAINT);
    expect((await within(assets).findByTestId('assets-total')).textContent).toBe('۴٬۷۵۰٬۰۰۰ تومان');
    const byKind = within(assets).getByRole('list', { name: 'ارزش به تفکیک نوع دارایی' });
    const kinds = within(byKind).getAllByRole('listitem');
    expect(kinds.map((k) => k.textContent)).toEqual([
      'فلزات گران‌بها · ۷۵٫۷۹٪۳٬۶۰۰٬۰۰۰ تومان',
      'کیف پول · ۲۴٫۲۱٪۱٬۱۵۰٬۰۰۰ تومان',
    ]);
    expect(assets.textContent).toContain('قیمت تتر در محاسبه: ۶۰٬۰۰۰ تومان');

    // My holdings: each links to its page; the fund with its units, share and gain (sign, not only colour).
    // A chunk of its own (under the first screen), rendered once loaded.
    const holdings = await screen.findByRole('list', { name: 'دارایی‌های من به تفکیک' }, FIRST_PAINT);
    const rows = within(holdings).getAllByRole('link');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.getAttribute('href')).toBe(`/fund/${GOLD_FUND_ID}`);
    expect(rows[0]!.textContent).toContain('صندوق طلای کهربا');
    expect(rows[0]!.textContent).toContain('۳٬۶۰۰٬۰۰۰ تومان');
    expect(rows[0]!.textContent).toContain('۳۵۰٫۵ واحد');
    expect(rows[0]!.textContent).toContain('۷۵٪ از کل');
    expect(rows[0]!.textContent).toContain('سود: +۱۰۰٬۰۰۰ تومان · +۲٫۸۶٪');
    expect(rows[1]!.textContent).toContain('کیف پول تومان');
    expect(rows[2]!.textContent).toContain('کیف پول تتر');
    expect(rows[2]!.textContent).toContain('۲٫۵ تتر');
    // The wallet's page by its id (from the shared wallets query).
    await waitFor(() => expect(rows[2]!.getAttribute('href')).toBe(`/wallet?walletId=${WALLET_IDS.USDT}`));
    expect(rows[1]!.getAttribute('href')).toBe(`/wallet?walletId=${WALLET_IDS.IRT}`);

    // Profit and loss: last day, 7 days, 30 days, total, with both returns side by side.
    const pnl = await screen.findByRole('region', { name: 'سابقهٔ سود و زیان' }, FIRST_PAINT);
    const day = within(pnl).getByTestId('pnl-1d');
    expect(day.textContent).toContain('روز گذشته');
    expect(day.textContent).toContain('+۲۰٬۰۰۰ تومان');
    expect(day.textContent).toContain('بازده زمانی: +۰٫۴۲٪');
    expect(day.textContent).toContain('بازده پولی (سالانه): —');
    const week = within(pnl).getByTestId('pnl-7d');
    expect(week.textContent).toContain('−۱۵٬۰۰۰ تومان');
    expect(week.textContent).toContain('−۱۲٪');
    const all = within(pnl).getByTestId('pnl-all');
    expect(all.textContent).toContain('کل');
    expect(all.textContent).toContain('+۱۰۰٬۰۰۰ تومان');
    expect(all.textContent).toContain('واریز خالص در این بازه: +۴٬۶۵۰٬۰۰۰ تومان');
    expect(all.textContent).toContain('+۳۸٪');
    // One sentence on what each return means.
    expect(pnl.textContent).toContain('رشد دارایی شما بدون اثر زمان و مبلغ واریز و برداشت‌ها');
    expect(pnl.textContent).toContain('سود سالانه‌ای که پول خود شما با زمان‌بندی واقعی');

    expect(calls()).toContain(stateUrl('IRT'));
    // The 7-day history is asked for only when its tab is opened.
    expect(calls()).not.toContain(historyUrl('IRT'));
  });

  it('switches the valuation currency: remembered as activeCurrency, the portfolio asked for again in tether', async () => {
    server();
    renderWithApp(<DashboardScreen />);
    const assets = await screen.findByRole('region', { name: 'دارایی‌های من' }, FIRST_PAINT);
    expect((await within(assets).findByTestId('assets-total')).textContent).toBe('۴٬۷۵۰٬۰۰۰ تومان');

    await userEvent.click(within(assets).getByRole('button', { name: 'تتر' }));
    await waitFor(() => expect(within(assets).getByTestId('assets-total').textContent).toBe('۷۹٫۱۶ تتر'));
    expect(calls()).toContain(stateUrl('USDT'));
    expect(window.localStorage.getItem('activeCurrency')).toBe('USDT');
    expect(within(assets).getByRole('button', { name: 'تتر' }).getAttribute('aria-pressed')).toBe('true');
    const holdings = await screen.findByRole('list', { name: 'دارایی‌های من به تفکیک' }, FIRST_PAINT);
    expect(within(holdings).getAllByRole('link')[0]!.textContent).toContain('۶۰ تتر');
  });

  it('opens the 7-day tab: the week’s profit, the chart of value and profit, and each day listed', async () => {
    server();
    renderWithApp(<DashboardScreen />);
    const assets = await screen.findByRole('region', { name: 'دارایی‌های من' }, FIRST_PAINT);
    await within(assets).findByTestId('assets-total');
    await userEvent.click(within(assets).getByRole('tab', { name: 'سود و زیان ۷ روزه' }));

    expect((await within(assets).findByTestId('assets-pnl')).textContent).toBe('۰ تومان');
    expect(calls()).toContain(historyUrl('IRT'));
    const table = within(assets).getByRole('table', { name: 'ارزش و سود و زیان هر روز' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(8);
    // Newest first.
    expect(rows[1]!.textContent).toContain('۴٬۷۵۰٬۰۰۰ تومان');
    expect(rows[1]!.textContent).toContain('+۲۰٬۰۰۰ تومان');
    expect(rows[2]!.textContent).toContain('−۳۵٬۰۰۰ تومان');
    const chart = await within(assets).findByRole('img', {}, FIRST_PAINT);
    expect(chart.getAttribute('aria-label')).toBe('chart: 7 days, last ۴٬۷۵۰٬۰۰۰ تومان, +۲۰٬۰۰۰ تومان');
  });

  it('shows the empty-state cards only for the kinds not held, the baskets card leading to the baskets', async () => {
    server();
    renderWithApp(<DashboardScreen />);
    const more = await screen.findByRole('region', { name: 'سبدتان را متنوع کنید' }, FIRST_PAINT);
    const cards = within(more).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'صندوق‌های سرمایه‌گذاری',
      'سبدهای هوشمند',
    ]);
    expect(within(cards[0]!).getByRole('link', { name: 'مشاهدهٔ صندوق‌ها' }).getAttribute('href')).toBe('/funds');
    expect(within(cards[1]!).getByRole('link', { name: 'ساخت سبد' }).getAttribute('href')).toBe('/baskets');
    expect(screen.queryByRole('region', { name: 'سرمایه‌گذاری را شروع کنید' })).toBeNull();
  });

  it('a basket held (issue 20) is a holding named as a basket, leading to its page', async () => {
    const basketId = '5b0f7c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b';
    server({
      [stateUrl('IRT')]: () =>
        jsonResponse(
          portfolioFixture('IRT', {
            heldKinds: ['baskets'],
            holdings: [
              goldHolding({
                key: `basket:${basketId}`,
                kind: 'baskets',
                fundId: null,
                fundCode: null,
                name: null,
                currency: 'USDT',
                quantity: '1491.365158',
                nav: null,
                navDate: null,
              }),
            ],
          }),
        ),
    });
    renderWithApp(<DashboardScreen />);
    const row = within(await screen.findByRole('list', { name: 'دارایی‌های من به تفکیک' }, FIRST_PAINT)).getByRole(
      'link',
    );
    expect(row.getAttribute('href')).toBe(`/basket-order/${basketId}`);
    expect(row.textContent).toContain('سبد هوشمند');
    expect(row.textContent).toContain('سبدهای هوشمند · ');
  });

  it('a new user: total zero, no holdings list, the four kinds to start with', async () => {
    server({ [stateUrl('IRT')]: () => jsonResponse(emptyPortfolioFixture('IRT')) });
    renderWithApp(<DashboardScreen />);
    const start = await screen.findByRole('region', { name: 'سرمایه‌گذاری را شروع کنید' }, FIRST_PAINT);
    expect(within(start).getAllByRole('article')).toHaveLength(4);
    const links = within(start)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/funds', '/funds?tab=gold-silver', '/baskets', '/wallet/deposit']);
    expect(screen.getByTestId('assets-total').textContent).toBe('۰ تومان');
    expect(screen.getByText('با اولین سرمایه‌گذاری، ارزش دارایی‌هایتان اینجا نمایش داده می‌شود.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'دارایی‌های من به تفکیک' })).toBeNull();
    // Nothing held in a wallet: the wallets are not asked for.
    expect(calls()).not.toContain('/api/wallets');
  });

  it('shows «—» with the reason for what cannot be valued', async () => {
    server({
      [stateUrl('IRT')]: () =>
        jsonResponse(
          portfolioFixture('IRT', {
            total: null,
            holdings: [
              goldHolding({
                nav: null,
                navDate: null,
                nativeValue: null,
                value: null,
                share: null,
                gain: null,
                gainRatio: null,
              }),
            ],
          }),
        ),
    });
    renderWithApp(<DashboardScreen />);
    const assets = await screen.findByRole('region', { name: 'دارایی‌های من' }, FIRST_PAINT);
    expect((await within(assets).findByTestId('assets-total')).textContent).toBe('—');
    expect(assets.textContent).toContain('ارزش بعضی دارایی‌ها فعلاً معلوم نیست');
    const row = within(await screen.findByRole('list', { name: 'دارایی‌های من به تفکیک' }, FIRST_PAINT)).getByRole(
      'link',
    );
    expect(row.textContent).toContain('—');
    expect(row.textContent).toContain('ارزش نامعلوم: قیمت این صندوق هنوز اعلام نشده است.');
    expect(row.textContent).not.toContain('سود:');
  });

  it('says why the portfolio could not be loaded, and tries again', async () => {
    let fail = true;
    server({
      [stateUrl('IRT')]: () =>
        fail ? jsonResponse({ code: 'INTERNAL', message: 'down' }, 500) : jsonResponse(portfolioFixture('IRT')),
    });
    renderWithApp(<DashboardScreen />);
    const assets = await screen.findByRole('region', { name: 'دارایی‌های من' }, FIRST_PAINT);
    const alert = await within(assets).findByRole('alert', {}, FIRST_PAINT);
    expect(screen.queryByRole('region', { name: 'سابقهٔ سود و زیان' })).toBeNull();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'تلاش دوباره' }));
    expect((await within(assets).findByTestId('assets-total')).textContent).toBe('۴٬۷۵۰٬۰۰۰ تومان');
    expect(await screen.findByRole('region', { name: 'سابقهٔ سود و زیان' }, FIRST_PAINT)).toBeTruthy();
  });

  it('links only to pages the portal has', async () => {
    server();
    renderWithApp(<DashboardScreen />);
    const quick = await screen.findByRole('region', { name: 'دسترسی سریع' }, FIRST_PAINT);
    expect(
      within(quick)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/wallet/deposit', '/funds', '/tether-trading', '/transaction', '/user-requests', '/profile/kyc']);
    const referral = await screen.findByRole('region', { name: 'دوستانتان را دعوت کنید' }, FIRST_PAINT);
    expect(within(referral).queryByRole('link')).toBeNull();
  });
});
