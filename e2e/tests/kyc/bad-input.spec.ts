import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountTranslator } from '../../src/account-steps';
import { signUp } from '../../src/auth-steps';
import { connectBrowser, openTab, VIEWPORTS } from '../../src/browser';
import { chooseTrack, submitIdentity, validNationalCode } from '../../src/kyc-steps';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { sharedServer, type JourneyServer } from '../../src/server';

/**
 * KYC bad inputs that reach the server (Persian, desktop): a national code that is valid but not the
 * mobile owner's (the local Shahkar rules: a number ending in 000 is someone else's), and uploads a
 * browser sends that are refused before anything is stored: 200 MB declared, and bytes that are not a
 * video. Each is refused with its translated message or code and changes nothing.
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

describe('identity verification, refused inputs (fa)', () => {
  test('a national code not matching the mobile owner, a 200 MB upload and a non-video upload', async () => {
    const tab = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
    const { page } = tab;
    screenshotOnFailure(page, 'kyc-bad-input-fa-desktop');
    tab.expectHttpError(400, '/api/kyc/identity');
    // Registered (by the local rules) to someone else: every code is a mismatch for this number.
    const mobile = `0936${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}000`;
    await page.goto('/auth');
    await signUp(page, server.baseUrl, t, 'fa', mobile);

    await chooseTrack(page, t, 'iranian');
    await submitIdentity(page, t, 'fa', validNationalCode(), { year: '1365', month: 11, day: '3' });
    await page.getByText(t('errors.NATIONAL_CODE_MISMATCH'), { exact: true }).waitFor();
    await screenshot(page, 'kyc-mismatch-fa-desktop');
    expect(await (await page.request.get('/api/kyc')).json()).toMatchObject({ level: 0, identity: null });
    expect(await (await page.request.get('/api/account')).json()).toMatchObject({ user: { shahkarPassed: false } });

    // Uploads as this browser would send them, with the user's session.
    const upload = (size: number, fill: number) =>
      page.evaluate(
        async ([bytes, value]) => {
          const body = new Blob([new Uint8Array(bytes).fill(value)], { type: 'video/webm' });
          const res = await fetch('/api/files?purpose=kyc_video', { method: 'POST', body });
          return { status: res.status, body: (await res.json()) as { code?: string } };
        },
        [size, fill] as const,
      );
    tab.expectHttpError(413, '/api/files');
    tab.expectHttpError(415, '/api/files');
    const huge = await upload(200 * 1024 * 1024, 0);
    expect(huge).toMatchObject({ status: 413, body: { code: 'FILE_TOO_LARGE' } });
    const notVideo = await upload(4096, 0x41);
    expect(notVideo).toMatchObject({ status: 415, body: { code: 'FILE_TYPE_INVALID' } });
    // Nothing was stored: the user has no submission, and the server never saw a video to submit.
    expect(await (await page.request.get('/api/kyc')).json()).toMatchObject({ level: 0, latest: null });

    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });
});
