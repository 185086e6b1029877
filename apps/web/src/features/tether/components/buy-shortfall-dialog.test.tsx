import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TetherMarket, TetherTrade } from '@portal/contract/tether/market';
import { accountFixture } from '@/test/account-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import { marketFixture, priceFixture, QUOTE_IDS, quoteFixture, tradeOf, walletsFixture } from '../test-fixtures';
import BuyShortfallDialog from './buy-shortfall-dialog';

const fetchMock = vi.fn<typeof fetch>();
const FIRST_PAINT = { timeout: 5000 };
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** Receiving 7.5 tether at 105,000 toman: 787,500 toman and a fee of 1,969 (the contract's `priceTrade`). */
const MISSING_QUOTE = quoteFixture({
  amountOf: 'receive',
  usdtAmount: '7.5',
  fiatAmount: '789469',
  fee: '1969',
});

interface Server {
  market?: TetherMarket;
  balances?: Parameters<typeof walletsFixture>[0];
  /** `POST /tether/quotes`. */
  quote?: (body: { fiat: string; amount: string }) => Response;
}

/** A level-one investor with 5,000,000 toman and 5 tether; a live market at 105,000 toman a tether. */
function server({
  market = marketFixture(),
  balances = { IRT: '5000000', IRR: '30000000', USDT: '5' },
  quote = () => jsonResponse(MISSING_QUOTE, 201),
}: Server = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    const method = init?.method ?? 'GET';
    if (url === '/api/account') return jsonResponse(accountFixture({ user: { kycLevel: 1 } }));
    if (url === '/api/wallets') return jsonResponse(walletsFixture(balances));
    if (url === '/api/tether/market') return jsonResponse(market);
    if (url === '/api/tether/price') return jsonResponse(market.price);
    if (url === '/api/tether/quotes' && method === 'POST') return quote(JSON.parse(init?.body as string));
    const exec = /^\/api\/tether\/quotes\/([^/]+)\/execute$/.exec(url);
    if (exec && method === 'POST') return jsonResponse(tradeOf(MISSING_QUOTE), 201);
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

const posts = (path: string | RegExp) =>
  fetchMock.mock.calls.filter(
    ([u, init]) => (typeof path === 'string' ? u === path : path.test(u as string)) && init?.method === 'POST',
  );
const quoteBodies = () => posts('/api/tether/quotes').map(([, init]) => JSON.parse(init!.body as string));
const executes = () => posts(/^\/api\/tether\/quotes\/[^/]+\/execute$/);

function renderStep(missing: string) {
  const onBought = vi.fn<(trade: TetherTrade) => void>();
  const onClose = vi.fn();
  renderWithApp(<BuyShortfallDialog missing={missing} onClose={onClose} onBought={onBought} />, {
    route: '/fund/purchase/x',
  });
  return { onBought, onClose };
}

async function openStep() {
  return screen.findByRole('dialog', { name: 'خرید تتر کسری' }, FIRST_PAINT);
}

describe('«buy the missing tether first»', { timeout: 30_000 }, () => {
  it('asks a quote to receive exactly the tether missing, in toman, and executes it once on confirmation', async () => {
    server();
    const { onBought } = renderStep('7.5');
    const dialog = await openStep();
    expect(await within(dialog).findByText(/برای این خرید ۷٫۵ تتر کم دارید/, undefined, FIRST_PAINT)).toBeTruthy();
    const estimate = within(dialog).getByText('تتر دریافتی').closest('dl')!;
    expect(estimate.textContent).toContain('تتر دریافتی۷٫۵ تتر');
    expect(estimate.textContent).toContain('قیمت لحظه‌ای هر تتر۱۰۵٬۰۰۰ تومان');
    expect(estimate.textContent).toContain('معادل پرداختی≈ ۷۸۹٬۴۶۹ تومان');

    await userEvent.click(within(dialog).getByRole('button', { name: 'دریافت قیمت' }));
    expect(await within(dialog).findByRole('timer')).toBeTruthy();
    expect(within(dialog).getByRole('timer').textContent).toMatch(/^اعتبار قیمت: (۱۲|۱۱) ثانیه$/);
    expect(quoteBodies()).toEqual([{ side: 'buy', fiat: 'IRT', amountOf: 'receive', amount: '7.5' }]);
    const details = within(dialog).getByText('پرداخت می‌کنید').closest('dl')!;
    expect(details.textContent).toContain('پرداخت می‌کنید۷۸۹٬۴۶۹ تومان');
    expect(details.textContent).toContain('دریافت می‌کنید۷٫۵ تتر');
    expect(details.textContent).toContain('قیمت هر تتر۱۰۵٬۰۰۰ تومان');
    expect(details.textContent).toContain('کارمزد (۰٫۲۵٪)۱٬۹۶۹ تومان');
    expect(within(dialog).getByText('این قیمت برای خرید همان ۷٫۵ تتر است که برای خرید صندوق کم دارید.')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'تأیید و انجام معامله' }));
    await waitFor(() => expect(onBought).toHaveBeenCalledTimes(1));
    expect(onBought.mock.calls[0]![0]).toMatchObject({ side: 'buy', usdtAmount: '7.5', fiatAmount: '789469' });
    expect(executes()).toHaveLength(1);
    const [[url, init]] = executes() as [[string, RequestInit]];
    expect(url).toBe(`/api/tether/quotes/${QUOTE_IDS[0]}/execute`);
    expect((init.headers as Record<string, string>)['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('pays in rial when chosen', async () => {
    server();
    renderStep('7.5');
    const dialog = await openStep();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'ریال' }, FIRST_PAINT));
    expect(within(dialog).getByText('موجودی کیف پول ریال: ۳۰٬۰۰۰٬۰۰۰ ریال')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'دریافت قیمت' }));
    await waitFor(() => expect(quoteBodies()).toHaveLength(1));
    expect(quoteBodies()[0]).toEqual({ side: 'buy', fiat: 'IRR', amountOf: 'receive', amount: '7.5' });
  });

  it('offers the least trade instead of a shortfall worth less than the minimum, and says so', async () => {
    server({
      quote: (body) =>
        jsonResponse(
          quoteFixture({ amountOf: 'receive', usdtAmount: body.amount, fiatAmount: '100000', fee: '250' }),
          201,
        ),
    });
    const { onBought } = renderStep('0.5');
    const dialog = await openStep();
    const notice =
      'ارزش ۰٫۵ تتر کسری کمتر از حداقل هر معامله (۱۰۰٬۰۰۰ تومان) است. به جای آن ۰٫۹۵ تتر، کمترین مقدار قابل معامله، خریده می‌شود و باقی آن در کیف پول تتر شما می‌ماند.';
    expect(await within(dialog).findByText(notice, undefined, FIRST_PAINT)).toBeTruthy();
    expect(within(dialog).getByText('تتر دریافتی').closest('dl')!.textContent).toContain('تتر دریافتی۰٫۹۵ تتر');

    await userEvent.click(within(dialog).getByRole('button', { name: 'دریافت قیمت' }));
    expect(await within(dialog).findByRole('timer')).toBeTruthy();
    expect(quoteBodies()).toEqual([{ side: 'buy', fiat: 'IRT', amountOf: 'receive', amount: '0.95' }]);
    // The quote says again that it is for the minimum, not for the shortfall.
    expect(within(dialog).getByText(notice)).toBeTruthy();
    expect(onBought).not.toHaveBeenCalled();
  });

  it('shows a paused market calmly and asks for nothing', async () => {
    server({ market: marketFixture({ price: priceFixture({ status: 'paused', buy: null, sell: null, mid: null }) }) });
    const { onClose } = renderStep('7.5');
    const dialog = await openStep();
    expect(await within(dialog).findByText(/خرید و فروش تتر موقتاً متوقف شده است/, undefined, FIRST_PAINT)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'دریافت قیمت' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'بازگشت به خرید صندوق' }));
    expect(onClose).toHaveBeenCalled();
    expect(posts('/api/tether/quotes')).toHaveLength(0);
  });

  it('shows the server’s refusals translated, and buys nothing: a stale price, then too little toman', async () => {
    let answer = jsonResponse({ code: 'TETHER_PRICE_STALE', message: 'stale' }, 409);
    server({ quote: () => answer });
    const { onBought } = renderStep('7.5');
    const dialog = await openStep();
    const ask = await within(dialog).findByRole('button', { name: 'دریافت قیمت' }, FIRST_PAINT);
    await userEvent.click(ask);
    expect(
      await within(dialog).findByText('قیمت تازه‌ای از بازار نرسیده است؛ تا رسیدن قیمت به‌روز، معامله تتر متوقف است.'),
    ).toBeTruthy();
    answer = jsonResponse({ code: 'INSUFFICIENT_BALANCE', message: 'no' }, 409);
    await userEvent.click(within(dialog).getByRole('button', { name: 'دریافت قیمت' }));
    expect(await within(dialog).findByText('موجودی کیف پول برای این مبلغ کافی نیست.')).toBeTruthy();
    expect(within(dialog).queryByRole('timer')).toBeNull();
    expect(executes()).toHaveLength(0);
    expect(onBought).not.toHaveBeenCalled();
  });

  it('says when the toman wallet does not cover the tether, with the way to top it up, and asks nothing', async () => {
    server({ balances: { IRT: '500000', USDT: '5' } });
    renderStep('7.5');
    const dialog = await openStep();
    expect(
      await within(dialog).findByText(
        'موجودی کیف پول تومان شما (۵۰۰٬۰۰۰ تومان) برای این خرید (حدود ۷۸۹٬۴۶۹ تومان) کافی نیست.',
        undefined,
        FIRST_PAINT,
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'افزایش موجودی کیف پول' }).getAttribute('href')).toBe(
      '/wallet/deposit?type=gateway',
    );
    expect(within(dialog).getByRole('button', { name: 'دریافت قیمت' })).toHaveProperty('disabled', true);
    expect(posts('/api/tether/quotes')).toHaveLength(0);
  });

  it('asks for the KYC level trading needs instead of a quote', async () => {
    server({ market: marketFixture({ kycLevel: 0 }) });
    renderStep('7.5');
    const dialog = await openStep();
    expect(
      await within(dialog).findByText(
        'برای خرید و فروش تتر ابتدا احراز هویت سطح یک را کامل کنید.',
        undefined,
        FIRST_PAINT,
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'دریافت قیمت' })).toBeNull();
  });
});
