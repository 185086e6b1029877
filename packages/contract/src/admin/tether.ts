/**
 * The console's tether desk (issue 17, decision 039): the live price and each source's health, the house's
 * position (its `exchange` accounts, whose tether balance is the house's inventory, and the `fees`
 * accounts), today's trades, every trade with its user and quote, the market's settings and the switch
 * that pauses trading.
 *
 * Reading needs `tether.read`. The settings (spread, fee, quote life, minimum, daily limits) price every
 * trade: they are proposed (`adminProposeTetherSettings`, 202 with a proposal of kind `tether_settings`)
 * and take effect when a second operator approves them on the proposals desk (`tether.manage` and
 * `proposals.decide`). Pausing and resuming are one operator's acts (`tether.manage`), audited; a paused
 * market refuses quotes and trades (`TETHER_TRADING_PAUSED`) and moves nothing (admin/four-eyes.ts).
 *
 * Money: toman as whole-toman decimal strings, tether with up to six decimals, rials per tether as whole
 * rials (decision 002). Balances of the house's accounts may be below zero: the house's position.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { pageOf, pageQuery } from '../core/paging';
import { textSchema } from '../core/text';
import { AMOUNT_OF, PRICE_SOURCES, TRADE_FIATS, TRADE_SIDES, tetherPriceSchema } from '../tether/market';
import { normalizeAmountInput } from './adjustments';
import { proposalSchema, tetherSettingsValuesSchema, type TetherSettingsValues } from './proposal-view';

export { tetherSettingsValuesSchema, type TetherSettingsValues };

const forbidden = ['UNAUTHENTICATED', 'FORBIDDEN', 'TWO_FACTOR_REQUIRED'] as const;

export const ADMIN_TETHER_TRADES_PAGE_SIZE = 20;

/** The bounds of the settings (the table's CHECKs say the same). */
export const TETHER_SETTINGS_BOUNDS = {
  /** Spread and fee: 0 to 2,000 basis points (0–20 %). */
  bpsMax: 2_000,
  quoteTtlSecondsMin: 5,
  quoteTtlSecondsMax: 300,
} as const;

/** The KYC levels that trade, each with its daily limit; a higher level's is never below a lower one's. */
export const TETHER_LIMIT_LEVELS = ['1', '2'] as const;
export type TetherLimitLevel = (typeof TETHER_LIMIT_LEVELS)[number];

/** The largest toman figure of the settings: fifteen digits (far inside a bigint, whatever it is multiplied by). */
const TOMAN_DIGITS_MAX = 15;

// ---- the settings as proposed -----------------------------------------------------------------------

const bpsField = z
  .number({ message: 'integer' })
  .int({ message: 'integer' })
  .min(0, { message: 'bpsRange' })
  .max(TETHER_SETTINGS_BOUNDS.bpsMax, { message: 'bpsRange' });

/**
 * Toman as typed (Persian or Arabic digits, separators) → its canonical whole-toman string (`"100000"`):
 * digits only (`amountInvalid`), above zero (`amountPositive`), at most fifteen digits (`amountTooLarge`).
 */
const tomanField = z
  .string({ message: 'required' })
  .transform(normalizeAmountInput)
  .pipe(z.string().min(1, { message: 'required' }).regex(/^\d+$/, { message: 'amountInvalid' }))
  .transform((s) => s.replace(/^0+(?=\d)/, ''))
  .pipe(
    z
      .string()
      .refine((s) => /[1-9]/.test(s), { message: 'amountPositive' })
      .refine((s) => s.length <= TOMAN_DIGITS_MAX, { message: 'amountTooLarge' }),
  );

/** Each field of the settings with its own rule (the form of the desk checks them one by one). */
export const tetherSettingsFields = {
  /** Basis points each side of the market's middle: the house buys below it and sells above. */
  spreadBps: bpsField,
  /** Basis points of the fiat amount, on top of a buy and out of a sell's proceeds. */
  feeBps: bpsField,
  /** How long a quote holds, 5–300 seconds (`ttlRange`). */
  quoteTtlSeconds: z
    .number({ message: 'integer' })
    .int({ message: 'integer' })
    .min(TETHER_SETTINGS_BOUNDS.quoteTtlSecondsMin, { message: 'ttlRange' })
    .max(TETHER_SETTINGS_BOUNDS.quoteTtlSecondsMax, { message: 'ttlRange' }),
  /** The least one trade may be worth, toman. */
  minTradeToman: tomanField,
  /** Toman a user of each KYC level may trade in a Tehran day. */
  dailyLimitToman: z.object({ '1': tomanField, '2': tomanField }),
};

/** A rule of the settings as a whole: where (under the body) and the rule (`admin:tether.rules.<rule>`). */
export interface TetherSettingsIssue {
  path: (string | number)[];
  rule: 'limitBelowLowerLevel' | 'minAboveLimit';
}

/**
 * The rules between the fields: each level's daily limit at least the one below it
 * (`limitBelowLowerLevel`, on the higher level), and the minimum trade no more than the lowest daily limit
 * (`minAboveLimit`: else no one at that level could trade at all). Figures that are not whole toman are
 * left to their own fields.
 */
export function tetherSettingsIssues(s: {
  minTradeToman: string;
  dailyLimitToman: Record<TetherLimitLevel, string>;
}): TetherSettingsIssue[] {
  const issues: TetherSettingsIssue[] = [];
  const toman = (v: string) => (/^\d+$/.test(v) ? BigInt(v) : null);
  let lower: bigint | null = null;
  for (const level of TETHER_LIMIT_LEVELS) {
    const limit = toman(s.dailyLimitToman[level]);
    if (limit !== null && lower !== null && limit < lower) {
      issues.push({ path: ['dailyLimitToman', level], rule: 'limitBelowLowerLevel' });
    }
    if (limit !== null) lower = lower === null || limit > lower ? limit : lower;
  }
  const min = toman(s.minTradeToman);
  const lowest = toman(s.dailyLimitToman[TETHER_LIMIT_LEVELS[0]]);
  if (min !== null && lowest !== null && lowest > 0n && min > lowest) {
    issues.push({ path: ['minTradeToman'], rule: 'minAboveLimit' });
  }
  return issues;
}

/**
 * The settings a proposal proposes, every field (what is approved is exactly what was shown, before →
 * after). Checked when proposed and again when approved; refused with each field's rule.
 */
export const proposeTetherSettingsBody = z.object(tetherSettingsFields).superRefine((b, ctx) => {
  for (const i of tetherSettingsIssues(b)) ctx.addIssue({ code: 'custom', path: i.path, message: i.rule });
});
export type ProposeTetherSettingsBody = z.input<typeof proposeTetherSettingsBody>;

// ---- the desk ---------------------------------------------------------------------------------------

const operatorRefSchema = z.object({
  id: z.string(),
  mobile: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

/** A price source as this server's price job last saw it. */
export const priceSourceHealthSchema = z.object({
  source: z.enum(PRICE_SOURCES),
  /** The embedded mode's simulated feed. */
  demo: z.boolean(),
  /** Its last answer: when, its middle (rials per tether), how long it took. */
  lastOkAt: z.string().nullable(),
  lastMid: z.string().nullable(),
  lastLatencyMs: z.number().int().nullable(),
  /** Its last failure (a timeout, an error answer) and when. */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** Whether the last price used it (false when it failed or was dropped as an outlier). */
  usedInLast: z.boolean(),
});
export type PriceSourceHealth = z.infer<typeof priceSourceHealthSchema>;

/** The settings in force, with who last changed them and whether trading is paused. */
export const tetherSettingsSchema = tetherSettingsValuesSchema.extend({
  paused: z.boolean(),
  pausedReason: z.string().nullable(),
  /** Who paused trading and when (while paused). */
  pausedBy: operatorRefSchema.nullable(),
  pausedAt: z.string().nullable(),
  /** The approver of the settings in force and when they took effect (null: the market's first settings). */
  updatedBy: operatorRefSchema.nullable(),
  updatedAt: z.string(),
});
export type TetherSettings = z.infer<typeof tetherSettingsSchema>;

export const tetherDeskSchema = z.object({
  price: tetherPriceSchema,
  /** The price rules of the server (decision 039): sources' time limit, outlier band, staleness. */
  priceRules: z.object({
    timeoutMs: z.number().int(),
    bandBps: z.number().int(),
    staleAfterSeconds: z.number().int(),
  }),
  sources: z.array(priceSourceHealthSchema),
  settings: tetherSettingsSchema,
  house: z.object({
    /** Balances of the house's `exchange` accounts, signed: tether (the inventory), toman, rial. */
    exchange: z.object({ USDT: z.string(), IRT: z.string(), IRR: z.string() }),
    /** Balances of the `fees` accounts (every fee the portal earned in each currency, trades' and others'). */
    fees: z.object({ IRT: z.string(), IRR: z.string() }),
    /** The house's tether: the `exchange` tether balance (below zero: tether the house owes its users). */
    inventoryUsdt: z.string(),
    /** The inventory's worth at the market's middle, toman, rounded toward zero; null without a price. */
    exposureToman: z.string().nullable(),
  }),
  today: z.object({
    /** Tehran's calendar day (`YYYY-MM-DD`). */
    day: z.string(),
    trades: z.number().int(),
    /** The trades' worth, toman (as the daily limits count it). */
    volumeToman: z.string(),
  }),
});
export type TetherDesk = z.infer<typeof tetherDeskSchema>;

export const adminGetTetherDesk = defineEndpoint({
  id: 'adminGetTetherDesk',
  method: 'GET',
  path: '/admin/tether',
  summary: "The tether desk: live price, sources' health, the house's position, settings, today's trades",
  tags: ['admin'],
  auth: 'session',
  permission: 'tether.read',
  response: tetherDeskSchema,
  errors: forbidden,
});

/** A trade as the console lists it: with its user and the quote it executed. */
export const adminTetherTradeSchema = z.object({
  id: z.string(),
  user: operatorRefSchema,
  side: z.enum(TRADE_SIDES),
  fiat: z.enum(TRADE_FIATS),
  /** Rials per tether. */
  price: z.string(),
  fiatAmount: z.string(),
  usdtAmount: z.string(),
  fee: z.string(),
  valueToman: z.string(),
  createdAt: z.string(),
  quote: z.object({
    id: z.string(),
    amountOf: z.enum(AMOUNT_OF),
    /** The price (`TetherPrice.seq`) the quote was made at. */
    priceSeq: z.number().int(),
    spreadBps: z.number().int(),
    feeBps: z.number().int(),
    createdAt: z.string(),
    expiresAt: z.string(),
  }),
});
export type AdminTetherTrade = z.infer<typeof adminTetherTradeSchema>;

export const adminListTetherTrades = defineEndpoint({
  id: 'adminListTetherTrades',
  method: 'GET',
  path: '/admin/tether/trades',
  summary: 'Every tether trade, newest first (optionally one side or one user)',
  tags: ['admin'],
  auth: 'session',
  permission: 'tether.read',
  query: pageQuery({
    side: z.enum(TRADE_SIDES, { message: 'select' }).optional(),
    userId: z.uuid({ message: 'format' }).optional(),
  }),
  response: pageOf(adminTetherTradeSchema),
  errors: [...forbidden, 'VALIDATION_FAILED'],
});

/**
 * Proposes the market's settings: answered 202 with the proposal (kind `tether_settings`, its effect the
 * settings before → after). They take effect when another operator approves it (`SAME_OPERATOR` for the
 * proposer), in the approval's transaction, recorded with the approver and the time.
 */
export const adminProposeTetherSettings = defineEndpoint({
  id: 'adminProposeTetherSettings',
  method: 'POST',
  path: '/admin/tether/settings',
  summary: "Propose the tether market's spread, fee, quote life, minimum and daily limits (a second operator approves)",
  tags: ['admin'],
  auth: 'session',
  permission: 'tether.manage',
  body: proposeTetherSettingsBody,
  response: proposalSchema,
  successStatus: 202,
  errors: [...forbidden, 'VALIDATION_FAILED'],
});

export const TETHER_PAUSE_REASON_MIN = 5;
export const TETHER_PAUSE_REASON_MAX = 500;

export const pauseTetherTradingBody = z.object({
  /** Why, shown on the desk and kept in the audit log. */
  reason: textSchema({ multiline: true })
    .min(TETHER_PAUSE_REASON_MIN, { message: 'min' })
    .max(TETHER_PAUSE_REASON_MAX, { message: 'max' }),
});
export type PauseTetherTradingBody = z.input<typeof pauseTetherTradingBody>;

/** Pauses trading now: quotes and trades are refused (`TETHER_TRADING_PAUSED`); already paused: the same code. */
export const adminPauseTetherTrading = defineEndpoint({
  id: 'adminPauseTetherTrading',
  method: 'POST',
  path: '/admin/tether/pause',
  summary: 'Pause tether trading, with a reason',
  tags: ['admin'],
  auth: 'session',
  permission: 'tether.manage',
  body: pauseTetherTradingBody,
  response: tetherSettingsSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'TETHER_TRADING_PAUSED'],
});

/** Resumes trading at the settings in force; `CONFLICT` when it is not paused. */
export const adminResumeTetherTrading = defineEndpoint({
  id: 'adminResumeTetherTrading',
  method: 'POST',
  path: '/admin/tether/resume',
  summary: 'Resume tether trading',
  tags: ['admin'],
  auth: 'session',
  permission: 'tether.manage',
  response: tetherSettingsSchema,
  errors: [...forbidden, 'CONFLICT'],
});
