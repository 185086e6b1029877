import { randomInt, randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tehranDay } from '@portal/contract/wallet/offline-deposits';
import { accountTranslator, typeCode, typeInto } from '../../src/account-steps';
import { signUp } from '../../src/auth-steps';
import { cardNumber, shownCardMask, submitBankAccount } from '../../src/bank-steps';
import { connectBrowser, openTab, seriousA11yViolations, VIEWPORTS, type Tab } from '../../src/browser';
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
import { freshMobile, latestCode, startServer, type RunningServer } from '../../src/server';

/**
 * The console's money desk (issue 5), in Persian. An investor on a desktop signs up, reaches KYC level
 * one, adds a card, records the video an operator approves (level two), pays 2,000,000 toman through the
 * sandbox gateway and asks for two withdrawals (300,000 on the withdraw page, 150,000 through the API
 * with the same session) and declares an offline deposit of 1,500,000 with a receipt photo. The demo
 * operator, on a desktop, finds the withdrawals in the console's queue oldest first, approves the first
 * after a confirmation (the destination card masked first 6, last 4) and rejects the second with a
 * reason while the same operator on a phone still has it open: there, deciding says another operator
 * decided first. The offline deposit is approved beside its receipt photo and the wallet is credited
 * the amount less the fee; the user's page shows the wallets. Every console page is scanned and
 * photographed.
 */

// A server of its own: the journey reads whole queues (oldest first, then empty), which the other
// journeys, running beside it on the shared server (decision 037), would fill with their requests.
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
const fa = persianDigits;
const toman = (digits: string) => `${fa(digits.replace(/\B(?=(\d{3})+(?!\d))/g, '٬'))} ${t('currency.IRT')}`;

/** The toman wallet as the API answers it to the investor's session. */
async function tomanWallet(page: Page) {
  const { items } = (await (await page.request.get('/api/wallets')).json()) as {
    items: { currency: string; available: string; held: string }[];
  };
  return items.find((w) => w.currency === 'IRT');
}

/**
 * A withdrawal through the API with the investor's session: the confirming code (asked again while the
 * previous one's resend wait runs), then the request.
 */
async function withdrawThroughApi(page: Page, mobile: string, bankAccountId: string, amount: string) {
  for (let tries = 0; ; tries++) {
    const sent = await page.request.post('/api/wallet/withdrawals/code', { data: {} });
    if (sent.status() === 200) break;
    expect([sent.status(), tries < 30]).toEqual([429, true]);
    await page.waitForTimeout(3000);
  }
  const res = await page.request.post('/api/wallet/withdrawals', {
    headers: { 'idempotency-key': randomUUID() },
    data: { bankAccountId, amount, code: await latestCode(server.baseUrl, mobile) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

/** In a money queue, the request whose row shows `amount`: its row (a table row or a phone's card). */
const queueItem = (page: Page, amount: string) => page.locator('tr, li').filter({ hasText: toman(amount) });

/** Chooses a reject reason in the decision dialog, adds an internal comment and rejects. */
async function reject(page: Page, reason: string, comment: string) {
  await page.getByRole('button', { name: t('admin:money.decision.reject'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('admin:money.decision.rejectTitle'), exact: true });
  await dialog.getByRole('combobox', { name: new RegExp(t('admin:money.decision.reason')) }).click();
  await page.getByRole('option', { name: reason, exact: true }).click();
  await typeInto(page, t('admin:money.decision.comment'), comment);
  await screenshot(page, 'money-desk-reject-fa-desktop');
  await dialog.getByRole('button', { name: t('admin:money.decision.rejectConfirm'), exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function approve(page: Page) {
  await page.getByRole('button', { name: t('admin:money.decision.approve'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('admin:money.decision.approveTitle'), exact: true });
  await dialog.getByRole('button', { name: t('admin:money.decision.approveConfirm'), exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function expectClean(tab: Tab) {
  expect(await seriousA11yViolations(tab.page)).toEqual([]);
}

// A long journey: two KYC steps, a gateway payment, a resend wait between two phone codes, three decisions.
describe('the money desk (fa)', { timeout: 300_000 }, () => {
  test('withdrawals approved and rejected (another operator first on a phone); an offline deposit credited', async () => {
    // --- the investor, on a desktop: sign up, KYC level one, the video ---
    const investor = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
    const { page } = investor;
    screenshotOnFailure(page, 'money-desk-investor-fa-desktop');
    await investor.context.grantPermissions(['camera', 'microphone'], { origin: server.baseUrl });
    const mobile = freshMobile();
    await page.goto('/auth');
    await signUp(page, server.baseUrl, t, 'fa', mobile);
    await chooseTrack(page, t, 'iranian');
    await submitIdentity(page, t, 'fa', validNationalCode(), { year: '1368', month: 3, day: '12' });
    await page.getByText(t('kyc:summary.done'), { exact: true }).waitFor();
    await recordAndSendVideo(page, t, t('kyc:video.submit'));
    await page.getByText(t('kyc:outcome.pending.title'), { exact: true }).waitFor();

    // --- the demo operator, on a desktop, approves the video: level two ---
    const operator = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
    const op = operator.page;
    screenshotOnFailure(op, 'money-desk-operator-fa-desktop');
    await logInAsOperator(op, t, 'fa', server.operator('admin'));
    await openPendingSubmission(op, t, 'fa', mobile);
    await approve(op);
    expect(await (await page.request.get('/api/kyc')).json()).toMatchObject({ level: 2 });

    // --- a card of the investor's own, on the add-bank-account page ---
    const card = cardNumber('melli');
    await page.goto('/profile/add-bank-account');
    await submitBankAccount(page, t, 'fa', 'card', card);
    await page.waitForURL((url) => url.pathname === '/profile/bank-accounts');
    const [account] = ((await (await page.request.get('/api/bank-accounts')).json()) as { items: { id: string }[] })
      .items;

    // --- 2,000,000 toman through the sandbox gateway ---
    const started = await page.request.post('/api/wallet/deposits/gateway', {
      headers: { 'idempotency-key': randomUUID() },
      data: { amount: '2000000' },
    });
    expect(started.status()).toBe(201);
    const { depositId, redirectUrl } = (await started.json()) as { depositId: string; redirectUrl: string };
    // The sandbox gateway's page names no icon, so a desktop browser asks for `/favicon.ico` (404).
    investor.expectHttpError(404, '/favicon.ico');
    await page.goto(redirectUrl);
    await page.getByRole('button', { name: 'پرداخت', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('Status') === 'OK');
    const authority = new URL(page.url()).searchParams.get('Authority')!;
    const verified = await page.request.post(`/api/wallet/deposits/${depositId}/verify`, {
      data: { authority, status: 'OK' },
    });
    expect(await verified.json()).toMatchObject({ outcome: 'success', credited: '2000000' });

    // --- withdrawal one: 300,000 on the withdraw page, confirmed with the phone code ---
    await page.goto('/wallet/withdraw');
    const form = page.getByRole('form', { name: t('wallet:withdraw.form.title'), exact: true });
    expect(await form.getByRole('radio').isChecked()).toBe(true);
    await typeInto(page, t('wallet:withdraw.form.amount'), fa('300000'));
    await form.getByRole('button', { name: t('wallet:withdraw.form.submit'), exact: true }).click();
    const verifyDialog = page.getByRole('dialog', { name: t('wallet:withdraw.verify.title'), exact: true });
    await verifyDialog.getByLabel(t('wallet:withdraw.verify.codeLabel'), { exact: true }).waitFor();
    await typeCode(page, 'fa', t('wallet:withdraw.verify.codeLabel'), await latestCode(server.baseUrl, mobile));
    await verifyDialog.getByRole('button', { name: t('wallet:withdraw.verify.submit'), exact: true }).click();
    await page.getByText(t('wallet:withdraw.success.title'), { exact: true }).waitFor();

    // --- an offline deposit of 1,500,000: the receipt photo first, then the declaration ---
    const receipt = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 480, height: 360 } });
    const uploaded = await page.request.post('/api/files?purpose=deposit_receipt', {
      headers: { 'content-type': 'image/png' },
      data: receipt,
    });
    expect(uploaded.status()).toBe(201);
    const { fileId } = (await uploaded.json()) as { fileId: string };
    const receiptNumber = `RC${randomInt(1e6, 1e7)}`;
    const declared = await page.request.post('/api/wallet/deposits/offline', {
      headers: { 'idempotency-key': randomUUID() },
      data: {
        amount: '1500000',
        receiptNumber,
        destination: 'mellat',
        depositDate: tehranDay(new Date()),
        receiptFileId: fileId,
      },
    });
    expect(declared.status(), await declared.text()).toBe(201);

    // --- withdrawal two: 150,000 through the API with the investor's session ---
    await withdrawThroughApi(page, mobile, account!.id, '150000');
    expect(await tomanWallet(page)).toMatchObject({ available: '1550000', held: '450000' });

    // --- the operator: the withdrawal queue from the console's navigation, oldest first ---
    await op.goto('/admin');
    const nav = op.getByRole('navigation', { name: t('admin:console.navLabel'), exact: true });
    await nav.getByRole('link', { name: t('admin:nav.withdrawals'), exact: true }).click();
    await op.getByRole('heading', { name: t('admin:withdrawals.title'), level: 1, exact: true }).waitFor();
    const table = op.getByRole('table', { name: t('admin:withdrawals.title'), exact: true });
    await queueItem(op, '150000').waitFor();
    expect(await table.locator('tbody tr').allTextContents()).toEqual([
      expect.stringContaining(toman('300000')),
      expect.stringContaining(toman('150000')),
    ]);
    await screenshot(op, 'money-desk-withdrawals-fa-desktop');
    await expectClean(operator);

    // The first: who, how much, where (the card masked first 6, last 4); approved after a confirmation.
    await queueItem(op, '300000')
      .getByRole('link', { name: t('admin:money.review'), exact: true })
      .click();
    await op.getByRole('heading', { name: t('admin:withdrawals.itemTitle'), level: 1, exact: true }).waitFor();
    const destination = op.getByRole('region', { name: t('admin:withdrawals.destination.title'), exact: true });
    await destination.getByText(shownCardMask(card, 'fa'), { exact: true }).waitFor();
    await destination.getByText(t('bank:banks.melli'), { exact: true }).waitFor();
    expect(await op.content()).not.toContain(card);
    await op.getByText(toman('300000'), { exact: true }).waitFor();
    await screenshot(op, 'money-desk-withdrawal-fa-desktop');
    await expectClean(operator);
    await approve(op);
    await op.getByText(t('admin:withdrawals.decision.approved'), { exact: true }).waitFor();
    await op.waitForURL((url) => url.pathname === '/admin/withdrawals');
    await queueItem(op, '300000').waitFor({ state: 'detached' });

    // --- the same operator on a phone opens the second one ---
    const phone = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    screenshotOnFailure(phone.page, 'money-desk-operator-fa-phone');
    await phone.context.addCookies(await operator.context.cookies());
    await phone.page.goto('/admin/withdrawals');
    await queueItem(phone.page, '150000').click();
    await phone.page.getByRole('heading', { name: t('admin:withdrawals.itemTitle'), level: 1, exact: true }).waitFor();
    await phone.page.getByRole('button', { name: t('admin:money.decision.approve'), exact: true }).waitFor();
    await screenshot(phone.page, 'money-desk-withdrawal-fa-phone');
    await expectClean(phone);

    // --- …while on the desktop it is rejected with a reason and an internal comment ---
    await queueItem(op, '150000')
      .getByRole('link', { name: t('admin:money.review'), exact: true })
      .click();
    await op.getByRole('heading', { name: t('admin:withdrawals.itemTitle'), level: 1, exact: true }).waitFor();
    await reject(op, t('admin:withdrawals.reasons.suspicious_activity'), 'برداشت‌های پیاپی پس از واریز');
    await op.getByText(t('admin:withdrawals.decision.rejected'), { exact: true }).waitFor();
    await op.getByText(t('admin:withdrawals.empty.Pending'), { exact: true }).waitFor();
    // The rejected tab has it, with the status the operator reads.
    await op.getByRole('tab', { name: t('admin:withdrawals.tabs.Rejected'), exact: true }).click();
    await queueItem(op, '150000')
      .getByRole('link', { name: t('admin:money.view'), exact: true })
      .click();
    await op.getByText(t('admin:withdrawals.statuses.Rejected'), { exact: true }).waitFor();
    await op.getByText('برداشت‌های پیاپی پس از واریز', { exact: true }).waitFor();

    // On the phone, approving it now: another operator decided first, and the page shows the decision.
    phone.expectHttpError(409, '/approve');
    await approve(phone.page);
    await phone.page.getByText(t('admin:money.decision.alreadyReviewed'), { exact: true }).waitFor();
    await phone.page.getByText(t('admin:withdrawals.reasons.suspicious_activity'), { exact: true }).waitFor();
    await phone.page
      .getByRole('button', { name: t('admin:money.decision.approve'), exact: true })
      .waitFor({ state: 'detached' });
    await screenshot(phone.page, 'money-desk-already-reviewed-fa-phone');
    await expectClean(phone);

    // The investor: the first stays held until its bank cycle pays it out, the second is back in the wallet.
    expect(await tomanWallet(page)).toMatchObject({ available: '1700000', held: '300000' });

    // --- the offline deposit: the receipt photo beside the declaration; approved, the wallet credited ---
    await nav.getByRole('link', { name: t('admin:nav.offlineDeposits'), exact: true }).click();
    await op.getByRole('heading', { name: t('admin:offlineDeposits.title'), level: 1, exact: true }).waitFor();
    await queueItem(op, '1500000')
      .getByRole('link', { name: t('admin:money.review'), exact: true })
      .click();
    await op.getByRole('heading', { name: t('admin:offlineDeposits.itemTitle'), level: 1, exact: true }).waitFor();
    const bankSide = op.getByRole('region', { name: t('admin:offlineDeposits.bank.title'), exact: true });
    await bankSide.getByText(receiptNumber, { exact: true }).waitFor();
    await bankSide.getByText(t('bank:banks.mellat'), { exact: true }).waitFor();
    const photo = op.getByRole('img', { name: /فیش بانکی/ });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    await op.getByText(toman('1496000'), { exact: true }).waitFor();
    await screenshot(op, 'money-desk-offline-deposit-fa-desktop');
    await expectClean(operator);
    await approve(op);
    await op.getByText(t('admin:offlineDeposits.decision.approved'), { exact: true }).waitFor();
    await op.getByText(t('admin:offlineDeposits.empty.Pending'), { exact: true }).waitFor();
    expect(await tomanWallet(page)).toMatchObject({ available: '3196000', held: '300000' });

    // --- the investor's page in the console: the wallets ---
    await op.getByRole('tab', { name: t('admin:offlineDeposits.tabs.Successful'), exact: true }).click();
    await queueItem(op, '1500000')
      .getByRole('link', { name: t('admin:money.view'), exact: true })
      .click();
    await op.getByRole('heading', { name: t('admin:offlineDeposits.itemTitle'), level: 1, exact: true }).waitFor();
    await op
      .getByRole('region', { name: t('admin:money.summary'), exact: true })
      .getByRole('link')
      .first()
      .click();
    const wallets = op.getByRole('region', { name: t('admin:user.money.title'), exact: true });
    const tomanRow = wallets.getByRole('row', { name: new RegExp(t('currency.IRT')) });
    await tomanRow.getByText(fa('3٬196٬000'), { exact: true }).waitFor();
    await screenshot(op, 'money-desk-user-wallets-fa-desktop');
    await expectClean(operator);

    for (const tab of [investor, operator, phone]) {
      expect(tab.errors).toEqual([]);
      await tab.context.close();
    }
  });
});
