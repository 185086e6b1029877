/**
 * Issue 17: quote then execute over HTTP with N clients, against the same SQL sent by hand through
 * node-postgres, on the same PostgreSQL database in the same run.
 *
 * HTTP: the built server on the bench database (the demo price, a price every 500 ms); each client loops
 * `POST /api/tether/quotes` (buy, 200,000 toman) then `POST /api/tether/quotes/{id}/execute` with a fresh
 * idempotency key, as seeded users (KYC level one, funded, signed in), one user per client.
 *
 * By hand: the statements the two requests run, in the same order, with the same locks: the quote's reads
 * (settings, the user, the latest price, today's trades, the balance) and its insert; then BEGIN, the
 * idempotency claim, the user's row locked and read, the quote locked, settings, the user, today's trades, the
 * five accounts' ids, the journal with its postings, the quote marked, the trade, the audit row, the stored
 * answer, COMMIT. What HTTP adds on top is the server: sessions, validation, drizzle, serialisation.
 *
 * A trade's figure is the pair (quote + execute): trades per second and the pair's p50 and p99.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { SESSION } from '@portal/contract/core/constants';
import { CURRENCIES } from '@portal/contract/core/money';
import { tehranDateOf } from '@portal/contract/funds/orders';
import { housePrices, priceTrade, tradeValueToman } from '@portal/contract/tether/pricing';
import { USER_BUCKETS } from '@portal/contract/wallet/ledger';
import { sha256 } from '../../apps/api/src/lib/crypto';
import { startPortal } from './api-throughput';
import { startPostgres } from './ledger-throughput';

const AMOUNT_TOMAN = 200_000n;
const FUNDED_TOMAN = 1_000_000_000_000n;

export interface TradeRunResult {
  perSecond: number;
  trades: number;
  failures: number;
  firstFailure: string | null;
  p50Ms: number;
  p99Ms: number;
}

export interface TetherTradesResult {
  database: string;
  clients: number;
  durationSeconds: number;
  http: TradeRunResult;
  byHand: TradeRunResult;
  /** http ÷ byHand (trades per second). */
  ratio: number;
}

interface Trader {
  id: string;
  cookie: string;
}

/** `n` users at KYC level one with a funded toman wallet and a session; the market's limits lifted. */
async function seedTraders(url: string, n: number): Promise<Trader[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    const mobiles = Array.from({ length: n }, (_, i) => `+98937${String(i + 1).padStart(7, '0')}`);
    const tokens = Array.from({ length: n }, () => randomBytes(32).toString('base64url'));
    const { rows } = await client.query<{ id: string; mobile: string }>(
      `INSERT INTO users (mobile, referral_code, kyc_level, show_fill_user_info_page)
       SELECT m, 'bencht' || ord, 1, false FROM unnest($1::text[]) WITH ORDINALITY AS x(m, ord)
       RETURNING id, mobile`,
      [mobiles],
    );
    const idOf = new Map(rows.map((u) => [u.mobile, u.id]));
    const ids = mobiles.map((m) => idOf.get(m)!);
    await client.query(
      `INSERT INTO ledger_accounts (user_id, code, currency)
       SELECT u, b, c FROM unnest($1::uuid[]) u, unnest($2::text[]) b, unnest($3::text[]) c`,
      [ids, [...USER_BUCKETS], [...CURRENCIES]],
    );
    await client.query(
      `INSERT INTO sessions (token_hash, user_id, expires_at, remember_me)
       SELECT t, u, now() + interval '1 day', true FROM unnest($1::text[], $2::uuid[]) AS x(t, u)`,
      [tokens.map(sha256), ids],
    );
    await client.query(
      `INSERT INTO ledger_accounts (user_id, code, currency) VALUES (NULL, 'bank_settlement', 'IRT') ON CONFLICT DO NOTHING`,
    );
    await client.query(
      `WITH j AS (
         INSERT INTO ledger_journals (ref_type, ref_id, memo) VALUES ('Payment', 'bench-traders', 'bench funding') RETURNING id
       ), p AS (
         SELECT a.id AS account_id, $2::bigint AS amount FROM ledger_accounts a
         WHERE a.user_id = ANY($1::uuid[]) AND a.code = 'available' AND a.currency = 'IRT'
         UNION ALL
         SELECT a.id, -($2::bigint * cardinality($1::uuid[])) FROM ledger_accounts a
         WHERE a.user_id IS NULL AND a.code = 'bank_settlement' AND a.currency = 'IRT'
       )
       INSERT INTO ledger_postings (journal_id, account_id, currency, amount)
       SELECT j.id, p.account_id, 'IRT', p.amount FROM j, p ORDER BY p.account_id`,
      [ids, FUNDED_TOMAN.toString()],
    );
    // The system accounts the trades post to, opened before the clock starts (the server opens them on first use).
    await client.query(
      `INSERT INTO ledger_accounts (user_id, code, currency)
       VALUES (NULL, 'exchange', 'IRT'), (NULL, 'exchange', 'USDT'), (NULL, 'fees', 'IRT') ON CONFLICT DO NOTHING`,
    );
    await client.query(
      `UPDATE tether_market_settings SET daily_limit_toman = '{"1":"1000000000000000"}'::jsonb WHERE id = 1`,
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
    return ids.map((id, i) => ({ id, cookie: `${SESSION.cookieName}=${tokens[i]!}` }));
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

function summarise(latencies: number[], trades: number, failures: string[], seconds: number): TradeRunResult {
  latencies.sort((a, b) => a - b);
  const q = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0);
  return {
    perSecond: Math.round(trades / seconds),
    trades,
    failures: failures.length,
    firstFailure: failures[0] ?? null,
    p50Ms: q(0.5),
    p99Ms: q(0.99),
  };
}

async function runHttp(baseUrl: string, traders: Trader[], seconds: number): Promise<TradeRunResult> {
  const latencies: number[] = [];
  const failures: string[] = [];
  let trades = 0;
  const deadline = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    traders.map(async (trader) => {
      while (Date.now() < deadline) {
        const t0 = performance.now();
        const q = await fetch(`${baseUrl}/api/tether/quotes`, {
          method: 'POST',
          headers: { cookie: trader.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: AMOUNT_TOMAN.toString() }),
        });
        if (q.status !== 201) {
          failures.push(`quote ${q.status} ${await q.text()}`);
          continue;
        }
        const { id } = (await q.json()) as { id: string };
        const e = await fetch(`${baseUrl}/api/tether/quotes/${id}/execute`, {
          method: 'POST',
          headers: { cookie: trader.cookie, 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
          body: '{}',
        });
        if (e.status !== 201) {
          failures.push(`execute ${e.status} ${await e.text()}`);
          continue;
        }
        await e.arrayBuffer();
        latencies.push(performance.now() - t0);
        trades += 1;
      }
    }),
  );
  return summarise(latencies, trades, failures, (Date.now() - started) / 1000);
}

async function runByHand(url: string, traders: Trader[], seconds: number): Promise<TradeRunResult> {
  const pool = new pg.Pool({ connectionString: url, max: traders.length });
  const latencies: number[] = [];
  const failures: string[] = [];
  let trades = 0;
  const deadline = Date.now() + seconds * 1000;
  const started = Date.now();
  const one = async (userId: string) => {
    const c = await pool.connect();
    try {
      const now = new Date();
      const day = tehranDateOf(now);
      // — the quote —
      const settings = (await c.query('SELECT * FROM tether_market_settings WHERE id = 1')).rows[0] as {
        spread_bps: number;
        fee_bps: number;
        quote_ttl_seconds: number;
      };
      await c.query('SELECT kyc_level, frozen_at FROM users WHERE id = $1 LIMIT 1', [userId]);
      const price = (await c.query('SELECT seq, at, mid FROM tether_prices ORDER BY seq DESC LIMIT 1')).rows[0] as {
        seq: string;
        mid: string;
      };
      await c.query(
        'SELECT COALESCE(SUM(value_toman), 0) AS total FROM tether_trades WHERE user_id = $1 AND trade_day = $2',
        [userId, day],
      );
      await c.query(
        `SELECT * FROM ledger_accounts WHERE user_id = $1 AND code = 'available' AND currency = 'IRT' LIMIT 1`,
        [userId],
      );
      const house = housePrices(BigInt(price.mid), BigInt(settings.spread_bps)).buy;
      const amounts = priceTrade({
        side: 'buy',
        fiat: 'IRT',
        amountOf: 'pay',
        amount: AMOUNT_TOMAN,
        price: house,
        feeBps: BigInt(settings.fee_bps),
      })!;
      const quote = (
        await c.query(
          `INSERT INTO tether_quotes (user_id, side, fiat, amount_of, requested, price_seq, price, fiat_amount, usdt_amount,
             fee, fee_bps, spread_bps, created_at, expires_at)
           VALUES ($1, 'buy', 'IRT', 'pay', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
          [
            userId,
            AMOUNT_TOMAN.toString(),
            price.seq,
            house.toString(),
            amounts.fiat.toString(),
            amounts.usdt.toString(),
            amounts.fee.toString(),
            settings.fee_bps,
            settings.spread_bps,
            now.toISOString(),
            new Date(now.getTime() + settings.quote_ttl_seconds * 1000).toISOString(),
          ],
        )
      ).rows[0] as { id: string };
      // — the execution —
      const key = randomUUID();
      const tradeId = randomUUID();
      await c.query('BEGIN');
      await c.query(
        `INSERT INTO idempotency_records (user_id, key, operation, request_hash) VALUES ($1, $2, 'executeTetherQuote', $3)
         ON CONFLICT DO NOTHING RETURNING key`,
        [userId, key, quote.id],
      );
      await c.query('SELECT id FROM users WHERE id = $1 LIMIT 1 FOR NO KEY UPDATE', [userId]);
      await c.query('SELECT kyc_level, frozen_at FROM users WHERE id = $1 LIMIT 1 FOR SHARE', [userId]);
      await c.query('SELECT * FROM tether_quotes WHERE id = $1 AND user_id = $2 LIMIT 1 FOR UPDATE', [
        quote.id,
        userId,
      ]);
      await c.query('SELECT * FROM tether_market_settings WHERE id = 1');
      await c.query('SELECT kyc_level, frozen_at FROM users WHERE id = $1 LIMIT 1', [userId]);
      await c.query(
        'SELECT COALESCE(SUM(value_toman), 0) AS total FROM tether_trades WHERE user_id = $1 AND trade_day = $2',
        [userId, day],
      );
      const acc = async (user: string | null, code: string, currency: string) =>
        (
          await c.query<{ id: string }>(
            user
              ? 'SELECT id FROM ledger_accounts WHERE user_id = $1 AND code = $2 AND currency = $3 LIMIT 1'
              : 'SELECT id FROM ledger_accounts WHERE user_id IS NULL AND code = $2 AND currency = $3 AND $1::uuid IS NULL LIMIT 1',
            [user, code, currency],
          )
        ).rows[0]!.id;
      const userIrt = await acc(userId, 'available', 'IRT');
      const userUsdt = await acc(userId, 'available', 'USDT');
      const houseIrt = await acc(null, 'exchange', 'IRT');
      const houseUsdt = await acc(null, 'exchange', 'USDT');
      const fees = await acc(null, 'fees', 'IRT');
      const postings = [
        [userIrt, 'IRT', -amounts.fiat],
        [houseIrt, 'IRT', amounts.fiat - amounts.fee],
        [houseUsdt, 'USDT', -amounts.usdt],
        [userUsdt, 'USDT', amounts.usdt],
        [fees, 'IRT', amounts.fee],
      ].sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1));
      const journal = (
        await c.query<{ journal_id: string }>(
          `WITH j AS (INSERT INTO ledger_journals (ref_type, ref_id, memo, created_by) VALUES ('ExchangeTransaction', $1, 'bench', $2) RETURNING id)
           INSERT INTO ledger_postings (journal_id, account_id, currency, amount)
           SELECT j.id, p.account_id, p.currency, p.amount FROM j,
             unnest($3::uuid[], $4::text[], $5::bigint[]) WITH ORDINALITY AS p(account_id, currency, amount, ord) ORDER BY p.ord
           RETURNING journal_id, account_id, balance_after`,
          [
            tradeId,
            userId,
            postings.map((p) => p[0]),
            postings.map((p) => p[1]),
            postings.map((p) => (p[2] as bigint).toString()),
          ],
        )
      ).rows[0]!;
      await c.query('UPDATE tether_quotes SET executed_at = $2 WHERE id = $1', [quote.id, now.toISOString()]);
      await c.query(
        `INSERT INTO tether_trades (id, quote_id, user_id, side, fiat, price, fiat_amount, usdt_amount, fee, value_toman,
           trade_day, journal_id, created_at)
         VALUES ($1, $2, $3, 'buy', 'IRT', $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
        [
          tradeId,
          quote.id,
          userId,
          house.toString(),
          amounts.fiat.toString(),
          amounts.usdt.toString(),
          amounts.fee.toString(),
          tradeValueToman('buy', 'IRT', amounts).toString(),
          day,
          journal.journal_id,
          now.toISOString(),
        ],
      );
      await c.query(
        `INSERT INTO audit_log (actor_user_id, action, subject_type, subject_id, ip, data)
         VALUES ($1, 'tether.trade.executed', 'tether_trade', $2, '127.0.0.1', $3::jsonb)`,
        [userId, tradeId, JSON.stringify({ quoteId: quote.id })],
      );
      await c.query(`UPDATE idempotency_records SET response = $3::jsonb WHERE user_id = $1 AND key = $2`, [
        userId,
        key,
        JSON.stringify({ id: tradeId }),
      ]);
      await c.query('COMMIT');
    } catch (err) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      c.release();
    }
  };
  await Promise.all(
    traders.map(async (trader) => {
      while (Date.now() < deadline) {
        const t0 = performance.now();
        try {
          await one(trader.id);
          latencies.push(performance.now() - t0);
          trades += 1;
        } catch (err) {
          failures.push(err instanceof Error ? err.message : String(err));
        }
      }
    }),
  );
  await pool.end();
  return summarise(latencies, trades, failures, (Date.now() - started) / 1000);
}

export async function measureTetherTrades(o: {
  clients: number;
  durationSeconds: number;
  logLevel: string;
}): Promise<TetherTradesResult> {
  const server = await startPostgres();
  let portal: Awaited<ReturnType<typeof startPortal>> | null = null;
  try {
    portal = await startPortal(o.logLevel, {
      databaseUrl: server.url,
      appSecret: randomBytes(48).toString('base64url'),
      env: { TETHER_PRICE_POLL_MS: '500' },
    });
    const traders = await seedTraders(server.url, o.clients * 2);
    const [httpTraders, handTraders] = [traders.slice(0, o.clients), traders.slice(o.clients)];
    // A short warm-up of both (JIT, plans, the server's caches), then the measured runs.
    await runHttp(portal.baseUrl, httpTraders, 2);
    await runByHand(server.url, handTraders, 2);
    const byHand = await runByHand(server.url, handTraders, o.durationSeconds);
    const http = await runHttp(portal.baseUrl, httpTraders, o.durationSeconds);
    return {
      database: server.label,
      clients: o.clients,
      durationSeconds: o.durationSeconds,
      http,
      byHand,
      ratio: byHand.perSecond > 0 ? http.perSecond / byHand.perSecond : 0,
    };
  } finally {
    await portal?.stop();
    await server.stop();
  }
}
