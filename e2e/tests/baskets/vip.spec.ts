import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AdminBasketOrder } from '@portal/contract/admin/baskets';
import { accountTranslator } from '../../src/account-steps';
import { signUp } from '../../src/auth-steps';
import {
  basketFigures,
  basketOrderOf,
  basketSettingsOf,
  centre,
  shownMobile,
  shownTether,
  typeIntoBox,
  walletOf,
} from '../../src/basket-steps';
import { connectBrowser, openTab, seriousA11yViolations, VIEWPORTS, type Tab } from '../../src/browser';
import { reachKycLevelOne } from '../../src/fund-steps';
import { persianDigits } from '../../src/i18n';
import { logInAsOperator } from '../../src/kyc-steps';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, sharedServer, type JourneyServer } from '../../src/server';

/**
 * A VIP basket request (issue 20 "Done when"), in Persian. A second investor, at KYC level one and without a
 * risk quiz, orders a basket of 60,000 tether on a phone: the form says it is a VIP request (from 50,000),
 * asks to confirm the risk (no quiz taken: it must be acknowledged before it is sent) and sends it; the VIP
 * page says the operators will call. The request cannot be paid yet. An operator on a desktop finds it in the
 * console's VIP queue, writes the call's note, and accepts it — by one operator, as 60,000 is not above the
 * settings' second-review bound (`vipSecondReviewAbove`; a second operator of the pool accepts too when it
 * is). The investor's VIP page then shows the order waiting for payment and leads to the payment page.
 */

let server: JourneyServer;
let browser: Browser;
beforeAll(async () => {
  server = sharedServer();
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const t = accountTranslator('fa');
const fa = persianDigits;
const tether = (amount: string) => shownTether(t, amount);
const AMOUNT = '60000';

async function expectClean(tab: Tab) {
  expect(await seriousA11yViolations(tab.page)).toEqual([]);
}

async function adminOrder(op: Page, id: string): Promise<AdminBasketOrder> {
  const res = await op.request.get(`/api/admin/basket-orders/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as AdminBasketOrder;
}

/** The console's VIP request page: «accept», its confirmation, and the notice that it was recorded. */
async function acceptOnPage(op: Page): Promise<void> {
  await op.getByRole('button', { name: t('basketDesk:vip.decision.accept'), exact: true }).click();
  const dialog = op.getByRole('dialog', { name: t('basketDesk:vip.decision.acceptTitle'), exact: true });
  await dialog.getByRole('button', { name: t('basketDesk:vip.decision.acceptConfirm'), exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('a VIP basket request (fa)', () => {
  test('phone: a 60,000-tether order becomes a VIP request; desktop console: a note, accepted; phone: payable', async () => {
    const started = Date.now();
    const investor = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    const { page } = investor;
    screenshotOnFailure(page, 'baskets-vip-fa-phone');
    const shoot = async (name: string) => {
      await screenshot(page, `baskets-vip-${name}-fa-phone`);
    };
    const mobile = freshMobile();
    await page.goto('/auth');
    await signUp(page, server.baseUrl, t, 'fa', mobile);
    await reachKycLevelOne(page, t);

    // --- the order form: 60,000 tether is a VIP request; no quiz taken, so the risk is confirmed ---
    await page.goto('/basket-order/create');
    await page.getByRole('heading', { name: t('baskets:create.pageTitle'), level: 1, exact: true }).waitFor();
    await page.getByText(t('baskets:create.risk.noQuiz'), { exact: true }).waitFor();
    await typeIntoBox(page, t('baskets:create.amount.label'), fa(AMOUNT));
    const vipNotice = page.getByRole('status').filter({ hasText: t('baskets:create.vip.title') });
    // The notice's title and text are one element's.
    await vipNotice.getByText(t('baskets:create.vip.text', { min: tether('50000') })).waitFor();
    // Not above 200,000: no specialised basket offered.
    expect(await page.getByText(t('baskets:create.specialised.title'), { exact: true }).count()).toBe(0);
    await centre(vipNotice);
    await shoot('create');
    await expectClean(investor);
    await page.getByRole('button', { name: t('baskets:create.next'), exact: true }).click();
    const summary = await basketFigures(page, t('baskets:create.summary.title'));
    expect(summary).toMatchObject({
      [t('baskets:create.summary.amount')]: tether(AMOUNT),
      [t('baskets:create.summary.kind')]: t('baskets:create.summary.vipKind'),
    });
    await page.getByText(t('baskets:create.riskConfirm.noQuiz'), { exact: false }).waitFor();
    const submit = page.getByRole('button', { name: t('baskets:create.submitVip'), exact: true });
    // Sent without the confirmation: the rule, and nothing created.
    await submit.click();
    await page.getByText(t('baskets:create.riskConfirm.required'), { exact: true }).waitFor();
    const none = (await (await page.request.get('/api/basket-orders')).json()) as { total: number };
    expect(none.total).toBe(0);
    await page.getByRole('checkbox', { name: t('baskets:create.riskConfirm.label'), exact: true }).check();
    await shoot('confirm-risk');
    await expectClean(investor);
    await submit.click();

    // --- the VIP page: the operators will call ---
    await page.waitForURL((url) => /^\/basket-order\/vip\/[0-9a-f-]{36}$/.test(url.pathname));
    const orderId = page.url().split('/').at(-1)!;
    await page.getByText(t('baskets:outcome.vip.title'), { exact: true }).waitFor();
    await page.getByText(t('baskets:outcome.vip.text', { amount: tether(AMOUNT) }), { exact: true }).waitFor();
    const asked = await basketOrderOf(page, orderId);
    expect(asked).toMatchObject({
      status: 'PendingVip',
      outcome: 'vip',
      amount: AMOUNT,
      vip: true,
      specialised: false,
      riskAcknowledged: true,
      riskResultId: null,
      paidAt: null,
    });
    await shoot('sent');
    await expectClean(investor);
    // Not payable until an operator accepts it; nothing moves.
    const early = await page.request.post(`/api/basket-orders/${orderId}/pay`, {
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(early.status()).toBe(409);
    expect(((await early.json()) as { code: string }).code).toBe('BASKET_ORDER_NOT_PAYABLE');
    expect((await basketOrderOf(page, orderId)).status).toBe('PendingVip');

    // --- an operator on a desktop: the VIP queue, the request, a contact note ---
    const operator = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
    const op = operator.page;
    screenshotOnFailure(op, 'baskets-vip-operator-fa-desktop');
    await logInAsOperator(op, t, 'fa', server.operator('admin'));
    const settings = await basketSettingsOf(op);
    const twoReviewers = Number(AMOUNT) > Number(settings.vipSecondReviewAbove);
    await op.goto('/admin');
    await op
      .getByRole('navigation', { name: t('admin:console.navLabel'), exact: true })
      .getByRole('link', { name: t('basketDesk:nav'), exact: true })
      .click();
    await op.waitForURL((url) => url.pathname === '/admin/baskets');
    await op.getByRole('tab', { name: t('basketDesk:tabs.vip'), exact: true }).click();
    await op.waitForURL((url) => url.pathname === '/admin/baskets/vip');
    await op.getByRole('heading', { name: t('basketDesk:sections.vip'), level: 1, exact: true }).waitFor();
    const queue = op.getByRole('table', { name: t('basketDesk:sections.vip'), exact: true });
    const row = queue.getByRole('row').filter({ hasText: shownMobile(mobile) });
    await row.getByText(tether(AMOUNT), { exact: true }).waitFor();
    await row.getByText(t('basketDesk:statuses.PendingVip'), { exact: true }).waitFor();
    await screenshot(op, 'baskets-vip-queue-fa-desktop');
    await expectClean(operator);
    await row.getByRole('link', { name: t('basketDesk:vip.handle'), exact: true }).click();
    await op.waitForURL((url) => url.pathname === `/admin/baskets/orders/${orderId}`);
    await op.getByRole('heading', { name: t('basketDesk:order.vipTitle'), level: 1, exact: true }).waitFor();
    await op.getByTestId('basket-vip-state').getByText(t('basketDesk:vip.review.waiting'), { exact: true }).waitFor();
    await op.getByText(t('basketDesk:vip.notes.empty'), { exact: true }).waitFor();
    const note = 'تماس گرفته شد؛ سرمایه‌گذار سبد متعادل ۶۰٬۰۰۰ تتری را تأیید کرد و امروز پرداخت می‌کند.';
    await op.getByLabel(t('basketDesk:vip.notes.label'), { exact: true }).fill(note);
    await op.getByRole('button', { name: t('basketDesk:vip.notes.submit'), exact: true }).click();
    await op.getByTestId('basket-vip-notes').getByText(note, { exact: true }).waitFor();
    const noted = await adminOrder(op, orderId);
    expect(noted.notes).toEqual([expect.objectContaining({ text: note })]);
    expect(noted).toMatchObject({ status: 'PendingVip', notesCount: 1, approvalsNeeded: twoReviewers ? 2 : 1 });
    await screenshot(op, 'baskets-vip-request-fa-desktop');
    await expectClean(operator);

    // --- accepted: by one operator up to the bound, by two above it ---
    await acceptOnPage(op);
    if (twoReviewers) {
      await op.getByText(t('basketDesk:vip.decision.firstRecorded'), { exact: true }).waitFor();
      expect((await adminOrder(op, orderId)).status).toBe('PendingVip');
      const second = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
      screenshotOnFailure(second.page, 'baskets-vip-second-operator-fa-desktop');
      await logInAsOperator(second.page, t, 'fa', server.operator('admin'));
      await second.page.goto(`/admin/baskets/orders/${orderId}`);
      await acceptOnPage(second.page);
      expect(second.errors).toEqual([]);
      await second.context.close();
      await op.reload();
    } else {
      await op.getByText(t('basketDesk:vip.decision.accepted'), { exact: true }).waitFor();
    }
    await op.getByTestId('basket-vip-state').getByText(t('basketDesk:vip.review.accepted'), { exact: true }).waitFor();
    await op.getByTestId('basket-vip-decided').waitFor();
    const accepted = await adminOrder(op, orderId);
    expect(accepted).toMatchObject({ status: 'PaymentPending', notesCount: 1 });
    expect(accepted.decidedBy).not.toBeNull();
    await screenshot(op, 'baskets-vip-accepted-fa-desktop');
    await expectClean(operator);

    // --- the investor: the request is now an order to pay from the tether wallet ---
    await page.reload();
    await page.getByText(t('baskets:order.pendingPayment'), { exact: true }).waitFor();
    await page.getByRole('link', { name: t('baskets:order.pay'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/basket-order/payment/${orderId}`);
    await page.getByRole('heading', { name: t('baskets:payment.pageTitle'), level: 1, exact: true }).waitFor();
    const figures = await basketFigures(page, t('baskets:order.summary'));
    expect(figures).toMatchObject({
      [t('baskets:order.status')]: t('baskets:status.PaymentPending'),
      [t('baskets:order.amount')]: tether(AMOUNT),
    });
    await page
      .getByRole('button', { name: t('baskets:payment.pay', { amount: tether(AMOUNT) }), exact: true })
      .waitFor();
    await page
      .getByText(t('baskets:payment.shortfall', { missing: tether(AMOUNT), available: tether('0') }), { exact: true })
      .waitFor();
    expect(await basketOrderOf(page, orderId)).toMatchObject({ status: 'PaymentPending', outcome: 'payment' });
    expect(await walletOf(page, 'USDT')).toMatchObject({ available: '0', held: '0' });
    await shoot('payable');
    await expectClean(investor);

    for (const tab of [investor, operator]) {
      expect(tab.errors).toEqual([]);
      await tab.context.close();
    }
    console.info(`vip journey: ${Math.round((Date.now() - started) / 1000)} s`);
  }, 240_000);
});
