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
  PURCHASE_USER_STATUS,
  REDEMPTION_USER_STATUS,
  type PurchaseStatus,
  type RedemptionStatus,
} from '@portal/contract/funds/funds';
import { formatUnits } from '@portal/contract/funds/pricing';
import { DEPOSIT_USER_STATUS, type DepositStatus } from '@portal/contract/wallet/offline-deposits';
import { WITHDRAWAL_USER_STATUS, type WithdrawalStatus } from '@portal/contract/wallet/withdrawals';
import {
  HISTORY_PAGE_SIZE,
  RECEIPT_REF_TYPES,
  type ListTransactionsFilter,
  type ChainRef,
  type Transaction,
  type TransactionDetails,
  type TransactionRef,
  type Wallet,
} from '@portal/contract/wallet/wallets';
import type { Db, DbOrTx } from '../../db/client';
import { openUserAccounts } from '../ledger/ledger.repository';
import {
  findChainRefs,
  findFundRef,
  findMoneyRequestRef,
  findPosting,
  findPostings,
  findRefFees,
  findTradeRef,
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

/**
 * `GET /transactions/:id`: one of the user's movements with the fees of its order or request, what it
 * belongs to (the fund order and its units and NAV, the trade and its rate, the transfer on chain, the
 * request of `/user-requests`) and whether it has a receipt. Another user's id is NOT_FOUND.
 */
export async function getTransaction(db: DbOrTx, userId: string, id: string): Promise<TransactionDetails> {
  const row = await findPosting(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such transaction');
  const [transaction] = await toTransactions(db, userId, [row]);
  const base = transaction!;
  const ref = { refType: row.ref_type, refId: row.ref_id };
  const fees = (await findRefFees(db, userId, ref)).map((f) => ({
    currency: f.currency,
    amount: fromMinor(BigInt(f.amount), f.currency),
  }));
  return {
    ...base,
    chain: base.chain ?? null,
    fees,
    ref: await refOf(db, userId, base),
    hasReceipt: (RECEIPT_REF_TYPES as readonly string[]).includes(base.refType),
  };
}

async function refOf(db: DbOrTx, userId: string, t: Transaction): Promise<TransactionRef> {
  const ref: TransactionRef = {
    type: t.refType,
    id: t.refId,
    fund: null,
    trade: null,
    chain: t.chain ?? null,
    request: null,
  };
  switch (t.refType) {
    case 'FundSharePurchase':
    case 'FundShareRedeem':
    case 'FundHolderDividendDistribution': {
      const kind =
        t.refType === 'FundSharePurchase' ? 'purchase' : t.refType === 'FundShareRedeem' ? 'redemption' : 'dividend';
      const f = await findFundRef(db, userId, kind, t.refId);
      if (!f) return ref;
      ref.fund = {
        fundId: f.fund_id,
        fundName: { fa: f.fund_name.fa, ar: f.fund_name.ar, en: f.fund_name.en },
        currency: f.currency,
        units: f.units === null ? null : formatUnits(BigInt(f.units)),
        nav: f.nav === null ? null : fromMinor(BigInt(f.nav), f.currency),
        navDate: f.nav_date,
      };
      if (kind === 'purchase' && f.state) {
        ref.request = { type: 'BuyFund', status: PURCHASE_USER_STATUS[f.state as PurchaseStatus] };
      }
      if (kind === 'redemption' && f.state) {
        ref.request = { type: 'SellFund', status: REDEMPTION_USER_STATUS[f.state as RedemptionStatus] };
      }
      return ref;
    }
    case 'ExchangeTransaction': {
      const tr = await findTradeRef(db, userId, t.refId);
      if (tr) {
        ref.trade = {
          side: tr.side,
          fiat: tr.fiat,
          price: tr.price,
          fiatAmount: fromMinor(BigInt(tr.fiat_amount), tr.fiat),
          usdtAmount: fromMinor(BigInt(tr.usdt_amount), 'USDT'),
        };
      }
      return ref;
    }
    case 'TetherDeposit':
      if (t.chain) ref.request = { type: 'TetherDeposit', status: t.chain.status };
      return ref;
    case 'TetherWithdrawal':
      if (t.chain) ref.request = { type: 'WithdrawalFromTetherWallet', status: t.chain.status };
      return ref;
    case 'Withdrawal': {
      const w = await findMoneyRequestRef(db, userId, 'withdrawal', t.refId);
      if (w) {
        ref.request = {
          type: 'WithdrawalFromTomanWallet',
          status: WITHDRAWAL_USER_STATUS[w.state as WithdrawalStatus],
        };
      }
      return ref;
    }
    case 'Payment': {
      const d = await findMoneyRequestRef(db, userId, 'deposit', t.refId);
      // Only an offline deposit is a request of `/user-requests`; a gateway payment is done when it shows here.
      if (d?.kind === 'offline') {
        ref.request = { type: 'OfflineTomanDeposit', status: DEPOSIT_USER_STATUS[d.state as DepositStatus] };
      }
      return ref;
    }
    default:
      return ref;
  }
}
