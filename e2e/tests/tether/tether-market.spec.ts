import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountTranslator, typeInto } from '../../src/account-steps';
import { signUp } from '../../src/auth-steps';
import { connectBrowser, gotoLive, openTab, seriousA11yViolations, VIEWPORTS } from '../../src/browser';
import { shownToman } from '../../src/deposit-steps';
import { demoFund, figuresOf, fundWalletQuickly, purchaseOf, reachKycLevelOne } from '../../src/fund-steps';
import { persianDigits } from '../../src/i18n';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, sharedServer, type JourneyServer } from '../../src/server';

/**
 * The tether market (issue 17 "Done when"), in Persian: a new investor at KYC level one with 3,000,000
 * toman buys tether with 2,000,000 toman on `/tether-trading` at a phone's size (the quote's figures and
 * countdown, confirm, the result), converts a quarter of it back to toman from the wallet's modal, then at a
 * desktop's size buys units of the demo crypto fund (priced in tether) with that tether. Each step is checked
 * on the page and against the server: the wallets, the trades, the history's exchange entries and the
 * purchase.
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
const DEPOSIT = '3000000';
const BUY = '2000000';

interface Wallet {
  currency: string;
  available: string;
  held: string;
}
async function wallets(page: Page): Promise<Record<string, Wallet>> {
  const { items } = (await (await page.request.get('/api/wallets')).json()) as { items: Wallet[] };
  return Object.fromEntries(items.map((w) => [w.currency, w]));
}
async function trades(page: Page) {
  return (await (await page.request.get('/api/tether/trades')).json()) as {
    total: number;
    items: { side: string; fiat: string; fiatAmount: string; usdtAmount: string; fee: string }[];
  };
}
const minor = (decimal: string) => {
  const [i, f = ''] = decimal.split('.');
  return BigInt(i! + f.padEnd(6, '0'));
};
const decimal6 = (m: bigint) => {
  const s = m.toString().padStart(7, '0');
  return `${s.slice(0, -6)}.${s.slice(-6)}`.replace(/\.?0+$/, '');
};

/**
 * Confirms the quote shown in `dialog` (the trading page's own, or the wallet's conversion modal) and waits for
 * the result; answers the figures the quote showed.
 */
async function confirmQuote(page: Page, dialog: Locator, side: 'buy' | 'sell'): Promise<Record<string, string>> {
  await dialog.waitFor();
  await dialog.getByRole('timer').waitFor();
  const figures = await figuresOf(dialog.locator('dl'));
  await dialog.getByRole('button', { name: t('tether:quote.confirm'), exact: true }).click();
  await page.getByText(t(`tether:done.title.${side}`), { exact: true }).waitFor();
  return figures;
}

function tetherCard(page: Page): Locator {
  return page.getByRole('link', { name: new RegExp(`^${t('currency.USDT')}:`) });
}

describe('tether market (fa): buy, convert back, buy a crypto fund with it', () => {
  test('phone: buy on the trading page and convert from the wallet; desktop: a crypto fund paid in tether', async () => {
    const tab = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    const { page } = tab;
    screenshotOnFailure(page, 'tether-market-fa');
    // The sandbox gateway's page is the pretend bank's, without an icon: the browser's favicon request is its 404.
    tab.expectHttpError(404, '/favicon.ico');
    await page.goto('/auth');
    await signUp(page, server.baseUrl, t, 'fa', freshMobile());
    await reachKycLevelOne(page, t);
    await fundWalletQuickly(page, DEPOSIT);

    // --- the trading page, from the navigation ---
    await gotoLive(page, '/');
    await page
      .getByRole('navigation', { name: t('nav.label'), exact: true })
      .getByRole('link', { name: t('nav.tetherTrading'), exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/tether-trading');
    await page.getByRole('heading', { name: t('tether:page.title'), level: 1, exact: true }).waitFor();
    await page.getByText(t('tether:price.demo'), { exact: true }).first().waitFor();
    expect(await page.getByRole('tab', { name: t('tether:tabs.buy'), exact: true }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const form = page.getByRole('form', { name: t('tether:form.label.buy'), exact: true });
    await typeInto(page, t('tether:form.amount.buy.pay', { currency: t('currency.IRT') }), persianDigits(BUY));
    await form.getByText(t('tether:form.estimate.receive'), { exact: true }).waitFor();
    await screenshot(page, 'tether-trading-form-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole('button', { name: t('tether:form.submit.buy'), exact: true }).click();
    const bought = await confirmQuote(
      page,
      page.getByRole('dialog', { name: t('tether:quote.title.buy'), exact: true }),
      'buy',
    );
    expect(bought[t('tether:quote.pay.buy')]).toContain(shownToman(t, BUY).split(' ')[0]!);
    await screenshot(page, 'tether-trading-done-fa-phone');

    // The server: one trade of exactly what the quote said; the wallets moved by it.
    const afterBuy = await trades(page);
    expect(afterBuy.total).toBe(1);
    const buy = afterBuy.items[0]!;
    expect(buy).toMatchObject({ side: 'buy', fiat: 'IRT', fiatAmount: BUY });
    let w = await wallets(page);
    expect(w.IRT).toMatchObject({ available: String(BigInt(DEPOSIT) - BigInt(BUY)), held: '0' });
    expect(w.USDT!.available).toBe(buy.usdtAmount);

    // --- the wallet: the tether card beside the toman one, and its conversion modal ---
    await page.goto('/wallet');
    await tetherCard(page).waitFor();
    await page.getByRole('button', { name: t('wallet:wallet.convertOf.USDT'), exact: true }).click();
    const modal = page.getByRole('dialog', { name: t('tether:convert.title.USDT'), exact: true });
    await modal.waitFor();
    await modal.getByRole('button', { name: new RegExp(persianDigits('25')) }).click();
    const typed = await modal.getByLabel(t('tether:convert.amount.sell'), { exact: true }).inputValue();
    expect(typed).not.toBe('');
    await screenshot(page, 'tether-convert-fa-phone');
    await modal.getByRole('button', { name: t('tether:convert.submit'), exact: true }).click();
    await confirmQuote(page, modal, 'sell');
    const afterSell = await trades(page);
    expect(afterSell.total).toBe(2);
    const sell = afterSell.items[0]!;
    expect(sell.side).toBe('sell');
    // A quarter of the tether, to the minor unit the modal rounds to.
    expect(minor(sell.usdtAmount) * 4n <= minor(buy.usdtAmount)).toBe(true);
    w = await wallets(page);
    const usdtLeft = minor(buy.usdtAmount) - minor(sell.usdtAmount);
    expect(w.USDT!.available).toBe(decimal6(usdtLeft));
    expect(w.IRT!.available).toBe(String(BigInt(DEPOSIT) - BigInt(BUY) + BigInt(sell.fiatAmount)));
    // The history: both trades are exchange entries of the tether wallet.
    const history = (await (
      await page.request.get('/api/transactions?refType=ExchangeTransaction&currency=USDT')
    ).json()) as {
      total: number;
    };
    expect(history.total).toBe(2);

    // --- desktop: the demo crypto fund, bought with the tether ---
    await page.setViewportSize(VIEWPORTS.desktop);
    const fund = await demoFund(page, 'demo-faraz-index');
    expect(fund.currency).toBe('USDT');
    const spend = '12';
    expect(usdtLeft > minor(spend)).toBe(true);
    await page.goto(`/fund/purchase/${fund.id}`);
    await page
      .getByRole('heading', { name: t('fundOrders:purchase.pageTitle', { fund: fund.name.fa }), level: 1 })
      .waitFor();
    await typeInto(page, t('fundOrders:purchase.amount', { currency: t('currency.USDT') }), persianDigits(spend));
    await page.getByRole('checkbox', { name: t('fundOrders:purchase.terms'), exact: true }).check();
    await page.getByRole('button', { name: t('fundOrders:purchase.submit'), exact: true }).click();
    const confirm = page.getByRole('dialog', { name: t('fundOrders:confirm.purchaseTitle'), exact: true });
    // Issue 20: a new investor has taken no risk test and this fund is above the safe band: the dialog offers the
    // test or the confirmation; the journey confirms.
    await confirm.getByRole('checkbox', { name: t('risk:confirm.check'), exact: true }).check();
    await confirm.getByRole('button', { name: t('fundOrders:confirm.purchaseSubmit'), exact: true }).click();
    await page.waitForURL((url) => /^\/fund\/purchase\/payment\/[0-9a-f-]{36}\/success$/.test(url.pathname));
    await screenshot(page, 'tether-fund-bought-fa-desktop');
    const purchaseId = page.url().split('/').at(-2)!;
    const purchase = await purchaseOf(page, purchaseId);
    expect(purchase).toMatchObject({ state: 'Successful', method: 'wallet' });
    w = await wallets(page);
    expect(minor(w.USDT!.available)).toBe(usdtLeft - minor(purchase.charged!));

    // --- the trading page at a desktop's size: the tether balance the fund left ---
    await page.goto('/tether-trading');
    await page.getByRole('tab', { name: t('tether:tabs.sell'), exact: true }).click();
    await page.getByRole('form', { name: t('tether:form.label.sell'), exact: true }).waitFor();
    await screenshot(page, 'tether-trading-sell-fa-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    expect(tab.errors).toEqual([]);
    await tab.context.close();
  }, 180_000);
});
