import type { Page } from 'playwright-core';
import { typeInto } from './account-steps';
import { persianDigits, type Lng, type Translate } from './i18n';

const typed = (lng: Lng, s: string) => (lng === 'fa' ? persianDigits(s) : s);

/** `1500000` → `۱٬۵۰۰٬۰۰۰ تومان`: an amount as the Persian pages show it. */
export function shownToman(t: Translate, digits: string): string {
  return `${persianDigits(digits.replace(/\B(?=(\d{3})+(?!\d))/g, '٬'))} ${t('currency.IRT')}`;
}

/** The toman wallet as the API answers it to the page's session. */
export async function tomanWallet(page: Page) {
  const { items } = (await (await page.request.get('/api/wallets')).json()) as {
    items: { currency: string; available: string; held: string }[];
  };
  return items.find((w) => w.currency === 'IRT');
}

/** The Persian calendar's date in Iran `offsetDays` from now (what a user in Tehran reads on a receipt). */
export function persianDateInIran(offsetDays = 0): { year: string; month: number; day: string } {
  const parts = new Intl.DateTimeFormat('en-u-ca-persian-nu-latn', {
    timeZone: 'Asia/Tehran',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(new Date(Date.now() + offsetDays * 86_400_000));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { year: part('year'), month: Number(part('month')), day: part('day') };
}

/** Fills the offline deposit's date group (year and day typed, the month chosen by its name). */
export async function fillDepositDate(
  page: Page,
  t: Translate,
  lng: Lng,
  { year, month, day }: { year: string; month: number; day: string },
): Promise<void> {
  await typeInto(page, t('deposit:offline.date.year'), typed(lng, year));
  await page.getByLabel(t('deposit:offline.date.month'), { exact: true }).selectOption(String(month));
  await typeInto(page, t('deposit:offline.date.day'), typed(lng, day));
}
