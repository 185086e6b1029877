/**
 * Toman withdrawals (SPEC §2 "Withdraw", §5, §6, §9; issue 5). The user chooses one of their bank
 * accounts and an amount, confirms with a phone code (or the authenticator code when two-factor is on);
 * the amount moves to held at once. An operator approves (paid out at the next bank cycle) or rejects
 * (the amount returns); the user may cancel while it is pending. Needs KYC level two.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { UserRequestStatus } from '../core/enums';
import { otpChannelSchema } from '../auth/auth';
import { secondFactorCode } from '../auth/recovery-codes';
import { tomanAmountSchema } from './deposits';

/** SPEC §5: the smallest toman withdrawal. */
export const WITHDRAWAL_MIN_TOMAN = 10_000n;

/**
 * The withdrawal hold (issue 15, decision 029): after a sensitive change to how the account is reached, no
 * withdrawal for this many hours, as exchanges do: a thief who took the account over by one of these
 * cannot empty it before the owner, warned by the change's message, gets it back. A withdrawal asked for
 * meanwhile is `WITHDRAWAL_HOLD` with `details.until`; `GET /account` says `withdrawalsHeldUntil`.
 */
export const SENSITIVE_CHANGE_WITHDRAWAL_HOLD_HOURS = 24;

/** What starts the hold: a password reset, a phone change, two-factor turned off, or recovered by an admin. */
export const WITHDRAWAL_HOLD_REASONS = [
  'password_reset',
  'phone_changed',
  'two_factor_disabled',
  'two_factor_recovered',
] as const;
export type WithdrawalHoldReason = (typeof WITHDRAWAL_HOLD_REASONS)[number];

/**
 * SPEC §9: an approved withdrawal is paid out at the next bank cycle (03:45, 10:45, 13:45, 18:45 Tehran)
 * on a working day. The rule is the portal's one bank calendar (`core/bank-calendar`, shared with the
 * returns of deposits by ID); re-exported here for the callers that know it by this module.
 */
export { BANK_CYCLES_TEHRAN, nextBankCycle } from '../core/bank-calendar';

/** How the server keeps a withdrawal, and what the user reads (SPEC §3 `UserRequestStatus`). */
export const WITHDRAWAL_STATUSES = ['Pending', 'Approved', 'Successful', 'Rejected', 'Canceled'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const WITHDRAWAL_USER_STATUS: Record<WithdrawalStatus, (typeof UserRequestStatus)[number]> = {
  Pending: 'Pending',
  Approved: 'InProgress',
  Successful: 'Successful',
  Rejected: 'Failed',
  Canceled: 'Canceled',
};

export const WITHDRAWAL_REJECT_REASONS = [
  'account_mismatch',
  'suspicious_activity',
  'bank_account_blocked',
  'other',
] as const;
export type WithdrawalRejectReason = (typeof WITHDRAWAL_REJECT_REASONS)[number];

export const withdrawalSchema = z.object({
  id: z.string(),
  currency: z.literal('IRT'),
  amount: z.string(),
  status: z.enum(UserRequestStatus),
  bankAccountId: z.string(),
  /** The destination, masked: `IR12…3456`. */
  shebaMasked: z.string(),
  rejectReason: z.enum(WITHDRAWAL_REJECT_REASONS).nullable(),
  /** When an approved withdrawal is (or was) paid out: the bank cycle after approval. */
  payoutAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const requestWithdrawalCode = defineEndpoint({
  id: 'requestWithdrawalCode',
  method: 'POST',
  path: '/wallet/withdrawals/code',
  summary: 'Send the one-time code that confirms a withdrawal (when two-factor is off)',
  tags: ['wallet'],
  auth: 'session',
  body: z.object({ channel: otpChannelSchema.default('sms') }),
  response: z.object({
    channel: otpChannelSchema,
    maskedMobile: z.string(),
    expiresInSeconds: z.number().int(),
    resendInSeconds: z.number().int(),
    voiceInSeconds: z.number().int(),
  }),
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'OTP_RESEND_TOO_SOON',
    'OTP_VOICE_TOO_SOON',
    'OTP_RATE_LIMITED',
    'OTP_LOCKED',
    'SMS_DELIVERY_FAILED',
    'STEP_UP_METHOD_NOT_ALLOWED',
    'WITHDRAWAL_HOLD',
  ],
});

export const createWithdrawalBody = z.object({
  bankAccountId: z.uuid({ message: 'select' }),
  amount: tomanAmountSchema(WITHDRAWAL_MIN_TOMAN),
  /** The phone code, or when two-factor is on the authenticator's code or a recovery code (auth/recovery-codes.ts). */
  code: secondFactorCode('code'),
});
export type CreateWithdrawalBody = z.input<typeof createWithdrawalBody>;

export const createWithdrawal = defineEndpoint({
  id: 'createWithdrawal',
  method: 'POST',
  path: '/wallet/withdrawals',
  summary: 'Withdraw toman to one of my bank accounts (held until an operator pays it out)',
  tags: ['wallet'],
  auth: 'session',
  idempotent: true,
  body: createWithdrawalBody,
  response: withdrawalSchema,
  successStatus: 201,
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'KYC_REQUIRED',
    'ACCOUNT_FROZEN',
    'NOT_FOUND',
    'INSUFFICIENT_BALANCE',
    'OTP_INVALID',
    'OTP_EXPIRED',
    'OTP_TOO_MANY_ATTEMPTS',
    'OTP_LOCKED',
    'TOTP_INVALID',
    'TOTP_ALREADY_USED',
    'AUTH_LOCKED',
    'IDEMPOTENCY_KEY_REUSED',
    'RECOVERY_CODE_INVALID',
    'RECOVERY_CODE_USED',
    'WITHDRAWAL_HOLD',
  ],
});

/** How many of the user's latest withdrawals `listWithdrawals` answers. */
export const WITHDRAWAL_LIST_LIMIT = 20;

export const listWithdrawals = defineEndpoint({
  id: 'listWithdrawals',
  method: 'GET',
  path: '/wallet/withdrawals',
  summary: 'My latest withdrawals, newest first (optionally of one status: the pending ones can be cancelled)',
  tags: ['wallet'],
  auth: 'session',
  query: z.object({ status: z.enum(UserRequestStatus).optional() }),
  response: z.object({ items: z.array(withdrawalSchema) }),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
});

const withdrawalId = z.object({ withdrawalId: z.uuid({ message: 'format' }) });

export const getWithdrawal = defineEndpoint({
  id: 'getWithdrawal',
  method: 'GET',
  path: '/wallet/withdrawals/:withdrawalId',
  summary: 'One of my withdrawals',
  tags: ['wallet'],
  auth: 'session',
  params: withdrawalId,
  response: withdrawalSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const cancelWithdrawal = defineEndpoint({
  id: 'cancelWithdrawal',
  method: 'POST',
  path: '/wallet/withdrawals/:withdrawalId/cancel',
  summary: 'Cancel my pending withdrawal: the amount returns to the wallet',
  tags: ['wallet'],
  auth: 'session',
  params: withdrawalId,
  response: withdrawalSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND', 'REQUEST_NOT_CANCELLABLE'],
});
