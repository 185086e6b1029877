import type { Page } from 'playwright-core';
import { BANKS, isLuhnValid, maskCardNumber, shebaOf, type BankKey } from '@portal/contract/bank/bank-accounts';
import { typeInto } from './account-steps';
import { persianDigits, type Lng, type Translate } from './i18n';

const randomDigits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/**
 * A 16-digit card of `bank` that passes the Luhn check. The local identity registry (decision 017)
 * reads its last four digits: `0000` is someone else's, `9999` blocked; by default neither.
 */
export function cardNumber(bank: BankKey, lastFour?: string): string {
  const prefix = BANKS[bank].cardPrefixes[0];
  for (;;) {
    const body = lastFour ? `${prefix}${randomDigits(6)}${lastFour.slice(0, 3)}` : `${prefix}${randomDigits(9)}`;
    for (let check = 0; check <= 9; check++) {
      const card = `${body}${check}`;
      if (!isLuhnValid(card)) continue;
      if (lastFour ? card.endsWith(lastFour) : !/(0000|9999)$/.test(card)) return card;
    }
  }
}

/** The same card with its last digit changed: 16 digits that fail the Luhn check. */
export function withWrongLuhn(card: string): string {
  return `${card.slice(0, 15)}${(Number(card[15]) + 1) % 10}`;
}

/** A sheba (`IR` + 24 digits, correct mod-97) of `bank`; `lastFour` as for cards. */
export function sheba(bank: BankKey, lastFour?: string): string {
  for (;;) {
    const account = lastFour ? `${randomDigits(15)}${lastFour}` : randomDigits(19);
    if (!lastFour && /(0000|9999)$/.test(account)) continue;
    return shebaOf(`${BANKS[bank].shebaCode}${account}`);
  }
}

/** The same sheba with its check digits changed: it fails mod-97. */
export function withWrongShebaCheck(value: string): string {
  const check = (Number(value.slice(2, 4)) + 1) % 100;
  return `IR${String(check === 0 || check === 1 ? 2 : check).padStart(2, '0')}${value.slice(4)}`;
}

/** How the list shows a card: first six and last four digits, grouped by four, in the language's digits. */
export function shownCardMask(card: string, lng: Lng): string {
  const grouped = maskCardNumber(card).replace(/(.{4})(?=.)/g, '$1 ');
  return lng === 'fa' ? persianDigits(grouped) : grouped;
}

const typed = (lng: Lng, s: string) => (lng === 'fa' ? persianDigits(s) : s);

/** On `/profile/add-bank-account`: chooses the way (card or sheba), types the number as the user would and submits. */
export async function submitBankAccount(
  page: Page,
  t: Translate,
  lng: Lng,
  kind: 'card' | 'sheba',
  number: string,
): Promise<void> {
  await page.getByRole('tab', { name: t(`bank:add.kinds.${kind}`), exact: true }).click();
  await typeInto(page, t(kind === 'card' ? 'bank:add.cardNumber' : 'bank:add.sheba'), typed(lng, number));
  await page.getByRole('button', { name: t('bank:add.submit'), exact: true }).click();
}
