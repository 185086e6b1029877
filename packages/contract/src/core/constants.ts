/** Business constants and limits of SPEC §9 and the values this product chose where the spec is silent. */
export const APP_VERSION = '2.1.0';
export const DEFAULT_CURRENCY = 'USDT';
export const DOLLAR_CURRENCY = 'USD';
export const CULTURES = ['fa', 'ar', 'en'] as const;
export type Culture = (typeof CULTURES)[number];
export const DEFAULT_CULTURE: Culture = 'fa';
export const LANGUAGE_QUERY_KEY = 'lng';
export const ACTIVE_CURRENCY_STORAGE_KEY = 'activeCurrency';
export const CALENDARS = ['persian', 'gregory', 'islamic-umalqura'] as const;
export type Calendar = (typeof CALENDARS)[number];

/** One-time codes (ours: SPEC leaves the durations open). */
export const OTP = {
  length: 6,
  ttlSeconds: 120,
  maxAttemptsPerCode: 5,
  /**
   * Wrong tries across all codes of one number from one source (a device the account knows, else an
   * address) in `lockWindowSeconds` before that source is locked out of the number's codes (decision 009).
   */
  maxFailuresPerSource: 10,
  /**
   * Wrong tries of the number's public codes (login, reset, recovery) from sources the account does not
   * know, in `lockWindowSeconds`, before the number's public codes are locked for every such source; the
   * account's own recent devices and addresses stay open (decision 009).
   */
  maxFailuresPerNumber: 20,
  /** Wrong tries of the number's signed-in codes (step-up, phone, email, withdrawal): only a session reaches them. */
  maxSessionFailuresPerNumber: 10,
  lockWindowSeconds: 3600,
  resendAfterSeconds: 60,
  voiceAfterSeconds: 60,
  maxCodesPerNumberPerHour: 5,
  maxCodesPerAddressPerHour: 20,
} as const;

export const SESSION = {
  cookieName: 'portal_sid',
  /** Without remember-me: a browser-session cookie, and the server ends the session after 12 hours. */
  ttlSeconds: 60 * 60 * 12,
  rememberMeTtlSeconds: 60 * 60 * 24 * 30,
  /** Ended after this long without a request (decision 008). */
  idleSeconds: 60 * 30,
  rememberMeIdleSeconds: 60 * 60 * 24 * 7,
} as const;

/** Sensitive changes (password, phone, two-factor, money) need an authentication this recent (decision 008). */
export const STEP_UP = { windowSeconds: 600 } as const;

/**
 * Brute-force locks (decision 009): consecutive failures of one step (a password from one source, TOTP)
 * before it is locked, and for how long; wrong passwords of one account from sources it does not know
 * in an hour before the account's password step is locked for all of them; how recent a session must be
 * for its device or address to count as the account's own.
 */
export const LOCKOUT = {
  maxConsecutiveFailures: 10,
  lockSeconds: 15 * 60,
  maxAccountFailuresPerHour: 50,
  knownSourceDays: 30,
} as const;

/** TOTP (RFC 6238) as authenticator apps expect it (decision 011). */
export const TOTP = { digits: 6, periodSeconds: 30, issuer: 'Portal' } as const;

/** Tokens between the steps of a flow (two-factor login, password reset, phone change). */
export const CHALLENGE = { ttlSeconds: 300 } as const;

export const ANTI_PHISHING = { minLength: 4, maxLength: 32 } as const;

export const TIMING = {
  countdownTickMs: 1000,
  orderRefetchMs: 60_000,
  fundEfficiencyRefetchMs: 3_600_000,
  orderPriceDelayMs: 1000,
  priceFetchTimeoutMs: 4000,
} as const;

export const LIMITS = {
  minInvestmentUsdt: '1000',
  vipBasketMinUsdt: '50000',
  vipBasketMaxUsdt: '1000000000',
  specialisedBasketAboveUsdt: '200000',
  offlineDepositMinToman: '1000000',
  byIdDepositDailyCapToman: '25000000',
  minTomanWithdrawal: '10000',
  offlineDepositFeeToman: '4000',
  byIdDepositFeePercent: '0.01',
  referralSharePercent: 25,
  earlyExitFeeStartPercent: 3,
  earlyExitFeeMonths: 6,
  reviewHours: 48,
} as const;

export const PAGINATION_PAGE_NUMBERS = 11;
