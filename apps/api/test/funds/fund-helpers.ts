import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AdminFund, CreateFundBody } from '@portal/contract/admin/funds';
import type { DbOrTx } from '../../src/db/client';
import { auditLog, fundNavs, funds } from '../../src/db/schema';
import type { TestApp } from '../helpers/app';

/** A text in the three languages. */
export const txt = (en: string) => ({ fa: `${en} (فا)`, ar: `${en} (عر)`, en });

/** A unique fund code. */
export const newCode = (prefix = 'fund') => `${prefix}-${randomBytes(4).toString('hex')}`;

/** A complete, valid body of `adminCreateFund` (an IRT gold fund, published). */
export function fundBody(overrides: Partial<CreateFundBody> = {}): CreateFundBody {
  return {
    code: newCode(),
    kind: 'gold',
    preset: 'gold',
    fundType: 1,
    category: 'gold_silver',
    risk: 35,
    currency: 'IRT',
    name: txt('Test gold fund'),
    summary: txt('A gold fund for tests'),
    about: txt('About the gold fund'),
    fees: { purchaseFixedFee: '5000', managementFeeBps: 200, redeemFixedFee: '2000', performanceFeeBps: 1000 },
    limits: { minPurchase: '100000', maxPurchase: '50000000', minRedeemUnits: '0.5' },
    published: true,
    ...overrides,
  };
}

export function call(
  t: TestApp,
  cookie: string | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `/api${url}`,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

/** Creates a fund through the console's API as `operatorCookie`. */
export async function createFund(
  t: TestApp,
  operatorCookie: string,
  overrides: Partial<CreateFundBody> = {},
): Promise<AdminFund> {
  const res = await call(t, operatorCookie, 'POST', '/admin/funds', fundBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminFund>();
}

/** Writes NAV points straight to the table (history for the tests of yields and charts). */
export async function putNavs(t: TestApp, fundId: string, points: [navDate: string, nav: bigint][]): Promise<void> {
  if (points.length === 0) return;
  await t.database.db.insert(fundNavs).values(points.map(([navDate, nav]) => ({ fundId, navDate, nav })));
}

/** Daily NAV points from `from` to `to` inclusive, the nth day's NAV `nav(n)`. */
export function dailyNavs(from: string, to: string, nav: (n: number) => bigint): [string, bigint][] {
  const out: [string, bigint][] = [];
  for (let d = new Date(`${from}T00:00:00Z`), n = 0; d.toISOString().slice(0, 10) <= to; n++) {
    out.push([d.toISOString().slice(0, 10), nav(n)]);
    d = new Date(d.getTime() + 86_400_000);
  }
  return out;
}

export async function navsOf(db: DbOrTx, fundId: string) {
  return db
    .select({ navDate: fundNavs.navDate, nav: fundNavs.nav, correctedAt: fundNavs.correctedAt })
    .from(fundNavs)
    .where(eq(fundNavs.fundId, fundId))
    .orderBy(asc(fundNavs.navDate));
}

export async function fundRow(db: DbOrTx, fundId: string) {
  const [row] = await db.select().from(funds).where(eq(funds.id, fundId));
  return row;
}

/** The audit records of an action about a subject, oldest first. */
export async function auditOf(db: DbOrTx, action: string, subjectId: string) {
  return db
    .select({ actorUserId: auditLog.actorUserId, data: auditLog.data, subjectType: auditLog.subjectType })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
}

/** How many audit records there are (a refused request adds none). */
export async function auditCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
  return Number(row?.n ?? 0);
}

export const errorOf = (res: LightMyRequestResponse) => [res.statusCode, res.json<{ code: string }>().code];

/** The validation issues of a 400 as `path rule` strings. */
export const issuesOf = (res: LightMyRequestResponse) =>
  (res.json<{ details?: { issues?: { path: string; rule: string }[] } }>().details?.issues ?? []).map(
    (i) => `${i.path} ${i.rule}`,
  );
