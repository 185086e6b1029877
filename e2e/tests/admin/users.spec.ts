import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountTranslator, typeInto } from '../../src/account-steps';
import { signUp } from '../../src/auth-steps';
import { connectBrowser, openTab, seriousA11yViolations, VIEWPORTS } from '../../src/browser';
import { persianDigits } from '../../src/i18n';
import { demoOperatorFromLog, logInAsOperator } from '../../src/kyc-steps';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, sharedServer, type JourneyServer } from '../../src/server';

/**
 * The operator console's users (issue 4), in Persian on a phone: the operator finds a new investor by
 * the mobile typed without its leading zero, opens the user's page (profile, KYC state, sessions),
 * adds an internal note, freezes the account with a reason (a too-short reason is refused first), and
 * unfreezes it; the frozen investor still sees the portal; both acts are in the audit log.
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

/** Types the reason of the freeze or unfreeze dialog (a required field: its label carries an asterisk). */
async function typeReason(dialog: Locator, text: string) {
  const field = dialog.getByRole('textbox', { name: t('admin:user.freeze.reason') });
  await field.fill('');
  await field.pressSequentially(text);
}

describe('operator console: users (fa, phone)', () => {
  test('search, user page, note, freeze and unfreeze, audit log', async () => {
    const investor = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
    const mobile = freshMobile();
    await investor.page.goto('/auth');
    await signUp(investor.page, server.baseUrl, t, 'fa', mobile);

    const operator = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    const { page } = operator;
    screenshotOnFailure(page, 'admin-users-fa-phone');
    await logInAsOperator(page, t, 'fa', demoOperatorFromLog(server.log()));

    // The console is reached from the portal's user menu.
    await page.getByRole('button', { name: t('layout.user.menu') }).click();
    await page.getByRole('menuitem', { name: t('layout.user.console'), exact: true }).click();
    await page.getByRole('heading', { name: t('admin:users.title'), exact: true }).waitFor();

    // Search by the number as people type it: Persian digits, no leading zero.
    await typeInto(page, t('admin:users.search.label'), persianDigits(mobile.slice(1)));
    await page.getByRole('button', { name: t('admin:users.search.submit'), exact: true }).click();
    const result = page.getByRole('list', { name: t('admin:users.title') }).getByRole('listitem');
    await expect.poll(() => result.count()).toBe(1);
    await result.filter({ hasText: persianDigits(mobile) }).waitFor();
    await screenshot(page, 'admin-users-search-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await result.getByRole('link').click();

    // The user's page: profile, KYC state, sessions.
    await page.getByRole('region', { name: t('admin:user.profile.title'), exact: true }).waitFor();
    await page.getByText(t('admin:user.kyc.levels.0'), { exact: true }).waitFor();
    await page.getByRole('region', { name: t('admin:user.sessions.title'), exact: true }).waitFor();
    await screenshot(page, 'admin-user-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // An internal note.
    await typeInto(page, t('admin:user.notes.label'), 'تماس تلفنی: درخواست راهنمایی برای احراز هویت.');
    await page.getByRole('button', { name: t('admin:user.notes.submit'), exact: true }).click();
    await page.getByText(t('admin:user.notes.done'), { exact: true }).waitFor();
    await page.getByText('تماس تلفنی: درخواست راهنمایی برای احراز هویت.', { exact: true }).waitFor();

    // Freeze: a reason of two letters is refused, then a real one.
    await page.getByRole('button', { name: t('admin:user.freeze.button'), exact: true }).click();
    const freeze = page.getByRole('dialog', { name: t('admin:user.freeze.title'), exact: true });
    await typeReason(freeze, 'نه');
    await freeze.getByRole('button', { name: t('admin:user.freeze.confirm'), exact: true }).click();
    await freeze.getByText(t('admin:user.freeze.reasonMin', { min: '۳' }), { exact: true }).waitFor();
    await typeReason(freeze, 'گزارش بانک دربارهٔ تراکنش مشکوک');
    await freeze.getByRole('button', { name: t('admin:user.freeze.confirm'), exact: true }).click();
    await freeze.waitFor({ state: 'detached' });
    await page.getByText(t('admin:user.freeze.done'), { exact: true }).waitFor();
    await page.getByRole('button', { name: t('admin:user.unfreeze.button'), exact: true }).waitFor();
    await screenshot(page, 'admin-user-frozen-fa-phone');

    // The frozen investor still sees the portal (the money refusals are the API suites' ACCOUNT_FROZEN tests).
    await investor.page.reload();
    await investor.page.getByRole('region', { name: t('dashboard.start.title'), exact: true }).waitFor();

    // Unfreeze.
    await page.getByRole('button', { name: t('admin:user.unfreeze.button'), exact: true }).click();
    const unfreeze = page.getByRole('dialog', { name: t('admin:user.unfreeze.title'), exact: true });
    await typeReason(unfreeze, 'بررسی شد؛ مشکلی نبود');
    await unfreeze.getByRole('button', { name: t('admin:user.unfreeze.confirm'), exact: true }).click();
    await unfreeze.waitFor({ state: 'detached' });
    await page.getByText(t('admin:user.unfreeze.done'), { exact: true }).waitFor();

    // Both acts are in this user's audit log.
    await page.getByRole('link', { name: t('admin:user.auditLink'), exact: true }).click();
    await page
      .getByText(t('admin:audit.actions.admin.user_frozen'), { exact: true })
      .filter({ visible: true })
      .first()
      .waitFor();
    await page
      .getByText(t('admin:audit.actions.admin.user_unfrozen'), { exact: true })
      .filter({ visible: true })
      .first()
      .waitFor();
    await screenshot(page, 'admin-audit-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);

    for (const tab of [investor, operator]) {
      expect(tab.errors).toEqual([]);
      await tab.context.close();
    }
  });
});
