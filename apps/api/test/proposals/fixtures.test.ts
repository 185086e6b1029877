import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_OPERATIONS } from '@portal/contract/admin/four-eyes';
import { makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { proposalsFixtures, type FixtureRequest } from '../admin/four-eyes/fixtures-proposals';
import { counts } from './proposal-helpers';

/**
 * The proposals desk's fixtures for the four-eyes walk (admin/four-eyes/fixtures-proposals.ts) work as
 * they say: each operation succeeds for an operator who holds nothing, an approval by its proposer is
 * SAME_OPERATOR, and the operation about the actor's own holdings is refused with its code, moving nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2025-06-11T12:00:00+03:30');
});
afterAll(async () => {
  await t.close();
});

const send = (r: FixtureRequest, cookie: string) =>
  t.app.inject({
    method: r.method,
    url: r.url,
    headers: { cookie, ...r.headers },
    ...(r.payload ? { payload: r.payload } : {}),
  });

describe('the proposals fixtures of the four-eyes walk', () => {
  it('cover the desk’s console operations, each declared with a four-eyes rule', () => {
    for (const id of Object.keys(proposalsFixtures)) expect(CONSOLE_OPERATIONS[id], id).toBeDefined();
    expect(Object.keys(proposalsFixtures).sort()).toEqual(
      [
        'adminListProposals',
        'adminGetProposal',
        'adminApproveProposal',
        'adminRejectProposal',
        'adminProposeFundTerms',
        'adminImportBankStatement',
        'adminPublishFundNav',
        'adminCorrectFundNav',
        'distributeFundDividend',
      ].sort(),
    );
  });

  it.each(Object.keys(proposalsFixtures))(
    '%s: works for another operator, not for the proposer or a holder',
    async (id) => {
      const actor: TestUser = await makeOperator(t, 'admin');
      const fixture = await proposalsFixtures[id]!({ t, actor });
      if (fixture.proposer && CONSOLE_OPERATIONS[id]?.kind === 'approve') {
        const byProposer = await send(fixture.request, fixture.proposer.cookie);
        expect([byProposer.statusCode, byProposer.json().code]).toEqual([403, 'SAME_OPERATOR']);
      }
      if (fixture.own) {
        const before = await counts(t);
        const own = await send(fixture.own.request, actor.cookie);
        expect([own.statusCode, own.json().code], own.body).toEqual([403, fixture.own.code]);
        expect(await counts(t)).toEqual(before);
      }
      const res = await send(fixture.request, actor.cookie);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, res.body).toBeLessThan(300);
    },
  );
});
