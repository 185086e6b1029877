import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { askForCode, signUp } from '../../src/auth-steps';
import { accountTranslator, typeCode, typeInto } from '../../src/account-steps';
import { connectBrowser, openTab, VIEWPORTS } from '../../src/browser';
import { persianDigits } from '../../src/i18n';
import { screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, latestCode, sharedServer, type JourneyServer } from '../../src/server';

/**
 * Change phone number (SPEC §2 "Edit phone") in Persian at a phone size: confirm the current number
 * by its code; a new number that is not the user's (the local identity rules: one ending in 000
 * belongs to someone else) is refused with the translated message; then a number that is → its
 * code → the success modal → back on the auth page, every session ended. The new number logs in
 * (at a desktop size) to the same account. Before KYC the account has no national code, so the
 * page asks for one (a valid check digit: 1234567891). Codes sent: sign-up, current, new, login = 4.
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
const NATIONAL_CODE = '1234567891';

describe('change phone number', () => {
  test('current number confirmed, a number not the user’s refused, then one that is; the new number logs in', async () => {
    const tab = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    const { page, context } = tab;
    screenshotOnFailure(page, 'change-phone-fa-phone');
    tab.expectHttpError(400, '/api/account/phone/new-code');
    const mobile = freshMobile();
    const newMobile = freshMobile();
    const notOwned = `${newMobile.slice(0, -3)}000`;

    await page.goto('/auth');
    await signUp(page, server.baseUrl, t, 'fa', mobile);
    const before = (await (await page.request.get('/api/account')).json()) as { user: { id: string } };

    // Confirm the current number by its code.
    await page.goto('/profile/change-phone-number');
    await page.getByRole('heading', { name: t('account:changePhone.pageTitle'), exact: true, level: 1 }).waitFor();
    await page.getByRole('button', { name: t('account:changePhone.current.send'), exact: true }).click();
    await page.getByLabel(t('account:changePhone.current.label'), { exact: true }).waitFor();
    await typeCode(page, 'fa', t('account:changePhone.current.label'), await latestCode(server.baseUrl, mobile));
    await page.getByRole('button', { name: t('account:changePhone.current.submit'), exact: true }).click();

    // A new number registered to someone else: refused with the translated message, no code sent.
    const newField = page.getByRole('textbox', { name: t('account:changePhone.new.label'), exact: true });
    await newField.waitFor();
    await newField.pressSequentially(persianDigits(notOwned));
    await typeInto(page, t('account:changePhone.new.nationalCode'), persianDigits(NATIONAL_CODE));
    await page.getByRole('button', { name: t('account:changePhone.new.submit'), exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: t('errors.MOBILE_NOT_OWNED') })
      .waitFor();
    const sentToNotOwned = await fetch(`${server.baseUrl}/api/dev/outbox?mobile=${notOwned}`);
    expect(((await sentToNotOwned.json()) as { items: unknown[] }).items).toEqual([]);

    // A number that is the user's: its code, the success modal, then the auth page.
    await newField.fill('');
    await newField.pressSequentially(persianDigits(newMobile));
    await page.getByRole('button', { name: t('account:changePhone.new.submit'), exact: true }).click();
    await page.getByLabel(t('account:changePhone.newCode.label'), { exact: true }).waitFor();
    await typeCode(page, 'fa', t('account:changePhone.newCode.label'), await latestCode(server.baseUrl, newMobile));
    await page.getByRole('button', { name: t('account:changePhone.newCode.submit'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t('account:changePhone.success.title'), exact: true });
    await dialog.waitFor();
    // Every session has ended, this one too.
    expect((await page.request.get('/api/account')).status()).toBe(401);
    await dialog.getByRole('button', { name: t('account:changePhone.success.ok'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('textbox', { name: t('auth.mobile.label'), exact: true }).waitFor();

    // The new number logs in to the same account.
    const desk = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
    screenshotOnFailure(desk.page, 'change-phone-login-fa-desktop');
    await desk.page.goto('/auth');
    await askForCode(desk.page, t, 'fa', newMobile);
    await desk.page.getByRole('heading', { name: t('auth.code.title'), exact: true }).waitFor();
    await typeCode(desk.page, 'fa', t('auth.code.label'), await latestCode(server.baseUrl, newMobile));
    await desk.page.getByRole('button', { name: t('auth.code.submit'), exact: true }).click();
    await desk.page.waitForURL((url) => url.pathname === '/');
    const after = (await (await desk.page.request.get('/api/account')).json()) as {
      user: { id: string; mobile: string };
    };
    expect(after.user.id).toBe(before.user.id);

    expect(tab.errors).toEqual([]);
    expect(desk.errors).toEqual([]);
    await Promise.all([context.close(), desk.context.close()]);
  }, 120_000);
});
