import path from 'node:path';
import { destination, pino } from 'pino';
import { formatMobileLocal } from '@portal/contract/core/mobile';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { parseEnv } from './env';
import { loadOrCreateSecret } from './lib/secrets';
import { seedDemo } from './seed/demo';
import { payDueWithdrawals } from './modules/withdrawals/withdrawals.service';
import { runSettlementJobs } from './modules/deposit-by-id/deposit-by-id.service';
import { startDemoNavJob } from './seed/demo-funds';
import { priceWaitingOrders, runFundOrderJobs } from './modules/fund-orders/pricing.service';
import { reconcileGatewayPayments } from './modules/payments/reconcile';
import { PAYMENT_PURPOSES_BY_NAME } from './payment-purposes';
import { createPayment } from './adapters/payment/create-payment';
import { startPriceJob } from './modules/tether/price.service';
import { startUniverseJob } from './modules/market/universe.job';
import { startBasketJob } from './modules/baskets/worker.service';
import { universeJobDeps } from './modules/market/market-context';
import { startChainWatcher } from './modules/chain/watcher.service';
import { startPortfolioSnapshotJob } from './modules/portfolio/portfolio.service';

async function main() {
  const env = parseEnv();
  const dataDir = path.resolve(env.DATA_DIR);
  const database = env.DATABASE_URL
    ? await openDatabase({ driver: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE })
    : await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  const secret = env.APP_SECRET ?? loadOrCreateSecret(dataDir);

  // Buffered, asynchronous log writes keep logging off the request path; flushed on shutdown.
  const logStream = destination({ dest: 1, sync: false, minLength: 4096 });
  const logger = pino({ level: env.LOG_LEVEL, redact: ['req.headers.cookie', 'res.headers["set-cookie"]'] }, logStream);
  process.on('exit', () => logStream.flushSync());

  let report: ((err: unknown) => void) | undefined;
  if (env.SENTRY_DSN) {
    const Sentry = await import('@sentry/node');
    Sentry.init({ dsn: env.SENTRY_DSN, environment: env.NODE_ENV });
    report = (err) => Sentry.captureException(err);
  }

  // The gateway is the app's and the reconciliation job's (decision 026).
  const payment = createPayment(env);
  const app = await buildApp({
    env,
    database,
    secret,
    logger,
    onUnexpectedError: report,
    adapters: { payment },
  });

  // The demo is for development: `auto` seeds the embedded mode outside production (production refuses `true`).
  const shouldSeed = env.SEED_DEMO === 'auto' ? !env.DATABASE_URL && env.NODE_ENV !== 'production' : env.SEED_DEMO;
  // The demo admin's login is public: only in the embedded mode, never in production.
  const demo = shouldSeed
    ? await seedDemo(database.db, {
        secret,
        withOperator: database.driver === 'pglite' && env.NODE_ENV !== 'production',
      })
    : null;

  // The embedded demo may run across days: its demo funds get each day's NAV (demo-funds.ts).
  const stopDemoNavs =
    demo && database.driver === 'pglite'
      ? startDemoNavJob({
          db: database.db,
          log: app.log,
          onNavPublished: async (fundId, navDate) => {
            await priceWaitingOrders(database.db, { fundId, navDate });
          },
        })
      : null;

  // Scheduled work that is safe on every instance at once (rows claimed with SKIP LOCKED or a status move):
  // approved withdrawals are paid out when their bank cycle comes; imported statement lines are matched and
  // returns whose cycle has come are recorded (decision 020); gateway payments nobody ended are settled.
  const jobs = setInterval(() => {
    payDueWithdrawals(database.db, new Date()).catch((err: unknown) =>
      app.log.error({ err }, 'withdrawal payout job failed'),
    );
    runSettlementJobs(database.db, new Date()).catch((err: unknown) => app.log.error({ err }, 'settlement job failed'));
    // Fund orders waiting for a NAV that is published (decision 022): the publication prices them; this catches
    // up on any it missed.
    runFundOrderJobs(database.db, new Date()).catch((err: unknown) => app.log.error({ err }, 'fund order job failed'));
    // Gateway payments nobody ended: a verify interrupted, a payer who never came back (decision 026).
    reconcileGatewayPayments({ db: database.db, payment, purposes: PAYMENT_PURPOSES_BY_NAME }, new Date()).catch(
      (err: unknown) => app.log.error({ err }, 'payment reconciliation job failed'),
    );
  }, 60_000);
  runFundOrderJobs(database.db, new Date()).catch((err: unknown) => app.log.error({ err }, 'fund order job failed'));
  jobs.unref();
  // The portfolio's daily snapshots (decision 041): the days missing since the server was last up at once
  // (bounded per run), then every 15 minutes, so the day that ended is taken soon after Tehran midnight.
  // Safe on every instance at once: a snapshot is rebuilt from the ledger and written by upsert.
  const stopSnapshots = startPortfolioSnapshotJob(database.db, {
    intervalMs: 15 * 60_000,
    maxUsers: 2000,
    onError: (err) => app.log.error({ err }, 'portfolio snapshot job failed'),
  });
  // The tether price (decision 039): every few seconds from the configured sources.
  // The baskets' crypto universe (decision 045): listings, missing daily closes and latest prices at once
  // (the embedded mode's first start writes the demo's three years in one go), then every few minutes.
  const universeJob = startUniverseJob(universeJobDeps(app.market, database.db), {
    intervalMs: env.MARKET_SYNC_MINUTES * 60_000,
    onError: (err) => app.log.error({ err }, 'universe job failed'),
    onDone: (report) =>
      app.log[report.exchanges.every((e) => e.ok) ? 'info' : 'warn'](
        { universe: report },
        `universe synced: ${report.assets} assets, ${report.closesWritten} closes, ${report.durationMs} ms`,
      ),
  });
  // The smart hold baskets' worker (decision 045): builds paid orders (claimed with SKIP LOCKED, safe on every
  // instance), finishes rebalances and closes an exchange left unanswered; a payment kicks it at once.
  const basketJob = startBasketJob(app.baskets, {
    intervalMs: 30_000,
    onError: (err) => app.log.error({ err }, 'basket job failed'),
  });
  app.baskets.kick = basketJob.kick;
  const stopPrices = startPriceJob(app.tetherPrices, {
    intervalMs: env.TETHER_PRICE_POLL_MS,
    onError: (err) => app.log.error({ err }, 'tether price job failed'),
  });
  // Tether on chain (decision 040): every instance runs the watcher, the lease of each network's cursor lets
  // one of them work; the sandbox chain (CHAIN_MODE=sandbox, never in production) mines its own blocks.
  const stopWatcher = startChainWatcher(
    {
      db: database.db,
      readers: app.chain.readers,
      custody: app.chain.custody,
      scanBatch: env.CHAIN_SCAN_BATCH,
      leaseMs: Math.max(30_000, env.CHAIN_POLL_MS * 6),
      log: app.log,
    },
    {
      intervalMs: env.CHAIN_POLL_MS,
      onError: (err, network) => app.log.error({ err, network }, 'chain watcher tick failed'),
    },
  );
  const stopMiner =
    app.chain.sandbox && env.SANDBOX_BLOCK_MS > 0
      ? app.chain.sandbox.startMining(env.SANDBOX_BLOCK_MS, (err) => app.log.error({ err }, 'sandbox miner failed'))
      : null;

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(jobs);
    stopSnapshots();
    stopPrices();
    universeJob.stop();
    basketJob.stop();
    stopMiner?.();
    stopDemoNavs?.();
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      // The watcher's ticks end and its leases are given up: another instance takes the networks at once.
      await stopWatcher();
      await app.close();
      await database.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const lines = [
    '',
    `  Portal is running: http://localhost:${port}/`,
    `  API docs:          http://localhost:${port}/api/docs`,
    `  Database:          ${database.driver === 'pglite' ? `embedded PGlite in ${path.join(dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (demo) {
    lines.push(
      `  Demo data:         seeded (labelled demo). Demo investor: ${demo.demoMobile.replace('+98', '0')}`,
      `  One-time codes:    printed in this log and at http://localhost:${port}/api/dev/outbox?mobile=09120000000`,
    );
    if (demo.operator) {
      lines.push(
        `  Demo operator:     ${formatMobileLocal(demo.operator.mobile)} / ${demo.operator.password}, TOTP key ${demo.operator.totpSecret} (console: http://localhost:${port}/admin)`,
      );
    }
    if (demo.secondOperator) {
      lines.push(
        `  Demo second operator: ${formatMobileLocal(demo.secondOperator.mobile)} / ${demo.secondOperator.password}, TOTP key ${demo.secondOperator.totpSecret} (senior operator: approves what the first proposes)`,
      );
    }
  }
  // eslint-disable-next-line no-console
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err: unknown) => {
  // eslint-disable-next-line no-console
  console.error(err);
  process.exit(1);
});
