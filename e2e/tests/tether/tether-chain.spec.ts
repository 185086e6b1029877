import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tronAddressFromBytes } from '@portal/contract/tether/networks';
import { accountTranslator, typeCode, typeInto } from '../../src/account-steps';
import { signUp } from '../../src/auth-steps';
import { connectBrowser, openTab, seriousA11yViolations, VIEWPORTS, type Tab } from '../../src/browser';
import { shownDecimal } from '../../src/fund-steps';
import { escapeRegExp, persianDigits } from '../../src/i18n';
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
 * Tether on chain (issue 18 "Done when"), in Persian. A new investor on a phone reaches KYC level two
 * (identity, a video an operator approves), creates their TRC20 deposit address on `/wallet/deposit/usdt`;
 * a transfer of 1,500 tether is sent to it on the sandbox chain (the dev route) and mined: the deposit shows
 * as waiting with «5 of 19» confirmations, then, 14 blocks later, credited, once (more blocks change
 * nothing; the ledger has one TetherDeposit). On a desktop the investor saves an address in the address
 * book and withdraws 1,200 tether to it (fee 1 on top): above the review bound (1,000), so it waits for an
 * operator, who approves it in the console's chain withdrawal queue; the sandbox signer sends it, the
 * investor sees it on chain with its hash and «5 of 19» confirmations, then paid at 19; the USDT wallet's
 * history shows both movements with their hashes.
 *
 * The codes: the product confirms a tether withdrawal with one second-factor code, as the toman withdrawal
 * does (decision 029; SPEC §2 "same verification") — the authenticator's code when two-factor is on, else
 * the phone code of purpose `withdrawal`; it never asks for both. This new investor has no two-factor, so the
 * withdrawal is confirmed with the phone code (from the dev outbox).
 *
 * Its own server: the watcher every 200 ms and no automatic mining (`SANDBOX_BLOCK_MS=0`), so the chain
 * moves only when the journey mines, and the queue it reads is its own.
 */

const t = accountTranslator('fa');
const fa = persianDigits;
/** A tether amount as the pages show it: `۱٬۵۰۰ تتر`. */
const tether = (amount: string) => `${shownDecimal(amount)} ${t('currency.USDT')}`;
/** A hash shortened as the pages show it (`chain-details.tsx`'s `shortChainText`). */
const shortHash = (text: string) =>
  text.length <= 15 ? text : `${text.slice(0, 6 + (text.startsWith('0x') ? 2 : 0))}…${text.slice(-6)}`;

const DEPOSIT = '1500';
const WITHDRAW = '1200';
const FEE = '1';
const TRC20_CONFIRMATIONS = 19;

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ CHAIN_POLL_MS: '200', SANDBOX_BLOCK_MS: '0' }, { operators: { admin: 1 } }),
    connectBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// ————— the sandbox chain, through its dev routes —————

async function devPost<T>(path: string, data: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}/api/dev/sandbox-chain/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(data),
  });
  const body = await res.text();
  if (!res.ok) throw new Error(`POST /api/dev/sandbox-chain/${path} answered ${res.status}: ${body}`);
  return JSON.parse(body) as T;
}

async function sendOnChain(to: string, amount: string) {
  return devPost<{ txHash: string; amount: string | null }>('transfer', { network: 'TRC20', to, amount });
}

/** Mines `blocks` TRC20 blocks; answers the new head's number. */
async function mine(blocks: number): Promise<bigint> {
  const { head } = await devPost<{ head: { number: string } }>('mine', { network: 'TRC20', blocks });
  return BigInt(head.number);
}

// ————— the server's answers —————

interface Wallet {
  walletId: string;
  currency: string;
  available: string;
  held: string;
}
async function usdtWallet(page: Page): Promise<Wallet> {
  const { items } = (await (await page.request.get('/api/wallets')).json()) as { items: Wallet[] };
  return items.find((w) => w.currency === 'USDT')!;
}

interface Deposit {
  id: string;
  txHash: string;
  amount: string;
  status: string;
  confirmations: number;
  requiredConfirmations: number;
}
async function deposits(page: Page): Promise<Deposit[]> {
  return ((await (await page.request.get('/api/wallet/tether/deposits')).json()) as { items: Deposit[] }).items;
}

interface Withdrawal {
  id: string;
  state: string;
  amount: string;
  fee: string;
  total: string;
  address: string;
  addressLabel: string | null;
  txHash: string | null;
  confirmations: number | null;
}
async function withdrawals(page: Page): Promise<Withdrawal[]> {
  return ((await (await page.request.get('/api/wallet/tether/withdrawals')).json()) as { items: Withdrawal[] }).items;
}

interface HistoryItem {
  type: string;
  refType: string;
  amount: string;
  chain?: { txHash: string | null; status: string } | null;
}
async function usdtHistory(page: Page, refType: string) {
  const res = await page.request.get(`/api/transactions?currency=USDT&refType=${refType}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { total: number; items: HistoryItem[] };
}

/** The TRC20 watcher's last scanned block, as the console's desk reads it (an operator's session). */
async function lastScannedTrc20(op: Page): Promise<bigint> {
  const desk = (await (await op.request.get('/api/admin/chain')).json()) as {
    networks: { network: string; watcher: { lastScannedBlock: string | null } }[];
  };
  const scanned = desk.networks.find((n) => n.network === 'TRC20')?.watcher.lastScannedBlock;
  return scanned === null || scanned === undefined ? -1n : BigInt(scanned);
}

// ————— the pages —————

/** The figures of a `<dl>`: label → value, as read. */
async function detailsOf(scope: Locator): Promise<Record<string, string>> {
  return scope.evaluate((el) => {
    const out: Record<string, string> = {};
    for (const dt of Array.from(el.querySelectorAll('dt'))) {
      const dd = dt.nextElementSibling;
      if (dd?.tagName === 'DD') out[dt.textContent?.trim() ?? ''] = dd.textContent?.trim() ?? '';
    }
    return out;
  });
}

/** Scrolls an element to the middle of the viewport (the screenshots show the viewport). */
async function centre(locator: Locator) {
  await locator.evaluate((el) => el.scrollIntoView({ block: 'center' }));
}

async function expectClean(tab: Tab) {
  expect(await seriousA11yViolations(tab.page)).toEqual([]);
}

describe('tether on chain (fa)', () => {
  test('phone: a TRC20 address and a deposit confirmed then credited once; desktop: a saved address, a withdrawal approved, sent and paid', async () => {
    // --- the investor, on a phone: sign up, KYC level one, the video ---
    const investor = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    const { page } = investor;
    screenshotOnFailure(page, 'tether-chain-fa-phone');
    await investor.context.grantPermissions(['camera', 'microphone'], { origin: server.baseUrl });
    const mobile = freshMobile();
    await page.goto('/auth');
    await signUp(page, server.baseUrl, t, 'fa', mobile);
    await chooseTrack(page, t, 'iranian');
    await submitIdentity(page, t, 'fa', validNationalCode(), { year: '1369', month: 8, day: '21' });
    await page.getByText(t('kyc:summary.done'), { exact: true }).waitFor();
    await recordAndSendVideo(page, t, t('kyc:video.submit'));
    await page.getByText(t('kyc:outcome.pending.title'), { exact: true }).waitFor();

    // --- an operator, on a desktop, approves the video: level two ---
    const operator = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
    const op = operator.page;
    screenshotOnFailure(op, 'tether-chain-operator-fa-desktop');
    await logInAsOperator(op, t, 'fa', server.operator('admin'));
    await openPendingSubmission(op, t, 'fa', mobile);
    await op.getByRole('button', { name: t('admin:kyc.decision.approve'), exact: true }).click();
    const approveKyc = op.getByRole('dialog', { name: t('admin:kyc.decision.approveTitle'), exact: true });
    await approveKyc.getByRole('button', { name: t('admin:kyc.decision.approveConfirm'), exact: true }).click();
    await approveKyc.waitFor({ state: 'detached' });
    expect(await (await page.request.get('/api/kyc')).json()).toMatchObject({ level: 2 });

    // --- the deposit page, from the tether card of the wallet ---
    await page.goto('/wallet');
    await page.getByRole('link', { name: t('chain:wallet.depositLabel'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/wallet/deposit/usdt');
    await page.getByRole('heading', { name: t('chain:deposit.pageTitle'), level: 1, exact: true }).waitFor();
    // TRON (TRC20), listed first and chosen (checked again as the investor would); no address there yet.
    const trc20 = t('chain:networks.TRC20');
    const trc20Radio = (scope: Page | Locator) =>
      scope.getByRole('radio', { name: new RegExp(`^${escapeRegExp(trc20)}`) });
    await trc20Radio(page).check();
    await expect.poll(() => trc20Radio(page).isChecked()).toBe(true);
    await page.getByText(t('chain:deposit.address.none', { network: trc20 }), { exact: true }).waitFor();
    await page.getByText(t('chain:deposit.list.empty'), { exact: true }).waitFor();
    await page
      .getByRole('button', { name: t('chain:deposit.address.create', { network: 'TRC20' }), exact: true })
      .click();

    // The address, its QR code, the copy button and the warnings.
    const addressBox = page.locator('output[aria-labelledby="deposit-address-label"]');
    await addressBox.waitFor();
    const address = (await addressBox.textContent())!.trim();
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await page.getByRole('img', { name: t('chain:deposit.address.qr', { network: trc20 }), exact: true }).waitFor();
    await page.getByRole('button', { name: t('chain:deposit.address.copy'), exact: true }).waitFor();
    await page.getByText(t('chain:deposit.warnings.onlyTether'), { exact: true }).waitFor();
    await page
      .getByText(t('chain:deposit.warnings.confirmations', { n: fa(String(TRC20_CONFIRMATIONS)) }), { exact: true })
      .waitFor();
    const addresses = (await (await page.request.get('/api/wallet/tether/deposit-addresses')).json()) as {
      items: { network: string; address: string }[];
    };
    expect(addresses.items).toEqual([expect.objectContaining({ network: 'TRC20', address })]);
    await centre(addressBox);
    await screenshot(page, 'tether-chain-deposit-address-fa-phone');
    await expectClean(investor);

    // --- 1,500 tether sent to it on the sandbox chain, mined with 4 blocks on top: 5 of 19 confirmations ---
    const sent = await sendOnChain(address, DEPOSIT);
    expect(sent.amount).toBe(DEPOSIT);
    const headAfterFive = await mine(5);
    await expect
      .poll(async () => (await deposits(page)).map((d) => [d.txHash, d.status, d.confirmations]), { timeout: 15_000 })
      .toEqual([[sent.txHash, 'Confirming', 5]]);
    expect(await usdtWallet(page)).toMatchObject({ available: '0', held: '0' });
    // The user comes back to the page: the deposit waits, with its confirmations and its hash.
    await page.reload();
    const depositList = page.getByRole('list', { name: t('chain:deposit.list.title'), exact: true });
    const depositRow = depositList.getByRole('listitem').first();
    await depositRow.getByText(`${tether(DEPOSIT)} – ${trc20}`, { exact: true }).waitFor();
    await depositRow.getByText(t('chain:depositStatus.Confirming'), { exact: true }).waitFor();
    expect(await detailsOf(depositRow.locator('dl'))).toMatchObject({
      [t('chain:details.confirmations')]: t('chain:details.confirmationsOf', {
        n: fa('5'),
        of: fa(String(TRC20_CONFIRMATIONS)),
      }),
      [t('chain:details.txHash')]: expect.stringContaining(shortHash(sent.txHash)),
    });
    await page.getByText(t('chain:deposit.list.polling'), { exact: true }).waitFor();
    await centre(depositRow);
    await screenshot(page, 'tether-chain-deposit-confirming-fa-phone');
    await expectClean(investor);

    // --- 14 blocks more: 19 confirmations, credited; the page reads it again by itself ---
    await mine(TRC20_CONFIRMATIONS - 5);
    await depositRow.getByText(t('chain:depositStatus.Credited'), { exact: true }).waitFor({ timeout: 30_000 });
    expect(await detailsOf(depositRow.locator('dl'))).toMatchObject({
      [t('chain:details.confirmations')]: t('chain:details.confirmationsOf', {
        n: fa(String(TRC20_CONFIRMATIONS)),
        of: fa(String(TRC20_CONFIRMATIONS)),
      }),
    });
    await depositRow.getByText(t('chain:deposit.list.creditedAt'), { exact: true }).waitFor();
    await centre(depositRow);
    await screenshot(page, 'tether-chain-deposit-credited-fa-phone');
    expect(await usdtWallet(page)).toMatchObject({ available: DEPOSIT, held: '0' });

    // Credited once: more blocks, scanned by the watcher, change nothing.
    const head = await mine(5);
    expect(head).toBe(headAfterFive + BigInt(TRC20_CONFIRMATIONS));
    await expect.poll(() => lastScannedTrc20(op), { timeout: 15_000 }).toBeGreaterThanOrEqual(head);
    expect(await usdtWallet(page)).toMatchObject({ available: DEPOSIT, held: '0' });
    const credited = await usdtHistory(page, 'TetherDeposit');
    expect(credited.total).toBe(1);
    expect(credited.items[0]).toMatchObject({
      type: 'Deposit',
      amount: DEPOSIT,
      chain: { txHash: sent.txHash, status: 'Successful' },
    });
    expect((await deposits(page)).map((d) => d.status)).toEqual(['Credited']);

    // The tether wallet's history on the phone: the deposit, with its network and hash.
    const wallet = await usdtWallet(page);
    await page.goto(`/wallet?walletId=${wallet.walletId}`);
    const usdtHistoryList = (p: Page) =>
      p.getByRole('list', {
        name: t('wallet:wallet.historyTitle', { currency: t('currency.USDT') }),
        exact: true,
      });
    const depositItem = usdtHistoryList(page)
      .getByRole('listitem')
      .filter({ hasText: t('wallet:refTypes.TetherDeposit') });
    await depositItem.getByText(`+${tether(DEPOSIT)}`, { exact: true }).waitFor();
    await depositItem.getByText(shortHash(sent.txHash), { exact: true }).waitFor();
    await centre(depositItem);
    await screenshot(page, 'tether-chain-wallet-deposit-fa-phone');
    await expectClean(investor);

    // --- the same investor on a desktop: the withdrawal page from the tether card ---
    const desktop = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
    const dp = desktop.page;
    screenshotOnFailure(dp, 'tether-chain-fa-desktop');
    await desktop.context.addCookies(await investor.context.cookies());
    await dp.goto('/wallet');
    await dp.getByRole('link', { name: t('chain:wallet.withdrawLabel'), exact: true }).click();
    await dp.waitForURL((url) => url.pathname === '/wallet/withdraw/usdt');
    await dp.getByRole('heading', { name: t('chain:withdraw.pageTitle'), level: 1, exact: true }).waitFor();
    const balance = dp.getByRole('region', { name: t('chain:withdraw.balance.title'), exact: true });
    await balance.getByText(tether(DEPOSIT), { exact: true }).first().waitFor();
    expect(await detailsOf(balance.locator('dl'))).toMatchObject({
      [t('chain:withdraw.balance.available')]: tether(DEPOSIT),
      [t('chain:withdraw.balance.held')]: tether('0'),
    });

    // --- an address saved in the address book, with a label ---
    const destination = tronAddressFromBytes(randomBytes(20));
    const label = 'کیف پول سخت‌افزاری';
    const book = dp.getByRole('region', { name: t('chain:addressBook.title'), exact: true });
    await book.getByText(t('chain:addressBook.empty'), { exact: true }).waitFor();
    await book.getByRole('button', { name: t('chain:addressBook.add.button'), exact: true }).click();
    const addDialog = dp.getByRole('dialog', { name: t('chain:addressBook.add.title'), exact: true });
    await addDialog.getByLabel(t('chain:addressBook.add.network'), { exact: true }).selectOption('TRC20');
    // The address pasted, the label typed.
    await addDialog.getByLabel(t('chain:addressBook.add.address'), { exact: true }).fill(destination);
    await addDialog.getByLabel(t('chain:addressBook.add.label'), { exact: true }).pressSequentially(label);
    await screenshot(dp, 'tether-chain-address-add-fa-desktop');
    await expectClean(desktop);
    await addDialog.getByRole('button', { name: t('chain:addressBook.add.submit'), exact: true }).click();
    await addDialog.waitFor({ state: 'detached' });
    const saved = book.getByRole('list', { name: t('chain:addressBook.listLabel'), exact: true });
    await saved.getByRole('heading', { name: label, exact: true }).waitFor();
    await saved.getByText(destination, { exact: true }).waitFor();
    const addressBook = (await (await dp.request.get('/api/wallet/tether/address-book')).json()) as {
      whitelist: boolean;
      items: { id: string; network: string; address: string; label: string }[];
    };
    expect(addressBook.whitelist).toBe(false);
    expect(addressBook.items).toEqual([expect.objectContaining({ network: 'TRC20', address: destination, label })]);

    // --- the withdrawal: the saved address, 1,200 tether; the fee and what arrives shown ---
    const form = dp.getByRole('form', { name: t('chain:withdraw.form.title'), exact: true });
    await trc20Radio(form).check();
    await form.getByLabel(t('chain:withdraw.form.fromBook'), { exact: true }).selectOption(addressBook.items[0]!.id);
    expect(await form.getByLabel(t('chain:withdraw.form.address'), { exact: true }).inputValue()).toBe(destination);
    await typeInto(dp, t('chain:withdraw.form.amount'), fa(WITHDRAW));
    const total = String(Number(WITHDRAW) + Number(FEE));
    const figures = form.getByRole('group', { name: t('chain:withdraw.figures.title'), exact: true });
    await figures.getByText(tether(total), { exact: true }).waitFor();
    expect(await detailsOf(figures.locator('dl'))).toEqual({
      [t('chain:withdraw.figures.fee')]: tether(FEE),
      [t('chain:withdraw.figures.received')]: tether(WITHDRAW),
      [t('chain:withdraw.figures.total')]: tether(total),
      [t('chain:withdraw.figures.available')]: tether(DEPOSIT),
    });
    await centre(form);
    await screenshot(dp, 'tether-chain-withdraw-form-fa-desktop');
    await expectClean(desktop);
    await form.getByRole('button', { name: t('chain:withdraw.form.submit'), exact: true }).click();

    // The verification: what goes where, then the phone code (no two-factor on this account).
    const verify = dp.getByRole('dialog', { name: t('chain:withdraw.verify.title'), exact: true });
    await verify.getByLabel(t('wallet:withdraw.verify.codeLabel'), { exact: true }).waitFor();
    await verify
      .getByRole('note', { name: t('chain:withdraw.verify.address'), exact: true })
      .getByText(destination)
      .waitFor();
    await verify.getByText(t('chain:withdraw.verify.label', { label }), { exact: true }).waitFor();
    await screenshot(dp, 'tether-chain-withdraw-verify-fa-desktop');
    await expectClean(desktop);
    await typeCode(dp, 'fa', t('wallet:withdraw.verify.codeLabel'), await latestCode(server.baseUrl, mobile));
    await verify.getByRole('button', { name: t('wallet:withdraw.verify.submit'), exact: true }).click();
    await verify.waitFor({ state: 'detached' });

    // Asked: above the review bound, it waits for an operator; amount and fee are held.
    const done = dp.getByRole('status').filter({ hasText: t('chain:withdraw.success.title') });
    await done.getByText(t('chain:withdrawalStatus.Pending'), { exact: true }).waitFor();
    await done.getByText(t('chain:withdraw.success.pending'), { exact: true }).waitFor();
    await balance.getByText(tether(total), { exact: true }).waitFor();
    expect(await detailsOf(balance.locator('dl'))).toMatchObject({
      [t('chain:withdraw.balance.available')]: tether(String(Number(DEPOSIT) - Number(total))),
      [t('chain:withdraw.balance.held')]: tether(total),
    });
    const withdrawalList = dp.getByRole('list', { name: t('chain:withdraw.list.title'), exact: true });
    const withdrawalRow = withdrawalList.getByRole('listitem').first();
    await withdrawalRow
      .getByRole('heading', { name: t('chain:withdraw.list.heading', { amount: tether(WITHDRAW), to: label }) })
      .waitFor();
    await withdrawalRow.getByText(t('chain:withdrawalStatus.Pending'), { exact: true }).waitFor();
    await withdrawalRow
      .getByRole('button', { name: t('chain:withdraw.list.cancelLabel', { amount: tether(WITHDRAW) }), exact: true })
      .waitFor();
    await centre(withdrawalRow);
    await screenshot(dp, 'tether-chain-withdraw-pending-fa-desktop');
    await expectClean(desktop);
    const [asked] = await withdrawals(dp);
    expect(asked).toMatchObject({
      state: 'Pending',
      amount: WITHDRAW,
      fee: FEE,
      total,
      address: destination,
      addressLabel: label,
      txHash: null,
    });
    expect(await usdtWallet(dp)).toMatchObject({ available: String(Number(DEPOSIT) - Number(total)), held: total });

    // --- the operator: the chain desk's withdrawal queue, from the console's navigation ---
    await op.goto('/admin');
    await op
      .getByRole('navigation', { name: t('admin:console.navLabel'), exact: true })
      .getByRole('link', { name: t('admin:nav.chain'), exact: true })
      .click();
    await op.getByRole('heading', { name: t('admin:chain.sections.networks'), level: 1, exact: true }).waitFor();
    await op.getByRole('tab', { name: t('admin:chain.tabs.withdrawals'), exact: true }).click();
    await op.getByRole('heading', { name: t('admin:chain.sections.withdrawals'), level: 1, exact: true }).waitFor();
    const queue = op.getByRole('table', { name: t('admin:chain.sections.withdrawals'), exact: true });
    const queued = queue.getByRole('row').filter({ hasText: tether(WITHDRAW) });
    await queued.waitFor();
    expect(await queue.locator('tbody tr').count()).toBe(1);
    await queued.getByText(label, { exact: true }).waitFor();
    await screenshot(op, 'tether-chain-queue-fa-desktop');
    await expectClean(operator);

    // The withdrawal: who, how much, where; approved after a confirmation.
    await queued.getByRole('link', { name: t('admin:money.review'), exact: true }).click();
    await op.getByRole('heading', { name: t('admin:chain.withdrawal.title'), level: 1, exact: true }).waitFor();
    await op.getByTestId('chain-withdrawal-amount').getByText(tether(WITHDRAW)).waitFor();
    expect(await op.getByTestId('chain-withdrawal-total').textContent()).toContain(shownDecimal(total));
    expect(await op.getByTestId('chain-withdrawal-address').textContent()).toContain(destination);
    await op.getByText(t('admin:chain.withdrawal.notSent'), { exact: true }).waitFor();
    await screenshot(op, 'tether-chain-withdrawal-fa-desktop');
    await expectClean(operator);
    await op.getByRole('button', { name: t('admin:money.decision.approve'), exact: true }).click();
    const approve = op.getByRole('dialog', { name: t('admin:money.decision.approveTitle'), exact: true });
    await approve.getByText(t('admin:chain.withdrawals.decision.approveText'), { exact: true }).waitFor();
    await approve.getByRole('button', { name: t('admin:money.decision.approveConfirm'), exact: true }).click();
    await approve.waitFor({ state: 'detached' });
    await op.getByText(t('admin:chain.withdrawals.decision.approved'), { exact: true }).waitFor();
    await op.waitForURL((url) => url.pathname === '/admin/chain/withdrawals');
    await op.getByText(t('admin:chain.withdrawals.emptyPending'), { exact: true }).waitFor();

    // --- the sandbox signer sends it at the watcher's next tick: on chain, with its hash ---
    await expect.poll(async () => (await withdrawals(dp))[0]?.state, { timeout: 15_000 }).toBe('Sent');
    const sentOut = (await withdrawals(dp))[0]!;
    const txHash = sentOut.txHash!;
    expect(txHash).toMatch(/^[0-9a-f]{64}$/);
    // Mined with 4 blocks on top: 5 of 19 confirmations, followed by the watcher.
    await mine(5);
    await expect.poll(async () => (await withdrawals(dp))[0]?.confirmations, { timeout: 15_000 }).toBe(5);
    await dp.reload();
    await withdrawalRow.getByText(t('chain:withdrawalStatus.Sent'), { exact: true }).waitFor();
    expect(await detailsOf(withdrawalRow.locator('dl'))).toMatchObject({
      [t('chain:details.txHash')]: expect.stringContaining(shortHash(txHash)),
      [t('chain:details.confirmations')]: t('chain:details.confirmationsOf', {
        n: fa('5'),
        of: fa(String(TRC20_CONFIRMATIONS)),
      }),
    });
    expect(await withdrawalRow.getByRole('button').count()).toBe(0);
    await centre(withdrawalRow);
    await screenshot(dp, 'tether-chain-withdraw-sent-fa-desktop');
    await expectClean(desktop);

    // --- 14 blocks more: paid; the page reads it again by itself ---
    await mine(TRC20_CONFIRMATIONS - 5);
    await withdrawalRow.getByText(t('chain:withdrawalStatus.Successful'), { exact: true }).waitFor({ timeout: 30_000 });
    expect(await detailsOf(withdrawalRow.locator('dl'))).toMatchObject({
      [t('chain:details.txHash')]: expect.stringContaining(shortHash(txHash)),
    });
    await balance.getByText(tether('0'), { exact: true }).waitFor();
    await centre(withdrawalRow);
    await screenshot(dp, 'tether-chain-withdraw-paid-fa-desktop');
    const [paid] = await withdrawals(dp);
    expect(paid).toMatchObject({ id: asked!.id, state: 'Successful', txHash });
    const left = String(Number(DEPOSIT) - Number(total));
    expect(await usdtWallet(dp)).toMatchObject({ available: left, held: '0' });

    // --- the tether wallet's history: the withdrawal with its hash, paid; the one deposit ---
    await dp.goto(`/wallet?walletId=${wallet.walletId}`);
    const history = usdtHistoryList(dp);
    const withdrawalItem = history.getByRole('listitem').filter({ hasText: t('wallet:refTypes.TetherWithdrawal') });
    await withdrawalItem.getByText(`−${tether(total)}`, { exact: true }).waitFor();
    await withdrawalItem.getByText(shortHash(txHash), { exact: true }).waitFor();
    await withdrawalItem.getByText(t('chain:userStatus.Successful'), { exact: true }).waitFor();
    await history
      .getByRole('listitem')
      .filter({ hasText: t('wallet:refTypes.TetherDeposit') })
      .waitFor();
    await screenshot(dp, 'tether-chain-wallet-history-fa-desktop');
    await expectClean(desktop);
    const out = await usdtHistory(dp, 'TetherWithdrawal');
    expect(out.items).toEqual([
      expect.objectContaining({
        type: 'Withdrawal',
        amount: total,
        chain: expect.objectContaining({ txHash, status: 'Successful' }),
      }),
    ]);
    expect((await usdtHistory(dp, 'TetherDeposit')).total).toBe(1);

    // The console shows it done, with the hash.
    await op.goto(`/admin/chain/withdrawals/${asked!.id}`);
    await op.getByText(t('admin:chain.withdrawals.statuses.Successful'), { exact: true }).waitFor();
    expect(await op.getByTestId('chain-tx-hash').getAttribute('title')).toBe(txHash);
    await screenshot(op, 'tether-chain-withdrawal-paid-fa-desktop');

    for (const tab of [investor, operator, desktop]) {
      expect(tab.errors).toEqual([]);
      await tab.context.close();
    }
    // A long journey: KYC with a recorded video and an operator, two viewports, the chain mined twice over.
  }, 300_000);
});
