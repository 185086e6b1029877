/**
 * Pricing fund orders at a published NAV (issue 6, decision 022). A purchase or a redemption is priced at
 * the NAV of the Tehran date it was placed (paid, for a card purchase): at once when that NAV is out, else
 * by `priceWaitingOrders` when it is published (the catalogue's NAV publication calls it), or by the
 * catch-up job (`runFundOrderJobs`) for any waiting order whose NAV exists.
 *
 * purchase:   one FundSharePurchase journal — the user's held cash −amount; fees +fixed fee; fund_custody
 *             +cost; the user's available cash +remainder; fund_units −units; the user's available units
 *             +units — and a lot. An amount that buys no unit at that NAV fails, the hold returned.
 * redemption: the holder's lots taken first in, first out (rows locked in one order), one FundShareRedeem
 *             journal — the user's held units → fund_units; fund_custody −value; the user's available
 *             cash +proceeds; fees +every fee. Proceeds that would not be positive cancel it, the units
 *             returned. Redemptions of one holder and fund are priced in the order they were placed.
 *
 * Each order is priced in its own money transaction, its row claimed FOR UPDATE SKIP LOCKED: any number of
 * instances may run this at once and each order is priced once.
 */
import { quotePurchase, quoteRedemption, type Lot } from '@portal/contract/funds/pricing';
import { unitCurrency } from '@portal/contract/funds/funds';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { runMoneyTransaction } from '../../lib/money-tx';
import { systemAccountId } from '../ledger/ledger.repository';
import { moveBetweenBuckets, postJournal, userAccountId, type PostingInput } from '../ledger/ledger.service';
import {
  claimWaitingPurchase,
  claimWaitingRedemption,
  findLots,
  findPricedWaitingDates,
  hasOlderWaitingRedemption,
  insertLot,
  lockInvestor,
  navOn,
  takeFromLot,
  updatePurchase,
  updateRedemption,
  type FundRow,
  type LotRow,
  type PurchaseRow,
  type RedemptionRow,
} from './fund-orders.repository';
import { findFund } from '../funds/funds.repository';
import { storedTake } from './views';

/** Postings of zero (no fee, no remainder) are left out: a journal never moves zero. */
const nonZero = (p: PostingInput) => p.amount !== 0n;

/**
 * Prices a waiting purchase (its row locked by the caller) at `nav`: units issued, a lot, the purchase
 * Successful; or, when the amount buys no unit at that NAV, the hold returned and the purchase Failed.
 */
export async function pricePurchase(
  tx: DbOrTx,
  p: PurchaseRow,
  fund: FundRow,
  nav: bigint,
  now: Date,
): Promise<PurchaseRow> {
  if (p.status !== 'Waiting') throw new Error(`purchase ${p.id} is ${p.status}, not Waiting`);
  const q = quotePurchase(p.amount, nav, p.fixedFee);
  if (!q) {
    await moveBetweenBuckets(tx, {
      userId: p.userId,
      from: 'held',
      to: 'available',
      currency: p.currency,
      amount: p.amount,
      refType: 'FundSharePurchase',
      refId: p.id,
      memo: 'the amount buys no unit at the NAV: returned',
    });
    await writeAudit(tx, {
      action: 'fund.purchase.failed',
      subjectType: 'fund_purchase',
      subjectId: p.id,
      data: { userId: p.userId, fundId: p.fundId, reason: 'too_small_at_nav', nav: nav.toString() },
    });
    return updatePurchase(tx, p.id, { status: 'Failed', failReason: 'too_small_at_nav', nav, updatedAt: now });
  }
  const units = unitCurrency(p.fundId);
  const postings: PostingInput[] = [
    { accountId: await userAccountId(tx, p.userId, p.currency, 'held'), currency: p.currency, amount: -p.amount },
    { accountId: await systemAccountId(tx, 'fees', p.currency), currency: p.currency, amount: q.fixedFee },
    { accountId: await systemAccountId(tx, 'fund_custody', p.currency), currency: p.currency, amount: q.cost },
    {
      accountId: await userAccountId(tx, p.userId, p.currency, 'available'),
      currency: p.currency,
      amount: q.remainder,
    },
    { accountId: await systemAccountId(tx, 'fund_units', units), currency: units, amount: -q.units },
    { accountId: await userAccountId(tx, p.userId, units, 'available'), currency: units, amount: q.units },
  ].filter(nonZero);
  const journal = await postJournal(tx, {
    refType: 'FundSharePurchase',
    refId: p.id,
    memo: `units issued at NAV ${nav} of ${p.navDate}`,
    createdBy: null,
    postings,
  });
  await insertLot(tx, {
    userId: p.userId,
    fundId: p.fundId,
    purchaseId: p.id,
    unitsIssued: q.units,
    unitsRemaining: q.units,
    nav,
    issuedAt: now,
  });
  const row = await updatePurchase(tx, p.id, {
    status: 'Successful',
    nav,
    units: q.units,
    cost: q.cost,
    journalId: journal.journalId,
    pricedAt: now,
    updatedAt: now,
  });
  await writeAudit(tx, {
    action: 'fund.purchase.priced',
    subjectType: 'fund_purchase',
    subjectId: p.id,
    data: {
      userId: p.userId,
      fundId: fund.id,
      nav: nav.toString(),
      units: q.units.toString(),
      cost: q.cost.toString(),
      fee: q.fixedFee.toString(),
    },
  });
  return row;
}

/** The holder's lots as the pricing rules see them. */
export const asLots = (rows: readonly LotRow[]): Lot[] =>
  rows.map((l) => ({ id: l.id, units: l.unitsRemaining, nav: l.nav, issuedAt: l.issuedAt }));

/**
 * Prices a waiting redemption (its row locked by the caller) at `nav`. The caller has locked the holder's
 * lots of the fund (`findLots(…, true)`), oldest first, and passes them. The early-exit fee is by each
 * lot's age when the redemption was placed (what its quote showed).
 */
export async function priceRedemption(
  tx: DbOrTx,
  r: RedemptionRow,
  fund: FundRow,
  nav: bigint,
  lots: readonly LotRow[],
  now: Date,
): Promise<RedemptionRow> {
  if (r.status !== 'Waiting') throw new Error(`redemption ${r.id} is ${r.status}, not Waiting`);
  const units = unitCurrency(r.fundId);
  const q = quoteRedemption(asLots(lots), r.units, {
    nav,
    at: r.createdAt,
    fixedFee: fund.redeemFixedFee,
    performanceFeeBps: BigInt(fund.performanceFeeBps),
  });
  if (q.proceeds <= 0n) {
    await moveBetweenBuckets(tx, {
      userId: r.userId,
      from: 'held',
      to: 'available',
      currency: units,
      amount: r.units,
      refType: 'FundShareRedeem',
      refId: r.id,
      memo: 'proceeds not positive at the NAV: units returned',
    });
    await writeAudit(tx, {
      action: 'fund.redemption.canceled',
      subjectType: 'fund_redemption',
      subjectId: r.id,
      data: { userId: r.userId, fundId: r.fundId, reason: 'proceeds_not_positive', nav: nav.toString() },
    });
    return updateRedemption(tx, r.id, { status: 'Canceled', nav, updatedAt: now });
  }
  const fees = q.fixedFee + q.earlyExitFee + q.performanceFee;
  const postings: PostingInput[] = [
    { accountId: await userAccountId(tx, r.userId, units, 'held'), currency: units, amount: -r.units },
    { accountId: await systemAccountId(tx, 'fund_units', units), currency: units, amount: r.units },
    { accountId: await systemAccountId(tx, 'fund_custody', r.currency), currency: r.currency, amount: -q.value },
    { accountId: await userAccountId(tx, r.userId, r.currency, 'available'), currency: r.currency, amount: q.proceeds },
    { accountId: await systemAccountId(tx, 'fees', r.currency), currency: r.currency, amount: fees },
  ].filter(nonZero);
  const journal = await postJournal(tx, {
    refType: 'FundShareRedeem',
    refId: r.id,
    memo: `units redeemed at NAV ${nav} of ${r.navDate}`,
    createdBy: null,
    postings,
  });
  for (const take of q.takes) await takeFromLot(tx, take.lotId, take.units);
  const row = await updateRedemption(tx, r.id, {
    status: 'Successful',
    nav,
    value: q.value,
    fixedFee: q.fixedFee,
    earlyExitFee: q.earlyExitFee,
    performanceFee: q.performanceFee,
    proceeds: q.proceeds,
    takes: q.takes.map(storedTake),
    journalId: journal.journalId,
    pricedAt: now,
    updatedAt: now,
  });
  await writeAudit(tx, {
    action: 'fund.redemption.priced',
    subjectType: 'fund_redemption',
    subjectId: r.id,
    data: {
      userId: r.userId,
      fundId: fund.id,
      nav: nav.toString(),
      units: r.units.toString(),
      proceeds: q.proceeds.toString(),
      fees: fees.toString(),
    },
  });
  return row;
}

export interface PricedCounts {
  /** Purchases priced (Successful) or failed (the amount bought no unit). */
  purchases: number;
  /** Redemptions priced (Successful) or cancelled (proceeds not positive). */
  redemptions: number;
}

/**
 * Prices every waiting purchase and redemption of a fund for a Tehran date whose NAV is published, each in
 * its own money transaction (claimed FOR UPDATE SKIP LOCKED: safe on several instances at once). A
 * redemption that waits behind an older waiting redemption of the same holder and fund is left for a later
 * run. Answers how many orders this call ended.
 */
export async function priceWaitingOrders(
  db: Db,
  o: { fundId: string; navDate: string; now?: Date },
): Promise<PricedCounts> {
  const now = o.now ?? new Date();
  const counts: PricedCounts = { purchases: 0, redemptions: 0 };

  let cursor: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const step: { cursor: { createdAt: Date; id: string } | null; priced: boolean } = await runMoneyTransaction(
      db,
      async (tx) => {
        const p = await claimWaitingPurchase(tx, o.fundId, o.navDate, cursor);
        if (!p) return { cursor: null, priced: false };
        const next = { createdAt: p.createdAt, id: p.id };
        await lockInvestor(tx, p.userId);
        const [fund, nav] = [await findFund(tx, p.fundId), await navOn(tx, p.fundId, p.navDate)];
        if (!fund || nav === null) return { cursor: null, priced: false };
        await pricePurchase(tx, p, fund, nav, now);
        return { cursor: next, priced: true };
      },
    );
    if (!step.cursor) break;
    cursor = step.cursor;
    if (step.priced) counts.purchases += 1;
  }

  cursor = null;
  for (;;) {
    const step: { cursor: { createdAt: Date; id: string } | null; priced: boolean } = await runMoneyTransaction(
      db,
      async (tx) => {
        const r = await claimWaitingRedemption(tx, o.fundId, o.navDate, cursor);
        if (!r) return { cursor: null, priced: false };
        const next = { createdAt: r.createdAt, id: r.id };
        await lockInvestor(tx, r.userId);
        const fund = await findFund(tx, r.fundId);
        const nav = await navOn(tx, r.fundId, r.navDate);
        if (!fund || nav === null) return { cursor: null, priced: false };
        // The holder's lots first (their rows serialise this holder's redemptions of the fund), then the order check.
        const lots = await findLots(tx, r.userId, r.fundId, true);
        if (await hasOlderWaitingRedemption(tx, r)) return { cursor: next, priced: false };
        await priceRedemption(tx, r, fund, nav, lots, now);
        return { cursor: next, priced: true };
      },
    );
    if (!step.cursor) break;
    cursor = step.cursor;
    if (step.priced) counts.redemptions += 1;
  }
  return counts;
}

/**
 * The catch-up job (every instance, every minute, and at start): prices the waiting orders of every fund
 * and date whose NAV is published — orders the publication's own run missed (a crash, a redemption that
 * waited behind an older one). Answers how many orders it ended.
 */
export async function runFundOrderJobs(db: Db, now: Date = new Date()): Promise<PricedCounts> {
  const total: PricedCounts = { purchases: 0, redemptions: 0 };
  // Twice at most: a redemption left behind an older one of the same holder is priced on the second pass.
  for (let pass = 0; pass < 2; pass++) {
    let ended = 0;
    for (const d of await findPricedWaitingDates(db)) {
      const c = await priceWaitingOrders(db, { ...d, now });
      total.purchases += c.purchases;
      total.redemptions += c.redemptions;
      ended += c.purchases + c.redemptions;
    }
    if (ended === 0) break;
  }
  return total;
}
