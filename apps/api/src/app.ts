import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { APP_VERSION, SESSION } from '@portal/contract/core/constants';
import { AppError } from '@portal/contract/core/errors';
import { createKavenegarSms } from './adapters/sms/kavenegar-sms';
import { createOutboxSms } from './adapters/sms/outbox-sms';
import type { SmsPort } from './adapters/sms/sms.port';
import { createJibitIdentity } from './adapters/identity/jibit-identity';
import type { IdentityPort } from './adapters/identity/identity.port';
import { createLocalIdentity } from './adapters/identity/local-identity';
import type { MailPort } from './adapters/mail/mail.port';
import { createOutboxMail } from './adapters/mail/outbox-mail';
import { createSmtpMail } from './adapters/mail/smtp-mail';
import { profileRoutes } from './modules/account/profile.routes';
import type { StoragePort } from './adapters/storage/storage.port';
import { createStorage } from './adapters/storage/create-storage';
import { accessPlugin } from './plugins/access';
import { fourEyesPlugin } from './modules/admin/four-eyes-guard';
import { adminRoutes } from './modules/admin/admin.routes';
import { moneyDeskRoutes } from './modules/admin/money-desk.routes';
import { adjustmentsRoutes } from './modules/adjustments/adjustments.routes';
import { userLedgerRoutes } from './modules/user-ledger/user-ledger.routes';
import { kycRoutes } from './modules/kyc/kyc.routes';
import { walletsRoutes } from './modules/wallets/wallets.routes';
import { statementsRoutes } from './modules/statements/statements.routes';
import { bankAccountsRoutes } from './modules/bank-accounts/bank-accounts.routes';
import { depositsRoutes } from './modules/deposits/deposits.routes';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes';
import { chainWithdrawalsRoutes } from './modules/chain/withdrawals.routes';
import { offlineDepositsRoutes } from './modules/offline-deposits/offline-deposits.routes';
import { userRequestsRoutes } from './modules/user-requests/user-requests.routes';
import { depositByIdRoutes } from './modules/deposit-by-id/deposit-by-id.routes';
import { fundsRoutes } from './modules/funds/funds.routes';
import { fundOrdersRoutes } from './modules/fund-orders/fund-orders.routes';
import { proposalsRoutes } from './modules/proposals/proposals.routes';
import { priceWaitingOrders } from './modules/fund-orders/pricing.service';
import { createCsvStatementParser } from './adapters/settlement/csv-statement';
import { createPayment } from './adapters/payment/create-payment';
import type { PaymentPort } from './adapters/payment/payment.port';
import type { PriceSourcePort } from './adapters/price/price.port';
import { createPriceSources } from './adapters/price/create-price-sources';
import { createPriceService, type PriceService } from './modules/tether/price.service';
import { tetherRoutes } from './modules/tether/tether.routes';
import { riskQuizRoutes } from './modules/risk-quiz/risk-quiz.routes';
import { riskQuizDeskRoutes } from './modules/risk-quiz/risk-quiz-desk.routes';
import { tetherDeskRoutes } from './modules/tether/tether-desk.routes';
import { realtimeRoutes } from './modules/realtime/realtime.routes';
import type { Database } from './db/client';
import type { Env } from './env';
import { accountRoutes } from './modules/account/account.routes';
import { portfolioRoutes } from './modules/portfolio/portfolio.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { recoveryCodesRoutes } from './modules/auth/recovery-codes.routes';
import { sessionsPlugin } from './plugins/sessions';
import { devRoutes } from './modules/dev/dev.routes';
import type { TetherNetworkKey } from '@portal/contract/tether/networks';
import type { ChainReaderPort } from './adapters/chain/chain.port';
import { createChainContext, type ChainContext } from './adapters/chain/create-chain';
import type { ExchangeId } from '@portal/contract/baskets/universe';
import type { MarketDataPort } from './adapters/market/market-data.port';
import type { TradingPort } from './adapters/trading/trading.port';
import { createMarketContext, type MarketContext } from './modules/market/market-context';
import { universeDeskRoutes } from './modules/market/universe-desk.routes';
import { basketsRoutes } from './modules/baskets/baskets.routes';
import { basketDeskRoutes } from './modules/baskets/basket-desk.routes';
import type { BasketDeps } from './modules/baskets/common';
import type { CustodyPort } from './adapters/custody/custody.port';
import { chainRoutes } from './modules/chain/chain.routes';
import { chainDeskRoutes } from './modules/chain/chain-desk.routes';
import { systemRoutes } from './modules/system/system.routes';
import { returnOrigin } from './lib/public-origin';
import { API_PREFIX } from './plugins/contract';
import { errorsPlugin } from './plugins/errors';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webPlugin } from './plugins/web';

/**
 * One log line per request, when it completes (method, path, status, time), at info; the incoming
 * line only at debug. Halves the logging work of every request.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(request: Parameters<LogController['incomingRequest']>[0]) {
    request.log.debug({ method: request.method, url: request.url }, 'incoming request');
  }
  override requestCompleted(
    error: Parameters<LogController['requestCompleted']>[0],
    request: Parameters<LogController['requestCompleted']>[1],
    reply: Parameters<LogController['requestCompleted']>[2],
  ) {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * Whether a write may come from this request's page. Refused: what the browser calls cross-site, and an
 * `Origin` that is not this server's host, including one that is not an http(s) origin at all (malformed:
 * refused as cross-site, never an error). `Origin: null` (an opaque origin: a sandboxed frame, a file, a
 * redirect) passes only when the browser vouches it is same-origin (`Sec-Fetch-Site: same-origin`), which
 * is what a form of our own sends under `Referrer-Policy: no-referrer` (the sandbox gateway's page). No
 * `Origin` (a client that is not a browser) passes: the session cookie is `SameSite=Lax`.
 */
export function isSameSiteWrite(
  origin: string | undefined,
  site: string | string[] | undefined,
  host: string,
): boolean {
  if (site === 'cross-site') return false;
  if (origin === undefined) return true;
  if (origin === 'null') return site === 'same-origin';
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === host;
}

export interface AppOptions {
  env: Env;
  database: Database;
  secret: string;
  /** Outside services; each defaults to what the environment selects. */
  adapters?: {
    sms?: SmsPort;
    mail?: MailPort;
    identity?: IdentityPort;
    storage?: StoragePort;
    payment?: PaymentPort & { routes?(app: FastifyInstance): void };
    /** The tether price's sources (issue 17); default: what `TETHER_PRICE_SOURCES` names. */
    priceSources?: readonly PriceSourcePort[];
    /** Chain readers by network (issue 18); default: the sandbox chain's, or the live nodes' (`CHAIN_MODE`). */
    chainReaders?: ReadonlyMap<TetherNetworkKey, ChainReaderPort>;
    /** The withdrawals' signer (issue 18); default: the sandbox signer, or the custody service when live. */
    custody?: CustodyPort;
    /** The baskets' market data by exchange (issue 20); default: the demo market, or the exchanges' (`MARKET_DATA_SOURCE`). */
    marketData?: Partial<Record<ExchangeId, MarketDataPort>>;
    /** The baskets' orders by exchange (issue 20); default: the sandbox exchange, or the live ones (`TRADING_MODE`). */
    trading?: Partial<Record<ExchangeId, TradingPort>>;
  };
  /** The server's pino logger; tests run without one. */
  logger?: FastifyBaseLogger;
  /** The clock of the rules that count time (tests move it). */
  now?: () => Date;
  onUnexpectedError?: (err: unknown) => void;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** `apps/web/dist`, from `src/` (tsx) and from `dist/` (the bundle) alike. */
export const DEFAULT_WEB_DIST = path.resolve(here, '..', '..', 'web', 'dist');

declare module 'fastify' {
  interface FastifyInstance {
    /** The tether price service (issue 17): the server's price job and tests take prices with it. */
    tetherPrices: PriceService;
    /** Tether on chain (issue 18): readers, signer, deposit keys, the sandbox chain; the watcher job uses it. */
    chain: ChainContext;
    /** The baskets' exchanges (issue 20): market data for the universe job, trading ports for the basket worker. */
    market: MarketContext;
    /**
     * The smart hold baskets' module (issue 20): the worker (`server.ts`, `startBasketJob`) and tests
     * (`processBasketOrders`) run with it; the server sets its `kick` so a payment starts the build at once.
     */
    baskets: BasketDeps;
  }
}

/** Builds the whole app without listening: the server boots it, tests inject into it. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { env, database } = opts;
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    logController: new OneLinePerRequest(),
    trustProxy: env.TRUST_PROXY === true,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only: a plain-text body (what a cross-site form can send) is refused with 415.
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const isProd = env.NODE_ENV === 'production';
  const sentryOrigin = env.SENTRY_DSN ? new URL(env.SENTRY_DSN).origin : null;
  await app.register(securityHeadersPlugin, {
    helmet: {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...(sentryOrigin ? [sentryOrigin] : [])],
          mediaSrc: ["'self'", 'blob:'],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(isProd ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: isProd ? { maxAge: 31536000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    },
  });
  await app.register(fastifyCookie);
  // A signed-in answer is the user's own: no browser, proxy or CDN cache keeps it. That is every API answer
  // to a request with a session (the session routes, and any other that carried the cookie) and every one
  // that sets a cookie (after the cookie plugin's own hook has written them); an answer to a visitor without
  // a session keeps its own caching.
  app.addHook('onSend', async (request, reply) => {
    if (
      request.url.startsWith(`${API_PREFIX}/`) &&
      (request.auth || request.cookies[SESSION.cookieName] || reply.hasHeader('set-cookie')) &&
      !/\bno-store\b/.test(String(reply.getHeader('cache-control') ?? ''))
    ) {
      reply.header('cache-control', 'no-store');
    }
  });
  await app.register(errorsPlugin, { onUnexpected: opts.onUnexpectedError });

  // A cross-site page may not drive state-changing calls (SameSite=Lax already keeps the cookie back).
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    if (!isSameSiteWrite(request.headers.origin, request.headers['sec-fetch-site'], request.host)) {
      throw new AppError('FORBIDDEN', 'Cross-site request refused');
    }
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Portal API', version: APP_VERSION, description: 'Declared once in packages/contract.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'portal_sid' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });

  const sms =
    opts.adapters?.sms ??
    (env.SMS_PROVIDER === 'kavenegar'
      ? createKavenegarSms({
          apiKey: env.KAVENEGAR_API_KEY ?? '',
          baseUrl: env.KAVENEGAR_BASE_URL,
          template: env.KAVENEGAR_TEMPLATE,
          sender: env.KAVENEGAR_SENDER,
        })
      : createOutboxSms(database.db, app.log));
  const mail =
    opts.adapters?.mail ??
    (env.MAIL_PROVIDER === 'smtp'
      ? createSmtpMail({ url: env.SMTP_URL ?? '', from: env.MAIL_FROM })
      : createOutboxMail(database.db, app.log));
  const identity =
    opts.adapters?.identity ??
    (env.IDENTITY_PROVIDER === 'jibit'
      ? createJibitIdentity({
          baseUrl: env.JIBIT_BASE_URL,
          apiKey: env.JIBIT_API_KEY ?? '',
          secretKey: env.JIBIT_SECRET_KEY ?? '',
        })
      : createLocalIdentity());
  const storage = opts.adapters?.storage ?? createStorage(env);
  const payment = opts.adapters?.payment ?? createPayment(env);
  const cookie = { secure: env.COOKIE_SECURE };
  // Users' money requests above this take two reviewers (decision 028).
  const review = { secondOperatorAbove: env.REVIEW_SECOND_OPERATOR_ABOVE_IRT };
  const gatewayReturnOrigin = returnOrigin({
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    host: env.HOST,
  });
  const statementParser = createCsvStatementParser();
  // The tether price (decision 039): the server's job takes it (`server.ts`), tests call `takePrice`.
  const prices = createPriceService({
    db: database.db,
    sources: opts.adapters?.priceSources ?? createPriceSources(env),
    events: database.events,
    config: {
      timeoutMs: env.TETHER_PRICE_TIMEOUT_MS,
      staleAfterSeconds: env.TETHER_PRICE_STALE_SECONDS,
      bandBps: env.TETHER_PRICE_BAND_BPS,
    },
    ...(opts.now ? { now: opts.now } : {}),
  });
  app.decorate('tetherPrices', prices);
  const chain = createChainContext(env, database.db, {
    ...(opts.adapters?.chainReaders ? { readers: opts.adapters.chainReaders } : {}),
    ...(opts.adapters?.custody ? { custody: opts.adapters.custody } : {}),
  });
  app.decorate('chain', chain);
  // The smart hold baskets' exchanges (issue 20, decision 045): the universe job (`server.ts`) and the basket
  // worker take them from `app.market`.
  const market = createMarketContext(env, database.db, {
    ...(opts.adapters?.marketData ? { marketData: opts.adapters.marketData } : {}),
    ...(opts.adapters?.trading ? { trading: opts.adapters.trading } : {}),
    ...(opts.now ? { now: opts.now } : {}),
  });
  app.decorate('market', market);
  const baskets: BasketDeps = {
    db: database.db,
    trading: market.trading,
    ...(opts.now ? { now: opts.now } : {}),
    log: app.log,
  };
  app.decorate('baskets', baskets);

  await app.register(sessionsPlugin, { db: database.db, bus: database.bus });
  await app.register(accessPlugin, { db: database.db, bus: database.bus });
  await app.register(fourEyesPlugin, { db: database.db });
  await app.register(async (api) => {
    systemRoutes(api, { database });
    authRoutes(api, {
      db: database.db,
      bus: database.bus,
      sms,
      mail,
      secret: opts.secret,
      cookie,
      ...(opts.now ? { now: opts.now } : {}),
    });
    recoveryCodesRoutes(api, { db: database.db, secret: opts.secret, ...(opts.now ? { now: opts.now } : {}) });
    accountRoutes(api, { db: database.db, bus: database.bus, ...(opts.now ? { now: opts.now } : {}) });
    // The investor's portfolio: holdings valued now, profit and loss (issue 19, decision 041).
    portfolioRoutes(api, { db: database.db, ...(opts.now ? { now: opts.now } : {}) });
    profileRoutes(api, {
      db: database.db,
      bus: database.bus,
      sms,
      mail,
      identity,
      secret: opts.secret,
      cookie,
      ...(opts.now ? { now: opts.now } : {}),
    });
    kycRoutes(api, {
      db: database.db,
      bus: database.bus,
      identity,
      storage,
      ...(opts.now ? { now: opts.now } : {}),
    });
    walletsRoutes(api, { db: database.db });
    // Statements, the holdings certificate and receipts (issue 19, decision 042).
    statementsRoutes(api, { db: database.db, secret: opts.secret, ...(opts.now ? { now: opts.now } : {}) });
    bankAccountsRoutes(api, {
      db: database.db,
      identity,
      secret: opts.secret,
      ...(opts.now ? { now: opts.now } : {}),
    });
    withdrawalsRoutes(api, {
      db: database.db,
      sms,
      secret: opts.secret,
      review,
      ...(opts.now ? { now: opts.now } : {}),
    });
    // Tether in from the chain (issue 18): deposit addresses and the transfers the watcher saw.
    chainRoutes(api, { db: database.db, chain });
    // Tether out to an address (issue 18): networks, the address book, withdrawals.
    chainWithdrawalsRoutes(api, {
      db: database.db,
      secret: opts.secret,
      sandboxMode: env.CHAIN_MODE === 'sandbox',
      ...(opts.now ? { now: opts.now } : {}),
    });
    depositsRoutes(api, {
      db: database.db,
      payment,
      secret: opts.secret,
      returnOrigin: gatewayReturnOrigin,
    });
    offlineDepositsRoutes(api, { db: database.db, review, ...(opts.now ? { now: opts.now } : {}) });
    userRequestsRoutes(api, { db: database.db });
    depositByIdRoutes(api, { db: database.db, ...(opts.now ? { now: opts.now } : {}) });
    adminRoutes(api, { db: database.db, bus: database.bus, ...(opts.now ? { now: opts.now } : {}) });
    moneyDeskRoutes(api, { db: database.db, review });
    adjustmentsRoutes(api, { db: database.db, ...(opts.now ? { now: opts.now } : {}) });
    userLedgerRoutes(api, { db: database.db });
    fundsRoutes(api, { db: database.db, ...(opts.now ? { now: opts.now } : {}) });
    fundOrdersRoutes(api, {
      db: database.db,
      payment,
      ...(opts.now ? { now: opts.now } : {}),
      returnOrigin: gatewayReturnOrigin,
    });
    proposalsRoutes(api, {
      db: database.db,
      parser: statementParser,
      ...(opts.now ? { now: opts.now } : {}),
      // An approved NAV prices the orders waiting for it (decision 022).
      onNavPublished: async (fundId, navDate) => {
        await priceWaitingOrders(database.db, { fundId, navDate, ...(opts.now ? { now: opts.now() } : {}) });
      },
    });
    tetherRoutes(api, { db: database.db, prices, ...(opts.now ? { now: opts.now } : {}) });
    // The risk quiz (issue 20): investors answer it; the console's quiz editor writes its versions.
    riskQuizRoutes(api, { db: database.db, ...(opts.now ? { now: opts.now } : {}) });
    riskQuizDeskRoutes(api, { db: database.db, ...(opts.now ? { now: opts.now } : {}) });
    tetherDeskRoutes(api, { db: database.db, prices, ...(opts.now ? { now: opts.now } : {}) });
    // The console's chain desk (issue 18): networks, switches, queues, reviews, reconciliation.
    chainDeskRoutes(api, {
      db: database.db,
      custody: chain.custody,
      sandbox: chain.sandboxMode,
      ...(opts.now ? { now: opts.now } : {}),
    });
    // The console's view of the baskets' crypto universe (issue 20): reads only.
    universeDeskRoutes(api, { db: database.db, market, syncIntervalMinutes: env.MARKET_SYNC_MINUTES });
    // The smart hold baskets (issue 20): orders, payment, holdings, rebalance, close; the console's basket desk.
    basketsRoutes(api, baskets);
    basketDeskRoutes(api, baskets);
    const hub = realtimeRoutes(api, {
      events: database.events,
      currentPrice: () => prices.currentPrice(database.db),
    });
    api.addHook('preClose', async () => hub.close());
    if (!isProd) devRoutes(api, { db: database.db, chain, market, ...(opts.now ? { now: opts.now } : {}) });
  });
  // The sandbox gateway's own page (embedded mode), outside /api: the payer's browser goes there.
  payment.routes?.(app);
  await app.register(webPlugin, { distDir: env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST });
  return app;
}
