/**
 * Dividends (issue 6, SPEC §3 `FundHolderDividendDistribution`; decision 022). An operator names a sum per
 * whole unit; every holder of the fund at that moment (units available or promised to a waiting
 * redemption) is paid ⌊units × per-unit ÷ 10⁴⌋, rounded down, from the fund's custody account to their
 * wallet: one journal per holder, all in one transaction with the dividend, its payments and the audit
 * entry. A holder whose share rounds down to zero is not paid. The operator's request is idempotent.
 */
import { AppError } from '@portal/contract/core/errors';
import { fromMinor, toMinor } from '@portal/contract/core/money';
import { FUND_ORDERS_ADMIN_PAGE_SIZE, type FundDividend } from '@portal/contract/admin/fund-orders';
import { unitCurrency } from '@portal/contract/funds/funds';
import { fundAmountIssue } from '@portal/contract/funds/orders';
import { valueOfUnits } from '@portal/contract/funds/pricing';
import type { Db } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { withIdempotency } from '../../lib/idempotency';
import { runMoneyTransaction } from '../../lib/money-tx';
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

export async function distributeDividend(
  db: Db,
  input: { operatorId: string; fundId: string; perUnit: string; idempotencyKey: string; ip: string; now: Date },
): Promise<FundDividend> {
  const checked = await findFund(db, input.fundId);
  if (!checked) throw new AppError('NOT_FOUND', 'No such fund');
  const issue = fundAmountIssue(input.perUnit, checked.currency);
  if (issue) throw invalid('body.perUnit', issue.rule, issue.params);
  const perUnit = toMinor(input.perUnit, checked.currency);
  const { response } = await runMoneyTransaction(db, (tx) =>
    withIdempotency(
      tx,
      {
        userId: input.operatorId,
        key: input.idempotencyKey,
        operation: 'distributeFundDividend',
        request: { fundId: input.fundId, perUnit: fromMinor(perUnit, checked.currency) },
      },
      async () => {
        const fund = (await findFund(tx, input.fundId))!;
        const holders = await findHolders(tx, unitCurrency(fund.id));
        const shares = holders
          .map((h) => ({ ...h, amount: valueOfUnits(h.units, perUnit) }))
          .filter((h) => h.amount > 0n);
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
          },
        });
        return toDividendView(done, fund);
      },
    ),
  );
  return response;
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
