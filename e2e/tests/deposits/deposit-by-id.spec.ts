import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DepositId } from '@portal/contract/wallet/deposit-by-id';
import { accountTranslator } from '../../src/account-steps';
import { signUp } from '../../src/auth-steps';
import { sheba, submitBankAccount } from '../../src/bank-steps';
import { launchBrowser, openTab, seriousA11yViolations, VIEWPORTS } from '../../src/browser';
import { shownToman, tomanWallet } from '../../src/deposit-steps';
import { persianDigits } from '../../src/i18n';
import {
  chooseTrack,
  demoOperatorFromLog,
  logInAsOperator,
  submitIdentity,
  validNationalCode,
} from '../../src/kyc-steps';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, startServer, type RunningServer } from '../../src/server';

/**
 * Deposit by ID (SPEC §2 "Deposit", §9; decision 020), in Persian on a phone and on a desktop. An
 * investor at KYC level one adds a sheba of their own, opens the by-ID tab, sees the rules (0.01% fee,
 * 25,000,000 toman a day, the bank cycles, wrong IDs returned less a fee), chooses the account and gets
 * its payment ID with the portal's account to pay into. The demo operator imports the bank statement in
 * the console: a broken file is refused with a translated line-by-line message and changes nothing; the
 * real one carries 30,000,000 toman with the investor's ID and a transfer without an ID. The investor's
 * wallet then holds 24,997,500 toman (25,000,000 less 0.01%), the wallet history shows the deposit, and
 * the by-ID tab shows the 5,000,000 over the cap going back at the next bank cycle. Importing the same
 * statement again credits nothing twice.
 */

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const t = accountTranslator('fa');

/** Now in Tehran as the statement's `date` and `time` columns (a few minutes ago). */
function tehranNow(): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Tehran',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() - 5 * 60_000));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/** The console's import: chooses the file and sends it. */
async function importStatement(op: Page, name: string, content: string): Promise<void> {
  await op.locator('#statement-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await op.getByText(name, { exact: true }).waitFor();
  await op.getByRole('button', { name: t('admin:bankStatements.import.submit'), exact: true }).click();
}

describe('deposit by ID with an imported statement (fa)', { timeout: 240_000 }, () => {
  for (const size of ['phone', 'desktop'] as const) {
    test(`${size}: payment ID, statement imported in the console, wallet credited up to the cap`, async () => {
      const viewport = VIEWPORTS[size];
      const investor = await openTab(browser, viewport, { baseURL: server.baseUrl });
      const { page } = investor;
      screenshotOnFailure(page, `deposit-by-id-fa-${size}`);
      await page.goto('/auth');
      await signUp(page, server.baseUrl, t, 'fa', freshMobile());
      await chooseTrack(page, t, 'iranian');
      await submitIdentity(page, t, 'fa', validNationalCode(), { year: '1365', month: 8, day: '3' });
      await page.getByText(t('kyc:summary.done'), { exact: true }).waitFor();

      // --- a sheba of the investor's own ---
      const own = sheba('saman');
      await page.goto('/profile/add-bank-account');
      await submitBankAccount(page, t, 'fa', 'sheba', own);
      await page.waitForURL((url) => url.pathname === '/profile/bank-accounts');

      // --- the by-ID tab: the rules, the source account, the payment ID and where to pay ---
      await page.goto('/wallet/deposit?type=id');
      await page.getByRole('tab', { name: t('deposit:tabs.id'), selected: true }).waitFor();
      await page.getByText(t('deposit:byId.capLeft', { left: shownToman(t, '25000000') }), { exact: true }).waitFor();
      await page.getByText(t('deposit:byId.transfers.empty'), { exact: true }).waitFor();
      await page.getByRole('button', { name: t('deposit:byId.create'), exact: true }).click();
      await page.getByText(t('validation.select'), { exact: true }).waitFor();
      await page.getByRole('radio', { name: new RegExp(t('bank:banks.saman')) }).check();
      await page.getByRole('button', { name: t('deposit:byId.create'), exact: true }).click();
      await page.getByRole('button', { name: t('deposit:byId.copyPaymentId'), exact: true }).waitFor();
      const ids = (await (await page.request.get('/api/wallet/deposits/by-id')).json()) as { items: DepositId[] };
      expect(ids.items).toHaveLength(1);
      const paymentId = ids.items[0]!.paymentId;
      await page.getByText(`\u2066${persianDigits(paymentId)}\u2069`, { exact: true }).waitFor();
      await page
        .getByText(t('deposit:byId.destination.title', { bank: t('bank:banks.pasargad') }), { exact: true })
        .waitFor();
      await page.getByRole('button', { name: t('deposit:byId.destination.copySheba'), exact: true }).waitFor();
      await screenshot(page, `deposit-by-id-fa-${size}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      if (size === 'phone') {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      }

      // --- the operator imports the statement in the console ---
      const operator = await openTab(browser, viewport, { baseURL: server.baseUrl });
      const op = operator.page;
      screenshotOnFailure(op, `deposit-by-id-operator-fa-${size}`);
      await logInAsOperator(op, t, 'fa', demoOperatorFromLog(server.log()));
      await op.goto('/admin/bank-statements');
      await op.getByRole('heading', { name: t('admin:bankStatements.title'), level: 1, exact: true }).waitFor();

      const { date, time } = tehranNow();
      const ref = `E2E${Date.now()}${size}`;
      const header = 'date,time,amount_rial,source_sheba,payment_id,bank_ref';
      // A broken file: rials that are not whole toman on line 2. Refused whole, nothing credited.
      operator.expectHttpError(400, '/api/admin/bank-statements');
      await importStatement(op, 'broken.csv', `${header}\n${date},${time},300000005,${own},${paymentId},${ref}A`);
      await op
        .getByText(t('admin:bankStatements.rules.statementAmount', { line: persianDigits('2') }), { exact: true })
        .waitFor();
      expect(await tomanWallet(page)).toMatchObject({ available: '0' });

      const statement = [
        header,
        `${date},${time},300000000,${own},${paymentId},${ref}A`,
        `${date},${time},20000000,${sheba('melli')},,${ref}B`,
      ].join('\n');
      await importStatement(op, 'statement.csv', statement);
      const done = t('admin:bankStatements.import.done', {
        lines: persianDigits('2'),
        added: persianDigits('2'),
        duplicates: persianDigits('0'),
        credited: persianDigits('1'),
        returning: persianDigits('2'),
      });
      await op.getByText(done, { exact: true }).waitFor();
      const lines = op.getByRole('table', { name: t('admin:bankStatements.lines.title'), exact: true });
      await lines
        .getByRole('row')
        .filter({ hasText: `${ref}A` })
        .getByText(t('admin:bankStatements.statuses.Returning'), { exact: true })
        .waitFor();
      await lines
        .getByRole('row')
        .filter({ hasText: `${ref}B` })
        .filter({ hasText: `– ${t('admin:bankStatements.reasons.missing_id')} –` })
        .waitFor();
      await screenshot(op, `bank-statements-fa-${size}`);
      expect(await seriousA11yViolations(op)).toEqual([]);

      // The same statement again: nothing new, nothing credited twice.
      await importStatement(op, 'statement.csv', statement);
      await op
        .getByText(
          t('admin:bankStatements.import.done', {
            lines: persianDigits('2'),
            added: persianDigits('0'),
            duplicates: persianDigits('2'),
            credited: persianDigits('0'),
            returning: persianDigits('0'),
          }),
          { exact: true },
        )
        .waitFor();

      // --- the investor: 25,000,000 accepted less 0.01%; 5,000,000 going back at the next cycle ---
      expect(await tomanWallet(page)).toMatchObject({ available: '24997500' });
      await page.reload();
      const transfers = page.getByRole('list', { name: t('deposit:byId.transfers.title'), exact: true });
      const item = transfers.getByRole('listitem').first();
      await item.getByText(t('deposit:byId.status.Returning'), { exact: true }).waitFor();
      await item
        .getByText(
          t('deposit:byId.transfers.credited', { credited: shownToman(t, '24997500'), fee: shownToman(t, '2500') }),
          { exact: true },
        )
        .waitFor();
      await item.getByText(new RegExp(t('deposit:byId.reason.daily_cap').replace('.', '\\.'))).waitFor();
      await page.getByText(t('deposit:byId.capLeft', { left: shownToman(t, '0') }), { exact: true }).waitFor();
      await screenshot(page, `deposit-by-id-credited-fa-${size}`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The wallet history: one deposit row of what reached the wallet.
      await page.goto('/transaction');
      const history = page.getByRole('list', { name: t('wallet:transactions.listTitle'), exact: true });
      await history.getByText(t('wallet:refTypes.Payment'), { exact: true }).waitFor();
      expect(await history.getByText(t('wallet:refTypes.Payment'), { exact: true }).count()).toBe(1);
      await history.getByText(`+${shownToman(t, '24997500')}`, { exact: true }).waitFor();

      for (const tab of [investor, operator]) {
        expect(tab.errors).toEqual([]);
        await tab.context.close();
      }
    });
  }
});
