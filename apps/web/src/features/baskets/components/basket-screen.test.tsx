import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BasketDetail } from '@portal/contract/baskets/orders';
import { accountFixture } from '@/test/account-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import type { BasketTab } from '../tabs';
import { detailFixture, keyOf, ORDER_ID, operationFixture, orderFixture } from '../test-fixtures';
import BasketScreen from './basket-screen';

configure({ asyncUtilTimeout: 5000 });

// The chart's canvas library has no canvas in jsdom: the chunk is replaced by what it is given.
vi.mock('./basket-chart', () => ({
  default: ({
    times,
    lines,
    tooltipOf,
  }: {
    times: number[];
    lines: { label: string }[];
    tooltipOf: (i: number) => { date: string; value: string };
  }) => (
    <div
      role="img"
      aria-label={`chart: ${lines.map((l) => l.label).join(', ')}; ${times.length} days, last ${tooltipOf(times.length - 1).value}`}
    />
  ),
}));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function server({
  detail = () => detailFixture(),
  close = () => jsonResponse(operationFixture({ kind: 'close', proceeds: '2140.25', trades: [], fees: '2.1' }), 201),
}: { detail?: () => BasketDetail; close?: () => Response | Promise<Response> } = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    const method = init?.method ?? 'GET';
    if (url === '/api/account') return jsonResponse(accountFixture({ user: { kycLevel: 1 } }));
    if (url === `/api/baskets/${ORDER_ID}`) return jsonResponse(detail());
    if (url === `/api/baskets/${ORDER_ID}/close` && method === 'POST') return close();
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

function Page({ initial = 'holdings' }: { initial?: BasketTab }) {
  const [tab, setTab] = useState<BasketTab>(initial);
  return <BasketScreen basketId={ORDER_ID} tab={tab} onTab={setTab} />;
}

const closes = () =>
  fetchMock.mock.calls.filter(([u, init]) => u === `/api/baskets/${ORDER_ID}/close` && init?.method === 'POST');

describe('/basket-order/{id}', { timeout: 30_000 }, () => {
  it('shows a built basket: value, gain, drift, holdings against their targets, value history', async () => {
    server();
    renderWithApp(<Page />, { route: `/basket-order/${ORDER_ID}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'سبد متعادل' })).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'مشخصات سفارش' });
    expect(summary.textContent).toContain('ارزش فعلی۲٬۱۵۰٫۵ تتر');
    expect(summary.textContent).toContain('سود و زیان+۱۵۰٫۵ تتر (+۷٫۵۳٪)');
    expect(summary.textContent).toContain('انحراف از وزن هدف۳٫۱٪');
    expect(summary.textContent).toContain('نوسان سالانهٔ مورد انتظار۳۴٫۱٪');
    const holdings = screen.getByRole('region', { name: 'دارایی‌های سبد' });
    const items = within(holdings).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('BTC');
    expect(items[0]!.textContent).toContain('۶۵۰ تتر');
    expect(within(items[0]!).getByRole('progressbar', { name: 'وزن BTC: ۳۰٫۲٪ از هدف ۳۰٪' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'chart: ارزش سبد; 2 days, last ۲٬۱۵۰٫۵ تتر' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'متعادل‌سازی' }).getAttribute('href')).toBe(
      `/rebalance-order/request/${ORDER_ID}`,
    );
  });

  it('the orders tab lists the build with its trades and fees; the back-test tab draws it against bitcoin and tether', async () => {
    server();
    renderWithApp(<Page />, { route: `/basket-order/${ORDER_ID}` });
    await userEvent.click(await screen.findByRole('tab', { name: 'سفارش‌ها' }));
    const ops = screen.getByRole('region', { name: 'سفارش‌های این سبد' });
    expect(ops.textContent).toContain('ساخت سبد · انجام‌شده');
    expect(ops.textContent).toContain('معاملات: ۲');
    expect(ops.textContent).toContain('کارمزد: ۱۱٫۱۹ تتر');
    expect(ops.textContent).toContain('خرید ۰٫۰۱ BTC');
    await userEvent.click(screen.getByRole('tab', { name: 'آزمون گذشته' }));
    expect(await screen.findByRole('img', { name: /^chart: سبد, بیت‌کوین, تتر; 3 days/ })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'مقادیر آزمون گذشته' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(table.textContent).toContain('—');
  });

  it('closes the basket after a confirmation, once, with an idempotency key, and says what reached the wallet', async () => {
    let closedAlready = false;
    server({
      detail: () =>
        closedAlready
          ? detailFixture({
              holding: 'closed',
              holdings: [],
              value: '0',
              order: orderFixture({ status: 'Analysed', holding: 'closed' }),
            })
          : detailFixture(),
      close: () => {
        closedAlready = true;
        return jsonResponse(operationFixture({ kind: 'close', proceeds: '2140.25', trades: [], fees: '2.1' }), 201);
      },
    });
    renderWithApp(<Page />, { route: `/basket-order/${ORDER_ID}` });
    await userEvent.click(await screen.findByRole('button', { name: 'بستن سبد' }));
    const dialog = await screen.findByRole('dialog', { name: 'بستن سبد' });
    expect(dialog.textContent).toContain('این کار برگشت‌پذیر نیست');
    await userEvent.click(within(dialog).getByRole('button', { name: 'انصراف' }));
    expect(closes()).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'بستن سبد' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'فروش و بستن سبد' }));
    expect(await screen.findByText('سبد بسته شد و ۲٬۱۴۰٫۲۵ تتر به کیف پول تتر شما واریز شد.')).toBeTruthy();
    expect(closes()).toHaveLength(1);
    expect(keyOf(closes()[0]![1])).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'بستن سبد' })).toBeNull());
    expect(screen.queryByRole('link', { name: 'متعادل‌سازی' })).toBeNull();
  });

  it('a close refused is said in the user’s words; without a certain answer it is retried with the same key', async () => {
    let call = 0;
    server({
      close: () => {
        call += 1;
        return call === 1
          ? jsonResponse({ code: 'BASKET_NOT_READY', message: 'x' }, 409)
          : jsonResponse({ code: 'BASKET_EXECUTION_FAILED', message: 'x' }, 502);
      },
    });
    renderWithApp(<Page />, { route: `/basket-order/${ORDER_ID}` });
    await userEvent.click(await screen.findByRole('button', { name: 'بستن سبد' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'فروش و بستن سبد' }));
    expect(await screen.findByText('این سبد هنوز در حال ساخت است؛ پس از آماده شدن دوباره تلاش کنید.')).toBeTruthy();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'فروش و بستن سبد' }));
    // A 502 says nothing certain: the same close is offered again with the same key.
    expect(await screen.findByText(/پاسخی از سرور نرسید/)).toBeTruthy();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'فروش و بستن سبد' }));
    await waitFor(() => expect(closes()).toHaveLength(3));
    const keys = closes().map(([, init]) => keyOf(init));
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });

  it('an order still being built shows where it is, not a basket', async () => {
    server({
      detail: () =>
        detailFixture({
          status: 'InProgress',
          holding: null,
          holdings: [],
          construction: null,
          value: null,
          gain: null,
          order: orderFixture({ status: 'InProgress', outcome: 'processing' }),
        }),
    });
    renderWithApp(<Page />, { route: `/basket-order/${ORDER_ID}` });
    expect(await screen.findByText('سبد شما در حال ساخت است.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'متعادل‌سازی' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'بستن سبد' })).toBeNull();
  });
});
