import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountFixture } from '@/test/account-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import { detailFixture, keyOf, ORDER_ID, operationFixture, previewFixture } from '../test-fixtures';
import { RebalanceRequestScreen, RebalanceSuccessScreen } from './rebalance-screen';

configure({ asyncUtilTimeout: 5000 });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function server({
  preview = () => jsonResponse(previewFixture()),
  confirm = () => jsonResponse(operationFixture({ kind: 'rebalance' }), 201),
}: { preview?: () => Response; confirm?: () => Response } = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    const method = init?.method ?? 'GET';
    if (url === '/api/account') return jsonResponse(accountFixture({ user: { kycLevel: 1 } }));
    if (url === `/api/baskets/${ORDER_ID}/rebalance-preview` && method === 'POST') return preview();
    if (url === `/api/baskets/${ORDER_ID}/rebalance` && method === 'POST') return confirm();
    if (url === `/api/baskets/${ORDER_ID}`)
      return jsonResponse(
        detailFixture({ drift: 0.002, operations: [operationFixture({ kind: 'rebalance', fees: '0.02' })] }),
      );
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

const confirms = () =>
  fetchMock.mock.calls.filter(([u, init]) => u === `/api/baskets/${ORDER_ID}/rebalance` && init?.method === 'POST');

describe('/rebalance-order/…', { timeout: 30_000 }, () => {
  it('shows the trades and their fees before confirming, then rebalances once with an idempotency key', async () => {
    server();
    const { router } = renderWithApp(<RebalanceRequestScreen basketId={ORDER_ID} />, {
      route: `/rebalance-order/request/${ORDER_ID}`,
    });
    const trades = await screen.findByRole('region', { name: 'معاملات' });
    expect(trades.textContent).toContain('فروش BTC');
    expect(trades.textContent).toContain('خرید ETH');
    expect(trades.textContent).toContain('۱۵ تتر');
    const summary = screen.getByRole('region', { name: 'خلاصه' });
    expect(summary.textContent).toContain('کارمزد کل۰٫۰۲۱۵ تتر');
    expect(summary.textContent).toContain('انحراف پس از متعادل‌سازی۰٫۲٪');
    expect(confirms()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'تأیید و متعادل‌سازی' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/rebalance-order/success/${ORDER_ID}`));
    expect(confirms()).toHaveLength(1);
    expect(keyOf(confirms()[0]![1])).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a basket still being built is not rebalanced: the page says so and offers nothing to confirm', async () => {
    server({ preview: () => jsonResponse({ code: 'BASKET_NOT_READY', message: 'x' }, 409) });
    renderWithApp(<RebalanceRequestScreen basketId={ORDER_ID} />, { route: `/rebalance-order/request/${ORDER_ID}` });
    expect(await screen.findByText('این سبد هنوز در حال ساخت است؛ پس از آماده شدن دوباره تلاش کنید.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'تأیید و متعادل‌سازی' })).toBeNull();
    expect(confirms()).toHaveLength(0);
  });

  it('a basket on target needs no trade: confirming is not offered', async () => {
    server({ preview: () => jsonResponse(previewFixture({ needed: false, trades: [], estimatedFees: '0' })) });
    renderWithApp(<RebalanceRequestScreen basketId={ORDER_ID} />, { route: `/rebalance-order/request/${ORDER_ID}` });
    expect(await screen.findByText('سبد هم‌اکنون در وزن هدف است؛ معامله‌ای لازم نیست.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'تأیید و متعادل‌سازی' }).disabled).toBe(true);
  });

  it('a refusal at confirmation is said in the user’s words, and nothing moves to the success page', async () => {
    server({ confirm: () => jsonResponse({ code: 'BASKET_REBALANCE_NOT_NEEDED', message: 'x' }, 409) });
    const { router } = renderWithApp(<RebalanceRequestScreen basketId={ORDER_ID} />, {
      route: `/rebalance-order/request/${ORDER_ID}`,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'تأیید و متعادل‌سازی' }));
    expect(await screen.findByText('سبد هم‌اکنون در وزن هدف است و متعادل‌سازی لازم نیست.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/rebalance-order/request/${ORDER_ID}`);
  });

  it('the success page shows the basket after the rebalance and leads back to it', async () => {
    server();
    renderWithApp(<RebalanceSuccessScreen basketId={ORDER_ID} />, { route: `/rebalance-order/success/${ORDER_ID}` });
    expect(await screen.findByText('سبد شما متعادل شد')).toBeTruthy();
    const figures = (await screen.findByText('کارمزد پرداختی')).closest('dl')!;
    expect(figures.textContent).toContain('انحراف از وزن هدف۰٫۲٪');
    expect(figures.textContent).toContain('کارمزد پرداختی۰٫۰۲ تتر');
    expect(screen.getByRole('link', { name: 'بازگشت به سبد' }).getAttribute('href')).toBe(`/basket-order/${ORDER_ID}`);
  });
});
