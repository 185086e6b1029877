/**
 * The double-entry ledger (issue 5, decision 016). Every movement of value is one journal whose postings
 * sum to zero per currency, written in the caller's transaction together with the business record it
 * belongs to. The database keeps the rules whatever this code does: balances move only through postings
 * (trigger), a user's balance cannot go below zero (CHECK), journals balance at commit (deferred trigger),
 * journals and postings are append-only. This module adds what the database cannot say well: clear errors,
 * a fixed lock order, and the refusal of a transfer from an account to itself.
 */
import { AppError } from '@portal/contract/core/errors';
import type { JournalRefType, SystemAccount, UserBucket } from '@portal/contract/wallet/ledger';
import type { DbOrTx } from '../../db/client';
import { violatedCheckConstraint } from '../../lib/db-errors';
import {
  findUserAccount,
  findUserBucketAccounts,
  insertJournalWithPostings,
  isUnitCurrency,
  openUserAccounts,
  openUserUnitAccounts,
  systemAccountId,
  type LedgerCurrency,
} from './ledger.repository';

export type { LedgerCurrency, UnitCurrency } from './ledger.repository';

export interface PostingInput {
  accountId: string;
  /** One of the four currencies, or a fund's units `U:<fund id>` (decision 022). */
  currency: LedgerCurrency;
  /** Minor units (unit-minors for units); positive credits the account, negative debits it. Never zero. */
  amount: bigint;
}

export interface JournalInput {
  refType: JournalRefType;
  refId: string;
  memo?: string;
  /** The user or operator whose request wrote it; null for jobs. */
  createdBy?: string | null;
  postings: readonly PostingInput[];
}

export interface PostedJournal {
  journalId: string;
  postings: { accountId: string; amount: bigint; balanceAfter: bigint }[];
}

/** The order postings are written in, and so the order account rows are locked in: by account id. */
export function inLockOrder<T extends { accountId: string }>(postings: readonly T[]): T[] {
  return [...postings].sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
}

/**
 * Checks a journal before it is written: at least two postings, no zero amount, no account twice (a
 * transfer from an account to itself moves nothing and is refused), and a zero sum per currency.
 * Pure, so the rule is unit-tested on its own.
 */
export function assertJournalShape(postings: readonly PostingInput[]): void {
  if (postings.length < 2) throw new Error('a journal needs at least two postings');
  const seen = new Set<string>();
  const sums = new Map<LedgerCurrency, bigint>();
  for (const p of postings) {
    if (typeof p.amount !== 'bigint') throw new Error('posting amounts are bigint minor units');
    if (p.amount === 0n) throw new Error('a posting never moves zero');
    if (seen.has(p.accountId)) throw new AppError('TRANSFER_SAME_ACCOUNT', 'An account appears twice in one journal');
    seen.add(p.accountId);
    sums.set(p.currency, (sums.get(p.currency) ?? 0n) + p.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new Error(`journal does not balance in ${currency}: ${sum}`);
  }
}

/**
 * A journal checked (`assertJournalShape`) with its postings in lock order: what `postJournal` writes, and
 * what a caller writing the journal inside a larger statement hands to `journalWithPostingsCtes` (that
 * statement's errors then go through `ledgerErrorOf`).
 */
export function journalToWrite(input: JournalInput): {
  journal: { refType: string; refId: string; memo: string | null; createdBy: string | null };
  postings: PostingInput[];
} {
  assertJournalShape(input.postings);
  return {
    journal: {
      refType: input.refType,
      refId: input.refId,
      memo: input.memo ?? null,
      createdBy: input.createdBy ?? null,
    },
    postings: inLockOrder(input.postings),
  };
}

/** What a failed journal statement means: a user's balance below zero (the CHECK) is `INSUFFICIENT_BALANCE`. */
export function ledgerErrorOf(err: unknown): unknown {
  if (violatedCheckConstraint(err) === 'ledger_accounts_user_balance_nonneg') {
    return new AppError('INSUFFICIENT_BALANCE', 'The balance does not cover the amount');
  }
  return err;
}

/**
 * Writes one journal in `tx`. A user's balance that would go below zero fails the statement (the CHECK)
 * and answers `INSUFFICIENT_BALANCE`; the caller's transaction is then rolled back whole.
 */
export async function postJournal(tx: DbOrTx, input: JournalInput): Promise<PostedJournal> {
  const { journal, postings } = journalToWrite(input);
  try {
    return await insertJournalWithPostings(tx, journal, postings);
  } catch (err) {
    throw ledgerErrorOf(err);
  }
}

/**
 * A user's bucket account, opening the user's accounts on first use: the eight of the four currencies, or
 * the two of a fund's units.
 */
export async function userAccountId(
  tx: DbOrTx,
  userId: string,
  currency: LedgerCurrency,
  bucket: UserBucket = 'available',
): Promise<string> {
  const found = await findUserAccount(tx, userId, currency, bucket);
  if (found) return found.id;
  if (isUnitCurrency(currency)) await openUserUnitAccounts(tx, userId, currency);
  else await openUserAccounts(tx, userId);
  const opened = await findUserAccount(tx, userId, currency, bucket);
  if (!opened) throw new Error(`account ${userId}/${currency}/${bucket} could not be opened`);
  return opened.id;
}

export interface TransferInput {
  fromAccountId: string;
  toAccountId: string;
  currency: LedgerCurrency;
  /** Minor units, positive. */
  amount: bigint;
  refType: JournalRefType;
  refId: string;
  memo?: string;
  createdBy?: string | null;
}

/** A transfer as a journal of two postings (a positive amount, two different accounts). */
export function transferJournal(t: TransferInput): JournalInput {
  if (t.amount <= 0n) throw new AppError('VALIDATION_FAILED', 'A transfer moves a positive amount');
  if (t.fromAccountId === t.toAccountId) throw new AppError('TRANSFER_SAME_ACCOUNT');
  return {
    refType: t.refType,
    refId: t.refId,
    memo: t.memo,
    createdBy: t.createdBy,
    postings: [
      { accountId: t.fromAccountId, currency: t.currency, amount: -t.amount },
      { accountId: t.toAccountId, currency: t.currency, amount: t.amount },
    ],
  };
}

/** Moves `amount` from one account to another of the same currency: a journal of two postings. */
export async function transfer(tx: DbOrTx, t: TransferInput): Promise<PostedJournal> {
  return postJournal(tx, transferJournal(t));
}

/** Credits a user's available balance from a system account (a deposit, a reward, a redemption). */
export async function creditUser(
  tx: DbOrTx,
  o: { userId: string; from: SystemAccount } & Omit<TransferInput, 'fromAccountId' | 'toAccountId'>,
): Promise<PostedJournal> {
  const [fromAccountId, toAccountId] = [
    await systemAccountId(tx, o.from, o.currency),
    await userAccountId(tx, o.userId, o.currency, 'available'),
  ];
  return transfer(tx, { ...o, fromAccountId, toAccountId });
}

/** A move between a user's own buckets: the accounts' ids are looked up (`bucketAccounts`). */
export type BucketMove = { userId: string; from: UserBucket; to: UserBucket } & Omit<
  TransferInput,
  'fromAccountId' | 'toAccountId'
>;

/**
 * The two accounts of a bucket move, given the ones a query found (`found`, by bucket code): the
 * one-at-a-time lookup, which opens the user's accounts, only when one is missing.
 */
export async function bucketAccounts(
  tx: DbOrTx,
  o: Pick<BucketMove, 'userId' | 'from' | 'to' | 'currency'>,
  found: readonly { code: string; id: string | null }[],
): Promise<{ fromAccountId: string; toAccountId: string }> {
  const idOf = (bucket: UserBucket) => found.find((a) => a.code === bucket)?.id ?? undefined;
  return {
    fromAccountId: idOf(o.from) ?? (await userAccountId(tx, o.userId, o.currency, o.from)),
    toAccountId: idOf(o.to) ?? (await userAccountId(tx, o.userId, o.currency, o.to)),
  };
}

/** Moves a user's money between their own buckets: available → held (a hold) or held → available. */
export async function moveBetweenBuckets(tx: DbOrTx, o: BucketMove): Promise<PostedJournal> {
  // Both buckets in one query (a round trip less in every hold and release).
  const found = await findUserBucketAccounts(tx, o.userId, o.currency, [o.from, o.to]);
  return transfer(tx, { ...o, ...(await bucketAccounts(tx, o, found)) });
}
