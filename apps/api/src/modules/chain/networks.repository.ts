/**
 * Tether on chain's settings as the deposit, withdrawal and watcher code read them (issue 18, decision
 * 040): one row per network (`chain_networks`) and one across them (`chain_settings`). Both are written
 * only by an approved `chain_settings` proposal and the switches of the console.
 */
import { eq } from 'drizzle-orm';
import { fromMinor } from '@portal/contract/core/money';
import type { TetherNetworkView } from '@portal/contract/tether/chain';
import { TETHER_NETWORK_KEYS, type TetherNetworkKey } from '@portal/contract/tether/networks';
import type { DbOrTx } from '../../db/client';
import { chainNetworks, chainSettings } from '../../db/schema';

export type NetworkRow = typeof chainNetworks.$inferSelect;
export type ChainSettingsRow = typeof chainSettings.$inferSelect;

/**
 * Every network's settings, by network (the migration seeds one row per network), in the contract's order
 * (TRC20 first: the network most of the portal's users send on), which is the order pages list them in.
 */
export async function loadNetworks(db: DbOrTx): Promise<Map<TetherNetworkKey, NetworkRow>> {
  const rows = await db.select().from(chainNetworks);
  const rank = (n: TetherNetworkKey) => TETHER_NETWORK_KEYS.indexOf(n);
  return new Map(rows.sort((a, b) => rank(a.network) - rank(b.network)).map((r) => [r.network, r]));
}

/** One network's settings; `lock` takes the row `FOR SHARE` (a withdrawal reads them under the settings' lock). */
export async function loadNetwork(db: DbOrTx, network: TetherNetworkKey, lock = false): Promise<NetworkRow> {
  const q = db.select().from(chainNetworks).where(eq(chainNetworks.network, network));
  const [row] = lock ? await q.for('share') : await q;
  if (!row) throw new Error(`chain network ${network} is not configured (migration 0018 seeds it)`);
  return row;
}

/** The settings across networks (one row). */
export async function loadChainSettings(db: DbOrTx): Promise<ChainSettingsRow> {
  const [row] = await db.select().from(chainSettings).where(eq(chainSettings.id, 1));
  if (!row) throw new Error('chain settings are missing (migration 0018 seeds them)');
  return row;
}

const usdt = (minor: bigint) => fromMinor(minor, 'USDT');

/** A network as the investor sees it. */
export function toNetworkView(row: NetworkRow, sandbox: boolean): TetherNetworkView {
  return {
    network: row.network,
    depositEnabled: row.depositEnabled,
    withdrawalEnabled: row.withdrawalEnabled,
    depositDisabledReason: row.depositEnabled ? null : (row.depositDisabledReason ?? 'other'),
    withdrawalDisabledReason: row.withdrawalEnabled ? null : (row.withdrawalDisabledReason ?? 'other'),
    confirmations: row.confirmations,
    minDeposit: usdt(row.minDeposit),
    withdrawalFee: usdt(row.withdrawalFee),
    minWithdrawal: usdt(row.minWithdrawal),
    maxWithdrawal: usdt(row.maxWithdrawal),
    sandbox,
  };
}
