import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DepositId } from '@portal/contract/wallet/deposit-by-id';
import { accountTranslator } from '../../src/account-steps';
import { signUp } from '../../src/auth-steps';
import { sheba, submitBankAccount } from '../../src/bank-steps';
import { connectBrowser, openTab, seriousA11yViolations, VIEWPORTS } from '../../src/browser';
import { shownToman, tomanWallet } from '../../src/deposit-steps';
import { persianDigits } from '../../src/i18n';
import { figuresOf } from '../../src/fund-steps';
import { chooseTrack, logInAsOperator, submitIdentity, validNationalCode } from '../../src/kyc-steps';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, sharedServer, type JourneyServer } from '../../src/server';

/**
 * Deposit by ID (SPEC §2 "Deposit", §9; decision 020), in Persian on a phone and on a desktop. An
 * investor at KYC level one adds a sheba of their own, opens the by-ID tab, sees the rules (0.01% fee,
 * 25,000,000 toman a day, the bank cycles, wrong IDs returned less a fee), chooses the account and gets
 * its payment ID with the portal's account to pay into. The demo operator proposes the bank statement's
 * import in the console (issue 15: no one alone credits anyone): a broken file is refused with a translated
 * line-by-line message and changes nothing; the real one carries 30,000,000 toman with the investor's ID
 * and a transfer without an ID, and its proposal shows the new lines and whom they would credit, while
 * nothing is imported or credited and the proposer's own Approve is off. The second demo operator approves
 * it: the lines are imported and matched. The investor's wallet then holds 24,997,500 toman (25,000,000
 * less 0.01%), the wallet history shows the deposit, and the by-ID tab shows the 5,000,000 over the cap
 * going back at the next bank cycle. Proposing the same statement again shows no new line and no credit,
 * and approving it credits nothing twice.
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

/**
 * The console's import of a statement, proposed: the notice says it waits for a second operator, and the
 * proposal's effect shows the new lines, their total and whom they would credit. Answers the proposal's id.
 */
async function proposeImport(
  op: Page,
  name: string,
  content: string,
  want: { newLines: string; totalToman: string; credits: { mobile: string; toman: string }[] },
  shot?: string,
): Promise<string> {
  await importStatement(op, name, content);
  await op.getByText(t('admin:bankStatements.import.proposedNotice'), { exact: true }).waitFor();
  const proposed = op.getByTestId('proposal-proposed');
  await proposed.getByText(t('admin:proposals.proposed.text.bank_statement_import'), { exact: true }).waitFor();
  const panel = op.getByRole('region', { name: t('admin:bankStatements.import.title'), exact: true });
  expect(await figuresOf(panel.locator('dl'))).toMatchObject({
    [t('admin:proposals.effect.newLines')]: persianDigits(want.newLines),
    [t('admin:proposals.effect.totalToman')]: shownToman(t, want.totalToman),
  });
  if (want.credits.length === 0) {
    await op.getByText(t('admin:proposals.effect.noCredits'), { exact: true }).waitFor();
  } else {
    const credits = op.getByTestId('proposal-credits');
    for (const c of want.credits) {
      const row = credits.locator('tr, li').filter({ hasText: persianDigits(c.mobile) });
      await row.getByText(shownToman(t, c.toman), { exact: true }).waitFor();
      expect(await row.getAttribute('data-operator')).toBeNull();
    }
    expect(await credits.locator('tbody tr, li').count()).toBe(want.credits.length);
  }
  if (shot) {
    await screenshot(op, shot);
    expect(await seriousA11yViolations(op)).toEqual([]);
  }
  const href = await proposed
    .getByRole('link', { name: t('admin:proposals.proposed.open'), exact: true })
    .getAttribute('href');
  const id = /\/admin\/proposals\/([0-9a-f-]{36})$/.exec(href ?? '')?.[1];
  if (!id) throw new Error(`the notice links no proposal: ${href}`);
  // Its own proposal: the proposer's Approve is off and says why.
  await op.goto(`/admin/proposals/${id}`);
  const approve = op.getByRole('button', { name: t('admin:proposals.decision.approve'), exact: true });
  await op.getByTestId('proposal-block-reason').getByText(t('admin:proposals.blocked.own'), { exact: true }).waitFor();
  expect(await approve.isDisabled()).toBe(true);
  expect(await approve.getAttribute('aria-describedby')).toBe(
    await op.getByTestId('proposal-block-reason').getAttribute('id'),
  );
  await op.goBack();
  await op.getByRole('heading', { name: t('admin:bankStatements.title'), level: 1, exact: true }).waitFor();
  return id;
}

/** How many imported statement lines carry a bank reference starting with `ref`, as the console's API lists them. */
async function importedLines(op: Page, ref: string): Promise<number> {
  const res = await op.request.get('/api/admin/bank-statements/lines?page=1');
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { bankRef: string }[] };
  return items.filter((l) => l.bankRef.startsWith(ref)).length;
}

/** A second operator opens the proposal and approves it after the confirmation. */
async function approveProposal(op: Page, proposalId: string, shot?: string): Promise<void> {
  await op.goto(`/admin/proposals/${proposalId}`);
  await op
    .getByRole('heading', { name: t('admin:proposals.kinds.bank_statement_import'), level: 1, exact: true })
    .waitFor();
  if (shot) {
    await op.getByTestId('proposal-credits').waitFor();
    await screenshot(op, shot);
    expect(await seriousA11yViolations(op)).toEqual([]);
  }
  await op.getByRole('button', { name: t('admin:proposals.decision.approve'), exact: true }).click();
  const dialog = op.getByRole('dialog', { name: t('admin:proposals.decision.approveTitle'), exact: true });
  await dialog.getByRole('button', { name: t('admin:proposals.decision.approveConfirm'), exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await op.getByText(t('admin:proposals.decision.approved'), { exact: true }).waitFor();
  await op.getByTestId('proposal-status').getByText(t('admin:proposals.statuses.Approved'), { exact: true }).waitFor();
}

describe('deposit by ID with an imported statement (fa)', { timeout: 240_000 }, () => {
  for (const size of ['phone', 'desktop'] as const) {
    test(`${size}: payment ID, statement imported in the console, wallet credited up to the cap`, async () => {
      const viewport = VIEWPORTS[size];
      const investor = await openTab(browser, viewport, { baseURL: server.baseUrl });
      const { page } = investor;
      screenshotOnFailure(page, `deposit-by-id-fa-${size}`);
      await page.goto('/auth');
      const investorMobile = freshMobile();
      await signUp(page, server.baseUrl, t, 'fa', investorMobile);
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

      // --- the demo operator proposes the statement's import in the console ---
      const operator = await openTab(browser, viewport, { baseURL: server.baseUrl });
      const op = operator.page;
      screenshotOnFailure(op, `deposit-by-id-operator-fa-${size}`);
      await logInAsOperator(op, t, 'fa', server.operator('admin'));
      await op.goto('/admin/bank-statements');
      await op.getByRole('heading', { name: t('admin:bankStatements.title'), level: 1, exact: true }).waitFor();

      const { date, time } = tehranNow();
      const ref = `E2E${Date.now()}${size}`;
      const header = 'date,time,amount_rial,source_sheba,payment_id,bank_ref';
      // A broken file: rials that are not whole toman on line 2. Refused whole, nothing proposed or credited.
      operator.expectHttpError(400, '/api/admin/bank-statements');
      await importStatement(op, 'broken.csv', `${header}\n${date},${time},300000005,${own},${paymentId},${ref}A`);
      await op
        .getByText(t('admin:bankStatements.rules.statementAmount', { line: persianDigits('2') }), { exact: true })
        .waitFor();
      expect(await tomanWallet(page)).toMatchObject({ available: '0' });
      expect(await op.getByTestId('proposal-proposed').count()).toBe(0);

      const statement = [
        header,
        `${date},${time},300000000,${own},${paymentId},${ref}A`,
        `${date},${time},20000000,${sheba('melli')},,${ref}B`,
      ].join('\n');
      const proposalId = await proposeImport(
        op,
        'statement.csv',
        statement,
        {
          newLines: '2',
          totalToman: '32000000',
          credits: [{ mobile: investorMobile, toman: '30000000' }],
        },
        `bank-statements-proposed-fa-${size}`,
      );
      // Proposed, not imported: no line, nothing credited.
      expect(await importedLines(op, ref)).toBe(0);
      expect(await tomanWallet(page)).toMatchObject({ available: '0' });

      // --- the second demo operator approves it: the lines are imported and matched ---
      const second = await openTab(browser, viewport, { baseURL: server.baseUrl });
      const op2 = second.page;
      screenshotOnFailure(op2, `deposit-by-id-second-operator-fa-${size}`);
      await logInAsOperator(op2, t, 'fa', server.operator('senior_operator'));
      await approveProposal(op2, proposalId, `bank-statement-proposal-fa-${size}`);

      await op.goto('/admin/bank-statements');
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
      expect(await tomanWallet(page)).toMatchObject({ available: '24997500' });

      // The same statement again: its proposal has no new line and credits no one; approved, nothing twice.
      const again = await proposeImport(op, 'statement.csv', statement, {
        newLines: '0',
        totalToman: '0',
        credits: [],
      });
      await approveProposal(op2, again);
      expect(await importedLines(op, ref)).toBe(2);

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

      for (const tab of [investor, operator, second]) {
        expect(tab.errors).toEqual([]);
        await tab.context.close();
      }
    });
  }
});
