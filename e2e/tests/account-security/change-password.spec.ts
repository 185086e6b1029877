import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp } from '../../src/auth-steps';
import { accountTranslator, logInWithPassword, strongPassword, typeInto } from '../../src/account-steps';
import { connectBrowser, openTab, VIEWPORTS } from '../../src/browser';
import { screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, sharedServer, type JourneyServer } from '../../src/server';

/**
 * Change password (SPEC §2 "Profile", §7 `PATCH /account/changePassword`) on /update-profile, in
 * Persian at a desktop size: a wrong current password is refused with its translated message and
 * changes nothing (the old password still logs in, on a phone); then the right one changes it, and
 * the sessions opened before on other devices end. Codes sent: sign-up = 1.
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

async function fill(scope: Locator, label: string, text: string) {
  const field = scope.getByRole('textbox', { name: label, exact: true });
  await field.fill('');
  await field.pressSequentially(text);
}

async function logIn(page: Page, mobile: string, password: string) {
  await page.goto('/auth');
  await logInWithPassword(page, t, 'fa', mobile, password);
  await page.waitForURL((url) => url.pathname === '/');
}

describe('change password', () => {
  test('wrong current password refused and nothing changed, then changed; other sessions end', async () => {
    const tab = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
    const { page, context } = tab;
    screenshotOnFailure(page, 'change-password-fa-desktop');
    tab.expectHttpError(400, '/api/account/changePassword');
    const mobile = freshMobile();
    const oldPassword = strongPassword();
    const newPassword = strongPassword();

    await page.goto('/auth');
    await signUp(page, server.baseUrl, t, 'fa', mobile);
    await page.goto('/set-password');
    await typeInto(page, t('account:password.new'), oldPassword);
    await typeInto(page, t('account:password.repeat'), oldPassword);
    await page.getByRole('button', { name: t('account:setPassword.submit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Another device, logged in before the change.
    const other = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    screenshotOnFailure(other.page, 'change-password-other-fa-phone');
    await logIn(other.page, mobile, oldPassword);
    const before = (await (await other.page.request.get('/api/account')).json()) as { user: { id: string } };

    // A wrong current password: the translated message, and nothing changes.
    await page.goto('/update-profile');
    const form = page.getByRole('form', { name: t('account:overview.password.title'), exact: true });
    await fill(form, t('account:password.current'), `${oldPassword}-wrong`);
    await fill(form, t('account:password.new'), newPassword);
    await fill(form, t('account:password.repeat'), newPassword);
    await form.getByRole('button', { name: t('account:overview.password.submit'), exact: true }).click();
    await form
      .getByRole('alert')
      .filter({ hasText: t('errors.PASSWORD_INCORRECT') })
      .waitFor();
    expect((await other.page.request.get('/api/account')).status()).toBe(200);
    const check = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    screenshotOnFailure(check.page, 'change-password-check-fa-phone');
    await logIn(check.page, mobile, oldPassword);
    const still = (await (await check.page.request.get('/api/account')).json()) as { user: { id: string } };
    expect(still.user.id).toBe(before.user.id);

    // The right current password: changed; every other session ends, this one stays.
    await fill(form, t('account:password.current'), oldPassword);
    await form.getByRole('button', { name: t('account:overview.password.submit'), exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: t('account:overview.password.done') })
      .waitFor();
    expect((await other.page.request.get('/api/account')).status()).toBe(401);
    expect((await check.page.request.get('/api/account')).status()).toBe(401);
    expect((await page.request.get('/api/account')).status()).toBe(200);

    // The new password logs in on the other device.
    await other.context.clearCookies();
    await logIn(other.page, mobile, newPassword);
    const after = (await (await other.page.request.get('/api/account')).json()) as { user: { id: string } };
    expect(after.user.id).toBe(before.user.id);

    expect(tab.errors).toEqual([]);
    expect(other.errors).toEqual([]);
    expect(check.errors).toEqual([]);
    await Promise.all([context.close(), other.context.close(), check.context.close()]);
  }, 120_000);
});
