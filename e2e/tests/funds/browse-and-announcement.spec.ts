import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FundAnnouncement } from '@portal/contract/funds/catalogue';
import { accountTranslator } from '../../src/account-steps';
import { signUp } from '../../src/auth-steps';
import { connectBrowser, openTab, seriousA11yViolations, VIEWPORTS } from '../../src/browser';
import {
  demoFund,
  fundCard,
  listedFunds,
  openFundFromList,
  openFundsFromNavigation,
  shownMoney,
  shownYield,
} from '../../src/fund-steps';
import { escapeRegExp } from '../../src/i18n';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, sharedServer, type JourneyServer } from '../../src/server';

/**
 * Browsing the funds (SPEC §2 "Funds", "Fund info"; issue 6), on a phone in Persian. A new investor opens
 * `/funds` from the navigation: "my funds" is empty, the invest tabs list the demo funds of each tab
 * (each card with its demo badge, its latest share value and its yields over 6 and 12 months and all
 * time, as the API computed them from the NAV history). The gold fund's card opens its page; its
 * announcements tab shows the unread announcements and the one waiting for the investor's agreement.
 * That announcement cannot be marked seen until «I agree» is ticked (the button stays disabled, and the
 * server refuses it without the agreement); ticked, it is marked seen and agreed, and stays so.
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
/** A sentence with a `{{date}}`, whatever the date: as a pattern. */
const withAnyDate = (key: string) =>
  new RegExp(`^${escapeRegExp(t(key, { date: '\u0000' })).replace('\u0000', '.+')}$`);

describe('browse the funds and agree to an announcement (fa, phone)', () => {
  test('the invest tabs list the demo funds with yields; a fund page; an announcement agreed to and marked seen', async () => {
    const tab = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    const { page } = tab;
    screenshotOnFailure(page, 'funds-browse-fa-phone');
    await page.goto('/auth');
    await signUp(page, server.baseUrl, t, 'fa', freshMobile());

    // --- /funds: my funds empty; the invest tabs, crypto first ---
    await openFundsFromNavigation(page, t);
    const myFunds = page.getByRole('region', { name: t('funds:myFunds.title'), exact: true });
    await myFunds.getByText(t('funds:myFunds.empty'), { exact: true }).waitFor();
    const tabs = page.getByRole('tablist', { name: t('funds:list.tabsLabel'), exact: true });
    expect(await tabs.getByRole('tab').allTextContents()).toEqual([
      t('funds:list.tabs.crypto'),
      t('funds:list.tabs.gold-silver'),
      t('funds:list.tabs.fixed-income'),
    ]);
    expect(await tabs.getByRole('tab', { selected: true }).textContent()).toBe(t('funds:list.tabs.crypto'));

    // Each tab lists exactly the published funds of its category, every demo fund with the demo badge.
    const funds = await listedFunds(page);
    const byCategory = {
      crypto: funds.filter((f) => f.category === 'crypto'),
      'gold-silver': funds.filter((f) => f.category === 'gold_silver'),
      'fixed-income': funds.filter((f) => f.category === 'fixed_income'),
    };
    for (const [name, expected] of Object.entries(byCategory)) {
      expect(expected.length, `demo funds of ${name}`).toBeGreaterThan(0);
      await tabs.getByRole('tab', { name: t(`funds:list.tabs.${name}`), exact: true }).click();
      const list = page.getByRole('list', { name: t(`funds:list.tabs.${name}`), exact: true });
      await expect.poll(() => list.getByRole('article').count()).toBe(expected.length);
      for (const f of expected) {
        const card = fundCard(page, f.name.fa);
        await card.getByText(t('funds:badges.demo'), { exact: true }).waitFor();
      }
    }

    // --- the gold fund's card: latest share value and the three yields, as the API computed them ---
    const gold = await demoFund(page, 'demo-zarrin-gold');
    await tabs.getByRole('tab', { name: t('funds:list.tabs.gold-silver'), exact: true }).click();
    const card = fundCard(page, gold.name.fa);
    await card.getByText(shownMoney(t, gold.latestNav!.nav), { exact: true }).waitFor();
    expect(gold.yields.sixMonths).not.toBeNull();
    expect(gold.yields.twelveMonths).not.toBeNull();
    expect(gold.yields.allTime).not.toBeNull();
    const yields = await card
      .locator('dl')
      .last()
      .evaluate((dl) =>
        Array.from(dl.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
      );
    expect(yields).toEqual([
      [t('funds:yields.sixMonths'), shownYield(gold.yields.sixMonths!)],
      [t('funds:yields.twelveMonths'), shownYield(gold.yields.twelveMonths!)],
      [t('funds:yields.allTime'), shownYield(gold.yields.allTime!)],
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'funds-list-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // --- the fund's page: its head, and the announcements tab with three unread ---
    await openFundFromList(page, t, 'gold-silver', gold);
    const overview = page.getByRole('region', { name: t('funds:overview.title'), exact: true });
    await overview.getByText(shownMoney(t, gold.latestNav!.nav), { exact: true }).waitFor();
    await overview.getByRole('link', { name: t('funds:actions.buy'), exact: true }).waitFor();
    expect(gold).toMatchObject({ unreadAnnouncements: 3, agreementsPending: 1, navToday: true });
    await screenshot(page, 'fund-page-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: new RegExp(`^${escapeRegExp(t('funds:fund.tabs.announcements'))}`) }).click();
    await page.waitForURL((url) => url.searchParams.get('content') === 'announcements');
    await page.getByText(t('funds:announcements.pending', { n: '۱' }), { exact: true }).waitFor();
    const list = page.getByRole('list', { name: t('funds:announcements.title'), exact: true });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);

    // The one that needs agreement: newest first, marked as such.
    const announcements = (await (await page.request.get(`/api/funds/${gold.id}/announcements`)).json()) as {
      items: FundAnnouncement[];
    };
    const notice = announcements.items.find((a) => a.requiresAgreement)!;
    expect(notice).toMatchObject({ seenAt: null, agreedAt: null });
    const item = list.getByRole('listitem').filter({ hasText: notice.title.fa });
    await item.getByText(t('funds:announcements.needsAgreement'), { exact: true }).waitFor();
    await screenshot(page, 'fund-announcements-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // --- opened: «mark as seen» refused until «I agree» is ticked ---
    await item.getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: notice.title.fa, exact: true });
    await dialog.getByText(notice.body.fa, { exact: true }).waitFor();
    const markSeen = dialog.getByRole('button', { name: t('funds:announcements.markSeen'), exact: true });
    const agree = dialog.getByRole('checkbox', { name: t('funds:announcements.agree'), exact: true });
    expect(await agree.isChecked()).toBe(false);
    expect(await markSeen.isDisabled()).toBe(true);
    // The server refuses it too without the agreement, and nothing is recorded.
    const refused = await page.request.post(`/api/funds/${gold.id}/announcements/${notice.id}/seen`, {
      data: { agree: false },
    });
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    expect(await refused.json()).toMatchObject({ code: 'ANNOUNCEMENT_AGREEMENT_REQUIRED' });
    await screenshot(page, 'fund-announcement-agree-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await agree.check();
    expect(await markSeen.isEnabled()).toBe(true);
    await markSeen.click();
    await dialog.getByText(withAnyDate('funds:announcements.agreedOn')).waitFor();
    expect(await markSeen.count()).toBe(0);
    expect(await agree.count()).toBe(0);
    await screenshot(page, 'fund-announcement-agreed-fa-phone');
    await dialog.getByRole('button', { name: t('common.close'), exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // Seen and agreed on the server; the list no longer asks for it; the fund has no pending agreement.
    const after = (await (await page.request.get(`/api/funds/${gold.id}/announcements`)).json()) as {
      items: FundAnnouncement[];
    };
    const agreed = after.items.find((a) => a.id === notice.id)!;
    expect(agreed.seenAt).not.toBeNull();
    expect(agreed.agreedAt).not.toBeNull();
    await expect.poll(() => item.getByText(t('funds:announcements.needsAgreement'), { exact: true }).count()).toBe(0);
    expect(await (await page.request.get(`/api/funds/${gold.id}`)).json()).toMatchObject({
      unreadAnnouncements: 2,
      agreementsPending: 0,
    });
    // After a reload the page reads the same: the pending notice is gone.
    await page.reload();
    await list.getByRole('listitem').first().waitFor();
    expect(await page.getByText(t('funds:announcements.pending', { n: '۱' }), { exact: true }).count()).toBe(0);

    expect(tab.errors).toEqual([]);
    await tab.context.close();
  }, 120_000);
});
