import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { CURRENCIES, type Currency } from '@portal/contract/core/money';
import { USER_BUCKETS, type SystemAccount, type UserBucket } from '@portal/contract/wallet/ledger';
import { queryRows, type DbOrTx } from '../../db/client';
import { ledgerAccounts, ledgerJournals, ledgerPostings } from '../../db/schema';

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;

/**
 * What a ledger account or posting may be in: one of the four currencies (SPEC §1), or the units of a fund,
 * `U:<fund id>` (decision 022; contract `unitCurrency`). Unit accounts never appear in wallet views.
 */
/** A fund's units `U:<fund id>`, or a basket's holding `B:<basket id>:<SYMBOL>` (issue 20): two buckets each. */
export type UnitCurrency = `U:${string}` | `B:${string}`;
export type LedgerCurrency = Currency | UnitCurrency;

export const isUnitCurrency = (currency: string): currency is UnitCurrency =>
  currency.startsWith('U:') || currency.startsWith('B:');

/** SQL that keeps the four currencies' accounts only (`<alias>.currency`): wallet views never list unit accounts. */
export const CASH_CURRENCIES_SQL = sql.raw(`(${CURRENCIES.map((c) => `'${c}'`).join(', ')})`);

/** The account column compared with a ledger currency (the column's type names the four currencies only). */
const currencyIs = (currency: LedgerCurrency) => eq(ledgerAccounts.currency, currency as Currency);

/** Opens a user's eight accounts (four currencies × available/held) if they are not open yet. */
export async function openUserAccounts(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .insert(ledgerAccounts)
    .values(CURRENCIES.flatMap((currency) => USER_BUCKETS.map((code) => ({ userId, code, currency }))))
    .onConflictDoNothing();
}

/** Opens a user's two accounts (available/held) of a fund's units, if they are not open yet. */
export async function openUserUnitAccounts(tx: DbOrTx, userId: string, currency: UnitCurrency): Promise<void> {
  await tx
    .insert(ledgerAccounts)
    .values(USER_BUCKETS.map((code) => ({ userId, code, currency: currency as Currency })))
    .onConflictDoNothing();
}

export async function findUserAccounts(tx: DbOrTx, userId: string): Promise<LedgerAccountRow[]> {
  return tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId));
}

export async function findUserAccount(
  tx: DbOrTx,
  userId: string,
  currency: LedgerCurrency,
  bucket: UserBucket,
): Promise<LedgerAccountRow | undefined> {
  const [row] = await tx
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.code, bucket), currencyIs(currency)))
    .limit(1);
  return row;
}

/** A user's accounts of one currency in the given buckets, in one query. */
export async function findUserBucketAccounts(
  tx: DbOrTx,
  userId: string,
  currency: LedgerCurrency,
  buckets: readonly UserBucket[],
): Promise<LedgerAccountRow[]> {
  return tx
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.code, [...buckets]), currencyIs(currency)));
}

/**
 * The id of a system account, opened on first use: read first (the usual case, one statement), and only
 * when it is missing inserted (a racing opener's row wins the conflict) and read again.
 */
export async function systemAccountId(tx: DbOrTx, code: SystemAccount, currency: LedgerCurrency): Promise<string> {
  const find = async () => {
    const [row] = await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(isNull(ledgerAccounts.userId), eq(ledgerAccounts.code, code), currencyIs(currency)))
      .limit(1);
    return row?.id;
  };
  const existing = await find();
  if (existing) return existing;
  await tx
    .insert(ledgerAccounts)
    .values({ userId: null, code, currency: currency as Currency })
    .onConflictDoNothing();
  const opened = await find();
  if (!opened) throw new Error(`system account ${code}/${currency} could not be opened`);
  return opened;
}

export async function insertJournal(
  tx: DbOrTx,
  values: { refType: string; refId: string; memo: string | null; createdBy: string | null },
): Promise<string> {
  const [row] = await tx.insert(ledgerJournals).values(values).returning({ id: ledgerJournals.id });
  return row!.id;
}

/**
 * Inserts the postings in the order given (the caller sorts them by account id: the trigger locks each
 * account's row as it moves its balance, so every transaction locks in the same order).
 */
export async function insertPostings(
  tx: DbOrTx,
  journalId: string,
  postings: readonly { accountId: string; currency: LedgerCurrency; amount: bigint }[],
): Promise<{ accountId: string; amount: bigint; balanceAfter: bigint }[]> {
  return tx
    .insert(ledgerPostings)
    .values(
      postings.map((p) => ({ journalId, accountId: p.accountId, currency: p.currency as Currency, amount: p.amount })),
    )
    .returning({
      accountId: ledgerPostings.accountId,
      amount: ledgerPostings.amount,
      balanceAfter: ledgerPostings.balanceAfter,
    });
}

/**
 * A journal and its postings as two CTEs of one statement, `journal` (its id) and `postings` (each
 * posting's journal_id, account_id, amount and balance_after as text): the postings go in the order given
 * (the caller sorts them by account id, so every transaction locks account rows in the same order as the
 * trigger moves their balances). `after`, a CTE of the caller's larger statement: the journal is written
 * only when that CTE yields a row.
 */
export function journalWithPostingsCtes(
  journal: { refType: string; refId: string; memo: string | null; createdBy: string | null },
  postings: readonly { accountId: string; currency: LedgerCurrency; amount: bigint }[],
  after?: string,
): SQL {
  const values = sql.join(
    postings.map((p, i) => sql`(${p.accountId}::uuid, ${p.currency}, ${p.amount.toString()}::bigint, ${i})`),
    sql`, `,
  );
  return sql`journal AS (
      INSERT INTO ledger_journals (ref_type, ref_id, memo, created_by)
      SELECT ${journal.refType}, ${journal.refId}, ${journal.memo}, ${journal.createdBy}::uuid${
        after ? sql` FROM ${sql.identifier(after)}` : sql``
      }
      RETURNING id
    ),
    postings AS (
      INSERT INTO ledger_postings (journal_id, account_id, currency, amount)
      SELECT journal.id, p.account_id, p.currency, p.amount
      FROM journal, (VALUES ${values}) AS p(account_id, currency, amount, ord)
      ORDER BY p.ord
      RETURNING journal_id, account_id, amount::text AS amount, balance_after::text AS balance_after
    )`;
}

/** The rows of `journalWithPostingsCtes`' `postings`, read. */
export function postedJournalOf(
  rows: readonly { journal_id: string; account_id: string; amount: string; balance_after: string }[],
): { journalId: string; postings: { accountId: string; amount: bigint; balanceAfter: bigint }[] } {
  const first = rows[0];
  if (!first) throw new Error('the journal wrote no postings');
  return {
    journalId: first.journal_id,
    postings: rows.map((r) => ({
      accountId: r.account_id,
      amount: BigInt(r.amount),
      balanceAfter: BigInt(r.balance_after),
    })),
  };
}

/** Writes a journal and its postings in one statement (one round trip); answers the postings with the balance after each. */
export async function insertJournalWithPostings(
  tx: DbOrTx,
  journal: { refType: string; refId: string; memo: string | null; createdBy: string | null },
  postings: readonly { accountId: string; currency: LedgerCurrency; amount: bigint }[],
): Promise<{ journalId: string; postings: { accountId: string; amount: bigint; balanceAfter: bigint }[] }> {
  const rows = await queryRows<{ journal_id: string; account_id: string; amount: string; balance_after: string }>(
    tx,
    sql`WITH ${journalWithPostingsCtes(journal, postings)}
        SELECT journal_id, account_id, amount, balance_after FROM postings`,
  );
  return postedJournalOf(rows);
}

/** The id of a user's bucket account as a scalar subquery (null when not open). */
export const userAccountIdSql = (userId: string, currency: LedgerCurrency, bucket: UserBucket): SQL =>
  sql`(SELECT id FROM ledger_accounts WHERE user_id = ${userId}::uuid AND code = ${bucket} AND currency = ${currency})`;

export async function accountsByIds(tx: DbOrTx, ids: readonly string[]): Promise<LedgerAccountRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [...ids]));
}

export interface LedgerViolation {
  kind: 'currency_not_zero' | 'balance_not_sum' | 'user_negative' | 'journal_not_zero';
  detail: string;
}

/**
 * The invariants of DESIGN "Money", checked against the whole ledger: the postings of every currency sum
 * to zero, every journal balances per currency, every account's balance equals the sum of its postings,
 * and no user balance is negative. Answers the violations (none when the ledger is sound).
 */
export async function findLedgerViolations(tx: DbOrTx): Promise<LedgerViolation[]> {
  const out: LedgerViolation[] = [];
  const currencies = await queryRows<{ currency: string; total: string }>(
    tx,
    sql`SELECT currency, sum(amount)::text AS total FROM ledger_postings GROUP BY currency HAVING sum(amount) <> 0`,
  );
  for (const c of currencies) out.push({ kind: 'currency_not_zero', detail: `${c.currency}: ${c.total}` });
  const journals = await queryRows<{ journal_id: string; currency: string; total: string }>(
    tx,
    sql`SELECT journal_id, currency, sum(amount)::text AS total FROM ledger_postings
        GROUP BY journal_id, currency HAVING sum(amount) <> 0 LIMIT 20`,
  );
  for (const j of journals) out.push({ kind: 'journal_not_zero', detail: `${j.journal_id} ${j.currency}: ${j.total}` });
  const accounts = await queryRows<{ id: string; balance: string; total: string }>(
    tx,
    sql`SELECT a.id, a.balance::text AS balance, coalesce(p.total, 0)::text AS total
        FROM ledger_accounts a
        LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_postings GROUP BY account_id) p
          ON p.account_id = a.id
        WHERE a.balance <> coalesce(p.total, 0) LIMIT 20`,
  );
  for (const a of accounts) out.push({ kind: 'balance_not_sum', detail: `${a.id}: ${a.balance} ≠ ${a.total}` });
  const negative = await queryRows<{ id: string; balance: string }>(
    tx,
    sql`SELECT id, balance::text AS balance FROM ledger_accounts WHERE user_id IS NOT NULL AND balance < 0 LIMIT 20`,
  );
  for (const n of negative) out.push({ kind: 'user_negative', detail: `${n.id}: ${n.balance}` });
  return out;
}
