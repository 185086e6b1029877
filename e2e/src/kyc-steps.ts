import type { Page } from 'playwright-core';
import { logInWithPassword, totpCode, typeCode, typeInto } from './account-steps';
import { closeFillInfoDialog } from './auth-steps';
import { persianDigits, type Lng, type Translate } from './i18n';
import { waitForLivePage } from './browser';
import type { OperatorLogin } from './server';

export type { OperatorLogin } from './server';

/** A valid Iranian national code (check digit by the standard algorithm, serial not 000000), different each call. */
export function validNationalCode(): string {
  for (;;) {
    const nine = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
    if (/^(\d)\1{8}$/.test(nine) || nine.slice(3) === '000000') continue;
    const sum = [...nine].reduce((acc, d, i) => acc + Number(d) * (10 - i), 0) % 11;
    return nine + String(sum < 2 ? sum : 11 - sum);
  }
}

/** The same code with its check digit changed: ten digits, wrong check digit. */
export function withWrongCheckDigit(code: string): string {
  const last = Number(code[9]);
  return code.slice(0, 9) + String((last + 1) % 10);
}

const typed = (lng: Lng, s: string) => (lng === 'fa' ? persianDigits(s) : s);

/** Opens `/profile/kyc` and picks a track on the first step. */
export async function chooseTrack(page: Page, t: Translate, track: 'iranian' | 'foreign'): Promise<void> {
  await page.goto('/profile/kyc');
  await page.getByRole('heading', { name: t('kyc:track.title'), exact: true }).waitFor();
  await page.getByRole('button', { name: t(`kyc:track.${track}.choose`), exact: true }).click();
}

/**
 * Fills the birth-date group (year and day typed, the month chosen by its name in the user's
 * calendar). `month` is 1-based; `monthName` the option's text as the page shows it.
 */
export async function fillBirthDate(
  page: Page,
  t: Translate,
  lng: Lng,
  { year, month, day }: { year: string; month: number; day: string },
): Promise<void> {
  await typeInto(page, t('kyc:birthDate.year'), typed(lng, year));
  await page.getByLabel(t('kyc:birthDate.month'), { exact: true }).selectOption(String(month));
  await typeInto(page, t('kyc:birthDate.day'), typed(lng, day));
}

/** Level one's form: the national code typed, the birth date, submit. */
export async function submitIdentity(
  page: Page,
  t: Translate,
  lng: Lng,
  nationalCode: string,
  birth: { year: string; month: number; day: string },
): Promise<void> {
  await typeInto(page, t('kyc:identity.nationalCode'), typed(lng, nationalCode));
  await fillBirthDate(page, t, lng, birth);
  await page.getByRole('button', { name: t('kyc:identity.submit'), exact: true }).click();
}

/**
 * Records a video selfie with Chromium's fake camera and microphone through the page's own recorder:
 * turn on the camera, start, wait `seconds`, end; then presses the submit button (`submitLabel`).
 */
export async function recordAndSendVideo(page: Page, t: Translate, submitLabel: string, seconds = 3): Promise<void> {
  await page.getByRole('button', { name: t('kyc:video.startCamera'), exact: true }).click();
  await page.getByRole('button', { name: t('kyc:video.start'), exact: true }).click();
  await page.waitForTimeout(seconds * 1000);
  await page.getByRole('button', { name: t('kyc:video.end'), exact: true }).click();
  await page.getByRole('button', { name: t('kyc:video.again'), exact: true }).waitFor();
  await page.getByRole('button', { name: submitLabel, exact: true }).click();
}

/** Reads the demo operator's login from the server's start lines, as a person starting it reads them. */
export function demoOperatorFromLog(log: string): OperatorLogin {
  const m = /Demo operator:\s+(\d+) \/ (\S+), TOTP key ([A-Z2-7]+)/.exec(log);
  if (!m) throw new Error(`the server did not print the demo operator:\n${log}`);
  return { mobile: m[1]!, password: m[2]!, totpKey: m[3]! };
}

/** The second demo operator's login as the server prints it (a senior operator: approves what the first proposes). */
export function demoSecondOperatorFromLog(log: string): OperatorLogin {
  const m = /Demo second operator:\s+(\d+) \/ (\S+), TOTP key ([A-Z2-7]+)/.exec(log);
  if (!m) throw new Error(`the server did not print the second demo operator:\n${log}`);
  return { mobile: m[1]!, password: m[2]!, totpKey: m[3]! };
}

/** The TOTP step used by each operator's key in this file: a code works once (the server's rule). */
const usedTotpStep = new Map<string, number>();
/**
 * Password and the authenticator's code for an operator (two-factor is required for operators). A code
 * works once per key and step: a journey takes an operator nobody used (`server.operator(role)`), so no
 * login waits for the next 30-second step; a second login with the same key in one step is a mistake of
 * the journey and fails here rather than waiting. A pool operator's first login closes the dashboard's
 * fill-new-user-info dialog with «later», as the operator would.
 */
export async function logInAsOperator(page: Page, t: Translate, lng: Lng, op: OperatorLogin): Promise<void> {
  await page.goto('/auth');
  await logInWithPassword(page, t, lng, op.mobile, op.password);
  await page.getByRole('heading', { name: t('account:totp.title'), exact: true }).waitFor();
  const step = Math.floor(Date.now() / 30_000);
  if (usedTotpStep.get(op.totpKey) === step) {
    throw new Error(`operator ${op.mobile} already logged in this TOTP step: take another (server.operator(role))`);
  }
  usedTotpStep.set(op.totpKey, step);
  await typeCode(page, lng, t('account:totp.label'), await totpCode(op.totpKey));
  await page.getByRole('button', { name: t('account:totp.submit'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await waitForLivePage(page);
  if (op.firstLogin) await closeFillInfoDialog(page, lng);
}

/**
 * Opens the console's KYC queue (pending, oldest first) and the submission of the investor whose
 * mobile (`09…`) the row shows: on a desktop the row's «review» link, on a phone the card itself.
 */
export async function openPendingSubmission(page: Page, t: Translate, lng: Lng, mobile: string): Promise<void> {
  await page.goto('/admin/kyc');
  await page.getByRole('heading', { name: t('admin:kyc.title'), exact: true }).waitFor();
  const item = page.locator('li, tr').filter({ hasText: typed(lng, mobile) });
  await item.getByRole('link').last().click();
  await page.getByRole('heading', { name: t('admin:kyc.submission.summary'), exact: true }).waitFor();
}
