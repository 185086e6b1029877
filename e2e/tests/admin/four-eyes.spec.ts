import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AdminFundNav } from '@portal/contract/admin/funds';
import type { Proposal } from '@portal/contract/admin/proposals';
import type { FundDetail } from '@portal/contract/funds/catalogue';
import { accountTranslator, typeInto } from '../../src/account-steps';
import { connectBrowser, openTab, seriousA11yViolations, VIEWPORTS, type Tab } from '../../src/browser';
import {
  demoFund,
  figuresOf,
  holdingOf,
  logInWithCode,
  myFundCard,
  shownDay,
  shownDecimal,
  shownMoney,
} from '../../src/fund-steps';
import { persianDigits } from '../../src/i18n';
import {
  demoOperatorFromLog,
  demoSecondOperatorFromLog,
  logInAsOperator,
  type OperatorLogin,
} from '../../src/kyc-steps';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { startServer, type RunningServer } from '../../src/server';

/**
 * Four eyes on a NAV (issue 15, decision 028), in Persian on a phone and on a desktop. No operator alone
 * moves what a fund's holders own: the demo admin corrects today's NAV of the demo gold fund (held by the
 * demo investor, 09120000000) on the fund desk, by less than the 5 % an admin must approve. The notice
 * says it waits for a second operator and links the proposal; nothing has changed yet (the NAV list, the
 * investor's holding). On the proposal the proposer's Approve is off and says why; its effect shows the
 * change and every holder's value before → after, the demo investor's row matching the holding the API
 * gives the investor. The demo senior operator finds it in the proposals queue, approves it after the
 * confirmation: approved, decided by them; the fund's NAV list shows the corrected NAV, and the
 * investor's holding (the API and the "my funds" card) is worth what the effect said. Each viewport makes
 * its own correction of the NAV as it then stands (+2 %, then −1.5 %), so the two runs do not depend on
 * each other beyond sharing the demo investor's session (a second code within a minute is refused).
 */

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({}, { operators: { admin: 1, senior_operator: 1 } }),
    connectBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const t = accountTranslator('fa');
/** The demo investor the embedded server seeds (holds a lot of the demo gold fund). */
const DEMO_INVESTOR = '09120000000';
/** Each viewport's correction of the NAV as it stands, in basis points (both within the 5 % bound). */
const CORRECTION_BPS = { phone: 200, desktop: -150 } as const;

/** The demo investor's session, logged in once (a second code within a minute is refused). */
let investorSession: Awaited<ReturnType<BrowserContext['cookies']>> = [];

async function investorTab(viewport: { width: number; height: number }): Promise<Tab> {
  const tab = await openTab(browser, viewport, { baseURL: server.baseUrl });
  if (investorSession.length > 0) {
    await tab.context.addCookies(investorSession);
  } else {
    await logInWithCode(tab.page, server.baseUrl, t, DEMO_INVESTOR);
    investorSession = await tab.context.cookies();
  }
  return tab;
}

async function operatorTab(viewport: { width: number; height: number }, login: OperatorLogin): Promise<Tab> {
  const tab = await openTab(browser, viewport, { baseURL: server.baseUrl });
  await logInAsOperator(tab.page, t, 'fa', login);
  return tab;
}

/** A signed percent change as the console shows it (`+۲٪`, `−۱٫۵٪`). */
const shownChange = (bps: number) =>
  new Intl.NumberFormat('fa-IR', {
    style: 'percent',
    signDisplay: 'exceptZero',
    maximumFractionDigits: 2,
  }).format(bps / 10_000);

/** A day as the console's tables show it (`medium`, the Persian calendar). */
const shownMediumDay = (isoDay: string) =>
  new Intl.DateTimeFormat('fa-IR', { dateStyle: 'medium', calendar: 'persian', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00.000Z`),
  );

/** A fund's newest published NAV as the console's API lists them. */
async function newestNav(op: Page, fundId: string): Promise<AdminFundNav> {
  const res = await op.request.get(`/api/admin/funds/${fundId}/navs?page=1`);
  expect(res.status()).toBe(200);
  const [first] = ((await res.json()) as { items: AdminFundNav[] }).items;
  if (!first) throw new Error('the fund has no NAV');
  return first;
}

async function proposalOf(op: Page, id: string): Promise<Proposal> {
  const res = await op.request.get(`/api/admin/proposals/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Proposal;
}

/** The «my funds» card's value of a fund on `/funds`, as the investor reads it. */
async function myFundValue(page: Page, fund: FundDetail): Promise<string | undefined> {
  await page.goto('/funds');
  const card = myFundCard(page, t, fund.name.fa);
  await card.waitFor();
  return (await figuresOf(card.locator('dl')))[t('funds:myFunds.value')];
}

describe('four eyes on a NAV correction (fa)', { timeout: 240_000 }, () => {
  for (const size of ['phone', 'desktop'] as const) {
    test(`${size}: one operator proposes, cannot approve their own; a second approves; the holder's value moves`, async () => {
      const viewport = VIEWPORTS[size];

      // --- the demo investor's holding of the demo gold fund, before ---
      const investor = await investorTab(viewport);
      screenshotOnFailure(investor.page, `four-eyes-investor-fa-${size}`);
      const gold = await demoFund(investor.page, 'demo-zarrin-gold');
      const before = await holdingOf(investor.page, gold.id);
      expect(BigInt(before.value ?? '0')).toBeGreaterThan(0n);
      expect(await myFundValue(investor.page, gold)).toBe(shownMoney(t, before.value!));

      // --- operator A (the demo admin) proposes a correction of today's NAV on the fund desk ---
      const a = await operatorTab(
        viewport,
        size === 'phone' ? demoOperatorFromLog(server.log()) : server.operator('admin'),
      );
      const opA = a.page;
      screenshotOnFailure(opA, `four-eyes-proposer-fa-${size}`);
      const current = await newestNav(opA, gold.id);
      expect(current).toMatchObject({ navDate: before.latestNav?.navDate, nav: before.latestNav?.nav });
      const navDay = shownDay(current.navDate);
      const newNav = ((BigInt(current.nav) * BigInt(10_000 + CORRECTION_BPS[size])) / 10_000n).toString();
      const subject = t('admin:proposals.subject.nav', { date: navDay, nav: shownMoney(t, newNav) });

      await opA.goto(`/admin/funds/${gold.id}`);
      await opA.getByRole('heading', { name: gold.name.fa, level: 1, exact: true }).waitFor();
      await opA.getByRole('tab', { name: t('admin:funds.tabs.navs'), exact: true }).click();
      await opA.waitForURL((url) => url.searchParams.get('tab') === 'navs');
      const navList = opA.getByRole('table', { name: t('admin:funds.navs.listTitle'), exact: true });
      await navList
        .getByRole('button', { name: t('admin:funds.navs.correctOf', { date: navDay }), exact: true })
        .click();
      const dialog = opA.getByRole('dialog', {
        name: t('admin:funds.navs.correctTitle', { date: navDay }),
        exact: true,
      });
      await typeInto(opA, t('admin:funds.navs.newNav'), persianDigits(newNav));
      await typeInto(opA, t('admin:funds.navs.reason'), 'قیمت پایانی طلا در بازبینی روزانه اصلاح شد');
      await dialog.getByRole('button', { name: t('admin:funds.navs.correctPropose'), exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await opA.getByText(t('admin:funds.navs.correctionProposed', { date: navDay }), { exact: true }).waitFor();
      const proposed = opA.getByTestId('proposal-proposed');
      await proposed.getByText(t('admin:proposals.proposed.text.nav_correction'), { exact: true }).waitFor();
      // Waiting on the fund's desk; nothing has changed yet.
      await opA
        .getByTestId('fund-pending-proposal')
        .getByRole('link', { name: `${t('admin:proposals.kinds.nav_correction')}: ${subject}`, exact: true })
        .waitFor();
      expect(await newestNav(opA, gold.id)).toMatchObject({ navDate: current.navDate, nav: current.nav });
      await navList.getByRole('row').nth(1).getByText(shownMoney(t, current.nav), { exact: true }).waitFor();
      expect(await holdingOf(investor.page, gold.id)).toMatchObject({ value: before.value });
      await proposed.scrollIntoViewIfNeeded();
      await screenshot(opA, `four-eyes-proposed-fa-${size}`);
      expect(await seriousA11yViolations(opA)).toEqual([]);

      // --- A opens the proposal: their own, Approve off and why; the effect on each holder ---
      await proposed.getByRole('link', { name: t('admin:proposals.proposed.open'), exact: true }).click();
      await opA.waitForURL((url) => /^\/admin\/proposals\/[0-9a-f-]{36}$/.test(url.pathname));
      const proposalId = opA.url().split('/').at(-1)!;
      const title = t('admin:proposals.itemTitleOf', {
        kind: t('admin:proposals.kinds.nav_correction'),
        fund: gold.name.fa,
      });
      await opA.getByRole('heading', { name: title, level: 1, exact: true }).waitFor();
      const approveA = opA.getByRole('button', { name: t('admin:proposals.decision.approve'), exact: true });
      const reason = opA.getByTestId('proposal-block-reason');
      await reason.getByText(t('admin:proposals.blocked.own'), { exact: true }).waitFor();
      expect(await approveA.isDisabled()).toBe(true);
      expect(await approveA.getAttribute('aria-describedby')).toBe(await reason.getAttribute('id'));
      await opA
        .getByTestId('proposal-status')
        .getByText(t('admin:proposals.statuses.Pending'), { exact: true })
        .waitFor();
      // Not only the button: the server refuses the proposer's approval too, and nothing changes.
      const own = await opA.request.post(`/api/admin/proposals/${proposalId}/approve`, { data: {} });
      expect([own.status(), ((await own.json()) as { code: string }).code]).toEqual([403, 'SAME_OPERATOR']);

      const p = await proposalOf(opA, proposalId);
      expect(p).toMatchObject({ kind: 'nav_correction', status: 'Pending', payload: { nav: newNav } });
      if (p.effect?.kind !== 'nav_correction') throw new Error(`not a NAV correction's effect: ${p.effect?.kind}`);
      const effect = p.effect;
      expect(effect).toMatchObject({ previousNav: current.nav, nav: newNav, needsAdmin: false, operatorHolders: 0 });
      expect(Math.abs(effect.changeBps! - CORRECTION_BPS[size])).toBeLessThanOrEqual(1);
      // The demo investor's row: the holding the investor's own API answers, at today's NAV → at the new one.
      const holder = effect.holders.find((h) => h.mobile === `+98${DEMO_INVESTOR.slice(1)}`);
      expect(holder).toMatchObject({ units: before.totalUnits, valueBefore: before.value, isOperator: false });
      expect(BigInt(holder!.valueAfter)).not.toBe(BigInt(holder!.valueBefore));

      const effectRegion = opA.getByRole('region', { name: t('admin:proposals.effect.title'), exact: true });
      expect(await effectRegion.getByTestId('proposal-nav-change').textContent()).toBe(shownChange(effect.changeBps!));
      expect(await opA.getByTestId('proposal-needs-admin').count()).toBe(0);
      const holders = effectRegion.getByTestId('proposal-holders');
      const row = holders.locator('tr, li').filter({ hasText: persianDigits(DEMO_INVESTOR) });
      await row.getByText(shownDecimal(before.totalUnits), { exact: false }).waitFor();
      await row.getByText(shownMoney(t, holder!.valueBefore), { exact: true }).waitFor();
      await row.getByText(shownMoney(t, holder!.valueAfter), { exact: true }).waitFor();
      expect(await row.getAttribute('data-operator')).toBeNull();
      expect(await holders.locator('[data-operator="true"]').count()).toBe(0);
      await screenshot(opA, `four-eyes-proposal-own-fa-${size}`);
      expect(await seriousA11yViolations(opA)).toEqual([]);

      // --- operator B (the demo senior operator): the queue, the proposal, approved after a confirmation ---
      const secondLogin =
        size === 'phone' ? demoSecondOperatorFromLog(server.log()) : server.operator('senior_operator');
      const b = await operatorTab(viewport, secondLogin);
      const opB = b.page;
      screenshotOnFailure(opB, `four-eyes-approver-fa-${size}`);
      await opB.goto('/admin/proposals');
      await opB.getByRole('heading', { name: t('admin:proposals.title'), level: 1, exact: true }).waitFor();
      const entry = opB.getByTestId('proposal-row').filter({ hasText: subject });
      await entry.getByText(gold.name.fa, { exact: true }).waitFor();
      expect(await opB.getByTestId('proposal-row').count()).toBe(1);
      await screenshot(opB, `four-eyes-queue-fa-${size}`);
      expect(await seriousA11yViolations(opB)).toEqual([]);
      await entry.getByRole('link').click();
      await opB.waitForURL((url) => url.pathname === `/admin/proposals/${proposalId}`);
      await opB.getByRole('heading', { name: title, level: 1, exact: true }).waitFor();
      const approveB = opB.getByRole('button', { name: t('admin:proposals.decision.approve'), exact: true });
      expect(await approveB.isEnabled()).toBe(true);
      expect(await opB.getByTestId('proposal-block-reason').count()).toBe(0);
      const holdersB = opB.getByTestId('proposal-holders');
      await holdersB
        .locator('tr, li')
        .filter({ hasText: persianDigits(DEMO_INVESTOR) })
        .getByText(shownMoney(t, holder!.valueAfter), { exact: true })
        .waitFor();
      // The effect in view (below the summary on a phone).
      await holdersB.scrollIntoViewIfNeeded();
      await screenshot(opB, `four-eyes-proposal-fa-${size}`);
      expect(await seriousA11yViolations(opB)).toEqual([]);

      await approveB.click();
      const confirm = opB.getByRole('dialog', { name: t('admin:proposals.decision.approveTitle'), exact: true });
      await confirm
        .getByText(t('admin:proposals.decision.approveText.nav_correction', { subject, fund: gold.name.fa }), {
          exact: true,
        })
        .waitFor();
      await confirm.getByRole('button', { name: t('admin:proposals.decision.approveConfirm'), exact: true }).click();
      await confirm.waitFor({ state: 'detached' });
      await opB.getByText(t('admin:proposals.decision.approved'), { exact: true }).waitFor();
      await opB
        .getByTestId('proposal-status')
        .getByText(t('admin:proposals.statuses.Approved'), { exact: true })
        .waitFor();
      await opB
        .getByTestId('proposal-decided-by')
        .getByText(persianDigits(secondLogin.mobile), { exact: true })
        .waitFor();
      expect(await opB.getByRole('button', { name: t('admin:proposals.decision.approve'), exact: true }).count()).toBe(
        0,
      );
      await screenshot(opB, `four-eyes-approved-fa-${size}`);
      expect(await seriousA11yViolations(opB)).toEqual([]);

      // --- the fund's NAV list shows the corrected NAV ---
      await opB.getByRole('link', { name: t('admin:proposals.resultLink.nav_correction'), exact: true }).click();
      await opB.waitForURL(
        (url) => url.pathname === `/admin/funds/${gold.id}` && url.searchParams.get('tab') === 'navs',
      );
      const corrected = opB
        .getByRole('table', { name: t('admin:funds.navs.listTitle'), exact: true })
        .getByRole('row')
        .nth(1);
      await corrected.getByText(shownMediumDay(current.navDate), { exact: true }).waitFor();
      await corrected.getByText(shownMoney(t, newNav), { exact: true }).waitFor();
      expect(await newestNav(opB, gold.id)).toMatchObject({ navDate: current.navDate, nav: newNav });
      expect((await newestNav(opB, gold.id)).correctedAt).not.toBeNull();

      // --- the holder's value moved, to what the effect said ---
      const after = await holdingOf(investor.page, gold.id);
      expect(after).toMatchObject({
        totalUnits: before.totalUnits,
        value: holder!.valueAfter,
        latestNav: { navDate: current.navDate, nav: newNav },
      });
      expect(await myFundValue(investor.page, gold)).toBe(shownMoney(t, holder!.valueAfter));

      // The proposer sees it decided by the other operator.
      await opA.reload();
      await opA
        .getByTestId('proposal-status')
        .getByText(t('admin:proposals.statuses.Approved'), { exact: true })
        .waitFor();
      await opA
        .getByTestId('proposal-decided-by')
        .getByText(persianDigits(secondLogin.mobile), { exact: true })
        .waitFor();

      for (const tab of [investor, a, b]) {
        expect(tab.errors).toEqual([]);
        await tab.context.close();
      }
    });
  }
});
