import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatUnits, parseUnits } from '@portal/contract/funds/pricing';
import { accountTranslator, typeInto } from '../../src/account-steps';
import { signUp } from '../../src/auth-steps';
import { connectBrowser, openTab, seriousA11yViolations, VIEWPORTS } from '../../src/browser';
import { tomanWallet } from '../../src/deposit-steps';
import {
  buyThroughApi,
  demoFund,
  expectedRedemption,
  figureList,
  figuresOf,
  fundWalletQuickly,
  holdingOf,
  reachKycLevelOne,
  redemptionOf,
  shownDay,
  shownDecimal,
  shownMoney,
  shownRate,
  tomanWalletCard,
} from '../../src/fund-steps';
import { persianDigits } from '../../src/i18n';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, sharedServer, type JourneyServer } from '../../src/server';

/**
 * Redeeming part of a fresh lot early (SPEC §2 "Fund redeem", §4; issue 6; decision 022), on a desktop in
 * Persian. An investor bought units of the demo gold fund today (setup through the API; buying through
 * the page is buy-with-wallet.spec.ts). From the fund's page «sell» opens the redemption page: the units
 * held, none of them free yet, and the redemption planner with the lot's early-exit fee today (3 % in the
 * first month) and the day it becomes free. Two units show the breakdown (value at today's NAV, the fixed
 * fee, the performance fee, the 3 % early-exit fee, the proceeds) as `pricing.ts` computes it; the
 * confirm dialog warns of the early-exit fee; the success page shows the proceeds, and the wallet is
 * credited with exactly them, on the page and on the server.
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
const REDEEM = '2';

describe('redeem part of a fresh lot early (fa, desktop)', () => {
  test('the planner and the breakdown show the 3 % early-exit fee; confirmed; the wallet credited with exactly the proceeds', async () => {
    const tab = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
    const { page } = tab;
    screenshotOnFailure(page, 'fund-redeem-early-fa-desktop');
    tab.expectHttpError(404, '/favicon.ico');
    await page.goto('/auth');
    await signUp(page, server.baseUrl, t, 'fa', freshMobile());
    await reachKycLevelOne(page, t);
    await fundWalletQuickly(page, '1000000');
    const gold = await demoFund(page, 'demo-zarrin-gold');
    const bought = await buyThroughApi(page, gold.id, '900000');
    expect(bought).toMatchObject({ state: 'Successful' });
    const before = await tomanWallet(page);
    const holding = await holdingOf(page, gold.id);
    expect(holding).toMatchObject({ units: bought.units, freeUnits: '0' });
    expect(holding.lots).toHaveLength(1);
    const lot = holding.lots[0]!;
    expect(lot).toMatchObject({ isFree: false, earlyExitBpsToday: 300 });

    // --- the fund's page: «sell» ---
    await page.goto(`/fund/${gold.id}`);
    const overview = page.getByRole('region', { name: t('funds:overview.title'), exact: true });
    await overview.getByRole('link', { name: t('funds:actions.redeem'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/fund/redeem/${gold.id}`);
    await page
      .getByRole('heading', { name: t('fundOrders:redeem.pageTitle', { fund: gold.name.fa }), level: 1 })
      .waitFor();

    // What is held: every unit available, none free yet.
    const held = await figuresOf(page.getByRole('region', { name: t('fundOrders:redeem.holdingTitle') }).locator('dl'));
    expect(held).toMatchObject({
      [t('fundOrders:redeem.available')]: shownDecimal(bought.units!),
      [t('fundOrders:redeem.freeUnits')]: shownDecimal('0'),
    });

    // The planner: the lot, its fee today (3 %) and the day it becomes free.
    const planner = page.getByRole('table', { name: t('fundOrders:planner.title'), exact: true });
    const row = planner.getByRole('row').nth(1);
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[1]).toBe(shownDecimal(lot.units));
    expect(cells[2]).toBe(shownMoney(t, lot.nav));
    expect(cells[3]).toBe(
      t('fundOrders:planner.feeValue', { rate: shownRate(300), fee: shownMoney(t, lot.earlyExitFeeToday!) }),
    );
    expect(cells[4]).not.toBe(t('fundOrders:planner.free'));
    expect(await planner.getByRole('row').count()).toBe(2);
    // The «free only» choice has nothing to redeem.
    expect(await page.getByRole('button', { name: t('fundOrders:redeem.freeOnly'), exact: true }).isDisabled()).toBe(
      true,
    );

    // --- two units: the breakdown with the early-exit fee ---
    const want = expectedRedemption(gold, holding, REDEEM);
    expect(want.earlyExitBps).toEqual([300]);
    expect(BigInt(want.earlyExitFee)).toBeGreaterThan(0n);
    await typeInto(page, t('fundOrders:redeem.unitsLabel'), persianDigits(REDEEM));
    const breakdown = figureList(page, t('fundOrders:redeem.breakdownTitle'));
    await breakdown.getByText(shownMoney(t, want.proceeds), { exact: true }).waitFor();
    expect(await figuresOf(breakdown)).toEqual({
      [t('fundOrders:redeem.units')]: t('fundOrders:breakdown.unitsValue', { units: shownDecimal(want.units) }),
      [t('fundOrders:redeem.pricePerShare', { date: shownDay(want.navDate) })]: shownMoney(t, want.nav),
      [t('fundOrders:redeem.value')]: shownMoney(t, want.value),
      [t('fundOrders:redeem.fixedFee')]: shownMoney(t, want.fixedFee),
      [t('fundOrders:redeem.performanceFee')]: shownMoney(t, want.performanceFee),
      [t('fundOrders:redeem.earlyExitFee')]: shownMoney(t, want.earlyExitFee),
      [t('fundOrders:redeem.proceeds')]: shownMoney(t, want.proceeds),
    });
    await breakdown.scrollIntoViewIfNeeded();
    await screenshot(page, 'fund-redeem-early-form-fa-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // --- confirm: the early-exit fee is called out ---
    await page.getByRole('button', { name: t('fundOrders:redeem.submit'), exact: true }).click();
    const confirm = page.getByRole('dialog', { name: t('fundOrders:confirm.redeemTitle'), exact: true });
    await confirm
      .getByText(t('fundOrders:confirm.earlyExitApplies', { fee: shownMoney(t, want.earlyExitFee) }), { exact: true })
      .waitFor();
    expect(await figuresOf(confirm.locator('dl'))).toMatchObject({
      [t('fundOrders:redeem.earlyExitFee')]: shownMoney(t, want.earlyExitFee),
      [t('fundOrders:redeem.proceeds')]: shownMoney(t, want.proceeds),
    });
    await screenshot(page, 'fund-redeem-early-confirm-fa-desktop');
    await confirm.getByRole('button', { name: t('fundOrders:confirm.redeemSubmit'), exact: true }).click();

    // --- the success page: the proceeds ---
    await page.waitForURL((url) => /^\/fund\/redeem\/success\/[0-9a-f-]{36}$/.test(url.pathname));
    const redemptionId = page.url().split('/').at(-1)!;
    await page
      .getByText(
        t('fundOrders:redeemed.success.text', {
          units: shownDecimal(want.units),
          date: shownDay(want.navDate),
          proceeds: shownMoney(t, want.proceeds),
        }),
        { exact: true },
      )
      .waitFor();
    const outcome = await figuresOf(
      page.getByRole('region', { name: t('fundOrders:redeemed.sectionTitle') }).locator('dl'),
    );
    expect(outcome).toMatchObject({
      [t('fundOrders:redeem.earlyExitFee')]: shownMoney(t, want.earlyExitFee),
      [t('fundOrders:redeem.proceeds')]: shownMoney(t, want.proceeds),
      [t('fundOrders:order.status')]: t('fundOrders:order.redemptionState.Successful'),
    });
    await screenshot(page, 'fund-redeem-early-success-fa-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The server: priced with the 3 % fee, the lot lighter by two units, the wallet credited with the proceeds.
    const redemption = await redemptionOf(page, redemptionId);
    expect(redemption).toMatchObject({
      state: 'Successful',
      units: want.units,
      value: want.value,
      earlyExitFee: want.earlyExitFee,
      proceeds: want.proceeds,
    });
    expect(redemption.takes?.map((x) => x.earlyExitBps)).toEqual([300]);
    const credited = (BigInt(before!.available) + BigInt(want.proceeds)).toString();
    expect(await tomanWallet(page)).toMatchObject({ available: credited, held: '0' });
    expect((await holdingOf(page, gold.id)).units).toBe(formatUnits(parseUnits(bought.units!) - parseUnits(REDEEM)));

    // --- the wallet page: the new balance and the redemption in the history ---
    await page.getByRole('link', { name: t('fundOrders:redeemed.toWallet'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/wallet');
    await expect.poll(() => tomanWalletCard(page, t).textContent()).toContain(shownDecimal(credited));
    await page.getByText(t('wallet:refTypes.FundShareRedeem'), { exact: true }).first().waitFor();
    await page
      .getByText(`+${shownMoney(t, want.proceeds)}`, { exact: true })
      .first()
      .waitFor();
    await screenshot(page, 'fund-redeem-early-wallet-fa-desktop');

    expect(tab.errors).toEqual([]);
    await tab.context.close();
  }, 150_000);
});
