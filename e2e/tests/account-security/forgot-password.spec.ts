import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { askForCode, signUp } from '../../src/auth-steps';
import { accountTranslator, logOut, strongPassword, typeCode, typeInto } from '../../src/account-steps';
import { connectBrowser, openTab, VIEWPORTS } from '../../src/browser';
import { screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, latestCode, sharedServer, type JourneyServer } from '../../src/server';

/**
 * Forgot password (SPEC §2 "Auth", §4), in Persian at a phone size: a user with a password asks
 * for a code from the password step, enters it, then a new password whose mismatched repeat is
 * refused first; the old password is then refused and the new one logs in. Codes sent: sign-up,
 * reset = 2.
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

/** The form is labelled by its heading «رمز عبور جدید» too: find the field by its role. */
async function typeField(page: Page, label: string, text: string) {
  const field = page.getByRole('textbox', { name: label, exact: true });
  await field.fill('');
  await field.pressSequentially(text);
}

async function submitPassword(page: Page, password: string) {
  await typeInto(page, t('account:password.label'), password);
  await page.getByRole('button', { name: t('account:login.submit'), exact: true }).click();
}

describe('forgot password', () => {
  test('code, new password (mismatched repeat refused first), old password refused, new one logs in', async () => {
    const tab = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    const { page, context } = tab;
    screenshotOnFailure(page, 'forgot-password-fa-phone');
    tab.expectHttpError(400, '/api/auth/password/login');
    const mobile = freshMobile();
    const oldPassword = strongPassword();
    const newPassword = strongPassword();

    // A user with a password.
    await page.goto('/auth');
    await signUp(page, server.baseUrl, t, 'fa', mobile);
    const userId = ((await (await page.request.get('/api/account')).json()) as { user: { id: string } }).user.id;
    await page.goto('/set-password');
    await typeInto(page, t('account:password.new'), oldPassword);
    await typeInto(page, t('account:password.repeat'), oldPassword);
    await page.getByRole('button', { name: t('account:setPassword.submit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await logOut(page, t);

    // The password step → "forgot password" → a code to the number.
    await askForCode(page, t, 'fa', mobile);
    await page.getByRole('heading', { name: t('account:login.title'), exact: true }).waitFor();
    await page.getByRole('button', { name: t('account:login.forgot'), exact: true }).click();
    await page.getByRole('heading', { name: t('account:forgot.title'), exact: true }).waitFor();
    await page.getByRole('button', { name: t('account:forgot.sendCode'), exact: true }).click();
    await page.getByLabel(t('account:forgot.codeLabel'), { exact: true }).waitFor();
    await typeCode(page, 'fa', t('account:forgot.codeLabel'), await latestCode(server.baseUrl, mobile));
    await page.getByRole('button', { name: t('account:forgot.next'), exact: true }).click();
    await page.getByRole('heading', { name: t('account:forgot.newTitle'), exact: true }).waitFor();

    // A repeat that differs is refused, and nothing is sent.
    await typeField(page, t('account:password.new'), newPassword);
    await typeField(page, t('account:password.repeat'), `${newPassword}x`);
    await page.getByRole('button', { name: t('account:forgot.submit'), exact: true }).click();
    await page.getByText(t('validation.passwordMismatch'), { exact: true }).waitFor();
    await page.getByRole('heading', { name: t('account:forgot.newTitle'), exact: true }).waitFor();

    await typeField(page, t('account:password.repeat'), newPassword);
    await page.getByRole('button', { name: t('account:forgot.submit'), exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: t('account:forgot.done') })
      .waitFor();
    await page.getByRole('heading', { name: t('account:login.title'), exact: true }).waitFor();

    // The old password is refused; the new one logs in.
    await submitPassword(page, oldPassword);
    await page
      .getByRole('alert')
      .filter({ hasText: t('errors.PASSWORD_INCORRECT') })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await submitPassword(page, newPassword);
    await page.waitForURL((url) => url.pathname === '/');
    // Logged in to the same account (whatever the dashboard opens over it, e.g. the new-user-info dialog).
    const after = await page.request.get('/api/account');
    expect(after.status()).toBe(200);
    expect(((await after.json()) as { user: { id: string } }).user.id).toBe(userId);

    expect(tab.errors).toEqual([]);
    await context.close();
  }, 120_000);
});
