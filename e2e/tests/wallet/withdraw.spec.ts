import { randomInt, randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shebaOf } from '@portal/contract/bank/bank-accounts';
import { accountTranslator, typeCode, typeInto } from '../../src/account-steps';
import { signUp } from '../../src/auth-steps';
import { connectBrowser, gotoLive, openTab, seriousA11yViolations, VIEWPORTS } from '../../src/browser';
import { persianDigits } from '../../src/i18n';
import {
  chooseTrack,
  logInAsOperator,
  openPendingSubmission,
  recordAndSendVideo,
  submitIdentity,
  validNationalCode,
} from '../../src/kyc-steps';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, latestCode, sharedServer, type JourneyServer } from '../../src/server';

/**
 * Toman withdrawal (SPEC §2 "Wallet", "Withdraw", §5; issue 5), in Persian. An investor on a phone
 * reaches KYC level two (identity, a video an operator on a desktop approves), has a bank account and
 * 500,000 toman paid through the sandbox gateway; the wallet page shows the balance and its history.
 * On the withdraw page an amount below the minimum and one above the balance are refused with their
 * messages; a withdrawal of 120,000 is confirmed with the phone code (a wrong code is refused first),
 * shows as pending with the amount held, is cancelled, and the balance is whole again. The
 * transactions page lists the movements; every page is scanned and photographed on a phone and a desktop.
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
const fa = persianDigits;
const toman = (digits: string) => `${fa(digits.replace(/\B(?=(\d{3})+(?!\d))/g, '٬'))} ${t('currency.IRT')}`;

/** A sheba with correct check digits at Bank Melli (code 017) whose last four the local inquiry accepts. */
function freshSheba(): string {
  const account = `${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e6)).padStart(6, '0')}1357`;
  return shebaOf(`017${account}`);
}

/** The toman wallet as the API answers it to the page's session. */
async function tomanWallet(page: Page) {
  const { items } = (await (await page.request.get('/api/wallets')).json()) as {
    items: { currency: string; available: string; held: string }[];
  };
  return items.find((w) => w.currency === 'IRT');
}

/** The balance section of the withdraw page: «available» and «held» as it shows them. */
async function expectTomanBalance(page: Page, available: string, held: string) {
  const balance = page.getByRole('region', { name: t('wallet:withdraw.balance.title'), exact: true });
  await balance.getByText(toman(available), { exact: true }).first().waitFor();
  expect(await balance.locator('dd').allTextContents()).toEqual([toman(available), toman(held)]);
}

describe('toman withdrawal (fa)', () => {
  test('refused below the minimum and above the balance; a wrong code refused; requested, pending, cancelled', async () => {
    // --- the investor, on a phone: sign up, KYC level one, the video ---
    const investor = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    const { page } = investor;
    screenshotOnFailure(page, 'withdraw-fa-phone');
    await investor.context.grantPermissions(['camera', 'microphone'], { origin: server.baseUrl });
    const mobile = freshMobile();
    await page.goto('/auth');
    await signUp(page, server.baseUrl, t, 'fa', mobile);

    // Nothing yet: the wallet page shows zero balances and an empty history.
    await page.goto('/wallet');
    await page.getByRole('heading', { name: t('wallet:wallet.pageTitle'), level: 1 }).waitFor();
    await page.getByText(t('wallet:wallet.empty'), { exact: true }).waitFor();
    await screenshot(page, 'wallet-empty-fa-phone');

    await chooseTrack(page, t, 'iranian');
    await submitIdentity(page, t, 'fa', validNationalCode(), { year: '1370', month: 6, day: '15' });
    await page.getByText(t('kyc:summary.done'), { exact: true }).waitFor();
    await recordAndSendVideo(page, t, t('kyc:video.submit'));
    await page.getByText(t('kyc:outcome.pending.title'), { exact: true }).waitFor();

    // --- the operator, on a desktop, approves the video ---
    const operator = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
    screenshotOnFailure(operator.page, 'withdraw-operator-fa-desktop');
    await logInAsOperator(operator.page, t, 'fa', server.operator('admin'));
    await openPendingSubmission(operator.page, t, 'fa', mobile);
    await operator.page.getByRole('button', { name: t('admin:kyc.decision.approve'), exact: true }).click();
    const approve = operator.page.getByRole('dialog', { name: t('admin:kyc.decision.approveTitle'), exact: true });
    await approve.getByRole('button', { name: t('admin:kyc.decision.approveConfirm'), exact: true }).click();
    await approve.waitFor({ state: 'detached' });
    expect(await (await page.request.get('/api/kyc')).json()).toMatchObject({ level: 2 });

    // --- a bank account (through the API) and 500,000 toman through the sandbox gateway ---
    const added = await page.request.post('/api/bank-accounts', { data: { kind: 'sheba', sheba: freshSheba() } });
    expect(added.status()).toBe(201);
    const started = await page.request.post('/api/wallet/deposits/gateway', {
      headers: { 'idempotency-key': randomUUID() },
      data: { amount: '500000' },
    });
    expect(started.status()).toBe(201);
    const { depositId, redirectUrl } = (await started.json()) as { depositId: string; redirectUrl: string };
    // At the gateway the payer presses «pay», and the gateway sends the browser back to the portal.
    // (The sandbox gateway's page is the pretend bank's, without an icon: the browser's favicon request is its 404.)
    investor.expectHttpError(404, '/favicon.ico');
    await page.goto(redirectUrl);
    await page.getByRole('button', { name: 'پرداخت', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('Status') === 'OK');
    const authority = new URL(page.url()).searchParams.get('Authority')!;
    const verified = await page.request.post(`/api/wallet/deposits/${depositId}/verify`, {
      data: { authority, status: 'OK' },
    });
    expect(await verified.json()).toMatchObject({ outcome: 'success', credited: '500000' });

    // --- the wallet page: the balance and its history, from the navigation ---
    await gotoLive(page, '/');
    await page
      .getByRole('navigation', { name: t('nav.label'), exact: true })
      .getByRole('link', { name: t('nav.wallet'), exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/wallet');
    const tomanCard = page.getByRole('link', { name: new RegExp(`^${t('currency.IRT')}:`) });
    await expect.poll(() => tomanCard.textContent()).toContain(fa('500٬000'));
    const history = page.getByRole('list', {
      name: t('wallet:wallet.historyTitle', { currency: t('currency.IRT') }),
      exact: true,
    });
    await history.getByText(t('wallet:refTypes.Payment'), { exact: true }).waitFor();
    await history.getByText(`+${toman('500000')}`, { exact: true }).waitFor();
    await screenshot(page, 'wallet-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // --- the withdraw page ---
    await page.getByRole('link', { name: t('wallet:wallet.withdraw'), exact: true }).click();
    await page.getByRole('heading', { name: t('wallet:withdraw.pageTitle'), level: 1 }).waitFor();
    await expectTomanBalance(page, '500000', '0');
    const form = page.getByRole('form', { name: t('wallet:withdraw.form.title'), exact: true });
    // The only bank account is chosen already.
    expect(await form.getByRole('radio').isChecked()).toBe(true);
    const submit = form.getByRole('button', { name: t('wallet:withdraw.form.submit'), exact: true });
    const verifyDialog = page.getByRole('dialog', { name: t('wallet:withdraw.verify.title'), exact: true });
    let codeRequests = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/wallet/withdrawals/code')) codeRequests++;
    });

    // Below the minimum: refused with its message, and no code is sent.
    await typeInto(page, t('wallet:withdraw.form.amount'), fa('5000'));
    await submit.click();
    await form.getByText(t('validation.amountMin', { min: fa('10٬000') }), { exact: true }).waitFor();
    // Above the balance: refused with its message.
    await typeInto(page, t('wallet:withdraw.form.amount'), fa('600000'));
    await form
      .getByText(t('wallet:withdraw.form.overBalance', { available: toman('500000') }), { exact: true })
      .waitFor();
    await submit.click();
    await screenshot(page, 'withdraw-refused-fa-phone');
    expect(await verifyDialog.count()).toBe(0);
    expect(codeRequests).toBe(0);

    // «Whole balance» fills 500,000; the user then asks for 120,000.
    await form.getByRole('button', { name: t('wallet:withdraw.form.selectAll'), exact: true }).click();
    expect(await form.getByLabel(t('wallet:withdraw.form.amount'), { exact: true }).inputValue()).toBe(fa('500٬000'));
    await typeInto(page, t('wallet:withdraw.form.amount'), fa('120000'));
    await submit.click();
    await verifyDialog.waitFor();
    await verifyDialog.getByLabel(t('wallet:withdraw.verify.codeLabel'), { exact: true }).waitFor();
    const code = await latestCode(server.baseUrl, mobile);
    await screenshot(page, 'withdraw-verify-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A wrong code is refused with its message; nothing is held.
    investor.expectHttpError(400, '/api/wallet/withdrawals');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await typeCode(page, 'fa', t('wallet:withdraw.verify.codeLabel'), wrong);
    await verifyDialog.getByRole('button', { name: t('wallet:withdraw.verify.submit'), exact: true }).click();
    await verifyDialog.getByText(new RegExp(`^${t('errors.OTP_INVALID')}`)).waitFor();
    expect(await tomanWallet(page)).toMatchObject({ available: '500000', held: '0' });

    // The right code: the request is made, the note says so, the amount is held and the request pending.
    await typeCode(page, 'fa', t('wallet:withdraw.verify.codeLabel'), code);
    await verifyDialog.getByRole('button', { name: t('wallet:withdraw.verify.submit'), exact: true }).click();
    await verifyDialog.waitFor({ state: 'detached' });
    await page.getByText(t('wallet:withdraw.success.title'), { exact: true }).waitFor();
    await expectTomanBalance(page, '380000', '120000');
    const pending = page.getByRole('list', { name: t('wallet:withdraw.pending.title'), exact: true });
    await pending.getByText(toman('120000'), { exact: true }).waitFor();
    await pending.getByText(t('wallet:withdraw.statuses.Pending'), { exact: true }).waitFor();
    await screenshot(page, 'withdraw-pending-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // --- the same investor on a desktop sees the same pages ---
    const desktop = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
    screenshotOnFailure(desktop.page, 'withdraw-fa-desktop');
    await desktop.context.addCookies(await investor.context.cookies());
    await desktop.page.goto('/wallet/withdraw');
    await expectTomanBalance(desktop.page, '380000', '120000');
    await desktop.page
      .getByRole('list', { name: t('wallet:withdraw.pending.title'), exact: true })
      .getByText(toman('120000'), { exact: true })
      .waitFor();
    await screenshot(desktop.page, 'withdraw-pending-fa-desktop');
    expect(await seriousA11yViolations(desktop.page)).toEqual([]);

    // --- cancelled on the phone: the amount returns ---
    await pending.getByRole('button', { name: t('wallet:withdraw.pending.cancel'), exact: true }).click();
    const confirm = page.getByRole('dialog', { name: t('wallet:withdraw.pending.confirmTitle'), exact: true });
    await confirm.getByRole('button', { name: t('wallet:withdraw.pending.confirm'), exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText(t('wallet:withdraw.pending.cancelled'), { exact: true }).waitFor();
    await page.getByText(t('wallet:withdraw.pending.empty'), { exact: true }).waitFor();
    await expectTomanBalance(page, '500000', '0');
    expect(await tomanWallet(page)).toMatchObject({ available: '500000', held: '0' });

    // --- the transactions page: the deposit, the hold and its return (named as such), translated; filters ---
    await page.goto('/transaction');
    const list = page.getByRole('list', { name: t('wallet:transactions.listTitle'), exact: true });
    await list.getByText(t('wallet:refTypes.Payment'), { exact: true }).waitFor();
    await expect.poll(() => list.getByText(t('wallet:refTypes.Withdrawal'), { exact: true }).count()).toBe(1);
    await list.getByText(t('wallet:list.withdrawalReturned'), { exact: true }).waitFor();
    await screenshot(page, 'transactions-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel(t('wallet:transactions.type'), { exact: true }).selectOption('Deposit');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await page.getByLabel(t('wallet:transactions.currency'), { exact: true }).selectOption('USDT');
    await page.getByText(t('wallet:transactions.emptyFiltered'), { exact: true }).waitFor();

    await desktop.page.goto('/transaction');
    await desktop.page
      .getByRole('list', { name: t('wallet:transactions.listTitle'), exact: true })
      .getByText(t('wallet:refTypes.Payment'), { exact: true })
      .waitFor();
    await screenshot(desktop.page, 'transactions-fa-desktop');
    await desktop.page.goto('/wallet');
    await desktop.page
      .getByRole('link', { name: new RegExp(`^${t('currency.IRT')}:`) })
      .getByText(fa('500٬000'), { exact: true })
      .waitFor();
    await screenshot(desktop.page, 'wallet-fa-desktop');
    expect(await seriousA11yViolations(desktop.page)).toEqual([]);

    for (const tab of [investor, operator, desktop]) {
      expect(tab.errors).toEqual([]);
      await tab.context.close();
    }
    // A long journey (KYC with a recorded video and an operator, two viewports): more than the default 90 s
    // on a busy two-core machine.
  }, 240_000);
});
