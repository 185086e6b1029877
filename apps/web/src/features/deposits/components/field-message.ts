import { useTranslation } from 'react-i18next';

/**
 * The sentence of a form rule (the contract schemas' messages are rule keys): the deposit page's own
 * (`deposit:validation.<rule>`) when it has one, else the shared `validation.<rule>`; `values` fill its
 * placeholders (a minimum, a number of days), already formatted.
 */
export function useFieldMessage(): (rule: string | undefined, values?: Record<string, string>) => string {
  const { t, i18n } = useTranslation('deposit');
  return (rule, values) => {
    if (!rule) return ' ';
    return i18n.exists(`deposit:validation.${rule}`)
      ? t(`validation.${rule}`, values)
      : t(`translation:validation.${rule}`, values);
  };
}
