import { createHash, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TetherWithdrawal } from '@portal/contract/tether/chain';
import type { UserRequest } from '@portal/contract/wallet/user-requests';
import type { ChainReaderPort } from '../../src/adapters/chain/chain.port';
import type { CustodyPort } from '../../src/adapters/custody/custody.port';
import { createHttpCustody } from '../../src/adapters/custody/http-custody';
import { runMoneyTransaction } from '../../src/lib/money-tx';
import { runWithdrawalJobs, SENDING_RECHECK_SECONDS, type JobLog } from '../../src/modules/chain/signer.service';
import { rawOfTetherMinor } from '@portal/contract/tether/networks';
import { claimApprovedForSending, findTetherWithdrawal } from '../../src/modules/chain/withdrawals.repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { FakeTronChain, startCustodyDouble, type CustodyDouble } from '../helpers/chain-doubles';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import {
  auditOf,
  get,
  postingsOf,
  systemUsdt,
  tetherUser,
  usdt,
  withdrawTether,
  type TetherUser,
} from './withdrawal-helpers';

/**
 * The signer's side of a withdrawal (issue 18, decision 040), as the chain watcher's tick runs it: the
 * custody service of the protocol (the local double, through the real HTTP adapter) sends on a fake TRON
 * chain, a reader over that chain follows the transaction. A signer that times out is asked and answers; one
 * that answers twice sends once; a transaction that fails on chain returns the hold; confirmations pay once.
 */
const KEY = 'portal-test';
const SECRET = 'a shared secret of the custody service';

let t: TestApp;
let chain: FakeTronChain;
let service: CustodyDouble;
let custody: CustodyPort;
let reader: ChainReaderPort;
const warnings: string[] = [];
const log: JobLog = { info: () => undefined, warn: (_o, msg) => void warnings.push(msg) };

/**
 * A fake TRON chain whose transaction hashes are its own: each test's chain is new, the database's
 * withdrawals stay, and a hash of an earlier chain must not come again (the hashes are unique per network).
 */
class FreshTronChain extends FakeTronChain {
  private readonly salt = randomUUID();
  protected override txHashOf(seq: number) {
    return createHash('sha256').update(`${this.salt}:${seq}`).digest('hex');
  }
}

/** A reader over the fake chain, as the TRON reader would answer. */
function readerOf(c: FakeTronChain): ChainReaderPort {
  return {
    network: 'TRC20',
    head: async () => ({ number: BigInt(c.head), hash: c.blockHash(c.head)! }),
    blockHash: async (n) => c.blockHash(Number(n)),
    transfersTo: async () => [],
    transaction: async (hash) => {
      const tx = c.transaction(hash);
      return tx && tx.blockNumber !== null
        ? { found: true, blockNumber: BigInt(tx.blockNumber), blockHash: tx.blockHash!, success: !tx.failed }
        : { found: false };
    },
  };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  chain = new FreshTronChain({ firstBlock: 1_000 });
  service = await startCustodyDouble({ keyId: KEY, secret: SECRET, chain });
  custody = createHttpCustody({ baseUrl: service.url, keyId: KEY, secret: SECRET, timeoutMs: 300 });
  reader = readerOf(chain);
  warnings.length = 0;
});
afterEach(async () => {
  await service.close();
});

const tick = () => runWithdrawalJobs({ db: t.database.db, custody, reader, network: 'TRC20', now: t.clock.now, log });
const stateOf = async (id: string) => (await findTetherWithdrawal(t.database.db, id))!;
const posts = () => service.requests.filter((r) => r.method === 'POST');

async function approvedWithdrawal(amount = '20'): Promise<{ u: TetherUser; w: TetherWithdrawal }> {
  const u = await tetherUser(t, usdt(100));
  const w = await withdrawTether(t, u, { amount });
  expect(w.state).toBe('Approved');
  return { u, w };
}

describe('the signer', () => {
  it('sends an approved withdrawal once, follows it to its confirmations and pays it once', async () => {
    const { u, w } = await approvedWithdrawal('20');
    expect(await tick()).toEqual({ sent: 1, asked: 0, broadcast: 1, paid: 0, failed: 0 });
    const [transfer] = chain.transfers();
    expect(transfer).toMatchObject({ to: w.address, value: 20_000_000n, from: service.hotWallet('TRC20') });
    expect(posts().map((p) => p.body)).toEqual([
      { id: w.id, network: 'TRC20', asset: 'USDT', to: w.address, amount: '20000000' },
    ]);
    let row = await stateOf(w.id);
    expect(row).toMatchObject({ status: 'Sent', txHash: transfer!.txHash, confirmations: 0 });
    expect(await auditOf(t.database.db, 'tether.withdrawal.sent', w.id)).toHaveLength(1);

    // Mined: one confirmation, then more; nothing is paid before the network's 19.
    chain.mine();
    expect((await tick()).paid).toBe(0);
    row = await stateOf(w.id);
    expect(row).toMatchObject({ status: 'Sent', confirmations: 1, blockNumber: BigInt(chain.head) });
    chain.mine(17);
    await tick();
    expect((await stateOf(w.id)).confirmations).toBe(18);
    expect(await balanceOf(t.database.db, u.userId, 'USDT', 'held')).toBe(usdt(21));

    const custodyBefore = await systemUsdt(t.database.db, 'chain_custody');
    const feesBefore = await systemUsdt(t.database.db, 'fees');
    chain.mine();
    expect(await tick()).toMatchObject({ paid: 1 });
    row = await stateOf(w.id);
    expect(row).toMatchObject({ status: 'Successful', confirmations: 19 });
    expect(await balanceOf(t.database.db, u.userId, 'USDT', 'held')).toBe(0n);
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(usdt(79));
    expect(await systemUsdt(t.database.db, 'chain_custody')).toBe(custodyBefore + usdt(20));
    expect(await systemUsdt(t.database.db, 'fees')).toBe(feesBefore + usdt(1));
    const journals = await postingsOf(t.database.db, w.id);
    expect(journals).toHaveLength(2);
    expect(journals[1]!.sort()).toEqual(
      [
        ['held', String(-usdt(21))],
        ['chain_custody', String(usdt(20))],
        ['fees', String(usdt(1))],
      ].sort(),
    );

    // Later ticks (and two at once) change nothing more.
    chain.mine(5);
    const again = await Promise.all([tick(), tick()]);
    expect(again.map((r) => r.paid)).toEqual([0, 0]);
    expect(await postingsOf(t.database.db, w.id)).toHaveLength(2);
    expect(await auditOf(t.database.db, 'tether.withdrawal.paid', w.id)).toHaveLength(1);
    expect(chain.transfers()).toHaveLength(1);

    // The investor sees it paid with its hash and confirmations.
    const view = (await get(t, u.cookie, `/wallet/tether/withdrawals/${w.id}`)).json<TetherWithdrawal>();
    expect(view).toMatchObject({
      state: 'Successful',
      status: 'Successful',
      txHash: transfer!.txHash,
      confirmations: 19,
    });
    const [req] = (await get(t, u.cookie, '/user-requests?type=WithdrawalFromTetherWallet')).json<{
      items: UserRequest[];
    }>().items;
    expect(req!.chain).toMatchObject({ txHash: transfer!.txHash, confirmations: 19, status: 'Successful' });
    await expectLedgerSound(t.database.db);
  });

  it('a send that times out stays Sending; after the back-off it is asked and its one transaction found', async () => {
    const { w } = await approvedWithdrawal();
    await service.setMode('timeout', { delayMs: 1_000 });
    expect(await tick()).toEqual({ sent: 1, asked: 0, broadcast: 0, paid: 0, failed: 0 });
    expect(await stateOf(w.id)).toMatchObject({ status: 'Sending', txHash: null });
    expect(warnings).toContain('custody send unanswered');
    // The service took it and sent it although its answer was lost.
    expect(chain.transfers()).toHaveLength(1);
    await service.setMode('ok');

    // Within the back-off nobody asks.
    t.clock.advance(SENDING_RECHECK_SECONDS - 1);
    expect((await tick()).asked).toBe(0);
    t.clock.advance(2);
    expect(await tick()).toEqual({ sent: 0, asked: 1, broadcast: 1, paid: 0, failed: 0 });
    expect(await stateOf(w.id)).toMatchObject({ status: 'Sent', txHash: chain.transfers()[0]!.txHash });
    expect(posts()).toHaveLength(1);
    expect(chain.transfers()).toHaveLength(1);
  });

  it('a send that never arrived (the service was down, or the server stopped after claiming it) is sent again', async () => {
    const { w } = await approvedWithdrawal();
    await service.setMode('down');
    await tick();
    expect(await stateOf(w.id)).toMatchObject({ status: 'Sending' });
    expect(chain.transfers()).toHaveLength(0);
    await service.setMode('ok');
    t.clock.advance(SENDING_RECHECK_SECONDS + 1);
    expect(await tick()).toEqual({ sent: 1, asked: 1, broadcast: 1, paid: 0, failed: 0 });
    expect(await stateOf(w.id)).toMatchObject({ status: 'Sent' });
    expect(chain.transfers()).toHaveLength(1);

    // A crash between the claim's commit and the send: claimed as Sending, never asked.
    const other = await approvedWithdrawal();
    const claimed = await runMoneyTransaction(t.database.db, (tx) =>
      claimApprovedForSending(tx, 'TRC20', t.clock.now, 10),
    );
    expect(claimed.map((c) => c.id)).toEqual([other.w.id]);
    expect((await tick()).sent).toBe(0);
    t.clock.advance(SENDING_RECHECK_SECONDS + 1);
    expect(await tick()).toMatchObject({ sent: 1, asked: 1, broadcast: 1 });
    expect(chain.transfers().filter((x) => x.to === other.w.address)).toHaveLength(1);
  });

  it('a service that answers twice (a retrying proxy) still sends once, and it is paid once', async () => {
    const { u, w } = await approvedWithdrawal('30');
    await service.setMode('answer-twice');
    await tick();
    expect(posts()).toHaveLength(2);
    expect(posts().map((p) => p.duplicate)).toEqual([false, true]);
    expect(chain.transfers()).toHaveLength(1);
    expect(await stateOf(w.id)).toMatchObject({ status: 'Sent', txHash: chain.transfers()[0]!.txHash });
    chain.mine(19);
    const runs = await Promise.all([tick(), tick()]);
    expect(runs.reduce((n, r) => n + r.paid, 0)).toBe(1);
    expect(await postingsOf(t.database.db, w.id)).toHaveLength(2);
    expect(await balanceOf(t.database.db, u.userId, 'USDT', 'held')).toBe(0n);
    await expectLedgerSound(t.database.db);
  });

  it('a send the service refuses fails and the hold returns', async () => {
    const { u, w } = await approvedWithdrawal('20');
    await service.setMode('fail', { reason: 'hot wallet empty' });
    expect(await tick()).toMatchObject({ sent: 1, failed: 1 });
    expect(await stateOf(w.id)).toMatchObject({ status: 'Failed', rejectReason: 'custody_refused' });
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(usdt(100));
    expect(await balanceOf(t.database.db, u.userId, 'USDT', 'held')).toBe(0n);
    const [audit] = await auditOf(t.database.db, 'tether.withdrawal.failed', w.id);
    expect(audit!.data).toMatchObject({ reason: 'custody_refused', detail: 'hot wallet empty' });
    const view = (await get(t, u.cookie, `/wallet/tether/withdrawals/${w.id}`)).json<TetherWithdrawal>();
    expect(view).toMatchObject({ state: 'Failed', status: 'Failed', rejectReason: 'custody_refused' });
  });

  it('a transaction that fails on chain returns the hold once it is confirmed as failed', async () => {
    const { u, w } = await approvedWithdrawal('20');
    await tick();
    const hash = (await stateOf(w.id)).txHash!;
    chain.mine();
    chain.failTx(hash);
    chain.mine(10);
    await tick();
    expect(await stateOf(w.id)).toMatchObject({ status: 'Sent', confirmations: 11 });
    chain.mine(8);
    expect(await tick()).toMatchObject({ paid: 0, failed: 1 });
    expect(await stateOf(w.id)).toMatchObject({ status: 'Failed', rejectReason: 'chain_failed' });
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(usdt(100));
    expect(await balanceOf(t.database.db, u.userId, 'USDT', 'held')).toBe(0n);
    expect(await auditOf(t.database.db, 'tether.withdrawal.paid', w.id)).toHaveLength(0);
    await expectLedgerSound(t.database.db);
  });

  it('a transaction a reorganisation took out waits, its confirmations back to zero, until mined again', async () => {
    const { w } = await approvedWithdrawal('20');
    await tick();
    const hash = (await stateOf(w.id)).txHash!;
    chain.mine(3);
    await tick();
    expect((await stateOf(w.id)).confirmations).toBe(3);
    chain.reorg(3, { dropTx: [hash] });
    await tick();
    expect(await stateOf(w.id)).toMatchObject({ status: 'Sent', confirmations: 0, blockNumber: null });
  });

  it('asks the custody service for the network’s raw units', () => {
    expect(rawOfTetherMinor('TRC20', 1_500_000n)).toBe(1_500_000n);
    expect(rawOfTetherMinor('ERC20', 1_500_000n)).toBe(1_500_000n);
    expect(rawOfTetherMinor('BEP20', 1_500_000n)).toBe(1_500_000n * 10n ** 12n);
  });
});
