/**
 * Tether on chain (issue 18, decision 040): deposit addresses per network, the deposits the chain watcher
 * sees, withdrawals to an address (an address book and an optional whitelist), each verified by the second
 * factor and reviewed by operators above a bound. SPEC §2 "Tether deposit" and "Tether withdraw", routes
 * `/wallet/deposit/usdt` and `/wallet/withdraw/usdt`, request types `TetherDeposit` and
 * `WithdrawalFromTetherWallet`.
 *
 * Money: tether as decimal strings of at most six decimals (the ledger's scale, decision 002); a network's
 * token may have more (BEP20: 18), a deposit's fraction beyond six is the house's dust and shown as such.
 *
 * A withdrawal's `amount` is what reaches the address; the network's fee is on top: the wallet gives
 * `amount + fee` (held at once, decision 016). Its minimum and maximum are of `amount`; the daily limit of
 * the user's KYC level counts `amount` over the Tehran day. The confirming code is the one
 * `requestWithdrawalCode` sends (the phone code, or the authenticator's when two-factor is on).
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { UserRequestStatus } from '../core/enums';
import { pageOf, pageQuery } from '../core/paging';
import { textSchema } from '../core/text';
import { secondFactorCode } from '../auth/recovery-codes';
import { tradeAmountInputSchema } from './market';
import {
  cleanAddress,
  tetherNetworkSchema,
  withdrawalAddressSchema,
  TETHER_NETWORK_KEYS,
  type TetherNetworkKey,
} from './networks';

export { tetherNetworkSchema, TETHER_NETWORK_KEYS, type TetherNetworkKey };

/** Where a transaction of each network is shown to people (the history links its hash there). */
export const EXPLORER_TX_URL: Record<TetherNetworkKey, string> = {
  TRC20: 'https://tronscan.org/#/transaction/{hash}',
  ERC20: 'https://etherscan.io/tx/{hash}',
  BEP20: 'https://bscscan.com/tx/{hash}',
};

/** The explorer's page of a transaction. */
export const explorerTxUrl = (network: TetherNetworkKey, hash: string): string =>
  EXPLORER_TX_URL[network].replace('{hash}', encodeURIComponent(hash));

/** A new address in the address book is usable in whitelist mode this many hours after it is saved. */
export const ADDRESS_BOOK_COOLING_HOURS = 24;
/** The most addresses one user may keep. */
export const ADDRESS_BOOK_MAX = 50;
export const ADDRESS_LABEL_MAX = 40;
export const TETHER_CHAIN_PAGE_SIZE = 10;

// ---- networks ---------------------------------------------------------------------------------------

/** Why operators turned a direction of a network off (the page says it, translated). */
export const NETWORK_DISABLED_REASONS = ['maintenance', 'congestion', 'wallet_upgrade', 'other'] as const;
export type NetworkDisabledReason = (typeof NETWORK_DISABLED_REASONS)[number];

/**
 * An address as pasted: whitespace and direction marks dropped, then letters and digits only
 * (`addressFormat`); its network's own rules are checked with the network (`withdrawalAddressSchema`).
 */
const addressInputSchema = z
  .string({ message: 'required' })
  .transform(cleanAddress)
  .pipe(
    z
      .string()
      .min(1, { message: 'required' })
      .regex(/^[0-9A-Za-z]{1,128}$/, { message: 'addressFormat' }),
  );

/** A network as the investor sees it. */
export const tetherNetworkViewSchema = z.object({
  network: tetherNetworkSchema,
  depositEnabled: z.boolean(),
  withdrawalEnabled: z.boolean(),
  depositDisabledReason: z.enum(NETWORK_DISABLED_REASONS).nullable(),
  withdrawalDisabledReason: z.enum(NETWORK_DISABLED_REASONS).nullable(),
  /** Blocks after the transfer's own before a deposit is credited. */
  confirmations: z.number().int(),
  /** Tether: a smaller deposit is recorded and not credited. */
  minDeposit: z.string(),
  withdrawalFee: z.string(),
  minWithdrawal: z.string(),
  maxWithdrawal: z.string(),
  /** The embedded mode's sandbox chain: nothing on it is real tether (no explorer link). */
  sandbox: z.boolean(),
});
export type TetherNetworkView = z.infer<typeof tetherNetworkViewSchema>;

/** The daily withdrawal limit of the user's level and what is left of it today (tether). */
export const tetherWithdrawalAllowanceSchema = z.object({
  dailyLimit: z.string(),
  remainingToday: z.string(),
});

export const listTetherNetworks = defineEndpoint({
  id: 'listTetherNetworks',
  method: 'GET',
  path: '/wallet/tether/networks',
  summary: 'The networks tether comes and goes on, with their fees, limits and whether each direction is open',
  tags: ['wallet'],
  auth: 'session',
  response: z.object({
    items: z.array(tetherNetworkViewSchema),
    /** Null below the level that may withdraw. */
    allowance: tetherWithdrawalAllowanceSchema.nullable(),
  }),
  errors: ['UNAUTHENTICATED'],
});

// ---- deposit addresses ------------------------------------------------------------------------------

export const depositAddressSchema = z.object({
  network: tetherNetworkSchema,
  address: z.string(),
  createdAt: z.string(),
});
export type DepositAddress = z.infer<typeof depositAddressSchema>;

export const listDepositAddresses = defineEndpoint({
  id: 'listDepositAddresses',
  method: 'GET',
  path: '/wallet/tether/deposit-addresses',
  summary: 'My deposit addresses, one per network I asked for',
  tags: ['wallet'],
  auth: 'session',
  response: z.object({ items: z.array(depositAddressSchema) }),
  errors: ['UNAUTHENTICATED'],
});

/**
 * My deposit address on a network: created on the first request (201), the same one after (200). Needs KYC
 * level one (`invest`), a network open for deposits (`TETHER_NETWORK_DISABLED`).
 */
export const createDepositAddress = defineEndpoint({
  id: 'createDepositAddress',
  method: 'POST',
  path: '/wallet/tether/deposit-addresses',
  summary: 'Create (or give again) my deposit address on a network',
  tags: ['wallet'],
  auth: 'session',
  body: z.object({ network: tetherNetworkSchema }),
  response: depositAddressSchema,
  otherResponses: { 200: depositAddressSchema },
  successStatus: 201,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'KYC_REQUIRED', 'ACCOUNT_FROZEN', 'TETHER_NETWORK_DISABLED'],
});

// ---- deposits ---------------------------------------------------------------------------------------

/**
 * A transfer the watcher saw to one of my addresses: `Confirming` until its block has enough blocks on top,
 * then `Credited` once; `Dropped` when a reorganisation took it out of the chain before that; `Ignored`
 * when it is not creditable (less than the network's minimum, or not tether): recorded, shown to the
 * operators, never credited by itself.
 */
export const CHAIN_DEPOSIT_STATUSES = ['Confirming', 'Credited', 'Dropped', 'Ignored'] as const;
export type ChainDepositStatus = (typeof CHAIN_DEPOSIT_STATUSES)[number];
export const CHAIN_DEPOSIT_IGNORE_REASONS = ['below_minimum', 'other_token'] as const;
export type ChainDepositIgnoreReason = (typeof CHAIN_DEPOSIT_IGNORE_REASONS)[number];

/** A deposit's status as the requests list reads it. */
export const CHAIN_DEPOSIT_USER_STATUS: Record<ChainDepositStatus, (typeof UserRequestStatus)[number]> = {
  Confirming: 'InProgress',
  Credited: 'Successful',
  Dropped: 'Failed',
  Ignored: 'Failed',
};

export const tetherDepositSchema = z.object({
  id: z.string(),
  network: tetherNetworkSchema,
  txHash: z.string(),
  logIndex: z.number().int(),
  fromAddress: z.string(),
  toAddress: z.string(),
  /** Tether (six decimals at most); for another token, its amount in that token's units as sent. */
  amount: z.string(),
  /** The token contract when it is not the network's tether (`other_token`). */
  otherToken: z.string().nullable(),
  status: z.enum(CHAIN_DEPOSIT_STATUSES),
  userStatus: z.enum(UserRequestStatus),
  ignoreReason: z.enum(CHAIN_DEPOSIT_IGNORE_REASONS).nullable(),
  blockNumber: z.string(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  createdAt: z.string(),
  creditedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type TetherDeposit = z.infer<typeof tetherDepositSchema>;

export const listTetherDeposits = defineEndpoint({
  id: 'listTetherDeposits',
  method: 'GET',
  path: '/wallet/tether/deposits',
  summary: 'Transfers to my deposit addresses, newest first, with their confirmations',
  tags: ['wallet'],
  auth: 'session',
  query: pageQuery({}),
  response: pageOf(tetherDepositSchema),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
});

export const getTetherDeposit = defineEndpoint({
  id: 'getTetherDeposit',
  method: 'GET',
  path: '/wallet/tether/deposits/:depositId',
  summary: 'One transfer to my deposit addresses',
  tags: ['wallet'],
  auth: 'session',
  params: z.object({ depositId: z.uuid({ message: 'format' }) }),
  response: tetherDepositSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});

// ---- address book -----------------------------------------------------------------------------------

export const addressBookEntrySchema = z.object({
  id: z.string(),
  network: tetherNetworkSchema,
  address: z.string(),
  label: z.string(),
  createdAt: z.string(),
  /** From when whitelist mode lets a withdrawal go to it (saved + 24 hours). */
  usableAt: z.string(),
});
export type AddressBookEntry = z.infer<typeof addressBookEntrySchema>;

export const addressBookSchema = z.object({
  /** Whitelist mode: withdrawals only to saved addresses past their cooling time. */
  whitelist: z.boolean(),
  items: z.array(addressBookEntrySchema),
});
export type AddressBook = z.infer<typeof addressBookSchema>;

export const getAddressBook = defineEndpoint({
  id: 'getAddressBook',
  method: 'GET',
  path: '/wallet/tether/address-book',
  summary: 'My saved withdrawal addresses and whether whitelist mode is on',
  tags: ['wallet'],
  auth: 'session',
  response: addressBookSchema,
  errors: ['UNAUTHENTICATED'],
});

/**
 * A new address to save: its network's format and checksum (`addressFormat`, `addressChecksum`), not one
 * of the portal's own deposit addresses (`ADDRESS_IS_PORTAL_DEPOSIT`), not saved already
 * (`ADDRESS_BOOK_DUPLICATE`), a label (`required`, at most 40).
 */
export function addAddressBody() {
  return z
    .object({
      network: tetherNetworkSchema,
      address: addressInputSchema,
      label: textSchema().min(1, { message: 'required' }).max(ADDRESS_LABEL_MAX, { message: 'max' }),
    })
    .transform((b, ctx) => {
      const parsed = withdrawalAddressSchema(b.network).safeParse(b.address);
      if (!parsed.success) {
        for (const i of parsed.error.issues) ctx.addIssue({ code: 'custom', path: ['address'], message: i.message });
        return z.NEVER;
      }
      return { ...b, address: parsed.data };
    });
}
export const addAddressBookBody = addAddressBody();
export type AddAddressBookBody = z.input<typeof addAddressBookBody>;

export const addAddressBookEntry = defineEndpoint({
  id: 'addAddressBookEntry',
  method: 'POST',
  path: '/wallet/tether/address-book',
  summary: 'Save a withdrawal address with a label',
  tags: ['wallet'],
  auth: 'session',
  body: addAddressBookBody,
  response: addressBookEntrySchema,
  successStatus: 201,
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'ADDRESS_IS_PORTAL_DEPOSIT',
    'ADDRESS_BOOK_DUPLICATE',
    'ADDRESS_BOOK_FULL',
  ],
});

export const deleteAddressBookEntry = defineEndpoint({
  id: 'deleteAddressBookEntry',
  method: 'DELETE',
  path: '/wallet/tether/address-book/:entryId',
  summary: 'Remove a saved address',
  tags: ['wallet'],
  auth: 'session',
  params: z.object({ entryId: z.uuid({ message: 'format' }) }),
  response: z.object({ ok: z.literal(true) }),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});

/**
 * Whitelist mode on (no code: it only narrows) or off (the confirming code: it widens where money may go,
 * so a thief with the session alone cannot).
 */
export const setAddressWhitelistBody = z.object({
  on: z.boolean(),
  /** Needed to turn it off: the phone code (`requestWithdrawalCode`) or the authenticator's. */
  code: secondFactorCode('code').optional(),
});
export type SetAddressWhitelistBody = z.input<typeof setAddressWhitelistBody>;

export const setAddressWhitelist = defineEndpoint({
  id: 'setAddressWhitelist',
  method: 'PUT',
  path: '/wallet/tether/address-book/whitelist',
  summary: 'Turn whitelist mode on or off',
  tags: ['wallet'],
  auth: 'session',
  body: setAddressWhitelistBody,
  response: addressBookSchema,
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'OTP_INVALID',
    'OTP_EXPIRED',
    'OTP_TOO_MANY_ATTEMPTS',
    'OTP_LOCKED',
    'TOTP_INVALID',
    'TOTP_ALREADY_USED',
    'AUTH_LOCKED',
    'RECOVERY_CODE_INVALID',
    'RECOVERY_CODE_USED',
  ],
});

// ---- withdrawals ------------------------------------------------------------------------------------

/**
 * How the server keeps a tether withdrawal: `Pending` (waits for an operator: above the review bound),
 * `Approved` (to be sent), `Sending` (asked of the custody service, its hash not known yet), `Sent` (on the
 * chain, waiting for confirmations), `Successful`; `Rejected`, `Failed` (the custody service refused, or the
 * transaction failed on chain) and `Canceled` return the held amount.
 */
export const TETHER_WITHDRAWAL_STATUSES = [
  'Pending',
  'Approved',
  'Sending',
  'Sent',
  'Successful',
  'Rejected',
  'Failed',
  'Canceled',
] as const;
export type TetherWithdrawalStatus = (typeof TETHER_WITHDRAWAL_STATUSES)[number];
export const TETHER_WITHDRAWAL_USER_STATUS: Record<TetherWithdrawalStatus, (typeof UserRequestStatus)[number]> = {
  Pending: 'Pending',
  Approved: 'InProgress',
  Sending: 'InProgress',
  Sent: 'InProgress',
  Successful: 'Successful',
  Rejected: 'Failed',
  Failed: 'Failed',
  Canceled: 'Canceled',
};

export const TETHER_WITHDRAWAL_REJECT_REASONS = [
  'suspicious_activity',
  'address_risk',
  'travel_rule',
  'other',
] as const;
export type TetherWithdrawalRejectReason = (typeof TETHER_WITHDRAWAL_REJECT_REASONS)[number];
export const TETHER_WITHDRAWAL_FAIL_REASONS = ['custody_refused', 'chain_failed'] as const;

export const tetherWithdrawalSchema = z.object({
  id: z.string(),
  network: tetherNetworkSchema,
  address: z.string(),
  /** The address book's label, when it went to a saved address. */
  addressLabel: z.string().nullable(),
  /** What reaches the address. */
  amount: z.string(),
  fee: z.string(),
  /** What left the wallet: amount + fee. */
  total: z.string(),
  state: z.enum(TETHER_WITHDRAWAL_STATUSES),
  status: z.enum(UserRequestStatus),
  rejectReason: z.enum([...TETHER_WITHDRAWAL_REJECT_REASONS, ...TETHER_WITHDRAWAL_FAIL_REASONS]).nullable(),
  txHash: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  requiredConfirmations: z.number().int(),
  canCancel: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TetherWithdrawal = z.infer<typeof tetherWithdrawalSchema>;

/**
 * A tether amount as typed (Persian or Arabic digits, separators, `٫`): normalised to `12.5`; at most six
 * decimals (`amountDecimals` with `{ scale: "6" }`) and above zero (`amountPositive`). The network's
 * minimum and maximum are the server's (`TETHER_WITHDRAWAL_BELOW_MINIMUM`, `TETHER_WITHDRAWAL_ABOVE_MAXIMUM`).
 */
export const tetherAmountInputSchema = tradeAmountInputSchema.superRefine((s, ctx) => {
  const [, frac = ''] = s.split('.');
  if (frac.replace(/0+$/, '').length > 6) {
    ctx.addIssue({ code: 'custom', message: 'amountDecimals', params: { scale: '6' } });
  } else if (!/[1-9]/.test(s)) {
    ctx.addIssue({ code: 'custom', message: 'amountPositive' });
  }
});

/** The body: the destination is checked for its network (`addressFormat`, `addressChecksum`). */
export const createTetherWithdrawalBody = z
  .object({
    network: tetherNetworkSchema,
    address: addressInputSchema,
    amount: tetherAmountInputSchema,
    code: secondFactorCode('code'),
  })
  .transform((b, ctx) => {
    const parsed = withdrawalAddressSchema(b.network).safeParse(b.address);
    if (!parsed.success) {
      for (const i of parsed.error.issues) ctx.addIssue({ code: 'custom', path: ['address'], message: i.message });
      return z.NEVER;
    }
    return { ...b, address: parsed.data };
  });
export type CreateTetherWithdrawalBody = z.input<typeof createTetherWithdrawalBody>;

export const createTetherWithdrawal = defineEndpoint({
  id: 'createTetherWithdrawal',
  method: 'POST',
  path: '/wallet/tether/withdrawals',
  summary: 'Withdraw tether to an address (amount + fee held until it is sent)',
  tags: ['wallet'],
  auth: 'session',
  idempotent: true,
  body: createTetherWithdrawalBody,
  response: tetherWithdrawalSchema,
  successStatus: 201,
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'KYC_REQUIRED',
    'ACCOUNT_FROZEN',
    'WITHDRAWAL_HOLD',
    'TETHER_NETWORK_DISABLED',
    'ADDRESS_IS_PORTAL_DEPOSIT',
    'ADDRESS_NOT_WHITELISTED',
    'TETHER_WITHDRAWAL_BELOW_MINIMUM',
    'TETHER_WITHDRAWAL_ABOVE_MAXIMUM',
    'TETHER_WITHDRAWAL_DAILY_LIMIT',
    'INSUFFICIENT_BALANCE',
    'OTP_INVALID',
    'OTP_EXPIRED',
    'OTP_TOO_MANY_ATTEMPTS',
    'OTP_LOCKED',
    'TOTP_INVALID',
    'TOTP_ALREADY_USED',
    'AUTH_LOCKED',
    'RECOVERY_CODE_INVALID',
    'RECOVERY_CODE_USED',
    'IDEMPOTENCY_KEY_REUSED',
  ],
});

export const listTetherWithdrawals = defineEndpoint({
  id: 'listTetherWithdrawals',
  method: 'GET',
  path: '/wallet/tether/withdrawals',
  summary: 'My tether withdrawals, newest first',
  tags: ['wallet'],
  auth: 'session',
  query: pageQuery({ status: z.enum(UserRequestStatus).optional() }),
  response: pageOf(tetherWithdrawalSchema),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
});

const tetherWithdrawalId = z.object({ withdrawalId: z.uuid({ message: 'format' }) });

export const getTetherWithdrawal = defineEndpoint({
  id: 'getTetherWithdrawal',
  method: 'GET',
  path: '/wallet/tether/withdrawals/:withdrawalId',
  summary: 'One of my tether withdrawals',
  tags: ['wallet'],
  auth: 'session',
  params: tetherWithdrawalId,
  response: tetherWithdrawalSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const cancelTetherWithdrawal = defineEndpoint({
  id: 'cancelTetherWithdrawal',
  method: 'POST',
  path: '/wallet/tether/withdrawals/:withdrawalId/cancel',
  summary: 'Cancel my tether withdrawal while it waits for review: amount and fee return to the wallet',
  tags: ['wallet'],
  auth: 'session',
  params: tetherWithdrawalId,
  response: tetherWithdrawalSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND', 'REQUEST_NOT_CANCELLABLE'],
});
