import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountTranslator, typeInto } from '../../src/account-steps';
import { signUp } from '../../src/auth-steps';
import { connectBrowser, gotoLive, openTab, seriousA11yViolations, VIEWPORTS } from '../../src/browser';
import { tomanWallet } from '../../src/deposit-steps';
import {
  demoFund,
  expectedPurchase,
  figuresOf,
  holdingOf,
  myFundCard,
  purchaseOf,
  reachKycLevelOne,
  shownDay,
  shownDecimal,
  shownMoney,
} from '../../src/fund-steps';
import { escapeRegExp, persianDigits } from '../../src/i18n';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, sharedServer, type JourneyServer } from '../../src/server';

/**
 * Buying fund units by card through the payment gateway (SPEC §2 "Fund purchase"; issue 6), on a phone in
 * Persian. An investor at KYC level one with an empty wallet opens the demo fixed-income fund's purchase
 * page, types 250,000 toman, chooses the card, ticks the terms and confirms: the browser goes to the
 * sandbox gateway, where they pay. Back on the payment page the portal verifies the payment and moves on
 * to the success page with the units issued at today's NAV; the server's record has the gateway's
 * reference, the wallet holds only the remainder of the payment, and "my funds" shows the units.
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
const AMOUNT = '250000';

describe('buy fund units by card through the sandbox gateway (fa, phone)', () => {
  test('card chosen, paid at the gateway, verified on return, success; units in my funds', async () => {
    const tab = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    const { page } = tab;
    screenshotOnFailure(page, 'fund-buy-card-fa-phone');
    // The sandbox gateway's page is the pretend bank's, without an icon: the browser's favicon request is its 404.
    tab.expectHttpError(404, '/favicon.ico');
    await page.goto('/auth');
    await signUp(page, server.baseUrl, t, 'fa', freshMobile());
    await reachKycLevelOne(page, t);
    expect((await tomanWallet(page))?.available ?? '0').toBe('0');

    // --- the fund's page, its «buy», the purchase form ---
    const fund = await demoFund(page, 'demo-asayesh-staking');
    await gotoLive(page, `/fund/${fund.id}`);
    await page
      .getByRole('region', { name: t('funds:overview.title'), exact: true })
      .getByRole('link', { name: t('funds:actions.buy'), exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === `/fund/purchase/${fund.id}`);
    const want = expectedPurchase(fund, AMOUNT);
    await typeInto(page, t('fundOrders:purchase.amount', { currency: t('currency.IRT') }), persianDigits(AMOUNT));
    await page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(t('fundOrders:method.card'))}`) }).check();
    await page.getByText(t('fundOrders:purchase.cardHint'), { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: t('fundOrders:purchase.terms'), exact: true }).check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'fund-buy-card-form-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // --- confirm: paid by card at the gateway ---
    await page.getByRole('button', { name: t('fundOrders:purchase.submitCard'), exact: true }).click();
    const confirm = page.getByRole('dialog', { name: t('fundOrders:confirm.purchaseTitle'), exact: true });
    await confirm.getByText(t('fundOrders:confirm.cardText'), { exact: true }).waitFor();
    expect(await figuresOf(confirm.locator('dl'))).toMatchObject({
      [t('fundOrders:breakdown.amount')]: shownMoney(t, AMOUNT),
      [t('fundOrders:confirm.method')]: t('fundOrders:method.card'),
      [t('fundOrders:breakdown.charged')]: shownMoney(t, want.charged),
    });
    await screenshot(page, 'fund-buy-card-confirm-fa-phone');
    await confirm.getByRole('button', { name: t('fundOrders:confirm.toGateway'), exact: true }).click();

    // --- the sandbox gateway: pay ---
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox-gateway/'));
    await page.getByRole('heading', { name: 'درگاه پرداخت آزمایشی', exact: true }).waitFor();
    await screenshot(page, 'fund-buy-card-gateway-fa-phone');
    await page.getByRole('button', { name: 'پرداخت', exact: true }).click();

    // --- back: verified, and on to the success page ---
    await page.waitForURL((url) => /^\/fund\/purchase\/payment\/[0-9a-f-]{36}\/success$/.test(url.pathname));
    const purchaseId = page.url().split('/').at(-2)!;
    await page
      .getByText(
        t('fundOrders:outcome.success.text', {
          units: shownDecimal(want.units),
          fund: fund.name.fa,
          date: shownDay(want.navDate),
        }),
        { exact: true },
      )
      .waitFor();
    const figures = await figuresOf(
      page.getByRole('region', { name: t('fundOrders:outcome.sectionTitle') }).locator('dl'),
    );
    const purchase = await purchaseOf(page, purchaseId);
    expect(purchase).toMatchObject({
      method: 'card',
      state: 'Successful',
      outcome: 'success',
      amount: AMOUNT,
      units: want.units,
      charged: want.charged,
      remainder: want.remainder,
    });
    expect(purchase.paymentReference).toMatch(/\S/);
    expect(figures).toMatchObject({
      [t('fundOrders:confirm.method')]: t('fundOrders:method.card'),
      [t('fundOrders:order.status')]: t('fundOrders:order.purchaseState.Successful'),
      [t('fundOrders:order.units')]: t('fundOrders:breakdown.unitsValue', { units: shownDecimal(want.units) }),
      [t('fundOrders:order.charged')]: shownMoney(t, want.charged),
      [t('fundOrders:order.reference')]: persianDigits(purchase.paymentReference!),
    });
    await screenshot(page, 'fund-buy-card-success-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The payment went into the wallet and on into the units: only the remainder stays; the units are held.
    expect(await tomanWallet(page)).toMatchObject({ available: want.remainder, held: '0' });
    expect(await holdingOf(page, fund.id)).toMatchObject({ units: want.units, totalUnits: want.units });

    // --- my funds ---
    await page.getByRole('link', { name: t('fundOrders:outcome.toFunds'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/funds');
    const mine = myFundCard(page, t, fund.name.fa);
    await mine.waitFor();
    expect(await figuresOf(mine.locator('dl'))).toMatchObject({ [t('funds:myFunds.units')]: shownDecimal(want.units) });
    await screenshot(page, 'fund-buy-card-my-funds-fa-phone');

    expect(tab.errors).toEqual([]);
    await tab.context.close();
  }, 150_000);
});
