/**
 * The operators' fund desk (issue 6; decisions 021, 022). Every write and its audit record (operator as
 * actor, the fund as subject) are one transaction; a refused request writes nothing.
 *
 * create: [rules of the whole fund (contract `fundRuleIssues`) → tx: insert (the code unique) → audit]
 * update: [tx: fund row lock → the fund as it would be (kept fields + the edit) → currency change only
 *         without NAVs and orders, with fees and limits in the new currency → rules → code unique →
 *         update → audit of what changed (old and new values)]
 * NAV, terms: proposed by one operator, made when a second approves (issue 15, decision 028; the
 *              proposals module runs these in its approval's transaction):
 * publish NAV: [date not after today (Tehran) → amount in the currency's scale → insert (one per fund and
 *              date: `FUND_NAV_EXISTS`) → audit] → after the commit, `onNavPublished` prices the orders
 *              waiting for that date
 * correct NAV: [NAV row lock → a different value → update, correctedAt → audit (old, new, reason)];
 *              orders priced before keep their price (decision 022), so no hook
 * terms:       [fund row lock → the fund with the new fees, limits or pauses → rules → update → audit]
 *
 * An edit (update) changes no terms: fees, limits and pauses are refused (`termsByProposal`), except fees
 * and limits brought with a change of currency, which a fund without NAVs, orders or pending proposals
 * may make.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { fundTermsBody, ProposalPayload } from '@portal/contract/admin/proposals';
import {
  FUND_ADMIN_ANNOUNCEMENT_PAGE_SIZE,
  FUND_CONSULTATION_PAGE_SIZE,
  FUND_MONEY_MAX_MINOR,
  FUND_NAV_PAGE_SIZE,
  fundRuleIssues,
  type AdminConsultation,
  type AdminFund,
  type AdminFundAnnouncement,
  type AdminFundNav,
  type ConsultationStatus,
  type createFundBody,
  type FundFieldIssue,
  type publishFundAnnouncementBody,
  type resolveConsultationBody,
  type updateFundBody,
} from '@portal/contract/admin/funds';
import { AppError, type FieldIssue } from '@portal/contract/core/errors';
import { CURRENCY_SCALE, fromMinor, toMinor } from '@portal/contract/core/money';
import type { FundAnnouncementKind } from '@portal/contract/funds/catalogue';
import type { FundCurrency } from '@portal/contract/funds/funds';
import { formatUnits, parseUnits } from '@portal/contract/funds/pricing';
import { tehranDay } from '@portal/contract/wallet/offline-deposits';
import type { Db, DbOrTx } from '../../db/client';
import type { funds } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { violatedUniqueConstraint } from '../../lib/db-errors';
import {
  deleteAnnouncement,
  findConsultation,
  findConsultationWithJoins,
  findFund,
  findFundByCode,
  findFundWithStats,
  findNav,
  hasPendingProposal,
  fundsWithOrders,
  fundUsage,
  insertAnnouncement,
  insertFund,
  insertNav,
  listAnnouncementsWithCounts,
  listConsultations,
  listFundsWithStats,
  listNavs,
  openConsultationCounts,
  updateConsultation,
  updateFund as updateFundRow,
  updateNav,
  type FundNavRow,
  type FundRow,
} from './funds.repository';
import { toAdminAnnouncement, toAdminConsultation, toAdminFund, toAdminNav } from './funds.views';

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

const nowOf = (deps: FundDeskDeps) => deps.now?.() ?? new Date();

type FundInput = z.output<typeof createFundBody>;
type FundEdit = z.output<typeof updateFundBody>;

/** Refuses with `VALIDATION_FAILED`, the issues named by their path under the body (as the schemas do). */
function refuse(issues: { path: string[]; rule: string; params?: Record<string, string> }[]): never {
  const details: FieldIssue[] = issues.map((i) => ({
    path: ['body', ...i.path].join('.'),
    rule: i.rule,
    ...(i.params ? { params: i.params } : {}),
  }));
  throw new AppError('VALIDATION_FAILED', undefined, { issues: details });
}

/** A fund row as the body that would create it (money as decimal strings of its currency). */
function inputOf(f: FundRow): FundInput {
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
function valuesOf(b: FundInput) {
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
type FundValues = ReturnType<typeof valuesOf>;

/** The fields whose old and new values the audit log keeps (the texts and lists are named only). */
const SCALAR_FIELDS = [
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

const auditValue = (v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

type Changes = Record<string, { from: unknown; to: unknown }>;

/** What an edit changes: `{ field: { from, to } }` for scalars, the names of the texts and lists. */
function changesOf(before: FundValues, after: FundValues): { changed: string[]; changes: Changes } {
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

async function adminFundOf(tx: DbOrTx, deps: FundDeskDeps, fundId: string): Promise<AdminFund> {
  const row = await findFundWithStats(tx, fundId, tehranDay(nowOf(deps)));
  if (!row) throw new AppError('NOT_FOUND', 'No such fund');
  const [usage, open] = await Promise.all([fundUsage(tx, fundId), openConsultationCounts(tx)]);
  return toAdminFund(row, { ...usage, openConsultations: open.get(fundId) ?? 0 });
}

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

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

// ---- NAV ----------------------------------------------------------------------------------------

/** A NAV as typed, in minor units of the fund's currency; refused (rule under `body.nav`) otherwise. */
function navMinorOf(nav: string, currency: FundCurrency): bigint {
  const [, frac = ''] = nav.split('.');
  const scale = CURRENCY_SCALE[currency];
  if (frac.replace(/0+$/, '').length > scale) {
    refuse([{ path: ['nav'], rule: 'amountDecimals', params: { scale: String(scale) } }]);
  }
  const minor = toMinor(nav, currency, 'down');
  if (minor <= 0n) refuse([{ path: ['nav'], rule: 'amountPositive' }]);
  if (minor > FUND_MONEY_MAX_MINOR) {
    refuse([{ path: ['nav'], rule: 'amountTooLarge', params: { max: fromMinor(FUND_MONEY_MAX_MINOR, currency) } }]);
  }
  return minor;
}

export async function listFundNavs(
  deps: FundDeskDeps,
  input: { fundId: string; page: number },
): Promise<{ items: AdminFundNav[]; total: number; page: number; pageSize: number }> {
  const fund = await findFund(deps.db, input.fundId);
  if (!fund) throw new AppError('NOT_FOUND', 'No such fund');
  const { rows, total } = await listNavs(deps.db, fund.id, FUND_NAV_PAGE_SIZE, (input.page - 1) * FUND_NAV_PAGE_SIZE);
  return {
    items: rows.map((n) => toAdminNav(n, fund.currency)),
    total,
    page: input.page,
    pageSize: FUND_NAV_PAGE_SIZE,
  };
}

/**
 * Runs the `onNavPublished` hook after a NAV's transaction committed. The NAV stands whatever the hook
 * does: a failure is logged (the orders stay waiting, and the orders' own job retries them).
 */
export async function afterNavPublished(
  deps: Pick<FundDeskDeps, 'onNavPublished'>,
  log: Pick<FastifyBaseLogger, 'error'>,
  fundId: string,
  navDate: string,
): Promise<void> {
  if (!deps.onNavPublished) return;
  try {
    await deps.onNavPublished(fundId, navDate);
  } catch (err) {
    log.error({ err, fundId, navDate }, 'pricing the orders waiting for a new NAV failed');
  }
}

/** The proposal that carried a change: the approver acts (actor, author), the proposer is on record. */
export interface ProposalRecord {
  proposalId: string;
  proposedBy: string;
}

/**
 * A NAV publication as proposed, and again as approved (decision 022): a date not after today (Tehran),
 * an amount in the currency's scale, a date without a NAV yet (`FUND_NAV_EXISTS`: correct it instead).
 * Answers the NAV in minor units.
 */
export async function checkNavPublication(
  tx: DbOrTx,
  deps: FundDeskDeps,
  fund: FundRow,
  body: { navDate: string; nav: string },
): Promise<bigint> {
  if (body.navDate > tehranDay(nowOf(deps))) refuse([{ path: ['navDate'], rule: 'navDateFuture' }]);
  const nav = navMinorOf(body.nav, fund.currency);
  if (await findNav(tx, fund.id, body.navDate)) {
    throw new AppError('FUND_NAV_EXISTS', 'That date already has a NAV: correct it instead');
  }
  return nav;
}

/**
 * Publishes an approved NAV (`nav` in minor units, as `checkNavPublication` answered it in this
 * transaction): one per fund and date (a publication that won the race since the check is
 * `FUND_NAV_EXISTS`), audited with the approver as actor and publisher and the proposer on record. Once
 * the transaction commits, the caller runs `afterNavPublished`.
 */
export async function publishNav(
  tx: DbOrTx,
  deps: FundDeskDeps,
  input: OperatorAct & { fund: FundRow; navDate: string; nav: bigint; proposal: ProposalRecord },
): Promise<FundNavRow> {
  const { fund, nav } = input;
  const row = await insertNav(tx, {
    fundId: fund.id,
    navDate: input.navDate,
    nav,
    publishedBy: input.operatorId,
    publishedAt: nowOf(deps),
  });
  if (!row) throw new AppError('FUND_NAV_EXISTS', 'That date already has a NAV: correct it instead');
  await writeAudit(tx, {
    action: 'fund.nav_published',
    actorUserId: input.operatorId,
    subjectType: 'fund',
    subjectId: fund.id,
    ip: input.ip,
    data: {
      code: fund.code,
      navDate: row.navDate,
      nav: fromMinor(nav, fund.currency),
      currency: fund.currency,
      ...input.proposal,
    },
  });
  return row;
}

/**
 * A NAV correction as proposed, and again as approved: the date has a NAV (`NOT_FOUND`), the new value is
 * in the currency's scale and differs from it (`navUnchanged`). `lock` takes the NAV's row. Answers the
 * NAV as it stands and the new value in minor units.
 */
export async function checkNavCorrection(
  tx: DbOrTx,
  fund: FundRow,
  body: { navDate: string; nav: string },
  opts: { lock?: boolean } = {},
): Promise<{ old: FundNavRow; nav: bigint }> {
  const nav = navMinorOf(body.nav, fund.currency);
  const old = await findNav(tx, fund.id, body.navDate, opts);
  if (!old) throw new AppError('NOT_FOUND', 'That date has no NAV to correct');
  if (old.nav === nav) refuse([{ path: ['nav'], rule: 'navUnchanged' }]);
  return { old, nav };
}

/**
 * Corrects a published NAV as approved (`old` and `nav` as `checkNavCorrection` answered them in this
 * transaction, under the NAV's row lock): audited with the old and new value, the reason, the approver as
 * actor and the proposer on record. Orders priced before keep their price (decision 022), so no pricing
 * follows.
 */
export async function correctNav(
  tx: DbOrTx,
  deps: FundDeskDeps,
  input: OperatorAct & { fund: FundRow; old: FundNavRow; nav: bigint; reason: string; proposal: ProposalRecord },
): Promise<FundNavRow> {
  const { fund, old, nav } = input;
  const row = await updateNav(tx, fund.id, old.navDate, { nav, correctedAt: nowOf(deps) });
  await writeAudit(tx, {
    action: 'fund.nav_corrected',
    actorUserId: input.operatorId,
    subjectType: 'fund',
    subjectId: fund.id,
    ip: input.ip,
    data: {
      code: fund.code,
      navDate: row.navDate,
      currency: fund.currency,
      from: fromMinor(old.nav, fund.currency),
      to: fromMinor(nav, fund.currency),
      reason: input.reason,
      ...input.proposal,
    },
  });
  return row;
}

// ---- terms (fees, limits, pauses) ---------------------------------------------------------------

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

// ---- announcements ----------------------------------------------------------------------------

export async function listFundAnnouncements(
  deps: FundDeskDeps,
  input: { fundId: string; kind?: FundAnnouncementKind | undefined; page: number },
): Promise<{ items: AdminFundAnnouncement[]; total: number; page: number; pageSize: number }> {
  const fund = await findFund(deps.db, input.fundId);
  if (!fund) throw new AppError('NOT_FOUND', 'No such fund');
  const { rows, total } = await listAnnouncementsWithCounts(deps.db, {
    fundId: fund.id,
    kind: input.kind,
    limit: FUND_ADMIN_ANNOUNCEMENT_PAGE_SIZE,
    offset: (input.page - 1) * FUND_ADMIN_ANNOUNCEMENT_PAGE_SIZE,
  });
  return {
    items: rows.map((r) => toAdminAnnouncement(r.a, r)),
    total,
    page: input.page,
    pageSize: FUND_ADMIN_ANNOUNCEMENT_PAGE_SIZE,
  };
}

export async function publishFundAnnouncement(
  deps: FundDeskDeps,
  input: OperatorAct & { fundId: string; body: z.output<typeof publishFundAnnouncementBody> },
): Promise<AdminFundAnnouncement> {
  const { body } = input;
  return deps.db.transaction(async (tx) => {
    const fund = await findFund(tx, input.fundId);
    if (!fund) throw new AppError('NOT_FOUND', 'No such fund');
    const a = await insertAnnouncement(tx, {
      fundId: fund.id,
      kind: body.kind,
      title: body.title,
      body: body.body,
      requiresAgreement: body.requiresAgreement,
      documentUrl: body.documentUrl,
      createdBy: input.operatorId,
      publishedAt: nowOf(deps),
    });
    await writeAudit(tx, {
      action: 'fund.announcement_published',
      actorUserId: input.operatorId,
      subjectType: 'fund',
      subjectId: fund.id,
      ip: input.ip,
      data: {
        code: fund.code,
        announcementId: a.id,
        kind: a.kind,
        title: a.title,
        requiresAgreement: a.requiresAgreement,
        documentUrl: a.documentUrl,
      },
    });
    return toAdminAnnouncement(a, { seenCount: 0, agreedCount: 0 });
  });
}

/** Withdraws an announcement: it and its reads are deleted; the audit log keeps its title and body. */
export async function deleteFundAnnouncement(
  deps: FundDeskDeps,
  input: OperatorAct & { fundId: string; announcementId: string },
): Promise<{ ok: true }> {
  return deps.db.transaction(async (tx) => {
    const a = await deleteAnnouncement(tx, input.fundId, input.announcementId);
    if (!a) throw new AppError('NOT_FOUND', 'No such announcement');
    await writeAudit(tx, {
      action: 'fund.announcement_deleted',
      actorUserId: input.operatorId,
      subjectType: 'fund',
      subjectId: a.fundId,
      ip: input.ip,
      data: {
        announcementId: a.id,
        kind: a.kind,
        title: a.title,
        body: a.body,
        requiresAgreement: a.requiresAgreement,
        publishedAt: a.publishedAt.toISOString(),
      },
    });
    return { ok: true as const };
  });
}

// ---- consultations ----------------------------------------------------------------------------

export async function listConsultationQueue(
  deps: FundDeskDeps,
  input: { status?: ConsultationStatus | undefined; fundId?: string | undefined; page: number },
): Promise<{ items: AdminConsultation[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await listConsultations(deps.db, {
    status: input.status,
    fundId: input.fundId,
    limit: FUND_CONSULTATION_PAGE_SIZE,
    offset: (input.page - 1) * FUND_CONSULTATION_PAGE_SIZE,
  });
  return {
    items: rows.map(toAdminConsultation),
    total,
    page: input.page,
    pageSize: FUND_CONSULTATION_PAGE_SIZE,
  };
}

/** Closes an open request (Done: called; Canceled) under its row lock: of two operators, one wins. */
export async function resolveConsultation(
  deps: FundDeskDeps,
  input: OperatorAct & { consultationId: string; body: z.output<typeof resolveConsultationBody> },
): Promise<AdminConsultation> {
  const { body } = input;
  return deps.db.transaction(async (tx) => {
    const c = await findConsultation(tx, input.consultationId, { lock: true });
    if (!c) throw new AppError('NOT_FOUND', 'No such consultation request');
    if (c.status !== 'Open') throw new AppError('REQUEST_ALREADY_REVIEWED', 'The request was already closed');
    await updateConsultation(tx, c.id, {
      status: body.status,
      handledBy: input.operatorId,
      handledAt: nowOf(deps),
      note: body.note ?? null,
    });
    await writeAudit(tx, {
      action: 'fund.consultation_resolved',
      actorUserId: input.operatorId,
      subjectType: 'user',
      subjectId: c.userId,
      ip: input.ip,
      data: {
        consultationId: c.id,
        fundId: c.fundId,
        callDate: c.callDate,
        period: c.period,
        status: body.status,
        note: body.note ?? null,
      },
    });
    const row = await findConsultationWithJoins(tx, c.id);
    return toAdminConsultation(row!);
  });
}
