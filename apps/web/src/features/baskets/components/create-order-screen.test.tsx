import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BasketOrderOptions } from '@portal/contract/baskets/orders';
import { accountFixture } from '@/test/account-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import { keyOf, ORDER_ID, optionsFixture, orderFixture } from '../test-fixtures';
import CreateOrderScreen from './create-order-screen';

configure({ asyncUtilTimeout: 5000 });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function server({
  options = optionsFixture(),
  create = (body: Record<string, unknown>) =>
    jsonResponse(
      orderFixture({
        amount: String(body.amount),
        status: Number(body.amount) >= 50000 ? 'PendingVip' : 'PaymentPending',
      }),
      201,
    ),
}: {
  options?: BasketOrderOptions | (() => Response);
  create?: (body: Record<string, unknown>) => Response;
} = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    const method = init?.method ?? 'GET';
    if (url === '/api/account') return jsonResponse(accountFixture({ user: { kycLevel: 1 } }));
    if (url === '/api/basket-orders/options') return typeof options === 'function' ? options() : jsonResponse(options);
    if (url === '/api/basket-orders' && method === 'POST') return create(JSON.parse(init?.body as string));
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

const creates = () => fetchMock.mock.calls.filter(([u, init]) => u === '/api/basket-orders' && init?.method === 'POST');
const bodies = () => creates().map(([, init]) => JSON.parse(init!.body as string) as Record<string, unknown>);

async function amountField() {
  return screen.findByRole('textbox', { name: 'مبلغ سرمایه‌گذاری (تتر)' });
}

async function fillStepOne(amount: string) {
  const field = await amountField();
  await userEvent.clear(field);
  await userEvent.type(field, amount);
  await userEvent.click(screen.getByRole('button', { name: 'ادامه' }));
}

describe('/basket-order/create', { timeout: 30_000 }, () => {
  it('creates a balanced order of 2,000 on two exchanges, with an idempotency key, and goes on to pay it', async () => {
    server();
    const { router } = renderWithApp(<CreateOrderScreen />, { route: '/basket-order/create' });
    // The risk defaults to the latest quiz result's band (30 → balanced), which the page says.
    expect(await screen.findByText(/بر اساس آخرین تست ریسک شما .*: متعادل با عدد ریسک ۳۰/)).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /^متعادل \(۳۵\)/ }).checked).toBe(true);
    expect(screen.getByText('موجودی کیف پول تتر: ۲٬۵۰۰ تتر')).toBeTruthy();
    expect(screen.getByText('مرحلهٔ ۱ از ۲')).toBeTruthy();

    await fillStepOne('۲۰۰۰');
    expect(await screen.findByText('مرحلهٔ ۲ از ۲')).toBeTruthy();
    // Both exchanges and all markets by default.
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /بایننس/ }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /کوکوین/ }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /همهٔ بازارها/ }).checked).toBe(true);
    const summary = screen.getByText('نوع سفارش').closest('dl')!;
    expect(summary.textContent).toContain('مبلغ۲٬۰۰۰ تتر');
    expect(summary.textContent).toContain('صرافی‌هابایننس، کوکوین');
    expect(summary.textContent).toContain('نوع سفارشپرداخت از کیف پول تتر');
    // Not riskier than the quiz: nothing to confirm.
    expect(screen.queryByRole('checkbox', { name: /ریسک این سبد از ریسک مناسب من بیشتر است/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'ثبت سفارش' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/basket-order/payment/${ORDER_ID}`));
    expect(bodies()).toEqual([
      { risk: 35, amount: '2000', exchanges: ['binance', 'kucoin'], marketType: 'all', riskAcknowledged: false },
    ]);
    expect(keyOf(creates()[0]![1])).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses an amount under 1,000 or with more than 6 decimals, and does not go on', async () => {
    server();
    renderWithApp(<CreateOrderScreen />, { route: '/basket-order/create' });
    await fillStepOne('999.5');
    expect(await screen.findByText('مبلغ باید دست‌کم ۱٬۰۰۰ تتر باشد.')).toBeTruthy();
    expect(screen.getByText('مرحلهٔ ۱ از ۲')).toBeTruthy();

    await fillStepOne('1000.1234567');
    expect(await screen.findByText('مبلغ تتر حداکثر ۶ رقم اعشار می‌پذیرد.')).toBeTruthy();
    expect(screen.getByText('مرحلهٔ ۱ از ۲')).toBeTruthy();

    await fillStepOne('1000000001');
    expect(await screen.findByText('مبلغ باید حداکثر ۱٬۰۰۰٬۰۰۰٬۰۰۰ تتر باشد.')).toBeTruthy();
    expect(creates()).toHaveLength(0);
  });

  it('says when the amount is over the tether balance (bought at payment), without refusing it', async () => {
    server();
    renderWithApp(<CreateOrderScreen />, { route: '/basket-order/create' });
    const field = await amountField();
    await userEvent.type(field, '3000');
    expect(
      await screen.findByText('موجودی تتر شما ۵۰۰ تتر کمتر از این مبلغ است؛ هنگام پرداخت می‌توانید تتر کسری را بخرید.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'ادامه' }));
    expect(await screen.findByText('مرحلهٔ ۲ از ۲')).toBeTruthy();
  });

  it('needs at least one exchange: none chosen is refused and nothing is sent', async () => {
    server();
    renderWithApp(<CreateOrderScreen />, { route: '/basket-order/create' });
    await fillStepOne('2000');
    await userEvent.click(await screen.findByRole('checkbox', { name: /بایننس/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /کوکوین/ }));
    expect(await screen.findByText('دست‌کم یک صرافی را انتخاب کنید.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'ثبت سفارش' }));
    expect(creates()).toHaveLength(0);
    // One exchange is enough; margin markets only.
    await userEvent.click(screen.getByRole('checkbox', { name: /کوکوین/ }));
    await userEvent.click(screen.getByRole('radio', { name: /فقط بازار مارجین/ }));
    await userEvent.click(screen.getByRole('button', { name: 'ثبت سفارش' }));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(bodies()[0]).toMatchObject({ exchanges: ['kucoin'], marketType: 'margin' });
  });

  it('asks for an explicit confirmation of a risk above the latest quiz result, and sends it', async () => {
    server();
    renderWithApp(<CreateOrderScreen />, { route: '/basket-order/create' });
    await userEvent.click(await screen.findByRole('radio', { name: /^تهاجمی \(۱۰۰\)/ }));
    await fillStepOne('2000');
    expect(
      await screen.findByText(/ریسک این سبد \(تهاجمی\) از نتیجهٔ آخرین تست ریسک شما \(متعادل\) بیشتر است/),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'ثبت سفارش' }));
    expect(await screen.findByText('برای ادامه، پذیرش ریسک بیشتر را تأیید کنید.')).toBeTruthy();
    expect(creates()).toHaveLength(0);
    await userEvent.click(screen.getByRole('checkbox', { name: /ریسک این سبد از ریسک مناسب من بیشتر است/ }));
    await userEvent.click(screen.getByRole('button', { name: 'ثبت سفارش' }));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(bodies()[0]).toMatchObject({ risk: 100, riskAcknowledged: true });
  });

  it('without a quiz result: offers the quiz, and asks for the confirmation', async () => {
    server({ options: optionsFixture({ latestRisk: null }) });
    renderWithApp(<CreateOrderScreen />, { route: '/basket-order/create' });
    const quiz = await screen.findByRole('link', { name: 'انجام تست ریسک' });
    expect(quiz.getAttribute('href')).toBe(`/risk-quiz/calc?returnTo=${encodeURIComponent('/basket-order/create')}`);
    await fillStepOne('2000');
    expect(await screen.findByText(/هنوز تست ریسک نداده‌اید؛ بدون آن نمی‌دانیم/)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /ریسک این سبد از ریسک مناسب من بیشتر است/ })).toBeTruthy();
  });

  it('makes 60,000 a VIP request (no payment) and offers a specialised basket above 200,000', async () => {
    server();
    const { router } = renderWithApp(<CreateOrderScreen />, { route: '/basket-order/create' });
    const field = await amountField();
    await userEvent.type(field, '60000');
    expect(await screen.findByText('سبد VIP')).toBeTruthy();
    expect(screen.queryByText('سبد اختصاصی')).toBeNull();
    await userEvent.type(field, '0');
    expect(await screen.findByText('سبد اختصاصی')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, '60000');
    await userEvent.click(screen.getByRole('button', { name: 'ادامه' }));
    await userEvent.click(await screen.findByRole('button', { name: 'ثبت درخواست VIP' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/basket-order/vip/${ORDER_ID}`));
  });

  it('shows the server’s refusal in the user’s words, and retries the same attempt with the same key', async () => {
    let calls = 0;
    server({
      create: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ code: 'BASKET_CREATION_NOT_POSSIBLE', message: 'x' }, 409)
          : jsonResponse(orderFixture(), 201);
      },
    });
    renderWithApp(<CreateOrderScreen />, { route: '/basket-order/create' });
    await fillStepOne('2000');
    await userEvent.click(await screen.findByRole('button', { name: 'ثبت سفارش' }));
    expect(await screen.findByText(/ایجاد سبد در حال حاضر امکان‌پذیر نیست/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'ثبت سفارش' }));
    await waitFor(() => expect(creates()).toHaveLength(2));
    expect(keyOf(creates()[0]![1])).toBe(keyOf(creates()[1]![1]));
  });

  it('shows a loading state, then an error with a retry when the options cannot be read', async () => {
    let fail = true;
    server({
      options: () => (fail ? jsonResponse({ code: 'INTERNAL', message: 'x' }, 500) : jsonResponse(optionsFixture())),
    });
    renderWithApp(<CreateOrderScreen />, { route: '/basket-order/create' });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('متأسفانه خطایی رخ داده است.')).toBeTruthy();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'تلاش دوباره' }));
    expect(await amountField()).toBeTruthy();
  });
});
