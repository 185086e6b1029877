/*
 * The fund desk's terms (fees, limits, pauses): the change a proposal shows, checked again and made on approval.
 * The desk as a whole, and how each write runs: fund-desk.service.ts.
 */
import type { z } from 'zod';
import type { fundTermsBody, ProposalPayload } from '@portal/contract/admin/proposals';
import { fundRuleIssues, type FundFieldIssue } from '@portal/contract/admin/funds';
import { AppError } from '@portal/contract/core/errors';
import { fromMinor } from '@portal/contract/core/money';
import type { FundCurrency } from '@portal/contract/funds/funds';
import { formatUnits } from '@portal/contract/funds/pricing';
import type { DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { findFund, updateFund as updateFundRow, type FundRow } from './funds.repository';
import {
  type OperatorAct,
  type FundInput,
  refuse,
  inputOf,
  valuesOf,
  type FundValues,
  type Changes,
  changesOf,
  stripUndefined,
  type ProposalRecord,
} from './fund-desk.common';

export type FundTerms = z.output<typeof fundTermsBody>;
/** Terms as a proposal records them: the proposed sections only, money canonical in the fund's currency. */
export type FundTermsView = Omit<Extract<ProposalPayload, { kind: 'fund_terms' }>, 'kind'>;

/** The sections of `terms` in `values`, as the proposal and its effect show them. */
function termsViewOf(values: FundValues, currency: FundCurrency, terms: FundTerms): FundTermsView {
  const money = (v: bigint) => fromMinor(v, currency);
  return {
    ...(terms.fees
      ? {
          fees: {
            purchaseFixedFee: money(values.purchaseFixedFee),
            managementFeeBps: values.managementFeeBps,
            redeemFixedFee: money(values.redeemFixedFee),
            performanceFeeBps: values.performanceFeeBps,
          },
        }
      : {}),
    ...(terms.limits
      ? {
          limits: {
            minPurchase: money(values.minPurchase),
            maxPurchase: values.maxPurchase === null ? null : money(values.maxPurchase),
            minRedeemUnits: formatUnits(values.minRedeemUnits),
          },
        }
      : {}),
    ...(terms.buyingPaused !== undefined ? { buyingPaused: values.buyingPaused } : {}),
    ...(terms.redeemingPaused !== undefined ? { redeemingPaused: values.redeemingPaused } : {}),
  };
}

export interface TermsChange {
  /** The proposed sections as they are now and as they would be. */
  before: FundTermsView;
  after: FundTermsView;
  /** The fund's columns with the new terms. */
  values: FundValues;
  changed: string[];
  changes: Changes;
}

/**
 * What new terms would make of a fund (`fundRuleIssues` of the fund as a whole with them; a proposal's
 * effect shows it even when the fund has moved on and they no longer fit: approving is then refused).
 */
export function fundTermsChange(fund: FundRow, terms: FundTerms): TermsChange & { issues: FundFieldIssue[] } {
  const current = inputOf(fund);
  const merged: FundInput = { ...current, ...stripUndefined(terms) };
  const issues = fundRuleIssues(merged);
  const was = valuesOf(current);
  // Figures that break the rules have no canonical form yet: shown as they stand until refused.
  const values = issues.length > 0 ? was : valuesOf(merged);
  return {
    issues,
    before: termsViewOf(was, fund.currency, terms),
    after: issues.length > 0 ? stripUndefined(terms) : termsViewOf(values, fund.currency, terms),
    values,
    ...changesOf(was, values),
  };
}

/**
 * New terms of a fund checked against its rules as a whole, as proposed and again as approved: refused
 * with the issues under the body (`VALIDATION_FAILED`).
 */
export function checkFundTerms(fund: FundRow, terms: FundTerms): TermsChange {
  const { issues, ...change } = fundTermsChange(fund, terms);
  if (issues.length > 0) refuse(issues);
  return change;
}

/**
 * Applies approved terms under the fund's row lock, checked again against the fund as it is now; audited
 * as an edit (`fund.updated`, old and new values) with the approver as actor and the proposer on record.
 */
export async function applyFundTerms(
  tx: DbOrTx,
  input: OperatorAct & { fundId: string; terms: FundTerms; proposal: ProposalRecord },
): Promise<FundRow> {
  const row = await findFund(tx, input.fundId, { lock: true });
  if (!row) throw new AppError('NOT_FOUND', 'No such fund');
  const { values, changed, changes } = checkFundTerms(row, input.terms);
  if (changed.length === 0) return row;
  const updated = await updateFundRow(tx, row.id, values);
  await writeAudit(tx, {
    action: 'fund.updated',
    actorUserId: input.operatorId,
    subjectType: 'fund',
    subjectId: row.id,
    ip: input.ip,
    data: { code: row.code, changed, changes, ...input.proposal },
  });
  return updated;
}
