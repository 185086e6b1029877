import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explorerTxUrl, type TetherWithdrawal } from '@portal/contract/tether/chain';
import { toChecksumAddress } from '@portal/contract/tether/networks';
import type { UserRequest } from '@portal/contract/wallet/user-requests';
import type { Transaction, Wallet } from '@portal/contract/wallet/wallets';
import { startSensitiveChangeHold } from '../../src/lib/withdrawal-hold';
import {
  approveTetherWithdrawal,
  rejectTetherWithdrawal,
  toAdminTetherWithdrawals,
} from '../../src/modules/chain/withdrawals.service';
import { findTetherWithdrawal } from '../../src/modules/chain/withdrawals.repository';
import { makeOperator } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import {
  auditOf,
  codeFor,
  errorOf,
  freshAddress,
  get,
  issuesOf,
  portalDepositAddress,
  post,
  postingsOf,
  postTetherWithdrawal,
  setUser,
  snapshot,
  tetherUser,
  usdt,
  withdrawTether,
  withNetwork,
  withSettings,
} from './withdrawal-helpers';

/**
 * Asking for a tether withdrawal (issue 18, SPEC §2 "Tether withdraw", decision 040): KYC level two, an
 * address of the network, the network's minimum and maximum, the daily limit, the confirming code; amount
 * + fee held at once, in one money transaction; idempotent; every refusal changes nothing. Then the user's
 * list, cancel, the operators' approve and reject.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('a tether withdrawal', () => {
  it('holds amount + fee at once; under the review bound it is approved when asked', async () => {
    const u = await tetherUser(t, usdt(100));
    const address = freshAddress('TRC20');
    const w = await withdrawTether(t, u, { amount: '25.5', address });
    expect(w).toMatchObject({
      network: 'TRC20',
      address,
      addressLabel: null,
      amount: '25.5',
      fee: '1',
      total: '26.5',
      state: 'Approved',
      status: 'InProgress',
      rejectReason: null,
      txHash: null,
      confirmations: null,
      requiredConfirmations: 19,
      canCancel: false,
    });
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(usdt(73.5));
    expect(await balanceOf(t.database.db, u.userId, 'USDT', 'held')).toBe(usdt(26.5));
    expect(await postingsOf(t.database.db, w.id)).toEqual([
      [
        ['available', String(-usdt(26.5))],
        ['held', String(usdt(26.5))],
      ],
    ]);
    const [audit] = await auditOf(t.database.db, 'tether.withdrawal.requested', w.id);
    expect(audit).toMatchObject({ actor_user_id: u.userId, data: { approvalsNeeded: 0, amount: '25.5', fee: '1' } });

    const one = await get(t, u.cookie, `/wallet/tether/withdrawals/${w.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual(w);
    const list = await get(t, u.cookie, '/wallet/tether/withdrawals');
    expect(list.json()).toEqual({ items: [w], total: 1, page: 1, pageSize: 10 });
    const inProgress = await get(t, u.cookie, '/wallet/tether/withdrawals?status=InProgress');
    expect(inProgress.json<{ total: number }>().total).toBe(1);
    const pending = await get(t, u.cookie, '/wallet/tether/withdrawals?status=Pending');
    expect(pending.json<{ total: number }>().total).toBe(0);
    await expectLedgerSound(t.database.db);
  });

  it('writes an EVM address in its checksum form whatever the case it was typed in', async () => {
    const u = await tetherUser(t, usdt(100));
    const address = freshAddress('ERC20');
    const w = await withdrawTether(t, u, { amount: '20', address: address.toLowerCase(), network: 'ERC20' });
    expect(w.address).toBe(toChecksumAddress(address));
    expect(w).toMatchObject({ fee: '5', total: '25', requiredConfirmations: 12 });
  });

  it('confirms with a phone code when two-factor is off', async () => {
    const u = await tetherUser(t, usdt(100), { phone: true });
    const w = await withdrawTether(t, u, { amount: '10' });
    expect(w.total).toBe('11');
  });

  it('takes the network’s minimum and maximum themselves, and refuses a step beyond either', async () => {
    const u = await tetherUser(t, usdt(1_000));
    await withNetwork(t, 'TRC20', { maxWithdrawal: usdt(300) }, async () => {
      const atMin = await withdrawTether(t, u, { amount: '10' });
      expect(atMin.amount).toBe('10');
      const atMax = await withdrawTether(t, u, { amount: '300' });
      expect(atMax.amount).toBe('300');

      const before = await snapshot(t, u.userId);
      const below = await postTetherWithdrawal(t, u, {
        network: 'TRC20',
        address: freshAddress(),
        amount: '9.999999',
        code: await codeFor(t, u),
      });
      expect(errorOf(below)).toEqual([422, 'TETHER_WITHDRAWAL_BELOW_MINIMUM']);
      expect(below.json<{ details: { min: string } }>().details.min).toBe('10');
      const above = await postTetherWithdrawal(t, u, {
        network: 'TRC20',
        address: freshAddress(),
        amount: '300.000001',
        code: await codeFor(t, u),
      });
      expect(errorOf(above)).toEqual([422, 'TETHER_WITHDRAWAL_ABOVE_MAXIMUM']);
      expect(above.json<{ details: { max: string } }>().details.max).toBe('300');
      expect(await snapshot(t, u.userId)).toEqual(before);
    });
  });

  it('fixes the review when asked: none up to the first bound, one operator up to the second, two above', async () => {
    const u = await tetherUser(t, usdt(5_000));
    await withSettings(t, { reviewAbove: usdt(100), secondReviewAbove: usdt(500) }, async () => {
      expect((await withdrawTether(t, u, { amount: '100' })).state).toBe('Approved');
      const one = await withdrawTether(t, u, { amount: '100.000001' });
      expect(one).toMatchObject({ state: 'Pending', status: 'Pending', canCancel: true });
      const oneAtBound = await withdrawTether(t, u, { amount: '500' });
      const two = await withdrawTether(t, u, { amount: '500.5' });
      const rows = await Promise.all([one, oneAtBound, two].map((w) => findTetherWithdrawal(t.database.db, w.id)));
      expect(rows.map((r) => r!.approvalsNeeded)).toEqual([1, 1, 2]);
    });
  });
});

describe('every bad input is a translated error and changes nothing', () => {
  let u: Awaited<ReturnType<typeof tetherUser>>;
  beforeAll(async () => {
    u = await tetherUser(t, usdt(100));
  });

  async function refused(payload: Record<string, unknown>, expected: [number, string], who = u) {
    const before = await snapshot(t, who.userId);
    const res = await postTetherWithdrawal(t, who, {
      network: 'TRC20',
      address: freshAddress(),
      amount: '20',
      code: await codeFor(t, who),
      ...payload,
    });
    expect(errorOf(res), res.body).toEqual(expected);
    expect(await snapshot(t, who.userId)).toEqual(before);
    return res;
  }

  it('an address of another network, or with a bad checksum', async () => {
    const evm = freshAddress('ERC20');
    let res = await refused({ address: evm }, [400, 'VALIDATION_FAILED']);
    expect(issuesOf(res)).toEqual([expect.objectContaining({ path: 'body.address', rule: 'addressFormat' })]);
    res = await refused({ network: 'ERC20', address: freshAddress('TRC20') }, [400, 'VALIDATION_FAILED']);
    expect(issuesOf(res)).toEqual([expect.objectContaining({ rule: 'addressFormat' })]);

    // One letter of a checksummed EVM address in the other case.
    const checksummed = toChecksumAddress(evm);
    const i = [...checksummed].findIndex((c, k) => k > 1 && /[a-fA-F]/.test(c));
    const letter = checksummed.charAt(i);
    const other = letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase();
    const flipped = checksummed.slice(0, i) + other + checksummed.slice(i + 1);
    res = await refused({ network: 'ERC20', address: flipped }, [400, 'VALIDATION_FAILED']);
    expect(issuesOf(res)).toEqual([expect.objectContaining({ rule: 'addressChecksum' })]);

    // A TRON address with one character changed: the right shape, a wrong check.
    const tron = freshAddress('TRC20');
    const last = tron.at(-1) === 'a' ? 'b' : 'a';
    res = await refused({ address: tron.slice(0, -1) + last }, [400, 'VALIDATION_FAILED']);
    expect(issuesOf(res)).toEqual([expect.objectContaining({ rule: 'addressChecksum' })]);
  });

  it('the portal’s own deposit address, of this network or another one of the same chain', async () => {
    await refused({ address: await portalDepositAddress(t, 'TRC20') }, [422, 'ADDRESS_IS_PORTAL_DEPOSIT']);
    // ERC20 and BEP20 share one address per user: a BEP20 deposit address is refused on ERC20 too.
    const bep = await portalDepositAddress(t, 'BEP20');
    await refused({ network: 'ERC20', address: bep.toLowerCase() }, [422, 'ADDRESS_IS_PORTAL_DEPOSIT']);
  });

  it('an amount under the minimum, with more than six decimals, zero', async () => {
    await refused({ amount: '9.99' }, [422, 'TETHER_WITHDRAWAL_BELOW_MINIMUM']);
    let res = await refused({ amount: '12.1234567' }, [400, 'VALIDATION_FAILED']);
    expect(issuesOf(res)).toEqual([expect.objectContaining({ path: 'body.amount', rule: 'amountDecimals' })]);
    res = await refused({ amount: '0' }, [400, 'VALIDATION_FAILED']);
    expect(issuesOf(res)).toEqual([expect.objectContaining({ rule: 'amountPositive' })]);
  });

  it('an amount over the balance once the fee is added', async () => {
    const poor = await tetherUser(t, usdt(20));
    await refused({ amount: '20' }, [422, 'INSUFFICIENT_BALANCE'], poor);
    // The same right code still works for what the balance covers: the refusal spent nothing.
    const ok = await postTetherWithdrawal(t, poor, {
      network: 'TRC20',
      address: freshAddress(),
      amount: '19',
      code: await codeFor(t, poor),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await balanceOf(t.database.db, poor.userId, 'USDT')).toBe(0n);
  });

  it('an amount over the daily limit (what is left today in the answer)', async () => {
    const rich = await tetherUser(t, usdt(1_000));
    await withSettings(t, { dailyWithdrawalLimit: usdt(100) }, async () => {
      await withdrawTether(t, rich, { amount: '60' });
      const res = await refused({ amount: '40.000001' }, [422, 'TETHER_WITHDRAWAL_DAILY_LIMIT'], rich);
      expect(res.json<{ details: { remaining: string } }>().details.remaining).toBe('40');
      const networks = await get(t, rich.cookie, '/wallet/tether/networks');
      expect(networks.json<{ allowance: unknown }>().allowance).toEqual({ dailyLimit: '100', remainingToday: '40' });
      await withdrawTether(t, rich, { amount: '40' });
    });
  });

  it('a network closed for withdrawals', async () => {
    await withNetwork(t, 'TRC20', { withdrawalEnabled: false, withdrawalDisabledReason: 'maintenance' }, async () => {
      await refused({}, [409, 'TETHER_NETWORK_DISABLED']);
      const networks = await get(t, u.cookie, '/wallet/tether/networks');
      const trc = networks.json<{ items: { network: string }[] }>().items.find((n) => n.network === 'TRC20');
      expect(trc).toMatchObject({ withdrawalEnabled: false, withdrawalDisabledReason: 'maintenance' });
    });
  });

  it('a wrong or reused code (a wrong one is counted, nothing else)', async () => {
    const before = await snapshot(t, u.userId);
    const key = randomUUID();
    const body = { network: 'TRC20', address: freshAddress(), amount: '20' };
    const right = await codeFor(t, u);
    const wrong = right === '000000' ? '111111' : '000000';
    const res = await postTetherWithdrawal(t, u, { ...body, code: wrong }, key);
    expect(errorOf(res)).toEqual([400, 'TOTP_INVALID']);
    expect(await snapshot(t, u.userId)).toEqual(before);
    // The key was given back: the same key with the right code goes through.
    const ok = await postTetherWithdrawal(t, u, { ...body, code: right }, key);
    expect(ok.statusCode, ok.body).toBe(201);
    const after = await snapshot(t, u.userId);
    const reused = await postTetherWithdrawal(t, u, { ...body, code: right });
    expect(errorOf(reused)).toEqual([400, 'TOTP_ALREADY_USED']);
    expect(await snapshot(t, u.userId)).toEqual(after);

    // A phone code works once.
    const p = await tetherUser(t, usdt(100), { phone: true });
    const code = await codeFor(t, p);
    const first = await postTetherWithdrawal(t, p, { ...body, address: freshAddress(), code });
    expect(first.statusCode, first.body).toBe(201);
    const again = await snapshot(t, p.userId);
    const second = await postTetherWithdrawal(t, p, { ...body, address: freshAddress(), code });
    expect(errorOf(second)).toEqual([400, 'OTP_EXPIRED']);
    expect(await snapshot(t, p.userId)).toEqual(again);
  });

  it('without level two, frozen, or during the hold after a sensitive change', async () => {
    const low = await tetherUser(t, usdt(100), { kycLevel: 1 });
    const res = await refused({}, [403, 'KYC_REQUIRED'], low);
    expect(res.json<{ details: { requiredLevel: number } }>().details.requiredLevel).toBe(2);
    const networks = await get(t, low.cookie, '/wallet/tether/networks');
    expect(networks.json<{ allowance: unknown }>().allowance).toBeNull();

    const frozen = await tetherUser(t, usdt(100));
    await setUser(t, frozen.userId, { frozenAt: new Date(), frozenReason: 'test' });
    await refused({}, [403, 'ACCOUNT_FROZEN'], frozen);

    const held = await tetherUser(t, usdt(100));
    const until = await startSensitiveChangeHold(t.database.db, held.userId, 'password_reset', t.clock.now);
    const holdRes = await refused({}, [403, 'WITHDRAWAL_HOLD'], held);
    expect(holdRes.json<{ details: { until: string } }>().details.until).toBe(until.toISOString());
  });

  it('a replay with the same idempotency key answers the same and holds once; another body is refused', async () => {
    const r = await tetherUser(t, usdt(100));
    const key = randomUUID();
    const body = { network: 'TRC20', address: freshAddress(), amount: '30', code: await codeFor(t, r) };
    const first = await postTetherWithdrawal(t, r, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const after = await snapshot(t, r.userId);
    const again = await postTetherWithdrawal(t, r, body, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await snapshot(t, r.userId)).toEqual(after);
    expect(after.held).toBe(usdt(31));
    // The amount written another way is the same request.
    const same = await postTetherWithdrawal(t, r, { ...body, amount: '30.000' }, key);
    expect(same.json()).toEqual(first.json());
    const other = await postTetherWithdrawal(t, r, { ...body, amount: '31' }, key);
    expect(errorOf(other)).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await snapshot(t, r.userId)).toEqual(after);
    const none = await postTetherWithdrawal(t, r, body, null);
    expect(errorOf(none)).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('another user’s withdrawal id is not found, to read or to cancel', async () => {
    const owner = await tetherUser(t, usdt(100));
    const w = await withSettings(t, { reviewAbove: 0n }, () => withdrawTether(t, owner, { amount: '20' }));
    expect((await get(t, u.cookie, `/wallet/tether/withdrawals/${w.id}`)).statusCode).toBe(404);
    const before = await snapshot(t, owner.userId);
    expect(errorOf(await post(t, u, `/wallet/tether/withdrawals/${w.id}/cancel`))).toEqual([404, 'NOT_FOUND']);
    expect(await snapshot(t, owner.userId)).toEqual(before);
    expect((await get(t, u.cookie, `/wallet/tether/withdrawals/${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('cancel, reject and approve', () => {
  it('the user cancels while it waits for review: amount and fee return, once', async () => {
    const u = await tetherUser(t, usdt(100));
    const w = await withSettings(t, { reviewAbove: 0n }, () => withdrawTether(t, u, { amount: '20' }));
    expect(w.state).toBe('Pending');
    const res = await post(t, u, `/wallet/tether/withdrawals/${w.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TetherWithdrawal>()).toMatchObject({ state: 'Canceled', status: 'Canceled', canCancel: false });
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(usdt(100));
    expect(await balanceOf(t.database.db, u.userId, 'USDT', 'held')).toBe(0n);
    expect(await postingsOf(t.database.db, w.id)).toEqual([
      [
        ['available', String(-usdt(21))],
        ['held', String(usdt(21))],
      ],
      [
        ['held', String(-usdt(21))],
        ['available', String(usdt(21))],
      ],
    ]);
    expect(errorOf(await post(t, u, `/wallet/tether/withdrawals/${w.id}/cancel`))).toEqual([
      409,
      'REQUEST_NOT_CANCELLABLE',
    ]);
    // Approved when asked (under the bound): already on its way, not cancellable.
    const approved = await withdrawTether(t, u, { amount: '20' });
    expect(errorOf(await post(t, u, `/wallet/tether/withdrawals/${approved.id}/cancel`))).toEqual([
      409,
      'REQUEST_NOT_CANCELLABLE',
    ]);
    await expectLedgerSound(t.database.db);
  });

  it('an operator rejects: the hold returns; a decided one cannot be reviewed again', async () => {
    const u = await tetherUser(t, usdt(100));
    const op = await makeOperator(t, 'admin');
    const w = await withSettings(t, { reviewAbove: 0n }, () => withdrawTether(t, u, { amount: '50' }));
    const row = await rejectTetherWithdrawal(t.database.db, {
      operatorId: op.userId,
      withdrawalId: w.id,
      reason: 'address_risk',
      comment: 'a mixer',
      ip: '127.0.0.1',
      now: t.clock.now,
    });
    expect(row).toMatchObject({ status: 'Rejected', rejectReason: 'address_risk', reviewerId: op.userId });
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(usdt(100));
    expect(await balanceOf(t.database.db, u.userId, 'USDT', 'held')).toBe(0n);
    const view = await get(t, u.cookie, `/wallet/tether/withdrawals/${w.id}`);
    expect(view.json<TetherWithdrawal>()).toMatchObject({
      state: 'Rejected',
      status: 'Failed',
      rejectReason: 'address_risk',
    });
    await expect(
      approveTetherWithdrawal(t.database.db, {
        operatorId: op.userId,
        withdrawalId: w.id,
        ip: '::1',
        now: t.clock.now,
      }),
    ).rejects.toMatchObject({ code: 'REQUEST_ALREADY_REVIEWED' });
    const [admin] = await toAdminTetherWithdrawals(t.database.db, [row]);
    expect(admin).toMatchObject({ state: 'Rejected', reviewComment: 'a mixer', reviewer: { id: op.userId } });
    await expectLedgerSound(t.database.db);
  });

  it('one approval decides below the second bound; above it two different operators', async () => {
    const u = await tetherUser(t, usdt(10_000));
    const [a, b] = [await makeOperator(t, 'admin'), await makeOperator(t, 'admin')];
    const approve = (operatorId: string, withdrawalId: string) =>
      approveTetherWithdrawal(t.database.db, { operatorId, withdrawalId, ip: '::1', now: t.clock.now });
    await withSettings(t, { reviewAbove: usdt(100), secondReviewAbove: usdt(1_000) }, async () => {
      const one = await withdrawTether(t, u, { amount: '500' });
      expect((await approve(a.userId, one.id)).status).toBe('Approved');

      const two = await withdrawTether(t, u, { amount: '2000' });
      const first = await approve(a.userId, two.id);
      expect(first).toMatchObject({ status: 'Pending', firstApprovedBy: a.userId });
      const [pending] = await toAdminTetherWithdrawals(t.database.db, [first]);
      expect(pending).toMatchObject({ approvalsNeeded: 2, firstApproval: { operatorId: a.userId } });
      await expect(approve(a.userId, two.id)).rejects.toMatchObject({ code: 'SAME_OPERATOR' });
      const decided = await approve(b.userId, two.id);
      expect(decided).toMatchObject({ status: 'Approved', reviewerId: b.userId, firstApprovedBy: a.userId });
      expect(await auditOf(t.database.db, 'tether.withdrawal.approved', two.id)).toHaveLength(1);

      // A freeze of the owner since it was asked stops the approval.
      const three = await withdrawTether(t, u, { amount: '300' });
      await setUser(t, u.userId, { frozenAt: new Date(), frozenReason: 'test' });
      await expect(approve(a.userId, three.id)).rejects.toMatchObject({ code: 'ACCOUNT_FROZEN' });
      await setUser(t, u.userId, { frozenAt: null, frozenReason: null });
    });
  });
});

describe('the history', () => {
  it('shows the withdrawal in the requests list and the USDT wallet’s history with its chain place', async () => {
    const u = await tetherUser(t, usdt(100));
    const w = await withSettings(t, { reviewAbove: 0n }, () => withdrawTether(t, u, { amount: '40' }));
    const requests = await get(t, u.cookie, '/user-requests?type=WithdrawalFromTetherWallet');
    expect(requests.statusCode, requests.body).toBe(200);
    const [req] = requests.json<{ items: UserRequest[] }>().items;
    expect(req).toMatchObject({
      id: w.id,
      type: 'WithdrawalFromTetherWallet',
      status: 'Pending',
      currency: 'USDT',
      amount: '40',
      fee: '1',
      canCancel: true,
      reviewDeadline: expect.any(String),
      chain: {
        network: 'TRC20',
        txHash: null,
        confirmations: null,
        requiredConfirmations: 19,
        status: 'Pending',
        address: w.address,
      },
    });
    const deposits = await get(t, u.cookie, '/user-requests?type=TetherDeposit');
    const [dep] = deposits.json<{ items: UserRequest[] }>().items;
    expect(dep).toMatchObject({
      type: 'TetherDeposit',
      status: 'Successful',
      amount: '100',
      canCancel: false,
      reviewDeadline: null,
      chain: { network: 'TRC20', confirmations: 19, requiredConfirmations: 19, status: 'Successful' },
    });
    expect(explorerTxUrl('TRC20', dep!.chain!.txHash!)).toContain(dep!.chain!.txHash!);

    const wallets = await get(t, u.cookie, '/wallets');
    const wallet = wallets.json<{ items: Wallet[] }>().items.find((x) => x.currency === 'USDT')!;
    const history = await get(t, u.cookie, `/wallets/${wallet.walletId}/transactions`);
    const items = history.json<{ items: Transaction[] }>().items;
    expect(items.map((i) => [i.refType, i.type, i.amount, i.chain?.status])).toEqual([
      ['TetherWithdrawal', 'Withdrawal', '41', 'Pending'],
      ['TetherDeposit', 'Deposit', '100', 'Successful'],
    ]);
    expect(items[0]!.chain).toMatchObject({ network: 'TRC20', address: w.address, txHash: null });
    const all = await get(t, u.cookie, '/transactions?currency=USDT');
    expect(all.json<{ items: Transaction[] }>().items.map((i) => i.chain?.network)).toEqual(['TRC20', 'TRC20']);
  });
});
