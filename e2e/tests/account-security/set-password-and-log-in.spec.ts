import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { askForCode, signUp } from '../../src/auth-steps';
import { accountTranslator, logOut, strongPassword, typeInto } from '../../src/account-steps';
import { connectBrowser, openTab, seriousA11yViolations, VIEWPORTS } from '../../src/browser';
import type { Lng } from '../../src/i18n';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, sharedServer, type JourneyServer } from '../../src/server';

/**
 * Set a password after sign-up (SPEC §2 "Set password"), then log in with mobile → password
 * (SPEC §2 "Auth"): in Persian at a phone and a desktop size, and in English. A weak password and
 * a mismatched repeat are refused first. One code per journey (the sign-up).
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

const JOURNEYS: { lng: Lng; viewport: keyof typeof VIEWPORTS }[] = [
  { lng: 'fa', viewport: 'phone' },
  { lng: 'fa', viewport: 'desktop' },
  { lng: 'en', viewport: 'desktop' },
];

describe('set a password after sign-up, then log in with it', () => {
  for (const { lng, viewport } of JOURNEYS) {
    test(`${lng} at ${viewport}`, async () => {
      const t = accountTranslator(lng);
      const tab = await openTab(browser, VIEWPORTS[viewport], {
        locale: lng === 'fa' ? 'fa-IR' : 'en-US',
        baseURL: server.baseUrl,
      });
      const { page, context } = tab;
      screenshotOnFailure(page, `set-password-${lng}-${viewport}`);
      const mobile = freshMobile();
      const password = strongPassword();

      await page.goto(lng === 'fa' ? '/auth' : '/auth?lng=en');
      await signUp(page, server.baseUrl, t, lng, mobile);

      // The dashboard invites the new user to set a password.
      const prompt = page.getByRole('region', { name: t('account:setPassword.promptTitle'), exact: true });
      await prompt.getByRole('link', { name: t('account:setPassword.promptAction'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/set-password');
      await page.getByRole('heading', { name: t('account:setPassword.title'), exact: true }).waitFor();

      // A weak password: the checklist shows what is missing and nothing is sent.
      await typeInto(page, t('account:password.new'), 'abcdefgh');
      await typeInto(page, t('account:password.repeat'), 'abcdefgh');
      await page.getByRole('button', { name: t('account:setPassword.submit'), exact: true }).click();
      await page.getByText(t('validation.passwordWeak'), { exact: true }).waitFor();
      // A strong one with a different repeat.
      await typeInto(page, t('account:password.new'), password);
      await page.getByText(t('validation.passwordMismatch'), { exact: true }).waitFor();
      if (lng === 'fa') {
        await screenshot(page, `set-password-${lng}-${viewport}`);
        expect(await seriousA11yViolations(page)).toEqual([]);
      }
      await typeInto(page, t('account:password.repeat'), password);
      await page.getByRole('button', { name: t('account:setPassword.submit'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page
        .getByRole('alert')
        .filter({ hasText: t('account:setPassword.done') })
        .waitFor();
      await prompt.waitFor({ state: 'detached' });
      const account = (await (await page.request.get('/api/account')).json()) as { user: { hasPassword: boolean } };
      expect(account.user.hasPassword).toBe(true);

      // Log out, then in again with the password: no code is sent this time.
      await logOut(page, t);
      await askForCode(page, t, lng, mobile);
      await page.getByRole('heading', { name: t('account:login.title'), exact: true }).waitFor();
      if (lng === 'fa') {
        await screenshot(page, `login-password-${lng}-${viewport}`);
        expect(await seriousA11yViolations(page)).toEqual([]);
      }
      await typeInto(page, t('account:password.label'), password);
      await page.getByRole('button', { name: t('account:login.submit'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page
        .getByRole('alert')
        .filter({ hasText: t('notices.loggedIn') })
        .waitFor();

      expect(tab.errors).toEqual([]);
      await context.close();
    });
  }
});
