import { z } from 'zod';

/**
 * The error catalogue shared by the server and the web app. The server answers every error as
 * `{ code, message, details? }`; the web app translates `errors.<CODE>`, never the server's sentence.
 */
export const ERROR_STATUS = {
  // generic (SPEC §8)
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  // idempotency
  IDEMPOTENCY_KEY_REUSED: 422,
  // auth
  MOBILE_INVALID: 400,
  OTP_INVALID: 400,
  OTP_EXPIRED: 400,
  OTP_TOO_MANY_ATTEMPTS: 429,
  OTP_RESEND_TOO_SOON: 429,
  OTP_VOICE_TOO_SOON: 429,
  OTP_RATE_LIMITED: 429,
  OTP_LOCKED: 429,
  SMS_DELIVERY_FAILED: 502,
  // account security (issue 3)
  /** A step (password, TOTP…) is locked after too many consecutive failures; details.retryAfterSeconds. */
  AUTH_LOCKED: 429,
  /** Mobile + password do not match an account with a password (the same answer for both cases). */
  PASSWORD_INCORRECT: 400,
  /** The new password equals the current one. */
  PASSWORD_REUSED: 400,
  PASSWORD_ALREADY_SET: 409,
  PASSWORD_NOT_SET: 409,
  /** A challenge, reset or change-phone token is unknown, used or expired: start the flow again. */
  CHALLENGE_EXPIRED: 400,
  TOTP_INVALID: 400,
  /**
   * The TOTP code was already used (a code works once): wait for the next one. Not counted as a failure:
   * only a right code can be "already used" (issue 15).
   */
  TOTP_ALREADY_USED: 400,
  /** Two-factor is on: the request needs a TOTP code. */
  TOTP_REQUIRED: 400,
  TWO_FACTOR_ALREADY_ENABLED: 409,
  TWO_FACTOR_NOT_ENABLED: 409,
  /** Enabling two-factor without a setup first (or the setup was replaced). */
  TWO_FACTOR_SETUP_MISSING: 409,
  /** Disabling two-factor by a phone code after logging in by a phone code would be one factor twice. */
  TWO_FACTOR_RECOVERY_UNAVAILABLE: 403,
  /** The operation needs a recent authentication: call POST /auth/step-up first. */
  STEP_UP_REQUIRED: 403,
  /** This account steps up by another method (TOTP when two-factor is on). */
  STEP_UP_METHOD_NOT_ALLOWED: 400,
  MOBILE_TAKEN: 409,
  MOBILE_UNCHANGED: 400,
  /** The identity inquiry (Shahkar) says the number is not registered to the user. */
  MOBILE_NOT_OWNED: 400,
  /** The user has no national code on file: the change-phone request must carry one. */
  NATIONAL_CODE_REQUIRED: 400,
  IDENTITY_INQUIRY_FAILED: 502,
  EMAIL_TAKEN: 409,
  EMAIL_DELIVERY_FAILED: 502,
  // KYC and the operator console (issue 4)
  /** The action needs a KYC level the user lacks (investing: 1, withdrawing: 2); details.requiredLevel. */
  KYC_REQUIRED: 403,
  /** The account is frozen by an operator: it can log in and look, not move money. */
  ACCOUNT_FROZEN: 403,
  /** Operators must turn two-factor on before the console answers them. */
  TWO_FACTOR_REQUIRED: 403,
  /** The identity inquiry (Shahkar) says the national code does not belong to the owner of the mobile. */
  NATIONAL_CODE_MISMATCH: 400,
  /** Another account is already verified with this national code. */
  NATIONAL_CODE_TAKEN: 409,
  /** The KYC step does not fit the current state (already verified, a submission pending, wrong order). */
  KYC_STATE_CONFLICT: 409,
  /** The submission was already decided by another operator. */
  KYC_ALREADY_REVIEWED: 409,
  /** The file's content (its magic bytes) is not of an allowed type for its purpose. */
  FILE_TYPE_INVALID: 415,
  /** The file is larger than its purpose allows; details.maxBytes. */
  FILE_TOO_LARGE: 413,
  // wallets and the ledger (issue 5)
  /** The available balance does not cover the amount (a database constraint, never only a check in code). */
  INSUFFICIENT_BALANCE: 422,
  /** A transfer from an account to itself. */
  TRANSFER_SAME_ACCOUNT: 400,
  /** The bank gateway did not answer or refused to start the payment: nothing was charged. */
  PAYMENT_GATEWAY_UNAVAILABLE: 502,
  /** The request is no longer pending (approved, paid, rejected or cancelled already): it cannot be cancelled. */
  REQUEST_NOT_CANCELLABLE: 409,
  /** Another operator decided this request first. */
  REQUEST_ALREADY_REVIEWED: 409,
  // bank accounts (issue 5, decision 017)
  /** A well-formed card number that no Iranian bank issued, or that the banking network does not know. */
  CARD_NUMBER_INVALID: 400,
  /** A well-formed sheba of no Iranian bank, or that the banking network does not know. */
  SHEBA_INVALID: 400,
  /** The inquiry says the card or sheba belongs to someone else: only accounts in the user's own name. */
  BANK_ACCOUNT_NOT_OWNED: 400,
  /** The account is blocked for deposits: payouts to it would bounce. */
  BANK_ACCOUNT_INACTIVE: 400,
  /** The card or sheba is already one of the user's active bank accounts. */
  BANK_ACCOUNT_DUPLICATE: 409,
  /** The user has as many active bank accounts as allowed (contract `BANK_ACCOUNT_LIMIT`). */
  BANK_ACCOUNT_LIMIT: 409,
  /** Bank accounts are matched to an Iranian national code, which this (foreign) account does not have. */
  BANK_ACCOUNT_NATIONAL_CODE_REQUIRED: 403,
  /** The card or sheba inquiry did not answer. */
  BANK_INQUIRY_FAILED: 502,
  // offline deposits (issue 5, decision 018)
  /** This bank receipt (or its photo) is already on an offline deposit that is pending or approved. */
  DEPOSIT_RECEIPT_DUPLICATE: 409,
  // no one alone creates value (issue 15, decision 028; admin/four-eyes.ts)
  /** Four eyes: the operator who proposed (or first approved) cannot approve; another operator must. */
  SAME_OPERATOR: 403,
  /** The operation is about the operator's own account, or a user sharing a bank account or payment ID with them. */
  OPERATOR_OWN_ACCOUNT: 403,
  /** The operator holds units of this fund: they may neither propose nor approve its NAV or dividend. */
  FUND_HOLDER_OPERATOR: 403,
  /** The NAV moves beyond the bound of an ordinary correction: only an admin may approve it. */
  PROPOSAL_NEEDS_ADMIN: 403,
  // the fund catalogue and the fund desk (issue 6, decisions 021, 022)
  /** The announcement needs the investor's agreement: tick "I agree" to mark it seen. */
  ANNOUNCEMENT_AGREEMENT_REQUIRED: 400,
  /** Today's time period is already over in Tehran: choose a later period or Tomorrow. */
  CONSULTATION_PERIOD_OVER: 400,
  /** The user already has an open consultation request for this fund on that date. */
  CONSULTATION_ALREADY_REQUESTED: 409,
  /** Another fund already has this code. */
  FUND_CODE_TAKEN: 409,
  /** The fund has published NAVs or orders (priced in its currency): its currency can no longer change. */
  FUND_CURRENCY_LOCKED: 409,
  /** The fund's NAV of that date is already published: correct it instead. */
  FUND_NAV_EXISTS: 409,
  // fund orders (issue 6, decision 022)
  /** SPEC §8 "buying or redeeming shares currently not possible": the operators paused buying (or redeeming) this fund. */
  FUND_TRADING_PAUSED: 409,
  /** More units than the investor holds available (units promised to a waiting redemption are not available). */
  FUND_UNITS_INSUFFICIENT: 422,
  /** The amount buys no unit at the NAV, or the redemption's proceeds would not be positive after its fees. */
  FUND_ORDER_TOO_SMALL: 422,
  /** SPEC §8 "payment method disabled": this method is not accepted here (a card for a fund not in toman). */
  PAYMENT_METHOD_DISABLED: 409,
  // issue 15: recovery codes and the withdrawal hold (decision 029)
  /** The recovery code is not one of this account's current codes (counted toward the two-factor lock). */
  RECOVERY_CODE_INVALID: 400,
  /** This recovery code was already used: each works once. Not counted as a failure. */
  RECOVERY_CODE_USED: 400,
  /**
   * Withdrawals are held for a while after a sensitive change (password reset, phone change, two-factor
   * turned off or recovered); details.until says when they open again.
   */
  WITHDRAWAL_HOLD: 403,
  // issue 15: account protection (decisions 009, 011, 013)
  /**
   * An operator's two-factor is neither turned off nor recovered by phone from the investor pages: an
   * admin recovers the account in the console (`adminRecoverOperator`).
   */
  OPERATOR_RECOVERY_BY_ADMIN: 403,
  // issue 17: the tether market (decision 039)
  /** The operators paused tether trading: no quote is given and no quote is executed. */
  TETHER_TRADING_PAUSED: 409,
  /** No source answered for a while: no quote until a fresh price comes (the page says trading is paused). */
  TETHER_PRICE_STALE: 409,
  /** The trade is worth less than the least one trade may be; details.min (toman). */
  TRADE_BELOW_MINIMUM: 422,
  /** The trade would pass the user's daily limit at their KYC level; details.remaining (toman left today). */
  TRADE_DAILY_LIMIT: 422,
  /** The quote's time is over: nothing was traded; details.quoteId is a fresh quote for the same amount. */
  QUOTE_EXPIRED: 409,
  /** The quote was already executed (by another request): each quote trades once. */
  QUOTE_ALREADY_EXECUTED: 409,
  // issue 18: tether on chain (decision 040)
  /** The operators closed this network for deposits or for withdrawals (the page says why). */
  TETHER_NETWORK_DISABLED: 409,
  /** The destination is one of the portal's own deposit addresses: a transfer inside the portal is not a withdrawal. */
  ADDRESS_IS_PORTAL_DEPOSIT: 422,
  /**
   * Whitelist mode is on and the address is not saved, or saved less than a day ago; details.until says
   * when a saved one becomes usable.
   */
  ADDRESS_NOT_WHITELISTED: 422,
  /** The address is already in the address book for this network. */
  ADDRESS_BOOK_DUPLICATE: 409,
  /** The address book holds as many addresses as it may. */
  ADDRESS_BOOK_FULL: 409,
  /** Less than the network's minimum withdrawal; details.min (tether). */
  TETHER_WITHDRAWAL_BELOW_MINIMUM: 422,
  /** More than the network's maximum withdrawal; details.max (tether). */
  TETHER_WITHDRAWAL_ABOVE_MAXIMUM: 422,
  /** The withdrawal would pass the user's daily limit; details.remaining (tether left today). */
  TETHER_WITHDRAWAL_DAILY_LIMIT: 422,
  // issue 20: the risk quiz (decision 045; baskets/risk-quiz.ts, admin/risk-quiz.ts)
  /** The investment is riskier than the investor's latest quiz result (or there is none): confirm it, or take the quiz. */
  RISK_CONFIRMATION_REQUIRED: 409,
  /** The answers are to a version of the quiz that is not the published one (or none): load the quiz again. */
  RISK_QUIZ_VERSION_OUTDATED: 409,
  /** A question of the quiz has no answer. */
  RISK_QUIZ_INCOMPLETE: 422,
  /** A question answered twice, or an option that is not one of its question's in this version. */
  RISK_QUIZ_ANSWER_INVALID: 422,
  /** The quiz already has a draft: edit or discard it. */
  RISK_QUIZ_DRAFT_EXISTS: 409,
  // issue 20: smart hold baskets (decision 045; baskets/orders.ts, admin/baskets.ts)
  /** SPEC "creating a basket not possible": the chosen exchanges and market type offer no asset to build one from now. */
  BASKET_CREATION_NOT_POSSIBLE: 409,
  /** The order is paid already (by this or another request): it is paid once. */
  BASKET_ORDER_ALREADY_PAID: 409,
  /** The order cannot be paid: a VIP request not yet accepted, or a cancelled order. */
  BASKET_ORDER_NOT_PAYABLE: 409,
  /** Only an unpaid order (or a VIP request) can be cancelled. */
  BASKET_ORDER_NOT_CANCELLABLE: 409,
  /** The basket is still being built (or its order was not built): it cannot be rebalanced or closed yet. */
  BASKET_NOT_READY: 409,
  /** The basket is closed: sold back to tether. */
  BASKET_CLOSED: 409,
  /** The basket is on its target weights: no trade is worth making. */
  BASKET_REBALANCE_NOT_NEEDED: 409,
  /** An exchange refused or did not answer a trade: nothing changed in the basket; try again later. */
  BASKET_EXECUTION_FAILED: 502,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
export const errorCodeSchema = z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]);

export const fieldIssueSchema = z.object({
  path: z.string(),
  rule: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

export const errorBodySchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  details: z
    .object({
      issues: z.array(fieldIssueSchema).optional(),
      retryAfterSeconds: z.number().int().optional(),
      attemptsLeft: z.number().int().optional(),
      requiredLevel: z.number().int().optional(),
      maxBytes: z.number().int().optional(),
      /** ISO 8601: when a hold ends (`WITHDRAWAL_HOLD`). */
      until: z.string().optional(),
      /** A bound in toman (`TRADE_BELOW_MINIMUM`'s least, `TRADE_DAILY_LIMIT`'s remainder of today). */
      min: z.string().optional(),
      remaining: z.string().optional(),
      /** A bound (`TETHER_WITHDRAWAL_ABOVE_MAXIMUM`'s most). */
      max: z.string().optional(),
      /** A fresh quote for the same amount (`QUOTE_EXPIRED`). */
      quoteId: z.string().optional(),
    })
    .optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** An error that carries a catalogue code. Thrown by services; turned into the wire shape by the server. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorBody['details'];
  constructor(code: ErrorCode, message?: string, details?: ErrorBody['details']) {
    super(message ?? code);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
  }
}
