import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountTranslator } from '../../src/account-steps';
import { signUp } from '../../src/auth-steps';
import {
  cardNumber,
  sheba,
  shownCardMask,
  submitBankAccount,
  withWrongLuhn,
  withWrongShebaCheck,
} from '../../src/bank-steps';
import { connectBrowser, gotoLive, openTab, seriousA11yViolations, VIEWPORTS, type Tab } from '../../src/browser';
import { persianDigits, translator, type Lng, type Translate } from '../../src/i18n';
import { chooseTrack, submitIdentity, validNationalCode } from '../../src/kyc-steps';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, sharedServer, type JourneyServer } from '../../src/server';

/**
 * Bank accounts (SPEC §2 "Bank accounts", §5; issue 5), as an investor clicks them. On a phone in
 * Persian: the empty list; adding is refused before KYC level one (the forced-KYC dialog); after level
 * one, a card failing the Luhn check and a sheba failing mod-97 are refused as they are typed (nothing
 * sent), another person's card is refused by the server's inquiry, a card (its bank named as it is
 * typed) and a sheba are added, the same card again is a duplicate; the card shows masked; deleting
 * asks first; deleting both brings the empty list back. On a desktop: the same pages in Persian, then
 * in English. Each screen is scanned with axe and photographed.
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

/** Counts the add requests the page sends (the client's checks must stop bad numbers before that). */
function countAdds(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/bank-accounts') n++;
  });
  return () => n;
}

async function fitsTheScreen(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function reachLevelOne(page: Page, tr: Translate, lng: Lng): Promise<void> {
  await chooseTrack(page, tr, 'iranian');
  await submitIdentity(page, tr, lng, validNationalCode(), { year: '1370', month: 6, day: '15' });
  await page.getByText(tr('kyc:summary.done'), { exact: true }).waitFor();
}

const listItem = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

/** The form's refusal (the server's answer, translated). */
const formError = (page: Page) => page.getByRole('main').getByRole('alert');

async function signUpOn(tab: Tab): Promise<void> {
  await tab.page.goto('/auth');
  await signUp(tab.page, server.baseUrl, t, 'fa', freshMobile());
}

describe('bank accounts', () => {
  test('fa at phone size: refusals, add a card and a sheba, delete with confirmation, empty list', async () => {
    const tab = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    const { page } = tab;
    screenshotOnFailure(page, 'bank-accounts-fa-phone');
    // Refusals the journey provokes on purpose: no KYC yet (403), not the user's (400), a duplicate (409).
    tab.expectHttpError(403, '/api/bank-accounts');
    tab.expectHttpError(400, '/api/bank-accounts');
    tab.expectHttpError(409, '/api/bank-accounts');
    const adds = countAdds(page);
    await signUpOn(tab);

    // The profile menu leads to the bank accounts; there are none yet.
    await page.goto('/profile-m');
    await page
      .getByRole('navigation', { name: t('account:menu.title'), exact: true })
      .getByRole('link', { name: t('nav.bankAccounts'), exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/profile/bank-accounts');
    await page.getByRole('heading', { name: t('bank:list.empty.title'), exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await fitsTheScreen(page, VIEWPORTS.phone.width);
    await screenshot(page, 'bank-accounts-empty-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Before KYC level one: the page says so, and the server's refusal opens the forced-KYC dialog.
    await page.getByRole('link', { name: t('bank:list.add'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/profile/add-bank-account');
    await page.getByText(t('bank:add.kycNeeded'), { exact: true }).waitFor();
    const card = cardNumber('melli');
    await submitBankAccount(page, t, 'fa', 'card', card);
    const kycDialog = page.getByRole('dialog', { name: t('kyc:required.title.level1'), exact: true });
    await kycDialog.waitFor();
    await screenshot(page, 'bank-account-kyc-required-fa-phone');
    expect(adds()).toBe(1);
    await kycDialog.getByRole('button', { name: t('kyc:required.go'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/profile/kyc');

    await reachLevelOne(page, t, 'fa');

    // A card that fails the Luhn check, typed in Persian digits: refused as typed, nothing sent.
    await page.goto('/profile/add-bank-account');
    await page.getByRole('heading', { name: t('bank:add.title'), exact: true, level: 1 }).waitFor();
    expect(await page.getByText(t('bank:add.kycNeeded'), { exact: true }).count()).toBe(0);
    await submitBankAccount(page, t, 'fa', 'card', withWrongLuhn(card));
    await page.getByText(t('validation.cardNumberChecksum'), { exact: true }).waitFor();
    // A sheba that fails mod-97: the same.
    const own = sheba('saman');
    await submitBankAccount(page, t, 'fa', 'sheba', withWrongShebaCheck(own));
    await page.getByText(t('validation.shebaChecksum'), { exact: true }).waitFor();
    expect(adds()).toBe(1);

    // Another person's card (the local registry: last four digits 0000): the inquiry says it is not the user's.
    await submitBankAccount(page, t, 'fa', 'card', cardNumber('mellat', '0000'));
    await expect.poll(() => formError(page).textContent()).toBe(t('errors.BANK_ACCOUNT_NOT_OWNED'));
    expect(adds()).toBe(2);
    // Another person's sheba too.
    await submitBankAccount(page, t, 'fa', 'sheba', sheba('tejarat', '0000'));
    await expect.poll(() => formError(page).textContent()).toBe(t('errors.BANK_ACCOUNT_NOT_OWNED'));
    await screenshot(page, 'bank-account-not-owned-fa-phone');

    // The user's own card: the bank is named from the first six digits as they are typed.
    await page.getByRole('tab', { name: t('bank:add.kinds.card'), exact: true }).click();
    const cardField = page.getByLabel(t('bank:add.cardNumber'), { exact: true });
    await cardField.fill('');
    await cardField.pressSequentially(persianDigits(card.slice(0, 6)));
    await page
      .getByRole('status')
      .getByText(t('bank:add.bank', { bank: t('bank:banks.melli') }), { exact: true })
      .waitFor();
    await cardField.pressSequentially(persianDigits(card.slice(6)));
    await fitsTheScreen(page, VIEWPORTS.phone.width);
    await screenshot(page, 'bank-account-add-card-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: t('bank:add.submit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/profile/bank-accounts');
    await page.getByText(t('bank:add.done'), { exact: true }).waitFor();
    const cardItem = listItem(page, shownCardMask(card, 'fa'));
    await cardItem.getByRole('heading', { name: t('bank:banks.melli'), exact: true }).waitFor();
    // Only the masked form ever reaches the page.
    const html = await page.content();
    expect(html).not.toContain(card);
    expect(html).not.toContain(persianDigits(card));

    // The user's own sheba.
    await page.getByRole('link', { name: t('bank:list.add'), exact: true }).click();
    await submitBankAccount(page, t, 'fa', 'sheba', own);
    await page.waitForURL((url) => url.pathname === '/profile/bank-accounts');
    const shebaItem = listItem(page, persianDigits(`${own.slice(0, 6)}****************${own.slice(-4)}`));
    await shebaItem.getByRole('heading', { name: t('bank:banks.saman'), exact: true }).waitFor();
    expect(await page.getByRole('listitem').count()).toBe(2);
    await fitsTheScreen(page, VIEWPORTS.phone.width);
    await screenshot(page, 'bank-accounts-list-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The same card again is a duplicate.
    await page.getByRole('link', { name: t('bank:list.add'), exact: true }).click();
    await submitBankAccount(page, t, 'fa', 'card', card);
    await expect.poll(() => formError(page).textContent()).toBe(t('errors.BANK_ACCOUNT_DUPLICATE'));

    // Delete asks first: cancelling keeps the account; confirming removes it.
    await page.goto('/profile/bank-accounts');
    await cardItem.getByRole('button').click();
    const confirm = page.getByRole('dialog', { name: t('bank:delete.title'), exact: true });
    await confirm.getByText(shownCardMask(card, 'fa'), { exact: true }).waitFor();
    await screenshot(page, 'bank-account-delete-fa-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: t('common.cancel'), exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByRole('listitem').count()).toBe(2);

    await cardItem.getByRole('button').click();
    await confirm.getByRole('button', { name: t('bank:delete.confirm'), exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText(t('bank:delete.done'), { exact: true }).waitFor();
    await cardItem.waitFor({ state: 'detached' });
    expect(await page.getByRole('listitem').count()).toBe(1);

    await shebaItem.getByRole('button').click();
    await confirm.getByRole('button', { name: t('bank:delete.confirm'), exact: true }).click();
    await page.getByRole('heading', { name: t('bank:list.empty.title'), exact: true }).waitFor();
    // The server agrees: nothing is left.
    expect(await (await page.request.get('/api/bank-accounts')).json()).toEqual({ items: [] });

    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });

  test('desktop: the pages in Persian, then in English', async () => {
    const tab = await openTab(browser, VIEWPORTS.desktop, { baseURL: server.baseUrl });
    const { page } = tab;
    screenshotOnFailure(page, 'bank-accounts-desktop');
    await signUpOn(tab);
    await reachLevelOne(page, t, 'fa');

    // The header's user menu leads to the bank accounts.
    await gotoLive(page, '/');
    await page.getByRole('button', { name: new RegExp(t('layout.user.menu')) }).click();
    await page
      .getByRole('menu')
      .getByRole('menuitem', { name: t('nav.bankAccounts'), exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/profile/bank-accounts');
    await page.getByRole('heading', { name: t('bank:list.empty.title'), exact: true }).waitFor();
    await screenshot(page, 'bank-accounts-empty-fa-desktop');

    await page.getByRole('link', { name: t('bank:list.add'), exact: true }).click();
    const card = cardNumber('pasargad');
    await page.getByRole('tab', { name: t('bank:add.kinds.sheba'), exact: true }).click();
    await page.getByLabel(t('bank:add.sheba'), { exact: true }).pressSequentially(persianDigits(sheba('mellat')));
    await page
      .getByRole('status')
      .getByText(t('bank:add.bank', { bank: t('bank:banks.mellat') }), { exact: true })
      .waitFor();
    await fitsTheScreen(page, VIEWPORTS.desktop.width);
    await screenshot(page, 'bank-account-add-sheba-fa-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await submitBankAccount(page, t, 'fa', 'card', card);
    await page.waitForURL((url) => url.pathname === '/profile/bank-accounts');
    await listItem(page, shownCardMask(card, 'fa')).waitFor();
    await fitsTheScreen(page, VIEWPORTS.desktop.width);
    await screenshot(page, 'bank-accounts-list-fa-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // In English: left to right, Latin digits, the bank's English name.
    const en = translator('en');
    await page.goto('/profile/bank-accounts?lng=en');
    await page.getByRole('heading', { name: en('bank:list.title'), exact: true, level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    const item = listItem(page, shownCardMask(card, 'en'));
    await item.getByRole('heading', { name: en('bank:banks.pasargad'), exact: true }).waitFor();
    await screenshot(page, 'bank-accounts-list-en-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await item.getByRole('button').click();
    const confirm = page.getByRole('dialog', { name: en('bank:delete.title'), exact: true });
    await confirm.getByRole('button', { name: en('bank:delete.confirm'), exact: true }).click();
    await page.getByRole('heading', { name: en('bank:list.empty.title'), exact: true }).waitFor();

    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });
});
