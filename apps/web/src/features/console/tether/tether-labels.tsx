import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { MarketStatus } from '@portal/contract/tether/market';
import { useFormat } from '@/hooks/use-format';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { intlLocale } from '@/lib/format';

const STATUS_COLOR: Record<MarketStatus, 'success' | 'warning' | 'error' | 'default'> = {
  live: 'success',
  stale: 'warning',
  paused: 'error',
  unavailable: 'default',
};

/** The market's state: live, stale (no fresh price), paused by the operators, no price yet. */
export function MarketStatusChip({ status }: { status: MarketStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOR[status]}
      label={t(`tether.statuses.${status}`)}
      data-testid="tether-market-status"
    />
  );
}

/** The desk's format helpers: basis points as a percent, rials per tether, signed balances. */
export function useTetherFormat() {
  const fmt = useFormat();
  return {
    ...fmt,
    /** `50` → `۰٫۵٪`. */
    bps: (bps: number) => fmt.number(bps / 10_000, { style: 'percent', maximumFractionDigits: 2 }),
    /** Rials per tether: `۱٬۰۰۵٬۰۰۰ ریال`. */
    rials: (price: string) => fmt.money(price, 'IRR'),
    /** The language's percent sign (`٪` in Persian, `%` in English). */
    percentSign:
      new Intl.NumberFormat(intlLocale(fmt.lng), { style: 'percent' })
        .formatToParts(0.5)
        .find((p) => p.type === 'percentSign')?.value ?? '%',
  };
}

/** The rule of a field of the desk as a sentence: the desk's own (`tether.rules.<rule>`), else the app's. */
export function useTetherRuleMessage(): (rule: string | undefined) => string {
  const { t, i18n } = useTranslation('admin');
  return (rule) => {
    if (!rule) return ' ';
    if (i18n.exists(`admin:tether.rules.${rule}`)) return t(`tether.rules.${rule}`);
    if (i18n.exists(`translation:validation.${rule}`)) return t(`translation:validation.${rule}`);
    return t('translation:validation.format');
  };
}

/** An error of the desk: its own codes in its words (`tether.errors.<CODE>`), a refused rule, else the app's. */
export function useTetherErrorMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation('admin');
  const generic = useErrorMessage();
  const rule = useTetherRuleMessage();
  return (error) => {
    if (isApiError(error)) {
      const issue = error.code === 'VALIDATION_FAILED' ? error.details?.issues?.[0] : undefined;
      if (issue && i18n.exists(`admin:tether.rules.${issue.rule}`)) return rule(issue.rule);
      if (i18n.exists(`admin:tether.errors.${error.code}`)) return t(`tether.errors.${error.code}`);
    }
    return generic(error);
  };
}
