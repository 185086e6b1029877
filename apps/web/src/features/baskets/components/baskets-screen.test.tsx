import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BasketOrder, BasketSummary } from '@portal/contract/baskets/orders';
import { accountFixture } from '@/test/account-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import { ORDER_ID, orderFixture, OTHER_ORDER_ID, summaryFixture } from '../test-fixtures';
import BasketsScreen from './baskets-screen';

configure({ asyncUtilTimeout: 5000 });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function server({
  baskets = [],
  orders = [],
  fail = () => false,
}: {
  baskets?: BasketSummary[];
  orders?: BasketOrder[];
  fail?: () => boolean;
}) {
  fetchMock.mockImplementation(async (input) => {
    const url = input as string;
    if (url === '/api/account') return jsonResponse(accountFixture({ user: { kycLevel: 1 } }));
    if (url === '/api/baskets')
      return fail()
        ? jsonResponse({ code: 'INTERNAL', message: 'x' }, 500)
        : jsonResponse({ items: baskets, totalValue: baskets.length ? '2150.5' : '0' });
    if (url === '/api/basket-orders?page=1')
      return jsonResponse({ items: orders, total: orders.length, page: 1, pageSize: 10 });
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

describe('/baskets', { timeout: 30_000 }, () => {
  it('without baskets: what a basket is, the way to a first order and to the risk quiz', async () => {
    server({});
    renderWithApp(<BasketsScreen />, { route: '/baskets' });
    const empty = await screen.findByRole('region', { name: 'هنوز سبدی ندارید.' });
    expect(within(empty).getByText(/اولین سبد هوشمندتان را از ۱٬۰۰۰ تتر بسازید/)).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'سفارش سبد جدید' }).getAttribute('href')).toBe(
      '/basket-order/create',
    );
    expect(within(empty).getByRole('link', { name: 'انجام تست ریسک' }).getAttribute('href')).toBe(
      `/risk-quiz/calc?returnTo=${encodeURIComponent('/basket-order/create')}`,
    );
  });

  it('lists my baskets with value, gain and drift, and the orders still to pay or being built', async () => {
    server({
      baskets: [
        summaryFixture(),
        summaryFixture({
          id: OTHER_ORDER_ID,
          holding: 'closed',
          value: '0',
          gain: '-12.5',
          gainRatio: -0.00625,
          drift: null,
          risk: 60,
        }),
      ],
      orders: [
        orderFixture({ id: 'a0000000-0000-4000-8000-000000000001', status: 'PaymentPending' }),
        orderFixture({ id: 'a0000000-0000-4000-8000-000000000002', status: 'InProgress', outcome: 'processing' }),
        orderFixture({ id: ORDER_ID, status: 'Analysed', outcome: 'success' }),
        orderFixture({ id: 'a0000000-0000-4000-8000-000000000003', status: 'Cancelled', outcome: 'cancelled' }),
      ],
    });
    renderWithApp(<BasketsScreen />, { route: '/baskets' });
    const list = await screen.findByRole('region', { name: 'سبدهای من' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      `/basket-order/${ORDER_ID}`,
      `/basket-order/${OTHER_ORDER_ID}`,
    ]);
    expect(links[0]!.textContent).toContain('سبد متعادل');
    expect(links[0]!.textContent).toContain('۲٬۱۵۰٫۵ تتر');
    expect(links[0]!.textContent).toContain('+۱۵۰٫۵ تتر (+۷٫۵۳٪)');
    expect(links[0]!.textContent).toContain('انحراف از وزن هدف: ۳٫۱٪');
    expect(links[1]!.textContent).toContain('بسته‌شده');
    expect(links[1]!.textContent).toContain('−۱۲٫۵ تتر');
    const open = screen.getByRole('region', { name: 'سفارش‌های در جریان' });
    expect(
      within(open)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/basket-order/payment/a0000000-0000-4000-8000-000000000001',
      '/basket-order/process/a0000000-0000-4000-8000-000000000002',
    ]);
  });

  it('a failure to read is an error with a retry', async () => {
    let failing = true;
    server({ baskets: [summaryFixture()], fail: () => failing });
    renderWithApp(<BasketsScreen />, { route: '/baskets' });
    const alert = await screen.findByRole('alert');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'تلاش دوباره' }));
    expect(await screen.findByRole('region', { name: 'سبدهای من' })).toBeTruthy();
  });
});
