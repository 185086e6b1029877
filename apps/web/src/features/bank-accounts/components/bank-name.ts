import { useTranslation } from 'react-i18next';
import type { BankKey } from '@portal/contract/bank/bank-accounts';

/** The bank's name in the user's language (`bank:banks.<key>`), or «unknown bank». */
export function useBankName(): (bank: BankKey | null) => string {
  const { t } = useTranslation('bank');
  return (bank) => (bank ? t(`banks.${bank}`) : t('unknownBank'));
}
