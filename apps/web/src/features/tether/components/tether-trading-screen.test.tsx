import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TetherMarket, TetherPrice } from '@portal/contract/tether/market';
import { KycRequiredHost } from '@/components/kyc/kyc-required-host';
import { dismissKycRequired } from '@/lib/kyc-required';
import { accountFixture } from '@/test/account-fixture';
import { kycFixture } from '@/test/kyc-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import {
  marketFixture,
  priceFixture,
  QUOTE_IDS,
  quoteFixture,
  tradeOf,
  WALLET_IDS,
  walletsFixture,
} from '../test-fixtures';
import TetherTradingScreen from './tether-trading-screen';

const fetchMock = vi.fn<typeof fetch>();
const FIRST_PAINT = { timeout: 5000 };
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  dismissKycRequired();
});

interface Server {
  market?: TetherMarket | (() => Response | Promise<Response>);
  price?: TetherPrice;
  balances?: Parameters<typeof walletsFixture>[0];
  /** `POST /tether/quotes`, by call number (1, 2…). */
  quote?: (body: unknown, n: number) => Response;
  /** `POST /tether/quotes/:id/execute`, by call number. */
  execute?: (quoteId: string, n: number) => Response | Promise<Response>;
  /** `GET /tether/quotes/:id`. */
  getQuote?: (quoteId: string) => Response;
}

/** The server: a level-one investor with 5,000,000 toman and 20 tether, and a live market. */
function server({
  market = marketFixture(),
  price,
  balances = { IRT: '5000000', IRR: '30000000', USDT: '20' },
  quote = () => jsonResponse(quoteFixture(), 201),
  execute,
  getQuote,
}: Server = {}) {
  let quotes = 0;
  let executes = 0;
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    const method = init?.method ?? 'GET';
    if (url === '/api/account') return jsonResponse(accountFixture({ user: { kycLevel: 1 } }));
    if (url === '/api/kyc') return jsonResponse(kycFixture());
    if (url === '/api/wallets') return jsonResponse(walletsFixture(balances));
    if (url === '/api/tether/market') return typeof market === 'function' ? market() : jsonResponse(market);
    if (url === '/api/tether/price')
      return jsonResponse(price ?? (typeof market === 'function' ? priceFixture() : market.price));
    if (url === '/api/tether/quotes' && method === 'POST') return quote(JSON.parse(init?.body as string), ++quotes);
    const exec = /^\/api\/tether\/quotes\/([^/]+)\/execute$/.exec(url);
    if (exec && method === 'POST') {
      executes += 1;
      if (execute) return execute(exec[1]!, executes);
      return jsonResponse(tradeOf(quoteFixture({ id: exec[1]! })), 201);
    }
    const one = /^\/api\/tether\/quotes\/([^/]+)$/.exec(url);
    if (one && method === 'GET' && getQuote) return getQuote(one[1]!);
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

const calls = (path: string | RegExp, method = 'POST') =>
  fetchMock.mock.calls.filter(
    ([u, init]) =>
      (typeof path === 'string' ? u === path : path.test(u as string)) && (init?.method ?? 'GET') === method,
  );
const quoteCalls = () => calls('/api/tether/quotes');
const executeCalls = () => calls(/^\/api\/tether\/quotes\/[^/]+\/execute$/);
const keyOf = (init: RequestInit | undefined) =>
  (init?.headers as Record<string, string> | undefined)?.['idempotency-key'];

function renderPage() {
  return renderWithApp(
    <>
      <TetherTradingScreen />
      <KycRequiredHost />
    </>,
    { route: '/tether-trading' },
  );
}

async function openForm(name = 'خرید تتر') {
  renderPage();
  return screen.findByRole('form', { name }, FIRST_PAINT);
}

/** Types an amount and asks for the quote; answers the confirmation dialog. */
async function askQuote(form: HTMLElement, amount: string) {
  await userEvent.type(within(form).getByLabelText('مبلغ پرداختی (تومان)'), amount);
  await userEvent.click(within(form).getByRole('button', { name: 'دریافت قیمت خرید' }));
  return screen.findByRole('dialog', { name: 'تأیید خرید تتر' });
}

// Typing into MUI fields is slow on a busy machine: each journey gets room.
describe('/tether-trading', { timeout: 30_000 }, () => {
  it('shows a loading skeleton while the market loads', async () => {
    server({ market: () => new Promise<Response>(() => {}) });
    renderPage();
    expect(await screen.findByRole('status', { name: 'در حال بارگذاری…' }, FIRST_PAINT)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it.each([
    ['paused', 'خرید و فروش تتر موقتاً متوقف شده است.'],
    ['stale', 'قیمت تازه‌ای از بازار نرسیده است'],
    ['unavailable', 'هنوز قیمتی از بازار دریافت نشده است.'],
  ] as const)('a %s price is a calm notice, without the form or a quote button', async (status, text) => {
    const price = priceFixture({ status, buy: null, sell: null, mid: null });
    server({ market: marketFixture({ price }), price });
    renderPage();
    const notice = await screen.findByText('معامله تتر در حال حاضر متوقف است', undefined, FIRST_PAINT);
    const alert = notice.closest('[role="status"]')!;
    expect(alert.textContent).toContain(text);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: /دریافت قیمت/ })).toBeNull();
  });

  it('opens the forced-KYC prompt for a user below the level trading needs, and shows no form', async () => {
    server({ market: marketFixture({ kycLevel: 0, requiredKycLevel: 1 }) });
    renderPage();
    const dialog = await screen.findByRole('dialog', { name: 'احراز هویت سطح یک لازم است' }, FIRST_PAINT);
    await userEvent.click(within(dialog).getByRole('button', { name: 'بعداً' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('برای خرید و فروش تتر ابتدا احراز هویت سطح یک را کامل کنید.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    // The notice opens it again.
    await userEvent.click(screen.getByRole('button', { name: 'تکمیل احراز هویت' }));
    expect(await screen.findByRole('dialog', { name: 'احراز هویت سطح یک لازم است' })).toBeTruthy();
  });

  it('shows a translated error with a retry when the market cannot be read', async () => {
    let answers = 0;
    server({
      market: () =>
        ++answers === 1 ? jsonResponse({ code: 'INTERNAL', message: 'db down' }, 500) : jsonResponse(marketFixture()),
    });
    renderPage();
    const alert = await screen.findByRole('alert', {}, FIRST_PAINT);
    expect(alert.textContent).toContain('متأسفانه خطایی رخ داده است.');
    await userEvent.click(within(alert).getByRole('button', { name: 'تلاش دوباره' }));
    expect(await screen.findByRole('form', { name: 'خرید تتر' })).toBeTruthy();
  });

  it('shows the buy price on the buy tab and the sell price on the sell tab, the fee, the limits and a demo label', async () => {
    const price = priceFixture({ demo: true });
    server({ market: marketFixture({ price }), price });
    await openForm();
    const figures = screen.getByText('قیمت خرید هر تتر').closest('dl')!;
    expect(figures.textContent).toContain('قیمت خرید هر تتر');
    expect(figures.textContent).toContain('۱۰۵٬۰۰۰ تومان');
    expect(figures.textContent).toContain('۰٫۲۵٪');
    expect(figures.textContent).toContain('۱۰۰٬۰۰۰ تومان');
    expect(figures.textContent).toContain('۴۵۰٬۰۰۰٬۰۰۰ تومان از ۵۰۰٬۰۰۰٬۰۰۰ تومان');
    expect(screen.getByText('قیمت نمایشی')).toBeTruthy();
    expect(screen.getByText('موجودی کیف پول تومان: ۵٬۰۰۰٬۰۰۰ تومان')).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'فروش تتر' }));
    const sellForm = await screen.findByRole('form', { name: 'فروش تتر' });
    const sellFigures = screen.getByText('قیمت فروش هر تتر').closest('dl')!;
    expect(sellFigures.textContent).toContain('۱۰۴٬۰۰۰ تومان');
    expect(sellFigures.textContent).not.toContain('۱۰۵٬۰۰۰');
    expect(within(sellForm).getByText('موجودی کیف پول تتر: ۲۰ تتر')).toBeTruthy();

    // In rial: the price ten times over.
    await userEvent.click(within(sellForm).getByRole('button', { name: 'ریال' }));
    expect(screen.getByText('قیمت فروش هر تتر').closest('dl')!.textContent).toContain('۱٬۰۴۰٬۰۰۰ ریال');
  });

  it('buys with toman: the live estimate, the quote with its countdown, one confirmation with one key, the success', async () => {
    server();
    const form = await openForm();
    // «Increase wallet balance» leads to the toman deposit and back here.
    expect(within(form).getByRole('link', { name: 'افزایش موجودی کیف پول' }).getAttribute('href')).toBe(
      '/wallet/deposit?type=gateway&returnTo=%2Ftether-trading',
    );
    const amount = within(form).getByLabelText('مبلغ پرداختی (تومان)');
    await userEvent.type(amount, '۱۰۰۰۰۰۰');
    expect(amount).toHaveProperty('value', '۱٬۰۰۰٬۰۰۰');
    const estimate = within(form).getByText('معادل دریافتی').closest('dl')!;
    expect(estimate.textContent).toContain('معادل دریافتی');
    expect(estimate.textContent).toContain('≈ ۹٫۵ تتر');
    expect(estimate.textContent).toContain('≈ ۲٬۵۰۰ تومان');

    await userEvent.click(within(form).getByRole('button', { name: 'دریافت قیمت خرید' }));
    const dialog = await screen.findByRole('dialog', { name: 'تأیید خرید تتر' });
    expect(JSON.parse(quoteCalls()[0]![1]!.body as string)).toEqual({
      side: 'buy',
      fiat: 'IRT',
      amountOf: 'pay',
      amount: '1000000',
    });
    const details = within(dialog).getByText('پرداخت می‌کنید').closest('dl')!;
    expect(details.textContent).toContain('۱٬۰۰۰٬۰۰۰ تومان');
    expect(details.textContent).toContain('دریافت می‌کنید۹٫۵ تتر');
    expect(details.textContent).toContain('قیمت هر تتر۱۰۵٬۰۰۰ تومان');
    expect(details.textContent).toContain('کارمزد (۰٫۲۵٪)۲٬۵۰۰ تومان');
    expect(within(dialog).getByRole('timer').textContent).toMatch(/^اعتبار قیمت: (۱۲|۱۱) ثانیه$/);
    expect(executeCalls()).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'تأیید و انجام معامله' }));
    expect(await within(dialog).findByText('خرید تتر انجام شد')).toBeTruthy();
    expect(within(dialog).getByText(/۹٫۵ تتر به کیف پول تتر شما اضافه شد/)).toBeTruthy();
    const runs = executeCalls();
    expect(runs).toHaveLength(1);
    expect(runs[0]![0]).toBe(`/api/tether/quotes/${QUOTE_IDS[0]}/execute`);
    expect(keyOf(runs[0]![1])).toMatch(/^[0-9a-f]{32}$/);
    expect(within(dialog).getByRole('link', { name: 'کیف پول تتر' }).getAttribute('href')).toBe(
      `/wallet?walletId=${WALLET_IDS.USDT}`,
    );
    expect(within(dialog).getByRole('link', { name: 'کیف پول تومان' }).getAttribute('href')).toBe(
      `/wallet?walletId=${WALLET_IDS.IRT}`,
    );

    // Another trade starts from an empty form.
    await userEvent.click(within(dialog).getByRole('button', { name: 'معاملهٔ دیگر' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText('مبلغ پرداختی (تومان)')).toHaveProperty('value', '');
  });

  it('retries a confirmation whose answer was lost with the same quote and the same key, never a new quote', async () => {
    server({
      execute: (quoteId, n) =>
        n === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : jsonResponse(tradeOf(quoteFixture({ id: quoteId })), 201),
    });
    const dialog = await askQuote(await openForm(), '1000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'تأیید و انجام معامله' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('اتصال اینترنت');
    expect(within(dialog).getByText(/معامله دو بار انجام نمی‌شود/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'تلاش دوباره' }));
    expect(await within(dialog).findByText('خرید تتر انجام شد')).toBeTruthy();
    const [first, second] = executeCalls();
    expect(second![0]).toBe(first![0]);
    expect(keyOf(second![1])).toBe(keyOf(first![1]));
    expect(quoteCalls()).toHaveLength(1);
  });

  it('renews the quote by itself when its time runs out, for the same amount, and trades nothing', async () => {
    server({
      quote: (_body, n) =>
        jsonResponse(
          n === 1
            ? quoteFixture({}, 1)
            : quoteFixture({ id: QUOTE_IDS[1], price: '1060000', usdtAmount: '9.410377' }, 30),
          201,
        ),
    });
    const dialog = await askQuote(await openForm(), '1000000');
    expect(
      await within(dialog).findByText('اعتبار قیمت قبلی تمام شد؛ این قیمت تازه است.', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(within(dialog).getByText('قیمت هر تتر').closest('dl')!.textContent).toContain('۱۰۶٬۰۰۰ تومان');
    const asked = quoteCalls().map(([, init]) => JSON.parse(init!.body as string));
    expect(asked).toHaveLength(2);
    expect(asked[1]).toEqual(asked[0]);
    expect(executeCalls()).toHaveLength(0);

    // The renewed quote is the one confirmed.
    await userEvent.click(within(dialog).getByRole('button', { name: 'تأیید و انجام معامله' }));
    await within(dialog).findByText('خرید تتر انجام شد');
    expect(executeCalls()[0]![0]).toBe(`/api/tether/quotes/${QUOTE_IDS[1]}/execute`);
  });

  it('on QUOTE_EXPIRED shows the server’s fresh quote and asks again; the fresh one gets its own key', async () => {
    const fresh = quoteFixture({ id: QUOTE_IDS[2], price: '1070000', usdtAmount: '9.322429' });
    server({
      execute: (quoteId, n) =>
        n === 1
          ? jsonResponse({ code: 'QUOTE_EXPIRED', message: 'expired', details: { quoteId: QUOTE_IDS[2] } }, 409)
          : jsonResponse(tradeOf(quoteFixture({ id: quoteId })), 201),
      getQuote: (id) =>
        id === QUOTE_IDS[2] ? jsonResponse(fresh) : jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404),
    });
    const dialog = await askQuote(await openForm(), '1000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'تأیید و انجام معامله' }));
    expect(await within(dialog).findByText(/مهلت قیمت قبلی تمام شد و معامله‌ای انجام نشد/)).toBeTruthy();
    const details = within(dialog).getByText('قیمت هر تتر').closest('dl')!;
    expect(details.textContent).toContain('۱۰۷٬۰۰۰ تومان');
    expect(details.textContent).toContain('۹٫۳۲ تتر');
    // Nothing was executed by itself.
    expect(executeCalls()).toHaveLength(1);
    expect(calls(`/api/tether/quotes/${QUOTE_IDS[2]}`, 'GET')).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole('button', { name: 'تأیید و انجام معامله' }));
    await within(dialog).findByText('خرید تتر انجام شد');
    const [first, second] = executeCalls();
    expect(second![0]).toBe(`/api/tether/quotes/${QUOTE_IDS[2]}/execute`);
    expect(keyOf(second![1])).not.toBe(keyOf(first![1]));
  });

  it('refuses an empty, zero, lettered, over-precise or over-balance amount with a message, and asks no quote', async () => {
    server({ balances: { IRT: '500000', USDT: '20' } });
    const form = await openForm();
    const amount = within(form).getByLabelText('مبلغ پرداختی (تومان)');
    const submit = within(form).getByRole('button', { name: 'دریافت قیمت خرید' });

    await userEvent.click(submit);
    expect(await within(form).findByText('این فیلد را پر کنید.')).toBeTruthy();

    const refuses = async (typed: string, message: string) => {
      await userEvent.clear(amount);
      await userEvent.type(amount, typed);
      await userEvent.click(submit);
      expect(await within(form).findByText(message)).toBeTruthy();
      expect(amount.getAttribute('aria-invalid')).toBe('true');
    };
    await refuses('0', 'مبلغ باید بیشتر از صفر باشد.');
    await refuses('12abc', 'مبلغ را فقط با رقم وارد کنید.');
    await refuses('150000.5', 'مبلغ تومان را بدون اعشار وارد کنید.');
    await refuses('600000', 'این مبلغ از موجودی کیف پول شما (۵۰۰٬۰۰۰ تومان) بیشتر است.');
    await refuses('50000', 'ارزش هر معامله باید دست‌کم ۱۰۰٬۰۰۰ تومان باشد.');

    // Tether has six decimals, not seven.
    await userEvent.click(screen.getByRole('tab', { name: 'فروش تتر' }));
    const sell = await screen.findByRole('form', { name: 'فروش تتر' });
    const usdt = within(sell).getByLabelText('مقدار تتر برای فروش');
    await userEvent.type(usdt, '1.1234567');
    await userEvent.click(within(sell).getByRole('button', { name: 'دریافت قیمت فروش' }));
    expect(await within(sell).findByText('مبلغ حداکثر ۶ رقم اعشار می‌پذیرد.')).toBeTruthy();
    expect(quoteCalls()).toHaveLength(0);

    // «Use wallet balance» fills the whole balance, which passes.
    await userEvent.click(within(sell).getByRole('button', { name: 'استفاده از موجودی کیف پول' }));
    expect(usdt).toHaveProperty('value', '۲۰');
    await waitFor(() => expect(usdt.getAttribute('aria-invalid')).toBe('false'));
  });

  it('types what to receive: the tether wanted, priced live, checked against the toman paid', async () => {
    server({ balances: { IRT: '500000' } });
    const form = await openForm();
    await userEvent.click(within(form).getByRole('button', { name: 'دریافتی' }));
    const amount = within(form).getByLabelText('مقدار تتر دریافتی');
    await userEvent.type(amount, '2.5');
    const estimate = within(form).getByText('معادل پرداختی').closest('dl')!;
    // 2.5 × 105,000 = 262,500 toman, plus a fee of 657 toman (rounded up).
    expect(estimate.textContent).toContain('≈ ۲۶۳٬۱۵۷ تومان');
    await userEvent.clear(amount);
    await userEvent.type(amount, '5');
    await userEvent.click(within(form).getByRole('button', { name: 'دریافت قیمت خرید' }));
    expect(await within(form).findByText('این مبلغ از موجودی کیف پول شما (۵۰۰٬۰۰۰ تومان) بیشتر است.')).toBeTruthy();
    expect(quoteCalls()).toHaveLength(0);
  });

  it('translates the server’s refusal of a quote, with its figures', async () => {
    server({
      quote: () => jsonResponse({ code: 'TRADE_DAILY_LIMIT', message: 'limit', details: { remaining: '300000' } }, 422),
    });
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('مبلغ پرداختی (تومان)'), '1000000');
    await userEvent.click(within(form).getByRole('button', { name: 'دریافت قیمت خرید' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'این معامله از سقف روزانهٔ شما بیشتر است؛ امروز تا ۳۰۰٬۰۰۰ تومان دیگر می‌توانید معامله کنید.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
