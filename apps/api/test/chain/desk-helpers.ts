/**
 * What the chain desk's tests need (issue 18): tether credited through the deposit service as the watcher
 * credits it, withdrawals asked through the investor's route with the phone code, sent and confirmed through
 * the signer's jobs, and a custody service whose balances the test sets or breaks.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TetherWithdrawal } from '@portal/contract/tether/chain';
import { toMinor } from '@portal/contract/core/money';
import { tronAddressFromBytes, type TetherNetworkKey } from '@portal/contract/tether/networks';
import type { ChainReaderPort, ChainTxStatus } from '../../src/adapters/chain/chain.port';
import type { CustodyBalance, CustodyPort, CustodySendStatus } from '../../src/adapters/custody/custody.port';
import { CustodyError } from '../../src/adapters/custody/custody.port';
import { chainSettings } from '../../src/db/schema';
import { creditDeposit, recordTransfers, tetherContractOf } from '../../src/modules/chain/deposits.service';
import { loadNetwork } from '../../src/modules/chain/networks.repository';
import { rawOfTetherMinor } from '@portal/contract/tether/networks';
import { runWithdrawalJobs } from '../../src/modules/chain/signer.service';
import type { TestApp } from '../helpers/app';
import { makeInvestor, type TestUser } from '../helpers/admin';
import { phoneCode } from '../withdrawals/withdrawal-helpers';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** A TRON address no one at the portal owns. */
export const externalTronAddress = () => tronAddressFromBytes(randomBytes(20));

/** The settings across networks, changed straight in the table (their proposals are tested apart). */
export async function setChainSettings(
  t: TestApp,
  values: Partial<
    Pick<typeof chainSettings.$inferInsert, 'dailyWithdrawalLimit' | 'reviewAbove' | 'secondReviewAbove'>
  >,
): Promise<void> {
  await t.database.db.update(chainSettings).set(values).where(eq(chainSettings.id, 1));
}

/**
 * A transfer of `amount` tether to the user, recorded and credited by the deposit service as the watcher
 * does once it has its confirmations (chain custody → the user's available tether). Answers the deposit's id.
 */
export async function creditedDeposit(
  t: TestApp,
  userId: string,
  amount: string,
  network: TetherNetworkKey = 'TRC20',
): Promise<string> {
  const to = `deposit-address-of-${userId}`;
  const row = await loadNetwork(t.database.db, network);
  const [d] = await t.database.db.transaction((tx) =>
    recordTransfers(tx, {
      network: row,
      owners: new Map([[to, userId]]),
      transfers: [
        {
          txHash: `0x${hex(32)}`,
          logIndex: 0,
          blockNumber: 100n,
          blockHash: `0x${hex(32)}`,
          token: tetherContractOf(network),
          from: 'an-exchange',
          to,
          value: rawOfTetherMinor(network, toMinor(amount, 'USDT')),
        },
      ],
    }),
  );
  expect(d?.status).toBe('Confirming');
  expect(await creditDeposit(t.database.db, d!.id, { confirmations: row.confirmations, now: t.clock.now })).toBe(true);
  return d!.id;
}

let ipSeq = 0;

/** An investor at KYC level two holding `usdt` tether, credited by a deposit. */
export async function tetherHolder(t: TestApp, usdt: string): Promise<TestUser & { ip: string }> {
  const u = await makeInvestor(t, { kycLevel: 2, firstName: 'دارنده', lastName: 'تتر' });
  if (usdt !== '0') await creditedDeposit(t, u.userId, usdt);
  ipSeq += 1;
  return { ...u, ip: `10.88.${(ipSeq >> 8) & 255}.${ipSeq & 255}` };
}

/** A withdrawal asked through the investor's route with the phone code (TRC20 unless said). */
export async function askWithdrawal(
  t: TestApp,
  u: TestUser & { ip: string },
  amount: string,
  o: { network?: TetherNetworkKey; address?: string } = {},
): Promise<TetherWithdrawal> {
  const code = await phoneCode(t, u);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/tether/withdrawals',
    headers: { cookie: u.cookie, 'idempotency-key': randomUUID() },
    remoteAddress: u.ip,
    payload: { network: o.network ?? 'TRC20', address: o.address ?? externalTronAddress(), amount, code },
  });
  expect(res.statusCode, res.body).toBe(201);
  // Past the resend wait: the next code may be asked for at once.
  t.clock.advance(61);
  return res.json<TetherWithdrawal>();
}

/** A custody service whose balances the test sets (raw token units per network) or makes fail. */
export interface TestCustody extends CustodyPort {
  setBalances(balances: CustodyBalance[]): void;
  fail(message: string): void;
  /** Sends answered so far, by withdrawal id. */
  readonly sent: Map<string, string>;
}

export function testCustody(): TestCustody {
  let balances: CustodyBalance[] = [];
  let failure: string | null = null;
  const sent = new Map<string, string>();
  return {
    name: 'test-custody',
    sandbox: false,
    sent,
    async send(request): Promise<CustodySendStatus> {
      const txHash = sent.get(request.requestId) ?? `0x${hex(32)}`;
      sent.set(request.requestId, txHash);
      return { status: 'sent', txHash };
    },
    async status(requestId): Promise<CustodySendStatus> {
      const txHash = sent.get(requestId);
      return txHash ? { status: 'sent', txHash } : { status: 'unknown' };
    },
    async balances() {
      if (failure) throw new CustodyError(failure);
      return balances;
    },
    setBalances(b) {
      balances = b;
      failure = null;
    },
    fail(message) {
      failure = message;
    },
  };
}

/** A chain on which every transaction the custody sent is mined in block 1,000 and the head is far above. */
export function deepChain(network: TetherNetworkKey): ChainReaderPort {
  return {
    network,
    head: async () => ({ number: 10_000n, hash: `0x${hex(32)}` }),
    blockHash: async () => `0x${hex(32)}`,
    transfersTo: async () => [],
    transaction: async (): Promise<ChainTxStatus> => ({
      found: true,
      blockNumber: 1_000n,
      blockHash: `0x${hex(32)}`,
      success: true,
    }),
  };
}

/** The signer's jobs until an approved withdrawal is sent and confirmed (paid). */
export async function payApproved(t: TestApp, custody: CustodyPort, network: TetherNetworkKey = 'TRC20') {
  const reader = deepChain(network);
  const run = () => runWithdrawalJobs({ db: t.database.db, custody, reader, network, now: t.clock.now });
  const first = await run();
  expect(first.sent).toBeGreaterThan(0);
  // Sent and confirmed in one tick when the chain is deep enough; else the next tick confirms it.
  if (first.paid === 0) expect((await run()).paid).toBeGreaterThan(0);
}
