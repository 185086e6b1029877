import { useTranslation } from 'react-i18next';
import { KYC_MIN_AGE_YEARS } from '@portal/contract/kyc/kyc';
import { formatNumber } from '@/lib/format';

/**
 * The sentence of a form rule (the contract schemas' messages are rule keys): the KYC page's own
 * (`kyc:validation.<rule>`) when it has one, else the shared `validation.<rule>`.
 */
export function useFieldMessage(): (rule: string | undefined) => string {
  const { t, i18n } = useTranslation('kyc');
  return (rule) => {
    if (!rule) return ' ';
    const values = { min: formatNumber(KYC_MIN_AGE_YEARS, i18n.resolvedLanguage ?? i18n.language) };
    return i18n.exists(`kyc:validation.${rule}`)
      ? t(`validation.${rule}`, values)
      : t(`translation:validation.${rule}`, values);
  };
}
