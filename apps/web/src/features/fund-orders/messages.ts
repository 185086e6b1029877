import { useTranslation } from 'react-i18next';
import type { FundCurrency } from '@portal/contract/funds/funds';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { useOrderFormat } from './use-order-format';

/** The limits a rule's sentence may name, as decimal strings in the fund's currency. */
export interface RuleValues {
  min?: string | null | undefined;
  max?: string | null | undefined;
  scale?: string | number | undefined;
  available?: string | null | undefined;
}

/**
 * The sentence of a form rule: these pages' own (`fundOrders:validation.<rule>`, which name the fund's
 * currency) when there is one, else the shared `validation.<rule>`.
 */
export function useRuleMessage(currency: FundCurrency | undefined) {
  const { t, i18n } = useTranslation('fundOrders');
  const fmt = useOrderFormat();
  return (rule: string | undefined, values: RuleValues = {}): string => {
    if (!rule) return ' ';
    const money = (v: string | null | undefined) => (v && currency ? fmt.money(v, currency) : '');
    const params = {
      min: money(values.min),
      max: money(values.max),
      available: money(values.available),
      scale: values.scale === undefined ? '' : fmt.number(Number(values.scale)),
    };
    return i18n.exists(`fundOrders:validation.${rule}`)
      ? t(`validation.${rule}`, params)
      : t(`translation:validation.${rule}`, params);
  };
}

/**
 * The user's sentence for an error of these pages: a refused rule of the amount or units in the fund's
 * currency, the fund order codes in these pages' words (`fundOrders:errors.<CODE>`), else the app's.
 */
export function useOrderErrorMessage(currency: FundCurrency | undefined) {
  const { t, i18n } = useTranslation('fundOrders');
  const generic = useErrorMessage();
  const rule = useRuleMessage(currency);
  return (error: unknown): string => {
    if (isApiError(error)) {
      const issue = error.code === 'VALIDATION_FAILED' ? error.details?.issues?.[0] : undefined;
      if (issue && i18n.exists(`fundOrders:validation.${issue.rule}`)) {
        const p = issue.params ?? {};
        return rule(issue.rule, {
          min: p.min === undefined ? undefined : String(p.min),
          max: p.max === undefined ? undefined : String(p.max),
          scale: p.scale,
        });
      }
      if (i18n.exists(`fundOrders:errors.${error.code}`)) return t(`errors.${error.code}`);
    }
    return generic(error);
  };
}
