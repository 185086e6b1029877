/**
 * Issue 19: `GET /api/account/portfolio/state` for an investor with hundreds of lots, next to references
 * measured in the same run on the same server and database: `GET /api/account` (a signed-in route of one
 * cached read) and a bare `SELECT 1` round trip from the bench to PostgreSQL.
 *
 * The investor (seeded straight into the database before anything is measured): 400 days of history, a
 * deposit at its start and a purchase every day or so: `BENCH_PORTFOLIO_LOTS` lots (300 by default) over six
 * funds (two of them gold), each lot a journal at its own past instant with its units and its `fund_lots`
 * row, a NAV for every fund and day, a day candle of the tether price for every day. One request first
 * (untimed) rebuilds the 400 daily snapshots the way a first visit does; then the requests are sent one
 * at a time (latency, not throughput), the three kinds interleaved so they share the machine's load.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SESSION } from '@portal/contract/core/constants';
import { tehranDateOf } from '@portal/contract/funds/orders';
import { sha256 } from '../../apps/api/src/lib/crypto';
import { startPortal } from './api-throughput';
import { startPostgres } from './ledger-throughput';

export interface LatencyFigure {
  p50Ms: number;
  p99Ms: number;
  requests: number;
}

export interface PortfolioStateResult {
  database: string;
  lots: number;
  funds: number;
  historyDays: number;
  /** The first request of the investor: the state plus the rebuild of every day's snapshot. */
  firstRequestMs: number;
  state: LatencyFigure;
  account: LatencyFigure;
  selectOne: LatencyFigure;
  /** Every answer was 200 with the investor's holdings (the lots' units). */
  failures: number;
  firstFailure: string | null;
  holdings: number;
}

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 400;
const FUNDS = 6;

const text = (s: string) => JSON.stringify({ fa: s, ar: s, en: s });

export async function seedInvestor(url: string, lots: number): Promise<{ cookie: string; units: bigint }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('BEGIN');
    const token = randomBytes(32).toString('base64url');
    const {
      rows: [u],
    } = await c.query<{ id: string }>(
      `INSERT INTO users (mobile, referral_code, kyc_level, show_fill_user_info_page)
       VALUES ('+989370000001', 'benchpf1', 1, false) RETURNING id`,
    );
    const userId = u!.id;
    await c.query(
      `INSERT INTO sessions (token_hash, user_id, expires_at, remember_me) VALUES ($1, $2, now() + interval '1 day', true)`,
      [sha256(token), userId],
    );
    const today = tehranDateOf(new Date());
    const dayOf = (k: number) => new Date(Date.parse(`${today}T00:00:00Z`) - k * DAY_MS).toISOString().slice(0, 10);
    const fundIds: string[] = [];
    for (let f = 0; f < FUNDS; f += 1) {
      const gold = f < 2;
      const {
        rows: [row],
      } = await c.query<{ id: string }>(
        `INSERT INTO funds (code, kind, preset, fund_type, category, risk, currency, name, summary, about, min_purchase)
         VALUES ($1, $2, $3, 1, $4, 35, 'IRT', $5, $5, $5, 100000) RETURNING id`,
        [
          `bench-pf-${f}`,
          gold ? 'gold' : 'index',
          gold ? 'gold' : 'default',
          gold ? 'gold_silver' : 'crypto',
          text(`Bench fund ${f}`),
        ],
      );
      fundIds.push(row!.id);
      // A NAV every day: a slow walk up from 10,000 toman.
      await c.query(
        `INSERT INTO fund_navs (fund_id, nav_date, nav)
         SELECT $1, ($2::date - k), 10000 + ($3 - k) * 7 + (k % 13) * 3 FROM generate_series(0, $3) k`,
        [row!.id, today, HISTORY_DAYS],
      );
    }
    // The tether price's day candles (rials per tether).
    await c.query(
      `INSERT INTO tether_candles (interval, start, open, high, low, close)
       SELECT '1d', (($1::date - k) - interval '3 hours 30 minutes') AT TIME ZONE 'UTC', p, p, p, p
       FROM (SELECT k, 900000 + k * 250 AS p FROM generate_series(0, $2) k) x
       ON CONFLICT DO NOTHING`,
      [today, HISTORY_DAYS],
    );
    const account = async (user: string | null, code: string, currency: string): Promise<string> => {
      const found = await c.query<{ id: string }>(
        user
          ? `SELECT id FROM ledger_accounts WHERE user_id = $1 AND code = $2 AND currency = $3`
          : `SELECT id FROM ledger_accounts WHERE user_id IS NULL AND $1::uuid IS NULL AND code = $2 AND currency = $3`,
        [user, code, currency],
      );
      if (found.rows[0]) return found.rows[0].id;
      const made = await c.query<{ id: string }>(
        `INSERT INTO ledger_accounts (user_id, code, currency) VALUES ($1, $2, $3) RETURNING id`,
        [user, code, currency],
      );
      return made.rows[0]!.id;
    };
    const journal = async (at: Date, refType: string, postings: [string, string, bigint][]) => {
      const {
        rows: [j],
      } = await c.query<{ id: string }>(
        `INSERT INTO ledger_journals (ref_type, ref_id, memo, created_at) VALUES ($1, $2, 'bench seed', $3) RETURNING id`,
        [refType, randomBytes(8).toString('hex'), at.toISOString()],
      );
      for (const [accountId, currency, amount] of [...postings].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
        await c.query(
          `INSERT INTO ledger_postings (journal_id, account_id, currency, amount, created_at) VALUES ($1, $2, $3, $4, $5)`,
          [j!.id, accountId, currency, amount.toString(), at.toISOString()],
        );
      }
    };
    const userIrt = await account(userId, 'available', 'IRT');
    await account(userId, 'held', 'IRT');
    const bank = await account(null, 'bank_settlement', 'IRT');
    const custody = await account(null, 'fund_custody', 'IRT');
    const start = (k: number) => new Date(Date.parse(`${dayOf(k)}T06:30:00Z`));
    const perLot = 1_000_000n;
    await journal(start(HISTORY_DAYS), 'Payment', [
      [bank, 'IRT', -perLot * BigInt(lots + 10)],
      [userIrt, 'IRT', perLot * BigInt(lots + 10)],
    ]);
    let units = 0n;
    for (let i = 0; i < lots; i += 1) {
      const k = HISTORY_DAYS - 1 - Math.floor((i * (HISTORY_DAYS - 2)) / lots);
      const fundId = fundIds[i % FUNDS]!;
      const U = `U:${fundId}`;
      const nav = BigInt(10000 + (HISTORY_DAYS - k) * 7 + (k % 13) * 3);
      const lotUnits = (perLot * 10_000n) / nav;
      const cost = (lotUnits * nav + 9_999n) / 10_000n;
      const at = new Date(start(k).getTime() + i * 1000);
      await journal(at, 'BuyFund', [
        [userIrt, 'IRT', -cost],
        [custody, 'IRT', cost],
        [await account(null, 'fund_units', U), U, -lotUnits],
        [await account(userId, 'available', U), U, lotUnits],
      ]);
      await account(userId, 'held', U);
      await c.query(
        `INSERT INTO fund_lots (user_id, fund_id, units_issued, units_remaining, nav, issued_at) VALUES ($1, $2, $3, $3, $4, $5)`,
        [userId, fundId, lotUnits.toString(), nav.toString(), at.toISOString()],
      );
      units += lotUnits;
    }
    await c.query('COMMIT');
    await c.query('ANALYZE');
    return { cookie: `${SESSION.cookieName}=${token}`, units };
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await c.end();
  }
}

function figure(samples: number[]): LatencyFigure {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => Math.round((s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0) * 100) / 100;
  return { p50Ms: q(0.5), p99Ms: q(0.99), requests: s.length };
}

export async function measurePortfolioState(o: {
  requests: number;
  lots: number;
  logLevel: string;
}): Promise<PortfolioStateResult> {
  const server = await startPostgres();
  let portal: Awaited<ReturnType<typeof startPortal>> | null = null;
  const pool = new pg.Pool({ connectionString: server.url, max: 1 });
  try {
    portal = await startPortal(o.logLevel, {
      databaseUrl: server.url,
      appSecret: randomBytes(48).toString('base64url'),
      env: { TETHER_PRICE_POLL_MS: '1000' },
    });
    const { cookie } = await seedInvestor(server.url, o.lots);
    const stateUrl = `${portal.baseUrl}/api/account/portfolio/state?currency=IRT`;
    const accountUrl = `${portal.baseUrl}/api/account`;
    const failures: string[] = [];
    let holdings = 0;
    const timed = async (url: string, check = false): Promise<number> => {
      const t0 = performance.now();
      const res = await fetch(url, { headers: { cookie } });
      const body = await res.text();
      const ms = performance.now() - t0;
      if (res.status !== 200) failures.push(`${url} ${res.status} ${body.slice(0, 200)}`);
      else if (check) {
        const s = JSON.parse(body) as { holdings: { kind: string }[] };
        holdings = s.holdings.filter((h) => h.kind !== 'wallet').length;
        if (holdings !== FUNDS) failures.push(`state: ${holdings} fund holdings, expected ${FUNDS}`);
      }
      return ms;
    };
    const firstRequestMs = Math.round((await timed(stateUrl, true)) * 100) / 100;
    // Warm-up: JIT, plans, the session and account caches.
    for (let i = 0; i < 50; i += 1) {
      await timed(stateUrl);
      await timed(accountUrl);
      await pool.query('SELECT 1');
    }
    const state: number[] = [];
    const account: number[] = [];
    const selectOne: number[] = [];
    for (let i = 0; i < o.requests; i += 1) {
      state.push(await timed(stateUrl, i === 0));
      account.push(await timed(accountUrl));
      const t0 = performance.now();
      await pool.query('SELECT 1');
      selectOne.push(performance.now() - t0);
    }
    return {
      database: server.label,
      lots: o.lots,
      funds: FUNDS,
      historyDays: HISTORY_DAYS,
      firstRequestMs,
      state: figure(state),
      account: figure(account),
      selectOne: figure(selectOne),
      failures: failures.length,
      firstFailure: failures[0] ?? null,
      holdings,
    };
  } finally {
    await pool.end().catch(() => undefined);
    await portal?.stop();
    await server.stop();
  }
}
