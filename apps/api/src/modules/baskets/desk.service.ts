/**
 * The console's basket desk (issue 20, decision 045; contract admin/baskets.ts): orders by status, one
 * order with its construction, trades, journals and notes, VIP requests and their review, the settings.
 *
 * A VIP request's review is a review of a user's request (admin/four-eyes.ts, lib/review.ts): accepting
 * one of more than the settings' `vipSecondReviewAbove` takes two different operators (the first approval
 * is recorded, the request stays PendingVip); at or below it one. Declining is one operator's at any
 * amount. Both under the order's row lock, audited; the guard has refused the operator's own account.
 */
import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type {
  AdminBasketOrder,
  AdminBasketOrderRow,
  BasketSettings,
  BasketVipNote,
} from '@portal/contract/admin/baskets';
import { ADMIN_BASKET_ORDERS_PAGE_SIZE } from '@portal/contract/admin/baskets';
import type { BasketOrderStatusValue } from '@portal/contract/baskets/orders';
import { AppError } from '@portal/contract/core/errors';
import { fromMinor } from '@portal/contract/core/money';
import { queryRows, type DbOrTx } from '../../db/client';
import { basketOrders, basketVipNotes, proposals } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { approvalStep, firstApproversOf, reviewFieldsOf, type ReviewPolicy } from '../../lib/review';
import { userSummaries, type UserSummary } from '../users/users.repository';
import { nowOf, notFound, type BasketDeps } from './common';
import { operationsOf } from './holdings.service';
import { basketSettingsValuesOf, readBasketSettings } from './settings.service';
import { toOperationView, toOrderView, type OrderRow } from './views';

const person = (id: string | null, users: Map<string, UserSummary>) => {
  if (!id) return null;
  const u = users.get(id);
  return { id, mobile: u?.mobile ?? '', firstName: u?.firstName ?? null, lastName: u?.lastName ?? null };
};

async function policyOf(db: DbOrTx): Promise<ReviewPolicy> {
  return { secondOperatorAbove: (await readBasketSettings(db)).vipSecondReviewAbove };
}

async function rowsOf(db: DbOrTx, orders: OrderRow[]): Promise<AdminBasketOrderRow[]> {
  if (orders.length === 0) return [];
  const policy = await policyOf(db);
  const ids = orders.map((o) => o.id);
  const [users, approvers, notes] = await Promise.all([
    userSummaries(
      db,
      orders.flatMap((o) => [o.userId, o.decidedBy]),
    ),
    firstApproversOf(
      db,
      orders.map((o) => o.firstApprovedBy),
    ),
    queryRows<{ order_id: string; n: number }>(
      db,
      sql`SELECT order_id, count(*)::int AS n FROM basket_vip_notes
          WHERE order_id IN (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) GROUP BY order_id`,
    ),
  ]);
  return orders.map((o) => ({
    ...toOrderView(o),
    user: person(o.userId, users)!,
    notesCount: notes.find((n) => n.order_id === o.id)?.n ?? 0,
    ...reviewFieldsOf(
      {
        amount: o.amount,
        pending: o.status === 'PendingVip',
        firstApprovedBy: o.firstApprovedBy,
        firstApprovedAt: o.firstApprovedAt,
      },
      approvers,
      policy,
    ),
    decidedBy: person(o.decidedBy, users),
    decidedAt: o.decidedAt?.toISOString() ?? null,
  }));
}

export async function listDeskOrders(
  deps: BasketDeps,
  query: { page: number; status?: BasketOrderStatusValue | undefined; userId?: string | undefined },
) {
  const where = and(
    query.status ? eq(basketOrders.status, query.status) : undefined,
    query.userId ? eq(basketOrders.userId, query.userId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(basketOrders)
      .where(where)
      .orderBy(desc(basketOrders.createdAt), desc(basketOrders.id))
      .limit(ADMIN_BASKET_ORDERS_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_BASKET_ORDERS_PAGE_SIZE),
    deps.db.select({ n: count() }).from(basketOrders).where(where),
  ]);
  return {
    items: await rowsOf(deps.db, rows),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: ADMIN_BASKET_ORDERS_PAGE_SIZE,
  };
}

export async function listVipRequests(deps: BasketDeps, query: { page: number; state: 'open' | 'decided' }) {
  const open = query.state === 'open';
  const where = open
    ? eq(basketOrders.status, 'PendingVip')
    : and(eq(basketOrders.vip, true), isNotNull(basketOrders.decidedAt));
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(basketOrders)
      .where(where)
      .orderBy(
        open ? asc(basketOrders.createdAt) : desc(basketOrders.decidedAt),
        open ? asc(basketOrders.id) : desc(basketOrders.id),
      )
      .limit(ADMIN_BASKET_ORDERS_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_BASKET_ORDERS_PAGE_SIZE),
    deps.db.select({ n: count() }).from(basketOrders).where(where),
  ]);
  return {
    items: await rowsOf(deps.db, rows),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: ADMIN_BASKET_ORDERS_PAGE_SIZE,
  };
}

async function notesOf(db: DbOrTx, orderId: string): Promise<BasketVipNote[]> {
  const rows = await db
    .select()
    .from(basketVipNotes)
    .where(eq(basketVipNotes.orderId, orderId))
    .orderBy(asc(basketVipNotes.createdAt), asc(basketVipNotes.id));
  const users = await userSummaries(
    db,
    rows.map((r) => r.authorId),
  );
  return rows.map((r) => ({
    id: r.id,
    text: r.text,
    author: person(r.authorId, users)!,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function getDeskOrder(deps: BasketDeps, orderId: string): Promise<AdminBasketOrder> {
  const [order] = await deps.db.select().from(basketOrders).where(eq(basketOrders.id, orderId)).limit(1);
  if (!order) throw notFound();
  const [row] = await rowsOf(deps.db, [order]);
  const journals = await queryRows<{ id: string; memo: string | null; created_at: string }>(
    deps.db,
    sql`SELECT id, memo, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at FROM ledger_journals
        WHERE ref_type = 'BasketOrder' AND ref_id = ${order.id} ORDER BY created_at, id`,
  );
  return {
    ...row!,
    construction: order.construction,
    operations: (await operationsOf(deps.db, order.id)).map(toOperationView),
    journals: journals.map((j) => ({
      id: j.id,
      kind: j.memo ?? 'journal',
      memo: j.memo,
      createdAt: j.created_at,
    })),
    notes: await notesOf(deps.db, order.id),
    attempts: order.attempts,
    lastError: order.lastError,
  };
}

async function lockVip(tx: DbOrTx, orderId: string): Promise<OrderRow> {
  const [order] = await tx.select().from(basketOrders).where(eq(basketOrders.id, orderId)).for('update');
  if (!order) throw notFound();
  return order;
}

export async function addVipNote(
  deps: BasketDeps,
  input: { operatorId: string; ip: string; orderId: string; text: string },
): Promise<BasketVipNote> {
  const id = await deps.db.transaction(async (tx) => {
    const order = await lockVip(tx, input.orderId);
    if (!order.vip) throw new AppError('CONFLICT', 'Notes are kept on VIP requests');
    const [note] = await tx
      .insert(basketVipNotes)
      .values({ orderId: order.id, authorId: input.operatorId, text: input.text, createdAt: nowOf(deps) })
      .returning({ id: basketVipNotes.id });
    await writeAudit(tx, {
      action: 'basket.vip.noted',
      actorUserId: input.operatorId,
      subjectType: 'basket_order',
      subjectId: order.id,
      ip: input.ip,
      data: { userId: order.userId },
    });
    return note!.id;
  });
  return (await notesOf(deps.db, input.orderId)).find((n) => n.id === id)!;
}

export async function acceptVip(
  deps: BasketDeps,
  input: { operatorId: string; ip: string; orderId: string },
): Promise<AdminBasketOrderRow> {
  await deps.db.transaction(async (tx) => {
    const order = await lockVip(tx, input.orderId);
    if (order.status !== 'PendingVip')
      throw new AppError('REQUEST_ALREADY_REVIEWED', 'The request was already decided');
    const step = approvalStep(order, input.operatorId, await policyOf(tx));
    const now = nowOf(deps);
    if (step === 'first') {
      await tx
        .update(basketOrders)
        .set({ firstApprovedBy: input.operatorId, firstApprovedAt: now, updatedAt: now })
        .where(eq(basketOrders.id, order.id));
    } else {
      await tx
        .update(basketOrders)
        .set({ status: 'PaymentPending', decidedBy: input.operatorId, decidedAt: now, updatedAt: now })
        .where(eq(basketOrders.id, order.id));
    }
    await writeAudit(tx, {
      action: step === 'first' ? 'basket.vip.first_approved' : 'basket.vip.accepted',
      actorUserId: input.operatorId,
      subjectType: 'basket_order',
      subjectId: order.id,
      ip: input.ip,
      data: { userId: order.userId, amount: fromMinor(order.amount, 'USDT') },
    });
  });
  return deskRow(deps, input.orderId);
}

export async function declineVip(
  deps: BasketDeps,
  input: { operatorId: string; ip: string; orderId: string; reason: string },
): Promise<AdminBasketOrderRow> {
  await deps.db.transaction(async (tx) => {
    const order = await lockVip(tx, input.orderId);
    if (order.status !== 'PendingVip')
      throw new AppError('REQUEST_ALREADY_REVIEWED', 'The request was already decided');
    const now = nowOf(deps);
    await tx
      .update(basketOrders)
      .set({
        status: 'Cancelled',
        declineReason: input.reason,
        decidedBy: input.operatorId,
        decidedAt: now,
        updatedAt: now,
      })
      .where(eq(basketOrders.id, order.id));
    await writeAudit(tx, {
      action: 'basket.vip.declined',
      actorUserId: input.operatorId,
      subjectType: 'basket_order',
      subjectId: order.id,
      ip: input.ip,
      data: { userId: order.userId, reason: input.reason },
    });
  });
  return deskRow(deps, input.orderId);
}

async function deskRow(deps: BasketDeps, orderId: string): Promise<AdminBasketOrderRow> {
  const [order] = await deps.db.select().from(basketOrders).where(eq(basketOrders.id, orderId)).limit(1);
  return (await rowsOf(deps.db, [order!]))[0]!;
}

export async function deskSettings(deps: BasketDeps): Promise<BasketSettings> {
  const row = await readBasketSettings(deps.db);
  const [pending] = await deps.db
    .select({ id: proposals.id })
    .from(proposals)
    .where(and(eq(proposals.kind, 'basket_settings'), eq(proposals.status, 'Pending')))
    .orderBy(desc(proposals.proposedAt))
    .limit(1);
  const users = await userSummaries(deps.db, [row.updatedBy]);
  return {
    ...basketSettingsValuesOf(row),
    updatedBy: person(row.updatedBy, users),
    updatedAt: row.updatedAt.toISOString(),
    pendingProposalId: pending?.id ?? null,
  };
}
