import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainDesk } from '@portal/contract/admin/chain';
import type { Proposal } from '@portal/contract/admin/proposals';
import type { TetherNetworkView } from '@portal/contract/tether/chain';
import { queryRows } from '../../src/db/client';
import { chainNetworks, chainSettings } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { adminCall, approveProposal, makeInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { errorOf, issuesOf } from '../fund-orders/fund-order-helpers';
import { askWithdrawal, setChainSettings, tetherHolder } from './desk-helpers';

/**
 * Issue 18: tether on chain's settings (confirmations, minimum deposit, fees, withdrawal limits, review
 * bounds) change only by a `chain_settings` proposal a second operator approves (decision 028), as the
 * tether market's do: nothing changes when proposed, the proposer cannot approve, bad settings are refused
 * field by field with nothing written, and an approval checks them again.
 */
let t: TestApp;
let proposer: TestUser;
let approver: TestUser;

const SEEDED = {
  networks: {
    TRC20: { confirmations: 19, minDeposit: '1', withdrawalFee: '1', minWithdrawal: '10', maxWithdrawal: '100000' },
    ERC20: { confirmations: 12, minDeposit: '10', withdrawalFee: '5', minWithdrawal: '20', maxWithdrawal: '100000' },
    BEP20: { confirmations: 15, minDeposit: '1', withdrawalFee: '0.5', minWithdrawal: '10', maxWithdrawal: '100000' },
  },
  dailyWithdrawalLimit: '200000',
  reviewAbove: '1000',
  secondReviewAbove: '10000',
};

/** As typed in the console: Persian digits and separators are accepted. */
const PROPOSED = {
  networks: {
    TRC20: { confirmations: 20, minDeposit: '۲', withdrawalFee: '1.5', minWithdrawal: '10', maxWithdrawal: '50,000' },
    ERC20: SEEDED.networks.ERC20,
    BEP20: { ...SEEDED.networks.BEP20, confirmations: 30 },
  },
  dailyWithdrawalLimit: '150000.000000',
  reviewAbove: '500',
  secondReviewAbove: '5000',
};
const CANONICAL = {
  ...PROPOSED,
  networks: {
    ...PROPOSED.networks,
    TRC20: { confirmations: 20, minDeposit: '2', withdrawalFee: '1.5', minWithdrawal: '10', maxWithdrawal: '50000' },
  },
  dailyWithdrawalLimit: '150000',
};

beforeAll(async () => {
  t = await createTestApp();
  proposer = await makeOperator(t, 'senior_operator', { firstName: 'پیشنهاد', lastName: 'دهنده' });
  approver = await makeOperator(t, 'senior_operator', { firstName: 'تأیید', lastName: 'کننده' });
});
afterAll(async () => {
  await t.close();
});

const propose = (u: TestUser, body: unknown) =>
  adminCall(t, u.cookie, 'POST', '/admin/chain/settings', body as Record<string, unknown>);
const desk = async () => (await adminCall(t, proposer.cookie, 'GET', '/admin/chain')).json<ChainDesk>();
const count = async (table: string) =>
  (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n;
const rows = async () => ({
  networks: await t.database.db.select().from(chainNetworks).orderBy(chainNetworks.network),
  settings: (await t.database.db.select().from(chainSettings))[0]!,
});

describe('tether on chain’s settings change by proposal', () => {
  it('take effect only when another operator approves; the proposer cannot (SAME_OPERATOR)', async () => {
    // A withdrawal waiting for review when the proposal is read.
    await setChainSettings(t, { reviewAbove: 10_000_000n });
    const holder = await tetherHolder(t, '100');
    await askWithdrawal(t, holder, '50');
    await setChainSettings(t, { reviewAbove: 1_000_000_000n });

    const proposed = await propose(proposer, PROPOSED);
    expect(proposed.statusCode, proposed.body).toBe(202);
    const p = proposed.json<Proposal>();
    expect(p).toMatchObject({ kind: 'chain_settings', status: 'Pending', fund: null, payload: CANONICAL });
    expect(p.effect).toEqual({ kind: 'chain_settings', before: SEEDED, after: CANONICAL, pendingWithdrawals: 1 });
    const [recorded] = await queryRows<{ actor_user_id: string; data: Record<string, unknown> }>(
      t.database.db,
      sql`SELECT actor_user_id, data FROM audit_log WHERE action = 'proposal.proposed' AND subject_id = ${p.id}`,
    );
    expect(recorded).toMatchObject({
      actor_user_id: proposer.userId,
      data: { kind: 'chain_settings', payload: CANONICAL, before: SEEDED },
    });

    // Nothing changed, and the proposer cannot make it take effect.
    const before = await rows();
    expect(errorOf(await approveProposal(t, proposer.cookie, p.id))).toEqual([403, 'SAME_OPERATOR']);
    expect(await rows()).toEqual(before);
    expect((await desk()).settings).toMatchObject({ ...SEEDED, updatedBy: null });

    t.clock.advance(60);
    const approved = await approveProposal(t, approver.cookie, p.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Proposal>()).toMatchObject({
      status: 'Approved',
      decidedBy: { id: approver.userId },
      effect: null,
    });

    const after = await rows();
    expect(after.settings).toMatchObject({
      dailyWithdrawalLimit: 150_000_000_000n,
      reviewAbove: 500_000_000n,
      secondReviewAbove: 5_000_000_000n,
      updatedBy: approver.userId,
      updatedAt: t.clock.now,
    });
    expect(after.networks.find((n) => n.network === 'TRC20')).toMatchObject({
      confirmations: 20,
      minDeposit: 2_000_000n,
      withdrawalFee: 1_500_000n,
      maxWithdrawal: 50_000_000_000n,
      // The switches are not settings: untouched.
      depositEnabled: true,
    });
    expect(after.networks.find((n) => n.network === 'BEP20')!.confirmations).toBe(30);
    expect((await desk()).settings).toMatchObject({
      ...CANONICAL,
      updatedBy: { id: approver.userId, firstName: 'تأیید', lastName: 'کننده' },
      updatedAt: t.clock.now.toISOString(),
    });
    // Investors' pages read them at once.
    const investor = await makeInvestor(t);
    const networks = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/tether/networks',
      headers: { cookie: investor.cookie },
    });
    expect(networks.json<{ items: TetherNetworkView[] }>().items.find((n) => n.network === 'TRC20')).toMatchObject({
      confirmations: 20,
      minDeposit: '2',
      withdrawalFee: '1.5',
      maxWithdrawal: '50000',
    });

    const [changed] = await queryRows<{ actor_user_id: string; data: Record<string, unknown> }>(
      t.database.db,
      sql`SELECT actor_user_id, data FROM audit_log WHERE action = 'tether.chain_settings.changed'`,
    );
    expect(changed).toMatchObject({
      actor_user_id: approver.userId,
      data: {
        proposalId: p.id,
        proposedBy: proposer.userId,
        before: SEEDED,
        after: CANONICAL,
        changed: [
          'networks.TRC20.confirmations',
          'networks.TRC20.minDeposit',
          'networks.TRC20.withdrawalFee',
          'networks.TRC20.maxWithdrawal',
          'networks.BEP20.confirmations',
          'dailyWithdrawalLimit',
          'reviewAbove',
          'secondReviewAbove',
        ],
      },
    });
  });

  it('refuses bad settings with each field’s rule, writing nothing', async () => {
    const proposals = await count('proposals');
    const audits = await count('audit_log');
    const net = (n: Record<string, unknown>) => ({
      ...CANONICAL.networks,
      TRC20: { ...CANONICAL.networks.TRC20, ...n },
    });
    const cases: [Record<string, unknown>, { path: string; rule: string }[]][] = [
      [
        { ...CANONICAL, networks: net({ confirmations: 0, minDeposit: '1.0000001', withdrawalFee: 'یک' }) },
        [
          { path: 'body.networks.TRC20.confirmations', rule: 'confirmationsRange' },
          { path: 'body.networks.TRC20.minDeposit', rule: 'amountDecimals' },
          { path: 'body.networks.TRC20.withdrawalFee', rule: 'amountInvalid' },
        ],
      ],
      [
        { ...CANONICAL, networks: net({ confirmations: 2.5, maxWithdrawal: '1e3' }) },
        [
          { path: 'body.networks.TRC20.confirmations', rule: 'integer' },
          { path: 'body.networks.TRC20.maxWithdrawal', rule: 'amountInvalid' },
        ],
      ],
      [
        { ...CANONICAL, networks: net({ minWithdrawal: '600', maxWithdrawal: '500' }) },
        [{ path: 'body.networks.TRC20.minWithdrawal', rule: 'minAboveMax' }],
      ],
      [
        { ...CANONICAL, dailyWithdrawalLimit: '40000' },
        [{ path: 'body.networks.TRC20.maxWithdrawal', rule: 'maxAboveDailyLimit' }],
      ],
      [{ ...CANONICAL, secondReviewAbove: '499' }, [{ path: 'body.secondReviewAbove', rule: 'secondBelowFirst' }]],
      [
        { ...CANONICAL, networks: { TRC20: CANONICAL.networks.TRC20 } },
        [{ path: 'body.networks.ERC20', rule: 'required' }],
      ],
    ];
    for (const [body, issues] of cases) {
      const res = await propose(proposer, body);
      expect(errorOf(res), res.body).toEqual([400, 'VALIDATION_FAILED']);
      expect(issuesOf(res)).toEqual(expect.arrayContaining(issues.map((i) => expect.objectContaining(i))));
    }
    expect(await count('proposals')).toBe(proposals);
    expect(await count('audit_log')).toBe(audits);
  });

  it('checks a proposal again when approved: settings no longer valid stay pending, nothing changed', async () => {
    const p = (await propose(proposer, SEEDED)).json<Proposal>();
    await t.database.db.execute(
      sql`UPDATE proposals SET payload = jsonb_set(payload, '{reviewAbove}', '"99999"') WHERE id = ${p.id}`,
    );
    const before = await rows();
    const res = await approveProposal(t, approver.cookie, p.id);
    expect(errorOf(res)).toEqual([400, 'VALIDATION_FAILED']);
    expect(issuesOf(res)).toEqual([
      expect.objectContaining({ path: 'body.secondReviewAbove', rule: 'secondBelowFirst' }),
    ]);
    expect((await adminCall(t, approver.cookie, 'GET', `/admin/proposals/${p.id}`)).json<Proposal>().status).toBe(
      'Pending',
    );
    expect(await rows()).toEqual(before);
  });

  it('only an operator who may manage tether proposes, and decides', async () => {
    const junior = await makeOperator(t, 'operator');
    expect(errorOf(await propose(junior, SEEDED))).toEqual([403, 'FORBIDDEN']);
    const p = (await propose(proposer, SEEDED)).json<Proposal>();
    expect(errorOf(await approveProposal(t, junior.cookie, p.id))).toEqual([403, 'FORBIDDEN']);
    // The proposer may withdraw their own.
    const withdrawn = await adminCall(t, proposer.cookie, 'POST', `/admin/proposals/${p.id}/reject`, {
      reason: 'Proposed by mistake.',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json<Proposal>()).toMatchObject({ status: 'Rejected', effect: null });
  });
});
