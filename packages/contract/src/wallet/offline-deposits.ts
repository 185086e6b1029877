/**
 * Offline toman deposits (SPEC §2 "Deposit", §5, §9; issue 5, decision 018). The investor pays into one
 * of the portal's published bank accounts at the bank, then declares it here: the amount, the bank's
 * receipt (tracking) number, which of our accounts, the day, and a photo of the receipt uploaded first
 * through `POST /files?purpose=deposit_receipt`. The request waits for an operator (up to 48 hours,
 * informational); approval credits the wallet `amount − fee` in one journal, rejection names a reason.
 * The investor may cancel while it is pending.
 */
import { z } from 'zod';
import { shebaOf, type BankKey } from '../bank/bank-accounts';
import { TEHRAN_OFFSET_MS } from '../core/bank-calendar';
import { defineEndpoint } from '../core/endpoint';
import { UserRequestStatus } from '../core/enums';
import { normalizeDigits } from '../core/digits';
import { isRealDate } from '../kyc/kyc';
import { tomanAmountSchema } from './deposits';

/** SPEC §5: the smallest offline deposit, toman. */
export const OFFLINE_DEPOSIT_MIN_TOMAN = 1_000_000n;
/** SPEC §9: the fixed fee of an offline deposit, toman, taken from the amount. */
export const OFFLINE_DEPOSIT_FEE_TOMAN = 4_000n;
/** SPEC §4, §9: an operator reviews a deposit within 48 hours (shown to the investor, not enforced). */
export const OFFLINE_DEPOSIT_REVIEW_HOURS = 48;
/** A receipt older than this many days is not accepted: the bank statement to check it against is gone by then. */
export const OFFLINE_DEPOSIT_MAX_AGE_DAYS = 30;

/**
 * What reaches the wallet of an approved deposit: `amount − fee`, in whole toman. No rounding arises: the
 * amount is a whole number of toman (the schema refuses fractions; IRT has scale 0) and the fee is a
 * fixed whole number of toman, so the credit is exact. The minimum (1,000,000) is far above the fee, so
 * the credit is always positive.
 */
export function offlineDepositCredit(amount: bigint): { fee: bigint; credited: bigint } {
  if (amount < OFFLINE_DEPOSIT_MIN_TOMAN) throw new RangeError('an offline deposit is at least the minimum');
  return { fee: OFFLINE_DEPOSIT_FEE_TOMAN, credited: amount - OFFLINE_DEPOSIT_FEE_TOMAN };
}

/**
 * The portal's published bank accounts an investor may deposit into (the destination of SPEC §2). The
 * web names each bank `bank:banks.<bank>` and shows the account number and sheba to copy. These are the
 * embedded demo's accounts; a deployment replaces them with its own.
 */
export const OFFLINE_DEPOSIT_DESTINATIONS = [
  { id: 'mellat', bank: 'mellat', accountNumber: '4482913570', sheba: shebaOf('0120000000004482913570') },
  { id: 'melli', bank: 'melli', accountNumber: '0301839204007', sheba: shebaOf('0170000000301839204007') },
  { id: 'saman', bank: 'saman', accountNumber: '849-100-5720631-1', sheba: shebaOf('0560849100005720631001') },
] as const satisfies readonly { id: string; bank: BankKey; accountNumber: string; sheba: string }[];
export type OfflineDepositDestination = (typeof OFFLINE_DEPOSIT_DESTINATIONS)[number]['id'];
export const OFFLINE_DEPOSIT_DESTINATION_IDS = OFFLINE_DEPOSIT_DESTINATIONS.map((d) => d.id) as [
  OfflineDepositDestination,
  ...OfflineDepositDestination[],
];

/** Why an operator rejects an offline deposit; the investor sees each translated. */
export const OFFLINE_DEPOSIT_REJECT_REASONS = [
  /** No such deposit on the bank statement of the named account. */
  'not_received',
  /** The statement shows another amount. */
  'amount_mismatch',
  /** The statement shows another day. */
  'date_mismatch',
  /** The photo cannot be read or is not a bank receipt. */
  'receipt_unreadable',
  /** Paid from an account that is not in the investor's name. */
  'payer_mismatch',
  'other',
] as const;
export type OfflineDepositRejectReason = (typeof OFFLINE_DEPOSIT_REJECT_REASONS)[number];

/** How the server keeps a deposit, and what the investor reads (SPEC §3 `UserRequestStatus`). */
export const DEPOSIT_STATUSES = ['Pending', 'Verifying', 'Successful', 'Failed', 'Canceled'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const DEPOSIT_USER_STATUS: Record<DepositStatus, (typeof UserRequestStatus)[number]> = {
  Pending: 'Pending',
  Verifying: 'InProgress',
  Successful: 'Successful',
  Failed: 'Failed',
  Canceled: 'Canceled',
};
/** The statuses an offline deposit can be in (it is never `Verifying`, which is the gateway's). */
export const OFFLINE_DEPOSIT_STATUSES = ['Pending', 'Successful', 'Failed', 'Canceled'] as const;

/** `YYYY-MM-DD` of the day in Iran (UTC+03:30 all year since 2022) at `now`: a bank receipt's day. */
export function tehranDay(now: Date): string {
  return new Date(now.getTime() + TEHRAN_OFFSET_MS).toISOString().slice(0, 10);
}

function addDays(isoDay: string, days: number): string {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The day of the deposit (Gregorian `YYYY-MM-DD`; the web converts from the user's calendar): a real
 * date (`date`), not after today in Iran (`depositDateFuture`), and not more than
 * `OFFLINE_DEPOSIT_MAX_AGE_DAYS` before it (`depositDateTooOld`, `{ days }`). `now` is the checker's clock
 * (the server's in the API).
 */
export function depositDateSchema(now: () => Date = () => new Date()) {
  return z
    .string()
    .transform((s) => normalizeDigits(s).trim())
    .superRefine((s, ctx) => {
      const today = tehranDay(now());
      if (!isRealDate(s)) ctx.addIssue({ code: 'custom', message: 'date' });
      else if (s > today) ctx.addIssue({ code: 'custom', message: 'depositDateFuture' });
      else if (s < addDays(today, -OFFLINE_DEPOSIT_MAX_AGE_DAYS))
        ctx.addIssue({ code: 'custom', message: 'depositDateTooOld', params: { days: OFFLINE_DEPOSIT_MAX_AGE_DAYS } });
    });
}

/**
 * The bank's receipt (tracking) number as typed: Persian/Arabic digits normalised, spaces and dashes
 * dropped, upper-cased; then 4–30 English letters and digits (`receiptNumber`).
 */
export const receiptNumberSchema = z
  .string()
  .transform((s) =>
    normalizeDigits(s)
      .replace(/[\s\-_.\u200c\u200e\u200f]/g, '')
      .toUpperCase(),
  )
  .pipe(z.string().regex(/^[A-Z0-9]{4,30}$/, { message: 'receiptNumber' }));

export function createOfflineDepositBodySchema(now?: () => Date) {
  return z.object({
    amount: tomanAmountSchema(OFFLINE_DEPOSIT_MIN_TOMAN),
    receiptNumber: receiptNumberSchema,
    destination: z.enum(OFFLINE_DEPOSIT_DESTINATION_IDS, { message: 'select' }),
    depositDate: depositDateSchema(now),
    /** A file uploaded with `purpose=deposit_receipt` by the same user. */
    receiptFileId: z.uuid({ message: 'upload' }),
  });
}
export const createOfflineDepositBody = createOfflineDepositBodySchema();
export type CreateOfflineDepositBody = z.input<typeof createOfflineDepositBody>;

export const offlineDepositSchema = z.object({
  id: z.string(),
  currency: z.literal('IRT'),
  /** Toman, as paid at the bank. */
  amount: z.string(),
  /** The fixed fee, toman. */
  fee: z.string(),
  /** What the wallet gets on approval (amount − fee); credited once the status is Successful. */
  credited: z.string(),
  status: z.enum(UserRequestStatus),
  receiptNumber: z.string(),
  destination: z.enum(OFFLINE_DEPOSIT_DESTINATION_IDS),
  depositDate: z.string(),
  receiptFileId: z.string(),
  rejectReason: z.enum(OFFLINE_DEPOSIT_REJECT_REASONS).nullable(),
  /** createdAt + 48 hours: when the investor may expect a decision (informational). */
  reviewDeadline: z.string(),
  /** Pending: the investor may still cancel it. */
  canCancel: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OfflineDeposit = z.infer<typeof offlineDepositSchema>;

export const createOfflineDeposit = defineEndpoint({
  id: 'createOfflineDeposit',
  method: 'POST',
  path: '/wallet/deposits/offline',
  summary: 'Declare a toman deposit made at the bank (receipt photo uploaded first): an operator reviews it',
  tags: ['wallet'],
  auth: 'session',
  idempotent: true,
  body: createOfflineDepositBody,
  response: offlineDepositSchema,
  successStatus: 201,
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'KYC_REQUIRED',
    'ACCOUNT_FROZEN',
    'NOT_FOUND',
    'FILE_TYPE_INVALID',
    'DEPOSIT_RECEIPT_DUPLICATE',
    'IDEMPOTENCY_KEY_REUSED',
  ],
});

const depositId = z.object({ depositId: z.uuid({ message: 'format' }) });

export const getOfflineDeposit = defineEndpoint({
  id: 'getOfflineDeposit',
  method: 'GET',
  path: '/wallet/deposits/offline/:depositId',
  summary: 'One of my offline deposits',
  tags: ['wallet'],
  auth: 'session',
  params: depositId,
  response: offlineDepositSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const cancelOfflineDeposit = defineEndpoint({
  id: 'cancelOfflineDeposit',
  method: 'POST',
  path: '/wallet/deposits/offline/:depositId/cancel',
  summary: 'Cancel my offline deposit while it waits for review',
  tags: ['wallet'],
  auth: 'session',
  params: depositId,
  response: offlineDepositSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND', 'REQUEST_NOT_CANCELLABLE'],
});
