/*
 * What every operation of the fund desk shares: its dependencies, a fund as a body and its values, the refusal.
 * The desk as a whole, and how each write runs: fund-desk.service.ts.
 */
import type { z } from 'zod';
import { type AdminFund, type createFundBody, type updateFundBody } from '@portal/contract/admin/funds';
import { AppError, type FieldIssue } from '@portal/contract/core/errors';
import { fromMinor, toMinor } from '@portal/contract/core/money';
import type { FundCurrency } from '@portal/contract/funds/funds';
import { formatUnits, parseUnits } from '@portal/contract/funds/pricing';
import { tehranDay } from '@portal/contract/wallet/offline-deposits';
import type { Db, DbOrTx } from '../../db/client';
import type { funds } from '../../db/schema';
import { findFundWithStats, fundUsage, openConsultationCounts, type FundRow } from './funds.repository';
import { toAdminFund } from './funds.views';

export interface FundDeskDeps {
  db: Db;
  now?: () => Date;
  /**
   * Called after a NAV is published and committed, so the orders waiting for that fund and Tehran date
   * are priced (decision 022). Not called after a correction.
   */
  onNavPublished?: (fundId: string, navDate: string) => Promise<void>;
}

export interface OperatorAct {
  operatorId: string;
  ip: string;
}

export const nowOf = (deps: FundDeskDeps) => deps.now?.() ?? new Date();

export type FundInput = z.output<typeof createFundBody>;
export type FundEdit = z.output<typeof updateFundBody>;

/** Refuses with `VALIDATION_FAILED`, the issues named by their path under the body (as the schemas do). */
export function refuse(issues: { path: string[]; rule: string; params?: Record<string, string> }[]): never {
  const details: FieldIssue[] = issues.map((i) => ({
    path: ['body', ...i.path].join('.'),
    rule: i.rule,
    ...(i.params ? { params: i.params } : {}),
  }));
  throw new AppError('VALIDATION_FAILED', undefined, { issues: details });
}

/** A fund row as the body that would create it (money as decimal strings of its currency). */
export function inputOf(f: FundRow): FundInput {
  return {
    code: f.code,
    kind: f.kind,
    preset: f.preset,
    fundType: f.fundType as FundInput['fundType'],
    category: f.category,
    risk: f.risk as FundInput['risk'],
    currency: f.currency,
    name: f.name,
    summary: f.summary,
    about: f.about,
    fees: {
      purchaseFixedFee: fromMinor(f.purchaseFixedFee, f.currency),
      managementFeeBps: f.managementFeeBps,
      redeemFixedFee: fromMinor(f.redeemFixedFee, f.currency),
      performanceFeeBps: f.performanceFeeBps,
    },
    limits: {
      minPurchase: fromMinor(f.minPurchase, f.currency),
      maxPurchase: f.maxPurchase === null ? null : fromMinor(f.maxPurchase, f.currency),
      minRedeemUnits: formatUnits(f.minRedeemUnits),
    },
    buyingPaused: f.buyingPaused,
    redeemingPaused: f.redeemingPaused,
    published: f.published,
    sortOrder: f.sortOrder,
    assetAllocation: f.assetAllocation,
    licences: f.licences,
    documents: f.documents,
  };
}

/** The columns of a fund checked by `fundRuleIssues` (so every amount fits its currency). */
export function valuesOf(b: FundInput) {
  const c: FundCurrency = b.currency;
  return {
    code: b.code,
    kind: b.kind,
    preset: b.preset,
    fundType: b.fundType,
    category: b.category,
    risk: b.risk,
    currency: c,
    name: b.name,
    summary: b.summary,
    about: b.about,
    purchaseFixedFee: toMinor(b.fees.purchaseFixedFee, c),
    managementFeeBps: b.fees.managementFeeBps,
    redeemFixedFee: toMinor(b.fees.redeemFixedFee, c),
    performanceFeeBps: b.fees.performanceFeeBps,
    minPurchase: toMinor(b.limits.minPurchase, c),
    maxPurchase: b.limits.maxPurchase === null ? null : toMinor(b.limits.maxPurchase, c),
    minRedeemUnits: parseUnits(b.limits.minRedeemUnits),
    buyingPaused: b.buyingPaused,
    redeemingPaused: b.redeemingPaused,
    published: b.published,
    sortOrder: b.sortOrder,
    assetAllocation: b.assetAllocation,
    licences: b.licences,
    documents: b.documents,
  } satisfies Partial<typeof funds.$inferInsert>;
}
export type FundValues = ReturnType<typeof valuesOf>;

/** The fields whose old and new values the audit log keeps (the texts and lists are named only). */
export const SCALAR_FIELDS = [
  'code',
  'kind',
  'preset',
  'fundType',
  'category',
  'risk',
  'currency',
  'purchaseFixedFee',
  'managementFeeBps',
  'redeemFixedFee',
  'performanceFeeBps',
  'minPurchase',
  'maxPurchase',
  'minRedeemUnits',
  'buyingPaused',
  'redeemingPaused',
  'published',
  'sortOrder',
] as const satisfies readonly (keyof FundValues)[];

export const auditValue = (v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

export type Changes = Record<string, { from: unknown; to: unknown }>;

/** What an edit changes: `{ field: { from, to } }` for scalars, the names of the texts and lists. */
export function changesOf(before: FundValues, after: FundValues): { changed: string[]; changes: Changes } {
  const changes: Changes = {};
  const changed: string[] = [];
  for (const key of Object.keys(after) as (keyof FundValues)[]) {
    const a = JSON.stringify(before[key], (_k, v: unknown) => auditValue(v));
    const b = JSON.stringify(after[key], (_k, v: unknown) => auditValue(v));
    if (a === b) continue;
    changed.push(key);
    if ((SCALAR_FIELDS as readonly string[]).includes(key)) {
      changes[key] = { from: auditValue(before[key]), to: auditValue(after[key]) };
    }
  }
  return { changed, changes };
}

export async function adminFundOf(tx: DbOrTx, deps: FundDeskDeps, fundId: string): Promise<AdminFund> {
  const row = await findFundWithStats(tx, fundId, tehranDay(nowOf(deps)));
  if (!row) throw new AppError('NOT_FOUND', 'No such fund');
  const [usage, open] = await Promise.all([fundUsage(tx, fundId), openConsultationCounts(tx)]);
  return toAdminFund(row, { ...usage, openConsultations: open.get(fundId) ?? 0 });
}

export function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The proposal that carried a change: the approver acts (actor, author), the proposer is on record. */
export interface ProposalRecord {
  proposalId: string;
  proposedBy: string;
}
