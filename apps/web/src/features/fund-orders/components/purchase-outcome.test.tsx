import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FundPurchase } from '@portal/contract/funds/orders';
import { jsonResponse, renderWithApp } from '@/test/render';
import { fundOrderKeys } from '../api/keys';
import { FUND_ID, fundFixture, loadFundOrderTexts, PURCHASE_ID, purchaseFixture } from '../test-fixtures';
import PaymentScreen from './payment-screen';
import PurchaseOutcomeScreen from './purchase-outcome-screen';

configure({ asyncUtilTimeout: 5000 });
beforeAll(loadFundOrderTexts);

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const pendingCard = purchaseFixture({
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
});
const failed = (failReason: FundPurchase['failReason']) =>
  purchaseFixture({
    ...pendingCard,
    state: 'Failed',
    status: 'Failed',
    outcome: 'failed',
    failReason,
  });

/** The server: the purchase as `purchase()` says it is now, and its verification answering `verified`. */
function server(purchase: () => FundPurchase, verified?: FundPurchase) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    if (url === `/api/funds/${FUND_ID}`) return jsonResponse(fundFixture());
    if (url === `/api/fund-purchases/${PURCHASE_ID}`) return jsonResponse(purchase());
    if (url === `/api/fund-purchases/${PURCHASE_ID}/verify` && init?.method === 'POST' && verified)
      return jsonResponse(verified);
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

const outcomePath = (o: string) => `/fund/purchase/payment/${PURCHASE_ID}/${o}`;

describe('the purchase outcome pages', { timeout: 30_000 }, () => {
  it('success: the units, the NAV and what was paid, and the way back to the fund with the result', async () => {
    server(() => purchaseFixture());
    renderWithApp(<PurchaseOutcomeScreen purchaseId={PURCHASE_ID} outcome="success" />, {
      route: outcomePath('success'),
    });
    const status = await screen.findByRole('status');
    expect(within(status).getByRole('heading', { name: 'واحدهای شما خریده شد' })).toBeTruthy();
    expect(await within(status).findByText(/۸٫۲۹۱۶ واحد از صندوق طلای نمونه با ارزش واحد در/)).toBeTruthy();
    expect(screen.getByText('۹۹۹٬۹۹۲ تومان')).toBeTruthy();
    expect(screen.getByText('بازگشته به کیف پول').parentElement?.nextSibling?.textContent).toBe('۸ تومان');
    expect(screen.getByRole('link', { name: 'بازگشت به صندوق' }).getAttribute('href')).toBe(
      `/fund/${FUND_ID}?status=success&orderid=${PURCHASE_ID}`,
    );
  });

  it('waiting: says the units come at the day’s NAV, and moves to the success page when they are issued', async () => {
    let now = purchaseFixture({
      state: 'Waiting',
      status: 'InProgress',
      outcome: 'waiting',
      nav: null,
      units: null,
      cost: null,
      charged: null,
      remainder: null,
      pricedAt: null,
    });
    server(() => now);
    const { router, queryClient } = renderWithApp(
      <PurchaseOutcomeScreen purchaseId={PURCHASE_ID} outcome="waiting" />,
      {
        route: outcomePath('waiting'),
      },
    );
    expect(await screen.findByRole('heading', { name: 'در انتظار ارزش امروز واحد' })).toBeTruthy();
    expect(screen.getByText(/مبلغ ۱٬۰۰۰٬۰۰۰ تومان برای شما مسدود شده است/)).toBeTruthy();
    expect(screen.getByText('در انتظار ارزش امروز واحد', { selector: 'dd' })).toBeTruthy();

    now = purchaseFixture();
    await queryClient.refetchQueries({ queryKey: fundOrderKeys.purchase(PURCHASE_ID) });
    await waitFor(() => expect(router.state.location.pathname).toBe(outcomePath('success')));
  });

  it('unsuccess: says why, and retries with the same amount', async () => {
    server(() => failed('payment_cancelled'));
    renderWithApp(<PurchaseOutcomeScreen purchaseId={PURCHASE_ID} outcome="unsuccess" />, {
      route: outcomePath('unsuccess'),
    });
    expect(await screen.findByRole('heading', { name: 'خرید انجام نشد' })).toBeTruthy();
    expect(screen.getByText('پرداخت در درگاه لغو شد. مبلغی کسر نشده است.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'تلاش دوباره' }).getAttribute('href')).toBe(
      `/fund/purchase/${FUND_ID}?amount=1000000`,
    );
    expect(screen.getByRole('link', { name: 'بازگشت به صندوق' }).getAttribute('href')).toBe(
      `/fund/${FUND_ID}?status=failed&orderid=${PURCHASE_ID}`,
    );
  });

  it('an address naming another outcome goes to the purchase’s own', async () => {
    server(() => failed('too_small_at_nav'));
    const { router } = renderWithApp(<PurchaseOutcomeScreen purchaseId={PURCHASE_ID} outcome="success" />, {
      route: outcomePath('success'),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(outcomePath('unsuccess')));
  });

  it('another user’s purchase (or none) is not found', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404));
    renderWithApp(<PurchaseOutcomeScreen purchaseId={PURCHASE_ID} outcome="success" />, {
      route: outcomePath('success'),
    });
    expect(await screen.findByText('اطلاعات درخواستی پیدا نشد.')).toBeTruthy();
  });
});

describe('the payment page', { timeout: 30_000 }, () => {
  it('back from the gateway: verifies the payment once and opens the outcome page the answer names', async () => {
    server(() => purchaseFixture({ method: 'card', paymentReference: 'REF123' }), purchaseFixture({ method: 'card' }));
    const { router } = renderWithApp(
      <PaymentScreen purchaseId={PURCHASE_ID} gatewayReturn={{ authority: 'A0001', status: 'OK' }} />,
      { route: `/fund/purchase/payment/${PURCHASE_ID}?Authority=A0001&Status=OK` },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(outcomePath('success')));
    const verify = fetchMock.mock.calls.filter(([u]) => u === `/api/fund-purchases/${PURCHASE_ID}/verify`);
    expect(verify).toHaveLength(1);
    expect(JSON.parse(verify[0]![1]!.body as string)).toEqual({ authority: 'A0001', status: 'OK' });
  });

  it('a cancelled payment lands on the unsuccess page', async () => {
    server(() => failed('payment_cancelled'), failed('payment_cancelled'));
    const { router } = renderWithApp(
      <PaymentScreen purchaseId={PURCHASE_ID} gatewayReturn={{ authority: 'A0001', status: 'NOK' }} />,
      { route: `/fund/purchase/payment/${PURCHASE_ID}?Authority=A0001&Status=NOK` },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(outcomePath('unsuccess')));
  });

  it('a card purchase awaiting payment: the request, its status, and the way back to the gateway', async () => {
    server(() => pendingCard);
    window.sessionStorage.setItem(`fundPurchaseGateway:${PURCHASE_ID}`, 'https://gateway.example/pay/A1');
    const navigate = vi.fn<(url: string) => void>();
    renderWithApp(<PaymentScreen purchaseId={PURCHASE_ID} gatewayReturn={null} navigate={navigate} />, {
      route: `/fund/purchase/payment/${PURCHASE_ID}`,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'پرداخت خرید' })).toBeTruthy();
    expect(await screen.findByText('صندوق طلای نمونه')).toBeTruthy();
    expect(screen.getByText('در انتظار پرداخت')).toBeTruthy();
    expect(screen.getByText('کارت بانکی (درگاه پرداخت)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'ادامه در درگاه پرداخت' }));
    expect(navigate).toHaveBeenCalledWith('https://gateway.example/pay/A1');
    expect(screen.getByRole('link', { name: 'ثبت خرید جدید' }).getAttribute('href')).toBe(
      `/fund/purchase/${FUND_ID}?amount=1000000`,
    );
  });

  it('a settled purchase links to its result', async () => {
    server(() => purchaseFixture());
    renderWithApp(<PaymentScreen purchaseId={PURCHASE_ID} gatewayReturn={null} />, {
      route: `/fund/purchase/payment/${PURCHASE_ID}`,
    });
    expect(await screen.findByText('پرداخت شد: واحدها صادر شدند.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'دیدن نتیجه' }).getAttribute('href')).toBe(outcomePath('success'));
  });
});
