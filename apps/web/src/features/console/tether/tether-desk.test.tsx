import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Proposal } from '@portal/contract/admin/proposals';
import { ROLE_PERMISSIONS, type Role } from '@portal/contract/admin/roles';
import type { AdminTetherTrade, TetherDesk } from '@portal/contract/admin/tether';
import { jsonResponse, renderWithApp } from '@/test/render';
import { OperatorProvider } from '../shell/operator';
import TetherDeskPage from './tether-desk-page';

configure({ asyncUtilTimeout: 5000 });

const OPERATOR_ID = '11111111-2222-4333-8444-555555555555';
const PROPOSAL_ID = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
const SETTINGS = {
  spreadBps: 50,
  feeBps: 25,
  quoteTtlSeconds: 20,
  minTradeToman: '100000',
  dailyLimitToman: { '1': '200000000', '2': '2000000000' },
};

const deskFixture = (over: Partial<TetherDesk['settings']> = {}): TetherDesk => ({
  price: {
    status: over.paused ? 'paused' : 'live',
    buy: over.paused ? null : '1005000',
    sell: over.paused ? null : '995000',
    mid: '1000000',
    at: '2025-08-01T10:00:00.000Z',
    seq: 42,
    demo: false,
  },
  priceRules: { timeoutMs: 4000, bandBps: 300, staleAfterSeconds: 60 },
  sources: [
    {
      source: 'nobitex',
      demo: false,
      lastOkAt: '2025-08-01T10:00:00.000Z',
      lastMid: '1000000',
      lastLatencyMs: 120,
      lastError: null,
      lastErrorAt: null,
      usedInLast: true,
    },
    {
      source: 'wallex',
      demo: false,
      lastOkAt: '2025-08-01T09:00:00.000Z',
      lastMid: '1010000',
      lastLatencyMs: 300,
      lastError: 'wallex: timeout',
      lastErrorAt: '2025-08-01T10:00:00.000Z',
      usedInLast: false,
    },
  ],
  settings: {
    ...SETTINGS,
    paused: false,
    pausedReason: null,
    pausedBy: null,
    pausedAt: null,
    updatedBy: null,
    updatedAt: '2025-07-01T00:00:00.000Z',
    ...over,
  },
  house: {
    exchange: { USDT: '-2.962686', IRT: '498750', IRR: '-1990000' },
    fees: { IRT: '1250', IRR: '4975' },
    inventoryUsdt: '-2.962686',
    exposureToman: '-296268',
  },
  today: { day: '2025-08-01', trades: 2, volumeToman: '699000' },
});

const tradeFixture = (over: Partial<AdminTetherTrade> = {}): AdminTetherTrade => ({
  id: '3b4c5d6e-7f80-4a91-8b2c-3d4e5f607182',
  user: { id: '44444444-5555-4666-8777-888888888888', mobile: '+989121114455', firstName: 'مریم', lastName: 'احمدی' },
  side: 'buy',
  fiat: 'IRT',
  price: '1005000',
  fiatAmount: '500000',
  usdtAmount: '4.962686',
  fee: '1250',
  valueToman: '500000',
  createdAt: '2025-08-01T10:00:05.000Z',
  quote: {
    id: '5d6e7f80-91a2-4b3c-8d4e-5f6071829304',
    amountOf: 'pay',
    priceSeq: 41,
    spreadBps: 50,
    feeBps: 25,
    createdAt: '2025-08-01T10:00:00.000Z',
    expiresAt: '2025-08-01T10:00:20.000Z',
  },
  ...over,
});

const tradesPage = (items: AdminTetherTrade[], total = items.length) =>
  jsonResponse({ items, total, page: 1, pageSize: 20 });
const emptyProposals = () => jsonResponse({ items: [], total: 0, page: 1, pageSize: 20 });

type Handler = (path: string, init: RequestInit | undefined, query: URLSearchParams) => Response | undefined;
type AsyncHandler = (...args: Parameters<Handler>) => Response | undefined | Promise<Response | undefined>;

function render(handler: AsyncHandler, role: Role = 'senior_operator', route = '/admin/tether') {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(input as string, 'http://x');
    return (
      (await handler(url.pathname, init, url.searchParams)) ?? jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404)
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  const operator = {
    id: OPERATOR_ID,
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
    firstName: 'سارا',
    lastName: 'اپراتور',
  };
  const view = renderWithApp(
    <OperatorProvider operator={operator}>
      <TetherDeskPage />
    </OperatorProvider>,
    { route },
  );
  const sent = (method: string, path: string) =>
    fetchMock.mock.calls
      .filter(([u, i]) => (u as string).split('?')[0] === path && (i?.method ?? 'GET') === method)
      .map(([, i]) => (i?.body ? (JSON.parse(i.body as string) as unknown) : undefined));
  return { ...view, sent, fetchMock };
}

/** The desk's usual answers; `desk` and `trades` as the test needs. */
const answers =
  (desk: () => Response, extra: Handler = () => undefined): Handler =>
  (path, init, query) =>
    extra(path, init, query) ??
    (path === '/api/admin/tether'
      ? desk()
      : path === '/api/admin/tether/trades'
        ? tradesPage([tradeFixture()])
        : path === '/api/admin/proposals'
          ? emptyProposals()
          : path === '/api/tether/price'
            ? jsonResponse(deskFixture().price)
            : undefined);

afterEach(() => vi.unstubAllGlobals());

describe('the tether desk', { timeout: 60_000 }, () => {
  it('shows a loading state, then the price, its sources, the house’s position, the settings and the trades', async () => {
    let release: () => void = () => {};
    const ready = new Promise<void>((r) => {
      release = r;
    });
    render(async (path, init, query) => {
      if (path === '/api/admin/tether') {
        await ready;
        return jsonResponse(deskFixture());
      }
      return answers(() => jsonResponse(deskFixture()))(path, init, query);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'میز تتر' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'در حال بارگذاری…' })).toBeTruthy();
    release();

    const price = await screen.findByRole('region', { name: 'قیمت لحظه‌ای' });
    expect(within(price).getByTestId('tether-price-buy').textContent).toBe('۱٬۰۰۵٬۰۰۰ ریال');
    expect(within(price).getByTestId('tether-price-sell').textContent).toBe('۹۹۵٬۰۰۰ ریال');
    expect(within(price).getByTestId('tether-market-status').textContent).toBe('فعال');

    const sources = screen.getByRole('region', { name: 'منابع قیمت' });
    const nobitex = within(sources).getByTestId('tether-source-nobitex');
    expect(within(nobitex).getByText('نوبیتکس')).toBeTruthy();
    expect(within(nobitex).getByText('در قیمت فعلی')).toBeTruthy();
    const wallex = within(sources).getByTestId('tether-source-wallex');
    expect(within(wallex).getByText('خطا')).toBeTruthy();
    expect(within(wallex).getByText('wallex: timeout')).toBeTruthy();

    const house = screen.getByRole('region', { name: 'موجودی و ریسک صرافی' });
    expect(within(house).getByTestId('tether-inventory').textContent).toMatch(/۲٫۹۶۲۶۸۶ تتر$/);
    expect(within(house).getByTestId('tether-exposure').textContent).toMatch(/۲۹۶٬۲۶۸ تومان$/);
    expect(within(house).getByTestId('tether-today').textContent).toBe('۲ معامله به ارزش ۶۹۹٬۰۰۰ تومان');

    const settings = screen.getByRole('region', { name: 'تنظیمات بازار' });
    expect(within(settings).getByTestId('tether-setting-spread').textContent).toBe('۰٫۵٪');
    expect(within(settings).getByTestId('tether-setting-fee').textContent).toBe('۰٫۲۵٪');
    expect(within(settings).getByText('۲۰۰٬۰۰۰٬۰۰۰ تومان')).toBeTruthy();
    expect(within(settings).getByText('تنظیمات اولیهٔ بازار')).toBeTruthy();

    const trades = await screen.findByTestId('tether-trades');
    expect(within(trades).getByText('مریم احمدی')).toBeTruthy();
    expect(within(trades).getByText('خرید')).toBeTruthy();
    expect(within(trades).getByText('۴٫۹۶۲۶۸۶ تتر · ۵۰۰٬۰۰۰ تومان')).toBeTruthy();
    expect(within(trades).getByText('قیمت شمارهٔ ۴۱')).toBeTruthy();
    expect(within(trades).getByText('اعتبار ۲۰ ثانیه')).toBeTruthy();
  });

  it('shows a failed desk with a way to try again', async () => {
    let failing = true;
    render(
      answers(() => (failing ? jsonResponse({ code: 'INTERNAL', message: 'x' }, 500) : jsonResponse(deskFixture()))),
    );
    const retry = await screen.findByRole('button', { name: 'تلاش دوباره' });
    expect(screen.getByText('متأسفانه خطایی رخ داده است.')).toBeTruthy();
    failing = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('region', { name: 'قیمت لحظه‌ای' })).toBeTruthy();
  });

  it('proposes new settings: the contract’s rules on each field, then the proposal sent and linked', async () => {
    const proposal = (): Proposal => ({
      id: PROPOSAL_ID,
      kind: 'tether_settings',
      status: 'Pending',
      fund: null,
      payload: { kind: 'tether_settings', ...SETTINGS, spreadBps: 100 },
      effect: { kind: 'tether_settings', before: SETTINGS, after: { ...SETTINGS, spreadBps: 100 }, paused: false },
      proposedBy: { id: OPERATOR_ID, mobile: '+989121000001', firstName: 'سارا', lastName: 'اپراتور' },
      proposedAt: '2025-08-01T10:00:00.000Z',
      decidedBy: null,
      decidedAt: null,
      rejectReason: null,
      resultId: null,
    });
    const { sent } = render(
      answers(
        () => jsonResponse(deskFixture()),
        (path, init) =>
          path === '/api/admin/tether/settings' && init?.method === 'POST' ? jsonResponse(proposal(), 202) : undefined,
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'پیشنهاد تغییر' }));
    const form = await screen.findByRole('form', { name: 'پیشنهاد تنظیمات تازهٔ بازار' });
    const submit = within(form).getByRole('button', { name: 'ثبت پیشنهاد' });
    expect(submit).toHaveProperty('disabled', true);

    const spread = within(form).getByLabelText('اسپرد');
    await userEvent.clear(spread);
    await userEvent.type(spread, '۲۵');
    expect(await within(form).findByText('درصدی از ۰ تا ۲۰ وارد کنید.')).toBeTruthy();
    const level2 = within(form).getByLabelText('سقف روزانهٔ احراز سطح دو');
    await userEvent.clear(level2);
    await userEvent.type(level2, '۱۰۰٬۰۰۰٬۰۰۰');
    expect(await within(form).findByText('سقف این سطح نباید از سقف سطح پایین‌تر کمتر باشد.')).toBeTruthy();
    await userEvent.click(submit);
    expect(sent('POST', '/api/admin/tether/settings')).toHaveLength(0);

    await userEvent.clear(spread);
    await userEvent.type(spread, '۱');
    await userEvent.clear(level2);
    await userEvent.type(level2, '2000000000');
    await waitFor(() => expect(within(form).queryByText('درصدی از ۰ تا ۲۰ وارد کنید.')).toBeNull());
    await userEvent.click(submit);

    await waitFor(() => expect(sent('POST', '/api/admin/tether/settings')).toHaveLength(1));
    expect(sent('POST', '/api/admin/tether/settings')[0]).toEqual({ ...SETTINGS, spreadBps: 100 });
    const done = await screen.findByTestId('proposal-proposed');
    expect(within(done).getByText('تنظیمات هنوز تغییر نکرده است: پس از تأیید اپراتوری دیگر اجرا می‌شود.')).toBeTruthy();
    expect(within(done).getByRole('link', { name: 'مشاهدهٔ پیشنهاد' }).getAttribute('href')).toBe(
      `/admin/proposals/${PROPOSAL_ID}`,
    );
    // Nothing changed yet: the settings in force are shown again.
    expect(screen.getByTestId('tether-setting-spread').textContent).toBe('۰٫۵٪');
  });

  it('pauses trading with a reason (required), then shows who paused and offers to resume', async () => {
    let paused = false;
    const pausedSettings = {
      paused: true,
      pausedReason: 'اختلاف قیمت منابع',
      pausedBy: { id: OPERATOR_ID, mobile: '+989121000001', firstName: 'سارا', lastName: 'اپراتور' },
      pausedAt: '2025-08-01T10:01:00.000Z',
    };
    const { sent } = render(
      answers(
        () => jsonResponse(deskFixture(paused ? pausedSettings : {})),
        (path, init) => {
          if (path === '/api/admin/tether/pause' && init?.method === 'POST') {
            paused = true;
            return jsonResponse(deskFixture(pausedSettings).settings);
          }
          return undefined;
        },
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'توقف معاملات' }));
    const dialog = await screen.findByRole('dialog', { name: 'توقف معاملات تتر' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'معاملات متوقف شود' }));
    expect(await within(dialog).findByText('این فیلد را پر کنید.')).toBeTruthy();
    const reason = within(dialog).getByRole('textbox', { name: /دلیل توقف/ });
    await userEvent.type(reason, 'بد');
    await userEvent.click(within(dialog).getByRole('button', { name: 'معاملات متوقف شود' }));
    expect(await within(dialog).findByText('دلیل را دست‌کم در ۵ نویسه بنویسید.')).toBeTruthy();
    expect(sent('POST', '/api/admin/tether/pause')).toHaveLength(0);

    await userEvent.clear(reason);
    await userEvent.type(reason, 'اختلاف قیمت منابع');
    await userEvent.click(within(dialog).getByRole('button', { name: 'معاملات متوقف شود' }));
    await waitFor(() => expect(sent('POST', '/api/admin/tether/pause')).toEqual([{ reason: 'اختلاف قیمت منابع' }]));

    const alert = await screen.findByTestId('tether-paused');
    expect(within(alert).getByText('معاملات تتر متوقف است')).toBeTruthy();
    expect(alert.textContent).toContain('سارا اپراتور');
    expect(alert.textContent).toContain('دلیل: اختلاف قیمت منابع');
    expect(await screen.findByRole('button', { name: 'ازسرگیری معاملات' })).toBeTruthy();
    expect(screen.getByTestId('tether-market-status').textContent).toBe('متوقف');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a role that only reads the desk without its switches', async () => {
    render(
      answers(() => jsonResponse(deskFixture())),
      'operator',
    );
    expect(await screen.findByRole('region', { name: 'تنظیمات بازار' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'توقف معاملات' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'پیشنهاد تغییر' })).toBeNull();
  });

  it('pages the trades and filters them by side through the address', async () => {
    const { router, fetchMock } = render(
      answers(
        () => jsonResponse(deskFixture()),
        (path, _init, query) =>
          path === '/api/admin/tether/trades'
            ? jsonResponse({
                items: [tradeFixture({ side: query.get('side') === 'sell' ? 'sell' : 'buy' })],
                total: 45,
                page: Number(query.get('page') ?? 1),
                pageSize: 20,
              })
            : undefined,
      ),
    );
    const pages = await screen.findByRole('navigation', { name: 'صفحه‌بندی' });
    await userEvent.click(within(pages).getByRole('button', { name: 'رفتن به صفحهٔ ۲' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await userEvent.click(screen.getByRole('tab', { name: 'فروش' }));
    await waitFor(() => expect(router.state.location.search).toBe('?side=sell'));
    const urls = fetchMock.mock.calls.map(([u]) => u as string).filter((u) => u.startsWith('/api/admin/tether/trades'));
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/admin/tether/trades?page=1',
        '/api/admin/tether/trades?page=2',
        '/api/admin/tether/trades?side=sell&page=1',
      ]),
    );
    expect(within(await screen.findByTestId('tether-trades')).getByText('فروش')).toBeTruthy();
  });
});
