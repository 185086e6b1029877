/**
 * The reconciliation of tether on chain (issue 18, decision 040; contract `chainReconciliationSchema`):
 * what the ledger and the chain tables say the portal must hold on each network, against what the custody
 * service says it holds. Read only; a custody service that does not answer is reported, never a 500.
 */
import type { ChainReconciliation } from '@portal/contract/admin/chain';
import { fromMinor } from '@portal/contract/core/money';
import { TETHER_NETWORK_KEYS, type TetherNetworkKey } from '@portal/contract/tether/networks';
import type { CustodyPort } from '../../adapters/custody/custody.port';
import type { DbOrTx } from '../../db/client';
import { networkFlows, systemUsdt, usersUsdt } from './chain-desk.repository';
import { tetherMinorOfRaw } from './deposits.service';

/** How long the custody service has to report its balances before the report goes without them. */
export const CUSTODY_BALANCES_TIMEOUT_MS = 5_000;

const usdt = (minor: bigint) => fromMinor(minor, 'USDT');

/** The custody service's balances per network in tether minor units, or why there are none. */
async function custodyBalances(
  custody: CustodyPort,
  timeoutMs: number,
): Promise<{ balances: Map<TetherNetworkKey, bigint> } | { error: string }> {
  try {
    const reported = await custody.balances(AbortSignal.timeout(timeoutMs));
    const balances = new Map<TetherNetworkKey, bigint>();
    for (const b of reported) {
      balances.set(b.network, (balances.get(b.network) ?? 0n) + tetherMinorOfRaw(b.network, b.value));
    }
    return { balances };
  } catch (err) {
    return { error: `${custody.name}: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/**
 * The report at `now`:
 *
 * - `usersLiability`: the sum of every user's tether ledger accounts (available and held): what is owed.
 * - `houseExchange`: the house's own tether in the ledger, the `exchange` account (what the market bought
 *   from users less what it sold them, decision 039) and the `fees` account in tether (withdrawal fees stay
 *   on chain); signed, negative when the market sold more than it bought.
 * - per network, `expectedOnChain` = deposits credited − withdrawals paid (their `amount`; the fee never
 *   leaves) + tether received below the minimum (on chain, credited to no one). The ledger's
 *   `chain_custody` account is posted only by those two movements (decision 040): −amount when a deposit is
 *   credited (`chain_custody` → the user), +amount when a withdrawal is confirmed (held → `chain_custody`,
 *   the fee to `fees`). So, summed over the networks, credited − paid is exactly −balance(`chain_custody`),
 *   and the tables give the per-network split the single ledger account cannot. Since every tether journal
 *   balances, usersLiability + houseExchange (+ any other house account in tether, e.g. adjustments)
 *   = −balance(`chain_custody`) as well: users' tether is backed by what came in on chain.
 * - `inFlight`: amounts handed to the signer, not yet confirmed (`Sending`, `Sent`): the custody service may
 *   already hold that much less than expected.
 * - `custodyReported`: the custody service's balance of the network, raw units converted to six decimals
 *   (rounded down); `difference` = reported − expected. Null, with `custodyError`, when it did not answer.
 */
export async function chainReconciliation(
  db: DbOrTx,
  deps: { custody: CustodyPort; now: Date; timeoutMs?: number },
): Promise<ChainReconciliation> {
  const [flows, liability, house, custody] = await Promise.all([
    networkFlows(db),
    usersUsdt(db),
    systemUsdt(db, ['exchange', 'fees']),
    custodyBalances(deps.custody, deps.timeoutMs ?? CUSTODY_BALANCES_TIMEOUT_MS),
  ]);
  const reported = 'balances' in custody ? custody.balances : null;
  let expectedTotal = 0n;
  let reportedTotal = 0n;
  const networks = TETHER_NETWORK_KEYS.map((network) => {
    const f = flows.get(network) ?? { credited: 0n, ignoredBelowMinimum: 0n, paid: 0n, inFlight: 0n };
    const expected = f.credited - f.paid + f.ignoredBelowMinimum;
    const onChain = reported ? (reported.get(network) ?? 0n) : null;
    expectedTotal += expected;
    if (onChain !== null) reportedTotal += onChain;
    return {
      network,
      expectedOnChain: usdt(expected),
      custodyReported: onChain === null ? null : usdt(onChain),
      difference: onChain === null ? null : usdt(onChain - expected),
      inFlight: usdt(f.inFlight),
    };
  });
  return {
    at: deps.now.toISOString(),
    usersLiability: usdt(liability),
    houseExchange: usdt((house.get('exchange') ?? 0n) + (house.get('fees') ?? 0n)),
    networks,
    total: {
      expectedOnChain: usdt(expectedTotal),
      custodyReported: reported ? usdt(reportedTotal) : null,
      difference: reported ? usdt(reportedTotal - expectedTotal) : null,
    },
    custodyError: 'error' in custody ? custody.error : null,
  };
}
