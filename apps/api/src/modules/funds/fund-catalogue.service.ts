/*
 * The fund desk's catalogue: the funds as operators see them, creating one and editing it (not its terms).
 * The desk as a whole, and how each write runs: fund-desk.service.ts.
 */
import { fundRuleIssues, type AdminFund, type FundFieldIssue } from '@portal/contract/admin/funds';
import { AppError } from '@portal/contract/core/errors';
import { tehranDay } from '@portal/contract/wallet/offline-deposits';
import { writeAudit } from '../../lib/audit';
import { violatedUniqueConstraint } from '../../lib/db-errors';
import {
  findFund,
  findFundByCode,
  fundsWithOrders,
  fundUsage,
  hasPendingProposal,
  insertFund,
  listFundsWithStats,
  openConsultationCounts,
  updateFund as updateFundRow,
} from './funds.repository';
import { toAdminFund } from './funds.views';
import {
  type FundDeskDeps,
  type OperatorAct,
  nowOf,
  type FundInput,
  type FundEdit,
  refuse,
  inputOf,
  valuesOf,
  SCALAR_FIELDS,
  auditValue,
  changesOf,
  adminFundOf,
  stripUndefined,
} from './fund-desk.common';

export async function listAdminFunds(deps: FundDeskDeps): Promise<AdminFund[]> {
  const [rows, withOrders, open] = await Promise.all([
    listFundsWithStats(deps.db, { today: tehranDay(nowOf(deps)), publishedOnly: false }),
    fundsWithOrders(deps.db),
    openConsultationCounts(deps.db),
  ]);
  return rows.map((r) =>
    toAdminFund(r, {
      hasOrders: withOrders.has(r.fund.id),
      hasNavs: r.latestDate !== null,
      openConsultations: open.get(r.fund.id) ?? 0,
    }),
  );
}

export function getAdminFund(deps: FundDeskDeps, fundId: string): Promise<AdminFund> {
  return adminFundOf(deps.db, deps, fundId);
}

/** A unique-code violation (a race past the check) as the contract's code. */
function codeTaken(err: unknown): never {
  if (violatedUniqueConstraint(err) === 'funds_code_uq') {
    throw new AppError('FUND_CODE_TAKEN', 'Another fund has this code');
  }
  throw err;
}

export async function createFund(deps: FundDeskDeps, input: OperatorAct & { body: FundInput }): Promise<AdminFund> {
  const issues = fundRuleIssues(input.body);
  if (issues.length > 0) refuse(issues);
  const values = valuesOf(input.body);
  return deps.db
    .transaction(async (tx) => {
      const fund = await insertFund(tx, values);
      if (!fund) throw new AppError('FUND_CODE_TAKEN', 'Another fund has this code');
      await writeAudit(tx, {
        action: 'fund.created',
        actorUserId: input.operatorId,
        subjectType: 'fund',
        subjectId: fund.id,
        ip: input.ip,
        data: Object.fromEntries(SCALAR_FIELDS.map((k) => [k, auditValue(values[k])])),
      });
      return adminFundOf(tx, deps, fund.id);
    })
    .catch(codeTaken);
}

export async function updateFund(
  deps: FundDeskDeps,
  input: OperatorAct & { fundId: string; body: FundEdit },
): Promise<AdminFund> {
  const { body } = input;
  return deps.db
    .transaction(async (tx) => {
      const row = await findFund(tx, input.fundId, { lock: true });
      if (!row) throw new AppError('NOT_FOUND', 'No such fund');
      const before = inputOf(row);
      const merged: FundInput = { ...before, ...stripUndefined(body) };
      if (merged.currency === row.currency) {
        // Terms come with a change of currency only; otherwise they are proposed (decision 028).
        const terms = (['fees', 'limits'] as const).filter((k) => body[k] !== undefined);
        if (terms.length > 0) refuse(terms.map((k) => ({ path: [k], rule: 'termsByProposal' })));
      } else {
        const usage = await fundUsage(tx, row.id);
        if (usage.hasNavs || usage.hasOrders || (await hasPendingProposal(tx, row.id))) {
          throw new AppError(
            'FUND_CURRENCY_LOCKED',
            'The fund has NAVs, orders or pending proposals: its currency cannot change',
          );
        }
        const missing: FundFieldIssue['path'][] = [];
        if (!body.fees) missing.push(['fees']);
        if (!body.limits) missing.push(['limits']);
        if (missing.length > 0) refuse(missing.map((path) => ({ path, rule: 'required' })));
      }
      const issues = fundRuleIssues(merged);
      if (issues.length > 0) refuse(issues);
      if (merged.code !== row.code) {
        const other = await findFundByCode(tx, merged.code);
        if (other && other.id !== row.id) throw new AppError('FUND_CODE_TAKEN', 'Another fund has this code');
      }
      const after = valuesOf(merged);
      const { changed, changes } = changesOf(valuesOf(before), after);
      if (changed.length > 0) {
        await updateFundRow(tx, row.id, after);
        await writeAudit(tx, {
          action: 'fund.updated',
          actorUserId: input.operatorId,
          subjectType: 'fund',
          subjectId: row.id,
          ip: input.ip,
          data: { code: after.code, changed, changes },
        });
      }
      return adminFundOf(tx, deps, row.id);
    })
    .catch(codeTaken);
}
