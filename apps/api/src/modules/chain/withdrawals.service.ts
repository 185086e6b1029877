/**
 * Tether withdrawals to an address (issue 18, SPEC §2 "Tether withdraw"; decisions 016, 028, 029, 040).
 *
 * request: [tx: idempotency claim → KYC level two, not frozen, no withdrawal hold → the network open for
 *          withdrawals → not a portal deposit address → the whitelist (when on: saved and past its cooling
 *          time) → the network's minimum and maximum → the daily limit → the phone code, TOTP or a recovery
 *          code (a wrong one is counted and committed, the claim given back) → the user row locked, checked
 *          again with the daily limit → available → held (amount + fee) → the withdrawal: `Approved` at once
 *          up to `review_above`, else `Pending` for one operator (two above `second_review_above`)]
 * cancel (user) / reject (operator): Pending → Canceled / Rejected, held → available (`returnHeld`)
 * approve (operator): Pending → Approved (the first of two approvals is recorded and leaves it Pending)
 * then the signer (`signer.service.ts`, from the chain watcher's tick): Approved → Sending → Sent →
 *          Successful (held → chain custody and fees), or Failed (held → available)
 *
 * Every refusal changes nothing: the checks throw and the transaction rolls back whole, the claim of the
 * idempotency key with it; only a wrong code commits (its count), with the claim given back.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '@portal/contract/core/errors';
import { fromMinor, toMinor } from '@portal/contract/core/money';
import type { UserRequestStatus } from '@portal/contract/core/enums';
import { KYC_REQUIREMENT } from '@portal/contract/kyc/kyc';
import { tehranDay } from '@portal/contract/wallet/offline-deposits';
import type { AdminTetherWithdrawal } from '@portal/contract/admin/chain';
import {
  TETHER_CHAIN_PAGE_SIZE,
  TETHER_WITHDRAWAL_STATUSES,
  TETHER_WITHDRAWAL_USER_STATUS,
  type createTetherWithdrawalBody,
  type TetherWithdrawal,
  type TetherWithdrawalRejectReason,
  type TetherWithdrawalStatus,
} from '@portal/contract/tether/chain';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { assertCanMoveMoney, assertMayMoveMoney } from '../../lib/guards';
import { idempotencySql } from '../../lib/idempotency';
import { runMoneyTransaction } from '../../lib/money-tx';
import { assertNotHeld } from '../../lib/withdrawal-hold';
import { assertNotMaker } from '../../lib/four-eyes';
import { checkCode } from '../auth/codes';
import { checkSecondFactor } from '../auth/two-factor.service';
import { moveBetweenBuckets } from '../ledger/ledger.service';
import { findUser, userSummaries, type UserRow } from '../users/users.repository';
import { loadNetwork } from './networks.repository';
import {
  findAddressBookEntry,
  findTetherWithdrawal,
  insertTetherWithdrawal,
  isPortalDepositAddress,
  listUserTetherWithdrawals,
  lockChainSettings,
  savedAddressesOf,
  updateTetherWithdrawal,
  whitelistOn,
  withdrawnOnDay,
  type TetherWithdrawalRow,
} from './withdrawals.repository';

export interface ChainWithdrawalsDeps {
  db: Db;
  /** The app secret: phone codes' HMAC, the sealed TOTP secrets, recovery codes. */
  secret: string;
  now?: () => Date;
}

const clock = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();
const usdt = (minor: bigint) => fromMinor(minor, 'USDT');

export function toTetherWithdrawalView(w: TetherWithdrawalRow): TetherWithdrawal {
  return {
    id: w.id,
    network: w.network,
    address: w.address,
    addressLabel: w.addressLabel,
    amount: usdt(w.amount),
    fee: usdt(w.fee),
    total: usdt(w.amount + w.fee),
    state: w.status,
    status: TETHER_WITHDRAWAL_USER_STATUS[w.status],
    rejectReason: (w.rejectReason as TetherWithdrawal['rejectReason']) ?? null,
    txHash: w.txHash,
    confirmations: w.confirmations,
    requiredConfirmations: w.requiredConfirmations,
    canCancel: w.status === 'Pending',
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

/** How many operators a withdrawal of `amount` waits for (decision 040): none, one, or two different ones. */
export function approvalsFor(amount: bigint, s: { reviewAbove: bigint; secondReviewAbove: bigint }): 0 | 1 | 2 {
  if (amount <= s.reviewAbove) return 0;
  return amount <= s.secondReviewAbove ? 1 : 2;
}

/**
 * The confirming code, checked as the toman withdrawal checks it (decision 029): with two-factor on, the
 * authenticator's code or a recovery code (`checkSecondFactor`); without, the phone code of purpose
 * `withdrawal` (`requestWithdrawalCode`). Null when right; else the error to answer after the transaction
 * commits (a wrong try is counted).
 */
export async function checkConfirmingCode(
  tx: DbOrTx,
  deps: { db: Db; secret: string; now?: () => Date },
  user: Pick<UserRow, 'id' | 'mobile' | 'twoFactorSecret' | 'twoFactorLastStep'>,
  code: string,
  now: Date,
  ip: string,
): Promise<AppError | null> {
  if (user.twoFactorSecret) return checkSecondFactor(tx, deps, user, code, now, ip, 'withdrawal');
  return checkCode(tx, deps, { subject: user.mobile, purpose: 'withdrawal', code, ip, now, auditUserId: user.id });
}

/** The user's rule for a withdrawal (KYC level two, not frozen, no hold), on a row read by the caller. */
function assertMayWithdraw(user: UserRow | null, now: Date): asserts user is UserRow {
  assertMayMoveMoney(
    user ? { kycLevel: user.kycLevel, frozen: user.frozenAt !== null } : undefined,
    KYC_REQUIREMENT.withdraw,
  );
  assertNotHeld(user!.withdrawalsHeldUntil, now);
}

function assertWithinDailyLimit(limit: bigint, used: bigint, amount: bigint) {
  if (used + amount > limit) {
    throw new AppError('TETHER_WITHDRAWAL_DAILY_LIMIT', 'The withdrawal would pass the daily limit', {
      remaining: usdt(limit > used ? limit - used : 0n),
    });
  }
}

/**
 * Asks for a tether withdrawal, in one money transaction (the pattern of the toman withdrawal, decision
 * 016, in plain statements: this path is not the bench's). Locks in the order idempotency record → the
 * network's and the settings' rows (`FOR SHARE`, the order an approved `chain_settings` proposal takes them
 * in) → the code's counters (and the user row when a TOTP step is taken) → the user row → ledger accounts
 * (by id, by the posting trigger).
 */
export async function createTetherWithdrawal(
  deps: ChainWithdrawalsDeps,
  input: {
    userId: string;
    body: z.output<typeof createTetherWithdrawalBody>;
    idempotencyKey: string;
    ip: string;
  },
): Promise<TetherWithdrawal> {
  const now = clock(deps);
  const { body, userId } = input;
  const amount = toMinor(body.amount, 'USDT');
  const record = idempotencySql({
    userId,
    key: input.idempotencyKey,
    operation: 'createTetherWithdrawal',
    request: { network: body.network, address: body.address, amount: usdt(amount) },
  });
  const day = tehranDay(now);
  const out = await runMoneyTransaction(deps.db, async (tx): Promise<TetherWithdrawal | AppError> => {
    const claimed = await queryRows<{ key: string }>(tx, record.claim);
    if (claimed.length === 0) return record.replay<TetherWithdrawal>(tx);

    const user = await findUser(tx, userId);
    assertMayWithdraw(user, now);
    const network = await loadNetwork(tx, body.network, true);
    if (!network.withdrawalEnabled) {
      throw new AppError('TETHER_NETWORK_DISABLED', `Withdrawals on ${body.network} are closed for now`);
    }
    if (await isPortalDepositAddress(tx, body.address)) {
      throw new AppError('ADDRESS_IS_PORTAL_DEPOSIT', 'This is a deposit address of the portal');
    }
    const saved = await findAddressBookEntry(tx, userId, body.network, body.address);
    if ((await whitelistOn(tx, userId)) && !(saved && saved.usableAt.getTime() <= now.getTime())) {
      throw new AppError(
        'ADDRESS_NOT_WHITELISTED',
        'Whitelist mode is on: only saved addresses past their waiting time',
        saved ? { until: saved.usableAt.toISOString() } : undefined,
      );
    }
    if (amount < network.minWithdrawal) {
      throw new AppError('TETHER_WITHDRAWAL_BELOW_MINIMUM', 'Less than the least one withdrawal may be', {
        min: usdt(network.minWithdrawal),
      });
    }
    if (amount > network.maxWithdrawal) {
      throw new AppError('TETHER_WITHDRAWAL_ABOVE_MAXIMUM', 'More than one withdrawal may be', {
        max: usdt(network.maxWithdrawal),
      });
    }
    const settings = await lockChainSettings(tx);
    assertWithinDailyLimit(settings.dailyWithdrawalLimit, await withdrawnOnDay(tx, userId, day), amount);

    const wrong = await checkConfirmingCode(tx, deps, user, body.code, now, input.ip);
    if (wrong) {
      await record.release(tx);
      return wrong;
    }

    // The user row for the rest of the transaction: one withdrawal of a user at a time, so the daily limit
    // counts every other one; a freeze or a hold committed since the first read is seen here.
    const locked = await findUser(tx, userId, { lock: 'no key update' });
    assertMayWithdraw(locked, now);
    assertWithinDailyLimit(settings.dailyWithdrawalLimit, await withdrawnOnDay(tx, userId, day), amount);

    const id = randomUUID();
    const fee = network.withdrawalFee;
    // The CHECK on the user's balance refuses an overdraft: INSUFFICIENT_BALANCE, and nothing stays.
    const hold = await moveBetweenBuckets(tx, {
      userId,
      from: 'available',
      to: 'held',
      currency: 'USDT',
      amount: amount + fee,
      refType: 'TetherWithdrawal',
      refId: id,
      createdBy: userId,
    });
    const approvalsNeeded = approvalsFor(amount, settings);
    const row = await insertTetherWithdrawal(tx, {
      id,
      userId,
      network: body.network,
      address: body.address,
      addressBookId: saved?.id ?? null,
      addressLabel: saved?.label ?? null,
      amount,
      fee,
      status: approvalsNeeded === 0 ? 'Approved' : 'Pending',
      requestDay: day,
      approvalsNeeded,
      requiredConfirmations: network.confirmations,
      holdJournalId: hold.journalId,
    });
    await writeAudit(tx, {
      action: 'tether.withdrawal.requested',
      actorUserId: userId,
      subjectType: 'tether_withdrawal',
      subjectId: id,
      ip: input.ip,
      data: {
        network: body.network,
        address: body.address,
        amount: usdt(amount),
        fee: usdt(fee),
        approvalsNeeded,
      },
    });
    const view = toTetherWithdrawalView(row);
    await tx.execute(record.store(view));
    return view;
  });
  if (out instanceof AppError) throw out;
  return out;
}

export async function getTetherWithdrawal(db: DbOrTx, userId: string, id: string): Promise<TetherWithdrawal> {
  const row = await findTetherWithdrawal(db, id, { userId });
  if (!row) throw new AppError('NOT_FOUND');
  return toTetherWithdrawalView(row);
}

/** A page of the user's withdrawals, newest first; `status` is what the user reads (`UserRequestStatus`). */
export async function listTetherWithdrawals(
  db: DbOrTx,
  userId: string,
  query: { page: number; status?: (typeof UserRequestStatus)[number] | undefined },
) {
  const statuses = query.status
    ? TETHER_WITHDRAWAL_STATUSES.filter((s) => TETHER_WITHDRAWAL_USER_STATUS[s] === query.status)
    : undefined;
  const { rows, total } = await listUserTetherWithdrawals(
    db,
    userId,
    statuses,
    TETHER_CHAIN_PAGE_SIZE,
    (query.page - 1) * TETHER_CHAIN_PAGE_SIZE,
  );
  return { items: rows.map(toTetherWithdrawalView), total, page: query.page, pageSize: TETHER_CHAIN_PAGE_SIZE };
}

/**
 * Ends a withdrawal whose hold goes back to the wallet (held → available, amount + fee, one journal):
 * cancelled by the user, rejected by an operator, or failed (the custody service refused it, or its
 * transaction failed on chain). In the caller's transaction, with the row locked and its status checked
 * by the caller. Audited as `tether.withdrawal.cancelled|rejected|failed`.
 */
export async function returnHeld(
  tx: DbOrTx,
  w: TetherWithdrawalRow,
  o: {
    status: Extract<TetherWithdrawalStatus, 'Canceled' | 'Rejected' | 'Failed'>;
    /** Null for the signer's job. */
    actorId: string | null;
    reason?: TetherWithdrawalRejectReason | 'custody_refused' | 'chain_failed';
    comment?: string | null;
    /** What the custody service or the chain said (the audit record keeps it). */
    detail?: string;
    ip?: string | null;
    now: Date;
  },
): Promise<TetherWithdrawalRow> {
  const back = await moveBetweenBuckets(tx, {
    userId: w.userId,
    from: 'held',
    to: 'available',
    currency: 'USDT',
    amount: w.amount + w.fee,
    refType: 'TetherWithdrawal',
    refId: w.id,
    createdBy: o.actorId,
  });
  const row = await updateTetherWithdrawal(tx, w.id, {
    status: o.status,
    endJournalId: back.journalId,
    ...(o.reason ? { rejectReason: o.reason } : {}),
    ...(o.status === 'Rejected' ? { reviewComment: o.comment ?? null, reviewerId: o.actorId, reviewedAt: o.now } : {}),
  });
  await writeAudit(tx, {
    action:
      o.status === 'Canceled'
        ? 'tether.withdrawal.cancelled'
        : o.status === 'Rejected'
          ? 'tether.withdrawal.rejected'
          : 'tether.withdrawal.failed',
    actorUserId: o.actorId,
    subjectType: 'tether_withdrawal',
    subjectId: w.id,
    ip: o.ip ?? null,
    data: {
      userId: w.userId,
      network: w.network,
      amount: usdt(w.amount),
      fee: usdt(w.fee),
      ...(o.reason ? { reason: o.reason } : {}),
      ...(o.detail ? { detail: o.detail } : {}),
      ...(w.txHash ? { txHash: w.txHash } : {}),
    },
  });
  return row;
}

/** The user cancels a withdrawal that still waits for review; amount and fee return to the wallet. */
export async function cancelTetherWithdrawal(
  db: Db,
  input: { userId: string; withdrawalId: string; ip: string; now: Date },
): Promise<TetherWithdrawal> {
  const row = await runMoneyTransaction(db, async (tx) => {
    const w = await findTetherWithdrawal(tx, input.withdrawalId, { userId: input.userId, lock: true });
    if (!w) throw new AppError('NOT_FOUND');
    if (w.status !== 'Pending')
      throw new AppError('REQUEST_NOT_CANCELLABLE', 'The withdrawal no longer waits for review');
    return returnHeld(tx, w, { status: 'Canceled', actorId: input.userId, ip: input.ip, now: input.now });
  });
  return toTetherWithdrawalView(row);
}

/**
 * An operator approves a pending withdrawal, under its row lock (decision 028's rules with the count fixed
 * when it was asked): one approval decides a withdrawal that needs one; of two, the first is recorded and
 * it stays `Pending`, the second, by another operator (`SAME_OPERATOR` for the first), decides it.
 * Decided, it is `Approved` and the signer sends it at the watcher's next tick. The owner's freeze (or a
 * KYC level lowered since) is refused here as at the request. The four-eyes guard of the route refuses the
 * operator's own withdrawal before this runs.
 */
export async function approveTetherWithdrawal(
  db: Db,
  input: { operatorId: string; withdrawalId: string; ip: string; now: Date },
): Promise<TetherWithdrawalRow> {
  return runMoneyTransaction(db, async (tx) => {
    const w = await findTetherWithdrawal(tx, input.withdrawalId, { lock: true });
    if (!w) throw new AppError('NOT_FOUND');
    if (w.status !== 'Pending') throw new AppError('REQUEST_ALREADY_REVIEWED', 'The withdrawal was already reviewed');
    await assertCanMoveMoney(tx, w.userId, KYC_REQUIREMENT.withdraw);
    const audited = { userId: w.userId, network: w.network, amount: usdt(w.amount), address: w.address };
    if (w.approvalsNeeded >= 2 && w.firstApprovedBy === null) {
      const first = await updateTetherWithdrawal(tx, w.id, {
        firstApprovedBy: input.operatorId,
        firstApprovedAt: input.now,
      });
      await writeAudit(tx, {
        action: 'tether.withdrawal.first_approved',
        actorUserId: input.operatorId,
        subjectType: 'tether_withdrawal',
        subjectId: w.id,
        ip: input.ip,
        data: audited,
      });
      return first;
    }
    if (w.approvalsNeeded >= 2) assertNotMaker(input.operatorId, w.firstApprovedBy);
    const row = await updateTetherWithdrawal(tx, w.id, {
      status: 'Approved',
      reviewerId: input.operatorId,
      reviewedAt: input.now,
    });
    await writeAudit(tx, {
      action: 'tether.withdrawal.approved',
      actorUserId: input.operatorId,
      subjectType: 'tether_withdrawal',
      subjectId: w.id,
      ip: input.ip,
      data: { ...audited, ...(w.firstApprovedBy ? { firstApprovedBy: w.firstApprovedBy } : {}) },
    });
    return row;
  });
}

/** An operator rejects a pending withdrawal (one operator at any amount): amount and fee return. */
export async function rejectTetherWithdrawal(
  db: Db,
  input: {
    operatorId: string;
    withdrawalId: string;
    reason: TetherWithdrawalRejectReason;
    comment?: string;
    ip: string;
    now: Date;
  },
): Promise<TetherWithdrawalRow> {
  return runMoneyTransaction(db, async (tx) => {
    const w = await findTetherWithdrawal(tx, input.withdrawalId, { lock: true });
    if (!w) throw new AppError('NOT_FOUND');
    if (w.status !== 'Pending') throw new AppError('REQUEST_ALREADY_REVIEWED', 'The withdrawal was already reviewed');
    return returnHeld(tx, w, {
      status: 'Rejected',
      actorId: input.operatorId,
      reason: input.reason,
      comment: input.comment ?? null,
      ip: input.ip,
      now: input.now,
    });
  });
}

/**
 * Withdrawals as the console shows them (contract `adminTetherWithdrawalSchema`): the owner, the reviewer
 * and the first approver read at once, and whether the address was saved a day before it was asked.
 */
export async function toAdminTetherWithdrawals(
  db: DbOrTx,
  rows: readonly TetherWithdrawalRow[],
): Promise<AdminTetherWithdrawal[]> {
  const [people, saved] = await Promise.all([
    userSummaries(
      db,
      rows.flatMap((w) => [w.userId, w.reviewerId, w.firstApprovedBy]),
    ),
    savedAddressesOf(
      db,
      rows.map((w) => w.id),
    ),
  ]);
  const ref = (id: string | null) => {
    const u = id ? people.get(id) : undefined;
    return u ? { id: u.id, mobile: u.mobile, firstName: u.firstName, lastName: u.lastName } : null;
  };
  return rows.map((w) => {
    const first = ref(w.firstApprovedBy);
    return {
      id: w.id,
      user: ref(w.userId) ?? { id: w.userId, mobile: '', firstName: null, lastName: null },
      network: w.network,
      address: w.address,
      addressLabel: w.addressLabel,
      addressSaved: saved.has(w.id),
      amount: usdt(w.amount),
      fee: usdt(w.fee),
      total: usdt(w.amount + w.fee),
      state: w.status,
      rejectReason: (w.rejectReason as AdminTetherWithdrawal['rejectReason']) ?? null,
      reviewComment: w.reviewComment,
      txHash: w.txHash,
      confirmations: w.confirmations,
      requiredConfirmations: w.requiredConfirmations,
      approvalsNeeded: w.approvalsNeeded,
      firstApproval:
        w.status === 'Pending' && first && w.firstApprovedAt
          ? {
              operatorId: first.id,
              mobile: first.mobile,
              firstName: first.firstName,
              lastName: first.lastName,
              at: w.firstApprovedAt.toISOString(),
            }
          : null,
      reviewer: ref(w.reviewerId),
      reviewedAt: w.reviewedAt?.toISOString() ?? null,
      createdAt: w.createdAt.toISOString(),
      updatedAt: w.updatedAt.toISOString(),
    };
  });
}
