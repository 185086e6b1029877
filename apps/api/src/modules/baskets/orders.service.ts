/**
 * Basket orders (issue 20, decision 045; SPEC §2 "Basket order", §5): created with a risk band and an amount
 * of tether, paid from the tether wallet, then built by the worker (worker.service.ts).
 *
 * create: [checks before anything is written: the amount's rules, the risk against the latest quiz result,
 *          a universe to build from] → [tx: idempotency claim → the investor's row locked → KYC level one,
 *          not frozen → the order, PaymentPending (PendingVip from 50,000)]
 * pay:    [tx: idempotency claim → the investor's row locked (concurrent payments of one order run one after
 *          another: the second finds it paid) → the order under its row lock, PaymentPending → the amount
 *          available → held (BasketOrder) → NotStarted] → the worker is kicked
 * cancel: [tx: the order under its row lock, unpaid → Cancelled]
 */
import { and, count, desc, eq } from 'drizzle-orm';
import {
  BASKET_CANCELLABLE_STATUSES,
  BASKET_LIMITS,
  BASKET_ORDERS_PAGE_SIZE,
  basketAmountIssue,
  isVipAmount,
  type BasketOrder,
  type BasketOrderOptions,
  type BasketOrderStatusValue,
} from '@portal/contract/baskets/orders';
import { isRiskierThan } from '@portal/contract/baskets/risk';
import { EXCHANGES, type ExchangeId, type MarketType } from '@portal/contract/baskets/universe';
import { AppError } from '@portal/contract/core/errors';
import { fromMinor, toMinor } from '@portal/contract/core/money';
import type { FundRiskValue } from '@portal/contract/funds/funds';
import { KYC_REQUIREMENT } from '@portal/contract/kyc/kyc';
import type { Db, DbOrTx } from '../../db/client';
import { basketOrders, cryptoAssets } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { assertCanMoveMoney } from '../../lib/guards';
import { withIdempotency } from '../../lib/idempotency';
import { runMoneyTransaction } from '../../lib/money-tx';
import { findUserAccount } from '../ledger/ledger.repository';
import { moveBetweenBuckets } from '../ledger/ledger.service';
import { listUniverse } from '../market/market.service';
import { latestRiskResult } from '../risk-quiz/risk-quiz.repository';
import { lockUser } from '../users/users.repository';
import { nowOf, notFound, type BasketDeps } from './common';
import { readBasketSettings } from './settings.service';
import { toOrderView, type OrderRow } from './views';

const invalid = (path: string, rule: string, params?: Record<string, string>) =>
  new AppError('VALIDATION_FAILED', undefined, { issues: [{ path, rule, ...(params ? { params } : {}) }] });

/** The crypto assets a basket on `exchanges` and `marketType` could hold now (the exclusions left out). */
export async function universeSymbols(
  db: DbOrTx,
  exchanges: readonly ExchangeId[],
  marketType: MarketType,
  excluded: readonly string[],
) {
  const skip = new Set(excluded);
  return (await listUniverse(db, { exchanges, marketType })).filter((a) => !skip.has(a.symbol) && a.symbol !== 'USDT');
}

export async function basketOrderOptions(deps: BasketDeps, userId: string): Promise<BasketOrderOptions> {
  const { db } = deps;
  const [settings, risk, wallet] = await Promise.all([
    readBasketSettings(db),
    latestRiskResult(db, userId),
    findUserAccount(db, userId, 'USDT', 'available'),
  ]);
  const exchanges = [];
  for (const exchange of EXCHANGES) {
    const all = await universeSymbols(db, [exchange], 'all', settings.excludedSymbols);
    const margin = await universeSymbols(db, [exchange], 'margin', settings.excludedSymbols);
    exchanges.push({ exchange, assets: { all: all.length, margin: margin.length } });
  }
  const [demo] = await db.select({ n: count() }).from(cryptoAssets).where(eq(cryptoAssets.demo, true));
  return {
    limits: { ...BASKET_LIMITS },
    feeBps: settings.feeBps,
    latestRisk: risk
      ? { id: risk.id, riskNumber: risk.riskNumber, band: risk.band, takenAt: risk.takenAt.toISOString() }
      : null,
    walletAvailable: fromMinor(wallet?.balance ?? 0n, 'USDT'),
    exchanges,
    demo: (demo?.n ?? 0) > 0,
  };
}

export interface CreateOrderBody {
  risk: FundRiskValue;
  amount: string;
  exchanges: ExchangeId[];
  marketType: MarketType;
  riskAcknowledged: boolean;
}

export async function createBasketOrder(
  deps: BasketDeps,
  input: { userId: string; body: CreateOrderBody; idempotencyKey: string; ip: string },
): Promise<BasketOrder> {
  const { db } = deps;
  const { body } = input;
  // Every check that needs no lock comes first: a bad input changes nothing.
  const issue = basketAmountIssue(body.amount);
  if (issue) throw invalid('body.amount', issue.rule, issue.params);
  if (body.exchanges.length === 0) throw invalid('body.exchanges', 'exchangesRequired');
  const amount = toMinor(body.amount, 'USDT');
  const risk = await latestRiskResult(db, input.userId);
  const riskier = risk === null || isRiskierThan(body.risk, risk.riskNumber);
  if (riskier && !body.riskAcknowledged) {
    throw new AppError('RISK_CONFIRMATION_REQUIRED', 'This basket is riskier than your latest risk quiz result');
  }
  const settings = await readBasketSettings(db);
  const universe = await universeSymbols(db, body.exchanges, body.marketType, settings.excludedSymbols);
  if (universe.length < Math.max(1, settings.construction.minAssets)) {
    throw new AppError('BASKET_CREATION_NOT_POSSIBLE', 'The chosen exchanges and market type offer too few assets');
  }
  const exchanges = EXCHANGES.filter((e) => body.exchanges.includes(e));
  const call = {
    userId: input.userId,
    key: input.idempotencyKey,
    operation: 'createBasketOrder',
    request: {
      risk: body.risk,
      amount: fromMinor(amount, 'USDT'),
      exchanges,
      marketType: body.marketType,
      riskAcknowledged: body.riskAcknowledged,
    },
  };
  const { response } = await runMoneyTransaction(db, (tx) =>
    withIdempotency(tx, call, async (): Promise<BasketOrder> => {
      await lockUser(tx, input.userId, 'no key update');
      await assertCanMoveMoney(tx, input.userId, KYC_REQUIREMENT.invest);
      const vip = isVipAmount(fromMinor(amount, 'USDT'));
      const [row] = await tx
        .insert(basketOrders)
        .values({
          userId: input.userId,
          status: vip ? 'PendingVip' : 'PaymentPending',
          risk: body.risk,
          amount,
          exchanges,
          marketType: body.marketType,
          vip,
          riskAcknowledged: riskier && body.riskAcknowledged,
          riskResultId: risk?.id ?? null,
          feeBps: settings.feeBps,
        })
        .returning();
      await writeAudit(tx, {
        action: 'basket.order.created',
        actorUserId: input.userId,
        subjectType: 'basket_order',
        subjectId: row!.id,
        ip: input.ip,
        data: {
          amount: fromMinor(amount, 'USDT'),
          risk: body.risk,
          vip,
          riskAcknowledged: riskier && body.riskAcknowledged,
        },
      });
      return toOrderView(row!);
    }),
  );
  return response;
}

/** One of the user's orders (another user's is not found). */
export async function findUserOrder(db: DbOrTx, userId: string, orderId: string, opts: { lock?: boolean } = {}) {
  const q = db
    .select()
    .from(basketOrders)
    .where(and(eq(basketOrders.id, orderId), eq(basketOrders.userId, userId)))
    .limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

export async function getBasketOrder(deps: BasketDeps, userId: string, orderId: string): Promise<BasketOrder> {
  const row = await findUserOrder(deps.db, userId, orderId);
  if (!row) throw notFound();
  return toOrderView(row);
}

export async function listBasketOrders(
  deps: BasketDeps,
  userId: string,
  query: { page: number; status?: BasketOrderStatusValue | undefined },
) {
  const where = and(eq(basketOrders.userId, userId), query.status ? eq(basketOrders.status, query.status) : undefined);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(basketOrders)
      .where(where)
      .orderBy(desc(basketOrders.createdAt), desc(basketOrders.id))
      .limit(BASKET_ORDERS_PAGE_SIZE)
      .offset((query.page - 1) * BASKET_ORDERS_PAGE_SIZE),
    deps.db.select({ n: count() }).from(basketOrders).where(where),
  ]);
  return { items: rows.map(toOrderView), total: total?.n ?? 0, page: query.page, pageSize: BASKET_ORDERS_PAGE_SIZE };
}

const PAID: readonly BasketOrderStatusValue[] = ['NotStarted', 'InProgress', 'GenerationFailed', 'Analysed'];

export async function payBasketOrder(
  deps: BasketDeps,
  input: { userId: string; orderId: string; idempotencyKey: string; ip: string },
): Promise<BasketOrder> {
  const call = {
    userId: input.userId,
    key: input.idempotencyKey,
    operation: 'payBasketOrder',
    request: { orderId: input.orderId },
  };
  const { response, replayed } = await runMoneyTransaction(deps.db, (tx) =>
    withIdempotency(tx, call, async (): Promise<BasketOrder> => {
      await lockUser(tx, input.userId, 'no key update');
      const order = await findUserOrder(tx, input.userId, input.orderId, { lock: true });
      if (!order) throw notFound();
      if (PAID.includes(order.status)) throw new AppError('BASKET_ORDER_ALREADY_PAID', 'This order is already paid');
      if (order.status !== 'PaymentPending')
        throw new AppError('BASKET_ORDER_NOT_PAYABLE', 'This order cannot be paid');
      await assertCanMoveMoney(tx, input.userId, KYC_REQUIREMENT.invest);
      await moveBetweenBuckets(tx, {
        userId: input.userId,
        from: 'available',
        to: 'held',
        currency: 'USDT',
        amount: order.amount,
        refType: 'BasketOrder',
        refId: order.id,
        memo: 'pay',
        createdBy: input.userId,
      });
      const now = nowOf(deps);
      const [paid] = await tx
        .update(basketOrders)
        .set({ status: 'NotStarted', paidAt: now, updatedAt: now })
        .where(eq(basketOrders.id, order.id))
        .returning();
      await writeAudit(tx, {
        action: 'basket.order.paid',
        actorUserId: input.userId,
        subjectType: 'basket_order',
        subjectId: order.id,
        ip: input.ip,
        data: { amount: fromMinor(order.amount, 'USDT') },
      });
      return toOrderView(paid!);
    }),
  );
  if (!replayed) deps.kick?.();
  return response;
}

export async function cancelBasketOrder(
  deps: BasketDeps,
  input: { userId: string; orderId: string; ip: string },
): Promise<BasketOrder> {
  return deps.db.transaction(async (tx) => {
    const order = await findUserOrder(tx, input.userId, input.orderId, { lock: true });
    if (!order) throw notFound();
    if (!(BASKET_CANCELLABLE_STATUSES as readonly string[]).includes(order.status)) {
      throw new AppError('BASKET_ORDER_NOT_CANCELLABLE', 'Only an unpaid order can be cancelled');
    }
    const now = nowOf(deps);
    const [row] = await tx
      .update(basketOrders)
      .set({ status: 'Cancelled', updatedAt: now })
      .where(eq(basketOrders.id, order.id))
      .returning();
    await writeAudit(tx, {
      action: 'basket.order.cancelled',
      actorUserId: input.userId,
      subjectType: 'basket_order',
      subjectId: order.id,
      ip: input.ip,
    });
    return toOrderView(row!);
  });
}

export type { OrderRow, Db };
