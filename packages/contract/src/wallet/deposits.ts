/**
 * Toman deposits (SPEC §2 "Deposit", §9; issue 5). Gateway: the user names an amount, is sent to the
 * bank gateway, comes back to `/wallet/deposit?depositId=…&Authority=…&Status=OK|NOK`, and the page asks
 * the server to verify; the server verifies with the gateway exactly once, however often it is asked.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { normalizeDigits } from '../core/digits';
import { textSchema } from '../core/text';

/** Smallest gateway deposit, toman. */
export const GATEWAY_DEPOSIT_MIN_TOMAN = 10_000n;
/** Largest single gateway payment, toman (the «choose maximum» button fills it). */
export const GATEWAY_DEPOSIT_MAX_TOMAN = 25_000_000n;
/** One toman is ten rials: gateways take rials. */
export const RIALS_PER_TOMAN = 10n;

/**
 * A toman amount as typed: Persian/Arabic digits and thousands separators allowed, a whole number of
 * toman between `min` and `max`. Issues: `amountInvalid`, `amountMin` / `amountMax` with `{ min | max }`.
 */
export function tomanAmountSchema(min: bigint, max?: bigint) {
  return z
    .string()
    .transform((s) =>
      normalizeDigits(s)
        .replace(/[,\s٬،]/g, '')
        .trim(),
    )
    .superRefine((s, ctx) => {
      if (!/^\d{1,15}$/.test(s)) ctx.addIssue({ code: 'custom', message: 'amountInvalid' });
      else if (BigInt(s) < min) ctx.addIssue({ code: 'custom', message: 'amountMin', params: { min: min.toString() } });
      else if (max !== undefined && BigInt(s) > max)
        ctx.addIssue({ code: 'custom', message: 'amountMax', params: { max: max.toString() } });
    })
    .transform((s) => String(BigInt(s)));
}

/** SPEC §3 "Wallet increase status": what the user is told about a deposit. */
export const DEPOSIT_OUTCOMES = ['waiting', 'success', 'failed'] as const;
export type DepositOutcome = (typeof DEPOSIT_OUTCOMES)[number];

/** How money came in: the bank gateway, an offline transfer with a receipt, a transfer to the deposit ID. */
export const DEPOSIT_KINDS = ['gateway', 'offline', 'by_id'] as const;

export const depositSchema = z.object({
  depositId: z.string(),
  kind: z.enum(DEPOSIT_KINDS),
  outcome: z.enum(DEPOSIT_OUTCOMES),
  /** Toman, as paid. */
  amount: z.string(),
  fee: z.string(),
  /** What reached the wallet (amount − fee) once successful; "0" before. */
  credited: z.string(),
  /** The gateway's reference number of a successful payment. */
  referenceId: z.string().nullable(),
  createdAt: z.string(),
});
export type Deposit = z.infer<typeof depositSchema>;

export const startGatewayDepositBody = z.object({
  amount: tomanAmountSchema(GATEWAY_DEPOSIT_MIN_TOMAN, GATEWAY_DEPOSIT_MAX_TOMAN),
  /**
   * The payer's card: one of the user's bank accounts that has a card number. The gateway then takes the
   * payment only from that card (money comes in from the investor's own account). Another user's account,
   * a deleted one or one without a card is `NOT_FOUND`.
   */
  bankAccountId: z.uuid({ message: 'select' }).optional(),
});
export type StartGatewayDepositBody = z.input<typeof startGatewayDepositBody>;

export const startGatewayDeposit = defineEndpoint({
  id: 'startGatewayDeposit',
  method: 'POST',
  path: '/wallet/deposits/gateway',
  summary: 'Start a toman deposit through the bank gateway: answers where to send the payer',
  tags: ['wallet'],
  auth: 'session',
  idempotent: true,
  body: startGatewayDepositBody,
  response: z.object({ depositId: z.string(), redirectUrl: z.string() }),
  successStatus: 201,
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'KYC_REQUIRED',
    'ACCOUNT_FROZEN',
    'NOT_FOUND',
    'IDEMPOTENCY_KEY_REUSED',
    'PAYMENT_GATEWAY_UNAVAILABLE',
    'CONFLICT',
  ],
});

export const verifyGatewayDeposit = defineEndpoint({
  id: 'verifyGatewayDeposit',
  method: 'POST',
  path: '/wallet/deposits/:depositId/verify',
  summary: 'The gateway sent the payer back: verify the payment (once) and answer the outcome',
  tags: ['wallet'],
  auth: 'session',
  params: z.object({ depositId: z.uuid({ message: 'format' }) }),
  body: z.object({ authority: textSchema({ trim: false }).min(1).max(200), status: z.enum(['OK', 'NOK']) }),
  response: depositSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const getDeposit = defineEndpoint({
  id: 'getDeposit',
  method: 'GET',
  path: '/wallet/deposits/:depositId',
  summary: 'One of my deposits',
  tags: ['wallet'],
  auth: 'session',
  params: z.object({ depositId: z.uuid({ message: 'format' }) }),
  response: depositSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});
