import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp } from '../../src/auth-steps';
import { accountTranslator, logInWithPassword, strongPassword, typeCode, typeInto } from '../../src/account-steps';
import { connectBrowser, openTab, VIEWPORTS } from '../../src/browser';
import { escapeRegExp } from '../../src/i18n';
import { screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, sharedServer, type JourneyServer } from '../../src/server';
import type { OutboxMessage } from '@portal/contract/system/system';

/**
 * Email (SPEC §2 "Profile", §7 send-email-verification-code / verify-email-address) and active
 * sessions, in Persian: on a phone, add an email, read its code from the dev outbox's email
 * channel, verify it and see it verified on /update-profile; then end the session of another device
 * (a desktop logged in before) from the sessions list. Codes sent: sign-up, email = 2 (the
 * other device logs in with a password: a second SMS this soon would be "sent too recently").
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

/** The newest code mailed to `email`, from the dev outbox's email channel. */
async function latestEmailCode(email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${server.baseUrl}/api/dev/outbox?${new URLSearchParams({ email, limit: '10' })}`);
    if (!res.ok) throw new Error(`GET /api/dev/outbox answered ${res.status}`);
    const [newest] = ((await res.json()) as { items: OutboxMessage[] }).items;
    if (newest?.code) {
      expect(newest.channel).toBe('email');
      return newest.code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code for ${email}`);
}

async function logInByPassword(page: Page, mobile: string, password: string) {
  await page.goto('/auth');
  await logInWithPassword(page, t, 'fa', mobile, password);
  await page.waitForURL((url) => url.pathname === '/');
}

describe('email and sessions', () => {
  test('add and verify an email by its code, then end another session', async () => {
    const tab = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    const { page, context } = tab;
    screenshotOnFailure(page, 'email-and-sessions-fa-phone');
    const mobile = freshMobile();
    const email = `user-${mobile}@example.com`;

    await page.goto('/auth');
    await signUp(page, server.baseUrl, t, 'fa', mobile);
    const password = strongPassword();
    await page.goto('/set-password');
    await typeInto(page, t('account:password.new'), password);
    await typeInto(page, t('account:password.repeat'), password);
    await page.getByRole('button', { name: t('account:setPassword.submit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Another device, logged in before.
    const other = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
    screenshotOnFailure(other.page, 'email-and-sessions-other-fa-desktop');
    await logInByPassword(other.page, mobile, password);
    expect((await other.page.request.get('/api/account')).status()).toBe(200);

    // Add the email and verify it with the mailed code.
    await page.goto('/update-profile/email');
    await page.getByRole('heading', { name: t('account:email.pageTitle'), exact: true, level: 1 }).waitFor();
    const field = page.getByRole('textbox', { name: t('account:email.label'), exact: true });
    await field.pressSequentially(email);
    await page.getByRole('button', { name: t('account:email.send'), exact: true }).click();
    await page.getByText(email, { exact: true }).waitFor();
    await typeCode(page, 'fa', t('account:email.codeLabel'), await latestEmailCode(email));
    await page.getByRole('button', { name: t('account:email.submit'), exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: t('account:email.done') })
      .waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: t('account:email.verified') })
      .filter({ hasText: email })
      .waitFor();

    // /update-profile shows it verified.
    await page.goto('/update-profile');
    await page.getByText(email, { exact: true }).waitFor();
    await page.getByText(t('account:overview.profile.verified'), { exact: true }).waitFor();
    const account = (await (await page.request.get('/api/account')).json()) as {
      user: { email: string | null; isEmailVerified: boolean };
    };
    expect(account.user).toMatchObject({ email, isEmailVerified: true });

    // The sessions list: this device and the other; end the other.
    const sessions = page.getByRole('list', { name: t('account:overview.sessions.title'), exact: true });
    await sessions.getByText(t('account:overview.sessions.current'), { exact: true }).waitFor();
    const end = sessions.getByRole('button', {
      name: new RegExp(`^${escapeRegExp(t('account:overview.sessions.end'))}: `),
    });
    expect(await end.count()).toBe(1);
    await end.click();
    await page
      .getByRole('alert')
      .filter({ hasText: t('account:overview.sessions.ended') })
      .waitFor();
    await page.getByText(t('account:overview.sessions.empty'), { exact: true }).waitFor();
    expect((await other.page.request.get('/api/account')).status()).toBe(401);
    expect((await page.request.get('/api/account')).status()).toBe(200);

    expect(tab.errors).toEqual([]);
    expect(other.errors).toEqual([]);
    await Promise.all([context.close(), other.context.close()]);
  }, 120_000);
});
