import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BasketOrder } from '@portal/contract/baskets/orders';
import { accountFixture } from '@/test/account-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import { builtOrder, ORDER_ID, orderFixture, walletsOf } from '../test-fixtures';
import ProcessScreen from './process-screen';

configure({ asyncUtilTimeout: 5000 });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** The order as the worker moves it: one answer per read, the last one kept. */
function server(sequence: BasketOrder[]) {
  let reads = 0;
  fetchMock.mockImplementation(async (input) => {
    const url = input as string;
    if (url === '/api/account') return jsonResponse(accountFixture({ user: { kycLevel: 1 } }));
    if (url === '/api/wallets') return jsonResponse(walletsOf({ USDT: '500' }));
    if (url === `/api/basket-orders/${ORDER_ID}`) {
      const order = sequence[Math.min(reads, sequence.length - 1)]!;
      reads += 1;
      return jsonResponse(order);
    }
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
  return { reads: () => reads };
}

const paid = (status: 'NotStarted' | 'InProgress') =>
  orderFixture({ status, outcome: 'processing', paidAt: '2026-11-27T09:01:00.000Z' });

describe('/basket-order/process/{orderId}', { timeout: 30_000 }, () => {
  it('polls while the order is built and stops once it is Analysed, leading to the basket', async () => {
    const s = server([paid('NotStarted'), paid('InProgress'), builtOrder()]);
    const { queryClient } = renderWithApp(<ProcessScreen orderId={ORDER_ID} pollMs={50} />, {
      route: `/basket-order/process/${ORDER_ID}`,
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(await screen.findByText('سفارش در صف ساخت است…')).toBeTruthy();
    expect(await screen.findByText(/در حال ساخت سبد/)).toBeTruthy();
    expect(await screen.findByText('سبد شما ساخته شد.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'مشاهدهٔ سبد' }).getAttribute('href')).toBe(`/basket-order/${ORDER_ID}`);
    // The wallets, the baskets and the portfolio moved: read again.
    await waitFor(() =>
      expect(invalidate.mock.calls.map(([f]) => f?.queryKey?.[0])).toEqual(
        expect.arrayContaining(['baskets', 'wallet', 'portfolio']),
      ),
    );
    const after = s.reads();
    await new Promise((r) => setTimeout(r, 300));
    // Polling stopped (at most the one read the invalidation asks for).
    expect(s.reads() - after).toBeLessThanOrEqual(1);
  });

  it('a failed generation says why and that the payment went back to the wallet', async () => {
    server([
      paid('InProgress'),
      orderFixture({ status: 'GenerationFailed', outcome: 'failed', failReason: 'volatility_target_unreachable' }),
    ]);
    renderWithApp(<ProcessScreen orderId={ORDER_ID} pollMs={50} />, { route: `/basket-order/process/${ORDER_ID}` });
    expect(await screen.findByText('ساخت سبد ممکن نشد')).toBeTruthy();
    expect(screen.getByText('با دارایی‌های موجود نمی‌شد به نوسان هدف این ریسک رسید.')).toBeTruthy();
    expect(screen.getByText('مبلغ ۲٬۰۰۰ تتر به کیف پول تتر شما بازگشت.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'سفارش دوباره' }).getAttribute('href')).toBe(
      '/basket-order/create?risk=35&amount=2000',
    );
  });

  it('an unpaid order is not being built: the page leads to its payment', async () => {
    server([orderFixture()]);
    renderWithApp(<ProcessScreen orderId={ORDER_ID} pollMs={50} />, { route: `/basket-order/process/${ORDER_ID}` });
    expect(await screen.findByText('این سفارش هنوز پرداخت نشده است.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'پرداخت سفارش' }).getAttribute('href')).toBe(
      `/basket-order/payment/${ORDER_ID}`,
    );
  });
});
