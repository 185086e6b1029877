/**
 * Wallet balances and histories, read from the ledger (issue 5, decision 016). Every query is scoped to
 * the signed-in user: another user's walletId is NOT_FOUND.
 */
import { AppError } from '@portal/contract/core/errors';
import { CURRENCIES, fromMinor, type Currency } from '@portal/contract/core/money';
import type { JournalRefType } from '@portal/contract/wallet/ledger';
import {
  CHAIN_DEPOSIT_USER_STATUS,
  TETHER_WITHDRAWAL_USER_STATUS,
  type ChainDepositStatus,
  type TetherWithdrawalStatus,
} from '@portal/contract/tether/chain';
import type { TetherNetworkKey } from '@portal/contract/tether/networks';
import {
  HISTORY_PAGE_SIZE,
  type ListTransactionsFilter,
  type ChainRef,
  type Transaction,
  type Wallet,
} from '@portal/contract/wallet/wallets';
import type { Db, DbOrTx } from '../../db/client';
import { openUserAccounts } from '../ledger/ledger.repository';
import {
  findChainRefs,
  findPostings,
  findWallets,
  type ChainRefRow,
  type PostingRow,
  type WalletRow,
} from './wallets.repository';

/** Iran's clock (UTC+03:30 all year since 2022): the day a user means by a date filter. */
const IRAN_OFFSET = '+03:30';

function toWallet(r: WalletRow): Wallet {
  const available = BigInt(r.available);
  const held = BigInt(r.held);
  return {
    walletId: r.wallet_id,
    currency: r.currency,
    available: fromMinor(available, r.currency),
    held: fromMinor(held, r.currency),
    total: fromMinor(available + held, r.currency),
  };
}

function toTransaction(r: PostingRow): Transaction {
  const amount = BigInt(r.amount);
  return {
    id: r.id,
    walletId: r.wallet_id,
    currency: r.currency,
    type: amount > 0n ? 'Deposit' : 'Withdrawal',
    refType: r.ref_type as JournalRefType,
    refId: r.ref_id,
    amount: fromMinor(amount < 0n ? -amount : amount, r.currency),
    balanceAfter: fromMinor(BigInt(r.balance_after), r.currency),
    createdAt: new Date(r.created_at).toISOString(),
  };
}

function toChainRef(r: ChainRefRow, kind: 'deposit' | 'withdrawal'): ChainRef {
  return {
    network: r.network as TetherNetworkKey,
    txHash: r.tx_hash,
    confirmations: r.confirmations,
    requiredConfirmations: r.required_confirmations,
    status:
      kind === 'deposit'
        ? CHAIN_DEPOSIT_USER_STATUS[r.state as ChainDepositStatus]
        : TETHER_WITHDRAWAL_USER_STATUS[r.state as TetherWithdrawalStatus],
    address: r.address,
  };
}

/**
 * A page of postings as transactions; those of tether deposits and withdrawals on chain (issue 18) carry
 * their `chain` place, read for the whole page in one query.
 */
async function toTransactions(db: DbOrTx, userId: string, rows: readonly PostingRow[]): Promise<Transaction[]> {
  const deposits = rows.filter((r) => r.ref_type === 'TetherDeposit').map((r) => r.ref_id);
  const withdrawals = rows.filter((r) => r.ref_type === 'TetherWithdrawal').map((r) => r.ref_id);
  const refs = await findChainRefs(db, userId, { deposits, withdrawals });
  return rows.map((r) => {
    const t = toTransaction(r);
    const deposit = r.ref_type === 'TetherDeposit' ? refs.deposits.get(r.ref_id) : undefined;
    const withdrawal = r.ref_type === 'TetherWithdrawal' ? refs.withdrawals.get(r.ref_id) : undefined;
    if (deposit) return { ...t, chain: toChainRef(deposit, 'deposit') };
    if (withdrawal) return { ...t, chain: toChainRef(withdrawal, 'withdrawal') };
    return t;
  });
}

/** The user's four wallets in the contract's currency order; their accounts open on first sight. */
export async function listWallets(db: Db, userId: string): Promise<Wallet[]> {
  let rows = await findWallets(db, userId);
  if (rows.length < CURRENCIES.length) {
    await openUserAccounts(db, userId);
    rows = await findWallets(db, userId);
  }
  const byCurrency = new Map(rows.map((r) => [r.currency, r]));
  return CURRENCIES.flatMap((c: Currency) => {
    const r = byCurrency.get(c);
    return r ? [toWallet(r)] : [];
  });
}

export async function getWalletHistory(db: DbOrTx, userId: string, walletId: string, page: number) {
  const wallet = (await findWallets(db, userId)).find((w) => w.wallet_id === walletId);
  if (!wallet) throw new AppError('NOT_FOUND', 'No such wallet');
  const { rows, total } = await findPostings(db, {
    userId,
    walletId,
    limit: HISTORY_PAGE_SIZE,
    offset: (page - 1) * HISTORY_PAGE_SIZE,
  });
  return {
    wallet: toWallet(wallet),
    items: await toTransactions(db, userId, rows),
    total,
    page,
    pageSize: HISTORY_PAGE_SIZE,
  };
}

export async function listTransactions(db: DbOrTx, userId: string, q: ListTransactionsFilter) {
  const { page } = q;
  if (q.from && q.to && q.from > q.to) {
    throw new AppError('VALIDATION_FAILED', 'from is after to', { issues: [{ path: 'to', rule: 'dateAfter' }] });
  }
  const toExclusive = q.to ? new Date(new Date(`${q.to}T00:00:00${IRAN_OFFSET}`).getTime() + 86_400_000) : undefined;
  const { rows, total } = await findPostings(db, {
    userId,
    currency: q.currency,
    direction: q.type === 'Deposit' ? 'in' : q.type === 'Withdrawal' ? 'out' : undefined,
    refType: q.refType,
    from: q.from ? new Date(`${q.from}T00:00:00${IRAN_OFFSET}`) : undefined,
    toExclusive,
    limit: HISTORY_PAGE_SIZE,
    offset: (page - 1) * HISTORY_PAGE_SIZE,
  });
  return { items: await toTransactions(db, userId, rows), total, page, pageSize: HISTORY_PAGE_SIZE };
}
