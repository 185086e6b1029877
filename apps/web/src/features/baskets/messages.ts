import { useTranslation } from 'react-i18next';
import { LIMITS } from '@portal/contract/core/constants';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { USDT_SCALE } from './order-rules';
import { useBasketFormat } from './use-basket-format';

/**
 * The sentence of a form rule of the basket pages: their own (`baskets:validation.<rule>`, naming the limits
 * in tether) when there is one, else the shared `validation.<rule>`.
 */
export function useRuleMessage() {
  const { t, i18n } = useTranslation('baskets');
  const fmt = useBasketFormat();
  return (rule: string | undefined, values: { available?: string | null } = {}): string => {
    if (!rule) return ' ';
    const params = {
      min: fmt.usdt(LIMITS.minInvestmentUsdt),
      max: fmt.usdt(LIMITS.vipBasketMaxUsdt),
      scale: fmt.number(USDT_SCALE),
      available: values.available ? fmt.usdt(values.available) : '',
    };
    return i18n.exists(`baskets:validation.${rule}`)
      ? t(`validation.${rule}`, params)
      : t(`translation:validation.${rule}`, params);
  };
}

/**
 * The user's sentence for an error of the basket pages: a refused rule of the order in these pages' words, the
 * basket codes in these pages' words (`baskets:errors.<CODE>`) when they have one, else the app's.
 */
export function useBasketErrorMessage() {
  const { t, i18n } = useTranslation('baskets');
  const generic = useErrorMessage();
  const rule = useRuleMessage();
  return (error: unknown): string => {
    if (isApiError(error)) {
      const issue = error.code === 'VALIDATION_FAILED' ? error.details?.issues?.[0] : undefined;
      if (issue && i18n.exists(`baskets:validation.${issue.rule}`)) return rule(issue.rule);
      if (i18n.exists(`baskets:errors.${error.code}`)) return t(`errors.${error.code}`);
    }
    return generic(error);
  };
}
