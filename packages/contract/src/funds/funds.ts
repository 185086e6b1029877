/**
 * The funds' vocabulary (issue 6; decisions 021, 022), shared by the server and the web app: kinds,
 * presets, `FundType` in the reading of decision 021, `FundRisk`, the `/funds` tabs, order statuses and
 * the consultation periods of SPEC §3. Endpoints are declared in `catalogue.ts`, `orders.ts` and
 * `../admin/funds.ts`.
 */
import { z } from 'zod';
import { FundRisk, type UserRequestStatus } from '../core/enums';
import { textSchema } from '../core/text';

export const FUND_KINDS = ['gold', 'silver', 'staking', 'index', 'active', 'vip'] as const;
export type FundKind = (typeof FUND_KINDS)[number];
export const FUND_PRESETS = [
  'default',
  'asayesh',
  'faraz',
  'gem',
  'gold',
  'saramad',
  'silver',
  'stacking',
  'vip',
] as const;
export type FundPreset = (typeof FUND_PRESETS)[number];

/** SPEC §3 `FundType`, decision 021: 1 Index, 2 FixedIncome (shown as staking), 3 Active. */
export const FUND_TYPES = { Index: 1, FixedIncome: 2, Active: 3 } as const;
export type FundTypeName = keyof typeof FUND_TYPES;
export const fundTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const FUND_RISKS: (typeof FundRisk)[keyof typeof FundRisk][] = Object.values(FundRisk);
export type FundRiskValue = (typeof FUND_RISKS)[number];
export const fundRiskSchema = z.union([z.literal(10), z.literal(25), z.literal(35), z.literal(60), z.literal(100)]);

/** The invest tabs of `/funds` (SPEC §2). */
export const FUND_CATEGORIES = ['crypto', 'gold_silver', 'fixed_income'] as const;
export type FundCategory = (typeof FUND_CATEGORIES)[number];

export const FUND_CURRENCIES = ['IRT', 'USDT'] as const;
export type FundCurrency = (typeof FUND_CURRENCIES)[number];

/** The ledger currency of a fund's units (decision 022). */
export const unitCurrency = (fundId: string) => `U:${fundId}` as const;

export const PURCHASE_STATUSES = ['PaymentPending', 'Waiting', 'Successful', 'Failed', 'Canceled'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];
export const REDEMPTION_STATUSES = ['Waiting', 'Successful', 'Canceled'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/** How `/user-requests` shows them (SPEC §3 `UserRequestStatus`). */
export const PURCHASE_USER_STATUS: Record<PurchaseStatus, (typeof UserRequestStatus)[number]> = {
  PaymentPending: 'Pending',
  Waiting: 'InProgress',
  Successful: 'Successful',
  Failed: 'Failed',
  Canceled: 'Canceled',
};
export const REDEMPTION_USER_STATUS: Record<RedemptionStatus, (typeof UserRequestStatus)[number]> = {
  Waiting: 'InProgress',
  Successful: 'Successful',
  Canceled: 'Canceled',
};

/** SPEC §3 consultation call: date Today or Tomorrow, and the time periods (Persian only in SPEC). */
export const CONSULTATION_DAYS = ['Today', 'Tomorrow'] as const;
export const CONSULTATION_PERIODS = ['Morning', 'Noon', 'Afternoon', 'Night'] as const;
export type ConsultationPeriod = (typeof CONSULTATION_PERIODS)[number];
/** Tehran hours of each period (SPEC §3: Morning 9-12, Noon 12-17, Afternoon 17-20, Night 19-22). */
export const CONSULTATION_PERIOD_HOURS: Record<ConsultationPeriod, [number, number]> = {
  Morning: [9, 12],
  Noon: [12, 17],
  Afternoon: [17, 20],
  Night: [19, 22],
};

/** Share-value chart ranges of the fund page (SPEC §2). */
export const NAV_RANGES = ['1d', '1w', '1m', '1y', 'all'] as const;
export type NavRange = (typeof NAV_RANGES)[number];

const localizedText = (multiline: boolean) => {
  const one = () => textSchema({ multiline }).min(1, { message: 'required' }).max(4000);
  return z.object({ fa: one(), ar: one(), en: one() });
};
/** Texts in the three interface languages, written by operators: one line each (names, titles, summaries). */
export const localizedTextSchema = localizedText(false);
/** The same, of several lines each (a fund's description, an announcement's body). */
export const localizedMultilineTextSchema = localizedText(true);
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** A unit count on the wire: a decimal string with at most four decimals. */
export const unitsStringSchema = z.string().regex(/^\d+(\.\d{1,4})?$/, { message: 'decimal' });
