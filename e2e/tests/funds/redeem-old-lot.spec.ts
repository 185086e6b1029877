import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FundDetail } from '@portal/contract/funds/catalogue';
import { formatUnits, parseUnits } from '@portal/contract/funds/pricing';
import { accountTranslator, typeInto } from '../../src/account-steps';
import { connectBrowser, openTab, seriousA11yViolations, VIEWPORTS, type Tab } from '../../src/browser';
import { tomanWallet } from '../../src/deposit-steps';
import {
  demoFund,
  expectedRedemption,
  figureList,
  figuresOf,
  holdingOf,
  logInWithCode,
  myFundCard,
  openFundsFromNavigation,
  redemptionOf,
  shownDay,
  shownDecimal,
  shownMoney,
} from '../../src/fund-steps';
import { persianDigits, type Translate } from '../../src/i18n';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { sharedServer, type JourneyServer } from '../../src/server';

/**
 * Redeeming a lot older than six months (SPEC §4: the early-exit fee falls to 0 % after six months; issue
 * 6; decision 022), on a phone in Persian. A lot cannot age in a test: the embedded demo seeds the demo
 * investor (09120000000) with units of the demo gold fund bought seven months ago at that day's NAV
 * (`apps/api/src/seed/demo-holdings.ts`). The demo investor logs in with the code from the dev outbox,
 * sees the units in "my funds" and opens the redemption page: every unit is free, and the planner marks
 * the lot «free» with no fee today. Five units show an early-exit fee of zero, the confirm dialog does not
 * warn of one, the success page shows the proceeds, and they reach the wallet exactly. Then «redeem free
 * shares only» redeems the rest of the lot, again without the fee, and lands on its success page.
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
/** The demo investor the embedded server seeds and prints at start. */
const DEMO_INVESTOR = '09120000000';
const PART = '5';

/** The first sentence of the confirm dialog's early-exit warning (absent when no fee applies). */
const earlyExitWarning = (tr: Translate) => tr('fundOrders:confirm.earlyExitApplies', { fee: '' }).split(':')[0]!;

/** The demo investor's session, kept for the second journey (a second code in a minute is refused). */
let session: Awaited<ReturnType<BrowserContext['cookies']>> = [];
let gold: FundDetail;

/** On the redemption page: confirm what the breakdown shows and land on the success page; answers the redemption's id. */
async function confirmAndLand(tab: Tab, name: string): Promise<string> {
  const { page } = tab;
  await page.getByRole('button', { name: t('fundOrders:redeem.submit'), exact: true }).click();
  const confirm = page.getByRole('dialog', { name: t('fundOrders:confirm.redeemTitle'), exact: true });
  await confirm.getByText(t('fundOrders:confirm.redeemText'), { exact: true }).waitFor();
  expect(await confirm.getByText(earlyExitWarning(t)).count()).toBe(0);
  expect(await figuresOf(confirm.locator('dl'))).toMatchObject({
    [t('fundOrders:redeem.earlyExitFee')]: shownMoney(t, '0'),
  });
  await screenshot(page, `${name}-confirm-fa-phone`);
  await confirm.getByRole('button', { name: t('fundOrders:confirm.redeemSubmit'), exact: true }).click();
  await page.waitForURL((url) => /^\/fund\/redeem\/success\/[0-9a-f-]{36}$/.test(url.pathname));
  return page.url().split('/').at(-1)!;
}

/** The success page of a redemption without the early-exit fee, and the server's record of it. */
async function expectRedeemedWithoutFee(
  tab: Tab,
  redemptionId: string,
  want: ReturnType<typeof expectedRedemption>,
  name: string,
): Promise<void> {
  const { page } = tab;
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
  expect(
    await figuresOf(page.getByRole('region', { name: t('fundOrders:redeemed.sectionTitle') }).locator('dl')),
  ).toMatchObject({
    [t('fundOrders:redeem.units')]: t('fundOrders:breakdown.unitsValue', { units: shownDecimal(want.units) }),
    [t('fundOrders:redeem.earlyExitFee')]: shownMoney(t, '0'),
    [t('fundOrders:redeem.proceeds')]: shownMoney(t, want.proceeds),
    [t('fundOrders:order.status')]: t('fundOrders:order.redemptionState.Successful'),
  });
  await screenshot(page, `${name}-success-fa-phone`);
  expect(await seriousA11yViolations(page)).toEqual([]);
  const redemption = await redemptionOf(page, redemptionId);
  expect(redemption).toMatchObject({
    state: 'Successful',
    units: want.units,
    earlyExitFee: '0',
    proceeds: want.proceeds,
  });
  expect(redemption.takes?.map((x) => x.earlyExitBps)).toEqual([0]);
}

describe('redeem a lot older than six months (fa, phone)', () => {
  test('the demo investor’s seven-month-old lot is free: part redeemed without the early-exit fee; the wallet credited with exactly the proceeds', async () => {
    expect(server.log()).toContain(`Demo investor: ${DEMO_INVESTOR}`);
    const tab = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    const { page } = tab;
    screenshotOnFailure(page, 'fund-redeem-old-lot-fa-phone');
    await logInWithCode(page, server.baseUrl, t, DEMO_INVESTOR);
    session = await tab.context.cookies();

    gold = await demoFund(page, 'demo-zarrin-gold');
    const holding = await holdingOf(page, gold.id);
    expect(holding.lots).toHaveLength(1);
    const lot = holding.lots[0]!;
    // Bought seven months ago: past the six months of the early-exit fee.
    expect(Date.now() - new Date(lot.issuedAt).getTime()).toBeGreaterThan(200 * 86_400_000);
    expect(lot).toMatchObject({ isFree: true, earlyExitBpsToday: 0 });
    expect(holding.freeUnits).toBe(holding.units);
    expect(parseUnits(holding.units)).toBeGreaterThan(parseUnits(PART));
    const before = await tomanWallet(page);

    // --- my funds: the demo holding ---
    await openFundsFromNavigation(page, t);
    const mine = myFundCard(page, t, gold.name.fa);
    await mine.waitFor();
    expect(await figuresOf(mine.locator('dl'))).toMatchObject({
      [t('funds:myFunds.units')]: shownDecimal(holding.units),
    });
    await screenshot(page, 'fund-old-lot-my-funds-fa-phone');

    // --- the fund's page, «sell» ---
    await mine.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/fund/${gold.id}`);
    await page
      .getByRole('region', { name: t('funds:overview.title'), exact: true })
      .getByRole('link', { name: t('funds:actions.redeem'), exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === `/fund/redeem/${gold.id}`);

    // Every unit free; the planner (one card a lot on a phone) marks the lot free, no fee today.
    const held = await figuresOf(page.getByRole('region', { name: t('fundOrders:redeem.holdingTitle') }).locator('dl'));
    expect(held).toMatchObject({
      [t('fundOrders:redeem.available')]: shownDecimal(holding.units),
      [t('fundOrders:redeem.freeUnits')]: shownDecimal(holding.freeUnits),
    });
    const planner = page.getByRole('list', { name: t('fundOrders:planner.title'), exact: true });
    const card = planner.getByRole('listitem');
    expect(await card.count()).toBe(1);
    expect(await figuresOf(card.locator('dl'))).toMatchObject({
      [t('fundOrders:planner.units')]: shownDecimal(lot.units),
      [t('fundOrders:planner.boughtAt')]: shownMoney(t, lot.nav),
      [t('fundOrders:planner.feeToday')]: t('fundOrders:planner.noFee'),
      [t('fundOrders:planner.freeFrom')]: t('fundOrders:planner.free'),
    });
    await planner.scrollIntoViewIfNeeded();
    await screenshot(page, 'fund-old-lot-planner-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // --- five units of the old lot: no early-exit fee ---
    const want = expectedRedemption(gold, holding, PART);
    expect(want.earlyExitBps).toEqual([0]);
    expect(want.earlyExitFee).toBe('0');
    await typeInto(page, t('fundOrders:redeem.unitsLabel'), persianDigits(PART));
    const breakdown = figureList(page, t('fundOrders:redeem.breakdownTitle'));
    await breakdown.getByText(shownMoney(t, want.proceeds), { exact: true }).waitFor();
    expect(await figuresOf(breakdown)).toEqual({
      [t('fundOrders:redeem.units')]: t('fundOrders:breakdown.unitsValue', { units: shownDecimal(want.units) }),
      [t('fundOrders:redeem.pricePerShare', { date: shownDay(want.navDate) })]: shownMoney(t, want.nav),
      [t('fundOrders:redeem.value')]: shownMoney(t, want.value),
      [t('fundOrders:redeem.fixedFee')]: shownMoney(t, want.fixedFee),
      [t('fundOrders:redeem.performanceFee')]: shownMoney(t, want.performanceFee),
      [t('fundOrders:redeem.earlyExitFee')]: shownMoney(t, '0'),
      [t('fundOrders:redeem.proceeds')]: shownMoney(t, want.proceeds),
    });
    await breakdown.scrollIntoViewIfNeeded();
    await screenshot(page, 'fund-old-lot-redeem-fa-phone');

    const redemptionId = await confirmAndLand(tab, 'fund-old-lot');
    await expectRedeemedWithoutFee(tab, redemptionId, want, 'fund-old-lot');
    expect(await tomanWallet(page)).toMatchObject({
      available: (BigInt(before?.available ?? '0') + BigInt(want.proceeds)).toString(),
      held: '0',
    });
    expect((await holdingOf(page, gold.id)).units).toBe(formatUnits(parseUnits(holding.units) - parseUnits(PART)));

    expect(tab.errors).toEqual([]);
    await tab.context.close();
  }, 120_000);

  test('«redeem free shares only» redeems the rest of the old lot without the fee and lands on its success page', async () => {
    expect(session.length, 'the first journey logged the demo investor in').toBeGreaterThan(0);
    const tab = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    const { page } = tab;
    screenshotOnFailure(page, 'fund-redeem-old-lot-free-only-fa-phone');
    await tab.context.addCookies(session);
    const holding = await holdingOf(page, gold.id);
    expect(holding.freeUnits).toBe(holding.units);
    const before = await tomanWallet(page);

    await page.goto(`/fund/redeem/${gold.id}`);
    const want = expectedRedemption(gold, holding, holding.freeUnits);
    expect(want.earlyExitBps).toEqual([0]);
    await page.getByRole('button', { name: t('fundOrders:redeem.freeOnly'), exact: true }).click();
    await page.getByText(t('fundOrders:redeem.freeOnlyHint'), { exact: true }).waitFor();
    const breakdown = figureList(page, t('fundOrders:redeem.breakdownTitle'));
    await breakdown.getByText(shownMoney(t, want.proceeds), { exact: true }).waitFor();
    expect(await figuresOf(breakdown)).toMatchObject({
      [t('fundOrders:redeem.units')]: t('fundOrders:breakdown.unitsValue', { units: shownDecimal(want.units) }),
      [t('fundOrders:redeem.earlyExitFee')]: shownMoney(t, '0'),
      [t('fundOrders:redeem.proceeds')]: shownMoney(t, want.proceeds),
    });

    const redemptionId = await confirmAndLand(tab, 'fund-old-lot-free-only');
    await expectRedeemedWithoutFee(tab, redemptionId, want, 'fund-old-lot-free-only');
    expect(await tomanWallet(page)).toMatchObject({
      available: (BigInt(before?.available ?? '0') + BigInt(want.proceeds)).toString(),
      held: '0',
    });
    expect(await holdingOf(page, gold.id)).toMatchObject({ units: '0', totalUnits: '0' });

    expect(tab.errors).toEqual([]);
    await tab.context.close();
  }, 90_000);
});
