import { z } from 'zod';
import { toMinor } from '@portal/contract/core/money';
import {
  BASKET_AMOUNT_SCALE,
  basketAmountIssue,
  createBasketOrderBody,
  isSpecialisedAmount,
  isVipAmount,
  normalizeBasketAmount,
} from '@portal/contract/baskets/orders';
import { isRiskierThan } from '@portal/contract/baskets/risk';
import { EXCHANGES, type ExchangeId, type MarketType } from '@portal/contract/baskets/universe';
import type { FundRiskValue } from '@portal/contract/funds/funds';

/*
 * The rules of a basket order's form (SPEC §5, issue 20), the contract's own (`basketAmountIssue`,
 * `createBasketOrderBody`): an amount in tether of at least 1,000 and at most 1 billion with at most 6
 * decimals; from 50,000 the order is a VIP request, above 200,000 the investor is offered a specialised
 * basket; at least one exchange. Messages are rule keys (decision 032) that the form turns into sentences
 * (`baskets:validation.<rule>`).
 */

export const USDT_SCALE = BASKET_AMOUNT_SCALE;

/** What the amount field keeps as typed (digits already Latin): separators dropped, `٫` read as a point. */
export function sanitizeAmount(typed: string): string {
  return normalizeBasketAmount(typed).slice(0, 40);
}

/** A typed amount as the API takes it: `"2000."` → `"2000"`, `"0.50"` → `"0.5"`, `"0012"` → `"12"`. */
export function canonicalAmount(value: string): string {
  const [int = '0', frac = ''] = value.split('.');
  const i = int.replace(/^0+(?=\d)/, '') || '0';
  const f = frac.replace(/0+$/, '');
  return f ? `${i}.${f}` : i;
}

/** The amount's rule key (the contract's), or null when it is a valid order amount. */
export function amountRule(typed: string): string | null {
  if (typed === '') return 'required';
  // A trailing point while typing («2000.») is the number before it.
  const value = typed.endsWith('.') ? typed.slice(0, -1) : typed;
  return basketAmountIssue(value)?.rule ?? null;
}

/** How an amount is handled: paid now, a VIP request, or a VIP request offered a specialised basket. */
export type AmountTier = 'regular' | 'vip' | 'specialised';
export function amountTier(amount: string): AmountTier {
  if (isSpecialisedAmount(amount)) return 'specialised';
  if (isVipAmount(amount)) return 'vip';
  return 'regular';
}

/** The tether missing to pay `amount` (canonical) from `available`, or null when it is covered (or unknown). */
export function shortfallOf(amount: string, available: string | null): string | null {
  if (available === null) return null;
  const missing = toMinor(amount, 'USDT') - toMinor(available, 'USDT', 'down');
  if (missing <= 0n) return null;
  const s = missing.toString().padStart(USDT_SCALE + 1, '0');
  return canonicalAmount(`${s.slice(0, -USDT_SCALE)}.${s.slice(-USDT_SCALE)}`);
}

/**
 * Whether an order of `risk` needs the investor's explicit confirmation: riskier than their latest quiz
 * result, or no result at all (the server's `RISK_CONFIRMATION_REQUIRED`).
 */
export function needsRiskConfirmation(risk: FundRiskValue, quizRiskNumber: number | null): boolean {
  return quizRiskNumber === null || isRiskierThan(risk, quizRiskNumber);
}

/**
 * The whole order form (both steps): the contract's body fields — the risk band, the amount (typed, checked
 * by `amountRule`), the exchanges (at least one) and the market type — and the risk confirmation, required
 * (`riskConfirm`) when `needsRiskConfirmation` says so for the latest result `quizRiskNumber`.
 */
export function orderFormSchema(quizRiskNumber: number | null) {
  return createBasketOrderBody
    .pick({ risk: true, exchanges: true })
    .extend({
      amount: z.string().superRefine((value, ctx) => {
        const rule = amountRule(value);
        if (rule) ctx.addIssue({ code: 'custom', message: rule });
      }),
      marketType: z.enum(['all', 'margin']),
      riskAcknowledged: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (needsRiskConfirmation(v.risk, quizRiskNumber) && !v.riskAcknowledged)
        ctx.addIssue({ code: 'custom', path: ['riskAcknowledged'], message: 'riskConfirm' });
    });
}
export interface OrderFormValues {
  risk: FundRiskValue;
  amount: string;
  exchanges: ExchangeId[];
  marketType: MarketType;
  riskAcknowledged: boolean;
}

/** The fields of each step: «continue» checks the first's, «submit» all. */
export const STEP_FIELDS = [
  ['risk', 'amount'],
  ['exchanges', 'marketType', 'riskAcknowledged'],
] as const;

export const DEFAULT_EXCHANGES: ExchangeId[] = [...EXCHANGES];
