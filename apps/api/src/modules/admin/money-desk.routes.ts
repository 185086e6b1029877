import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  adminGetWithdrawal,
  adminListUserWallets,
  type AdminWithdrawalDetail,
} from '@portal/contract/admin/money-desk';
import { AppError } from '@portal/contract/core/errors';
import type { Wallet } from '@portal/contract/wallet/wallets';
import type { Db } from '../../db/client';
import { bankAccounts, users, withdrawals } from '../../db/schema';
import { route } from '../../plugins/contract';
import { userExists } from '../users/users.repository';
import { listWallets } from '../wallets/wallets.service';
import { toAdminWithdrawal } from '../withdrawals/admin-view';
import { firstApproversOf, type ReviewPolicy } from '../../lib/review';

/** One withdrawal as an operator reads it: the queue's view, the destination's card (masked) and the review. */
export async function getAdminWithdrawal(
  db: Db,
  withdrawalId: string,
  review: ReviewPolicy,
): Promise<AdminWithdrawalDetail> {
  const [row] = await db
    .select({
      w: withdrawals,
      mobile: users.mobile,
      firstName: users.firstName,
      lastName: users.lastName,
      cardNumberMasked: bankAccounts.cardNumberMasked,
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .innerJoin(bankAccounts, eq(bankAccounts.id, withdrawals.bankAccountId))
    .where(eq(withdrawals.id, withdrawalId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'No such withdrawal');
  return {
    ...toAdminWithdrawal(row.w, row, {
      policy: review,
      approvers: await firstApproversOf(db, [row.w.firstApprovedBy]),
    }),
    cardNumberMasked: row.cardNumberMasked,
    reviewComment: row.w.reviewComment,
    reviewerId: row.w.reviewerId,
    reviewedAt: row.w.reviewedAt?.toISOString() ?? null,
  };
}

/** A user's wallets for an operator: the same balances the user reads, from the ledger. */
export async function listUserWallets(db: Db, userId: string): Promise<Wallet[]> {
  if (!(await userExists(db, userId))) throw new AppError('NOT_FOUND', 'No such user');
  return listWallets(db, userId);
}

/** The money desk's read-only views (`money.read`); the queues and decisions live with their modules. */
export function moneyDeskRoutes(app: FastifyInstance, deps: { db: Db; review: ReviewPolicy }): void {
  route(app, adminGetWithdrawal, async ({ params }) => getAdminWithdrawal(deps.db, params.withdrawalId, deps.review));
  route(app, adminListUserWallets, async ({ params }) => ({ items: await listUserWallets(deps.db, params.userId) }));
}
