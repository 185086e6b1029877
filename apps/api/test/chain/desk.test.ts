import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminTetherDeposit, AdminTetherWithdrawal, ChainDesk } from '@portal/contract/admin/chain';
import type { TetherNetworkView } from '@portal/contract/tether/chain';
import { queryRows } from '../../src/db/client';
import { chainNetworks } from '../../src/db/schema';
import { claimLease, moveCursor, recordTick } from '../../src/modules/chain/deposits.repository';
import { recordTransfers, tetherContractOf } from '../../src/modules/chain/deposits.service';
import { loadNetwork } from '../../src/modules/chain/networks.repository';
import { createTestApp, e164, type TestApp } from '../helpers/app';
import { adminCall, makeInvestor, makeOperator, promoteToOperator, type TestUser } from '../helpers/admin';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { errorOf, issuesOf } from '../fund-orders/fund-order-helpers';
import { phoneCode } from '../withdrawals/withdrawal-helpers';
import { askWithdrawal, externalTronAddress, setChainSettings, testCustody, tetherHolder } from './desk-helpers';

/**
 * Issue 18: the console's chain desk. What it shows (each network's settings and switches, the watcher's
 * health, the queues), who may see and do what, the switch that closes a direction of a network, the
 * deposits and the withdrawal queue, and the withdrawals' reviews by one or two operators (never one's own).
 * Reviews here: above 10 tether one operator, above 100 two.
 */
const custody = testCustody();
let t: TestApp;
let first: TestUser;
let second: TestUser;

beforeAll(async () => {
  t = await createTestApp({ adapters: { custody } });
  first = await makeOperator(t, 'senior_operator', { firstName: 'بررسی', lastName: 'اول' });
  second = await makeOperator(t, 'senior_operator', { firstName: 'بررسی', lastName: 'دوم' });
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});
beforeEach(async () => {
  await setChainSettings(t, { reviewAbove: 10_000_000n, secondReviewAbove: 100_000_000n });
  await t.database.db.update(chainNetworks).set({
    depositEnabled: true,
    depositDisabledReason: null,
    withdrawalEnabled: true,
    withdrawalDisabledReason: null,
  });
});

const call = (u: Pick<TestUser, 'cookie'>, method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) =>
  adminCall(t, u.cookie, method, url, body);
const desk = async () => {
  const res = await call(first, 'GET', '/admin/chain');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ChainDesk>();
};
const withdrawalView = async (id: string) => {
  const res = await call(first, 'GET', `/admin/chain/withdrawals/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminTetherWithdrawal>();
};
const approve = (u: TestUser, id: string) => call(u, 'POST', `/admin/chain/withdrawals/${id}/approve`);
const reject = (u: TestUser, id: string, body: Record<string, unknown> = { reason: 'address_risk' }) =>
  call(u, 'POST', `/admin/chain/withdrawals/${id}/reject`, body);
const auditOf = (action: string) =>
  queryRows<{ actor_user_id: string | null; subject_id: string; data: Record<string, unknown> }>(
    t.database.db,
    sql`SELECT actor_user_id, subject_id, data FROM audit_log WHERE action = ${action} ORDER BY at, id`,
  );
type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

describe('who may use the desk', () => {
  it('refuses investors everything; an operator reads but neither switches, proposes nor reviews', async () => {
    const investor = await makeInvestor(t);
    const holder = await tetherHolder(t, '100');
    const w = await askWithdrawal(t, holder, '20');
    const reads: [url: string][] = [
      ['/admin/chain'],
      ['/admin/chain/deposits'],
      ['/admin/chain/withdrawals'],
      [`/admin/chain/withdrawals/${w.id}`],
      ['/admin/chain/reconciliation'],
    ];
    const writes: [url: string, body?: Record<string, unknown>][] = [
      ['/admin/chain/switch', { network: 'TRC20', direction: 'deposit', enabled: false, reason: 'maintenance' }],
      [`/admin/chain/withdrawals/${w.id}/approve`],
      [`/admin/chain/withdrawals/${w.id}/reject`, { reason: 'other' }],
    ];
    for (const [url] of reads) expect(errorOf(await call(investor, 'GET', url)), url).toEqual([403, 'FORBIDDEN']);
    for (const [url, body] of writes) {
      expect(errorOf(await call(investor, 'POST', url, body)), url).toEqual([403, 'FORBIDDEN']);
    }
    const junior = await makeOperator(t, 'operator');
    for (const [url] of reads) expect((await call(junior, 'GET', url)).statusCode, url).toBe(200);
    for (const [url, body] of writes) {
      expect(errorOf(await call(junior, 'POST', url, body)), url).toEqual([403, 'FORBIDDEN']);
    }
    expect((await withdrawalView(w.id)).state).toBe('Pending');
    expect((await desk()).networks.every((n) => n.depositEnabled)).toBe(true);
  });
});

describe('the desk', () => {
  it('shows each network’s settings, the watcher’s health and the queues', async () => {
    // The TRC20 watcher scanned to block 100, saw the head at 130, and its last tick failed.
    const owner = 'desk-test-watcher';
    expect(
      await claimLease(t.database.db, 'TRC20', owner, t.clock.now, new Date(t.clock.now.getTime() + 60_000)),
    ).toBeDefined();
    expect(
      await moveCursor(t.database.db, 'TRC20', owner, null, {
        block: 100n,
        hash: '0xabc',
        head: 130n,
        at: t.clock.now,
      }),
    ).toBe(true);
    await recordTick(t.database.db, 'TRC20', owner, { at: t.clock.now, error: 'TRC20: node timed out' });
    const scannedAt = t.clock.now.toISOString();

    // A deposit still confirming on TRC20, a withdrawal waiting for an operator.
    const holder = await tetherHolder(t, '500');
    const network = await loadNetwork(t.database.db, 'TRC20');
    await t.database.db.transaction((tx) =>
      recordTransfers(tx, {
        network,
        owners: new Map([['confirming-address', holder.userId]]),
        transfers: [
          {
            txHash: '0xconfirming',
            logIndex: 3,
            blockNumber: 120n,
            blockHash: '0xblock120',
            token: tetherContractOf('TRC20'),
            from: 'someone',
            to: 'confirming-address',
            value: 25_000_000n,
          },
        ],
      }),
    );
    const before = await desk();
    await askWithdrawal(t, holder, '50');
    const view = await desk();

    expect(view).toMatchObject({ sandbox: true, custody: 'test-custody' });
    expect(view.networks.map((n) => n.network)).toEqual(['TRC20', 'ERC20', 'BEP20']);
    const trc20 = view.networks[0]!;
    expect(trc20).toMatchObject({
      network: 'TRC20',
      tetherContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      confirmations: 19,
      minDeposit: '1',
      withdrawalFee: '1',
      minWithdrawal: '10',
      maxWithdrawal: '100000',
      depositEnabled: true,
      withdrawalEnabled: true,
      depositDisabledReason: null,
      watcher: {
        lastScannedBlock: '100',
        head: '130',
        lagBlocks: 30,
        lastScanAt: scannedAt,
        lastError: 'TRC20: node timed out',
      },
    });
    expect(trc20.confirmingDeposits).toBeGreaterThanOrEqual(1);
    expect(trc20.pendingWithdrawals).toBe(before.networks[0]!.pendingWithdrawals + 1);
    // A network never scanned: nothing to say yet.
    expect(view.networks[1]!.watcher).toMatchObject({ lastScannedBlock: null, lagBlocks: null });
    expect(view.settings).toMatchObject({
      networks: { BEP20: { confirmations: 15, minDeposit: '1', withdrawalFee: '0.5' } },
      dailyWithdrawalLimit: '200000',
      reviewAbove: '10',
      secondReviewAbove: '100',
      updatedBy: null,
    });
  });

  it('lists deposits newest first, by status, network and user, with the user and what was ignored', async () => {
    const holder = await tetherHolder(t, '40');
    const network = await loadNetwork(t.database.db, 'TRC20');
    await t.database.db.transaction((tx) =>
      recordTransfers(tx, {
        network,
        owners: new Map([['ignored-address', holder.userId]]),
        transfers: [
          {
            txHash: '0xdust',
            logIndex: 0,
            blockNumber: 200n,
            blockHash: '0xblock200',
            token: tetherContractOf('TRC20'),
            from: 'someone',
            to: 'ignored-address',
            value: 500_000n,
          },
          {
            txHash: '0xother',
            logIndex: 1,
            blockNumber: 200n,
            blockHash: '0xblock200',
            token: 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj',
            from: 'someone',
            to: 'ignored-address',
            value: 9_000_000n,
          },
        ],
      }),
    );
    const res = await call(first, 'GET', `/admin/chain/deposits?userId=${holder.userId}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<Page<AdminTetherDeposit>>();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(page.items.map((d) => [d.status, d.ignoreReason, d.amount, d.otherToken])).toEqual(
      expect.arrayContaining([
        ['Credited', null, '40', null],
        ['Ignored', 'below_minimum', '0.5', null],
        ['Ignored', 'other_token', '0', 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj'],
      ]),
    );
    expect(page.items[0]!.user).toEqual({
      id: holder.userId,
      mobile: e164(holder.mobile),
      firstName: 'دارنده',
      lastName: 'تتر',
    });
    const ignored = (await call(first, 'GET', `/admin/chain/deposits?status=Ignored&userId=${holder.userId}`)).json<
      Page<AdminTetherDeposit>
    >();
    expect(ignored.total).toBe(2);
    const onErc = (await call(first, 'GET', `/admin/chain/deposits?network=ERC20&userId=${holder.userId}`)).json<
      Page<AdminTetherDeposit>
    >();
    expect(onErc.total).toBe(0);
    expect(errorOf(await call(first, 'GET', '/admin/chain/deposits?status=Lost'))).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('the network switches', () => {
  it('closes deposits with a reason: a new address is refused (TETHER_NETWORK_DISABLED), the page says why', async () => {
    const investor = await makeInvestor(t, { kycLevel: 1 });
    const noReason = await call(first, 'POST', '/admin/chain/switch', {
      network: 'TRC20',
      direction: 'deposit',
      enabled: false,
    });
    expect(errorOf(noReason)).toEqual([400, 'VALIDATION_FAILED']);
    expect(issuesOf(noReason)).toEqual([expect.objectContaining({ path: 'body.reason', rule: 'required' })]);

    const closed = await call(first, 'POST', '/admin/chain/switch', {
      network: 'TRC20',
      direction: 'deposit',
      enabled: false,
      reason: 'wallet_upgrade',
      note: 'ارتقای کیف پول',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await desk()).networks[0]).toMatchObject({
      depositEnabled: false,
      depositDisabledReason: 'wallet_upgrade',
      withdrawalEnabled: true,
    });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/tether/deposit-addresses',
      headers: { cookie: investor.cookie },
      payload: { network: 'TRC20' },
    });
    expect(errorOf(asked)).toEqual([409, 'TETHER_NETWORK_DISABLED']);
    const networks = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/tether/networks',
      headers: { cookie: investor.cookie },
    });
    expect(networks.json<{ items: TetherNetworkView[] }>().items.find((n) => n.network === 'TRC20')).toMatchObject({
      depositEnabled: false,
      depositDisabledReason: 'wallet_upgrade',
    });
    // The other networks stay open.
    const erc = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/tether/deposit-addresses',
      headers: { cookie: investor.cookie },
      payload: { network: 'ERC20' },
    });
    expect(erc.statusCode, erc.body).toBe(201);

    const opened = await call(second, 'POST', '/admin/chain/switch', {
      network: 'TRC20',
      direction: 'deposit',
      enabled: true,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await desk()).networks[0]).toMatchObject({ depositEnabled: true, depositDisabledReason: null });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/tether/deposit-addresses',
      headers: { cookie: investor.cookie },
      payload: { network: 'TRC20' },
    });
    expect(again.statusCode, again.body).toBe(201);

    // Opening what is open changes and records nothing.
    const audits = (await auditOf('tether.network.switched')).length;
    await call(second, 'POST', '/admin/chain/switch', { network: 'TRC20', direction: 'deposit', enabled: true });
    const switched = await auditOf('tether.network.switched');
    expect(switched).toHaveLength(audits);
    expect(switched.slice(-2)).toEqual([
      expect.objectContaining({
        actor_user_id: first.userId,
        subject_id: 'TRC20',
        data: {
          network: 'TRC20',
          direction: 'deposit',
          enabled: false,
          reason: 'wallet_upgrade',
          note: 'ارتقای کیف پول',
          was: { enabled: true, reason: null },
        },
      }),
      expect.objectContaining({
        actor_user_id: second.userId,
        data: expect.objectContaining({
          enabled: true,
          reason: null,
          was: { enabled: false, reason: 'wallet_upgrade' },
        }),
      }),
    ]);
  });

  it('closes withdrawals: a withdrawal on that network is refused, nothing held', async () => {
    const holder = await tetherHolder(t, '100');
    const closed = await call(first, 'POST', '/admin/chain/switch', {
      network: 'TRC20',
      direction: 'withdrawal',
      enabled: false,
      reason: 'congestion',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const code = await phoneCode(t, holder);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/tether/withdrawals',
      headers: { cookie: holder.cookie, 'idempotency-key': randomUUID() },
      remoteAddress: holder.ip,
      payload: { network: 'TRC20', address: externalTronAddress(), amount: '20', code },
    });
    expect(errorOf(res)).toEqual([409, 'TETHER_NETWORK_DISABLED']);
    expect(await balanceOf(t.database.db, holder.userId, 'USDT', 'held')).toBe(0n);
    expect((await desk()).networks[0]).toMatchObject({
      withdrawalEnabled: false,
      withdrawalDisabledReason: 'congestion',
    });
  });
});

describe('the withdrawal queue and its reviews', () => {
  it('one approval decides a withdrawal above the first bound; it is then on its way to the signer', async () => {
    const holder = await tetherHolder(t, '200');
    const w = await askWithdrawal(t, holder, '50');
    expect(w.state).toBe('Pending');
    const pending = await withdrawalView(w.id);
    expect(pending).toMatchObject({
      state: 'Pending',
      amount: '50',
      fee: '1',
      total: '51',
      approvalsNeeded: 1,
      firstApproval: null,
      reviewer: null,
      addressSaved: false,
      user: { id: holder.userId, mobile: e164(holder.mobile) },
    });

    const res = await approve(first, w.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminTetherWithdrawal>()).toMatchObject({
      state: 'Approved',
      reviewer: { id: first.userId, firstName: 'بررسی', lastName: 'اول' },
      firstApproval: null,
    });
    expect(errorOf(await approve(second, w.id))).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);
    expect(errorOf(await reject(second, w.id))).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);
    // Still held until the chain confirms it.
    expect(await balanceOf(t.database.db, holder.userId, 'USDT', 'held')).toBe(51_000_000n);
  });

  it('above the second bound takes two different operators; the first cannot give the second', async () => {
    const holder = await tetherHolder(t, '500');
    const w = await askWithdrawal(t, holder, '150');
    expect((await withdrawalView(w.id)).approvalsNeeded).toBe(2);

    const once = await approve(first, w.id);
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json<AdminTetherWithdrawal>()).toMatchObject({
      state: 'Pending',
      firstApproval: { operatorId: first.userId, firstName: 'بررسی', lastName: 'اول', at: t.clock.now.toISOString() },
      reviewer: null,
    });
    expect(errorOf(await approve(first, w.id))).toEqual([403, 'SAME_OPERATOR']);
    const twice = await approve(second, w.id);
    expect(twice.statusCode, twice.body).toBe(200);
    expect(twice.json<AdminTetherWithdrawal>()).toMatchObject({
      state: 'Approved',
      reviewer: { id: second.userId },
      firstApproval: null,
    });
    expect((await auditOf('tether.withdrawal.approved')).at(-1)).toMatchObject({
      actor_user_id: second.userId,
      data: expect.objectContaining({ firstApprovedBy: first.userId }),
    });
  });

  it('a rejection is one operator’s, the first approver’s too, and returns amount and fee', async () => {
    const holder = await tetherHolder(t, '500');
    const w = await askWithdrawal(t, holder, '150');
    expect((await approve(first, w.id)).statusCode).toBe(200);
    expect(errorOf(await reject(first, w.id, { reason: 'stolen' }))).toEqual([400, 'VALIDATION_FAILED']);
    const res = await reject(first, w.id, { reason: 'travel_rule', comment: 'مقصد صرافی خارجی است' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminTetherWithdrawal>()).toMatchObject({
      state: 'Rejected',
      rejectReason: 'travel_rule',
      reviewComment: 'مقصد صرافی خارجی است',
      reviewer: { id: first.userId },
    });
    expect(await balanceOf(t.database.db, holder.userId, 'USDT', 'held')).toBe(0n);
    expect(await balanceOf(t.database.db, holder.userId, 'USDT', 'available')).toBe(500_000_000n);
  });

  it('no operator reviews their own withdrawal (OPERATOR_OWN_ACCOUNT)', async () => {
    const holder = await tetherHolder(t, '200');
    const w = await askWithdrawal(t, holder, '50');
    const self = await promoteToOperator(t, holder, 'senior_operator');
    expect(errorOf(await approve(self, w.id))).toEqual([403, 'OPERATOR_OWN_ACCOUNT']);
    expect(errorOf(await reject(self, w.id))).toEqual([403, 'OPERATOR_OWN_ACCOUNT']);
    expect((await withdrawalView(w.id)).state).toBe('Pending');
    expect(errorOf(await approve(first, randomUUID()))).toEqual([404, 'NOT_FOUND']);
  });

  it('lists the queue first, oldest first, then the others newest first; says when the address was saved', async () => {
    const holder = await tetherHolder(t, '1000');
    // An address saved in the book a day before the withdrawal to it.
    const saved = externalTronAddress();
    const book = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/tether/address-book',
      headers: { cookie: holder.cookie },
      payload: { network: 'TRC20', address: saved, label: 'کیف سخت‌افزاری' },
    });
    expect(book.statusCode, book.body).toBe(201);
    // A day passes (the rows' times are the database's: moved back rather than the app's clock forward).
    await t.database.db.execute(
      sql`UPDATE tether_address_book SET created_at = created_at - interval '25 hours',
            usable_at = usable_at - interval '25 hours' WHERE user_id = ${holder.userId}`,
    );

    const older = await askWithdrawal(t, holder, '30', { address: saved });
    const decided = await askWithdrawal(t, holder, '40');
    const newer = await askWithdrawal(t, holder, '20');
    expect((await approve(first, decided.id)).statusCode).toBe(200);

    const mine = (await call(first, 'GET', `/admin/chain/withdrawals?userId=${holder.userId}`)).json<
      Page<AdminTetherWithdrawal>
    >();
    expect(mine.items.map((w) => w.id)).toEqual([older.id, newer.id, decided.id]);
    expect(mine.items[0]).toMatchObject({ addressSaved: true, addressLabel: 'کیف سخت‌افزاری', address: saved });
    expect(mine.items[1]!.addressSaved).toBe(false);

    const queue = (await call(first, 'GET', '/admin/chain/withdrawals?state=Pending')).json<
      Page<AdminTetherWithdrawal>
    >();
    expect(queue.items.every((w) => w.state === 'Pending')).toBe(true);
    const times = queue.items.map((w) => Date.parse(w.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(queue.items.map((w) => w.id)).toEqual(expect.arrayContaining([older.id, newer.id]));

    const approved = (await call(first, 'GET', `/admin/chain/withdrawals?state=Approved&userId=${holder.userId}`)).json<
      Page<AdminTetherWithdrawal>
    >();
    expect(approved.items.map((w) => w.id)).toEqual([decided.id]);
    const onErc = (await call(first, 'GET', `/admin/chain/withdrawals?network=ERC20&userId=${holder.userId}`)).json<
      Page<AdminTetherWithdrawal>
    >();
    expect(onErc.total).toBe(0);
  });

  it('a withdrawal under the first bound needs no one: approved when asked', async () => {
    const holder = await tetherHolder(t, '100');
    const w = await askWithdrawal(t, holder, '10');
    expect(await withdrawalView(w.id)).toMatchObject({ state: 'Approved', approvalsNeeded: 0, reviewer: null });
    expect(errorOf(await approve(first, w.id))).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);
  });
});
