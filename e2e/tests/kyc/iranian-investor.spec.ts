import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountTranslator } from '../../src/account-steps';
import { signUp } from '../../src/auth-steps';
import { connectBrowser, openTab, seriousA11yViolations, VIEWPORTS } from '../../src/browser';
import { persianDigits } from '../../src/i18n';
import {
  chooseTrack,
  logInAsOperator,
  openPendingSubmission,
  recordAndSendVideo,
  submitIdentity,
  validNationalCode,
  withWrongCheckDigit,
} from '../../src/kyc-steps';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, startServer, type RunningServer } from '../../src/server';

/**
 * KYC, Iranian track (SPEC §2 "KYC", §6), in Persian: an investor on a phone is refused for a national
 * code with a wrong check digit and for a birth date in the future (each with its message, nothing
 * saved), reaches level one with a valid code, records a video selfie with Chromium's fake camera and
 * sends it; an operator on a desktop logs in with password and TOTP, watches the video in the console
 * and approves it; the investor then sees level two. Another investor cannot read the video's URL.
 */

// A server of its own: the operator's queue is empty once this submission is decided, which other
// journeys' submissions, made beside it on the shared server (decision 037), would contradict.
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({}, { operators: { admin: 1 } }), connectBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const t = accountTranslator('fa');

describe('identity verification, Iranian investor (fa)', () => {
  test('level one with the national code, a video reviewed and approved by an operator', async () => {
    // --- the investor, on a phone ---
    const investor = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    const { page } = investor;
    screenshotOnFailure(page, 'kyc-iranian-fa-phone');
    await investor.context.grantPermissions(['camera', 'microphone'], { origin: server.baseUrl });
    const mobile = freshMobile();
    await page.goto('/auth');
    await signUp(page, server.baseUrl, t, 'fa', mobile);

    await chooseTrack(page, t, 'iranian');
    await page.getByRole('form', { name: t('kyc:identity.title') }).waitFor();
    await screenshot(page, 'kyc-identity-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A national code with a wrong check digit: the field says so and nothing is sent.
    const code = validNationalCode();
    let identityCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/kyc/identity')) identityCalls++;
    });
    await submitIdentity(page, t, 'fa', withWrongCheckDigit(code), { year: '1370', month: 6, day: '15' });
    await page.getByText(t('validation.nationalCode'), { exact: true }).waitFor();
    expect(identityCalls).toBe(0);
    // The server refuses it too, whatever the client does, and keeps the user at level zero.
    const direct = await page.request.post('/api/kyc/identity', {
      data: { nationalCode: withWrongCheckDigit(code), birthDate: '1991-09-06' },
    });
    expect(direct.status()).toBe(400);

    // A birth date in the future (Persian year 1450 is after 2070).
    await submitIdentity(page, t, 'fa', code, { year: '1450', month: 1, day: '1' });
    await page.getByText(t('validation.birthDateFuture'), { exact: true }).waitFor();
    expect(identityCalls).toBe(0);
    expect((await (await page.request.get('/api/kyc')).json()) as { level: number }).toMatchObject({ level: 0 });

    // A valid code and date: level one at once; the summary shows the code masked but for its last
    // four digits, in Persian digits, and the date in the Persian calendar.
    await submitIdentity(page, t, 'fa', code, { year: '1370', month: 6, day: '15' });
    await page.getByText(t('kyc:summary.done'), { exact: true }).waitFor();
    await page.getByText(`******${persianDigits(code.slice(6))}`, { exact: true }).waitFor();
    await page.getByText('۱۵ شهریور ۱۳۷۰', { exact: true }).waitFor();
    expect(identityCalls).toBe(1);
    expect(await (await page.request.get('/api/account')).json()).toMatchObject({
      user: { shahkarPassed: true },
    });

    // Level two: the video step, recorded from the fake camera and sent with progress.
    await page.getByText(t('kyc:video.notes.title'), { exact: true }).waitFor();
    await recordAndSendVideo(page, t, t('kyc:video.submit'));
    await page.getByText(t('kyc:outcome.pending.title'), { exact: true }).waitFor();
    await screenshot(page, 'kyc-video-pending-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // An investor is not an operator: the console says so, and its API answers 403.
    investor.expectHttpError(403, '/api/admin/me');
    await page.goto('/admin');
    await page.getByRole('heading', { name: t('admin:access.noAccess.title'), exact: true }).waitFor();
    await screenshot(page, 'kyc-admin-no-access-fa-phone');
    expect((await page.request.get('/api/admin/users')).status()).toBe(403);

    // --- the operator, on a desktop ---
    const operator = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
    screenshotOnFailure(operator.page, 'kyc-operator-fa-desktop');
    await logInAsOperator(operator.page, t, 'fa', server.operator('admin'));
    await openPendingSubmission(operator.page, t, 'fa', mobile);
    const video = operator.page
      .getByRole('region', { name: t('admin:kyc.submission.video'), exact: true })
      .locator('video');
    // The video plays in the console: its metadata loads through the operator's session.
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    const videoUrl = await video.evaluate((v: HTMLVideoElement) => v.currentSrc);
    expect(videoUrl).toContain('/api/files/');
    await screenshot(operator.page, 'kyc-review-fa-desktop');
    expect(await seriousA11yViolations(operator.page)).toEqual([]);
    await operator.page.getByRole('button', { name: t('admin:kyc.decision.approve'), exact: true }).click();
    const dialog = operator.page.getByRole('dialog', { name: t('admin:kyc.decision.approveTitle'), exact: true });
    await dialog.getByRole('button', { name: t('admin:kyc.decision.approveConfirm'), exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await operator.page.getByText(t('admin:kyc.decision.approved'), { exact: true }).waitFor();
    await operator.page.getByText(t('admin:kyc.empty.pending'), { exact: true }).waitFor();

    // The decision is in the audit log with the operator.
    await operator.page.goto('/admin/audit');
    // In the log's table (the action filter's list names every action too).
    await operator.page
      .getByRole('table')
      .getByText(t('admin:audit.actions.kyc.approved'), { exact: true })
      .first()
      .waitFor();
    await screenshot(operator.page, 'kyc-audit-fa-desktop');

    // The owner reads their own video; another investor gets 404 for the same address.
    const path = new URL(videoUrl).pathname;
    expect((await page.request.get(path)).status()).toBe(200);
    const other = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    await other.page.goto('/auth');
    await signUp(other.page, server.baseUrl, t, 'fa', freshMobile());
    expect((await other.page.request.get(path)).status()).toBe(404);

    // --- the investor sees the outcome ---
    await page.goto('/profile/kyc');
    await page.getByText(t('kyc:outcome.approved.title'), { exact: true }).waitFor();
    await page.getByRole('link', { name: t('kyc:bank.go'), exact: true }).waitFor();
    await screenshot(page, 'kyc-approved-fa-phone');
    expect(await (await page.request.get('/api/kyc')).json()).toMatchObject({ level: 2 });

    for (const tab of [investor, operator, other]) {
      expect(tab.errors).toEqual([]);
      await tab.context.close();
    }
  });
});
