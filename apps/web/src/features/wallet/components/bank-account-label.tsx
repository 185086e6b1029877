import type { BankAccount } from '@portal/contract/bank/bank-accounts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDigits } from '@/lib/format';

/**
 * Text kept left to right inside right-to-left text (a masked card, sheba or mobile): wrapped in the
 * Unicode isolates LRI…PDI, so its digits and stars keep their order in a Persian sentence.
 */
export const ltr = (text: string) => `\u2066${text}\u2069`;

/** The bank's name (the `bank` namespace) of an account. */
export function useBankName() {
  const { t } = useTranslation('bank');
  return (account: BankAccount) => (account.bank ? t(`banks.${account.bank}`) : t('unknownBank'));
}

/** How an account is named in one line: its card when it has one, else its sheba, masked, in the locale's digits. */
export function accountNumberText(account: BankAccount, lng: string, t: TFunction<'wallet'>): string {
  return account.cardNumberMasked
    ? t('withdraw.form.card', { number: ltr(formatDigits(account.cardNumberMasked, lng)) })
    : t('withdraw.form.sheba', { number: ltr(formatDigits(account.shebaMasked ?? '', lng)) });
}
