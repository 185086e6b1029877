import type { TFunction } from 'i18next';
import type { FundPurchase } from '@portal/contract/funds/orders';
import { formatDigits } from '@/lib/format';
import type { OrderFormat } from '../use-order-format';
import type { Figure } from './figures';

/** A purchase's figures as its payment and outcome pages list them (what is not known yet is left out). */
export function purchaseFigures(
  p: FundPurchase,
  fundName: string | null,
  fmt: OrderFormat,
  t: TFunction<'fundOrders'>,
): Figure[] {
  const money = (v: string) => fmt.money(v, p.currency);
  const rows: (Figure | null)[] = [
    fundName ? { label: t('confirm.fund'), value: fundName } : null,
    { label: t('breakdown.amount'), value: money(p.amount) },
    { label: t('confirm.method'), value: t(`method.${p.method}`) },
    { label: t('order.status'), value: t(`order.purchaseState.${p.state}`) },
    { label: t('order.createdAt'), value: fmt.date(p.createdAt, 'dateTime') },
    p.paymentReference === null
      ? null
      : { label: t('order.reference'), value: formatDigits(p.paymentReference, fmt.lng) },
    { label: t('breakdown.fixedFee'), value: money(p.fixedFee) },
    p.nav === null ? null : { label: t('breakdown.nav', { date: fmt.day(p.navDate) }), value: money(p.nav) },
    p.units === null
      ? null
      : { label: t('order.units'), value: t('breakdown.unitsValue', { units: fmt.units(p.units) }) },
    p.cost === null ? null : { label: t('breakdown.cost'), value: money(p.cost) },
    p.remainder === null ? null : { label: t('order.remainder'), value: money(p.remainder) },
    p.charged === null ? null : { label: t('order.charged'), value: money(p.charged), strong: true },
  ];
  return rows.filter((r): r is Figure => r !== null);
}
