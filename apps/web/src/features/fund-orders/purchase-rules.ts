import { z } from 'zod';
import { fromMinor, toMinor } from '@portal/contract/core/money';
import type { FundDetail } from '@portal/contract/funds/catalogue';
import { fundAmountIssue, PURCHASE_METHODS, type PurchaseMethod } from '@portal/contract/funds/orders';
import { canonicalDecimal, compareDecimal } from './amount-input';

/**
 * What the amount breaks, as a rule key (`validation.<rule>`), or null: the contract's checks against the
 * fund's currency (a number, positive, in its scale, not absurd), then the fund's minimum and maximum.
 * The balance is checked apart: a card pays whatever the wallet holds.
 */
export function purchaseAmountRule(typed: string, fund: Pick<FundDetail, 'currency' | 'limits'>): string | null {
  const amount = canonicalDecimal(typed);
  if (amount === '') return 'required';
  const issue = fundAmountIssue(amount, fund.currency);
  if (issue) return issue.rule;
  if (compareDecimal(amount, fund.limits.minPurchase) < 0) return 'amountMin';
  if (fund.limits.maxPurchase !== null && compareDecimal(amount, fund.limits.maxPurchase) > 0) return 'amountMax';
  return null;
}

/** The methods a fund takes: the card goes through the toman gateway, so only toman funds take it. */
export function methodsOf(fund: Pick<FundDetail, 'currency'>): PurchaseMethod[] {
  return fund.currency === 'IRT' ? ['wallet', 'card'] : ['wallet'];
}

/**
 * The purchase form (SPEC §2 "Fund purchase", §5): the amount by the rules above, the method, the terms
 * ticked (`accept`), and for a wallet payment an amount within the available balance (`insufficient`,
 * shown at the method with a link to deposit). `available` is null while the balance is unknown.
 */
export function purchaseFormSchema(fund: Pick<FundDetail, 'currency' | 'limits'>, available: string | null) {
  return z
    .object({
      amount: z.string(),
      method: z.enum(PURCHASE_METHODS, { message: 'select' }),
      acceptTerms: z.boolean(),
    })
    .superRefine((v, ctx) => {
      const rule = purchaseAmountRule(v.amount, fund);
      if (rule) ctx.addIssue({ code: 'custom', path: ['amount'], message: rule });
      else if (v.method === 'wallet' && available !== null && compareDecimal(canonicalDecimal(v.amount), available) > 0)
        ctx.addIssue({ code: 'custom', path: ['method'], message: 'insufficient' });
      if (v.acceptTerms !== true) ctx.addIssue({ code: 'custom', path: ['acceptTerms'], message: 'accept' });
    });
}
export type PurchaseForm = z.input<ReturnType<typeof purchaseFormSchema>>;

/**
 * What a wallet payment of `amount` (canonical, within the fund's rules) lacks: the amount less the available
 * balance, in the fund's currency; null when the balance covers it or is not known yet.
 */
export function shortfallOf(amount: string, available: string | null, currency: FundDetail['currency']): string | null {
  if (available === null || !/^\d+(\.\d+)?$/.test(amount)) return null;
  const missing = toMinor(amount, currency, 'up') - toMinor(available, currency, 'down');
  return missing > 0n ? fromMinor(missing, currency) : null;
}
