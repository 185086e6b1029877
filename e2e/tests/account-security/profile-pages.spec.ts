import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp } from '../../src/auth-steps';
import { accountTranslator } from '../../src/account-steps';
import { connectBrowser, gotoLive, openTab, seriousA11yViolations, VIEWPORTS } from '../../src/browser';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, sharedServer, type JourneyServer } from '../../src/server';

/**
 * Every profile page of issue 3 in Persian at a phone and a desktop size: its heading, right to
 * left, nothing wider than the screen, no serious accessibility violation; the profile menu reaches
 * every page. One code per size (the sign-up).
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

const PAGES = [
  { path: '/profile-m', name: 'profile-menu', heading: 'account:menu.title' },
  { path: '/update-profile', name: 'update-profile', heading: 'account:overview.title' },
  { path: '/update-profile/2fa', name: 'two-factor', heading: 'account:twoFactor.pageTitle' },
  { path: '/update-profile/email', name: 'email', heading: 'account:email.pageTitle' },
  { path: '/profile/change-phone-number', name: 'change-phone', heading: 'account:changePhone.pageTitle' },
  { path: '/set-password', name: 'set-password-page', heading: 'account:setPassword.pageTitle' },
] as const;

async function widestRight(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

describe('profile pages', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    test(`fa at ${viewport}`, async () => {
      const tab = await openTab(browser, VIEWPORTS[viewport], { baseURL: server.baseUrl });
      const { page, context } = tab;
      screenshotOnFailure(page, `profile-pages-${viewport}`);
      await page.goto('/auth');
      await signUp(page, server.baseUrl, t, 'fa', freshMobile());

      for (const p of PAGES) {
        await page.goto(p.path);
        await page.getByRole('heading', { name: t(p.heading), exact: true, level: 1 }).waitFor();
        // Sections that load their data (sessions, history) have settled.
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        expect(await widestRight(page), `${p.path} fits the screen`).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
        await screenshot(page, `${p.name}-fa-${viewport}`);
        expect(await seriousA11yViolations(page), p.path).toEqual([]);
      }

      // The profile menu lists every profile page; on a phone the bottom navigation's profile tab opens it.
      if (viewport === 'phone') {
        await gotoLive(page, '/');
        const nav = page.getByRole('navigation', { name: t('nav.label'), exact: true });
        await nav.getByRole('link', { name: t('nav.profile'), exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/profile-m');
        const menu = page.getByRole('navigation', { name: t('account:menu.title'), exact: true });
        for (const key of ['nav.accountOverview', 'nav.twoFactor', 'nav.email', 'nav.changePhone']) {
          await menu.getByRole('link', { name: t(key), exact: true }).waitFor();
        }
        await menu.getByRole('link', { name: t('nav.twoFactor'), exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/update-profile/2fa');
      } else {
        // The header's user menu lists them too.
        await gotoLive(page, '/');
        await page.getByRole('button', { name: new RegExp(t('layout.user.menu')) }).click();
        const menu = page.getByRole('menu');
        await menu.getByRole('menuitem', { name: t('nav.email'), exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/update-profile/email');
      }

      expect(tab.errors).toEqual([]);
      await context.close();
    });
  }
});
