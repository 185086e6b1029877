import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainReconciliation } from '@portal/contract/admin/chain';
import { toMinor } from '@portal/contract/core/money';
import { recordTransfers, tetherContractOf } from '../../src/modules/chain/deposits.service';
import { loadNetwork } from '../../src/modules/chain/networks.repository';
import { rawOfTetherMinor } from '@portal/contract/tether/networks';
import { runWithdrawalJobs } from '../../src/modules/chain/signer.service';
import { createTestApp, type TestApp } from '../helpers/app';
import { adminCall, makeOperator, type TestUser } from '../helpers/admin';
import { expectLedgerSound } from '../helpers/ledger';
import { systemBalance } from '../fund-orders/fund-order-helpers';
import { askWithdrawal, creditedDeposit, deepChain, payApproved, testCustody, tetherHolder } from './desk-helpers';

/**
 * Issue 18: the reconciliation report. Every movement made through the services (deposits credited by the
 * deposit service, withdrawals sent by the signer's jobs and confirmed on chain), the ledger's tether and the
 * chain tables agree: what the portal should hold on each network is what came in less what went out (plus
 * what arrived below the minimum), equal in total to −balance(chain_custody) and to the users' tether plus
 * the house's. The custody service's answer is compared per network, BEP20's 18 decimals brought to six; a
 * custody service that does not answer is reported, never an error page.
 */
const custody = testCustody();
let t: TestApp;
let op: TestUser;

beforeAll(async () => {
  t = await createTestApp({ adapters: { custody } });
  op = await makeOperator(t, 'operator');
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});

const report = async () => {
  const res = await adminCall(t, op.cookie, 'GET', '/admin/chain/reconciliation');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ChainReconciliation>();
};

describe('the reconciliation', () => {
  it('is all zero before anything moved', async () => {
    custody.setBalances([]);
    const r = await report();
    expect(r).toMatchObject({
      at: t.clock.now.toISOString(),
      usersLiability: '0',
      houseExchange: '0',
      total: { expectedOnChain: '0', custodyReported: '0', difference: '0' },
      custodyError: null,
    });
    expect(r.networks.map((n) => n.network)).toEqual(['TRC20', 'ERC20', 'BEP20']);
  });

  it('matches after credited deposits, a paid withdrawal and one in flight; the custody’s figures compared', async () => {
    const a = await tetherHolder(t, '100');
    const b = await tetherHolder(t, '0');
    await creditedDeposit(t, b.userId, '50', 'BEP20');
    // Half a tether to a's address on TRC20: below the minimum, on chain and credited to no one.
    const trc20 = await loadNetwork(t.database.db, 'TRC20');
    await t.database.db.transaction((tx) =>
      recordTransfers(tx, {
        network: trc20,
        owners: new Map([['a-address', a.userId]]),
        transfers: [
          {
            txHash: '0xbelowminimum',
            logIndex: 0,
            blockNumber: 5n,
            blockHash: '0xblock5',
            token: tetherContractOf('TRC20'),
            from: 'someone',
            to: 'a-address',
            value: 500_000n,
          },
        ],
      }),
    );

    // 30 tether paid (under the review bound: approved when asked), fee 1; then 20 sent, not yet mined.
    await askWithdrawal(t, a, '30');
    await payApproved(t, custody);
    await askWithdrawal(t, a, '20');
    const notMined = { ...deepChain('TRC20'), transaction: async () => ({ found: false as const }) };
    const sent = await runWithdrawalJobs({
      db: t.database.db,
      custody,
      reader: notMined,
      network: 'TRC20',
      now: t.clock.now,
    });
    expect(sent).toMatchObject({ sent: 1, broadcast: 1, paid: 0 });

    // The custody holds what came in less what it sent (30 + 20); BEP20 in 18 decimals with dust below six.
    custody.setBalances([
      { network: 'TRC20', value: rawOfTetherMinor('TRC20', toMinor('50.5', 'USDT')) },
      { network: 'BEP20', value: rawOfTetherMinor('BEP20', toMinor('50', 'USDT')) + 123_456n },
    ]);
    const r = await report();
    expect(r.networks).toEqual([
      { network: 'TRC20', expectedOnChain: '70.5', custodyReported: '50.5', difference: '-20', inFlight: '20' },
      { network: 'ERC20', expectedOnChain: '0', custodyReported: '0', difference: '0', inFlight: '0' },
      { network: 'BEP20', expectedOnChain: '50', custodyReported: '50', difference: '0', inFlight: '0' },
    ]);
    expect(r.total).toEqual({ expectedOnChain: '120.5', custodyReported: '100.5', difference: '-20' });
    // a: 48 available + 21 held (the withdrawal in flight and its fee are theirs until confirmed); b: 50.
    expect(r.usersLiability).toBe('119');
    // The fee of the paid withdrawal is the house's, and stays on chain.
    expect(r.houseExchange).toBe('1');
    // The ledger agrees: users' tether + the house's = credited − paid = −balance(chain_custody).
    expect(await systemBalance(t.database.db, 'chain_custody', 'USDT')).toBe(-120_000_000n);
    expect(r.custodyError).toBeNull();
  });

  it('reports a custody service that does not answer, without failing', async () => {
    custody.fail('connection refused');
    const r = await report();
    expect(r.custodyError).toBe('test-custody: connection refused');
    expect(r.total).toEqual({ expectedOnChain: '120.5', custodyReported: null, difference: null });
    expect(r.networks.every((n) => n.custodyReported === null && n.difference === null)).toBe(true);
    expect(r.networks[0]).toMatchObject({ expectedOnChain: '70.5', inFlight: '20' });
  });
});
