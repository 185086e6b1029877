import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BasketOrder } from '@portal/contract/baskets/orders';
import type { TetherTrade } from '@portal/contract/tether/market';
import { accountFixture } from '@/test/account-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import { keyOf, ORDER_ID, orderFixture, walletsOf } from '../test-fixtures';
import PaymentScreen, { type BuyTetherStep } from './payment-screen';

configure({ asyncUtilTimeout: 5000 });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function server({
  order = orderFixture(),
  usdt = () => '2500',
  pay = () => jsonResponse(orderFixture({ status: 'NotStarted', outcome: 'processing' })),
}: {
  order?: BasketOrder;
  usdt?: () => string;
  pay?: () => Response | Promise<Response>;
} = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    const method = init?.method ?? 'GET';
    if (url === '/api/account') return jsonResponse(accountFixture({ user: { kycLevel: 1 } }));
    if (url === '/api/wallets') return jsonResponse(walletsOf({ USDT: usdt(), IRT: '900000000' }));
    if (url === `/api/basket-orders/${ORDER_ID}`) return jsonResponse(order);
    if (url === `/api/basket-orders/${ORDER_ID}/pay` && method === 'POST') return pay();
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

const pays = () =>
  fetchMock.mock.calls.filter(([u, init]) => u === `/api/basket-orders/${ORDER_ID}/pay` && init?.method === 'POST');

/** The tether feature's step, as the route composes it: a dialog that buys the tether missing. */
const trade = { usdtAmount: '500', fiatAmount: '52500000', fiat: 'IRT' } as TetherTrade;
const StepDouble: BuyTetherStep = ({ missing, onBought, onClose }) =>
  missing === null ? null : (
    <div role="dialog" aria-label="step">
      <p>{`missing ${missing}`}</p>
      <button type="button" onClick={() => onBought(trade)}>
        buy
      </button>
      <button type="button" onClick={onClose}>
        close
      </button>
    </div>
  );

describe('/basket-order/payment/{orderId}', { timeout: 30_000 }, () => {
  it('pays the order from the tether wallet with an idempotency key and goes to the success page', async () => {
    server();
    const { router } = renderWithApp(<PaymentScreen orderId={ORDER_ID} />, {
      route: `/basket-order/payment/${ORDER_ID}`,
    });
    expect(await screen.findByText('۲٬۵۰۰ تتر')).toBeTruthy();
    const figures = screen.getByText('وضعیت').closest('dl')!;
    expect(figures.textContent).toContain('وضعیتدر انتظار پرداخت');
    expect(figures.textContent).toContain('مبلغ۲٬۰۰۰ تتر');
    expect(figures.textContent).toContain('ریسکمتعادل (۳۵)');
    await userEvent.click(screen.getByRole('button', { name: 'پرداخت ۲٬۰۰۰ تتر' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/basket-order/success/${ORDER_ID}`));
    expect(pays()).toHaveLength(1);
    expect(keyOf(pays()[0]![1])).toMatch(/^[0-9a-f]{32}$/);
  });

  it('over the balance: says what is missing, pays nothing, and buys the missing tether in the same flow', async () => {
    let balance = '1500';
    server({ usdt: () => balance });
    const { router } = renderWithApp(<PaymentScreen orderId={ORDER_ID} buyTether={StepDouble} />, {
      route: `/basket-order/payment/${ORDER_ID}`,
    });
    expect(await screen.findByText('برای این سفارش ۵۰۰ تتر کم دارید (موجودی: ۱٬۵۰۰ تتر).')).toBeTruthy();
    const payButton = screen.getByRole('button', { name: 'پرداخت ۲٬۰۰۰ تتر' });
    expect((payButton as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'خرید تتر کسری' }));
    const step = await screen.findByRole('dialog', { name: 'step' });
    expect(step.textContent).toContain('missing 500');
    balance = '2000';
    await userEvent.click(screen.getByRole('button', { name: 'buy' }));
    expect(await screen.findByText(/۵۰۰ تتر با ۵۲٬۵۰۰٬۰۰۰ تومان خریدید/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/کم دارید/)).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'پرداخت ۲٬۰۰۰ تتر' }).disabled).toBe(false),
    );
    await userEvent.click(screen.getByRole('button', { name: 'پرداخت ۲٬۰۰۰ تتر' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/basket-order/success/${ORDER_ID}`));
    expect(pays()).toHaveLength(1);
  });

  it('a refusal for balance stays on the page in the user’s words; a lost answer is retried with the same key', async () => {
    let call = 0;
    server({
      pay: () => {
        call += 1;
        if (call === 1) return jsonResponse({ code: 'INSUFFICIENT_BALANCE', message: 'x' }, 409);
        if (call === 2) return Promise.reject(new TypeError('network'));
        return jsonResponse(orderFixture({ status: 'NotStarted', outcome: 'processing' }));
      },
    });
    const { router } = renderWithApp(<PaymentScreen orderId={ORDER_ID} />, {
      route: `/basket-order/payment/${ORDER_ID}`,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'پرداخت ۲٬۰۰۰ تتر' }));
    expect(await screen.findByText('موجودی کیف پول تتر شما برای پرداخت این سفارش کافی نیست.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/basket-order/payment/${ORDER_ID}`);

    await userEvent.click(screen.getByRole('button', { name: 'پرداخت ۲٬۰۰۰ تتر' }));
    expect(await screen.findByText(/پاسخی از سرور نرسید/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'پرداخت ۲٬۰۰۰ تتر' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/basket-order/success/${ORDER_ID}`));
    const keys = pays().map(([, init]) => keyOf(init));
    expect(keys).toHaveLength(3);
    // A definite refusal ends the attempt (a new key); a lost answer is retried with the same one.
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });

  it('another refusal (an order not payable any more) goes to the failed-payment page', async () => {
    server({ pay: () => jsonResponse({ code: 'BASKET_ORDER_NOT_PAYABLE', message: 'x' }, 409) });
    const { router } = renderWithApp(<PaymentScreen orderId={ORDER_ID} />, {
      route: `/basket-order/payment/${ORDER_ID}`,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'پرداخت ۲٬۰۰۰ تتر' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/basket-order/unsuccess/${ORDER_ID}`));
    expect(router.state.location.state).toEqual({ code: 'BASKET_ORDER_NOT_PAYABLE' });
  });

  it('an order already paid is not paid again: the page leads to its building page', async () => {
    server({ order: orderFixture({ status: 'InProgress', outcome: 'processing' }) });
    renderWithApp(<PaymentScreen orderId={ORDER_ID} />, { route: `/basket-order/payment/${ORDER_ID}` });
    expect(await screen.findByText('سبد شما در حال ساخت است.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /پرداخت/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'پیگیری ساخت' }).getAttribute('href')).toBe(
      `/basket-order/process/${ORDER_ID}`,
    );
  });

  it('an id that names nothing is not found without asking; another user’s order is not found either', async () => {
    server();
    renderWithApp(<PaymentScreen orderId="nope" />, { route: '/basket-order/payment/nope' });
    expect(await screen.findByText('اطلاعات درخواستی پیدا نشد.')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([u]) => (u as string).startsWith('/api/basket-orders'))).toHaveLength(0);
  });

  it('another user’s order (the server’s 404) is not found, and nothing can be paid', async () => {
    server();
    const other = '9e8d7c6b-5a49-4382-8170-6f5e4d3c2b1a';
    renderWithApp(<PaymentScreen orderId={other} />, { route: `/basket-order/payment/${other}` });
    expect(await screen.findByText('اطلاعات درخواستی پیدا نشد.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /پرداخت/ })).toBeNull();
  });
});
