import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { askForCode, signUp } from '../../src/auth-steps';
import { connectBrowser, openTab, VIEWPORTS, type Tab } from '../../src/browser';
import { escapeRegExp, persianDigits, translator } from '../../src/i18n';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, latestCode, outbox, sharedServer, type JourneyServer } from '../../src/server';

/**
 * Bad input on the way in (issue 2, "Bad input"), in Persian: each mistake gets its translated
 * message and changes nothing — no code sent, no session opened.
 */

const t = translator('fa');
const VERIFY_URL = '/api/auth/otp/verify';

let server: JourneyServer;
let browser: Browser;

beforeAll(async () => {
  server = sharedServer();
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function open(viewport: keyof typeof VIEWPORTS, name: string): Promise<Tab> {
  const tab = await openTab(browser, VIEWPORTS[viewport], { baseURL: server.baseUrl });
  screenshotOnFailure(tab.page, `${name}-${viewport}`);
  return tab;
}

async function openAuthPage(page: Page) {
  await page.goto('/auth');
  await page.getByRole('heading', { name: t('auth.mobile.title'), exact: true, level: 1 }).waitFor();
}

/** A 6-digit code that is not `code`. */
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Seconds shown by a countdown clock such as «(۰۰:۵۹)». */
function clockSeconds(text: string): number {
  const latin = text.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)));
  const m = /\((\d{2}):(\d{2})\)/.exec(latin);
  if (!m) throw new Error(`no clock in «${text}»`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Types a code (in Persian digits) on the code step, submits it, and returns the server's status. */
async function tryCode(page: Page, code: string): Promise<number> {
  const field = page.getByRole('textbox', { name: t('auth.code.label'), exact: true });
  await field.fill('');
  await field.pressSequentially(persianDigits(code));
  const [answer] = await Promise.all([
    page.waitForResponse((res) => new URL(res.url()).pathname === VERIFY_URL),
    page.getByRole('button', { name: t('auth.code.submit'), exact: true }).click(),
  ]);
  return answer.status();
}

/** The code step's error, once it says `text`. */
async function expectCodeError(page: Page, text: string) {
  const alert = page.getByRole('alert').filter({ hasText: text });
  await alert.waitFor();
  expect((await alert.textContent())?.trim()).toBe(text);
}

/** No session: no cookie in the browser, and the account answers 401. */
async function expectNoSession(tab: Tab) {
  expect((await tab.context.cookies()).filter((c) => c.name === 'portal_sid')).toEqual([]);
  expect((await tab.page.request.get('/api/account')).status()).toBe(401);
}

describe('bad input on the auth page (Persian)', () => {
  test('an invalid number is refused with the translated message, and no code is sent (phone)', async () => {
    const tab = await open('phone', 'invalid-number');
    const { page } = tab;
    const codeRequests: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/auth/otp')) codeRequests.push(req.url());
    });
    await openAuthPage(page);

    const field = page.getByRole('textbox', { name: t('auth.mobile.label'), exact: true });
    // A Tehran landline and a number too short, typed in Persian digits.
    for (const invalid of ['02188776655', '0935123']) {
      await field.fill('');
      await field.pressSequentially(persianDigits(invalid));
      await page.getByRole('button', { name: t('auth.mobile.submit'), exact: true }).click();
      await page.getByText(t('validation.mobile'), { exact: true }).waitFor();
      expect(await field.getAttribute('aria-invalid'), invalid).toBe('true');
      expect(await page.getByRole('heading', { name: t('auth.mobile.title'), exact: true }).isVisible()).toBe(true);
      expect(await outbox(server.baseUrl, invalid), invalid).toEqual([]);
    }
    await screenshot(page, 'invalid-number-fa-phone');

    // No code request left the page, so the server sent nothing (the outbox lists one number at a time).
    expect(codeRequests).toEqual([]);
    expect(page.url()).toBe(`${server.baseUrl}/auth`);
    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });

  test('a wrong code shows the translated error with the attempts left, and opens no session (desktop)', async () => {
    const tab = await open('desktop', 'wrong-code');
    const { page } = tab;
    const mobile = freshMobile();
    await openAuthPage(page);
    await askForCode(page, t, 'fa', mobile);
    await page.getByRole('heading', { name: t('auth.code.title'), exact: true }).waitFor();
    const code = await latestCode(server.baseUrl, mobile);

    tab.expectHttpError(400, VERIFY_URL);
    expect(await tryCode(page, wrongCodeFor(code))).toBe(400);
    await expectCodeError(
      page,
      `${t('errors.OTP_INVALID')} ${t('errors.details.attemptsLeft', { formatted: persianDigits('4') })}`,
    );
    const field = page.getByRole('textbox', { name: t('auth.code.label'), exact: true });
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/auth');
    await expectNoSession(tab);
    await screenshot(page, 'wrong-code-fa-desktop');

    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });

  test('five wrong codes need a new code: even the right one is then refused (phone)', async () => {
    const tab = await open('phone', 'five-wrong-codes');
    const { page } = tab;
    const mobile = freshMobile();
    await openAuthPage(page);
    await askForCode(page, t, 'fa', mobile);
    await page.getByRole('heading', { name: t('auth.code.title'), exact: true }).waitFor();
    const code = await latestCode(server.baseUrl, mobile);
    const wrong = wrongCodeFor(code);

    tab.expectHttpError(400, VERIFY_URL);
    tab.expectHttpError(429, VERIFY_URL);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await tryCode(page, wrong), `attempt ${attempt}`).toBe(400);
      const left = persianDigits(String(5 - attempt));
      await expectCodeError(
        page,
        `${t('errors.OTP_INVALID')} ${t('errors.details.attemptsLeft', { formatted: left })}`,
      );
    }
    expect(await tryCode(page, wrong), 'attempt 5').toBe(429);
    await expectCodeError(page, t('errors.OTP_TOO_MANY_ATTEMPTS'));

    // The right code no longer opens the account: a new code is needed.
    expect(await tryCode(page, code), 'the right code after five wrong ones').toBe(429);
    await expectCodeError(page, t('errors.OTP_TOO_MANY_ATTEMPTS'));
    expect(new URL(page.url()).pathname).toBe('/auth');
    await expectNoSession(tab);
    await screenshot(page, 'too-many-codes-fa-phone');

    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });

  test('resend waits for a countdown that ticks each second (desktop)', async () => {
    const tab = await open('desktop', 'resend-countdown');
    const { page } = tab;
    const mobile = freshMobile();
    await openAuthPage(page);
    await askForCode(page, t, 'fa', mobile);
    await page.getByRole('heading', { name: t('auth.code.title'), exact: true }).waitFor();

    const resend = page.getByRole('button', { name: new RegExp(`^${escapeRegExp(t('auth.code.resend'))} \\(`) });
    await resend.waitFor();
    const first = (await resend.textContent()) ?? '';
    expect(await resend.isDisabled()).toBe(true);
    // The countdown's next tick, awaited (it must come within two seconds).
    await expect
      .poll(async () => (await resend.textContent()) ?? '', { timeout: 2_000, interval: 100 })
      .not.toBe(first);
    const second = (await resend.textContent()) ?? '';
    expect(await resend.isDisabled()).toBe(true);

    // «ارسال دوبارهٔ کد (۰۰:۵۸)»: Persian digits, a minute at most, and a second or more gone.
    for (const text of [first, second]) expect(text).toMatch(/\([۰-۹]{2}:[۰-۹]{2}\)$/);
    expect(clockSeconds(first)).toBeLessThanOrEqual(60);
    expect(clockSeconds(first)).toBeGreaterThan(50);
    expect(clockSeconds(second)).toBeLessThan(clockSeconds(first));
    // The voice call is offered only after its own wait.
    expect(await page.getByRole('button', { name: t('auth.code.callMe'), exact: true }).count()).toBe(0);
    // Only the one code was sent.
    expect(await outbox(server.baseUrl, mobile)).toHaveLength(1);

    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });

  test('an unknown path, logged in, shows the not-found page with a way home (phone)', async () => {
    const tab = await open('phone', 'not-found');
    const { page } = tab;
    await openAuthPage(page);
    await signUp(page, server.baseUrl, t, 'fa', freshMobile());

    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: t('errorPages.notFound.title'), exact: true, level: 1 }).waitFor();
    expect(await page.getByText(t('errorPages.notFound.message'), { exact: true }).isVisible()).toBe(true);
    expect(await page.title()).toBe(`${t('errorPages.notFound.title')} | ${t('app.name')}`);
    await screenshot(page, 'not-found-fa-phone');

    await page.getByRole('link', { name: t('errorPages.backHome'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('region', { name: t('dashboard.start.title'), exact: true }).waitFor();

    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });

  test('a forged session cookie is not a session: the visitor sees the auth page (desktop)', async () => {
    const tab = await open('desktop', 'forged-cookie');
    const { page, context } = tab;
    // As long as a real token (32 random bytes, base64url), but never issued.
    const forged = randomBytes(32).toString('base64url');
    expect(forged).toHaveLength(43);
    await context.addCookies([
      { name: 'portal_sid', value: forged, url: server.baseUrl, httpOnly: true, sameSite: 'Lax' },
    ]);

    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('heading', { name: t('auth.mobile.title'), exact: true, level: 1 }).waitFor();
    expect(await page.getByRole('textbox', { name: t('auth.mobile.label'), exact: true }).isVisible()).toBe(true);
    const account = await page.request.get('/api/account', { headers: { cookie: `portal_sid=${forged}` } });
    expect(account.status()).toBe(401);

    expect(tab.errors).toEqual([]);
    await context.close();
  });
});
