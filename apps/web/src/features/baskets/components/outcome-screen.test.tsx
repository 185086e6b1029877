import { configure, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BasketOrder } from '@portal/contract/baskets/orders';
import { accountFixture } from '@/test/account-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import { ORDER_ID, orderFixture } from '../test-fixtures';
import OutcomeScreen from './outcome-screen';

configure({ asyncUtilTimeout: 5000 });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function server(order: BasketOrder) {
  fetchMock.mockImplementation(async (input) => {
    const url = input as string;
    if (url === '/api/account') return jsonResponse(accountFixture({ user: { kycLevel: 1 } }));
    if (url === `/api/basket-orders/${ORDER_ID}`) return jsonResponse(order);
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

describe('/basket-order/vip|success|unsuccess/{orderId}', { timeout: 30_000 }, () => {
  it('a VIP request of 60,000: operators will call; no payment', async () => {
    server(orderFixture({ status: 'PendingVip', outcome: 'vip', amount: '60000', vip: true }));
    renderWithApp(<OutcomeScreen orderId={ORDER_ID} outcome="vip" />, { route: `/basket-order/vip/${ORDER_ID}` });
    expect(await screen.findByText('درخواست سبد VIP شما ثبت شد')).toBeTruthy();
    expect(screen.getByText(/برای هماهنگی سبد ۶۰٬۰۰۰ تتر با شمارهٔ همراه شما تماس می‌گیرند/)).toBeTruthy();
    expect(screen.queryByText(/سبد اختصاصی/)).toBeNull();
    expect(screen.queryByRole('link', { name: /پرداخت/ })).toBeNull();
  });

  it('above 200,000 the VIP page offers the specialised basket', async () => {
    server(orderFixture({ status: 'PendingVip', outcome: 'vip', amount: '250000', vip: true, specialised: true }));
    renderWithApp(<OutcomeScreen orderId={ORDER_ID} outcome="vip" />, { route: `/basket-order/vip/${ORDER_ID}` });
    expect(
      await screen.findByText(/چون مبلغ بیش از ۲۰۰٬۰۰۰ تتر است، مشاور ما سبد اختصاصی شما را هم طراحی می‌کند/),
    ).toBeTruthy();
  });

  it('a paid order: the success page leads to its building', async () => {
    server(orderFixture({ status: 'NotStarted', outcome: 'processing' }));
    renderWithApp(<OutcomeScreen orderId={ORDER_ID} outcome="success" />, {
      route: `/basket-order/success/${ORDER_ID}`,
    });
    expect(await screen.findByText('پرداخت سفارش انجام شد')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'پیگیری ساخت سبد' }).getAttribute('href')).toBe(
      `/basket-order/process/${ORDER_ID}`,
    );
  });

  it('a failed payment: nothing taken, the reason in the user’s words, and the way back to pay', async () => {
    server(orderFixture());
    renderWithApp(<OutcomeScreen orderId={ORDER_ID} outcome="unsuccess" />, {
      route: `/basket-order/unsuccess/${ORDER_ID}`,
    });
    expect(await screen.findByText('پرداخت انجام نشد')).toBeTruthy();
    expect(screen.getByText('مبلغی از کیف پول شما برداشت نشد.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'تلاش دوباره' }).getAttribute('href')).toBe(
      `/basket-order/payment/${ORDER_ID}`,
    );
  });

  it('a success page of an unpaid order does not claim a payment', async () => {
    server(orderFixture());
    renderWithApp(<OutcomeScreen orderId={ORDER_ID} outcome="success" />, {
      route: `/basket-order/success/${ORDER_ID}`,
    });
    expect(await screen.findByText('این سفارش هنوز پرداخت نشده است.')).toBeTruthy();
    expect(screen.queryByText('پرداخت سفارش انجام شد')).toBeNull();
  });
});
