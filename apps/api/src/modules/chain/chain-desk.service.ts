/**
 * The console's chain desk (issue 18, decision 040; contract admin/chain.ts): what the operators watch (each
 * network's settings and switches, the watcher's health, the queues), the deposits and withdrawals as they
 * list them, and the switch that closes a direction of a network. The settings change by proposal
 * (`chain-settings.service.ts`, approved on the proposals desk); a withdrawal's review is the withdrawals
 * service's (`withdrawals.service.ts`); the reconciliation is `reconciliation.ts`.
 */
import { eq } from 'drizzle-orm';
import {
  ADMIN_CHAIN_PAGE_SIZE,
  type AdminTetherDeposit,
  type AdminTetherWithdrawal,
  type ChainDesk,
  type ChainReconciliation,
  type ChainNetworkAdmin,
} from '@portal/contract/admin/chain';
import { AppError } from '@portal/contract/core/errors';
import { fromMinor } from '@portal/contract/core/money';
import type { ChainDepositStatus, NetworkDisabledReason, TetherWithdrawalStatus } from '@portal/contract/tether/chain';
import { TETHER_NETWORK_KEYS, TETHER_NETWORKS, type TetherNetworkKey } from '@portal/contract/tether/networks';
import type { CustodyPort } from '../../adapters/custody/custody.port';
import type { Db, DbOrTx } from '../../db/client';
import { chainNetworks } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { userSummaries } from '../users/users.repository';
import { listDeposits, listWithdrawals, loadCursors, queueCounts, type Owner } from './chain-desk.repository';
import type { CursorRow } from './deposits.repository';
import { chainSettingsValuesOf } from './chain-settings.service';
import { loadChainSettings, loadNetworks, type NetworkRow } from './networks.repository';
import { chainReconciliation } from './reconciliation';
import { toAdminTetherWithdrawals } from './withdrawals.service';
import { findTetherWithdrawal } from './withdrawals.repository';

export interface ChainDeskDeps {
  db: Db;
  /** The custody service (its name on the desk, its balances in the reconciliation). */
  custody: CustodyPort;
  /** The embedded mode's sandbox chain and signer. */
  sandbox: boolean;
  now?: () => Date;
}

interface OperatorAct {
  operatorId: string;
  ip: string;
}

const clock = (deps: ChainDeskDeps) => deps.now?.() ?? new Date();
const usdt = (minor: bigint) => fromMinor(minor, 'USDT');

const personOf = (id: string, p: Owner | undefined) => ({
  id,
  mobile: p?.mobile ?? '',
  firstName: p?.firstName ?? null,
  lastName: p?.lastName ?? null,
});

// ---- the desk -------------------------------------------------------------------------------------

/** The watcher of a network as last seen: its place, the head, how far behind, its last error. */
function watcherOf(c: CursorRow | undefined): ChainNetworkAdmin['watcher'] {
  const last = c?.lastScannedBlock ?? null;
  const head = c?.head ?? null;
  return {
    lastScannedBlock: last === null ? null : last.toString(),
    head: head === null ? null : head.toString(),
    lagBlocks: last === null || head === null ? null : Number(head > last ? head - last : 0n),
    lastScanAt: c?.lastScanAt?.toISOString() ?? null,
    lastError: c?.lastError ?? null,
    lastErrorAt: c?.lastErrorAt?.toISOString() ?? null,
  };
}

function networkOf(
  row: NetworkRow,
  cursor: CursorRow | undefined,
  counts: { confirming: number; pending: number },
): ChainNetworkAdmin {
  return {
    network: row.network,
    tetherContract: TETHER_NETWORKS[row.network].tetherContract,
    confirmations: row.confirmations,
    minDeposit: usdt(row.minDeposit),
    withdrawalFee: usdt(row.withdrawalFee),
    minWithdrawal: usdt(row.minWithdrawal),
    maxWithdrawal: usdt(row.maxWithdrawal),
    depositEnabled: row.depositEnabled,
    withdrawalEnabled: row.withdrawalEnabled,
    depositDisabledReason: row.depositEnabled ? null : (row.depositDisabledReason ?? 'other'),
    withdrawalDisabledReason: row.withdrawalEnabled ? null : (row.withdrawalDisabledReason ?? 'other'),
    watcher: watcherOf(cursor),
    confirmingDeposits: counts.confirming,
    pendingWithdrawals: counts.pending,
  };
}

export async function chainDesk(deps: ChainDeskDeps): Promise<ChainDesk> {
  const [networks, settings, cursors, counts] = await Promise.all([
    loadNetworks(deps.db),
    loadChainSettings(deps.db),
    loadCursors(deps.db),
    queueCounts(deps.db),
  ]);
  const people = await userSummaries(deps.db, [settings.updatedBy]);
  return {
    networks: TETHER_NETWORK_KEYS.flatMap((n) => {
      const row = networks.get(n);
      return row
        ? [
            networkOf(row, cursors.get(n), {
              confirming: counts.confirming.get(n) ?? 0,
              pending: counts.pending.get(n) ?? 0,
            }),
          ]
        : [];
    }),
    settings: {
      ...chainSettingsValuesOf(networks, settings),
      updatedBy: settings.updatedBy ? personOf(settings.updatedBy, people.get(settings.updatedBy)) : null,
      updatedAt: settings.updatedAt.toISOString(),
    },
    sandbox: deps.sandbox,
    custody: deps.custody.name,
  };
}

/**
 * Opens or closes deposits or withdrawals on a network (one operator: it moves and prices nothing). Closing
 * takes a reason the investors' pages show; opening clears it. A switch already so (with the same reason)
 * changes and records nothing. From the commit, a deposit address request (deposits) or a withdrawal
 * (withdrawals) on that network is refused with `TETHER_NETWORK_DISABLED`; deposits already on their way
 * are still watched and credited (the chain does not stop).
 */
export async function setNetworkSwitch(
  deps: ChainDeskDeps,
  input: OperatorAct & {
    network: TetherNetworkKey;
    direction: 'deposit' | 'withdrawal';
    enabled: boolean;
    reason?: NetworkDisabledReason | undefined;
    note?: string | undefined;
  },
): Promise<{ ok: true }> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(chainNetworks).where(eq(chainNetworks.network, input.network)).for('update');
    if (!row) throw new AppError('NOT_FOUND', 'No such network');
    const deposit = input.direction === 'deposit';
    const was = {
      enabled: deposit ? row.depositEnabled : row.withdrawalEnabled,
      reason: deposit ? row.depositDisabledReason : row.withdrawalDisabledReason,
    };
    const reason = input.enabled ? null : (input.reason ?? 'other');
    if (was.enabled === input.enabled && (input.enabled || was.reason === reason)) return;
    await tx
      .update(chainNetworks)
      .set(
        deposit
          ? { depositEnabled: input.enabled, depositDisabledReason: reason, updatedAt: clock(deps) }
          : { withdrawalEnabled: input.enabled, withdrawalDisabledReason: reason, updatedAt: clock(deps) },
      )
      .where(eq(chainNetworks.network, input.network));
    await writeAudit(tx, {
      action: 'tether.network.switched',
      actorUserId: input.operatorId,
      subjectType: 'chain_network',
      subjectId: input.network,
      ip: input.ip,
      data: {
        network: input.network,
        direction: input.direction,
        enabled: input.enabled,
        reason,
        ...(input.note ? { note: input.note } : {}),
        was,
      },
    });
  });
  return { ok: true };
}

// ---- deposits -------------------------------------------------------------------------------------

export async function listDeskDeposits(
  deps: ChainDeskDeps,
  q: {
    status?: ChainDepositStatus | undefined;
    network?: TetherNetworkKey | undefined;
    userId?: string | undefined;
    page: number;
  },
): Promise<{ items: AdminTetherDeposit[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await listDeposits(deps.db, {
    ...q,
    limit: ADMIN_CHAIN_PAGE_SIZE,
    offset: (q.page - 1) * ADMIN_CHAIN_PAGE_SIZE,
  });
  return {
    items: rows.map(({ d, ...user }) => ({
      id: d.id,
      user: personOf(d.userId, user),
      network: d.network,
      txHash: d.txHash,
      logIndex: d.logIndex,
      fromAddress: d.fromAddress,
      toAddress: d.toAddress,
      amount: usdt(d.amount),
      otherToken: d.ignoreReason === 'other_token' ? d.token : null,
      status: d.status,
      ignoreReason: d.ignoreReason,
      blockNumber: d.blockNumber.toString(),
      confirmations: d.confirmations,
      requiredConfirmations: d.requiredConfirmations,
      createdAt: d.createdAt.toISOString(),
      creditedAt: d.creditedAt?.toISOString() ?? null,
    })),
    total,
    page: q.page,
    pageSize: ADMIN_CHAIN_PAGE_SIZE,
  };
}

// ---- withdrawals ----------------------------------------------------------------------------------

export async function listDeskWithdrawals(
  deps: ChainDeskDeps,
  q: {
    state?: TetherWithdrawalStatus | undefined;
    network?: TetherNetworkKey | undefined;
    userId?: string | undefined;
    page: number;
  },
): Promise<{ items: AdminTetherWithdrawal[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await listWithdrawals(deps.db, {
    ...q,
    limit: ADMIN_CHAIN_PAGE_SIZE,
    offset: (q.page - 1) * ADMIN_CHAIN_PAGE_SIZE,
  });
  return {
    items: await toAdminTetherWithdrawals(deps.db, rows),
    total,
    page: q.page,
    pageSize: ADMIN_CHAIN_PAGE_SIZE,
  };
}

/** One withdrawal as operators read it (and as a review answers it). */
export async function getDeskWithdrawal(db: DbOrTx, id: string): Promise<AdminTetherWithdrawal> {
  const row = await findTetherWithdrawal(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such withdrawal');
  const [view] = await toAdminTetherWithdrawals(db, [row]);
  return view!;
}

// ---- reconciliation -------------------------------------------------------------------------------

export async function deskReconciliation(deps: ChainDeskDeps): Promise<ChainReconciliation> {
  return chainReconciliation(deps.db, { custody: deps.custody, now: clock(deps) });
}
