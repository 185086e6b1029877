/**
 * Tether deposits (issue 18, decision 040): transfers the watcher saw to the portal's deposit addresses.
 *
 * seen (scan):      recorded once (unique by network, transaction, log index): `Confirming`, or `Ignored` at
 *                   once when it is another token or less tether than the network's minimum (never credited)
 * confirmed (tick): when its block has the network's confirmations, the reader is asked where the transaction
 *                   is now: in the same block → `Credited` (chain custody → the user's USDT, one money
 *                   transaction, once); in another block (a reorganisation moved it) → its block is updated and it
 *                   waits again; nowhere → `Dropped`
 *
 * A deposit's amount is tether in the ledger's minor units (six decimals): BEP20's 18-decimal values are
 * divided by 10^12 and rounded down (the dust is the house's).
 */
import { AppError } from '@portal/contract/core/errors';
import { fromMinor } from '@portal/contract/core/money';
import {
  CHAIN_DEPOSIT_USER_STATUS,
  TETHER_CHAIN_PAGE_SIZE,
  type ChainDepositIgnoreReason,
  type TetherDeposit,
} from '@portal/contract/tether/chain';
import {
  TETHER_NETWORKS,
  canonicalAddress,
  rawOfTetherMinor,
  tetherMinorOfRaw,
  type TetherNetworkKey,
} from '@portal/contract/tether/networks';
import type { ChainReaderPort, ChainTransfer } from '../../adapters/chain/chain.port';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { runMoneyTransaction } from '../../lib/money-tx';
import { creditUser } from '../ledger/ledger.service';
import {
  confirmingDeposits,
  depositsOfTx,
  findUserDeposit,
  insertDeposits,
  listUserDeposits,
  lockConfirmingDeposit,
  refreshConfirmations,
  updateDeposit,
  type ChainDepositRow,
  type NewChainDeposit,
} from './deposits.repository';
import type { NetworkRow } from './networks.repository';

export { rawOfTetherMinor, tetherMinorOfRaw };

/** The network's tether contract as readers write addresses. */
export const tetherContractOf = (network: TetherNetworkKey): string =>
  canonicalAddress(network, TETHER_NETWORKS[network].tetherContract);

/** What a transfer is worth to the portal: tether to credit, or a reason it is only recorded. */
export function classifyTransfer(
  network: TetherNetworkKey,
  t: Pick<ChainTransfer, 'token' | 'value'>,
  minDeposit: bigint,
): { amount: bigint; ignoreReason: ChainDepositIgnoreReason | null } {
  if (t.token !== tetherContractOf(network)) return { amount: 0n, ignoreReason: 'other_token' };
  const amount = tetherMinorOfRaw(network, t.value);
  // Nothing to credit (BEP20 dust below one minor unit) is below any minimum.
  return { amount, ignoreReason: amount <= 0n || amount < minDeposit ? 'below_minimum' : null };
}

/**
 * Records the transfers of a scan, in the scan's transaction: each one not seen before becomes a deposit of
 * the address's owner. Answers the deposits written (a transfer seen again writes nothing).
 */
export async function recordTransfers(
  tx: DbOrTx,
  o: {
    network: NetworkRow;
    transfers: readonly ChainTransfer[];
    /** Deposit address → its owner. */
    owners: ReadonlyMap<string, string>;
  },
): Promise<ChainDepositRow[]> {
  const network = o.network.network;
  const rows: NewChainDeposit[] = [];
  for (const t of o.transfers) {
    const userId = o.owners.get(t.to);
    if (!userId) continue;
    const { amount, ignoreReason } = classifyTransfer(network, t, o.network.minDeposit);
    rows.push({
      network,
      txHash: t.txHash,
      logIndex: t.logIndex,
      blockNumber: t.blockNumber,
      blockHash: t.blockHash,
      userId,
      fromAddress: t.from,
      toAddress: t.to,
      token: t.token,
      rawValue: t.value.toString(),
      amount,
      status: ignoreReason ? 'Ignored' : 'Confirming',
      ignoreReason,
      requiredConfirmations: o.network.confirmations,
    });
  }
  const written = await insertDeposits(tx, rows);
  for (const d of written) {
    if (d.status !== 'Ignored') continue;
    await writeAudit(tx, {
      action: 'tether.deposit.ignored',
      subjectType: 'tether_deposit',
      subjectId: d.id,
      data: {
        userId: d.userId,
        network,
        txHash: d.txHash,
        reason: d.ignoreReason,
        token: d.token,
        rawValue: d.rawValue,
      },
    });
  }
  return written;
}

/**
 * Credits a deposit once: locked while still `Confirming`, chain custody → the user's available USDT
 * (`TetherDeposit`, the deposit's id), the deposit `Credited`, audited, in one money transaction. Answers
 * false when it was not waiting any more (another watcher ended it).
 */
export async function creditDeposit(db: Db, id: string, o: { confirmations: number; now: Date }): Promise<boolean> {
  return runMoneyTransaction(db, async (tx) => {
    const d = await lockConfirmingDeposit(tx, id);
    if (!d) return false;
    const journal = await creditUser(tx, {
      userId: d.userId,
      from: 'chain_custody',
      currency: 'USDT',
      amount: d.amount,
      refType: 'TetherDeposit',
      refId: d.id,
      memo: `${d.network} ${d.txHash}`,
    });
    await updateDeposit(tx, d.id, {
      status: 'Credited',
      journalId: journal.journalId,
      creditedAt: o.now,
      confirmations: o.confirmations,
    });
    await writeAudit(tx, {
      action: 'tether.deposit.credited',
      subjectType: 'tether_deposit',
      subjectId: d.id,
      data: { userId: d.userId, network: d.network, txHash: d.txHash, amount: fromMinor(d.amount, 'USDT') },
    });
    return true;
  });
}

/** A deposit whose transaction is no longer on the chain: `Dropped`, never credited. */
async function dropDeposit(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const d = await lockConfirmingDeposit(tx, id);
    if (!d) return false;
    await updateDeposit(tx, d.id, { status: 'Dropped' });
    await writeAudit(tx, {
      action: 'tether.deposit.dropped',
      subjectType: 'tether_deposit',
      subjectId: d.id,
      data: { userId: d.userId, network: d.network, txHash: d.txHash, blockNumber: d.blockNumber.toString() },
    });
    return true;
  });
}

export interface ConfirmResult {
  credited: number;
  dropped: number;
  /** Found in another block than the one recorded (a reorganisation): waiting again from there. */
  moved: number;
}

type ConfirmDeps = { db: Db; reader: ChainReaderPort; now: () => Date };

/**
 * The confirmation step of a tick at `head`. Every waiting deposit gets its confirmations; those with
 * enough, and those above `recheckAbove` (blocks a reorganisation replaced), are looked up on the chain
 * before anything is decided: a deposit is credited only while its transaction is in the block it was
 * seen in, with the network's confirmations on top.
 */
export async function confirmDeposits(
  deps: ConfirmDeps,
  o: { network: NetworkRow; head: bigint; recheckAbove?: bigint | null; signal?: AbortSignal },
): Promise<ConfirmResult> {
  const required = o.network.confirmations;
  await refreshConfirmations(deps.db, o.network.network, o.head, required);
  const result: ConfirmResult = { credited: 0, dropped: 0, moved: 0 };
  for (const d of await confirmingDeposits(deps.db, o.network.network)) {
    const confirmations = Number(o.head - d.blockNumber + 1n);
    const replaced = o.recheckAbove != null && d.blockNumber > o.recheckAbove;
    if (confirmations < required && !replaced) continue;
    const where = await deps.reader.transaction(d.txHash, o.signal);
    if (!where.found || !where.success) {
      if (await isGone(deps.reader, d, o.signal)) {
        if (await dropDeposit(deps.db, d.id)) result.dropped++;
      }
    } else if (where.blockHash !== d.blockHash || where.blockNumber !== d.blockNumber) {
      const outcome = await followMove(deps, d, { ...where, head: o.head, required, signal: o.signal });
      if (outcome === 'moved') result.moved++;
      if (outcome === 'dropped') result.dropped++;
    } else if (confirmations >= required) {
      if (await creditDeposit(deps.db, d.id, { confirmations: required, now: deps.now() })) result.credited++;
    }
  }
  return result;
}

/**
 * Whether a transaction the node does not find (or finds failed) left the chain: only when the block it was
 * seen in is no longer there as it was. A node behind the one that answered the head (a provider balancing
 * between nodes) may not know it yet; while its block still has the recorded hash it is waited for.
 */
async function isGone(reader: ChainReaderPort, d: ChainDepositRow, signal?: AbortSignal): Promise<boolean> {
  const hash = await reader.blockHash(d.blockNumber, signal);
  return hash !== null && hash !== d.blockHash;
}

/**
 * A deposit whose transaction is now in another block. On TRON its log index is its place in its
 * transaction and does not change; on EVM it is its place in the block, so the transfer is read again
 * there to learn its index. When the scan already recorded it there (another row of the same transaction
 * has that index) this row is the stale copy: `Dropped`, so the transfer is credited once. Otherwise the
 * row follows it and waits for its confirmations from its new block.
 */
async function followMove(
  deps: ConfirmDeps,
  d: ChainDepositRow,
  where: { blockNumber: bigint; blockHash: string; head: bigint; required: number; signal?: AbortSignal | undefined },
): Promise<'moved' | 'dropped' | 'unknown'> {
  const there = (
    await deps.reader.transfersTo([d.toAddress], where.blockNumber, where.blockNumber, where.signal)
  ).filter((t) => t.txHash === d.txHash && t.token === d.token && t.value.toString() === d.rawValue);
  // The node answered the receipt but not yet the block's events: asked again next tick.
  if (there.length === 0) return 'unknown';
  const taken = new Set(
    (await depositsOfTx(deps.db, d.network, d.txHash)).filter((s) => s.id !== d.id).map((s) => s.logIndex),
  );
  const match =
    there.find((t) => t.logIndex === d.logIndex && !taken.has(t.logIndex)) ?? there.find((t) => !taken.has(t.logIndex));
  if (!match) return (await dropDeposit(deps.db, d.id)) ? 'dropped' : 'unknown';
  await updateDeposit(deps.db, d.id, {
    blockNumber: match.blockNumber,
    blockHash: match.blockHash,
    logIndex: match.logIndex,
    confirmations: Math.min(Math.max(Number(where.head - match.blockNumber + 1n), 0), where.required),
  });
  return 'moved';
}

// ---- the investor's views ---------------------------------------------------------------------------------

export function toTetherDepositView(d: ChainDepositRow): TetherDeposit {
  const otherToken = d.ignoreReason === 'other_token';
  return {
    id: d.id,
    network: d.network,
    txHash: d.txHash,
    logIndex: d.logIndex,
    fromAddress: d.fromAddress,
    toAddress: d.toAddress,
    amount: otherToken ? d.rawValue : fromMinor(d.amount, 'USDT'),
    otherToken: otherToken ? d.token : null,
    status: d.status,
    userStatus: CHAIN_DEPOSIT_USER_STATUS[d.status],
    ignoreReason: d.ignoreReason ?? null,
    blockNumber: d.blockNumber.toString(),
    confirmations: d.status === 'Credited' ? d.requiredConfirmations : d.confirmations,
    requiredConfirmations: d.requiredConfirmations,
    createdAt: d.createdAt.toISOString(),
    creditedAt: d.creditedAt?.toISOString() ?? null,
    updatedAt: d.updatedAt.toISOString(),
  };
}

export async function listTetherDeposits(db: DbOrTx, userId: string, page: number) {
  const pageSize = TETHER_CHAIN_PAGE_SIZE;
  const { rows, total } = await listUserDeposits(db, userId, pageSize, (page - 1) * pageSize);
  return { items: rows.map(toTetherDepositView), total, page, pageSize };
}

export async function getTetherDeposit(db: DbOrTx, userId: string, id: string): Promise<TetherDeposit> {
  const row = await findUserDeposit(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toTetherDepositView(row);
}
