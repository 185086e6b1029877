import type { FundPurchase } from '@portal/contract/funds/orders';
import { paths } from '@/config/paths';

/** The outcome pages of a purchase, by the outcome the server answers (SPEC §2, §4). */
export const OUTCOME_PAGE = { success: 'success', waiting: 'waiting', failed: 'unsuccess' } as const;
export type OutcomePage = (typeof OUTCOME_PAGE)[keyof typeof OUTCOME_PAGE];

export function isOutcomePage(v: string | undefined): v is OutcomePage {
  return v === 'success' || v === 'waiting' || v === 'unsuccess';
}

/** Where a purchase is shown: its outcome page, or the payment page while the payer is at the gateway. */
export function purchasePageOf(purchase: Pick<FundPurchase, 'id' | 'outcome'>): string {
  return purchase.outcome === 'pending'
    ? paths.fundPurchasePayment.getHref(purchase.id)
    : paths.fundPurchaseOutcome.getHref(purchase.id, OUTCOME_PAGE[purchase.outcome]);
}

/** The gateway's return in the payment page's address (`Authority`, `Status`), when it is complete. */
export function gatewayReturnOf(params: URLSearchParams): { authority: string; status: 'OK' | 'NOK' } | null {
  const authority = params.get('Authority');
  const status = params.get('Status');
  if (!authority || (status !== 'OK' && status !== 'NOK')) return null;
  return { authority, status };
}
