import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/test/render';
import { Route, Routes } from 'react-router';
import {
  FUND_IDS,
  fundDetailFixture,
  fundHoldingFixture,
  loadFundsTexts,
  purchaseFixture,
  purchaseOrderFixture,
} from '../test-fixtures';
import FundScreen from './fund-screen';

// The chart's canvas library has no canvas in jsdom: the chunk is replaced by what it is given.
vi.mock('./nav-line-chart', () => ({
  default: ({ times, tooltipOf }: { times: number[]; tooltipOf: (i: number) => { date: string; value: string } }) => (
    <div role="img" aria-label={`chart: ${times.length} points, last ${tooltipOf(times.length - 1).value}`} />
  ),
}));

const fetchMock = vi.fn<typeof fetch>();
const FIRST_PAINT = { timeout: 5000 };
beforeAll(loadFundsTexts);
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const id = FUND_IDS.gold;
const base = `/api/funds/${id}`;

function server(over: Record<string, () => Response> = {}) {
  const answers: Record<string, () => Response> = {
    [base]: () => jsonResponse(fundDetailFixture()),
    [`${base}/holding`]: () => jsonResponse(fundHoldingFixture()),
    [`${base}/navs?range=1m`]: () =>
      jsonResponse({
        range: '1m',
        points: [
          { navDate: '2026-02-10', nav: '100000' },
          { navDate: '2026-03-10', nav: '125000' },
        ],
      }),
    [`${base}/navs?range=1y`]: () =>
      jsonResponse({
        range: '1y',
        points: [
          { navDate: '2025-03-10', nav: '80000' },
          { navDate: '2025-09-10', nav: '100000' },
          { navDate: '2026-03-10', nav: '125000' },
        ],
      }),
    ...over,
  };
  fetchMock.mockImplementation((input) => {
    const answer = answers[input as string];
    return Promise.resolve(answer ? answer() : jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404));
  });
}

function renderFund(route: string) {
  return renderWithApp(
    <Routes>
      <Route path="/fund/:fundId" element={<FundScreen />} />
    </Routes>,
    { route },
  );
}

describe('/fund/{fundId}', { timeout: 60_000 }, () => {
  it('opens on the main tab: head, chart with its ranges, allocation, fees, early exit, risk, licences, documents', async () => {
    server();
    renderFund(`/fund/${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'صندوق طلای نمونه' }, FIRST_PAINT)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'نمای کلی' }).getAttribute('aria-selected')).toBe('true');
    const overview = screen.getByRole('region', { name: 'خلاصهٔ صندوق' });
    expect(within(overview).getByRole('link', { name: 'خرید واحد' }).getAttribute('href')).toBe(`/fund/purchase/${id}`);
    // The user holds units: redeem (the redemption page's own word) leads to the redemption page.
    expect(await within(overview).findByRole('link', { name: 'ابطال واحد' })).toBeTruthy();
    expect(within(overview).getByRole('link', { name: 'ابطال واحد' }).getAttribute('href')).toBe(`/fund/redeem/${id}`);

    const chart = await screen.findByRole('img', { name: /^chart: 2 points/ });
    expect(chart.getAttribute('aria-label')).toContain('۱۲۵٬۰۰۰ تومان');
    const section = screen.getByRole('region', { name: 'ارزش هر واحد' });
    expect(section.textContent).toContain('+۲۵٫۰۰٪');
    await userEvent.click(within(section).getByRole('button', { name: '۱ سال' }));
    expect(await screen.findByRole('img', { name: /^chart: 3 points/ })).toBeTruthy();
    expect(section.textContent).toContain('+۵۶٫۲۵٪');

    // The sections under the chart are a chunk of their own, rendered after the head has painted.
    const allocation = await screen.findByRole('region', { name: 'ترکیب دارایی‌ها' }, FIRST_PAINT);
    expect(within(allocation).getByRole('meter', { name: 'طلای آب‌شده' }).getAttribute('aria-valuetext')).toBe('۶۲٫۵٪');

    const fees = screen.getByRole('region', { name: 'کارمزدها' });
    expect(fees.textContent).toContain('۵٬۰۰۰ تومان');
    expect(fees.textContent).toContain('سالانه ۱٫۵٪');
    expect(fees.textContent).toContain('۳٪، کاهشی تا صفر پس از ۶ ماه');

    const early = screen.getByRole('region', { name: 'خروج زودهنگام' });
    const rows = within(within(early).getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'مدت نگهداری (ماه)کارمزد',
      '۰ تا ۱۳٪',
      '۱ تا ۲۲٫۵٪',
      '۲ تا ۳۲٪',
      '۳ تا ۴۱٫۵٪',
      '۴ تا ۵۱٪',
      '۵ تا ۶۰٫۵٪',
      '۶ و بیشتر۰٪',
    ]);
    expect(await within(early).findByText('بدون کارمزد در امروز: ۴ از ۱۰ واحد')).toBeTruthy();
    const lots = within(early).getAllByRole('listitem');
    expect(lots[0]!.textContent).toContain('آزاد');
    expect(lots[1]!.textContent).toContain('کارمزد امروز: ۲٫۵٪');

    const risk = screen.getByRole('region', { name: 'سطح ریسک' });
    expect(within(risk).getByRole('meter').getAttribute('aria-valuetext')).toBe('متعادل');
    // Issue 20: the test itself, coming back to this page with the result.
    expect(within(risk).getByRole('link', { name: 'انجام تست ریسک' }).getAttribute('href')).toBe(
      `/risk-quiz/calc?returnTo=${encodeURIComponent(`/fund/${id}`)}`,
    );

    expect(screen.getByRole('region', { name: 'مجوزها' }).textContent).toContain(
      'سازمان بورس، شمارهٔ \u2068۱۲۳۴۵\u2069',
    );
    expect(screen.getByRole('link', { name: /امیدنامه/ }).getAttribute('href')).toBe(
      'https://example.com/prospectus.pdf',
    );
    // The consultation form is its own chunk, after the page's first paint.
    expect(await screen.findByRole('region', { name: 'درخواست مشاوره' }, FIRST_PAINT)).toBeTruthy();
  });

  it('disables buying with the SPEC §8 sentence when the fund is paused, and hides redeeming without units', async () => {
    server({
      [base]: () => jsonResponse(fundDetailFixture({ buyingPaused: true })),
      [`${base}/holding`]: () =>
        jsonResponse(fundHoldingFixture({ lots: [], units: '0', totalUnits: '0', freeUnits: '0' })),
    });
    renderFund(`/fund/${id}`);
    const buy = await screen.findByRole('button', { name: 'خرید واحد' }, FIRST_PAINT);
    expect(buy.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('در حال حاضر امکان خرید یا ابطال واحدها وجود ندارد.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'خرید واحد' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'ابطال واحد' })).toBeNull();
    expect(await screen.findByText('از این صندوق واحدی ندارید.')).toBeTruthy();
  });

  it('moves between tabs through `content`: about, then the history with its pages', async () => {
    server({
      [`/api/fund-orders?fundId=${id}&page=2`]: () =>
        jsonResponse({ items: [purchaseOrderFixture()], total: 11, page: 2, pageSize: 10 }),
    });
    const { router } = renderFund(`/fund/${id}?content=about`);
    const about = await screen.findByRole('region', { name: 'دربارهٔ صندوق' }, FIRST_PAINT);
    expect(about.textContent).toContain('این صندوق در طلا سرمایه‌گذاری می‌کند.');
    const facts = screen.getByRole('region', { name: 'مشخصات' });
    expect(facts.textContent).toContain('صندوق با مدیریت فعال');
    expect(facts.textContent).toContain('بدون سقف');
    expect(facts.textContent).toContain('۰٫۱ واحد');

    await userEvent.click(screen.getByRole('tab', { name: 'تاریخچهٔ خرید و ابطال' }));
    expect(router.state.location.search).toBe('?content=history');
    await router.navigate(`/fund/${id}?content=history&page=2`);
    const history = await screen.findByRole('list', { name: 'تاریخچهٔ خرید و ابطال' });
    const row = within(history).getByRole('listitem');
    expect(row.textContent).toContain('خرید');
    expect(row.textContent).toContain('انجام شد');
    expect(row.textContent).toContain('مبلغ ۱٬۰۰۵٬۰۰۰ تومان');
    expect(row.textContent).toContain('۱۰ واحد');
    const pager = screen.getByRole('navigation', { name: 'صفحه‌بندی' });
    expect(within(pager).getByRole('link', { name: 'صفحهٔ ۱' }).getAttribute('href')).toBe(
      `/fund/${id}?content=history`,
    );
  });

  it('shows the purchase outcome from the address, and clears it when closed', async () => {
    const orderid = '50000000-0000-4000-8000-000000000001';
    server({ [`/api/fund-purchases/${orderid}`]: () => jsonResponse(purchaseFixture()) });
    const { router } = renderFund(`/fund/${id}?status=success&orderid=${orderid}`);
    expect(await screen.findByText('خرید ثبت شد', {}, FIRST_PAINT)).toBeTruthy();
    expect(await screen.findByText('۱۰ واحد به مبلغ ۱٬۰۰۵٬۰۰۰ تومان خریدید.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'بستن' }));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText('خرید ثبت شد')).toBeNull();
  });

  it('shows a failed purchase with a retry, and a redemption outcome', async () => {
    server();
    const { router } = renderFund(`/fund/${id}?status=failed&orderid=x`);
    expect(await screen.findByText('خرید انجام نشد', {}, FIRST_PAINT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'تلاش دوباره' }).getAttribute('href')).toBe(`/fund/purchase/${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'صندوق طلای نمونه' }, FIRST_PAINT)).toBeTruthy();
    await router.navigate(`/fund/${id}?sellStatus=success&redeemRequestId=y`);
    expect(await screen.findByText('ابطال ثبت شد', {}, FIRST_PAINT)).toBeTruthy();
    expect(screen.queryByText('خرید انجام نشد')).toBeNull();
  });

  it('says the fund is not found, with a way back to the list', async () => {
    server({ [base]: () => jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404) });
    renderFund(`/fund/${id}`);
    expect(await screen.findByText('این صندوق پیدا نشد. ممکن است دیگر عرضه نشود.', {}, FIRST_PAINT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'بازگشت به صندوق‌ها' }).getAttribute('href')).toBe('/funds');
  });

  it('reads in English, left to right', async () => {
    server();
    const { default: i18next } = await import('i18next');
    await i18next.changeLanguage('en');
    renderFund(`/fund/${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sample gold fund' }, FIRST_PAINT)).toBeTruthy();
    expect(document.documentElement.dir).toBe('ltr');
    // The sections under the chart are a chunk of their own, rendered after the head.
    expect((await screen.findByRole('region', { name: 'Fees' }, FIRST_PAINT)).textContent).toContain('1.5% a year');
    expect(screen.getByRole('tab', { name: 'Purchase and redemption history' })).toBeTruthy();
  });
});
