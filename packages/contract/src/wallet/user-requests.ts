/**
 * The investor's requests (SPEC §2 "/user-requests", §3; issue 5, decision 018): every request that
 * waits for someone (an operator, a bank cycle) in one list, each as a `UserRequestsResponseType` with a
 * `UserRequestStatus`, ordered by a `UserRequestDisplayOrder`, paged, filtered by type and status.
 *
 * Today the list holds toman withdrawals (`WithdrawalFromTomanWallet`), offline deposits
 * (`OfflineTomanDeposit`) and fund orders (`BuyFund`, `SellFund`; issue 6, decision 022). Gateway
 * deposits are not requests: the payer is at the gateway and the outcome is known in a minute, and SPEC §3
 * has no type for them; they are in the wallet history. Tether deposits on chain (`TetherDeposit`) and withdrawals (`WithdrawalFromTetherWallet`) joined with issue 18 (decision 040), with their `chain` place. Cancelling goes through the
 * request's own endpoint (`cancelWithdrawal`, `cancelOfflineDeposit`) when `canCancel` says so.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { UserRequestDisplayOrder, UserRequestsResponseType, UserRequestStatus } from '../core/enums';
import { currencySchema } from '../core/money';
import { PURCHASE_FAIL_REASONS } from '../funds/orders';
import { OFFLINE_DEPOSIT_REJECT_REASONS } from './offline-deposits';
import { WITHDRAWAL_REJECT_REASONS } from './withdrawals';
import { chainRefSchema } from './wallets';
import {
  CHAIN_DEPOSIT_IGNORE_REASONS,
  TETHER_WITHDRAWAL_FAIL_REASONS,
  TETHER_WITHDRAWAL_REJECT_REASONS,
} from '../tether/chain';
import { pageOf, pageQuery } from '../core/paging';

export const USER_REQUESTS_PAGE_SIZE = 10;

/** Every reason a request of any type may be refused for (the web translates `<type>.<reason>`). */
export const USER_REQUEST_REJECT_REASONS = [
  ...new Set([
    ...WITHDRAWAL_REJECT_REASONS,
    ...OFFLINE_DEPOSIT_REJECT_REASONS,
    ...PURCHASE_FAIL_REASONS,
    ...TETHER_WITHDRAWAL_REJECT_REASONS,
    ...TETHER_WITHDRAWAL_FAIL_REASONS,
    ...CHAIN_DEPOSIT_IGNORE_REASONS,
    'dropped',
  ]),
] as [string, ...string[]];

export const userRequestSchema = z.object({
  id: z.string(),
  type: z.enum(UserRequestsResponseType),
  status: z.enum(UserRequestStatus),
  currency: currencySchema,
  /**
   * As asked (a withdrawal, a fund purchase), as paid (a deposit), or what reached the wallet (a fund
   * redemption: its proceeds, "0" until priced), in the currency's scale.
   */
  amount: z.string(),
  /** The house's fee taken from it ("0" when none, or not known yet). */
  fee: z.string(),
  /** Fund orders: the fund. */
  fundId: z.string().nullable().optional(),
  /** Fund orders: the units bought (once priced) or asked to redeem. */
  units: z.string().nullable().optional(),
  rejectReason: z.enum(USER_REQUEST_REJECT_REASONS).nullable(),
  /** When a decision may be expected: created + 48 hours for requests an operator reviews (SPEC §9). */
  reviewDeadline: z.string().nullable(),
  /** Tether deposits and withdrawals (issue 18): network, hash, confirmations. */
  chain: chainRefSchema.nullable().optional(),
  /** The request's own cancel endpoint accepts it now. */
  canCancel: z.boolean(),
  createdAt: z.string(),
  /** The last change of status. */
  updatedAt: z.string(),
});
export type UserRequest = z.infer<typeof userRequestSchema>;

export const listUserRequestsQuery = pageQuery({
  type: z.enum(UserRequestsResponseType).optional(),
  status: z.enum(UserRequestStatus).optional(),
  order: z.enum(UserRequestDisplayOrder).default('NewestRequest'),
});
export type ListUserRequestsQuery = z.input<typeof listUserRequestsQuery>;
export type ListUserRequestsFilter = z.output<typeof listUserRequestsQuery>;

export const listUserRequests = defineEndpoint({
  id: 'listUserRequests',
  method: 'GET',
  path: '/user-requests',
  summary: 'My requests (withdrawals, offline deposits…) with their status, ordered, filtered and paged',
  tags: ['wallet'],
  auth: 'session',
  query: listUserRequestsQuery,
  response: pageOf(userRequestSchema),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
});
