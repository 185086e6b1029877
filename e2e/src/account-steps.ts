import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { askForCode } from './auth-steps';
import { persianDigits, translator, type Lng, type Translate } from './i18n';

/**
 * The web app's translations of both namespaces: `t('auth.mobile.label')` from translation.json,
 * `t('account:login.title')` from account.json (the profile and account-security screens).
 */
export function accountTranslator(lng: Lng): Translate {
  return translator(lng);
}

/** A password every rule of SPEC §5 accepts and the common list does not know. */
export function strongPassword(): string {
  return `Qz-${Math.random().toString(36).slice(2, 8)}-Vx7!`;
}

const typed = (lng: Lng, s: string) => (lng === 'fa' ? persianDigits(s) : s);

/** Types into a field found by its label (exact). */
export async function typeInto(page: Page, label: string, text: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.fill('');
  await field.pressSequentially(text);
}

/** Types a 6-digit code (Persian digits in Persian) into the field labelled `label`. */
export async function typeCode(page: Page, lng: Lng, label: string, code: string): Promise<void> {
  await typeInto(page, label, typed(lng, code));
}

/** Mobile → password step → submit. Leaves the page on the next step (dashboard or TOTP). */
export async function logInWithPassword(page: Page, t: Translate, lng: Lng, mobile: string, password: string) {
  await askForCode(page, t, lng, mobile);
  await page.getByRole('heading', { name: t('account:login.title'), exact: true }).waitFor();
  await typeInto(page, t('account:password.label'), password);
  await page.getByRole('button', { name: t('account:login.submit'), exact: true }).click();
}

/** The current TOTP code of a base32 key (RFC 6238, 30 s, 6 digits), `offsetSteps` steps from now. */
export async function totpCode(secret: string, offsetSteps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
}

/** Seconds until the next 30-second TOTP step begins. */
export function secondsToNextStep(): number {
  return 30 - (Math.floor(Date.now() / 1000) % 30);
}

/** Logs out through the header's button and its confirmation dialog. */
export async function logOut(page: Page, t: Translate): Promise<void> {
  await page.getByRole('button', { name: t('layout.logout.button'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('layout.logout.title'), exact: true });
  await dialog.getByRole('button', { name: t('layout.logout.confirm'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/auth');
}
