import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountTranslator, typeInto } from '../../src/account-steps';
import { signUp } from '../../src/auth-steps';
import { connectBrowser, openTab, seriousA11yViolations, VIEWPORTS } from '../../src/browser';
import {
  chooseTrack,
  fillBirthDate,
  logInAsOperator,
  openPendingSubmission,
  recordAndSendVideo,
} from '../../src/kyc-steps';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, sharedServer, type JourneyServer } from '../../src/server';

/**
 * KYC, foreign track (SPEC §2 "Foreign KYC"), in English: an investor on a desktop gives the name in
 * English, a Gregorian birth date, the nationality from the searchable list, the passport number; a
 * passport "image" that is not an image is refused with its message, a real one is uploaded; then the
 * video. An operator on a phone rejects the submission with a reason; the investor sees that reason,
 * translated, and a way to try again.
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

const t = accountTranslator('en');

describe('identity verification, foreign investor (en)', () => {
  test('passport and video sent, rejected by an operator with a reason the investor reads', async () => {
    // --- the investor, on a desktop, in English ---
    const investor = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl, locale: 'en-US' });
    const { page } = investor;
    screenshotOnFailure(page, 'kyc-foreign-en-desktop');
    await investor.context.grantPermissions(['camera', 'microphone'], { origin: server.baseUrl });
    investor.expectHttpError(415, '/api/files');
    const mobile = freshMobile();
    await page.goto('/auth?lng=en');
    await signUp(page, server.baseUrl, t, 'en', mobile);

    await chooseTrack(page, t, 'foreign');
    await page.getByRole('form', { name: t('kyc:foreign.title') }).waitFor();
    await typeInto(page, t('kyc:foreign.firstNameEn'), 'Maria');
    await typeInto(page, t('kyc:foreign.lastNameEn'), 'Schneider');
    await page.getByText(t('kyc:birthDate.legend', { calendar: t('common.calendar.gregory') })).waitFor();
    await fillBirthDate(page, t, 'en', { year: '1988', month: 4, day: '21' });
    const nationality = page.getByRole('combobox', { name: t('kyc:foreign.nationality') });
    await nationality.pressSequentially('Germ');
    await page.getByRole('option', { name: 'Germany', exact: true }).click();
    await typeInto(page, t('kyc:foreign.passportNumber'), 'C01X00T47');

    // A text file named like an image is not an image: refused by its bytes, with the page's message.
    const fileInput = page.getByLabel(t('kyc:foreign.passportImage.label'), { exact: true });
    await fileInput.setInputFiles({
      name: 'passport.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not a picture of a passport\n'.repeat(20)),
    });
    await page.getByText(t('kyc:fileErrors.passport_image.type'), { exact: true }).waitFor();
    expect(await page.getByRole('img', { name: t('kyc:foreign.passportImage.preview') }).count()).toBe(0);
    // Without an accepted image the form does not move on to the video.
    await page.getByRole('button', { name: t('kyc:foreign.continue'), exact: true }).click();
    await page.getByText(t('kyc:fileErrors.passport_image.type'), { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: t('kyc:video.startCamera') }).count()).toBe(0);

    // A real picture (a PNG of the page itself) is accepted.
    const png = await page.screenshot({ type: 'png' });
    await fileInput.setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: png });
    await page.getByText(t('kyc:foreign.passportImage.uploaded'), { exact: true }).waitFor();
    await screenshot(page, 'kyc-foreign-details-en-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: t('kyc:foreign.continue'), exact: true }).click();

    // The video, then the whole submission.
    await recordAndSendVideo(page, t, t('kyc:foreign.submit'));
    await page.getByText(t('kyc:outcome.pending.title'), { exact: true }).waitFor();
    await page.getByText(t('kyc:outcome.pending.text.foreign'), { exact: true }).waitFor();
    await screenshot(page, 'kyc-foreign-pending-en-desktop');
    expect(await (await page.request.get('/api/kyc')).json()).toMatchObject({ level: 0, track: 'foreign' });

    // --- the operator, on a phone, in English ---
    const operator = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl, locale: 'en-US' });
    const op = operator.page;
    screenshotOnFailure(op, 'kyc-operator-en-phone');
    await op.goto('/auth?lng=en');
    await logInAsOperator(op, t, 'en', server.operator('admin'));
    await openPendingSubmission(op, t, 'en', mobile);
    // The passport image and the details sent are there to compare.
    const image = op.getByRole('region', { name: t('admin:kyc.submission.passport'), exact: true }).getByRole('img');
    await expect.poll(() => image.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
    await op.getByText('C01X00T47', { exact: true }).waitFor();
    await op.getByText('Schneider', { exact: true }).waitFor();
    await screenshot(op, 'kyc-review-en-phone');
    expect(await seriousA11yViolations(op)).toEqual([]);

    await op.getByRole('button', { name: t('admin:kyc.decision.reject'), exact: true }).click();
    const dialog = op.getByRole('dialog', { name: t('admin:kyc.decision.rejectTitle'), exact: true });
    // Without a reason the form says so and nothing is sent.
    await dialog.getByRole('button', { name: t('admin:kyc.decision.rejectConfirm'), exact: true }).click();
    await dialog.getByText(t('validation.select'), { exact: true }).waitFor();
    await dialog.getByLabel(t('admin:kyc.decision.reason')).click();
    await op.getByRole('option', { name: t('admin:kyc.reasons.document_unreadable'), exact: true }).click();
    await typeInto(op, t('admin:kyc.decision.comment'), 'Glare over the passport number.');
    await screenshot(op, 'kyc-reject-dialog-en-phone');
    await dialog.getByRole('button', { name: t('admin:kyc.decision.rejectConfirm'), exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await op.getByText(t('admin:kyc.decision.rejected'), { exact: true }).waitFor();

    // --- the investor reads the outcome and may try again ---
    await page.goto('/profile/kyc');
    await page.getByText(t('kyc:outcome.rejected.title'), { exact: true }).waitFor();
    await page
      .getByText(t('kyc:outcome.rejected.reason', { reason: t('kyc:reasons.document_unreadable') }), { exact: true })
      .waitFor();
    // The operator's internal comment is not shown to the investor.
    expect(await page.getByText('Glare over the passport number.').count()).toBe(0);
    await screenshot(page, 'kyc-foreign-rejected-en-desktop');
    await page.getByRole('button', { name: t('kyc:outcome.rejected.retry'), exact: true }).click();
    await page.getByRole('form', { name: t('kyc:foreign.title') }).waitFor();

    for (const tab of [investor, operator]) {
      expect(tab.errors).toEqual([]);
      await tab.context.close();
    }
  });
});
