/**
 * Tether on chain's settings as the console changes them (issue 18, decision 040), the way the tether
 * market's are changed (`tether/tether-settings.service.ts`): the change a proposal shows (before → after),
 * checked when proposed and again when approved, and made in the approval's transaction (`proposals.service`,
 * kind `chain_settings`) with the approver and the time on the row (`chain_settings.updated_by`,
 * `updated_at`) and in the audit log (`tether.chain_settings.changed`).
 *
 * What changes: each network's confirmations and tether figures (`chain_networks`), the daily withdrawal
 * limit and the review bounds (`chain_settings`). The switches that close a network are not settings: one
 * operator opens or closes them (`chain-desk.service.ts`).
 */
import { eq } from 'drizzle-orm';
import { proposeChainSettingsBody, type ChainSettingsValues } from '@portal/contract/admin/chain';
import { AppError } from '@portal/contract/core/errors';
import { fromMinor, toMinor } from '@portal/contract/core/money';
import { TETHER_NETWORK_KEYS, type TetherNetworkKey } from '@portal/contract/tether/networks';
import type { DbOrTx } from '../../db/client';
import { chainNetworks, chainSettings } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { loadChainSettings, loadNetworks, type ChainSettingsRow, type NetworkRow } from './networks.repository';

const usdt = (minor: bigint) => fromMinor(minor, 'USDT');
const minor = (value: string) => toMinor(value, 'USDT');

const NETWORK_FIELDS = ['confirmations', 'minDeposit', 'withdrawalFee', 'minWithdrawal', 'maxWithdrawal'] as const;
const SHARED_FIELDS = ['dailyWithdrawalLimit', 'reviewAbove', 'secondReviewAbove'] as const;

/** The settings of the rows as a proposal shows them (tether as canonical decimal strings). */
export function chainSettingsValuesOf(
  networks: ReadonlyMap<TetherNetworkKey, NetworkRow>,
  settings: ChainSettingsRow,
): ChainSettingsValues {
  const network = (key: TetherNetworkKey) => {
    const row = networks.get(key);
    if (!row) throw new Error(`chain network ${key} is not configured (migration 0018 seeds it)`);
    return {
      confirmations: row.confirmations,
      minDeposit: usdt(row.minDeposit),
      withdrawalFee: usdt(row.withdrawalFee),
      minWithdrawal: usdt(row.minWithdrawal),
      maxWithdrawal: usdt(row.maxWithdrawal),
    };
  };
  return {
    networks: { TRC20: network('TRC20'), ERC20: network('ERC20'), BEP20: network('BEP20') },
    dailyWithdrawalLimit: usdt(settings.dailyWithdrawalLimit),
    reviewAbove: usdt(settings.reviewAbove),
    secondReviewAbove: usdt(settings.secondReviewAbove),
  };
}

/** The settings in force. */
export async function readChainSettingsValues(db: DbOrTx): Promise<ChainSettingsValues> {
  const [networks, settings] = await Promise.all([loadNetworks(db), loadChainSettings(db)]);
  return chainSettingsValuesOf(networks, settings);
}

/** The fields whose value a change alters (`networks.TRC20.withdrawalFee`, `reviewAbove`…), for the audit record. */
function changedFields(before: ChainSettingsValues, after: ChainSettingsValues): string[] {
  const changed: string[] = [];
  for (const n of TETHER_NETWORK_KEYS) {
    for (const f of NETWORK_FIELDS) {
      if (before.networks[n][f] !== after.networks[n][f]) changed.push(`networks.${n}.${f}`);
    }
  }
  for (const f of SHARED_FIELDS) if (before[f] !== after[f]) changed.push(f);
  return changed;
}

/**
 * Settings checked against the contract's rules (confirmations' bounds, six decimals, a minimum withdrawal
 * within the maximum, the maximum within the daily limit, the two-operator bound at least the one-operator
 * bound): refused with each field's rule under the body (`VALIDATION_FAILED`), nothing written. Answers
 * them canonical. The route checked them when proposed; the approval checks the recorded proposal again.
 */
export function checkChainSettings(values: unknown): ChainSettingsValues {
  const parsed = proposeChainSettingsBody.safeParse(values);
  if (parsed.success) return parsed.data;
  throw new AppError('VALIDATION_FAILED', 'The settings are not valid', {
    issues: parsed.error.issues.map((i) => ({ path: ['body', ...i.path].join('.'), rule: i.message })),
  });
}

/** What the settings would become: as they are now and as proposed. */
export function chainSettingsChange(
  current: ChainSettingsValues,
  proposed: ChainSettingsValues,
): { before: ChainSettingsValues; after: ChainSettingsValues; changed: string[] } {
  return { before: current, after: proposed, changed: changedFields(current, proposed) };
}

/**
 * Applies approved settings under the rows' locks, taken in the order a withdrawal takes them (its network
 * `FOR SHARE`, then the settings' row `FOR SHARE`, `withdrawals.service.ts`): every network's row, then the
 * settings' row. A withdrawal so sees the settings before or after, never half of them. Checked again; the approver and the time go on the rows, the change (old and new values) into the audit log with
 * the approver as actor and the proposer on record. The switches stay as they are.
 */
export async function applyChainSettings(
  tx: DbOrTx,
  input: {
    operatorId: string;
    ip: string;
    now: Date;
    values: unknown;
    proposal: { proposalId: string; proposedBy: string };
  },
): Promise<ChainSettingsValues> {
  const values = checkChainSettings(input.values);
  const rows = await tx.select().from(chainNetworks).orderBy(chainNetworks.network).for('update');
  const [settings] = await tx.select().from(chainSettings).where(eq(chainSettings.id, 1)).for('update');
  if (!settings) throw new Error('chain settings are missing (migration 0018 seeds them)');
  const { before, after, changed } = chainSettingsChange(
    chainSettingsValuesOf(new Map(rows.map((r) => [r.network, r])), settings),
    values,
  );
  for (const n of TETHER_NETWORK_KEYS) {
    const v = after.networks[n];
    await tx
      .update(chainNetworks)
      .set({
        confirmations: v.confirmations,
        minDeposit: minor(v.minDeposit),
        withdrawalFee: minor(v.withdrawalFee),
        minWithdrawal: minor(v.minWithdrawal),
        maxWithdrawal: minor(v.maxWithdrawal),
        updatedAt: input.now,
      })
      .where(eq(chainNetworks.network, n));
  }
  await tx
    .update(chainSettings)
    .set({
      dailyWithdrawalLimit: minor(after.dailyWithdrawalLimit),
      reviewAbove: minor(after.reviewAbove),
      secondReviewAbove: minor(after.secondReviewAbove),
      updatedBy: input.operatorId,
      updatedAt: input.now,
    })
    .where(eq(chainSettings.id, 1));
  await writeAudit(tx, {
    action: 'tether.chain_settings.changed',
    actorUserId: input.operatorId,
    subjectType: 'chain_settings',
    subjectId: '1',
    ip: input.ip,
    data: { changed, before, after, ...input.proposal },
  });
  return after;
}
