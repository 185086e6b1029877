import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountTranslator, typeInto } from '../../src/account-steps';
import { signUp } from '../../src/auth-steps';
import { connectBrowser, openTab, seriousA11yViolations, VIEWPORTS } from '../../src/browser';
import { tomanWallet } from '../../src/deposit-steps';
import {
  demoFund,
  depositThroughGateway,
  expectedPurchase,
  figureList,
  figuresOf,
  myFundCard,
  openFundFromList,
  openFundsFromNavigation,
  purchaseOf,
  reachKycLevelOne,
  shownDay,
  shownDecimal,
  shownMoney,
  shownRate,
  tomanWalletCard,
} from '../../src/fund-steps';
import { escapeRegExp, persianDigits } from '../../src/i18n';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, sharedServer, type JourneyServer } from '../../src/server';

/**
 * Buying fund units with the wallet balance (SPEC §2 "Fund purchase"; issue 6; decision 022), on a desktop
 * in Persian. A new investor reaches KYC level one and pays 1,000,000 toman in through the sandbox gateway.
 * From `/funds` they open the demo gold fund and its purchase page: 400,000 toman shows the fee breakdown
 * (the fixed fee, the yearly management fee already in the NAV, today's NAV, the units, their cost, what
 * stays in the wallet and the total charged), each figure as `pricing.ts` computes it. Submitting without
 * the terms ticked is refused with its message; ticked, the confirm dialog repeats the figures and the
 * purchase lands on its success page (the demo publishes today's NAV). "My funds" on `/funds` shows the
 * units, and the wallet is lower by exactly the amount charged, on the page and on the server.
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
const DEPOSIT = '1000000';
const AMOUNT = '400000';

describe('buy fund units with the wallet (fa, desktop)', () => {
  test('fee breakdown, terms, confirm, success; the units in my funds; the wallet lower by exactly the charge', async () => {
    const tab = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
    const { page } = tab;
    screenshotOnFailure(page, 'fund-buy-wallet-fa-desktop');
    // The sandbox gateway's page is the pretend bank's, without an icon: the browser's favicon request is its 404.
    tab.expectHttpError(404, '/favicon.ico');
    await page.goto('/auth');
    await signUp(page, server.baseUrl, t, 'fa', freshMobile());
    await reachKycLevelOne(page, t);
    await depositThroughGateway(page, t, DEPOSIT);
    expect(await tomanWallet(page)).toMatchObject({ available: DEPOSIT, held: '0' });

    // --- from /funds to the gold fund's page, and its «buy» ---
    await page.goto('/');
    await openFundsFromNavigation(page, t);
    const gold = await demoFund(page, 'demo-zarrin-gold');
    await openFundFromList(page, t, 'gold-silver', gold);
    await page
      .getByRole('region', { name: t('funds:overview.title'), exact: true })
      .getByRole('link', { name: t('funds:actions.buy'), exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === `/fund/purchase/${gold.id}`);
    await page
      .getByRole('heading', { name: t('fundOrders:purchase.pageTitle', { fund: gold.name.fa }), level: 1 })
      .waitFor();

    // --- the amount and its fee breakdown, as decision 022 prices it at today's NAV ---
    const want = expectedPurchase(gold, AMOUNT);
    expect(want.navDate).toBe(gold.latestNav!.navDate);
    const wallet = page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(t('fundOrders:method.wallet'))}`) });
    expect(await wallet.isChecked()).toBe(true);
    await page
      .getByText(t('fundOrders:purchase.balance', { balance: shownMoney(t, DEPOSIT) }), { exact: true })
      .waitFor();
    await typeInto(page, t('fundOrders:purchase.amount', { currency: t('currency.IRT') }), persianDigits(AMOUNT));
    const breakdown = figureList(page, t('fundOrders:breakdown.title'));
    await breakdown.getByText(t('fundOrders:breakdown.charged'), { exact: true }).waitFor();
    expect(await figuresOf(breakdown)).toEqual({
      [t('fundOrders:breakdown.amount')]: shownMoney(t, AMOUNT),
      [t('fundOrders:breakdown.fixedFee')]: shownMoney(t, want.fixedFee),
      [t('fundOrders:breakdown.managementFee')]: t('fundOrders:breakdown.perYear', {
        rate: shownRate(gold.fees.managementFeeBps),
      }),
      [t('fundOrders:breakdown.nav', { date: shownDay(want.navDate) })]: shownMoney(t, want.nav),
      [t('fundOrders:breakdown.units')]: t('fundOrders:breakdown.unitsValue', { units: shownDecimal(want.units) }),
      [t('fundOrders:breakdown.cost')]: shownMoney(t, want.cost),
      [t('fundOrders:breakdown.remainder')]: shownMoney(t, want.remainder),
      [t('fundOrders:breakdown.charged')]: shownMoney(t, want.charged),
    });
    await breakdown.scrollIntoViewIfNeeded();
    await screenshot(page, 'fund-buy-breakdown-fa-desktop');
    // The penalty notice: 3 % in the first month, falling to nothing from the sixth.
    const notice = page.getByRole('table', { name: t('fundOrders:earlyExit.tableLabel'), exact: true });
    expect(await notice.getByRole('row').nth(1).textContent()).toContain(shownRate(300));
    expect(await notice.getByRole('row').last().textContent()).toContain(t('fundOrders:earlyExit.none'));

    // --- the terms must be ticked ---
    const submit = page.getByRole('button', { name: t('fundOrders:purchase.submit'), exact: true });
    await submit.click();
    await page.getByText(t('fundOrders:validation.accept'), { exact: true }).waitFor();
    const confirm = page.getByRole('dialog', { name: t('fundOrders:confirm.purchaseTitle'), exact: true });
    expect(await confirm.count()).toBe(0);
    await screenshot(page, 'fund-buy-form-fa-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('checkbox', { name: t('fundOrders:purchase.terms'), exact: true }).check();
    await submit.click();
    await confirm.waitFor();
    expect(await figuresOf(confirm.locator('dl'))).toEqual({
      [t('fundOrders:confirm.fund')]: gold.name.fa,
      [t('fundOrders:breakdown.amount')]: shownMoney(t, AMOUNT),
      [t('fundOrders:confirm.method')]: t('fundOrders:method.wallet'),
      [t('fundOrders:breakdown.fixedFee')]: shownMoney(t, want.fixedFee),
      [t('fundOrders:breakdown.units')]: t('fundOrders:breakdown.unitsValue', { units: shownDecimal(want.units) }),
      [t('fundOrders:breakdown.charged')]: shownMoney(t, want.charged),
    });
    await confirm.getByText(t('fundOrders:confirm.earlyExitReminder'), { exact: true }).waitFor();
    // Issue 20: a new investor has taken no risk test and this fund is above the safe band: the dialog offers the
    // test or the confirmation; the journey confirms.
    await confirm.getByRole('checkbox', { name: t('risk:confirm.check'), exact: true }).check();
    await screenshot(page, 'fund-buy-confirm-fa-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: t('fundOrders:confirm.purchaseSubmit'), exact: true }).click();

    // --- the success page ---
    await page.waitForURL((url) => /^\/fund\/purchase\/payment\/[0-9a-f-]{36}\/success$/.test(url.pathname));
    const purchaseId = page.url().split('/').at(-2)!;
    const outcome = page.getByRole('status').filter({ hasText: t('fundOrders:outcome.success.title') });
    await outcome
      .getByText(
        t('fundOrders:outcome.success.text', {
          units: shownDecimal(want.units),
          fund: gold.name.fa,
          date: shownDay(want.navDate),
        }),
        { exact: true },
      )
      .waitFor();
    const figures = await figuresOf(
      page.getByRole('region', { name: t('fundOrders:outcome.sectionTitle') }).locator('dl'),
    );
    expect(figures).toMatchObject({
      [t('fundOrders:order.status')]: t('fundOrders:order.purchaseState.Successful'),
      [t('fundOrders:order.units')]: t('fundOrders:breakdown.unitsValue', { units: shownDecimal(want.units) }),
      [t('fundOrders:order.charged')]: shownMoney(t, want.charged),
    });
    await screenshot(page, 'fund-buy-success-fa-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The server's record: the units issued, the charge, what stayed in the wallet.
    expect(await purchaseOf(page, purchaseId)).toMatchObject({
      state: 'Successful',
      outcome: 'success',
      method: 'wallet',
      amount: AMOUNT,
      navDate: want.navDate,
      nav: want.nav,
      units: want.units,
      cost: want.cost,
      charged: want.charged,
      remainder: want.remainder,
    });
    const left = (BigInt(DEPOSIT) - BigInt(want.charged)).toString();
    expect(await tomanWallet(page)).toMatchObject({ available: left, held: '0' });

    // --- my funds on /funds: the units and their value ---
    await page.getByRole('link', { name: t('fundOrders:outcome.toFunds'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/funds');
    const mine = myFundCard(page, t, gold.name.fa);
    await mine.waitFor();
    expect(await figuresOf(mine.locator('dl'))).toMatchObject({
      [t('funds:myFunds.units')]: shownDecimal(want.units),
    });
    await page.getByText(t('funds:myFunds.dispersion', { currency: t('currency.IRT') }), { exact: true }).waitFor();
    await screenshot(page, 'fund-my-funds-fa-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // --- the wallet page: lower by exactly the charge ---
    await page.goto('/wallet');
    await expect.poll(() => tomanWalletCard(page, t).textContent()).toContain(shownDecimal(left));
    await page.getByText(t('wallet:refTypes.FundSharePurchase'), { exact: true }).first().waitFor();
    await screenshot(page, 'fund-buy-wallet-after-fa-desktop');

    expect(tab.errors).toEqual([]);
    await tab.context.close();
  }, 180_000);
});
