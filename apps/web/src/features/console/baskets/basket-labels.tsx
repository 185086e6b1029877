import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { BasketOrderStatusValue } from '@portal/contract/baskets/orders';
import { RISK_PERSONA } from '@portal/contract/baskets/risk';
import type { ExchangeId, MarketType } from '@portal/contract/baskets/universe';
import type { FundRiskValue } from '@portal/contract/funds/funds';
import { useFormat } from '@/hooks/use-format';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { formatDecimal } from '@/lib/format-money';
import { formatDay, formatRelative } from '../shell/dates';

type ChipColor = 'warning' | 'info' | 'success' | 'error' | 'default';

const STATUS_COLOR: Record<BasketOrderStatusValue, ChipColor> = {
  PaymentPending: 'warning',
  PendingVip: 'warning',
  NotStarted: 'info',
  InProgress: 'info',
  GenerationFailed: 'error',
  Analysed: 'success',
  Cancelled: 'default',
};

/** A basket order's status as a coloured chip (a failed generation filled: it needs an operator's eye). */
export function BasketStatusChip({ status }: { status: BasketOrderStatusValue }) {
  const { t } = useTranslation('basketDesk');
  return (
    <Chip
      size="small"
      variant={status === 'GenerationFailed' ? 'filled' : 'outlined'}
      color={STATUS_COLOR[status]}
      label={t(`statuses.${status}`)}
      data-testid="basket-status"
    />
  );
}

/** Whether a number is one of the risk bands (10, 25, 35, 60, 100). */
const isBand = (n: number): n is FundRiskValue => Object.hasOwn(RISK_PERSONA, n);

/** The desk's format helpers: tether, quantities, shares and percents, the risk band with its persona. */
export function useBasketFormat() {
  const fmt = useFormat();
  const { t } = useTranslation('basketDesk');
  return {
    ...fmt,
    usdt: (amount: string) => fmt.money(amount, 'USDT'),
    /** A quantity of an asset at its own scale (up to 18 decimals), with its symbol. */
    quantity: (q: string, symbol: string) => `${formatDecimal(q, fmt.lng, { maxFractionDigits: 18 })} ${symbol}`,
    /** A price in tether per unit, as many decimals as it has. */
    price: (p: string) => `${formatDecimal(p, fmt.lng, { maxFractionDigits: 12 })} ${t('translation:currency.USDT')}`,
    /** A share 0–1 as a percent: `0.3512` → `۳۵٫۱۲٪`. */
    share: (n: number, digits = 2) => fmt.number(n, { style: 'percent', maximumFractionDigits: digits }),
    /** Basis points as a percent: `50` → `۰٫۵٪`. */
    bps: (bps: number) => fmt.number(bps / 10_000, { style: 'percent', maximumFractionDigits: 2 }),
    /** `۳۵ – متعادل`. */
    risk: (risk: number) =>
      isBand(risk)
        ? t('risk.label', { risk: fmt.number(risk), persona: t(`risk.personas.${RISK_PERSONA[risk]}`) })
        : fmt.number(risk),
    exchange: (e: ExchangeId) => t(`exchanges.${e}`),
    exchanges: (list: readonly ExchangeId[]) => list.map((e) => t(`exchanges.${e}`)).join('، '),
    marketType: (m: MarketType) => t(`marketTypes.${m}`),
    relative: (iso: string) => formatRelative(iso, fmt.lng),
    day: (isoDay: string) => formatDay(isoDay, fmt.lng, fmt.calendar),
  };
}

/** An identifier kept left to right inside the page (a journal's or an order's id). */
export function Mono({ children, title }: { children: string; title?: string }) {
  return (
    <Box
      component="bdi"
      dir="ltr"
      title={title}
      sx={{ fontFamily: 'monospace', fontSize: '0.85rem', overflowWrap: 'anywhere' }}
    >
      {children}
    </Box>
  );
}

/** The rule of a field of the desk as a sentence: the desk's own (`rules.<rule>`), else the app's. */
export function useBasketRuleMessage(): (rule: string | undefined) => string {
  const { t, i18n } = useTranslation('basketDesk');
  return (rule) => {
    if (!rule) return ' ';
    if (i18n.exists(`basketDesk:rules.${rule}`)) return t(`rules.${rule}`);
    if (i18n.exists(`translation:validation.${rule}`)) return t(`translation:validation.${rule}`);
    return t('translation:validation.format');
  };
}

/** An error of the desk: a refused rule in the desk's words, else the app's sentence for its code. */
export function useBasketErrorMessage(): (error: unknown) => string {
  const { i18n } = useTranslation('basketDesk');
  const generic = useErrorMessage();
  const rule = useBasketRuleMessage();
  return (error) => {
    if (isApiError(error)) {
      const issue = error.code === 'VALIDATION_FAILED' ? error.details?.issues?.[0] : undefined;
      if (issue && i18n.exists(`basketDesk:rules.${issue.rule}`)) return rule(issue.rule);
    }
    return generic(error);
  };
}
