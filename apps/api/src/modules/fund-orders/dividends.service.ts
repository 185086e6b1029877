/**
 * Dividends (issue 6, SPEC §3 `FundHolderDividendDistribution`; decision 022). An operator proposes a sum
 * per whole unit and a second one approves it (issue 15, decision 028: the proposals module; the proposal
 * is idempotent); at approval every holder of the fund at that moment (units available or promised to a
 * waiting redemption) is paid ⌊units × per-unit ÷ 10⁴⌋, rounded down, from the fund's custody account to
 * their wallet: one journal per holder, all in the approval's transaction with the dividend, its payments
 * and the audit entry. A holder whose share rounds down to zero is not paid.
 */
import { AppError } from '@portal/contract/core/errors';
import { fromMinor, toMinor } from '@portal/contract/core/money';
import { FUND_ORDERS_ADMIN_PAGE_SIZE, type FundDividend } from '@portal/contract/admin/fund-orders';
import { unitCurrency } from '@portal/contract/funds/funds';
import { fundAmountIssue } from '@portal/contract/funds/orders';
import { valueOfUnits } from '@portal/contract/funds/pricing';
import type { Db, Tx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { creditUser } from '../ledger/ledger.service';
import {
  findHolders,
  insertDividend,
  insertDividendPayment,
  listDividends,
  updateDividend,
  type DividendRow,
  type FundRow,
} from './fund-orders.repository';
import { findFund } from '../funds/funds.repository';
import { invalid } from './purchases.service';

function toDividendView(d: DividendRow, fund: Pick<FundRow, 'currency'>): FundDividend {
  return {
    id: d.id,
    fundId: d.fundId,
    currency: fund.currency,
    perUnit: fromMinor(d.perUnit, fund.currency),
    total: fromMinor(d.total, fund.currency),
    holders: d.holders,
    createdBy: d.createdBy,
    createdAt: d.createdAt.toISOString(),
  };
}

/**
 * Each holder's share of a dividend of `perUnit` (minor units per whole unit): ⌊units × per-unit ÷ 10⁴⌋,
 * rounded down (the fund never pays a fraction it does not hold); a holder whose share rounds down to
 * zero is left out. What a dividend pays and what its proposal shows (decision 028) are this one sum.
 */
export function dividendShares<H extends { units: bigint }>(holders: readonly H[], perUnit: bigint) {
  return holders.map((h) => ({ ...h, amount: valueOfUnits(h.units, perUnit) })).filter((h) => h.amount > 0n);
}

/** A dividend per unit as typed, checked against the fund's currency (`body.perUnit`); in minor units. */
export function dividendPerUnit(fund: Pick<FundRow, 'currency'>, perUnit: string): bigint {
  const issue = fundAmountIssue(perUnit, fund.currency);
  if (issue) throw invalid('body.perUnit', issue.rule, issue.params);
  return toMinor(perUnit, fund.currency);
}

/**
 * Pays an approved dividend in the caller's transaction to every holder of the fund at this moment, one
 * journal each (fund custody → wallet), the approver as author and the proposer on record; `CONFLICT`
 * when no holder would receive anything.
 */
export async function payDividend(
  tx: Tx,
  input: {
    operatorId: string;
    fund: FundRow;
    perUnit: bigint;
    ip: string;
    now: Date;
    proposal: { proposalId: string; proposedBy: string };
  },
): Promise<FundDividend> {
  const { fund, perUnit } = input;
  const shares = dividendShares(await findHolders(tx, unitCurrency(fund.id)), perUnit);
  if (shares.length === 0) throw new AppError('CONFLICT', 'No holder would receive anything');
  const dividend = await insertDividend(tx, {
    fundId: fund.id,
    perUnit,
    total: 0n,
    holders: 0,
    createdBy: input.operatorId,
    createdAt: input.now,
  });
  let total = 0n;
  for (const h of shares) {
    const journal = await creditUser(tx, {
      userId: h.userId,
      from: 'fund_custody',
      currency: fund.currency,
      amount: h.amount,
      refType: 'FundHolderDividendDistribution',
      refId: dividend.id,
      memo: `dividend of ${fromMinor(perUnit, fund.currency)} per unit`,
      createdBy: input.operatorId,
    });
    await insertDividendPayment(tx, {
      dividendId: dividend.id,
      userId: h.userId,
      units: h.units,
      amount: h.amount,
      journalId: journal.journalId,
    });
    total += h.amount;
  }
  const done = await updateDividend(tx, dividend.id, { total, holders: shares.length });
  await writeAudit(tx, {
    action: 'fund.dividend.distributed',
    actorUserId: input.operatorId,
    subjectType: 'fund',
    subjectId: fund.id,
    ip: input.ip,
    data: {
      dividendId: dividend.id,
      perUnit: fromMinor(perUnit, fund.currency),
      total: fromMinor(total, fund.currency),
      holders: shares.length,
      ...input.proposal,
    },
  });
  return toDividendView(done, fund);
}

export async function listFundDividends(db: Db, fundId: string, page: number) {
  const fund = await findFund(db, fundId);
  if (!fund) throw new AppError('NOT_FOUND', 'No such fund');
  const { rows, total } = await listDividends(
    db,
    fundId,
    FUND_ORDERS_ADMIN_PAGE_SIZE,
    (page - 1) * FUND_ORDERS_ADMIN_PAGE_SIZE,
  );
  return {
    items: rows.map((d) => toDividendView(d, fund)),
    total,
    page,
    pageSize: FUND_ORDERS_ADMIN_PAGE_SIZE,
  };
}
