import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closeFillInfoDialog, submitSignUpCode } from '../../src/auth-steps';
import { connectBrowser, openTab, seriousA11yViolations, VIEWPORTS } from '../../src/browser';
import { persianDigits, translator, type Lng, type Translate } from '../../src/i18n';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, latestCode, sharedServer, type JourneyServer } from '../../src/server';

/**
 * The first journey (issue 2): a visitor opens the portal, is sent to the auth page, signs up with
 * a mobile number and the code from the dev outbox, lands on the dashboard of a new user, and logs
 * out through the confirmation dialog, which ends the session on the server. In Persian and
 * English, at a phone and a desktop size.
 */

type ViewportName = keyof typeof VIEWPORTS;

const JOURNEYS: { lng: Lng; viewport: ViewportName }[] = [
  { lng: 'fa', viewport: 'phone' },
  { lng: 'fa', viewport: 'desktop' },
  { lng: 'en', viewport: 'phone' },
  { lng: 'en', viewport: 'desktop' },
];

/** The README's screenshots: the Persian auth page on a phone, the Persian dashboard on a desktop. */
const DOCS_SCREENSHOTS: Partial<Record<string, string>> = {
  'auth-fa-phone': 'auth-fa-mobile.png',
  'dashboard-fa-desktop': 'dashboard-fa-desktop.png',
};

const INVESTMENT_KINDS = ['funds', 'metals', 'baskets', 'wallet'] as const;
const QUICK_LINKS = ['deposit', 'buyFund', 'tetherTrading', 'transactions', 'userRequests', 'kyc'] as const;

let server: JourneyServer;
let browser: Browser;

beforeAll(async () => {
  server = sharedServer();
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function documentLanguage(page: Page) {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

async function expectNoSeriousA11yViolations(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/** The main navigation: a bar along the bottom on a phone, a column on the reading side on a desktop. */
async function expectNavigationFor(page: Page, t: Translate, lng: Lng, viewport: ViewportName) {
  const navs = page.getByRole('navigation', { name: t('nav.label'), exact: true });
  expect(await navs.count()).toBe(1);
  const box = await navs.boundingBox();
  if (!box) throw new Error('the navigation has no box');
  const { width, height } = VIEWPORTS[viewport];
  if (viewport === 'phone') {
    // Bottom navigation, full width, on the bottom edge; no side navigation.
    expect(box.width).toBe(width);
    expect(Math.abs(box.y + box.height - height)).toBeLessThanOrEqual(1);
  } else {
    // Side navigation, at the top of the start side (right in Persian, left in English); no bottom bar.
    expect(box.width).toBeLessThan(300);
    expect(box.y).toBeLessThanOrEqual(1);
    if (lng === 'fa') expect(Math.abs(box.x + box.width - width)).toBeLessThanOrEqual(1);
    else expect(box.x).toBeLessThanOrEqual(1);
    expect(box.y + box.height).toBeLessThan(height - 100);
  }
  const home = navs.getByRole('link', { name: t('nav.dashboard'), exact: true });
  expect(await home.isVisible()).toBe(true);
  expect(await home.getAttribute('aria-current')).toBe('page');
}

describe('sign up, see the dashboard, log out', () => {
  for (const { lng, viewport } of JOURNEYS) {
    test(`${lng} at ${viewport} (${VIEWPORTS[viewport].width}×${VIEWPORTS[viewport].height})`, async () => {
      const t = translator(lng);
      const tab = await openTab(browser, VIEWPORTS[viewport], {
        locale: lng === 'fa' ? 'fa-IR' : 'en-US',
        baseURL: server.baseUrl,
      });
      const { page, context } = tab;
      screenshotOnFailure(page, `sign-up-${lng}-${viewport}`);
      const mobile = freshMobile();

      // A visitor opening the portal is sent to the auth page, in the language asked for.
      await page.goto(lng === 'fa' ? '/' : '/?lng=en');
      await page.waitForURL((url) => url.pathname === '/auth');
      await page.getByRole('heading', { name: t('auth.mobile.title'), exact: true, level: 1 }).waitFor();
      expect(await documentLanguage(page)).toEqual({ lang: lng, dir: lng === 'fa' ? 'rtl' : 'ltr' });
      expect(await page.title()).toBe(`${t('auth.pageTitle')} | ${t('app.name')}`);
      await screenshot(page, `auth-${lng}-${viewport}`, { docs: DOCS_SCREENSHOTS[`auth-${lng}-${viewport}`] });
      await expectNoSeriousA11yViolations(page);

      // The number, typed as the user's keyboard gives it, shows in the page's digits (one rule for every
      // input, issue 19) and is sent in Latin digits.
      const mobileField = page.getByRole('textbox', { name: t('auth.mobile.label'), exact: true });
      await mobileField.pressSequentially(lng === 'fa' ? persianDigits(mobile) : mobile);
      expect(await mobileField.inputValue()).toBe(lng === 'fa' ? persianDigits(mobile) : mobile);
      await page.getByRole('button', { name: t('auth.mobile.submit'), exact: true }).click();
      await page.getByRole('heading', { name: t('auth.code.title'), exact: true }).waitFor();
      const code = await latestCode(server.baseUrl, mobile);
      await submitSignUpCode(page, t, lng, code);

      // The dashboard of a new user.
      await page.waitForURL((url) => url.pathname === '/');
      await closeFillInfoDialog(page, lng);
      const start = page.getByRole('region', { name: t('dashboard.start.title'), exact: true });
      await start.waitFor();
      // The welcome notice, dismissed at once (it would hide by itself after 5 s) so that the
      // checks, the picture and the scan see the page itself.
      const welcome = page.getByRole('alert').filter({ hasText: t('notices.signedUp') });
      await welcome.getByRole('button', { name: t('common.close'), exact: true }).click();
      await welcome.waitFor({ state: 'detached' });
      expect(await documentLanguage(page)).toEqual({ lang: lng, dir: lng === 'fa' ? 'rtl' : 'ltr' });

      const cookie = (await context.cookies()).find((c) => c.name === 'portal_sid');
      expect(cookie, 'a session cookie after sign-up').toBeDefined();
      expect(cookie?.httpOnly).toBe(true);
      const accountRes = await page.request.get('/api/account');
      expect(accountRes.status()).toBe(200);
      const account = (await accountRes.json()) as { user: { referralCode: string }; isEmptyState: boolean };
      expect(account.isEmptyState).toBe(true);

      // Four empty-state cards, one per investment kind, each with its way in.
      expect(await start.getByRole('article').count()).toBe(INVESTMENT_KINDS.length);
      for (const kind of INVESTMENT_KINDS) {
        const card = start.getByRole('article', { name: t(`dashboard.kinds.${kind}.title`), exact: true });
        expect(await card.isVisible(), kind).toBe(true);
        const action = card.getByRole('link', { name: t(`dashboard.kinds.${kind}.action`), exact: true });
        expect(await action.isVisible(), `${kind} action`).toBe(true);
        // Baskets lead to the investor's baskets (issue 20), which exist now.
        if (kind === 'baskets') expect(await action.getAttribute('href')).toBe('/baskets');
      }

      // Quick links.
      const quick = page.getByRole('region', { name: t('dashboard.quickLinks.title'), exact: true });
      expect(await quick.getByRole('link').count()).toBe(QUICK_LINKS.length);
      for (const key of QUICK_LINKS) {
        const link = quick.getByRole('link', { name: t(`dashboard.quickLinks.${key}`), exact: true });
        expect(await link.isVisible(), key).toBe(true);
      }

      // The referral card with this user's code.
      const referral = page.getByRole('region', { name: t('dashboard.referral.title'), exact: true });
      expect(await referral.getByText(account.user.referralCode, { exact: true }).isVisible()).toBe(true);
      expect(
        await referral.getByRole('button', { name: t('dashboard.referral.copyCode'), exact: true }).isVisible(),
      ).toBe(true);
      expect(
        await referral.getByRole('button', { name: t('dashboard.referral.copyLink'), exact: true }).isVisible(),
      ).toBe(true);

      // Bottom navigation on a phone, side navigation on a desktop.
      await expectNavigationFor(page, t, lng, viewport);

      await screenshot(page, `dashboard-${lng}-${viewport}`, {
        docs: DOCS_SCREENSHOTS[`dashboard-${lng}-${viewport}`],
      });
      await expectNoSeriousA11yViolations(page);
      await referral.scrollIntoViewIfNeeded();
      await screenshot(page, `dashboard-${lng}-${viewport}-referral`);

      // Log out through the confirmation dialog.
      await page.getByRole('button', { name: t('layout.logout.button'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t('layout.logout.title'), exact: true });
      await dialog.waitFor();
      expect(await dialog.getByText(t('layout.logout.message'), { exact: true }).isVisible()).toBe(true);
      await dialog.getByRole('button', { name: t('layout.logout.confirm'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/auth');
      await page.getByRole('heading', { name: t('auth.mobile.title'), exact: true, level: 1 }).waitFor();
      await page
        .getByRole('alert')
        .filter({ hasText: t('notices.loggedOut') })
        .waitFor();

      // The session ended on the server: neither the tab's cookies nor the old cookie open the account.
      expect((await page.request.get('/api/account')).status()).toBe(401);
      const replayed = await page.request.get('/api/account', {
        headers: { cookie: `portal_sid=${cookie?.value ?? ''}` },
      });
      expect(replayed.status()).toBe(401);

      expect(tab.errors).toEqual([]);
      await context.close();
    });
  }
});
