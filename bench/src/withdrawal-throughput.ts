/**
 * The whole HTTP money request (issue 5): `POST /api/wallet/withdrawals` against the built server
 * (apps/api/dist/server.js) on PostgreSQL, with N clients, counting only 201 answers. Every request goes
 * the way a user's does: the session cookie, the zod validation of the body and of the `Idempotency-Key`
 * header, the idempotency record, KYC level and freeze checks, the user's own bank account, the
 * authenticator code (two-factor on, so no phone code and no SMS rate limit), available → held in the
 * ledger, the withdrawal row and its audit record, all in one transaction.
 *
 * An authenticator code works once per user and 30-second step, so the users are seeded (straight into
 * the database, before anything is measured) in their thousands: KYC level two, a sheba, a funded IRT
 * wallet, two-factor on with a known secret, a live session. Each request takes a user whose code for the
 * current step is unused; running out of such users fails the measurement (raise BENCH_HTTP_USERS).
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { shebaOf } from '@portal/contract/bank/bank-accounts';
import { SESSION } from '@portal/contract/core/constants';
import { CURRENCIES } from '@portal/contract/core/money';
import { IDEMPOTENCY_HEADER } from '@portal/contract/core/idempotency';
import { USER_BUCKETS } from '@portal/contract/wallet/ledger';
import { sha256 } from '../../apps/api/src/lib/crypto';
import { newTotpSecret, timeStep, totpAt } from '../../apps/api/src/lib/totp';
import { sealTotpSecret } from '../../apps/api/src/modules/admin/operators.service';

/** What each request withdraws (the smallest withdrawal, SPEC §5), from a wallet funded far beyond it. */
const AMOUNT_TOMAN = '10000';
const FUNDED_TOMAN = 1_000_000_000_000n;

export interface BenchWithdrawer {
  cookie: string;
  bankAccountId: string;
  /** base32, as the authenticator app holds it. */
  totpSecret: string;
  /** The last step whose code was used (taken when the answer came: never before the server's step). */
  usedStep: number;
  busy: boolean;
}

/**
 * Seeds `n` withdrawers in the portal's database (migrated already): users at KYC level two with
 * two-factor on (the secret sealed under `appSecret`, as the server seals it), their ledger accounts, a
 * sheba each, `FUNDED_TOMAN` each from the bank account (journals of 250 postings, balanced), and a
 * remember-me session each.
 */
export async function seedWithdrawers(url: string, appSecret: string, n: number): Promise<BenchWithdrawer[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const secrets = Array.from({ length: n }, () => newTotpSecret());
    const tokens = Array.from({ length: n }, () => randomBytes(32).toString('base64url'));
    const mobiles = Array.from({ length: n }, (_, i) => `+98938${String(i + 1).padStart(7, '0')}`);
    const shebas = Array.from({ length: n }, () =>
      shebaOf(`017${Array.from({ length: 19 }, () => randomInt(10)).join('')}`),
    );
    await client.query('BEGIN');
    const { rows: users } = await client.query<{ id: string; mobile: string }>(
      `INSERT INTO users (mobile, referral_code, kyc_level, two_factor_secret, show_fill_user_info_page)
       SELECT m, 'benchw' || ord, 2, s, false FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS x(m, s, ord)
       RETURNING id, mobile`,
      [mobiles, secrets.map((s) => sealTotpSecret(appSecret, s))],
    );
    const idOf = new Map(users.map((u) => [u.mobile, u.id]));
    const ids = mobiles.map((m) => idOf.get(m)!);
    await client.query(
      `INSERT INTO ledger_accounts (user_id, code, currency)
       SELECT u, b, c FROM unnest($1::uuid[]) u, unnest($2::text[]) b, unnest($3::text[]) c`,
      [ids, [...USER_BUCKETS], [...CURRENCIES]],
    );
    const { rows: banks } = await client.query<{ id: string; user_id: string }>(
      `INSERT INTO bank_accounts (user_id, sheba, added_by, verified_by)
       SELECT u, s, 'sheba', 'local' FROM unnest($1::uuid[], $2::text[]) AS x(u, s)
       RETURNING id, user_id`,
      [ids, shebas],
    );
    const bankOf = new Map(banks.map((b) => [b.user_id, b.id]));
    await client.query(
      `INSERT INTO sessions (token_hash, user_id, expires_at, remember_me)
       SELECT t, u, now() + interval '1 day', true FROM unnest($1::text[], $2::uuid[]) AS x(t, u)`,
      [tokens.map(sha256), ids],
    );
    // Funding: the bank settlement account pays each wallet, in balanced journals (postings in
    // account-id order, as `transfer()` writes them).
    await client.query(
      `INSERT INTO ledger_accounts (user_id, code, currency) VALUES (NULL, 'bank_settlement', 'IRT') ON CONFLICT DO NOTHING`,
    );
    for (let i = 0; i < n; i += 250) {
      const chunk = ids.slice(i, i + 250);
      await client.query(
        `WITH j AS (
           INSERT INTO ledger_journals (ref_type, ref_id, memo) VALUES ('Payment', $3, 'bench funding') RETURNING id
         ), p AS (
           SELECT a.id AS account_id, $2::bigint AS amount FROM ledger_accounts a
           WHERE a.user_id = ANY($1::uuid[]) AND a.code = 'available' AND a.currency = 'IRT'
           UNION ALL
           SELECT a.id, -($2::bigint * cardinality($1::uuid[])) FROM ledger_accounts a
           WHERE a.user_id IS NULL AND a.code = 'bank_settlement' AND a.currency = 'IRT'
         )
         INSERT INTO ledger_postings (journal_id, account_id, currency, amount)
         SELECT j.id, p.account_id, 'IRT', p.amount FROM j, p ORDER BY p.account_id`,
        [chunk, FUNDED_TOMAN.toString(), `bench-withdrawers-${i}`],
      );
    }
    await client.query('COMMIT');
    await client.query('ANALYZE');
    return ids.map((id, i) => ({
      cookie: `${SESSION.cookieName}=${tokens[i]!}`,
      bankAccountId: bankOf.get(id)!,
      totpSecret: secrets[i]!,
      usedStep: -1,
      busy: false,
    }));
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

export interface WithdrawalRunResult {
  /** 201 answers per second over the run. */
  perSecond: number;
  created: number;
  /** Answers other than 201, by status: errors, never counted. */
  otherStatuses: Record<string, number>;
  /** Requests that got no answer (connection errors). */
  networkErrors: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** The first few answers other than 201, for the report. */
  samples: string[];
}

function post(
  agent: http.Agent,
  port: number,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * `clients` loops, each sending one withdrawal at a time for `durationSeconds`, each with the next user
 * whose authenticator code for the current step is unused, a fresh idempotency key and the code.
 */
export async function runWithdrawals(
  baseUrl: string,
  withdrawers: BenchWithdrawer[],
  o: { clients: number; durationSeconds: number },
): Promise<WithdrawalRunResult> {
  const port = Number(new URL(baseUrl).port);
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.clients });
  let cursor = 0;
  const take = (): BenchWithdrawer | null => {
    const step = timeStep(Date.now());
    for (let tried = 0; tried < withdrawers.length; tried++) {
      const u = withdrawers[cursor]!;
      cursor = (cursor + 1) % withdrawers.length;
      if (!u.busy && u.usedStep < step) {
        u.busy = true;
        return u;
      }
    }
    return null;
  };
  let created = 0;
  let networkErrors = 0;
  const otherStatuses: Record<string, number> = {};
  const samples: string[] = [];
  const latencies: number[] = [];
  let starved = false;
  const deadline = Date.now() + o.durationSeconds * 1000;
  const client = async () => {
    while (Date.now() < deadline) {
      const u = take();
      if (!u) {
        starved = true;
        return;
      }
      const body = JSON.stringify({
        bankAccountId: u.bankAccountId,
        amount: AMOUNT_TOMAN,
        code: totpAt(u.totpSecret, timeStep(Date.now())),
      });
      const started = performance.now();
      try {
        const res = await post(
          agent,
          port,
          '/api/wallet/withdrawals',
          { cookie: u.cookie, [IDEMPOTENCY_HEADER]: randomUUID() },
          body,
        );
        latencies.push(performance.now() - started);
        const ok = res.status === 201 && (JSON.parse(res.body) as { status?: string }).status === 'Pending';
        if (ok) created++;
        else {
          otherStatuses[res.status] = (otherStatuses[res.status] ?? 0) + 1;
          if (samples.length < 5) samples.push(`${res.status} ${res.body.slice(0, 200)}`);
        }
      } catch (err) {
        networkErrors++;
        if (samples.length < 5) samples.push(err instanceof Error ? err.message : String(err));
      } finally {
        // The server checked the code at a step no later than this one.
        u.usedStep = timeStep(Date.now());
        u.busy = false;
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: o.clients }, client));
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  if (starved) {
    throw new Error(
      `ran out of users whose authenticator code is unused in this step (${withdrawers.length} seeded): raise BENCH_HTTP_USERS`,
    );
  }
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round(created / elapsed),
    created,
    otherStatuses,
    networkErrors,
    latencyP50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    latencyP99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
    samples,
  };
}

/** Checks what the runs left: one Pending withdrawal, one stored idempotency answer and one hold per 201. */
export async function checkWithdrawals(url: string, expected: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ withdrawals: number; records: number; holds: number }>(
      `SELECT (SELECT count(*)::int FROM withdrawals WHERE status = 'Pending') AS withdrawals,
              (SELECT count(*)::int FROM idempotency_records WHERE operation = 'createWithdrawal' AND response IS NOT NULL) AS records,
              (SELECT count(*)::int FROM ledger_journals WHERE ref_type = 'Withdrawal') AS holds`,
    );
    const r = rows[0]!;
    if (r.withdrawals !== expected || r.records !== expected || r.holds !== expected) {
      throw new Error(
        `after ${expected} answers 201 the database holds ${r.withdrawals} withdrawals, ${r.records} idempotency records, ${r.holds} hold journals`,
      );
    }
  } finally {
    await client.end();
  }
}
