import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PortfolioHistory, PortfolioState } from '@portal/contract/account/portfolio';
import { UNIT, parseUnits } from '@portal/contract/funds/pricing';
import { accountTranslator } from '../../src/account-steps';
import { signUp } from '../../src/auth-steps';
import { connectBrowser, openTab, seriousA11yViolations, VIEWPORTS } from '../../src/browser';
import { tomanWallet } from '../../src/deposit-steps';
import {
  buyThroughApi,
  demoFund,
  figureList,
  figuresOf,
  fundWalletQuickly,
  holdingOf,
  reachKycLevelOne,
  shownDecimal,
} from '../../src/fund-steps';
import { persianDigits } from '../../src/i18n';
import { ARTIFACTS_DIR, screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, sharedServer, type JourneyServer } from '../../src/server';

/**
 * The investor's home tells the truth (issue 19; SPEC §2 Dashboard, route `/transaction`), in Persian. A new
 * investor on a phone deposits 1,000,000 toman and buys 900,000 toman of the demo gold fund. The dashboard's
 * total equals what the ledger and the NAV say by hand (the wallet's toman plus the units at today's NAV),
 * the all-time profit is the change in value less the money deposited (the purchase's fee, a loss; the
 * deposit is no gain), the fund is in "my assets" with its share, the tether toggle values it in tether,
 * and the 7-day tab shows the week's profit. On a desktop, `/transaction` filtered to fund purchases lists
 * exactly the purchase, whose details show its fee and fund; a PDF statement of this month is downloaded,
 * its first page rendered to an image, and its text carries the investor's name and closing balance.
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
const BUY = '900000';
const FIRST = 'مریم';
const LAST = 'رضایی';

/** Half-even division, as the portfolio rounds each figure once when it answers (decision 041). */
function divHalfEven(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (2n * r > d || (2n * r === d && q % 2n === 1n)) return q + 1n;
  return q;
}

/**
 * The dashboard valued in toman (tether is the default of a new browser): «toman» pressed until the
 * page has taken over the server's first screen and the toggle holds it.
 */
async function valueInToman(page: Page): Promise<void> {
  const toman = page.getByRole('button', { name: t('currency.IRT'), exact: true });
  await expect
    .poll(async () => {
      if ((await toman.getAttribute('aria-pressed')) !== 'true') await toman.click();
      return toman.getAttribute('aria-pressed');
    })
    .toBe('true');
}

/** The Persian digits of a toman amount's integer part, grouped: what any display of it contains. */
const grouped = (amount: string) => shownDecimal(amount.replace(/^-/, ''));

describe('the investor’s home (fa)', () => {
  test('dashboard figures equal the hand computation; 7-day tab; /transaction filtered; a PDF statement', async () => {
    // --- on a phone: a new investor with a deposit and a purchase of the gold fund ---
    const phone = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    const { page } = phone;
    screenshotOnFailure(page, 'home-fa-phone');
    await page.goto('/auth');
    await signUp(page, server.baseUrl, t, 'fa', freshMobile());
    await reachKycLevelOne(page, t);
    const named = await page.request.patch('/api/account/profile', { data: { firstName: FIRST, lastName: LAST } });
    expect(named.status()).toBe(200);
    await fundWalletQuickly(page, DEPOSIT);
    const gold = await demoFund(page, 'demo-zarrin-gold');
    const bought = await buyThroughApi(page, gold.id, BUY);
    expect(bought).toMatchObject({ state: 'Successful' });

    // --- the hand computation: the wallet's toman and the units at the latest NAV ---
    const wallet = await tomanWallet(page);
    const holding = await holdingOf(page, gold.id);
    const nav = BigInt(holding.latestNav!.nav);
    const goldValue = divHalfEven(parseUnits(holding.totalUnits) * nav, UNIT);
    const walletTotal = BigInt(wallet!.available) + BigInt(wallet!.held);
    const total = walletTotal + goldValue;
    const fee = BigInt(DEPOSIT) - total; // what the purchase cost beyond the units: its fee and rounding

    const stateRes = await page.request.get('/api/account/portfolio/state?currency=IRT');
    expect(stateRes.status()).toBe(200);
    const state = (await stateRes.json()) as PortfolioState;
    expect(state.isEmptyState).toBe(false);
    expect(state.total).toBe(total.toString());
    const goldHolding = state.holdings.find((h) => h.fundId === gold.id)!;
    expect(goldHolding).toMatchObject({ kind: 'metals', value: goldValue.toString(), nav: nav.toString() });
    // All time: the value less the money deposited. The deposit is no gain; the fee is a loss.
    const all = state.pnl.find((p) => p.window === 'all')!;
    expect(all).toMatchObject({ netFlow: DEPOSIT, profit: (-fee).toString() });
    expect(fee).toBeGreaterThanOrEqual(0n);

    // --- the dashboard shows those figures ---
    await page.goto('/');
    const total$ = page.getByTestId('assets-total');
    await valueInToman(page);
    await total$.getByText(grouped(total.toString()), { exact: false }).waitFor();
    const assets = page.getByRole('list', { name: t('dashboard.holdings.title'), exact: true });
    await assets.scrollIntoViewIfNeeded();
    // The fund's name (a demo fund's «(demo)» mark may give way to its badge).
    const goldName = gold.name.fa.replace(/\s*\([^)]*\)$/, '');
    await assets.getByText(goldName, { exact: false }).first().waitFor();
    // Metals and the wallet are held: no empty-state card for them; funds and baskets still invite.
    const fundsCard = page.getByRole('article', { name: t('dashboard.kinds.funds.title'), exact: true });
    // Below the first screen, the cards come as the page scrolls to them.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollBy(0, 600));
        return fundsCard.count();
      })
      .toBe(1);
    expect(await page.getByRole('article', { name: t('dashboard.kinds.metals.title'), exact: true }).count()).toBe(0);
    const pnl = page.getByRole('region', { name: t('dashboard.pnl.title'), exact: true });
    await pnl.getByText(grouped(fee.toString()), { exact: false }).first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'home-dashboard-fa-phone');

    // In tether: the same holdings at the tether price's mid.
    await page.getByRole('button', { name: t('currency.USDT'), exact: true }).click();
    const usdt = (await (
      await page.request.get('/api/account/portfolio/state?currency=USDT')
    ).json()) as PortfolioState;
    expect(usdt.tetherPrice).not.toBeNull();
    const mid = Number(usdt.tetherPrice!.mid);
    expect(Math.abs(Number(usdt.total) - Number(total) / mid)).toBeLessThan(0.01);
    await total$.getByText(t('currency.USDT'), { exact: false }).waitFor();

    // The 7-day tab: the week's profit, day by day.
    await page.getByRole('button', { name: t('currency.IRT'), exact: true }).click();
    await total$.getByText(grouped(total.toString()), { exact: false }).waitFor();
    await page.getByRole('tab', { name: t('dashboard.assets.pnlTab'), exact: true }).click();
    const week = (await (
      await page.request.get('/api/account/portfolio/history?currency=IRT&days=7')
    ).json()) as PortfolioHistory;
    expect(week.days).toHaveLength(7);
    expect(week.profit).toBe((-fee).toString());
    await page.getByTestId('assets-pnl').getByText(grouped(week.profit), { exact: false }).waitFor();
    // The chart of value and profit per day is drawn (uPlot's canvas), and the days are listed.
    await page.locator('.uplot canvas').first().waitFor();
    const daysTable = page.getByRole('table', { name: t('dashboard.assets.daysTable'), exact: true });
    await daysTable.waitFor();
    expect(await daysTable.getByRole('row').count()).toBe(week.days.length + 1);
    await screenshot(page, 'home-7-day-fa-phone');

    // --- on a desktop, the same session: every movement, filtered ---
    const desktop = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
    screenshotOnFailure(desktop.page, 'home-fa-desktop');
    await desktop.context.addCookies(await phone.context.cookies());
    const d = desktop.page;
    await d.goto('/');
    await valueInToman(d);
    await d.getByTestId('assets-total').getByText(grouped(total.toString()), { exact: false }).waitFor();
    await screenshot(d, 'home-dashboard-fa-desktop');

    await d.goto('/transaction');
    await d.getByRole('heading', { name: t('wallet:transactions.pageTitle'), level: 1 }).waitFor();
    await d.getByLabel(t('wallet:transactions.refType'), { exact: true }).selectOption('FundSharePurchase');
    await d.waitForURL((url) => url.searchParams.get('refType') === 'FundSharePurchase');
    const listed = (await (await d.request.get('/api/transactions?refType=FundSharePurchase')).json()) as {
      total: number;
      items: { id: string; amount: string }[];
    };
    expect(listed.total).toBeGreaterThan(0);
    const list = d.getByRole('list', { name: t('wallet:transactions.listTitle'), exact: true });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(listed.total);
    await list.getByRole('listitem').first().click();
    const details = d.getByRole('dialog', { name: t('wallet:details.title'), exact: true });
    await details.waitFor();
    const belongs = await figuresOf(figureList(details, t('wallet:details.belongsTo')));
    expect(belongs[t('wallet:details.fund')]).toContain(goldName);
    expect(await details.getByRole('link', { name: t('wallet:details.receipt') }).count()).toBeGreaterThan(0);
    await screenshot(d, 'home-transaction-details-fa-desktop');
    await details
      .getByRole('button', { name: t('wallet:details.close') })
      .first()
      .click();

    // --- a PDF statement of this month ---
    await d.goto('/statements');
    await d.getByRole('button', { name: t('wallet:statements.statementButton'), exact: true }).click();
    const dialog = d.getByRole('dialog', { name: t('wallet:statements.statementTitle'), exact: true });
    const downloading = d.waitForEvent('download');
    await dialog.getByRole('button', { name: t('wallet:statements.download'), exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.pdf$/);
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const pdf = path.join(ARTIFACTS_DIR, 'home-statement-fa.pdf');
    await download.saveAs(pdf);

    // Its first page as an image (looked at by people; kept with the screenshots), and its text.
    const png = path.join(ARTIFACTS_DIR, 'home-statement-fa-page');
    execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile', pdf, png]);
    expect(existsSync(`${png}.png`)).toBe(true);
    const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain(FIRST);
    expect(text).toContain(LAST);
    expect(text).toContain(persianDigits(walletTotal.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '٬')));
  });
});
