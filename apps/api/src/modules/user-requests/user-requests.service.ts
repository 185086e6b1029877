/**
 * The investor's requests in one list (SPEC §2 "/user-requests", §3; decision 018): withdrawals, offline
 * deposits and fund orders (issue 6), tether deposits and withdrawals on chain (issue 18, with their
 * `chain` place), as `UserRequestsResponseType` with `UserRequestStatus`, in a `UserRequestDisplayOrder`.
 * Scoped to the signed-in user; cancelling goes through each request's own endpoint.
 */
import { fromMinor } from '@portal/contract/core/money';
import { formatUnits } from '@portal/contract/funds/pricing';
import type { TetherNetworkKey } from '@portal/contract/tether/networks';
import { OFFLINE_DEPOSIT_REVIEW_HOURS } from '@portal/contract/wallet/offline-deposits';
import {
  USER_REQUESTS_PAGE_SIZE,
  type ListUserRequestsFilter,
  type UserRequest,
} from '@portal/contract/wallet/user-requests';
import type { Db } from '../../db/client';
import { findUserRequests, type UserRequestRow } from './user-requests.repository';

const REVIEW_MS = OFFLINE_DEPOSIT_REVIEW_HOURS * 60 * 60 * 1000;

/** Fund orders wait for a NAV, not for an operator, and have no cancel endpoint. */
const isFundOrder = (r: UserRequestRow) => r.type === 'BuyFund' || r.type === 'SellFund';
const isOnChain = (r: UserRequestRow) => r.type === 'TetherDeposit' || r.type === 'WithdrawalFromTetherWallet';

/**
 * Whether an operator reviews the request within 48 hours: toman withdrawals and offline deposits always,
 * a tether withdrawal when it waits for one (above the review bound), a tether deposit never (the chain's
 * confirmations credit it), fund orders never (they wait for a NAV).
 */
function isReviewed(r: UserRequestRow): boolean {
  if (isFundOrder(r) || r.type === 'TetherDeposit') return false;
  if (r.type === 'WithdrawalFromTetherWallet') return (r.approvals_needed ?? 0) > 0;
  return true;
}

/**
 * Which requests the user may cancel while `Pending`: toman withdrawals, offline deposits and tether
 * withdrawals (a tether deposit is never pending, fund orders have no cancel endpoint).
 */
const cancellable = (r: UserRequestRow) => !isFundOrder(r) && r.type !== 'TetherDeposit' && r.state === 'Pending';

function toUserRequest(r: UserRequestRow): UserRequest {
  const createdAt = new Date(r.created_at);
  const fundOrder = isFundOrder(r);
  return {
    id: r.id,
    type: r.type,
    status: r.status,
    currency: r.currency,
    amount: fromMinor(BigInt(r.amount), r.currency),
    fee: fromMinor(BigInt(r.fee), r.currency),
    rejectReason: r.reject_reason,
    ...(fundOrder ? { fundId: r.fund_id, units: r.units === null ? null : formatUnits(BigInt(r.units)) } : {}),
    // Withdrawals and offline deposits are reviewed by an operator within 48 hours (SPEC §9).
    reviewDeadline: isReviewed(r) ? new Date(createdAt.getTime() + REVIEW_MS).toISOString() : null,
    ...(isOnChain(r)
      ? {
          chain: {
            network: r.network as TetherNetworkKey,
            txHash: r.tx_hash,
            confirmations: r.confirmations,
            requiredConfirmations: r.required_confirmations ?? 0,
            status: r.status,
            address: r.address ?? '',
          },
        }
      : {}),
    // Withdrawals (toman and tether) and offline deposits can be cancelled while pending, not after.
    canCancel: cancellable(r),
    createdAt: createdAt.toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

export async function listUserRequests(db: Db, userId: string, query: ListUserRequestsFilter) {
  const { rows, total } = await findUserRequests(db, {
    userId,
    type: query.type,
    status: query.status,
    order: query.order,
    limit: USER_REQUESTS_PAGE_SIZE,
    offset: (query.page - 1) * USER_REQUESTS_PAGE_SIZE,
  });
  return { items: rows.map(toUserRequest), total, page: query.page, pageSize: USER_REQUESTS_PAGE_SIZE };
}
