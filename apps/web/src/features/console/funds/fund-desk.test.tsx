import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminConsultation, AdminFund, AdminFundNav } from '@portal/contract/admin/funds';
import { ROLE_PERMISSIONS, type Role } from '@portal/contract/admin/roles';
import { EARLY_EXIT_SCHEDULE } from '@portal/contract/funds/catalogue';
import { tehranDateOf } from '@portal/contract/funds/orders';
import { navProposalFixture, navPublishProposalFixture, PROPOSAL_ID } from '@/test/proposal-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import arAdmin from '@/locales/ar/admin.json';
import enAdmin from '@/locales/en/admin.json';
import faAdmin from '@/locales/fa/admin.json';
import { OperatorProvider } from '../shell/operator';
import ConsultationsPage from './consultations-page';
import FundNewPage from './fund-new-page';
import FundPage from './fund-page';
import FundsPage from './funds-page';

configure({ asyncUtilTimeout: 5000 });

const FUND_ID = '2b3c4d5e-6f70-4a81-9b2c-3d4e5f607182';

const fundFixture = (over: Partial<AdminFund> = {}): AdminFund => ({
  id: FUND_ID,
  code: 'gold-1',
  kind: 'gold',
  preset: 'gold',
  fundType: 2,
  category: 'gold_silver',
  risk: 25,
  currency: 'IRT',
  name: { fa: 'صندوق طلای نمونه', ar: 'صندوق الذهب', en: 'Sample Gold Fund' },
  summary: { fa: 'طلا', ar: 'ذهب', en: 'Gold' },
  about: { fa: 'درباره', ar: 'حول', en: 'About' },
  latestNav: { navDate: '2025-08-01', nav: '120000' },
  yields: { sixMonths: null, twelveMonths: null, allTime: null },
  buyingPaused: false,
  redeemingPaused: false,
  minPurchase: '100000',
  isDemo: false,
  fees: {
    purchaseFixedFee: '5000',
    managementFeeBps: 150,
    redeemFixedFee: '3000',
    performanceFeeBps: 1000,
    earlyExit: EARLY_EXIT_SCHEDULE,
  },
  limits: { minPurchase: '100000', maxPurchase: null, minRedeemUnits: '1' },
  assetAllocation: [{ label: { fa: 'طلای آب‌شده', ar: 'ذهب', en: 'Bullion' }, percent: '80.00' }],
  licences: [],
  documents: [],
  published: true,
  sortOrder: 0,
  hasOrders: true,
  currencyLocked: true,
  navToday: false,
  openConsultations: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-08-01T00:00:00.000Z',
  ...over,
});

const navFixture = (over: Partial<AdminFundNav> = {}): AdminFundNav => ({
  navDate: '2025-08-01',
  nav: '120000',
  publishedAt: '2025-08-01T10:00:00.000Z',
  publishedBy: 'op',
  correctedAt: null,
  ...over,
});

/** The ISO day `days` away from `day`. */
const shiftDay = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const page = <T,>(items: T[]) => jsonResponse({ items, total: items.length, page: 1, pageSize: 20 });

type Handler = (path: string, init: RequestInit | undefined) => Response | undefined;

function render(ui: ReactElement, route: string, handler: Handler, role: Role = 'senior_operator') {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(input as string, 'http://x');
    return handler(url.pathname, init) ?? jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const operator = {
    id: '11111111-2222-4333-8444-555555555555',
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
    firstName: 'سارا',
    lastName: 'اپراتور',
  };
  const view = renderWithApp(<OperatorProvider operator={operator}>{ui}</OperatorProvider>, { route });
  const sent = (method: string, path: string) =>
    fetchMock.mock.calls
      .filter(([u, i]) => (u as string).split('?')[0] === path && (i?.method ?? 'GET') === method)
      .map(([, i]) => ({ body: i?.body ? (JSON.parse(i.body as string) as unknown) : undefined, init: i }));
  return { ...view, sent };
}

afterEach(() => vi.unstubAllGlobals());

describe('the fund desk', { timeout: 60_000 }, () => {
  it('lists the funds with their state; a new fund for funds.manage only', async () => {
    const handler: Handler = (path) =>
      path === '/api/admin/funds' ? jsonResponse({ items: [fundFixture()] }) : undefined;
    render(<FundsPage />, '/admin/funds', handler);
    const list = await screen.findByRole('list', { name: 'صندوق‌ها' });
    expect(within(list).getByText('صندوق طلای نمونه')).toBeTruthy();
    expect(within(list).getByText('NAV امروز منتشر نشده')).toBeTruthy();
    expect(within(list).getByText('۱۲۰٬۰۰۰ تومان')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'صندوق جدید' })).toBeTruthy();
  });

  it('hides the new fund button from a role that can only read', async () => {
    render(
      <FundsPage />,
      '/admin/funds',
      (path) => (path === '/api/admin/funds' ? jsonResponse({ items: [fundFixture()] }) : undefined),
      'operator',
    );
    expect(await screen.findByRole('list', { name: 'صندوق‌ها' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'صندوق جدید' })).toBeNull();
  });

  it('new fund: checks every field before sending, with the contract’s rules and translated messages', async () => {
    const { sent } = render(<FundNewPage />, '/admin/funds/new', () => undefined);
    const form = await screen.findByRole('form', { name: 'مشخصات صندوق' });
    await userEvent.click(within(form).getByRole('button', { name: 'ساخت صندوق' }));

    expect(
      await within(form).findByText('۲ تا ۴۰ حرف کوچک انگلیسی، رقم و خط تیره که با حرف یا رقم شروع شود.'),
    ).toBeTruthy();
    expect(within(form).getAllByText('یک گزینه را انتخاب کنید.').length).toBeGreaterThanOrEqual(5);
    expect(within(form).getAllByText('این فیلد را پر کنید.').length).toBeGreaterThanOrEqual(9);
    expect(screen.getByText('چند فیلد نیاز به اصلاح دارد؛ در بالا مشخص شده‌اند.')).toBeTruthy();

    const fee = within(form).getByLabelText('کارمزد مدیریت (سالانه)');
    await userEvent.clear(fee);
    await userEvent.type(fee, '120');
    expect(await within(form).findByText('درصدی از ۰ تا ۱۰۰ با حداکثر دو رقم اعشار وارد کنید.')).toBeTruthy();
    expect(sent('POST', '/api/admin/funds')).toHaveLength(0);
  });

  it('edit: the terms are read-only there and never sent; sends only the section that changed', async () => {
    let fund = fundFixture();
    const { sent } = render(<FundPage fundId={FUND_ID} />, `/admin/funds/${FUND_ID}`, (path, init) => {
      if (path === `/api/admin/funds/${FUND_ID}` && init?.method === 'PATCH') {
        const body = JSON.parse(init.body as string) as { sortOrder: number };
        fund = fundFixture({ sortOrder: body.sortOrder, updatedAt: '2025-08-02T00:00:00.000Z' });
        return jsonResponse(fund);
      }
      if (path === `/api/admin/funds/${FUND_ID}`) return jsonResponse(fund);
      return undefined;
    });
    const form = await screen.findByRole('form', { name: 'مشخصات صندوق' });
    // The currency is locked: the fund has NAVs and orders.
    expect(within(form).getByText('صندوق NAV یا سفارش دارد: ارز آن دیگر تغییر نمی‌کند.')).toBeTruthy();
    // Fees, limits and pauses show as they are, and change only by a proposal (the terms tab).
    const fee = within(form).getByLabelText('کارمزد مدیریت (سالانه)');
    expect(fee).toHaveProperty('value', '۱.۵');
    expect(fee).toHaveProperty('disabled', true);
    expect(within(form).getByLabelText('حداقل خرید')).toHaveProperty('disabled', true);
    expect(within(form).getByRole('switch', { name: 'توقف خرید' })).toHaveProperty('disabled', true);
    expect(within(form).getByRole('link', { name: 'پیشنهاد شرایط تازه' }).getAttribute('href')).toBe(
      `/admin/funds/${FUND_ID}?tab=terms`,
    );

    const order = within(form).getByLabelText('ترتیب در صفحهٔ صندوق‌ها');
    await userEvent.clear(order);
    await userEvent.type(order, '۳');
    await userEvent.click(within(form).getByRole('button', { name: 'ذخیرهٔ تغییرات' }));
    await waitFor(() => expect(sent('PATCH', `/api/admin/funds/${FUND_ID}`)).toHaveLength(1));
    const body = sent('PATCH', `/api/admin/funds/${FUND_ID}`)[0]!.body as Record<string, unknown>;
    expect(body).toEqual({ sortOrder: 3 });
    expect(await screen.findByText('صندوق ذخیره شد.')).toBeTruthy();
  });

  it('edit: the fund type is named in words, and each pause toggle says what it stops (fa, ar, en)', async () => {
    render(<FundPage fundId={FUND_ID} />, `/admin/funds/${FUND_ID}`, (path) =>
      path === `/api/admin/funds/${FUND_ID}` ? jsonResponse(fundFixture()) : undefined,
    );
    const form = await screen.findByRole('form', { name: 'مشخصات صندوق' });
    expect(within(form).getByRole('combobox', { name: /^نوع صندوق/ })).toBeTruthy();
    expect(within(form).queryByText(/FundType/)).toBeNull();
    const hintOf = (name: string) => {
      const id = within(form).getByRole('switch', { name }).getAttribute('aria-describedby');
      return id ? document.getElementById(id)?.textContent : null;
    };
    expect(hintOf('توقف خرید')).toBe(
      'سرمایه‌گذاران می‌بینند که فعلاً امکان خرید واحد این صندوق نیست؛ ابطال ادامه دارد.',
    );
    expect(hintOf('توقف ابطال')).toBe(
      'سرمایه‌گذاران می‌بینند که فعلاً امکان ابطال واحدهای این صندوق نیست؛ خرید ادامه دارد.',
    );
    for (const locale of [faAdmin, arAdmin, enAdmin]) {
      const f = locale.funds.form as Record<string, string>;
      expect(f.fundType).not.toMatch(/FundType/);
      expect(f.buyingPausedHint).toBeTruthy();
      expect(f.redeemingPausedHint).toBeTruthy();
      expect(f.buyingPausedHint).not.toBe(f.redeemingPausedHint);
    }
  });

  it('edit: a fund without NAVs and orders changing its currency brings its fees and limits in the new one', async () => {
    const fund = fundFixture({ currencyLocked: false, hasOrders: false, latestNav: null, navToday: false });
    const { sent } = render(<FundPage fundId={FUND_ID} />, `/admin/funds/${FUND_ID}`, (path, init) => {
      if (path === `/api/admin/funds/${FUND_ID}` && init?.method === 'PATCH')
        return jsonResponse(fundFixture({ ...fund, currency: 'USDT', updatedAt: '2025-08-02T00:00:00.000Z' }));
      if (path === `/api/admin/funds/${FUND_ID}`) return jsonResponse(fund);
      return undefined;
    });
    const form = await screen.findByRole('form', { name: 'مشخصات صندوق' });
    expect(within(form).getByLabelText('کارمزد ثابت خرید')).toHaveProperty('disabled', true);
    await userEvent.click(within(form).getByRole('combobox', { name: /ارز/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'تتر' }));
    // The fees and limits open for the new currency; the pauses stay a proposal's.
    const fee = within(form).getByLabelText('کارمزد ثابت خرید');
    await waitFor(() => expect(fee).toHaveProperty('disabled', false));
    expect(within(form).getByRole('switch', { name: 'توقف خرید' })).toHaveProperty('disabled', true);
    await userEvent.clear(fee);
    await userEvent.type(fee, '1');
    const min = within(form).getByLabelText('حداقل خرید');
    await userEvent.clear(min);
    await userEvent.type(min, '100');
    await userEvent.click(within(form).getByRole('button', { name: 'ذخیرهٔ تغییرات' }));
    await waitFor(() => expect(sent('PATCH', `/api/admin/funds/${FUND_ID}`)).toHaveLength(1));
    const body = sent('PATCH', `/api/admin/funds/${FUND_ID}`)[0]!.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['currency', 'fees', 'limits']);
    expect(body.fees).toEqual({
      purchaseFixedFee: '1',
      managementFeeBps: 150,
      redeemFixedFee: '3000',
      performanceFeeBps: 1000,
    });
    expect(body.limits).toEqual({ minPurchase: '100', maxPurchase: null, minRedeemUnits: '1' });
  });

  it('terms: refuses a minimum purchase not above the fixed fee; proposes only the section that changed', async () => {
    const fund = fundFixture();
    const proposal = navProposalFixture({
      kind: 'fund_terms',
      payload: { kind: 'fund_terms', fees: { ...fund.fees, managementFeeBps: 250 } },
      effect: null,
    });
    const { sent } = render(<FundPage fundId={FUND_ID} />, `/admin/funds/${FUND_ID}?tab=terms`, (path, init) => {
      if (path === `/api/admin/funds/${FUND_ID}/terms` && init?.method === 'POST') return jsonResponse(proposal, 202);
      if (path === '/api/admin/proposals')
        return page(sent('POST', `/api/admin/funds/${FUND_ID}/terms`).length ? [proposal] : []);
      if (path === `/api/admin/funds/${FUND_ID}`) return jsonResponse(fund);
      return undefined;
    });
    const form = await screen.findByRole('form', { name: 'پیشنهاد شرایط صندوق' });
    expect(within(form).getByLabelText('کارمزد مدیریت (سالانه)')).toHaveProperty('value', '۱.۵');
    expect(await screen.findByText('پیشنهادی در انتظار تأیید نیست.')).toBeTruthy();

    const min = within(form).getByLabelText('حداقل خرید');
    await userEvent.clear(min);
    await userEvent.type(min, '4000');
    expect(await within(form).findByText('حداقل خرید باید بیشتر از کارمزد ثابت خرید باشد.')).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'پیشنهاد شرایط' }));
    expect(sent('POST', `/api/admin/funds/${FUND_ID}/terms`)).toHaveLength(0);

    await userEvent.clear(min);
    await userEvent.type(min, '100000');
    const fee = within(form).getByLabelText('کارمزد مدیریت (سالانه)');
    await userEvent.clear(fee);
    await userEvent.type(fee, '۲٫۵');
    await userEvent.click(within(form).getByRole('button', { name: 'پیشنهاد شرایط' }));
    await waitFor(() => expect(sent('POST', `/api/admin/funds/${FUND_ID}/terms`)).toHaveLength(1));
    // The minimum went back to what it was: only the fees changed.
    expect(sent('POST', `/api/admin/funds/${FUND_ID}/terms`)[0]!.body).toEqual({
      fees: { purchaseFixedFee: '5000', managementFeeBps: 250, redeemFixedFee: '3000', performanceFeeBps: 1000 },
    });
    expect(await screen.findByText('شرایط تازه پیشنهاد شد و در انتظار تأیید اپراتور دوم است.')).toBeTruthy();
    const proposed = screen.getByTestId('proposal-proposed');
    expect(within(proposed).getByText('پیشنهاد شد؛ در انتظار اپراتور دوم')).toBeTruthy();
    expect(within(proposed).getByRole('link', { name: 'مشاهدهٔ پیشنهاد' }).getAttribute('href')).toBe(
      `/admin/proposals/${PROPOSAL_ID}`,
    );
    // Nothing changed yet: the form shows the terms in force, and the proposal waits in the list.
    expect(within(form).getByLabelText('کارمزد مدیریت (سالانه)')).toHaveProperty('value', '۱.۵');
    expect(await screen.findByRole('link', { name: /^تغییر شرایط صندوق: کارمزدها/ })).toBeTruthy();
  });

  it('NAV: proposes today’s NAV (today by default after yesterday’s), published only when approved; refuses a future day', async () => {
    const today = tehranDateOf(new Date());
    const navs = [navFixture()];
    let proposals: ReturnType<typeof navPublishProposalFixture>[] = [];
    const { sent } = render(<FundPage fundId={FUND_ID} />, `/admin/funds/${FUND_ID}?tab=navs`, (path, init) => {
      if (path === `/api/admin/funds/${FUND_ID}/navs` && init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as { navDate: string; nav: string };
        const proposal = navPublishProposalFixture(body.navDate, body.nav);
        proposals = [proposal];
        return jsonResponse(proposal, 202);
      }
      if (path === '/api/admin/proposals') return page(proposals);
      if (path === `/api/admin/funds/${FUND_ID}/navs`) return page(navs);
      if (path === `/api/admin/funds/${FUND_ID}`)
        return jsonResponse(fundFixture({ latestNav: { navDate: shiftDay(today, -1), nav: '120000' } }));
      return undefined;
    });
    const publish = await screen.findByRole('form', { name: 'انتشار NAV' });
    expect(screen.getByText('NAV امروز هنوز منتشر نشده است: سفارش‌های امروز منتظر آن‌اند.')).toBeTruthy();
    const list = await screen.findByRole('table', { name: 'NAVهای منتشرشده' });
    expect(within(list).getAllByRole('row')).toHaveLength(2);

    // A day after today is refused before anything is sent.
    const day = within(publish).getByLabelText('روز');
    const typedToday = (day as HTMLInputElement).value;
    expect(typedToday).toMatch(/^[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2}$/);
    await userEvent.clear(day);
    await userEvent.type(day, '1500/01/01');
    await userEvent.type(within(publish).getByLabelText('NAV (قیمت یک واحد)'), '125000');
    await userEvent.click(within(publish).getByRole('button', { name: 'پیشنهاد' }));
    expect(await within(publish).findByText('NAV روزهای بعد از امروز را نمی‌توان منتشر کرد.')).toBeTruthy();
    expect(sent('POST', `/api/admin/funds/${FUND_ID}/navs`)).toHaveLength(0);

    await userEvent.clear(day);
    await userEvent.type(day, typedToday);
    await userEvent.click(within(publish).getByRole('button', { name: 'پیشنهاد' }));
    await waitFor(() => expect(sent('POST', `/api/admin/funds/${FUND_ID}/navs`)).toHaveLength(1));
    expect(sent('POST', `/api/admin/funds/${FUND_ID}/navs`)[0]!.body).toEqual({ navDate: today, nav: '125000' });
    expect(await screen.findByText(/^NAV روز .* پیشنهاد شد و در انتظار تأیید اپراتور دوم است\.$/)).toBeTruthy();
    const proposed = screen.getByTestId('proposal-proposed');
    expect(within(proposed).getByText('NAV هنوز منتشر نشده است: پس از تأیید اپراتوری دیگر منتشر می‌شود.')).toBeTruthy();
    expect(within(proposed).getByRole('link', { name: 'مشاهدهٔ پیشنهاد' }).getAttribute('href')).toBe(
      `/admin/proposals/${PROPOSAL_ID}`,
    );
    // It waits for a second operator: listed as pending, and not among the published NAVs.
    const pending = await screen.findByRole('list', { name: 'در انتظار اپراتور دوم' });
    expect(within(pending).getByRole('link', { name: /^انتشار NAV: روز .*: ۱۲۵٬۰۰۰ تومان$/ })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'NAVهای منتشرشده' })).getAllByRole('row')).toHaveLength(2);
  });

  it('NAV: the form defaults to the day after the latest NAV, never to a day already published (no 409)', async () => {
    const today = tehranDateOf(new Date());
    let fund = fundFixture({ latestNav: { navDate: '2025-08-01', nav: '120000' }, navToday: false });
    const published = new Set(['2025-08-01']);
    const { sent, unmount } = render(
      <FundPage fundId={FUND_ID} />,
      `/admin/funds/${FUND_ID}?tab=navs`,
      (path, init) => {
        if (path === `/api/admin/funds/${FUND_ID}/navs` && init?.method === 'POST') {
          const body = JSON.parse(init.body as string) as { navDate: string; nav: string };
          if (published.has(body.navDate)) return jsonResponse({ code: 'FUND_NAV_EXISTS', message: 'exists' }, 409);
          return jsonResponse(navPublishProposalFixture(body.navDate, body.nav), 202);
        }
        if (path === '/api/admin/proposals') return page([]);
        if (path === `/api/admin/funds/${FUND_ID}/navs`) return page([navFixture()]);
        if (path === `/api/admin/funds/${FUND_ID}`) return jsonResponse(fund);
        return undefined;
      },
    );
    let publish = await screen.findByRole('form', { name: 'انتشار NAV' });
    await userEvent.type(within(publish).getByLabelText('NAV (قیمت یک واحد)'), '125000');
    await userEvent.click(within(publish).getByRole('button', { name: 'پیشنهاد' }));
    await waitFor(() => expect(sent('POST', `/api/admin/funds/${FUND_ID}/navs`)).toHaveLength(1));
    expect(sent('POST', `/api/admin/funds/${FUND_ID}/navs`)[0]!.body).toEqual({ navDate: '2025-08-02', nav: '125000' });
    expect(await screen.findByText(/پیشنهاد شد و در انتظار تأیید اپراتور دوم است\.$/)).toBeTruthy();
    unmount();

    // Today's NAV is published: the default is tomorrow, refused before sending rather than answered 409.
    fund = fundFixture({ latestNav: { navDate: today, nav: '120000' }, navToday: true });
    const again = render(<FundPage fundId={FUND_ID} />, `/admin/funds/${FUND_ID}?tab=navs`, (path, init) => {
      if (path === `/api/admin/funds/${FUND_ID}/navs` && init?.method === 'POST')
        return jsonResponse({ code: 'FUND_NAV_EXISTS', message: 'exists' }, 409);
      if (path === '/api/admin/proposals') return page([]);
      if (path === `/api/admin/funds/${FUND_ID}/navs`) return page([navFixture({ navDate: today })]);
      if (path === `/api/admin/funds/${FUND_ID}`) return jsonResponse(fund);
      return undefined;
    });
    publish = await screen.findByRole('form', { name: 'انتشار NAV' });
    await userEvent.type(within(publish).getByLabelText('NAV (قیمت یک واحد)'), '125000');
    await userEvent.click(within(publish).getByRole('button', { name: 'پیشنهاد' }));
    expect(await within(publish).findByText('NAV روزهای بعد از امروز را نمی‌توان منتشر کرد.')).toBeTruthy();
    expect(again.sent('POST', `/api/admin/funds/${FUND_ID}/navs`)).toHaveLength(0);
  });

  it('NAV: says when the day’s NAV is already published, and proposes a correction with a reason', async () => {
    const { sent } = render(<FundPage fundId={FUND_ID} />, `/admin/funds/${FUND_ID}?tab=navs`, (path, init) => {
      if (path === `/api/admin/funds/${FUND_ID}/navs` && init?.method === 'POST')
        return jsonResponse({ code: 'FUND_NAV_EXISTS', message: 'exists' }, 409);
      if (path === `/api/admin/funds/${FUND_ID}/navs/corrections` && init?.method === 'POST')
        return jsonResponse(
          navProposalFixture({
            payload: { kind: 'nav_correction', navDate: '2025-08-01', nav: '121000', reason: 'خطا در ورود قیمت طلا' },
          }),
          202,
        );
      if (path === '/api/admin/proposals') return page([]);
      if (path === `/api/admin/funds/${FUND_ID}/navs`) return page([navFixture()]);
      if (path === `/api/admin/funds/${FUND_ID}`) return jsonResponse(fundFixture());
      return undefined;
    });
    const publish = await screen.findByRole('form', { name: 'انتشار NAV' });
    await userEvent.type(within(publish).getByLabelText('NAV (قیمت یک واحد)'), '125000');
    await userEvent.click(within(publish).getByRole('button', { name: 'پیشنهاد' }));
    expect(await screen.findByText('NAV این روز پیش‌تر منتشر شده است؛ به‌جای آن، در فهرست اصلاحش کنید.')).toBeTruthy();

    await userEvent.click(await screen.findByRole('button', { name: /^اصلاح NAV روز/ }));
    const dialog = await screen.findByRole('dialog', { name: /^اصلاح NAV روز/ });
    const nav = within(dialog).getByLabelText(/NAV اصلاح‌شده/);
    expect(nav).toHaveProperty('value', '۱۲۰۰۰۰');
    await userEvent.clear(nav);
    await userEvent.type(nav, '121000');
    await userEvent.type(within(dialog).getByLabelText('دلیل'), 'خطا');
    await userEvent.click(within(dialog).getByRole('button', { name: 'پیشنهاد اصلاح' }));
    expect(await within(dialog).findByText('کوتاه‌تر از حد مجاز است.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('دلیل'), ' در ورود قیمت طلا');
    await userEvent.click(within(dialog).getByRole('button', { name: 'پیشنهاد اصلاح' }));
    await waitFor(() => expect(sent('POST', `/api/admin/funds/${FUND_ID}/navs/corrections`)).toHaveLength(1));
    expect(sent('POST', `/api/admin/funds/${FUND_ID}/navs/corrections`)[0]!.body).toEqual({
      navDate: '2025-08-01',
      nav: '121000',
      reason: 'خطا در ورود قیمت طلا',
    });
    expect(await screen.findByText(/^اصلاح NAV روز .* پیشنهاد شد و در انتظار تأیید اپراتور دوم است\.$/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      within(screen.getByTestId('proposal-proposed')).getByText(
        'NAV هنوز اصلاح نشده است: پس از تأیید اپراتوری دیگر اصلاح می‌شود.',
      ),
    ).toBeTruthy();
  });

  it('a role that can only read sees no publish form and a read-only fund', async () => {
    render(
      <FundPage fundId={FUND_ID} />,
      `/admin/funds/${FUND_ID}?tab=navs`,
      (path) => {
        if (path === `/api/admin/funds/${FUND_ID}/navs`) return page([navFixture()]);
        if (path === `/api/admin/funds/${FUND_ID}`) return jsonResponse(fundFixture());
        return undefined;
      },
      'operator',
    );
    expect(await screen.findByRole('table', { name: 'NAVهای منتشرشده' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'انتشار NAV' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^اصلاح NAV روز/ })).toBeNull();
  });

  it('dividends: the confirmation says every holder would be paid once approved; one idempotency key', async () => {
    const { sent } = render(<FundPage fundId={FUND_ID} />, `/admin/funds/${FUND_ID}?tab=dividends`, (path, init) => {
      if (path === `/api/admin/funds/${FUND_ID}/dividends` && init?.method === 'POST')
        return jsonResponse(
          navProposalFixture({ kind: 'dividend', payload: { kind: 'dividend', perUnit: '1500' }, effect: null }),
          202,
        );
      if (path === '/api/admin/proposals') return page([]);
      if (path === `/api/admin/funds/${FUND_ID}/dividends`) return page([]);
      if (path === `/api/admin/funds/${FUND_ID}`) return jsonResponse(fundFixture());
      return undefined;
    });
    const form = await screen.findByRole('form', { name: 'تقسیم سود' });
    expect(await screen.findByText('هنوز سودی پرداخت نشده است.')).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('به ازای هر واحد'), '۱۵۰۰');
    await userEvent.click(within(form).getByRole('button', { name: 'پیشنهاد تقسیم' }));
    const dialog = await screen.findByRole('dialog', { name: 'این سود پیشنهاد شود؟' });
    expect(
      within(dialog).getByText(
        'پیشنهاد می‌شود ۱٬۵۰۰ تومان به ازای هر واحد به همهٔ دارندگان صندوق طلای نمونه پرداخت شود، هر کس به اندازهٔ واحدهایش.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'پیشنهاد پرداخت' }));
    expect(await screen.findByText('تقسیم سود پیشنهاد شد و در انتظار تأیید اپراتور دوم است.')).toBeTruthy();
    expect(
      within(screen.getByTestId('proposal-proposed')).getByText(
        'هنوز چیزی پرداخت نشده است: سود پس از تأیید اپراتوری دیگر پرداخت می‌شود.',
      ),
    ).toBeTruthy();
    // Nothing was paid: the list of dividends paid stays empty.
    expect(screen.getByText('هنوز سودی پرداخت نشده است.')).toBeTruthy();
    const { body, init } = sent('POST', `/api/admin/funds/${FUND_ID}/dividends`)[0]!;
    expect(body).toEqual({ perUnit: '1500' });
    expect((init!.headers as Record<string, string>)['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('consultations: open first; marks a call done with a note', async () => {
    const consultation: AdminConsultation = {
      id: '9f8e7d6c-5b4a-4321-8fed-cba987654321',
      fundId: FUND_ID,
      callDate: '2025-08-02',
      period: 'Morning',
      phone: '+989121112233',
      status: 'Open',
      createdAt: '2025-08-01T09:00:00.000Z',
      user: { id: 'u1', mobile: '+989121112233', firstName: 'علی', lastName: 'رضایی' },
      fund: { id: FUND_ID, code: 'gold-1', name: fundFixture().name },
      handledBy: null,
      handledAt: null,
      note: null,
    };
    const { sent } = render(<ConsultationsPage />, '/admin/consultations', (path, init) => {
      if (path === `/api/admin/funds/consultations/${consultation.id}/resolve` && init?.method === 'POST')
        return jsonResponse({
          ...consultation,
          status: 'Done',
          handledAt: new Date().toISOString(),
          note: 'تماس گرفته شد',
        });
      if (path === '/api/admin/funds/consultations') return page([consultation]);
      return undefined;
    });
    const list = await screen.findByRole('list', { name: 'تماس‌های مشاوره' });
    expect(within(list).getByText('علی رضایی')).toBeTruthy();
    expect(within(list).getByText(/صبح \(۹ تا ۱۲\)/)).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'ثبت تماس با علی رضایی' }));
    const dialog = await screen.findByRole('dialog', { name: 'ثبت انجام تماس' });
    await userEvent.type(within(dialog).getByLabelText('یادداشت (اختیاری)'), 'درباره کارمزد پرسید');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ثبت انجام' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('POST', `/api/admin/funds/consultations/${consultation.id}/resolve`)[0]!.body).toEqual({
      status: 'Done',
      note: 'درباره کارمزد پرسید',
    });
  });
});
