/**
 * The four-eyes walk (issue 15, decision 028): every console operation declared in the contract
 * (`CONSOLE_OPERATIONS`), walked over HTTP. None works for a frozen operator, none acts on the operator's
 * own account (or prices a fund they hold), none can be approved by its proposer. A new admin endpoint
 * without a rule does not register; an operation without a fixture (`four-eyes/fixtures-<area>.ts`)
 * fails here.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_OPERATIONS, type FourEyesRule } from '@portal/contract/admin/four-eyes';
import type { Endpoint } from '@portal/contract/core/endpoint';
import type { ErrorCode } from '@portal/contract/core/errors';
import { allEndpoints } from '@portal/contract/endpoints';
import { queryRows } from '../../src/db/client';
import { FUND_PRICING_PROPOSALS } from '../../src/modules/admin/four-eyes-guard';
import { route } from '../../src/plugins/contract';
import { createTestApp, type TestApp } from '../helpers/app';
import { makeOperator, promoteToOperator } from '../helpers/admin';
import { setFrozen } from '../withdrawals/withdrawal-helpers';
import type {
  FourEyesFixture,
  FourEyesFixtures,
  Operator,
  OwnCode,
  WalkContext,
  WalkRequest,
} from './four-eyes/fixtures';

/** Every `fixtures-<area>.ts` of the fixtures folder, merged; an id declared twice is an error. */
async function loadFixtures(): Promise<Record<string, FourEyesFixture>> {
  const dir = new URL('./four-eyes/', import.meta.url);
  const files = readdirSync(dir)
    .filter((f) => /^fixtures-[\w-]+\.ts$/.test(f))
    .sort();
  const merged: Record<string, FourEyesFixture> = {};
  for (const file of files) {
    const { fixtures } = (await import(new URL(file, dir).href)) as { fixtures: FourEyesFixtures };
    for (const [id, fixture] of Object.entries(fixtures)) {
      if (Object.hasOwn(merged, id)) throw new Error(`${id}: two four-eyes fixtures (${file})`);
      merged[id] = fixture;
    }
  }
  return merged;
}

const FIXTURES = await loadFixtures();
const endpoints = new Map(allEndpoints.map((e) => [e.id, e]));
const guarded = allEndpoints.filter((e) => e.permission !== undefined);
/** The walk's app asks two reviewers above five million toman (small amounts keep the fixtures cheap). */
const REVIEW_BOUND = 5_000_000n;

const subjectOf = (rule: FourEyesRule) => ('subject' in rule ? rule.subject : undefined);

/** The refusal of the operation on the operator's own account, when the rule has one. */
function ownRefusal(rule: FourEyesRule): OwnCode | null {
  const subject = subjectOf(rule);
  switch (rule.kind) {
    case 'read':
      return null;
    case 'decide':
    case 'review':
    case 'reject':
    case 'approve':
      return 'OPERATOR_OWN_ACCOUNT';
    case 'record':
      return subject && subject.of !== 'fund' ? 'OPERATOR_OWN_ACCOUNT' : null;
    case 'propose':
      if (!subject) return null;
      if (subject.of !== 'fund') return 'OPERATOR_OWN_ACCOUNT';
      return FUND_PRICING_PROPOSALS.has(rule.proposal) ? 'FUND_HOLDER_OPERATOR' : null;
  }
}

const refusesMaker = (rule: FourEyesRule) => rule.kind === 'approve' || (rule.kind === 'review' && rule.approves);

/** The errors an endpoint's rule can answer, which its contract must list. */
function guardErrors(rule: FourEyesRule): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (subjectOf(rule)) codes.push('NOT_FOUND');
  const own = ownRefusal(rule);
  if (own) codes.push(own);
  if (rule.kind === 'approve' && subjectOf(rule)?.of === 'proposal') codes.push('FUND_HOLDER_OPERATOR');
  if (refusesMaker(rule)) codes.push('SAME_OPERATOR');
  return codes;
}

/** The request's path against the endpoint's declared path: a fixture must call its own endpoint. */
function expectCalls(request: WalkRequest, e: Endpoint) {
  const path = request.url.split('?')[0]!;
  const pattern = new RegExp(`^${e.path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`);
  expect([request.method, pattern.test(path)], `${e.id}: the fixture calls ${request.method} ${path}`).toEqual([
    e.method,
    true,
  ]);
}

let t: TestApp;
let ctx: WalkContext;
beforeAll(async () => {
  t = await createTestApp({ envVars: { REVIEW_SECOND_OPERATOR_ABOVE_IRT: String(REVIEW_BOUND) } });
  ctx = {
    t,
    admin: () => makeOperator(t, 'admin'),
    promote: (user) => promoteToOperator(t, user, 'admin'),
    reviewBound: REVIEW_BOUND,
  };
});
afterAll(async () => {
  await t.close();
});

function send(op: Operator, e: Endpoint, request: WalkRequest) {
  return t.app.inject({
    method: request.method,
    url: `/api${request.url}`,
    headers: { cookie: op.cookie, ...(e.idempotent ? { 'idempotency-key': randomUUID() } : {}) },
    ...(request.payload ? { payload: request.payload } : {}),
  });
}

/** How many audit records the operator has written (a refused call writes none). */
async function auditBy(op: Operator): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM audit_log WHERE actor_user_id = ${op.userId}`,
  );
  return row!.n;
}

/** Sends a request that must be refused with `code`, changing nothing the operator is on record for. */
async function expectRefused(op: Operator, e: Endpoint, request: WalkRequest, code: ErrorCode) {
  expectCalls(request, e);
  const before = await auditBy(op);
  const res = await send(op, e, request);
  expect([res.statusCode, res.json<{ code: string }>().code], `${e.id} → ${res.body}`).toEqual([403, code]);
  expect(await auditBy(op), `${e.id}: a refused call writes nothing`).toBe(before);
}

describe('every console operation is declared', () => {
  it('every endpoint that declares a permission has a four-eyes rule', () => {
    const missing = guarded.filter((e) => !Object.hasOwn(CONSOLE_OPERATIONS, e.id)).map((e) => e.id);
    expect(missing, 'declare their rules in packages/contract/src/admin/four-eyes.ts').toEqual([]);
  });

  it('every rule is an endpoint that declares a permission', () => {
    const strays = Object.keys(CONSOLE_OPERATIONS).filter((id) => endpoints.get(id)?.permission === undefined);
    expect(strays, 'rules of no console endpoint').toEqual([]);
  });

  it('every console endpoint lists the refusals its rule can answer', () => {
    const unlisted = guarded.flatMap((e) => {
      const rule = CONSOLE_OPERATIONS[e.id];
      return rule
        ? guardErrors(rule)
            .filter((c) => !e.errors.includes(c))
            .map((c) => `${e.id}: ${c}`)
        : [];
    });
    expect(unlisted).toEqual([]);
  });

  it('the server refuses to register an admin endpoint without a rule', () => {
    const app = Fastify();
    app.decorate('requireSession', async () => undefined);
    app.decorate('requirePermission', () => async () => undefined);
    app.decorate('fourEyesGuard', () => null);
    const stray = { ...guarded[0]!, id: 'adminUndeclaredOperation', path: '/admin/undeclared' };
    expect(() => route(app, stray, async () => ({}))).toThrow('adminUndeclaredOperation: declare its four-eyes rule');
  });
});

describe.each(Object.entries(CONSOLE_OPERATIONS))('%s', (id, rule) => {
  const e = endpoints.get(id);
  const fixture = FIXTURES[id];

  it('has its four-eyes fixture', () => {
    expect(e, `${id}: no such endpoint in the contract`).toBeDefined();
    expect(fixture, `${id}: declare its four-eyes fixture in test/admin/four-eyes/fixtures-<area>.ts`).toBeDefined();
  });

  it('refuses a frozen operator (with a live session), and answers the same request once unfrozen', async () => {
    if (!e || !fixture) return expect.fail(`${id}: declare its four-eyes fixture`);
    const op = await ctx.admin();
    const request = await fixture.valid(ctx, op);
    await setFrozen(t, op.userId, true);
    await expectRefused(op, e, request, 'FORBIDDEN');
    await setFrozen(t, op.userId, false);
    const res = await send(op, e, request);
    expect(res.statusCode, `${id} → ${res.body}`).toBeLessThan(400);
  });

  const own = ownRefusal(rule);
  if (own) {
    it(`refuses the operator's own account (${own})`, async () => {
      if (!e || !fixture?.own) return expect.fail(`${id}: declare its fixture's own-account case`);
      const { op, request, code } = await fixture.own(ctx);
      await expectRefused(op, e, request, code ?? own);
    });
  }

  if (refusesMaker(rule)) {
    it('refuses its proposer (SAME_OPERATOR)', async () => {
      if (!e || !fixture?.byMaker) return expect.fail(`${id}: declare its fixture's proposer case`);
      const { op, request } = await fixture.byMaker(ctx);
      await expectRefused(op, e, request, 'SAME_OPERATOR');
    });
  }
});
