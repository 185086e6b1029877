/**
 * The ledger's vocabulary (issue 5, decision 016), shared by the server and the web app.
 *
 * Every user has, per currency (SPEC §1: IRT, IRR, USD, USDT), an `available` bucket (what can be spent)
 * and a `held` bucket (what a pending withdrawal, order or trade has promised). The house keeps system
 * accounts per currency; their balances are the mirror of what users hold.
 */
import { UserTransactionRefType } from '../core/enums';

export const USER_BUCKETS = ['available', 'held'] as const;
export type UserBucket = (typeof USER_BUCKETS)[number];

export const SYSTEM_ACCOUNTS = [
  /** Money a payment gateway has taken and not yet settled to the house's bank account. */
  'gateway_clearing',
  /** The house's bank accounts: deposits by ID and offline, withdrawals paid out. */
  'bank_settlement',
  /** Fees the house has earned. */
  'fees',
  /** Money on its way back to a payer (returned deposits). */
  'refunds',
  /** Manual adjustments approved by two operators. */
  'adjustments',
  /** The house's side of trades and conversions between currencies. */
  'exchange',
  /** The funds' money: what purchases paid in, what redemptions and dividends pay out (decision 022). */
  'fund_custody',
  /**
   * Tether on chain (issue 18, decision 040): the mirror of what the custody service holds for the portal;
   * a credited deposit moves from it to the user, a paid withdrawal to it (balance = − tether on chain).
   */
  'chain_custody',
  /** A fund's units outstanding, in the fund's unit currency `U:<fund id>` (balance = − units held). */
  'fund_units',
  /**
   * Smart hold baskets (issue 20): a basket's holdings outstanding, in each holding's currency
   * `B:<basket id>:<SYMBOL>` (balance = − the quantity its investor holds).
   */
  'basket_assets',
  /** Smart hold baskets (issue 20): the tether the house keeps at the exchanges for the baskets it built. */
  'basket_custody',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

/** What a journal belongs to: the user-facing kinds of SPEC §3 and the internal ones. */
export const JOURNAL_REF_TYPES = [
  ...UserTransactionRefType,
  'ManualAdjustment',
  'DepositReturn',
  /** A transfer on chain credited (issue 18): `refId` is the `chain_deposits` row. */
  'TetherDeposit',
  /** A tether withdrawal's hold, payment or return (issue 18): `refId` is the `tether_withdrawals` row. */
  'TetherWithdrawal',
] as const;
export type JournalRefType = (typeof JOURNAL_REF_TYPES)[number];
