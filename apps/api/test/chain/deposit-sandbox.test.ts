import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositAddress, TetherDeposit } from '@portal/contract/tether/chain';
import { TETHER_NETWORKS, isValidAddress } from '@portal/contract/tether/networks';
import { sandboxCustodyTxHash } from '../../src/adapters/custody/sandbox-custody';
import { chainNetworks, sandboxChainTransfers } from '../../src/db/schema';
import { tickNetwork } from '../../src/modules/chain/watcher.service';
import { createTestApp, type TestApp } from '../helpers/app';
import { makeLevelOneInvestor } from '../helpers/admin';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';

/**
 * Issue 18: the embedded mode's sandbox chain as a developer and the browser journey drive it (the dev
 * routes: a test transfer to a deposit address, blocks mined on demand), and the sandbox signer on it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.update(chainNetworks).set({ confirmations: 2 });
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object });
const tick = (network: 'TRC20' | 'BEP20') =>
  tickNetwork(
    {
      db: t.database.db,
      readers: t.app.chain.readers,
      custody: t.app.chain.custody,
      scanBatch: 100,
      leaseMs: 30_000,
      now: () => t.clock.now,
    },
    network,
    'test',
  );

describe('the dev routes of the sandbox chain', () => {
  it('a transfer to a deposit address, mined on demand, appears as pending with its confirmations, then credited once', async () => {
    await tick('TRC20');
    const u = await makeLevelOneInvestor(t);
    const address = (
      await t.app.inject({
        method: 'POST',
        url: '/api/wallet/tether/deposit-addresses',
        headers: { cookie: u.cookie },
        payload: { network: 'TRC20' },
      })
    ).json<DepositAddress>().address;

    const sent = await post('/dev/sandbox-chain/transfer', { network: 'TRC20', to: address, amount: '۱۲٫۵' });
    expect(sent.statusCode, sent.body).toBe(201);
    const transfer = sent.json<{ txHash: string; amount: string; rawValue: string; token: string; mempool: number }>();
    expect(transfer).toMatchObject({
      amount: '12.5',
      rawValue: '12500000',
      token: TETHER_NETWORKS.TRC20.tetherContract,
      mempool: 1,
    });
    expect(transfer.txHash).toMatch(/^[0-9a-f]{64}$/);

    const mined = await post('/dev/sandbox-chain/mine', { network: 'TRC20' });
    expect(mined.statusCode, mined.body).toBe(200);
    const block = mined.json<{ head: { number: string; hash: string }; mined: { transfers: number }[] }>();
    expect(block.mined).toEqual([expect.objectContaining({ number: block.head.number, transfers: 1 })]);

    await tick('TRC20');
    const list = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/wallet/tether/deposits', headers: { cookie: u.cookie } })).json<{
        items: TetherDeposit[];
      }>().items;
    expect(await list()).toEqual([
      expect.objectContaining({
        txHash: transfer.txHash,
        status: 'Confirming',
        confirmations: 1,
        requiredConfirmations: 2,
      }),
    ]);
    expect((await post('/dev/sandbox-chain/mine', { network: 'TRC20', blocks: 3 })).json().mined).toHaveLength(3);
    await tick('TRC20');
    await tick('TRC20');
    expect((await list()).map((d) => d.status)).toEqual(['Credited']);
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(12_500_000n);
  });

  it("sends another token or a raw value, BEP20's 18 decimals included", async () => {
    const to = t.app.chain.sandbox!.hotWallet('BEP20');
    const other = await post('/dev/sandbox-chain/transfer', { network: 'BEP20', to, rawValue: '5', token: 'other' });
    expect(other.json()).toMatchObject({
      token: t.app.chain.sandbox!.otherToken('BEP20'),
      amount: null,
      rawValue: '5',
    });
    const tether = await post('/dev/sandbox-chain/transfer', { network: 'BEP20', to, amount: '1.000001' });
    expect(tether.json()).toMatchObject({ rawValue: '1000001000000000000', amount: '1.000001', mempool: 2 });
    expect(tether.json<{ txHash: string }>().txHash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('refuses an address of another network, a bad checksum, no amount or two, a bad network', async () => {
    const tron = t.app.chain.sandbox!.hotWallet('TRC20');
    const evm = t.app.chain.sandbox!.hotWallet('ERC20');
    const rules = async (payload: unknown) => {
      const res = await post('/dev/sandbox-chain/transfer', payload);
      expect(res.statusCode).toBe(400);
      return res.json<{ details: { issues: { path: string; rule: string }[] } }>().details.issues;
    };
    expect(await rules({ network: 'TRC20', to: evm, amount: '1' })).toEqual([
      expect.objectContaining({ path: 'body.to', rule: 'addressFormat' }),
    ]);
    const typo = evm.slice(0, -1) + (evm.endsWith('a') ? 'b' : 'a');
    expect(isValidAddress('ERC20', typo)).toBe(false);
    expect((await rules({ network: 'ERC20', to: typo, amount: '1' }))[0]).toMatchObject({ rule: 'addressChecksum' });
    expect((await rules({ network: 'ERC20', to: evm }))[0]).toMatchObject({ path: 'body.amount', rule: 'required' });
    expect((await rules({ network: 'ERC20', to: evm, amount: '1', rawValue: '1' }))[0]).toMatchObject({
      rule: 'required',
    });
    expect((await rules({ network: 'ERC20', to: evm, amount: '1.0000001' }))[0]).toMatchObject({
      rule: 'amountDecimals',
    });
    expect(await rules({ network: 'BTC', to: tron, amount: '1' })).not.toHaveLength(0);
    expect((await post('/dev/sandbox-chain/mine', { network: 'TRC20', blocks: 0 })).statusCode).toBe(400);
  });

  it('answers NOT_FOUND when the chains are live', async () => {
    const live = await createTestApp({
      envVars: {
        CHAIN_MODE: 'live',
        DEPOSIT_XPUB_TRON:
          'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5',
        DEPOSIT_XPUB_EVM:
          'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5',
        TRON_FULLNODE_URL: 'http://127.0.0.1:9',
        ETH_RPC_URL: 'http://127.0.0.1:9',
        BSC_RPC_URL: 'http://127.0.0.1:9',
        CUSTODY_URL: 'http://127.0.0.1:9',
        CUSTODY_KEY_ID: 'portal',
        CUSTODY_SECRET: 'c'.repeat(32),
      },
    });
    try {
      expect(live.app.chain).toMatchObject({ sandbox: null, sandboxMode: false, custody: { sandbox: false } });
      const res = await live.app.inject({
        method: 'POST',
        url: '/api/dev/sandbox-chain/mine',
        payload: { network: 'TRC20' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    } finally {
      await live.close();
    }
  });
});

describe('the sandbox signer', () => {
  it('sends from the hot wallet once per request id: the same hash again, nothing new on the chain', async () => {
    const custody = t.app.chain.custody;
    expect(custody).toMatchObject({ name: 'sandbox', sandbox: true });
    const requestId = '3f0c2a8e-6f55-4b8e-9d6a-2b1f0c9e7a11';
    expect(await custody.status(requestId)).toEqual({ status: 'unknown' });
    const to = t.app.chain.sandbox!.faucet('TRC20');
    const request = { requestId, network: 'TRC20' as const, to, value: 2_000_000n };
    const first = await custody.send(request);
    expect(first).toEqual({ status: 'sent', txHash: sandboxCustodyTxHash('TRC20', requestId) });
    expect(await custody.send(request)).toEqual(first);
    expect(await custody.status(requestId)).toEqual(first);
    const onChain = await t.database.db
      .select()
      .from(sandboxChainTransfers)
      .where(eq(sandboxChainTransfers.txHash, sandboxCustodyTxHash('TRC20', requestId)));
    expect(onChain).toEqual([
      expect.objectContaining({
        fromAddress: t.app.chain.sandbox!.hotWallet('TRC20'),
        toAddress: to,
        rawValue: '2000000',
        blockNumber: null,
      }),
    ]);
    // Mined, the chain reader finds it where the watcher follows a withdrawal.
    await t.app.chain.sandbox!.mine('TRC20', 1);
    expect(
      await t.app.chain.readers.get('TRC20')!.transaction(first.status === 'sent' ? first.txHash : ''),
    ).toMatchObject({ found: true, success: true });
  });

  it("reports the portal's tether on chain: what reached its addresses less what its hot wallet sent", async () => {
    const custody = t.app.chain.custody;
    const sandbox = t.app.chain.sandbox!;
    // What earlier tests left in the mempool is mined first.
    await sandbox.mine('BEP20', 1);
    const before = new Map((await custody.balances()).map((b) => [b.network, b.value]));
    const u = await makeLevelOneInvestor(t);
    const address = (
      await t.app.inject({
        method: 'POST',
        url: '/api/wallet/tether/deposit-addresses',
        headers: { cookie: u.cookie },
        payload: { network: 'BEP20' },
      })
    ).json<DepositAddress>().address;
    await sandbox.transfer({ network: 'BEP20', to: address, value: 7n * 10n ** 18n });
    // Another token, and a transfer still in the mempool, count for nothing.
    await sandbox.transfer({ network: 'BEP20', to: address, value: 9n, token: sandbox.otherToken('BEP20') });
    await sandbox.mine('BEP20', 1);
    await custody.send({
      requestId: 'b9d8f7e6-0000-4000-8000-000000000001',
      network: 'BEP20',
      to: sandbox.faucet('BEP20'),
      value: 10n ** 18n,
    });
    await sandbox.mine('BEP20', 1);
    await sandbox.transfer({ network: 'BEP20', to: address, value: 10n ** 18n });
    const after = new Map((await custody.balances()).map((b) => [b.network, b.value]));
    expect(after.get('BEP20')! - before.get('BEP20')!).toBe(6n * 10n ** 18n);
    expect(after.get('ERC20')).toBe(before.get('ERC20'));
  });
});
