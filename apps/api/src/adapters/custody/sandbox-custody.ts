/**
 * The embedded mode's signer (issue 18, decision 040): sends a withdrawal as a transfer on the sandbox chain
 * from the house's hot wallet, and reports what the portal's addresses hold there.
 *
 * Idempotent by the request id as the port requires: the transaction's hash is derived from the id
 * (sha256 of it), and the transfer is written under that hash at most once. A second send of the same id
 * finds it and answers the same hash, putting nothing new on the chain; `status` looks for it the same way,
 * and answers `unknown` for an id never sent (or whose transfer a reorganisation dropped: sending again puts
 * the same transaction back, as a real custody service re-broadcasts it).
 *
 * Nothing is refused for want of funds: the hot wallet is a faucet. Its balance may go below zero, and the
 * reconciliation report then shows the difference, as it would a real shortfall.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { TETHER_NETWORK_KEYS, TETHER_NETWORKS, canonicalAddress } from '@portal/contract/tether/networks';
import type { TetherNetworkKey } from '@portal/contract/tether/networks';
import { queryRows, type Db } from '../../db/client';
import { sandboxChainTransfers } from '../../db/schema';
import { sandboxHash, type SandboxChain } from '../chain/sandbox-chain';
import type { CustodyBalance, CustodyPort, CustodySendStatus } from './custody.port';

/** The sandbox transaction of a withdrawal: its hash on `network`. */
export const sandboxCustodyTxHash = (network: TetherNetworkKey, requestId: string): string =>
  sandboxHash(network, `sandbox-custody:${requestId}`);

export function createSandboxCustody(db: Db, chain: SandboxChain): CustodyPort {
  /** The transfer sent for `requestId` on any network, if any. */
  async function sentFor(requestId: string, network?: TetherNetworkKey): Promise<string | null> {
    const networks = network ? [network] : TETHER_NETWORK_KEYS;
    const [row] = await db
      .select({ txHash: sandboxChainTransfers.txHash })
      .from(sandboxChainTransfers)
      .where(
        or(
          ...networks.map((n) =>
            and(
              eq(sandboxChainTransfers.network, n),
              eq(sandboxChainTransfers.txHash, sandboxCustodyTxHash(n, requestId)),
            ),
          ),
        ),
      )
      .limit(1);
    return row?.txHash ?? null;
  }

  async function balanceOf(network: TetherNetworkKey): Promise<bigint> {
    const tether = canonicalAddress(network, TETHER_NETWORKS[network].tetherContract);
    const [row] = await queryRows<{ balance: string }>(
      db,
      sql`WITH portal AS (
            SELECT address FROM deposit_addresses WHERE network = ${network}
            UNION SELECT ${chain.hotWallet(network)}
          )
          SELECT (
            COALESCE(SUM(raw_value::numeric) FILTER (WHERE to_address IN (SELECT address FROM portal)), 0)
            - COALESCE(SUM(raw_value::numeric) FILTER (WHERE from_address IN (SELECT address FROM portal)), 0)
          )::text AS balance
          FROM sandbox_chain_transfers
          WHERE network = ${network} AND token = ${tether} AND success AND block_number IS NOT NULL`,
    );
    return BigInt(row?.balance ?? '0');
  }

  return {
    name: 'sandbox',
    sandbox: true,

    async send(request): Promise<CustodySendStatus> {
      const existing = await sentFor(request.requestId, request.network);
      if (existing) return { status: 'sent', txHash: existing };
      const txHash = await chain.transfer({
        network: request.network,
        to: request.to,
        value: request.value,
        from: chain.hotWallet(request.network),
        txHash: sandboxCustodyTxHash(request.network, request.requestId),
      });
      return { status: 'sent', txHash };
    },

    async status(requestId): Promise<CustodySendStatus> {
      const txHash = await sentFor(requestId);
      return txHash ? { status: 'sent', txHash } : { status: 'unknown' };
    },

    async balances(): Promise<CustodyBalance[]> {
      const out: CustodyBalance[] = [];
      for (const network of TETHER_NETWORK_KEYS) out.push({ network, value: await balanceOf(network) });
      return out;
    },
  };
}
