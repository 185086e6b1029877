import type { Page } from 'playwright-core';
import { persianDigits, translator, type Lng, type Translate } from './i18n';
import { waitForLivePage } from './browser';
import { latestCode } from './server';

/** Digits as a user of `lng` types them: a Persian keyboard gives ۰–۹. */
const asTyped = (lng: Lng, digits: string) => (lng === 'fa' ? persianDigits(digits) : digits);

/** The auth page's first step: types the mobile number key by key and asks for a code. */
export async function askForCode(page: Page, t: Translate, lng: Lng, mobile: string): Promise<void> {
  const field = page.getByRole('textbox', { name: t('auth.mobile.label'), exact: true });
  await field.fill('');
  await field.pressSequentially(asTyped(lng, mobile));
  await page.getByRole('button', { name: t('auth.mobile.submit'), exact: true }).click();
}

/** The code step of a new number: waits for it, then types `code` (replacing what is there) and submits. */
export async function submitSignUpCode(page: Page, t: Translate, lng: Lng, code: string): Promise<void> {
  await page.getByRole('heading', { name: t('auth.code.title'), exact: true }).waitFor();
  const field = page.getByRole('textbox', { name: t('auth.code.label'), exact: true });
  await field.fill('');
  await field.pressSequentially(asTyped(lng, code));
  await page.getByRole('button', { name: t('auth.code.submit'), exact: true }).click();
}

/**
 * After sign-up the dashboard opens the fill-new-user-info dialog (SPEC §2); a new user closes it
 * with «later», as a user who fills it later would.
 */
export async function closeFillInfoDialog(page: Page, lng: Lng): Promise<void> {
  const t = translator(lng);
  const dialog = page.getByRole('dialog', { name: t('account:fillInfo.title') });
  await dialog.getByRole('button', { name: t('account:fillInfo.later'), exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** From the auth page to the dashboard with a new number: the code comes from the dev outbox. */
export async function signUp(page: Page, baseUrl: string, t: Translate, lng: Lng, mobile: string): Promise<void> {
  await askForCode(page, t, lng, mobile);
  await page.getByRole('heading', { name: t('auth.code.title'), exact: true }).waitFor();
  await submitSignUpCode(page, t, lng, await latestCode(baseUrl, mobile));
  await page.waitForURL((url) => url.pathname === '/');
  await waitForLivePage(page);
  await closeFillInfoDialog(page, lng);
  await page.getByRole('region', { name: t('dashboard.start.title'), exact: true }).waitFor();
}
