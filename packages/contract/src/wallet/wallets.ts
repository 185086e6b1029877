/**
 * Wallets and their history (SPEC §2 "/wallet", "/transaction"; issue 5, decision 016). A wallet is a
 * user's `available` account of one currency; `walletId` is that account's id. Balances come from the
 * ledger only. Amounts travel as decimal strings in the currency's scale (contract core/money.ts).
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { UserRequestStatus, UserRequestsResponseType, UserTransactionType } from '../core/enums';
import { localizedTextViewSchema } from '../funds/catalogue';
import { TRADE_FIATS, TRADE_SIDES } from '../tether/market';
import { tetherNetworkSchema } from '../tether/networks';
import { currencySchema } from '../core/money';
import { JOURNAL_REF_TYPES } from './ledger';
import { pageOf, pageQuery } from '../core/paging';

/** Rows per page of the wallet and transaction histories (the pager shows up to 11 page numbers, SPEC §9). */
export const HISTORY_PAGE_SIZE = 10;

export const walletSchema = z.object({
  walletId: z.string(),
  currency: currencySchema,
  /** What can be spent now. */
  available: z.string(),
  /** Promised to pending withdrawals, orders and trades. */
  held: z.string(),
  /** available + held. */
  total: z.string(),
});
export type Wallet = z.infer<typeof walletSchema>;

export const listWallets = defineEndpoint({
  id: 'listWallets',
  method: 'GET',
  path: '/wallets',
  summary: 'My wallets (IRT, IRR, USD, USDT) with available and held balances',
  tags: ['wallet'],
  auth: 'session',
  response: z.object({ items: z.array(walletSchema) }),
  errors: ['UNAUTHENTICATED'],
});

/**
 * A movement's place on chain (issue 18): its network, the transaction's hash (null until the signer
 * answers) linked to the network's explorer (`explorerTxUrl` of tether/chain.ts), confirmations so far of
 * those required, and the request's status.
 */
export const chainRefSchema = z.object({
  network: tetherNetworkSchema,
  txHash: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  requiredConfirmations: z.number().int(),
  status: z.enum(UserRequestStatus),
  /** The address it came from (a deposit) or went to (a withdrawal). */
  address: z.string(),
});
export type ChainRef = z.infer<typeof chainRefSchema>;

export const transactionSchema = z.object({
  id: z.string(),
  walletId: z.string(),
  currency: currencySchema,
  /** SPEC §3 `UserTransactionType`: money in (Deposit) or out (Withdrawal) of the wallet. */
  type: z.enum(UserTransactionType),
  /** SPEC §3 `UserTransactionRefType`, or an internal kind (ManualAdjustment, DepositReturn). */
  refType: z.enum(JOURNAL_REF_TYPES),
  refId: z.string(),
  /** Always positive; `type` says the direction. */
  amount: z.string(),
  balanceAfter: z.string(),
  createdAt: z.string(),
  /** Tether deposits and withdrawals on chain (issue 18): where and how far along. */
  chain: chainRefSchema.nullable().optional(),
});
export type Transaction = z.infer<typeof transactionSchema>;

const historyPage = pageOf(transactionSchema);

export const getWalletHistory = defineEndpoint({
  id: 'getWalletHistory',
  method: 'GET',
  path: '/wallets/:walletId/transactions',
  summary: 'One wallet’s history, newest first',
  tags: ['wallet'],
  auth: 'session',
  params: z.object({ walletId: z.uuid({ message: 'format' }) }),
  query: pageQuery(),
  response: historyPage.extend({ wallet: walletSchema }),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const listTransactionsQuery = pageQuery({
  currency: currencySchema.optional(),
  type: z.enum(UserTransactionType).optional(),
  refType: z.enum(JOURNAL_REF_TYPES).optional(),
  /** ISO dates, inclusive, in the server's day (Asia/Tehran is the product's; the web sends what the user chose). */
  from: z.iso.date({ message: 'date' }).optional(),
  to: z.iso.date({ message: 'date' }).optional(),
});
export type ListTransactionsQuery = z.input<typeof listTransactionsQuery>;
export type ListTransactionsFilter = z.output<typeof listTransactionsQuery>;

export const listTransactions = defineEndpoint({
  id: 'listTransactions',
  method: 'GET',
  path: '/transactions',
  summary: 'All my transactions across wallets, newest first, with filters',
  tags: ['wallet'],
  auth: 'session',
  query: listTransactionsQuery,
  response: historyPage,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
});

/**
 * A transaction's id: the number of its ledger posting (a decimal string), not a uuid. Anything else is
 * VALIDATION_FAILED (rule `format`). The receipt route (`GET /transactions/:id/receipt`) takes the same id.
 */
export const transactionIdSchema = z.string().regex(/^[1-9][0-9]{0,17}$/, { message: 'format' });
export const transactionIdParams = z.object({ id: transactionIdSchema });

/**
 * The kinds of movement that have a receipt (issue 19): deposits (a payment, a tether transfer on chain),
 * withdrawals (toman, tether), fund purchases and redemptions.
 */
export const RECEIPT_REF_TYPES = [
  'Payment',
  'Withdrawal',
  'TetherDeposit',
  'TetherWithdrawal',
  'FundSharePurchase',
  'FundShareRedeem',
] as const satisfies readonly (typeof JOURNAL_REF_TYPES)[number][];

/** A fee the house took: a posting to the `fees` account in the journals of the same order or request. */
export const transactionFeeSchema = z.object({ currency: currencySchema, amount: z.string() });

/**
 * What a movement belongs to. `type` and `id` are the journal's (`refType`, `refId`); beside them, what
 * the portal knows of that record, when it is the user's own:
 * - `fund`: a fund purchase or redemption (units as `formatUnits` writes them, NAV per unit in the fund's
 *   currency, the NAV's Tehran date; null until priced) or a dividend (units held, amount per unit as `nav`);
 * - `trade`: a tether trade (rials per tether as `price`, what was paid and received);
 * - `chain`: a tether deposit or withdrawal on chain (as `Transaction.chain`);
 * - `request`: the user request it is listed as on `/user-requests` (SPEC §3 `UserRequestsResponseType`).
 */
export const transactionRefSchema = z.object({
  type: z.enum(JOURNAL_REF_TYPES),
  id: z.string(),
  fund: z
    .object({
      fundId: z.string(),
      fundName: localizedTextViewSchema,
      currency: currencySchema,
      units: z.string().nullable(),
      nav: z.string().nullable(),
      navDate: z.string().nullable(),
    })
    .nullable(),
  trade: z
    .object({
      side: z.enum(TRADE_SIDES),
      fiat: z.enum(TRADE_FIATS),
      price: z.string(),
      fiatAmount: z.string(),
      usdtAmount: z.string(),
    })
    .nullable(),
  chain: chainRefSchema.nullable(),
  request: z.object({ type: z.enum(UserRequestsResponseType), status: z.enum(UserRequestStatus) }).nullable(),
});
export type TransactionRef = z.infer<typeof transactionRefSchema>;

export const transactionDetailsSchema = transactionSchema.extend({
  /** The fees of the same order or request (its journals' postings to the `fees` account), per currency. */
  fees: z.array(transactionFeeSchema),
  ref: transactionRefSchema,
  /** Whether `GET /transactions/:id/receipt` answers a receipt for it (`RECEIPT_REF_TYPES`). */
  hasReceipt: z.boolean(),
});
export type TransactionDetails = z.infer<typeof transactionDetailsSchema>;

export const getTransaction = defineEndpoint({
  id: 'getTransaction',
  method: 'GET',
  path: '/transactions/:id',
  summary: 'One of my transactions with its fees, what it belongs to and whether it has a receipt',
  tags: ['wallet'],
  auth: 'session',
  params: transactionIdParams,
  response: transactionDetailsSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});
