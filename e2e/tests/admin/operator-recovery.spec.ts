import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  accountTranslator,
  logInWithPassword,
  logOut,
  strongPassword,
  totpCode,
  typeCode,
} from '../../src/account-steps';
import { closeFillInfoDialog, signUp } from '../../src/auth-steps';
import { connectBrowser, openTab, seriousA11yViolations, VIEWPORTS } from '../../src/browser';
import { logInAsOperator } from '../../src/kyc-steps';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, sharedServer, type JourneyServer } from '../../src/server';

/**
 * Issue 15, finding 6, as people live it (fa): an operator who lost their authenticator cannot replace it
 * with the password and an SMS code; the investor pages say an admin recovers them. The admin recovers
 * them on the user's page of the console (a reason is required); the operator logs in with the password,
 * the console asks for two-factor, they set up a new authenticator and the console opens.
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

/** Turns two-factor on from the two-factor page (the session is recent); answers the new key. */
async function setUpAuthenticator(page: Page): Promise<string> {
  await page.getByRole('button', { name: t('account:twoFactor.start'), exact: true }).click();
  const key = page.locator('[data-secret]');
  await key.waitFor();
  const secret = (await key.getAttribute('data-secret'))!;
  await typeCode(page, 'fa', t('account:twoFactor.step3.label'), await totpCode(secret));
  await page.getByRole('button', { name: t('account:twoFactor.step3.submit'), exact: true }).click();
  await page.getByText(t('account:twoFactor.statusOn'), { exact: true }).waitFor();
  return secret;
}

describe('an operator’s lost authenticator is recovered by an admin (fa)', () => {
  test('no recovery by phone; the admin recovers; the operator sets up a new authenticator', async () => {
    // Someone signs up, sets a password and turns two-factor on; an admin makes them an operator.
    const op = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    screenshotOnFailure(op.page, 'operator-recovery-operator-fa-phone');
    const mobile = freshMobile();
    const password = strongPassword();
    await op.page.goto('/auth');
    await signUp(op.page, server.baseUrl, t, 'fa', mobile);
    expect((await op.page.request.post('/api/account/password', { data: { password } })).status()).toBe(200);
    await op.page.goto('/update-profile/2fa');
    await setUpAuthenticator(op.page);
    const userId = ((await (await op.page.request.get('/api/account')).json()) as { user: { id: string } }).user.id;

    const admin = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
    screenshotOnFailure(admin.page, 'operator-recovery-admin-fa-desktop');
    await logInAsOperator(admin.page, t, 'fa', server.operator('admin'));
    const promoted = await admin.page.request.post(`/api/admin/users/${userId}/role`, { data: { role: 'operator' } });
    expect(promoted.status()).toBe(200);

    // The operator's two-factor page: an admin recovers them, nothing here turns it off.
    await op.page.reload();
    await op.page.getByText(t('account:twoFactor.operator.text'), { exact: true }).waitFor();
    expect(await op.page.getByRole('tab', { name: t('account:twoFactor.disable.byPhone') }).count()).toBe(0);
    await screenshot(op.page, 'operator-two-factor-page-fa-phone');
    expect(await seriousA11yViolations(op.page)).toEqual([]);

    // At login the authenticator step offers no code to the phone and says who recovers.
    await logOut(op.page, t);
    await logInWithPassword(op.page, t, 'fa', mobile, password);
    await op.page.getByRole('heading', { name: t('account:totp.title'), exact: true }).waitFor();
    await op.page.getByText(t('account:totp.adminRecovery'), { exact: true }).waitFor();
    expect(await op.page.getByRole('button', { name: t('account:totp.lost') }).count()).toBe(0);
    await screenshot(op.page, 'operator-totp-step-fa-phone');

    // The admin recovers the operator on their page of the console: a reason first.
    await admin.page.goto(`/admin/users/${userId}`);
    await admin.page.getByRole('button', { name: t('admin:user.recover.button'), exact: true }).click();
    const dialog = admin.page.getByRole('dialog', { name: t('admin:user.recover.title'), exact: true });
    await dialog.getByRole('button', { name: t('admin:user.recover.confirm'), exact: true }).click();
    await dialog.getByText(t('admin:user.freeze.reasonMin', { min: '۳' }), { exact: true }).waitFor();
    // The field is required: its label carries an asterisk.
    await dialog
      .getByRole('textbox', { name: t('admin:user.freeze.reason') })
      .pressSequentially('گوشی اپراتور گم شده؛ هویتش حضوری بررسی شد.');
    await screenshot(admin.page, 'admin-recover-operator-fa-desktop');
    expect(await seriousA11yViolations(admin.page)).toEqual([]);
    await dialog.getByRole('button', { name: t('admin:user.recover.confirm'), exact: true }).click();
    await admin.page.getByText(t('admin:user.recover.done'), { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The operator logs in with the password alone now; the console asks for two-factor first.
    await op.page.goto('/auth');
    await logInWithPassword(op.page, t, 'fa', mobile, password);
    await op.page.waitForURL((url) => url.pathname === '/');
    await closeFillInfoDialog(op.page, 'fa').catch(() => undefined);
    await op.page.goto('/admin');
    await op.page.getByRole('heading', { name: t('admin:access.twoFactor.title'), exact: true }).waitFor();
    await op.page.getByRole('link', { name: t('admin:access.twoFactor.action'), exact: true }).click();
    await setUpAuthenticator(op.page);
    await op.page.goto('/admin');
    await op.page.getByRole('heading', { name: t('admin:users.title'), exact: true }).waitFor();
    await screenshot(op.page, 'operator-console-after-recovery-fa-phone');
  });
});
