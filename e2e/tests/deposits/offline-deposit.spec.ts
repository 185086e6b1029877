import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountTranslator, typeInto } from '../../src/account-steps';
import { signUp } from '../../src/auth-steps';
import { connectBrowser, openTab, seriousA11yViolations, VIEWPORTS } from '../../src/browser';
import { fillDepositDate, persianDateInIran, shownToman, tomanWallet } from '../../src/deposit-steps';
import { persianDigits } from '../../src/i18n';
import { chooseTrack, logInAsOperator, submitIdentity, validNationalCode } from '../../src/kyc-steps';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, sharedServer, type JourneyServer } from '../../src/server';

/**
 * The offline toman deposit (SPEC §2 "Deposit", §5, §9; decision 018) and the requests list (SPEC §2
 * "/user-requests"), on a desktop in Persian. An investor at KYC level one opens the offline tab, sees
 * the portal's accounts with their numbers, is refused an amount below 1,000,000 toman and a date after
 * today (in the Persian calendar), then declares 1,500,000 toman with its receipt number and a photo of
 * the receipt uploaded from the page; the fee (4,000) and what the wallet will get are shown, and the
 * page says the request is under review for up to 48 hours. `/user-requests` shows it pending. The demo
 * operator approves it in the console's offline-deposit review page; the list then shows it successful
 * and the wallet holds 1,496,000 toman. Each screen is scanned with axe and photographed.
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

describe('offline deposit (fa, desktop)', { timeout: 180_000 }, () => {
  test('declared with its receipt photo, pending in the requests list, approved by an operator', async () => {
    const investor = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
    const { page } = investor;
    screenshotOnFailure(page, 'offline-deposit-fa-desktop');
    await page.goto('/auth');
    await signUp(page, server.baseUrl, t, 'fa', freshMobile());
    await chooseTrack(page, t, 'iranian');
    await submitIdentity(page, t, 'fa', validNationalCode(), { year: '1365', month: 8, day: '3' });
    await page.getByText(t('kyc:summary.done'), { exact: true }).waitFor();
    // A receipt photo (a PNG of the page as it is).
    const receipt = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 480, height: 360 } });

    // --- no requests yet ---
    await page.goto('/user-requests');
    await page.getByText(t('requests:list.empty'), { exact: true }).waitFor();
    await screenshot(page, 'user-requests-empty-fa-desktop');

    // --- the offline tab: the portal's accounts, with their numbers to copy ---
    await page.getByRole('link', { name: t('requests:list.deposit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/wallet/deposit' && url.searchParams.get('type') === 'offline');
    await page.getByRole('tab', { name: t('deposit:tabs.offline'), selected: true }).waitFor();
    await page.getByText(`\u2066${persianDigits('4482913570')}\u2069`, { exact: true }).waitFor();
    await page
      .getByRole('button', { name: t('deposit:offline.destination.copy.sheba', { bank: t('bank:banks.mellat') }) })
      .waitFor();
    await page.getByRole('radio', { name: t('bank:banks.mellat'), exact: true }).check();

    // Below the minimum: refused as typed.
    const amountLabel = t('deposit:offline.amount');
    await typeInto(page, amountLabel, persianDigits('999999'));
    await page.getByLabel(amountLabel, { exact: true }).blur();
    await page.getByText(t('validation.amountMin', { min: persianDigits('1٬000٬000') }), { exact: true }).waitFor();
    await typeInto(page, amountLabel, persianDigits('1500000'));
    const summary = page.getByLabel(t('deposit:offline.summary.label'), { exact: true });
    await summary.getByText(shownToman(t, '4000'), { exact: true }).waitFor();
    await summary.getByText(shownToman(t, '1496000'), { exact: true }).waitFor();
    const receiptNumber = `RC${Math.floor(1e6 + Math.random() * 9e6)}`;
    await typeInto(page, t('deposit:offline.receiptNumber'), receiptNumber);

    // A date after today: refused.
    await fillDepositDate(page, t, 'fa', persianDateInIran(2));
    await page.getByLabel(t('deposit:offline.date.day'), { exact: true }).blur();
    await page.getByText(t('validation.depositDateFuture'), { exact: true }).waitFor();
    await fillDepositDate(page, t, 'fa', persianDateInIran(0));
    await page.getByLabel(t('deposit:offline.date.day'), { exact: true }).blur();
    expect(await page.getByText(t('validation.depositDateFuture'), { exact: true }).count()).toBe(0);

    // The receipt photo, uploaded as it is chosen.
    await page
      .getByLabel(t('deposit:offline.receipt.label'), { exact: true })
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receipt });
    await page.getByText(t('deposit:offline.receipt.uploaded'), { exact: true }).waitFor();
    await screenshot(page, 'offline-deposit-form-fa-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: t('deposit:offline.submit'), exact: true }).click();
    await page.getByText(t('deposit:offline.done.title'), { exact: true }).waitFor();
    await page.getByText(t('deposit:offline.done.text', { hours: persianDigits('48') }), { exact: true }).waitFor();
    await screenshot(page, 'offline-deposit-done-fa-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // --- the requests list: pending ---
    await page.getByRole('link', { name: t('deposit:offline.done.toRequests'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/user-requests');
    const list = page.getByRole('list', { name: t('requests:list.title'), exact: true });
    const item = list.getByRole('listitem').filter({ hasText: t('requests:types.OfflineTomanDeposit') });
    const cancelLabel = t('requests:item.cancelLabel', {
      type: t('requests:types.OfflineTomanDeposit'),
      amount: shownToman(t, '1500000'),
    });
    await item.getByText(t('requests:statuses.Pending'), { exact: true }).waitFor();
    await item.getByText(shownToman(t, '1500000'), { exact: true }).waitFor();
    await item.getByRole('button', { name: cancelLabel, exact: true }).waitFor();
    await screenshot(page, 'user-requests-pending-fa-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // --- the demo operator approves it in the console's offline-deposit review ---
    const operator = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
    const op = operator.page;
    screenshotOnFailure(op, 'offline-deposit-operator-fa-desktop');
    await logInAsOperator(op, t, 'fa', server.operator('admin'));
    await op.goto('/admin/offline-deposits');
    await op.getByRole('heading', { name: t('admin:offlineDeposits.title'), level: 1, exact: true }).waitFor();
    await op
      .locator('tr, li')
      .filter({ hasText: shownToman(t, '1500000') })
      .getByRole('link', { name: t('admin:money.review'), exact: true })
      .click();
    await op.getByRole('heading', { name: t('admin:offlineDeposits.itemTitle'), level: 1, exact: true }).waitFor();
    await op.getByText(receiptNumber, { exact: true }).first().waitFor();
    await op.getByRole('button', { name: t('admin:money.decision.approve'), exact: true }).click();
    const dialog = op.getByRole('dialog', { name: t('admin:money.decision.approveTitle'), exact: true });
    await dialog.getByRole('button', { name: t('admin:money.decision.approveConfirm'), exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await op.getByText(t('admin:offlineDeposits.decision.approved'), { exact: true }).waitFor();

    // --- the investor: successful, no longer cancellable; the wallet credited the amount less the fee ---
    await page.reload();
    await item.getByText(t('requests:statuses.Successful'), { exact: true }).waitFor();
    expect(await item.getByRole('button', { name: cancelLabel, exact: true }).count()).toBe(0);
    expect(await tomanWallet(page)).toMatchObject({ available: '1496000' });
    // Filtered to the pending ones: nothing matches.
    await page.getByLabel(t('requests:filters.status'), { exact: true }).selectOption('Pending');
    await page.getByText(t('requests:list.emptyFiltered'), { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('Pending');
    await screenshot(page, 'user-requests-filtered-fa-desktop');

    for (const tab of [investor, operator]) {
      expect(tab.errors).toEqual([]);
      await tab.context.close();
    }
  });
});
