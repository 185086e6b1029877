import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/test/render';
import { FUND_IDS, fundSummaryFixture, holdingFixture, loadFundsTexts } from '../test-fixtures';
import FundsScreen from './funds-screen';

const fetchMock = vi.fn<typeof fetch>();
const FIRST_PAINT = { timeout: 5000 };
beforeAll(loadFundsTexts);
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const gold = fundSummaryFixture({ isDemo: true });
const crypto = fundSummaryFixture({
  id: FUND_IDS.crypto,
  code: 'crypto-1',
  kind: 'index',
  preset: 'gem',
  category: 'crypto',
  risk: 100,
  currency: 'USDT',
  name: { fa: 'صندوق شاخص رمزارز', ar: 'صندوق', en: 'Crypto index fund' },
  latestNav: { navDate: '2026-03-10', nav: '1.2345' },
  yields: { sixMonths: '-4.20', twelveMonths: null, allTime: '30.00' },
  buyingPaused: true,
});

function server({
  funds = () => jsonResponse({ items: [gold, crypto] }),
  holdings = () => jsonResponse({ items: [] }),
}: { funds?: () => Response | Promise<Response>; holdings?: () => Response | Promise<Response> } = {}) {
  fetchMock.mockImplementation((input) => {
    const url = input as string;
    if (url === '/api/funds') return Promise.resolve(funds());
    if (url === '/api/funds/holdings') return Promise.resolve(holdings());
    return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404));
  });
}

describe('/funds', { timeout: 30_000 }, () => {
  it('lists the tab’s funds with their share value, yields in Persian digits and the demo badge', async () => {
    server();
    renderWithApp(<FundsScreen />, { route: '/funds?tab=gold-silver' });

    const list = await screen.findByRole('list', { name: 'طلا و نقره' }, FIRST_PAINT);
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(1);
    const card = cards[0]!;
    expect(within(card).getByRole('heading', { name: 'صندوق طلای نمونه' })).toBeTruthy();
    expect(card.textContent).toContain('نمایشی');
    expect(card.textContent).toContain('۱۲۵٬۰۰۰ تومان');
    expect(card.textContent).toContain('ریسک: متعادل');
    expect(card.textContent).toContain('+۱۲٫۳۴٪');
    expect(card.textContent).toContain('+۲۴٫۵۰٪');
    expect(card.textContent).toContain('−۳٫۱۰٪');
    expect(within(card).getByRole('link').getAttribute('href')).toBe(`/fund/${FUND_IDS.gold}`);
    expect(screen.getByRole('tab', { name: 'طلا و نقره' }).getAttribute('aria-selected')).toBe('true');
  });

  it('names a demo fund once: the badge says demo, the seed’s "(نمایشی)" mark is not repeated beside it', async () => {
    const seeded = fundSummaryFixture({
      isDemo: true,
      name: { fa: 'صندوق طلای زرین (نمایشی)', ar: 'صندوق زرين للذهب (تجريبي)', en: 'Zarrin Gold Fund (demo)' },
    });
    server({ funds: () => jsonResponse({ items: [seeded] }) });
    renderWithApp(<FundsScreen />, { route: '/funds?tab=gold-silver' });

    const list = await screen.findByRole('list', { name: 'طلا و نقره' }, FIRST_PAINT);
    const card = within(list).getByRole('article');
    expect(within(card).getByRole('heading', { name: 'صندوق طلای زرین' })).toBeTruthy();
    expect(card.textContent).not.toContain('(نمایشی)');
    expect(card.textContent?.match(/نمایشی/g)).toHaveLength(1);
  });

  it('switches tabs through the address and marks a paused fund and a missing yield', async () => {
    server();
    const { router } = renderWithApp(<FundsScreen />, { route: '/funds' });
    // The first tab by default.
    const list = await screen.findByRole('list', { name: 'رمزارز' }, FIRST_PAINT);
    const card = within(list).getByRole('article');
    expect(card.textContent).toContain('صندوق شاخص رمزارز');
    expect(card.textContent).toContain('متوقف');
    expect(card.textContent).toContain('ریسک: تهاجمی');
    expect(card.textContent).toContain('۱٫۲۳۴۵ تتر');
    expect(within(card).getByLabelText('هنوز سابقهٔ کافی ندارد')).toBeTruthy();
    expect(card.textContent).not.toContain('نمایشی');

    await userEvent.click(screen.getByRole('tab', { name: 'درآمد ثابت' }));
    expect(router.state.location.search).toBe('?tab=fixed-income');
    expect(await screen.findByText('در حال حاضر صندوق درآمد ثابتی برای سرمایه‌گذاری نیست.')).toBeTruthy();
  });

  it('shows skeletons while loading', async () => {
    let release: (r: Response) => void = () => {};
    server({ funds: () => new Promise<Response>((r) => (release = r)) });
    renderWithApp(<FundsScreen />, { route: '/funds' });
    const busy = await screen.findByLabelText('در حال بارگذاری صندوق‌ها', {}, FIRST_PAINT);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    release(jsonResponse({ items: [gold, crypto] }));
    expect(await screen.findByRole('list', { name: 'رمزارز' })).toBeTruthy();
  });

  it('shows a translated error with a retry that loads the list again', async () => {
    let fail = true;
    server({
      funds: () =>
        fail ? jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500) : jsonResponse({ items: [gold, crypto] }),
    });
    renderWithApp(<FundsScreen />, { route: '/funds?tab=gold-silver' });
    const alert = await screen.findByRole('alert', {}, FIRST_PAINT);
    expect(alert.textContent).toContain('متأسفانه خطایی رخ داده است.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'تلاش دوباره' }));
    expect(await screen.findByRole('list', { name: 'طلا و نقره' })).toBeTruthy();
  });

  it('says so when the user holds no fund', async () => {
    server();
    renderWithApp(<FundsScreen />, { route: '/funds' });
    expect(await screen.findByText('هنوز واحدی از هیچ صندوقی ندارید.', {}, FIRST_PAINT)).toBeTruthy();
    expect(screen.queryByRole('img', { name: /^سهم هر صندوق/ })).toBeNull();
  });

  it('shows my funds with units, value and profit, and their dispersion per currency', async () => {
    server({
      holdings: () =>
        jsonResponse({
          items: [
            holdingFixture(),
            holdingFixture({ fundId: FUND_IDS.income, value: '3750000', profit: '-50000', totalUnits: '30.5' }),
            holdingFixture({
              fundId: FUND_IDS.crypto,
              currency: 'USDT',
              value: '100.5',
              profit: '0.5',
              totalUnits: '81.4',
            }),
          ],
        }),
    });
    renderWithApp(<FundsScreen />, { route: '/funds' });
    const mine = await screen.findByRole('list', { name: 'صندوق‌های من' }, FIRST_PAINT);
    const cards = within(mine).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[0]!.textContent).toContain('صندوق طلای نمونه');
    expect(cards[0]!.textContent).toContain('۱۰');
    expect(cards[0]!.textContent).toContain('۱٬۲۵۰٬۰۰۰ تومان');
    expect(cards[0]!.textContent).toContain('+۲۵۰٬۰۰۰ تومان');
    expect(cards[1]!.textContent).toContain('یک صندوق');
    expect(cards[1]!.textContent).toContain('−۵۰٬۰۰۰ تومان');
    expect(within(cards[0]!).getByRole('link').getAttribute('href')).toBe(`/fund/${FUND_IDS.gold}`);

    // Toman and tether holdings are never added together: one chart each.
    const toman = await screen.findByRole('img', { name: /^سهم هر صندوق از ارزش صندوق‌های من به تومان/ });
    expect(toman.getAttribute('aria-label')).toContain('یک صندوق ۷۵٪');
    expect(toman.getAttribute('aria-label')).toContain('صندوق طلای نمونه ۲۵٪');
    await waitFor(() => expect(screen.getByText('پراکندگی صندوق‌های من (تتر)')).toBeTruthy());
  });
});
