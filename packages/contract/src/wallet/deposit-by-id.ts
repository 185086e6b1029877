/**
 * Toman deposits by payment ID (SPEC §2 "Deposit", §9, §147; issue 5, decision 020). The investor chooses
 * one of their own verified bank accounts (a sheba), gets a stable payment ID for it, and transfers from
 * that account to the portal's account (`DEPOSIT_BY_ID_DESTINATION`) writing the ID in the transfer's
 * "payment ID" field. The bank statement reaches the portal through the settlement port (an operator
 * imports it in the console); a matching job credits the wallet `amount − 0.01%` up to 25,000,000 toman
 * per Tehran day; what is over the cap goes back at the next bank cycle, and a transfer with a wrong or
 * missing ID (or from another person's account) goes back after a business day, less a fixed fee.
 */
import { z } from 'zod';
import { bankKeySchema, isLuhnValid, shebaOf, type BankKey } from '../bank/bank-accounts';
import { defineEndpoint } from '../core/endpoint';
import { normalizeDigits } from '../core/digits';
import { addWorkingDays, nextBankCycle } from '../core/bank-calendar';

/** SPEC §5, §9: what one user may deposit by ID per day (Tehran day), toman, before fees. */
export const DEPOSIT_BY_ID_DAILY_CAP_TOMAN = 25_000_000n;
/** SPEC §9: the fee is 0.01% = 1 / 10,000 of the accepted amount. */
export const DEPOSIT_BY_ID_FEE_DENOMINATOR = 10_000n;
/**
 * The fixed fee kept from a transfer returned for a wrong or missing payment ID, or paid from an
 * account that is not the ID owner's (SPEC: "returned … minus a fee"), toman. A transfer smaller than
 * the fee is kept whole as the fee (nothing is worth sending back).
 */
export const DEPOSIT_BY_ID_RETURN_FEE_TOMAN = 5_000n;
/** Wrong or missing ID: the return goes out at the first bank cycle after this many working days. */
export const DEPOSIT_BY_ID_RETURN_WORKING_DAYS = 1;

/**
 * The portal's account that deposits by ID are paid into (declared once, like
 * `OFFLINE_DEPOSIT_DESTINATIONS`); its bank statement is what the operator imports.
 */
export const DEPOSIT_BY_ID_DESTINATION = {
  bank: 'pasargad',
  accountNumber: '207-8100-14522901-1',
  sheba: shebaOf('0570207810014522901001'),
} as const satisfies { bank: BankKey; accountNumber: string; sheba: string };

/**
 * The fee of `accepted` toman: 0.01%, **rounded up** to the next whole toman (IRT has scale 0), so the
 * rounding never favours the payer at the house's expense: 1 toman to 10,000 toman pay 1, 10,001 pay 2.
 * The wallet receives `accepted − fee` (zero when 1 toman is accepted).
 */
export function depositByIdFee(accepted: bigint): bigint {
  if (accepted < 0n) throw new RangeError('an accepted amount is not negative');
  return (accepted + DEPOSIT_BY_ID_FEE_DENOMINATOR - 1n) / DEPOSIT_BY_ID_FEE_DENOMINATOR;
}

/**
 * How a matched transfer of `amount` toman splits when `usedToday` toman were already accepted for the
 * user's Tehran day: the part within the cap is accepted (the fee taken from it, the rest credited),
 * the part over the cap is returned whole at the next bank cycle.
 */
export function splitDepositById(
  amount: bigint,
  usedToday: bigint,
): { accepted: bigint; fee: bigint; credited: bigint; over: bigint } {
  if (amount <= 0n) throw new RangeError('a transfer is positive');
  const left = DEPOSIT_BY_ID_DAILY_CAP_TOMAN - usedToday;
  const accepted = left <= 0n ? 0n : amount < left ? amount : left;
  const fee = depositByIdFee(accepted);
  return { accepted, fee, credited: accepted - fee, over: amount - accepted };
}

/** The fee kept from a returned transfer of `amount` toman, and what goes back. */
export function depositByIdReturn(amount: bigint): { fee: bigint; refunded: bigint } {
  const fee = amount < DEPOSIT_BY_ID_RETURN_FEE_TOMAN ? amount : DEPOSIT_BY_ID_RETURN_FEE_TOMAN;
  return { fee, refunded: amount - fee };
}

// --- payment IDs -------------------------------------------------------------------------------------

/** A payment ID is 12 digits: 11 (the first not zero) and a Luhn check digit, so a typo is caught. */
export const PAYMENT_ID_LENGTH = 12;

/** The Luhn check digit of a string of digits. */
export function luhnCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (isLuhnValid(`${body}${d}`)) return String(d);
  throw new Error('unreachable: one check digit fits');
}

/** A payment ID from its 11-digit body (the server draws the body at random). */
export function paymentIdOf(body: string): string {
  if (!/^[1-9]\d{10}$/.test(body)) throw new Error('a payment ID body is 11 digits, not starting with 0');
  return `${body}${luhnCheckDigit(body)}`;
}

/** Whether a cleaned string is a well-formed payment ID (12 digits, first not zero, Luhn). */
export function isPaymentIdWellFormed(id: string): boolean {
  return new RegExp(`^[1-9]\\d{${PAYMENT_ID_LENGTH - 1}}$`).test(id) && isLuhnValid(id);
}

/**
 * The payment ID as a statement line carries it (the payer's "payment ID" field): Persian and
 * Arabic-Indic digits normalised, everything but digits dropped. Empty: the payer wrote none.
 */
export function cleanPaymentId(raw: string): string {
  return normalizeDigits(raw).replace(/\D/g, '');
}

// --- bank cycles and working days ----------------------------------------------------------------------

// The one bank calendar (`core/bank-calendar`, shared with withdrawals): a working day is neither a
// Friday nor an official Iranian holiday. Re-exported under the names this module has always used.
export {
  NON_WORKING_WEEKDAY,
  addWorkingDays,
  isIranianHoliday,
  isTehranWorkingDay,
  nextBankCycle as nextWorkingBankCycle,
} from '../core/bank-calendar';

/** When a transfer with a wrong or missing ID goes back: the first working bank cycle after one working day. */
export function wrongIdReturnAt(now: Date): Date {
  return nextBankCycle(addWorkingDays(now, DEPOSIT_BY_ID_RETURN_WORKING_DAYS));
}

// --- the investor's endpoints ----------------------------------------------------------------------------

/** What happened to a transfer on the statement, as the investor and the operator see it. */
export const STATEMENT_LINE_STATUSES = [
  /** Imported, not matched yet. */
  'Pending',
  /** Credited whole (less the fee). */
  'Credited',
  /** Something goes back (over the daily cap, wrong ID…) at `returnAt`; any accepted part is credited. */
  'Returning',
  /** The return left at its bank cycle. */
  'Returned',
] as const;
export type StatementLineStatus = (typeof STATEMENT_LINE_STATUSES)[number];

export const STATEMENT_RETURN_REASONS = [
  /** Over what was left of the 25,000,000-toman daily cap: returned whole at the next cycle. */
  'daily_cap',
  /** The payer wrote no payment ID. */
  'missing_id',
  /** The ID is not a portal payment ID. */
  'unknown_id',
  /** The ID is real, but the transfer came from an account that is not its owner's. */
  'sheba_mismatch',
  /** The owner's account is frozen or no longer verified: nothing may be credited to it. */
  'account_unavailable',
] as const;
export type StatementReturnReason = (typeof STATEMENT_RETURN_REASONS)[number];

export const depositIdSchema = z.object({
  id: z.string(),
  /** 12 digits; the payer writes it in the transfer's payment ID field. */
  paymentId: z.string(),
  bankAccountId: z.string(),
  bank: bankKeySchema.nullable(),
  /** The source account, masked. */
  shebaMasked: z.string(),
  createdAt: z.string(),
});
export type DepositId = z.infer<typeof depositIdSchema>;

/** One of the investor's transfers by ID, from the imported statement. */
export const depositByIdSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  /** Toman, as transferred. */
  amount: z.string(),
  /** Credited to the wallet (after the fee). */
  credited: z.string(),
  fee: z.string(),
  /** Going (or gone) back to the source account, after any return fee. */
  returned: z.string(),
  status: z.enum(STATEMENT_LINE_STATUSES),
  returnReason: z.enum(STATEMENT_RETURN_REASONS).nullable(),
  /** When the return leaves (or left). */
  returnAt: z.string().nullable(),
  /** The bank's time of the transfer. */
  bookedAt: z.string(),
});
export type DepositById = z.infer<typeof depositByIdSchema>;

export const getDepositByIdOverview = defineEndpoint({
  id: 'getDepositByIdOverview',
  method: 'GET',
  path: '/wallet/deposits/by-id',
  summary: 'My payment IDs, what is left of today’s cap and my recent transfers by ID',
  tags: ['wallet'],
  auth: 'session',
  response: z.object({
    items: z.array(depositIdSchema),
    /** Toman that may still be accepted today (Tehran day), before fees. */
    capLeftToday: z.string(),
    /** The latest 20 transfers matched to my IDs, newest first. */
    deposits: z.array(depositByIdSchema),
  }),
  errors: ['UNAUTHENTICATED'],
});

export const createDepositIdBody = z.object({
  /** One of my active bank accounts that has a sheba (another user's or a deleted one is `NOT_FOUND`). */
  bankAccountId: z.uuid({ message: 'select' }),
});
export type CreateDepositIdBody = z.input<typeof createDepositIdBody>;

export const createDepositId = defineEndpoint({
  id: 'createDepositId',
  method: 'POST',
  path: '/wallet/deposits/by-id',
  summary: 'The payment ID of one of my bank accounts, created on first ask (one per account)',
  tags: ['wallet'],
  auth: 'session',
  body: createDepositIdBody,
  response: depositIdSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'KYC_REQUIRED', 'ACCOUNT_FROZEN', 'NOT_FOUND'],
});
