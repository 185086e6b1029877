/**
 * Holdings and redemptions (issue 6, SPEC §2 "Fund redeem", §4; decision 022).
 *
 * request: [tx: idempotency claim → the investor's row locked (their orders run one after another) → KYC
 *          level one, not frozen → the fund open for redeeming → the holder's lots of the fund locked →
 *          the units within what is available (and free, for "free units only") and the proceeds positive
 *          → units available → held (FundShareRedeem) → the redemption, Waiting → priced at once when
 *          today's NAV is published and no older redemption of the holder waits]
 *
 * Units promised to waiting redemptions stay in their lots until priced; they are the oldest units (the
 * redemptions take lots first in, first out), so what is available is the lots with the held units taken
 * off the oldest first.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '@portal/contract/core/errors';
import { divRound, fromMinor } from '@portal/contract/core/money';
import { unitCurrency } from '@portal/contract/funds/funds';
import {
  FUND_ORDERS_PAGE_SIZE,
  tehranDateOf,
  type FundHolding,
  type FundRedemption,
  type Holding,
  type HoldingLot,
  type RedemptionQuoteView,
} from '@portal/contract/funds/orders';
import {
  belowRedeemMinimum,
  earlyExitBps,
  feeOf,
  fifo,
  formatUnits,
  freeFrom,
  freeUnits,
  parseUnits,
  quoteRedemption,
  UNIT,
  valueOfUnits,
  type Lot,
  type RedemptionQuote,
} from '@portal/contract/funds/pricing';
import { KYC_REQUIREMENT } from '@portal/contract/kyc/kyc';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { assertCanMoveMoney } from '../../lib/guards';
import { withIdempotency } from '../../lib/idempotency';
import { runMoneyTransaction } from '../../lib/money-tx';
import { findUserBucketAccounts } from '../ledger/ledger.repository';
import { moveBetweenBuckets } from '../ledger/ledger.service';
import {
  findAllLots,
  findFunds,
  findLots,
  findUnitBalances,
  findUserRedemption,
  hasOlderWaitingRedemption,
  insertRedemption,
  latestNavs,
  listRedemptions,
  lockInvestor,
  navOn,
  type FundRow,
  type LotRow,
} from './fund-orders.repository';
import { findFund, latestNav } from '../funds/funds.repository';
import { invalid, type FundOrdersDeps } from './purchases.service';
import { asLots, priceRedemption } from './pricing.service';
import { takeView, toRedemptionView } from './views';

const clock = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

/** The lots with `held` units taken off the oldest first: what can still be redeemed. */
export function availableLots(lots: readonly Lot[], held: bigint): Lot[] {
  let skip = held;
  const out: Lot[] = [];
  for (const lot of fifo(lots)) {
    if (skip >= lot.units) {
      skip -= lot.units;
      continue;
    }
    out.push({ ...lot, units: lot.units - skip });
    skip = 0n;
  }
  return out;
}

const sumUnits = (lots: readonly Lot[]) => lots.reduce((s, l) => s + l.units, 0n);

/** What the holder paid for `units` of a lot at its NAV (rounded up, as a purchase's cost is). */
const costOf = (units: bigint, nav: bigint) => divRound(units * nav, UNIT, 'up');

async function unitBuckets(tx: DbOrTx, userId: string, fundId: string) {
  const accounts = await findUserBucketAccounts(tx, userId, unitCurrency(fundId), ['available', 'held']);
  const of = (code: string) => accounts.find((a) => a.code === code)?.balance ?? 0n;
  return { available: of('available'), held: of('held') };
}

interface Position {
  /** Redeemable lots, oldest first. */
  lots: Lot[];
  /** Units that can be redeemed now. */
  available: bigint;
  free: bigint;
}

function positionOf(lotRows: readonly LotRow[], balances: { available: bigint; held: bigint }, now: Date): Position {
  const lots = availableLots(asLots(lotRows), balances.held);
  // The ledger's available units and the lots agree; the smaller is what may be redeemed even if a purchase
  // priced in between the two reads has added to one of them only.
  const inLots = sumUnits(lots);
  const available = balances.available < inLots ? balances.available : inLots;
  return { lots, available, free: freeUnits(lots, now) };
}

/**
 * The units a request names (or all free units, for "free units only"), checked against the fund's
 * smallest redemption and what the holder has: `VALIDATION_FAILED` (`body.units`, `unitsMin`) or
 * `FUND_UNITS_INSUFFICIENT`. Redeeming everything that is available is allowed below the minimum.
 */
function unitsToRedeem(fund: FundRow, body: { units?: string | undefined; freeOnly: boolean }, pos: Position): bigint {
  const units = body.units !== undefined ? parseUnits(body.units) : pos.free;
  if (units <= 0n) throw new AppError('FUND_UNITS_INSUFFICIENT', 'No units are free of the early-exit fee');
  if (belowRedeemMinimum(units, pos.available, fund.minRedeemUnits)) {
    throw invalid('body.units', 'unitsMin', { min: formatUnits(fund.minRedeemUnits) });
  }
  if (units > pos.available) throw new AppError('FUND_UNITS_INSUFFICIENT', 'More units than you hold');
  if (body.freeOnly && units > pos.free) {
    throw new AppError('FUND_UNITS_INSUFFICIENT', 'More units than are free of the early-exit fee');
  }
  return units;
}

function quoteAt(fund: FundRow, lots: readonly Lot[], units: bigint, nav: bigint, at: Date): RedemptionQuote {
  const q = quoteRedemption(lots, units, {
    nav,
    at,
    fixedFee: fund.redeemFixedFee,
    performanceFeeBps: BigInt(fund.performanceFeeBps),
  });
  if (q.proceeds <= 0n) throw new AppError('FUND_ORDER_TOO_SMALL', 'The fees take all the proceeds');
  return q;
}

export async function quoteFundRedemption(
  deps: FundOrdersDeps,
  input: { userId: string; fundId: string; body: { units?: string | undefined; freeOnly: boolean } },
): Promise<RedemptionQuoteView> {
  const now = clock(deps);
  const fund = await findFund(deps.db, input.fundId, { publishedOnly: true });
  if (!fund) throw new AppError('NOT_FOUND', 'No such fund');
  const pos = positionOf(
    await findLots(deps.db, input.userId, fund.id),
    await unitBuckets(deps.db, input.userId, fund.id),
    now,
  );
  const units = unitsToRedeem(fund, input.body, pos);
  const navDate = tehranDateOf(now);
  const today = await navOn(deps.db, fund.id, navDate);
  const used = today !== null ? { navDate, nav: today } : await latestNav(deps.db, fund.id);
  if (!used) throw new Error(`fund ${fund.id} has units held and no NAV`);
  const q = quoteAt(fund, pos.lots, units, used.nav, now);
  const money = (v: bigint) => fromMinor(v, fund.currency);
  return {
    fundId: fund.id,
    currency: fund.currency,
    units: formatUnits(units),
    freeOnly: input.body.freeOnly,
    navDate,
    nav: money(used.nav),
    navDateUsed: used.navDate,
    estimate: today === null,
    waiting: today === null,
    value: money(q.value),
    fixedFee: money(q.fixedFee),
    earlyExitFee: money(q.earlyExitFee),
    performanceFee: money(q.performanceFee),
    proceeds: money(q.proceeds),
    takes: q.takes.map((t) => takeView(t, fund.currency)),
    availableUnits: formatUnits(pos.available),
    freeUnits: formatUnits(pos.free),
    redeemingPaused: fund.redeemingPaused,
  };
}

export async function createFundRedemption(
  deps: FundOrdersDeps,
  input: {
    userId: string;
    fundId: string;
    body: { units?: string | undefined; freeOnly: boolean };
    idempotencyKey: string;
    ip: string;
  },
): Promise<FundRedemption> {
  const now = clock(deps);
  const call = {
    userId: input.userId,
    key: input.idempotencyKey,
    operation: 'createFundRedemption',
    request: {
      fundId: input.fundId,
      units: input.body.units === undefined ? null : formatUnits(parseUnits(input.body.units)),
      freeOnly: input.body.freeOnly,
    },
  };
  const { response } = await runMoneyTransaction(deps.db, (tx) =>
    withIdempotency(tx, call, async (): Promise<FundRedemption> => {
      await lockInvestor(tx, input.userId);
      await assertCanMoveMoney(tx, input.userId, KYC_REQUIREMENT.invest);
      const fund = await findFund(tx, input.fundId, { publishedOnly: true });
      if (!fund) throw new AppError('NOT_FOUND', 'No such fund');
      if (fund.redeemingPaused) throw new AppError('FUND_TRADING_PAUSED', 'Redeeming this fund is not possible now');
      // The holder's lots, locked (after the investor's row: their other orders have ended), oldest first.
      const lotRows = await findLots(tx, input.userId, fund.id, true);
      const pos = positionOf(lotRows, await unitBuckets(tx, input.userId, fund.id), now);
      const units = unitsToRedeem(fund, input.body, pos);
      const navDate = tehranDateOf(now);
      const today = await navOn(tx, fund.id, navDate);
      const priceNav = today ?? (await latestNav(tx, fund.id))?.nav ?? null;
      if (priceNav !== null) quoteAt(fund, pos.lots, units, priceNav, now);
      const olderWaiting = await hasOlderWaitingRedemption(tx, { userId: input.userId, fundId: fund.id });

      const id = randomUUID();
      const hold = await moveBetweenBuckets(tx, {
        userId: input.userId,
        from: 'available',
        to: 'held',
        currency: unitCurrency(fund.id),
        amount: units,
        refType: 'FundShareRedeem',
        refId: id,
        createdBy: input.userId,
      }).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'INSUFFICIENT_BALANCE') {
          throw new AppError('FUND_UNITS_INSUFFICIENT', 'More units than you hold');
        }
        throw err;
      });
      let row = await insertRedemption(tx, {
        id,
        userId: input.userId,
        fundId: fund.id,
        status: 'Waiting',
        currency: fund.currency,
        units,
        navDate,
        holdJournalId: hold.journalId,
        createdAt: now,
        updatedAt: now,
      });
      if (today !== null && !olderWaiting) row = await priceRedemption(tx, row, fund, today, lotRows, now);
      await writeAudit(tx, {
        action: 'fund.redemption.requested',
        actorUserId: input.userId,
        subjectType: 'fund_redemption',
        subjectId: id,
        ip: input.ip,
        data: { fundId: fund.id, units: formatUnits(units), freeOnly: input.body.freeOnly },
      });
      return toRedemptionView(row);
    }),
  );
  return response;
}

export async function getFundRedemption(db: Db, userId: string, redemptionId: string): Promise<FundRedemption> {
  const r = await findUserRedemption(db, userId, redemptionId);
  if (!r) throw new AppError('NOT_FOUND');
  return toRedemptionView(r);
}

export async function listMyFundRedemptions(db: Db, userId: string, q: { fundId?: string | undefined; page: number }) {
  const { rows, total } = await listRedemptions(
    db,
    { userId, fundId: q.fundId },
    FUND_ORDERS_PAGE_SIZE,
    (q.page - 1) * FUND_ORDERS_PAGE_SIZE,
  );
  return { items: rows.map(toRedemptionView), total, page: q.page, pageSize: FUND_ORDERS_PAGE_SIZE };
}

// ————— holdings —————

function holdingOf(
  fund: FundRow,
  lotRows: readonly LotRow[],
  balances: { available: bigint; held: bigint },
  latest: { navDate: string; nav: bigint } | null,
  now: Date,
): Holding {
  const money = (v: bigint) => fromMinor(v, fund.currency);
  const total = balances.available + balances.held;
  const value = latest ? valueOfUnits(total, latest.nav) : null;
  const costBasis = lotRows.reduce((s, l) => s + costOf(l.unitsRemaining, l.nav), 0n);
  const pos = positionOf(lotRows, balances, now);
  return {
    fundId: fund.id,
    currency: fund.currency,
    units: formatUnits(balances.available),
    heldUnits: formatUnits(balances.held),
    totalUnits: formatUnits(total),
    latestNav: latest ? { navDate: latest.navDate, nav: money(latest.nav) } : null,
    value: value === null ? null : money(value),
    costBasis: money(costBasis),
    profit: value === null ? null : money(value - costBasis),
    freeUnits: formatUnits(pos.free),
  };
}

/** My funds: every fund I hold units of (available or promised to a waiting redemption). */
export async function getMyFundHoldings(deps: FundOrdersDeps, userId: string): Promise<{ items: Holding[] }> {
  const now = clock(deps);
  const balances = await findUnitBalances(deps.db, userId);
  const held = [...balances].filter(([, b]) => b.available + b.held > 0n).map(([fundId]) => fundId);
  if (held.length === 0) return { items: [] };
  const [fundRows, navs, lots] = await Promise.all([
    findFunds(deps.db, held),
    latestNavs(deps.db, held),
    findAllLots(deps.db, userId),
  ]);
  const byId = new Map(fundRows.map((f) => [f.id, f]));
  const items = held.flatMap((fundId) => {
    const fund = byId.get(fundId);
    if (!fund) return [];
    return [
      holdingOf(
        fund,
        lots.filter((l) => l.fundId === fundId),
        balances.get(fundId)!,
        navs.get(fundId) ?? null,
        now,
      ),
    ];
  });
  items.sort(
    (a, b) => byId.get(a.fundId)!.sortOrder - byId.get(b.fundId)!.sortOrder || a.fundId.localeCompare(b.fundId),
  );
  return { items };
}

/** One fund's holding lot by lot (the redemption planner). */
export async function getFundHolding(deps: FundOrdersDeps, userId: string, fundId: string): Promise<FundHolding> {
  const now = clock(deps);
  const fund = await findFund(deps.db, fundId);
  if (!fund) throw new AppError('NOT_FOUND', 'No such fund');
  const [lotRows, balances, latest] = await Promise.all([
    findLots(deps.db, userId, fund.id),
    unitBuckets(deps.db, userId, fund.id),
    latestNav(deps.db, fund.id),
  ]);
  // An unlisted fund is found only by its holders.
  if (!fund.published && balances.available + balances.held === 0n) throw new AppError('NOT_FOUND', 'No such fund');
  const money = (v: bigint) => fromMinor(v, fund.currency);
  const lots: HoldingLot[] = lotRows.map((l) => {
    const bps = earlyExitBps(l.issuedAt, now);
    const value = latest ? valueOfUnits(l.unitsRemaining, latest.nav) : null;
    return {
      lotId: l.id,
      purchaseId: l.purchaseId,
      unitsIssued: formatUnits(l.unitsIssued),
      units: formatUnits(l.unitsRemaining),
      nav: money(l.nav),
      issuedAt: l.issuedAt.toISOString(),
      freeFrom: freeFrom(l.issuedAt).toISOString(),
      isFree: bps === 0n,
      earlyExitBpsToday: Number(bps),
      valueToday: value === null ? null : money(value),
      earlyExitFeeToday: value === null ? null : money(feeOf(value, bps)),
    };
  });
  return {
    ...holdingOf(fund, lotRows, balances, latest, now),
    lots,
    minRedeemUnits: formatUnits(fund.minRedeemUnits),
    redeemingPaused: fund.redeemingPaused,
    redeemFixedFee: money(fund.redeemFixedFee),
    performanceFeeBps: fund.performanceFeeBps,
  };
}
