/**
 * Deposit addresses (issue 18, decision 040): one per user and network, created on the user's first request.
 *
 * create: [tx: the user row shared-locked (KYC level one, not frozen: a freeze and a request cannot pass each
 *          other) → the network open for deposits → the user's address index (`chain_accounts`, from a
 *          sequence, once per user) → the address derived from the family's xpub at that index → the
 *          `deposit_addresses` row, audited]
 *
 * Both inserts are `ON CONFLICT DO NOTHING` and read back: two first requests at once write one index and one
 * address, and both answer it (the second waits on the first's row, then finds it). ERC20 and BEP20 derive
 * from the same EVM key at the same index, so a user has one EVM address on both.
 */
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '@portal/contract/core/errors';
import { KYC_REQUIREMENT } from '@portal/contract/kyc/kyc';
import type { DepositAddress } from '@portal/contract/tether/chain';
import type { TetherNetworkKey } from '@portal/contract/tether/networks';
import { depositAddressOf, type ChainContext } from '../../adapters/chain/create-chain';
import type { Db, DbOrTx } from '../../db/client';
import { chainAccounts, depositAddresses } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { assertCanMoveMoney } from '../../lib/guards';
import { loadNetwork } from './networks.repository';

type DepositAddressRow = typeof depositAddresses.$inferSelect;

export interface DepositAddressDeps {
  db: Db;
  chain: Pick<ChainContext, 'addresses'>;
}

const toView = (r: DepositAddressRow): DepositAddress => ({
  network: r.network,
  address: r.address,
  createdAt: r.createdAt.toISOString(),
});

export async function listDepositAddresses(db: DbOrTx, userId: string): Promise<{ items: DepositAddress[] }> {
  const rows = await db
    .select()
    .from(depositAddresses)
    .where(eq(depositAddresses.userId, userId))
    .orderBy(asc(depositAddresses.network));
  return { items: rows.map(toView) };
}

/** The user's address index, allocated on first use (one per user, every network). */
async function addressIndexOf(tx: DbOrTx, userId: string): Promise<number> {
  const [created] = await tx
    .insert(chainAccounts)
    .values({ userId })
    .onConflictDoNothing({ target: chainAccounts.userId })
    .returning({ addressIndex: chainAccounts.addressIndex });
  if (created) return created.addressIndex;
  const [row] = await tx
    .select({ addressIndex: chainAccounts.addressIndex })
    .from(chainAccounts)
    .where(eq(chainAccounts.userId, userId));
  if (!row) throw new Error(`chain account of ${userId} vanished`);
  return row.addressIndex;
}

async function findAddress(tx: DbOrTx, userId: string, network: TetherNetworkKey) {
  const [row] = await tx
    .select()
    .from(depositAddresses)
    .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.network, network)));
  return row;
}

/** The user's address on a network, created on the first request (`created`: the route answers 201). */
export async function createDepositAddress(
  deps: DepositAddressDeps,
  input: { userId: string; network: TetherNetworkKey; ip: string },
): Promise<{ address: DepositAddress; created: boolean }> {
  return deps.db.transaction(async (tx) => {
    await assertCanMoveMoney(tx, input.userId, KYC_REQUIREMENT.invest);
    const network = await loadNetwork(tx, input.network);
    if (!network.depositEnabled) {
      // The page shows why from the networks' list (`depositDisabledReason`).
      throw new AppError('TETHER_NETWORK_DISABLED', `Deposits on ${input.network} are closed for now`);
    }
    const existing = await findAddress(tx, input.userId, input.network);
    if (existing) return { address: toView(existing), created: false };
    const addressIndex = await addressIndexOf(tx, input.userId);
    const address = depositAddressOf(deps.chain, input.network, addressIndex);
    const [written] = await tx
      .insert(depositAddresses)
      .values({ userId: input.userId, network: input.network, address, addressIndex })
      .onConflictDoNothing()
      .returning();
    if (!written) {
      // A concurrent first request wrote it: the same address (the same index), answered as it stands.
      const row = await findAddress(tx, input.userId, input.network);
      if (!row) throw new Error(`deposit address of ${input.userId} on ${input.network} vanished`);
      return { address: toView(row), created: false };
    }
    await writeAudit(tx, {
      action: 'tether.address.created',
      actorUserId: input.userId,
      subjectType: 'user',
      subjectId: input.userId,
      ip: input.ip,
      data: { network: input.network, address, addressIndex },
    });
    return { address: toView(written), created: true };
  });
}
