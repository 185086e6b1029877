import type { FundRiskValue } from '@portal/contract/funds/funds';

/** The tabs of a basket's page (`/basket-order/{id}?type=`): its holdings, its orders, its back-test. */
export const BASKET_TABS = ['holdings', 'orders', 'backtest'] as const;
export type BasketTab = (typeof BASKET_TABS)[number];

export const isBasketTab = (v: string | null): v is BasketTab =>
  (BASKET_TABS as readonly (string | null)[]).includes(v);

/** A risk from the address (`/basket-order/create?risk=35`), kept only when it is a band. */
export function riskFromQuery(value: string | null): FundRiskValue | null {
  const n = Number(value);
  return [10, 25, 35, 60, 100].includes(n) ? (n as FundRiskValue) : null;
}
