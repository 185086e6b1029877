/**
 * The console's side of fund orders (issue 6, decision 022): a fund's purchases and redemptions, paged,
 * for `funds.read`; dividends (`FundHolderDividendDistribution`), distributed by `funds.manage` and listed
 * by `funds.read`. A dividend pays every holder ⌊units × per-unit ÷ 10⁴⌋ (rounded down, the fund never pays a
 * fraction it does not hold) from the fund's custody account to the holder's wallet, one journal each, in
 * one transaction; the operator's request is idempotent and audited.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { PURCHASE_STATUSES, REDEMPTION_STATUSES } from '../funds/funds';
import { fundAmountInputSchema, fundCurrencySchema, fundPurchaseSchema, fundRedemptionSchema } from '../funds/orders';
import { proposalSchema } from './proposal-view';
import { pageOf, pageQuery } from '../core/paging';

const forbidden = ['UNAUTHENTICATED', 'FORBIDDEN', 'TWO_FACTOR_REQUIRED'] as const;
export const FUND_ORDERS_ADMIN_PAGE_SIZE = 20;

const fundIdParams = z.object({ fundId: z.uuid({ message: 'format' }) });

const orderUser = z.object({
  id: z.string(),
  mobile: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

export const adminFundPurchaseSchema = fundPurchaseSchema.extend({ user: orderUser });
export type AdminFundPurchase = z.infer<typeof adminFundPurchaseSchema>;
export const adminFundRedemptionSchema = fundRedemptionSchema.extend({ user: orderUser });
export type AdminFundRedemption = z.infer<typeof adminFundRedemptionSchema>;

export const adminListFundPurchases = defineEndpoint({
  id: 'adminListFundPurchases',
  method: 'GET',
  path: '/admin/funds/:fundId/purchases',
  summary: 'A fund’s purchases, newest first (optionally of one status)',
  tags: ['admin'],
  auth: 'session',
  permission: 'funds.read',
  params: fundIdParams,
  query: pageQuery({ status: z.enum(PURCHASE_STATUSES).optional() }),
  response: pageOf(adminFundPurchaseSchema),
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const adminListFundRedemptions = defineEndpoint({
  id: 'adminListFundRedemptions',
  method: 'GET',
  path: '/admin/funds/:fundId/redemptions',
  summary: 'A fund’s redemptions, newest first (optionally of one status)',
  tags: ['admin'],
  auth: 'session',
  permission: 'funds.read',
  params: fundIdParams,
  query: pageQuery({ status: z.enum(REDEMPTION_STATUSES).optional() }),
  response: pageOf(adminFundRedemptionSchema),
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const fundDividendSchema = z.object({
  id: z.string(),
  fundId: z.string(),
  currency: fundCurrencySchema,
  /** Paid per whole unit, in the fund's currency. */
  perUnit: z.string(),
  /** What all holders received together. */
  total: z.string(),
  /** Holders paid (a holder whose share rounds down to zero is not paid). */
  holders: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type FundDividend = z.infer<typeof fundDividendSchema>;

export const distributeFundDividendBody = z.object({
  /** Per whole unit, a decimal string in the fund's currency (`"1500"` toman, `"0.25"` USDT). */
  perUnit: fundAmountInputSchema,
});
export type DistributeFundDividendBody = z.input<typeof distributeFundDividendBody>;

/**
 * Proposes a dividend per unit (issue 15, decision 028): answered 202 with the proposal (a retry with the
 * same `Idempotency-Key` answers the same proposal); every holder of the fund at the moment a second
 * operator approves it is paid, one journal each. `CONFLICT` when no holder would receive anything (now
 * or at approval). An operator holding the fund's units cannot propose it.
 */
export const distributeFundDividend = defineEndpoint({
  id: 'distributeFundDividend',
  method: 'POST',
  path: '/admin/funds/:fundId/dividends',
  summary: 'Propose a dividend per unit to every holder of the fund (a second operator approves)',
  tags: ['admin'],
  auth: 'session',
  permission: 'funds.manage',
  idempotent: true,
  params: fundIdParams,
  body: distributeFundDividendBody,
  response: proposalSchema,
  successStatus: 202,
  errors: [
    ...forbidden,
    'VALIDATION_FAILED',
    'NOT_FOUND',
    'CONFLICT',
    'IDEMPOTENCY_KEY_REUSED',
    'FUND_HOLDER_OPERATOR',
  ],
});

export const adminListFundDividends = defineEndpoint({
  id: 'adminListFundDividends',
  method: 'GET',
  path: '/admin/funds/:fundId/dividends',
  summary: 'A fund’s dividends, newest first',
  tags: ['admin'],
  auth: 'session',
  permission: 'funds.read',
  params: fundIdParams,
  query: pageQuery(),
  response: pageOf(fundDividendSchema),
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND'],
});
