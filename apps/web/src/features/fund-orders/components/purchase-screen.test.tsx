import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useQueryClient } from '@tanstack/react-query';
import type { Currency } from '@portal/contract/core/money';
import type { FundDetail } from '@portal/contract/funds/catalogue';
import type { TetherTrade } from '@portal/contract/tether/market';
import { KycRequiredHost } from '@/components/kyc/kyc-required-host';
import { dismissKycRequired } from '@/lib/kyc-required';
import { invalidateAfter } from '@/lib/queries/invalidate';
import { accountFixture } from '@/test/account-fixture';
import { kycFixture } from '@/test/kyc-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import {
  FUND_ID,
  fundFixture,
  loadFundOrderTexts,
  PURCHASE_ID,
  purchaseFixture,
  purchaseQuoteFixture,
  riskResultsFixture,
  walletsOf,
} from '../test-fixtures';
import PurchaseScreen from './purchase-screen';
import type { BuyTetherStep } from './tether-shortfall';

configure({ asyncUtilTimeout: 5000 });
beforeAll(loadFundOrderTexts);

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  dismissKycRequired();
});

interface Server {
  fund?: Partial<FundDetail>;
  balance?: string;
  /** The wallets, when not the toman balance alone; a function answers them anew at each read. */
  wallets?: Partial<Record<Currency, string>> | (() => Partial<Record<Currency, string>>);
  kycLevel?: number;
  create?: (body: { amount: string; method: string; acceptTerms: boolean; riskAcknowledged?: boolean }) => Response;
  /** The latest risk test (issue 20): bold by default, so no purchase asks to confirm its risk. */
  riskResults?: ReturnType<typeof riskResultsFixture>;
}

/** The server: a toman fund at 120,000 a unit (fixed fee 5,000), today's NAV out, and the investor's wallet. */
function server({
  fund = {},
  balance = '5000000',
  wallets,
  kycLevel = 1,
  create,
  riskResults = riskResultsFixture(),
}: Server = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    const method = init?.method ?? 'GET';
    if (url === '/api/risk-quiz/results') return jsonResponse(riskResults);
    if (url === '/api/account') return jsonResponse(accountFixture({ user: { kycLevel } }));
    if (url === '/api/kyc') return jsonResponse(kycFixture());
    if (url === `/api/funds/${FUND_ID}`) return jsonResponse(fundFixture(fund));
    if (url === '/api/wallets')
      return jsonResponse(walletsOf(typeof wallets === 'function' ? wallets() : (wallets ?? { IRT: balance })));
    if (url === `/api/funds/${FUND_ID}/purchase-quote` && method === 'POST') {
      const { amount } = JSON.parse(init?.body as string) as { amount: string };
      return jsonResponse(purchaseQuoteFixture(amount, { walletAvailable: balance }));
    }
    if (url === `/api/funds/${FUND_ID}/purchases` && method === 'POST') {
      const body = JSON.parse(init?.body as string) as {
        amount: string;
        method: string;
        acceptTerms: boolean;
        riskAcknowledged?: boolean;
      };
      if (create) return create(body);
      return jsonResponse({ ...purchaseFixture({ amount: body.amount }), redirectUrl: null }, 201);
    }
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

const calls = (path: string, method = 'POST') =>
  fetchMock.mock.calls.filter(([u, init]) => u === path && (init?.method ?? 'GET') === method);

function renderPage(navigate = vi.fn<(url: string) => void>(), initialAmount = '', buyTether?: BuyTetherStep) {
  const view = renderWithApp(
    <>
      <PurchaseScreen
        fundId={FUND_ID}
        initialAmount={initialAmount}
        navigate={navigate}
        {...(buyTether ? { buyTether } : {})}
      />
      <KycRequiredHost />
    </>,
    { route: `/fund/purchase/${FUND_ID}` },
  );
  return { ...view, navigate };
}

async function openForm() {
  return screen.findByRole('form', { name: 'خرید واحد صندوق' });
}

describe('/fund/purchase/{fundId}', { timeout: 30_000 }, () => {
  it('shows the live fee breakdown of the amount typed: fixed fee, management fee, units at today’s NAV, remainder', async () => {
    server();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'خرید صندوق طلای نمونه' })).toBeTruthy();
    expect(screen.getByText('نمایشی')).toBeTruthy();
    expect(screen.getByText('ارزش امروز هر واحد: ۱۲۰٬۰۰۰ تومان')).toBeTruthy();
    const form = await openForm();
    expect(within(form).getByText('مبلغ را وارد کنید تا کارمزدها و تعداد واحدها را ببینید.')).toBeTruthy();

    const amount = within(form).getByLabelText('مبلغ (تومان)');
    await userEvent.type(amount, '۱۰۰۰۰۰۰');
    expect(amount).toHaveProperty('value', '۱٬۰۰۰٬۰۰۰');

    const list = await within(form).findByLabelText('جزئیات کارمزد');
    expect(within(list).getByText('کارمزد ثابت خرید').parentElement?.nextSibling?.textContent).toBe('۵٬۰۰۰ تومان');
    expect(within(list).getByText('سالانه ۱٫۵٪')).toBeTruthy();
    expect(within(list).getByText('۸٫۲۹۱۶ واحد')).toBeTruthy();
    expect(within(list).getByText('۹۹۴٬۹۹۲ تومان')).toBeTruthy();
    expect(within(list).getByText('۸ تومان')).toBeTruthy();
    expect(within(list).getByText('۹۹۹٬۹۹۲ تومان')).toBeTruthy();
    // The amount left the form normalised, once the user stopped typing.
    const sent = calls(`/api/funds/${FUND_ID}/purchase-quote`).map(([, i]) => JSON.parse(i!.body as string));
    expect(sent.at(-1)).toEqual({ amount: '1000000' });
    // The penalty notice: 3 % in the first month, nothing from the sixth.
    const schedule = screen.getByRole('table', { name: 'کارمزد ابطال زودهنگام بر اساس مدت نگهداری' });
    expect(within(schedule).getByText('۰ تا ۱ ماه').nextSibling?.textContent).toBe('۳٪');
    expect(within(schedule).getByText('۶ ماه و بیشتر').nextSibling?.textContent).toBe('بدون کارمزد');
  });

  it('says the units come at the next NAV when today’s is not out, with an estimate', async () => {
    server({ fund: { navToday: false } });
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (input === `/api/funds/${FUND_ID}/purchase-quote`)
        return jsonResponse(
          purchaseQuoteFixture('1000000', {
            waiting: true,
            nav: null,
            units: null,
            cost: null,
            charged: null,
            remainder: null,
            navDate: '2025-08-02',
          }),
        );
      return base(input, init);
    });
    renderPage(undefined, '1000000');
    const form = await openForm();
    expect(within(form).getByLabelText('مبلغ (تومان)')).toHaveProperty('value', '۱٬۰۰۰٬۰۰۰');
    expect(await within(form).findByText(/واحدها با ارزش بعدی واحد صادر می‌شوند/)).toBeTruthy();
    expect(within(form).getByText(/حدود ۸٫۲۹۱۶ واحد می‌شود/)).toBeTruthy();
  });

  it('refuses to send without the terms ticked, with a translated message', async () => {
    server();
    renderPage();
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('مبلغ (تومان)'), '1000000');
    await userEvent.click(within(form).getByRole('button', { name: 'خرید' }));
    expect(await within(form).findByText('برای ادامه، شرایط را بپذیرید.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls(`/api/funds/${FUND_ID}/purchases`)).toHaveLength(0);
  });

  it('refuses an amount under the fund’s minimum, in the fund’s currency', async () => {
    server();
    renderPage();
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('مبلغ (تومان)'), '50000');
    expect(await within(form).findByText('مبلغ باید دست‌کم ۱۰۰٬۰۰۰ تومان باشد.')).toBeTruthy();
  });

  it('says the balance is not enough for a wallet payment and links to the deposit page; a card takes it', async () => {
    server({ balance: '500000' });
    renderPage();
    const form = await openForm();
    expect(await within(form).findByText('موجودی قابل استفاده: ۵۰۰٬۰۰۰ تومان')).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('مبلغ (تومان)'), '1000000');
    expect(
      await within(form).findByText(/موجودی کیف پول شما \(۵۰۰٬۰۰۰ تومان\) برای این مبلغ کافی نیست\./),
    ).toBeTruthy();
    expect(within(form).getByRole('link', { name: 'افزایش موجودی' }).getAttribute('href')).toBe(
      '/wallet/deposit?type=gateway',
    );
    await userEvent.click(within(form).getByRole('checkbox'));
    await userEvent.click(within(form).getByRole('button', { name: 'خرید' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(within(form).getByRole('radio', { name: /کارت بانکی/ }));
    expect(within(form).queryByText(/کافی نیست/)).toBeNull();
  });

  it('shows a paused fund’s message and takes nothing', async () => {
    server({ fund: { buyingPaused: true } });
    renderPage();
    expect(await screen.findByText('در حال حاضر امکان خرید یا ابطال واحدهای این صندوق وجود ندارد.')).toBeTruthy();
    const form = await openForm();
    expect(within(form).getByRole('button', { name: 'خرید' })).toHaveProperty('disabled', true);
    expect(within(form).getByLabelText('مبلغ (تومان)')).toHaveProperty('disabled', true);
  });

  it('opens the forced-KYC dialog when the server answers KYC_REQUIRED', async () => {
    server({
      kycLevel: 0,
      create: () => jsonResponse({ code: 'KYC_REQUIRED', message: 'level', details: { requiredLevel: 1 } }, 403),
    });
    renderPage();
    expect(await screen.findByText(/باید احراز هویت سطح یک/)).toBeTruthy();
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('مبلغ (تومان)'), '1000000');
    await userEvent.click(within(form).getByRole('checkbox'));
    await userEvent.click(within(form).getByRole('button', { name: 'خرید' }));
    const confirm = await screen.findByRole('dialog', { name: 'تأیید خرید' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'تأیید و خرید' }));
    expect(await screen.findByRole('dialog', { name: 'احراز هویت سطح یک لازم است' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'تأیید خرید' })).toBeNull());
  });

  it('confirms a wallet purchase with its figures, sends one idempotency key and opens the outcome page', async () => {
    server();
    const { router } = renderPage();
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('مبلغ (تومان)'), '1000000');
    await userEvent.click(within(form).getByRole('checkbox'));
    await userEvent.click(within(form).getByRole('button', { name: 'خرید' }));
    const confirm = await screen.findByRole('dialog', { name: 'تأیید خرید' });
    expect(within(confirm).getByText('۱٬۰۰۰٬۰۰۰ تومان')).toBeTruthy();
    expect(within(confirm).getByText('۸٫۲۹۱۶ واحد')).toBeTruthy();
    expect(within(confirm).getByText('موجودی کیف پول')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'تأیید و خرید' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/fund/purchase/payment/${PURCHASE_ID}/success`));
    const [[, init]] = calls(`/api/funds/${FUND_ID}/purchases`) as [[string, RequestInit]];
    expect(JSON.parse(init.body as string)).toEqual({ amount: '1000000', method: 'wallet', acceptTerms: true });
    expect((init.headers as Record<string, string>)['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  describe('a fund riskier than the latest risk test (issue 20)', () => {
    async function openConfirm() {
      const form = await openForm();
      await userEvent.type(within(form).getByLabelText('مبلغ (تومان)'), '1000000');
      await userEvent.click(within(form).getByRole('checkbox'));
      await userEvent.click(within(form).getByRole('button', { name: 'خرید' }));
      return screen.findByRole('dialog', { name: 'تأیید خرید' });
    }
    const sentBody = () => {
      const [[, init]] = calls(`/api/funds/${FUND_ID}/purchases`) as [[string, RequestInit]];
      return JSON.parse(init.body as string) as Record<string, unknown>;
    };

    it('without a test: offers the test (coming back here) or the confirmation, and sends it once ticked', async () => {
      server({ riskResults: riskResultsFixture(null) });
      const { router } = renderPage();
      const confirm = await openConfirm();
      expect(
        await within(confirm).findByText(
          'هنوز تست ریسک نداده‌اید و ریسک این صندوق «کم‌ریسک» است. پیشنهاد می‌کنیم پیش از خرید، تست ریسک را انجام دهید.',
        ),
      ).toBeTruthy();
      expect(within(confirm).getByRole('link', { name: 'انجام تست ریسک' }).getAttribute('href')).toBe(
        `/risk-quiz/calc?returnTo=${encodeURIComponent(`/fund/purchase/${FUND_ID}`)}`,
      );
      await userEvent.click(within(confirm).getByRole('button', { name: 'تأیید و خرید' }));
      expect(await within(confirm).findByText('برای ادامه، تأیید ریسک را بزنید.')).toBeTruthy();
      expect(calls(`/api/funds/${FUND_ID}/purchases`)).toHaveLength(0);
      await userEvent.click(
        within(confirm).getByRole('checkbox', {
          name: 'می‌دانم این سرمایه‌گذاری از ریسک مناسب من بیشتر است و خرید را تأیید می‌کنم.',
        }),
      );
      await userEvent.click(within(confirm).getByRole('button', { name: 'تأیید و خرید' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/fund/purchase/payment/${PURCHASE_ID}/success`));
      expect(sentBody()).toEqual({ amount: '1000000', method: 'wallet', acceptTerms: true, riskAcknowledged: true });
    });

    it('a careful latest result names itself and asks the same', async () => {
      server({ riskResults: riskResultsFixture({ riskNumber: 8, band: 10 }) });
      renderPage();
      const confirm = await openConfirm();
      expect(
        await within(confirm).findByText(
          'ریسک این صندوق (کم‌ریسک) از تیپ شما در آخرین تست ریسک (محتاط، عدد ۸) بیشتر است.',
        ),
      ).toBeTruthy();
      expect(within(confirm).getByRole('link', { name: 'انجام دوبارهٔ تست' })).toBeTruthy();
    });

    it('a bold result asks nothing more', async () => {
      server();
      renderPage();
      const confirm = await openConfirm();
      expect(within(confirm).queryByRole('checkbox')).toBeNull();
    });

    it('when the server asks (RISK_CONFIRMATION_REQUIRED), the confirmation shows with its message', async () => {
      let n = 0;
      server({
        create: (body) =>
          ++n === 1
            ? jsonResponse({ code: 'RISK_CONFIRMATION_REQUIRED', message: 'confirm' }, 409)
            : jsonResponse({ ...purchaseFixture({ amount: body.amount }), redirectUrl: null }, 201),
      });
      renderPage();
      const confirm = await openConfirm();
      await userEvent.click(within(confirm).getByRole('button', { name: 'تأیید و خرید' }));
      expect(await within(confirm).findByText(/ریسک این سرمایه‌گذاری از نتیجهٔ تست ریسک شما بیشتر است/)).toBeTruthy();
      const check = await within(confirm).findByRole('checkbox');
      await userEvent.click(check);
      await userEvent.click(within(confirm).getByRole('button', { name: 'تأیید و خرید' }));
      await waitFor(() => expect(calls(`/api/funds/${FUND_ID}/purchases`)).toHaveLength(2));
      const [, [, second]] = calls(`/api/funds/${FUND_ID}/purchases`) as [unknown, [string, RequestInit]];
      expect(JSON.parse(second.body as string)).toMatchObject({ riskAcknowledged: true });
    });
  });

  it('sends a card purchase to the gateway’s address', async () => {
    server({
      create: (body) =>
        jsonResponse(
          {
            ...purchaseFixture({
              amount: body.amount,
              method: 'card',
              state: 'PaymentPending',
              status: 'Pending',
              outcome: 'pending',
              nav: null,
              units: null,
              cost: null,
              charged: null,
              remainder: null,
              pricedAt: null,
            }),
            redirectUrl: 'https://gateway.example/pay/A1',
          },
          201,
        ),
    });
    const { navigate } = renderPage();
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('مبلغ (تومان)'), '1000000');
    await userEvent.click(within(form).getByRole('radio', { name: /کارت بانکی/ }));
    await userEvent.click(within(form).getByRole('checkbox'));
    await userEvent.click(within(form).getByRole('button', { name: 'پرداخت و خرید' }));
    const confirm = await screen.findByRole('dialog', { name: 'تأیید خرید' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'رفتن به درگاه پرداخت' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://gateway.example/pay/A1'));
    expect(JSON.parse(calls(`/api/funds/${FUND_ID}/purchases`)[0]![1]!.body as string)).toMatchObject({
      method: 'card',
    });
    expect(await screen.findByText('در حال انتقال به درگاه پرداخت…')).toBeTruthy();
  });

  it('offers only the wallet for a fund in tether', async () => {
    server({ fund: { currency: 'USDT', limits: { minPurchase: '10', maxPurchase: null, minRedeemUnits: '1' } } });
    renderPage();
    const form = await openForm();
    expect(within(form).getByRole('radio', { name: /کارت بانکی/ })).toHaveProperty('disabled', true);
    const amount = within(form).getByLabelText('مبلغ (تتر)');
    await userEvent.type(amount, '12.5');
    expect(amount).toHaveProperty('value', '۱۲٫۵');
  });

  describe('a tether fund paid from a tether wallet that holds too little', () => {
    const usdtFund = {
      currency: 'USDT',
      limits: { minPurchase: '10', maxPurchase: null, minRedeemUnits: '1' },
    } as const;
    /** A trade of the missing 7.5 tether, as the tether feature's step reports it. */
    const trade: TetherTrade = {
      id: '40000000-0000-4000-8000-000000000001',
      quoteId: '30000000-0000-4000-8000-000000000001',
      side: 'buy',
      fiat: 'IRT',
      price: '1050000',
      fiatAmount: '789469',
      usdtAmount: '7.5',
      fee: '1969',
      createdAt: '2025-08-01T09:00:00.000Z',
    };
    /** The step as the route gives it, faked: it shows what it was opened for; «done» buys, as a trade does. */
    const opened: (string | null)[] = [];
    const FakeStep: BuyTetherStep = ({ missing, returnTo, onClose, onBought }) => {
      const client = useQueryClient();
      opened.push(missing);
      if (missing === null) return null;
      return (
        <div role="dialog" aria-label="fake step">
          <span>{`missing ${missing} back to ${returnTo}`}</span>
          <button type="button" onClick={onClose}>
            close
          </button>
          <button
            type="button"
            onClick={() => {
              tetherBought = true;
              void invalidateAfter(client, 'tetherTrade');
              onBought(trade);
            }}
          >
            done
          </button>
        </div>
      );
    };
    let tetherBought = false;
    beforeEach(() => {
      opened.length = 0;
      tetherBought = false;
    });

    it('shows the shortfall and opens the step for exactly the tether missing; nothing else without it', async () => {
      server({ fund: usdtFund, wallets: { USDT: '5', IRT: '5000000' } });
      renderPage(undefined, '', FakeStep);
      const form = await openForm();
      await userEvent.type(within(form).getByLabelText('مبلغ (تتر)'), '12.5');
      expect(
        await within(form).findByText('موجودی کیف پول تتر شما ۵ تتر است و برای این خرید ۷٫۵ تتر کم دارید.'),
      ).toBeTruthy();
      await userEvent.click(within(form).getByRole('button', { name: 'اول تتر کسری را بخرید' }));
      const step = await screen.findByRole('dialog', { name: 'fake step' });
      expect(within(step).getByText(`missing 7.5 back to /fund/purchase/${FUND_ID}?amount=12.5`)).toBeTruthy();
      await userEvent.click(within(step).getByRole('button', { name: 'close' }));
      expect(screen.queryByRole('dialog', { name: 'fake step' })).toBeNull();
      // Opened for the shortfall only, never for another amount.
      expect(new Set(opened.filter((m) => m !== null))).toEqual(new Set(['7.5']));
    });

    it('comes back from the step with the amount kept, now covered, and the purchase confirms as usual', async () => {
      server({ fund: usdtFund, wallets: () => ({ USDT: tetherBought ? '12.5' : '5', IRT: '5000000' }) });
      const { router } = renderPage(undefined, '', FakeStep);
      const form = await openForm();
      const amount = within(form).getByLabelText('مبلغ (تتر)');
      await userEvent.type(amount, '12.5');
      await userEvent.click(await within(form).findByRole('button', { name: 'اول تتر کسری را بخرید' }));
      await userEvent.click(await screen.findByRole('button', { name: 'done' }));

      expect(
        await within(form).findByText(
          '۷٫۵ تتر خریدید و ۷۸۹٬۴۶۹ تومان پرداخت شد. مبلغ خرید همان است که وارد کرده بودید؛ خرید را تأیید کنید.',
        ),
      ).toBeTruthy();
      expect(await within(form).findByText('موجودی قابل استفاده: ۱۲٫۵ تتر')).toBeTruthy();
      expect(within(form).queryByText(/کم دارید/)).toBeNull();
      expect(within(form).queryByText(/کافی نیست/)).toBeNull();
      expect(amount).toHaveProperty('value', '۱۲٫۵');

      await userEvent.click(within(form).getByRole('checkbox'));
      await userEvent.click(within(form).getByRole('button', { name: 'خرید' }));
      const confirm = await screen.findByRole('dialog', { name: 'تأیید خرید' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'تأیید و خرید' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/fund/purchase/payment/${PURCHASE_ID}/success`));
      expect(JSON.parse(calls(`/api/funds/${FUND_ID}/purchases`)[0]![1]!.body as string)).toEqual({
        amount: '12.5',
        method: 'wallet',
        acceptTerms: true,
      });
    });

    it('shows the shortfall without the action when no step is given', async () => {
      server({ fund: usdtFund, wallets: { USDT: '5' } });
      renderPage();
      const form = await openForm();
      await userEvent.type(within(form).getByLabelText('مبلغ (تتر)'), '12.5');
      expect(await within(form).findByText(/برای این خرید ۷٫۵ تتر کم دارید/)).toBeTruthy();
      expect(within(form).queryByRole('button', { name: 'اول تتر کسری را بخرید' })).toBeNull();
    });
  });
});
