import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountTranslator, typeInto } from '../../src/account-steps';
import { signUp } from '../../src/auth-steps';
import { cardNumber, shownCardMask, submitBankAccount } from '../../src/bank-steps';
import { connectBrowser, openTab, seriousA11yViolations, VIEWPORTS } from '../../src/browser';
import { shownToman, tomanWallet } from '../../src/deposit-steps';
import { persianDigits } from '../../src/i18n';
import { chooseTrack, submitIdentity, validNationalCode } from '../../src/kyc-steps';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, sharedServer, type JourneyServer } from '../../src/server';

/**
 * The toman deposit through the bank gateway (SPEC §2 "Deposit", §3 wallet increase status; issue 5),
 * on a phone in Persian. An investor at KYC level one with a card of their own opens `/wallet/deposit`,
 * is refused an amount below the minimum, fills the maximum, then types 250,000 toman in Persian digits
 * and pays at the embedded sandbox gateway (which shows the chosen card, masked). Back on the return
 * page the deposit is successful with the amount credited; reloading the return page verifies again and
 * credits nothing more. The wallet shows the balance and the history row. A second payment cancelled at
 * the gateway shows failed and changes nothing. Each screen is scanned with axe and photographed.
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

describe('gateway deposit (fa, phone)', { timeout: 180_000 }, () => {
  test('pay at the sandbox gateway, the wallet credited once however often the return page loads; a cancelled payment fails', async () => {
    const tab = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    const { page } = tab;
    screenshotOnFailure(page, 'gateway-deposit-fa-phone');
    await page.goto('/auth');
    await signUp(page, server.baseUrl, t, 'fa', freshMobile());
    await chooseTrack(page, t, 'iranian');
    await submitIdentity(page, t, 'fa', validNationalCode(), { year: '1369', month: 2, day: '20' });
    await page.getByText(t('kyc:summary.done'), { exact: true }).waitFor();
    const card = cardNumber('mellat');
    await page.goto('/profile/add-bank-account');
    await submitBankAccount(page, t, 'fa', 'card', card);
    await page.waitForURL((url) => url.pathname === '/profile/bank-accounts');

    // --- the deposit page: the gateway tab, the user's card, the amount's limits ---
    await page.goto('/wallet/deposit');
    await page.getByRole('heading', { name: t('deposit:pageTitle'), level: 1, exact: true }).waitFor();
    const cardChoice = page.getByRole('radio', { name: new RegExp(t('bank:banks.mellat')) });
    expect(await cardChoice.isChecked()).toBe(true);
    await page.getByText(`\u2066${shownCardMask(card, 'fa')}\u2069`, { exact: true }).waitFor();
    const amount = page.getByLabel(t('deposit:gateway.amount'), { exact: true });
    await typeInto(page, t('deposit:gateway.amount'), persianDigits('5000'));
    await amount.blur();
    await page.getByText(t('validation.amountMin', { min: persianDigits('10٬000') }), { exact: true }).waitFor();
    await page.getByRole('button', { name: t('deposit:gateway.max'), exact: true }).click();
    expect(await amount.inputValue()).toBe(persianDigits('25٬000٬000'));
    await typeInto(page, t('deposit:gateway.amount'), persianDigits('250000'));
    expect(await amount.inputValue()).toBe(persianDigits('250٬000'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'gateway-deposit-form-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // --- the sandbox gateway: the chosen card, masked; pay ---
    await page.getByRole('button', { name: t('deposit:gateway.submit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox-gateway/'));
    await page.getByText(`${card.slice(0, 6)}******${card.slice(-4)}`, { exact: true }).waitFor();
    await screenshot(page, 'gateway-deposit-sandbox-fa-phone');
    await page.getByRole('button', { name: 'پرداخت', exact: true }).click();

    // --- back on the return page: successful, the amount credited ---
    await page.waitForURL((url) => url.pathname === '/wallet/deposit' && url.searchParams.get('Status') === 'OK');
    await page.getByRole('heading', { name: t('deposit:return.success.title'), exact: true }).waitFor();
    const credited = t('deposit:return.success.text', { credited: shownToman(t, '250000') });
    await page.getByText(credited, { exact: true }).waitFor();
    await screenshot(page, 'gateway-deposit-success-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await tomanWallet(page)).toMatchObject({ available: '250000' });

    // A reload of the return page asks the server again: the same outcome, no second credit.
    await page.reload();
    await page.getByRole('heading', { name: t('deposit:return.success.title'), exact: true }).waitFor();
    await page.getByText(credited, { exact: true }).waitFor();
    expect(await tomanWallet(page)).toMatchObject({ available: '250000' });

    // --- the wallet: the balance and the history row ---
    await page.getByRole('link', { name: t('deposit:return.toWallet'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/wallet');
    const history = page.getByRole('list', { name: new RegExp(t('currency.IRT')) });
    const row = history.getByRole('listitem').filter({ hasText: t('wallet:refTypes.Payment') });
    await row.waitFor();
    expect(await row.textContent()).toContain(persianDigits('250٬000'));
    expect(await history.getByRole('listitem').count()).toBe(1);
    await page.getByText(shownToman(t, '250000')).first().waitFor();
    await screenshot(page, 'gateway-deposit-wallet-fa-phone');

    // --- a payment cancelled at the gateway: failed, nothing credited ---
    await page.goto('/wallet/deposit');
    await typeInto(page, t('deposit:gateway.amount'), persianDigits('50000'));
    await page.getByRole('button', { name: t('deposit:gateway.submit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox-gateway/'));
    await page.getByRole('button', { name: 'انصراف', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/wallet/deposit' && url.searchParams.get('Status') === 'NOK');
    await page.getByRole('heading', { name: t('deposit:return.failed.title'), exact: true }).waitFor();
    expect(await page.getByText(t('deposit:return.credited'), { exact: true }).count()).toBe(0);
    await screenshot(page, 'gateway-deposit-failed-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await tomanWallet(page)).toMatchObject({ available: '250000' });
    await page.getByRole('link', { name: t('deposit:return.tryAgain'), exact: true }).click();
    await page.getByRole('tab', { name: t('deposit:tabs.gateway'), selected: true }).waitFor();

    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });
});
