/**
 * The operators' fund desk (issue 6; decisions 021, 022). Every write and its audit record (operator as
 * actor, the fund as subject) are one transaction; a refused request writes nothing.
 *
 * create: [rules of the whole fund (contract `fundRuleIssues`) → tx: insert (the code unique) → audit]
 * update: [tx: fund row lock → the fund as it would be (kept fields + the edit) → currency change only
 *         without NAVs and orders, with fees and limits in the new currency → rules → code unique →
 *         update → audit of what changed (old and new values)]
 * publish NAV: [date not after today (Tehran) → amount in the currency's scale → tx: insert (one per
 *              fund and date: `FUND_NAV_EXISTS`) → audit] → after the commit, `onNavPublished` prices the
 *              orders waiting for that date
 * correct NAV: [tx: NAV row lock → a different value → update, correctedAt → audit (old, new, reason)];
 *              orders priced before keep their price (decision 022), so no hook
 */
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
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
  type correctFundNavBody,
  type createFundBody,
  type FundFieldIssue,
  type publishFundAnnouncementBody,
  type publishFundNavBody,
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

/** What an edit changes: `{ field: { from, to } }` for scalars, the names of the texts and lists. */
function changesOf(before: FundValues, after: FundValues) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
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
      if (merged.currency !== row.currency) {
        const usage = await fundUsage(tx, row.id);
        if (usage.hasNavs || usage.hasOrders) {
          throw new AppError('FUND_CURRENCY_LOCKED', 'The fund has NAVs or orders: its currency cannot change');
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

/** Decision 022: one NAV per fund and Tehran date, never for a date after today. */
export async function publishFundNav(
  deps: FundDeskDeps,
  input: OperatorAct & {
    fundId: string;
    body: z.output<typeof publishFundNavBody>;
    log: Pick<FastifyBaseLogger, 'error'>;
  },
): Promise<AdminFundNav> {
  const { body } = input;
  const fund = await findFund(deps.db, input.fundId);
  if (!fund) throw new AppError('NOT_FOUND', 'No such fund');
  if (body.navDate > tehranDay(nowOf(deps))) refuse([{ path: ['navDate'], rule: 'navDateFuture' }]);
  const nav = navMinorOf(body.nav, fund.currency);
  const published = await deps.db.transaction(async (tx) => {
    const row = await insertNav(tx, {
      fundId: fund.id,
      navDate: body.navDate,
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
      data: { code: fund.code, navDate: row.navDate, nav: fromMinor(nav, fund.currency), currency: fund.currency },
    });
    return row;
  });
  await afterNavPublished(deps, input.log, fund.id, published.navDate);
  return toAdminNav(published, fund.currency);
}

/** Corrects a published NAV: audited with the old and new value and the reason; orders priced before keep theirs. */
export async function correctFundNav(
  deps: FundDeskDeps,
  input: OperatorAct & { fundId: string; body: z.output<typeof correctFundNavBody> },
): Promise<AdminFundNav> {
  const { body } = input;
  const fund = await findFund(deps.db, input.fundId);
  if (!fund) throw new AppError('NOT_FOUND', 'No such fund');
  const nav = navMinorOf(body.nav, fund.currency);
  return deps.db.transaction(async (tx) => {
    const old = await findNav(tx, fund.id, body.navDate, { lock: true });
    if (!old) throw new AppError('NOT_FOUND', 'That date has no NAV to correct');
    if (old.nav === nav) refuse([{ path: ['nav'], rule: 'navUnchanged' }]);
    const row = await updateNav(tx, fund.id, body.navDate, { nav, correctedAt: nowOf(deps) });
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
        reason: body.reason,
      },
    });
    return toAdminNav(row, fund.currency);
  });
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
