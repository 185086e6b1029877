import { z } from 'zod';
import { PRICE_SOURCES } from '@portal/contract/tether/market';
import { ASSET_SYMBOL_PATTERN } from '@portal/contract/baskets/universe';
import { DEMO_ASSETS } from './adapters/market/demo-universe';
import { parseAccountXpub } from './modules/chain/addresses';

const flag = (def: 'true' | 'false') =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(def)
    .transform((v) => v === 'true' || v === '1');
const flagOrAuto = () =>
  z
    .enum(['true', 'false', '1', '0', 'auto'])
    .default('auto')
    .transform((v): boolean | 'auto' => (v === 'auto' ? 'auto' : v === 'true' || v === '1'));

/** Zarinpal's test gateway: its payments move no money, so production refuses it. */
const ZARINPAL_SANDBOX_HOST = 'sandbox.zarinpal.com';

/**
 * The sandbox chain's deposit keys (decision 040), labelled demo: the account-level xpubs m/44'/195'/0'
 * (TRON) and m/44'/60'/0' (EVM) of the BIP-32 master key of the seed sha256("portal sandbox chain demo
 * seed"). Anyone can derive their private keys from that public phrase: they hold nothing, and production
 * (live) needs keys of its own. `test/chain/deposit-addresses.test.ts` derives them again from the seed.
 */
export const DEMO_DEPOSIT_XPUBS = {
  tron: 'xpub6D835TZuysmzk2EeqVWU9q6SmmsAznswNBeDd7zjVoX1ePvC7wocsWpWZW7osRcvUPHDR7JDtE5MKD1bNir622n76KBXbTovwCw6qvrUuig',
  evm: 'xpub6DLpFhR3PocCLMXofaieV9U497cT3NKfJgsiu6muVtHuD7bSGcDKUK7Ge4FvqGudVVZENrsbc47sd2Bec5fsRX2uAfXyKSgSppKKZcpCtwH',
} as const;

/** Where the server listens when `HOST` is unset: every interface in production, this machine only elsewhere. */
export const DEFAULT_HOST = { production: '0.0.0.0', other: '127.0.0.1' } as const;

/**
 * An origin (`https://portal.example`, no path, query or credentials), kept without a trailing slash. Only
 * the scheme is left to the caller: production wants https.
 */
const originSchema = z
  .string()
  .url()
  .refine(
    (v) => {
      if (!URL.canParse(v)) return false;
      const u = new URL(v);
      return (
        (u.protocol === 'https:' || u.protocol === 'http:') &&
        !u.username &&
        !u.password &&
        u.pathname === '/' &&
        !u.search &&
        !u.hash
      );
    },
    { message: 'an origin such as https://portal.example (no path, query or credentials)' },
  )
  .transform((v) => new URL(v).origin);

/**
 * The environment, parsed once. Nothing else reads `process.env`. Production refuses every demo adapter
 * (decision 030): the outbox SMS and mail, the local identity rules, the sandbox gateway (and Zarinpal's),
 * the demo seed, the sandbox chain and signer and the demo deposit keys;
 * it requires `APP_SECRET` and an https `PUBLIC_URL`.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Unset: `DEFAULT_HOST` (loopback outside production). */
    HOST: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    REDIS_URL: z.string().url().optional(),
    /** Secret for HMAC of one-time codes and session tokens; generated into DATA_DIR when unset outside production. */
    APP_SECRET: z.string().min(32).optional(),
    COOKIE_SECURE: flagOrAuto(),
    TRUST_PROXY: flag('false'),
    SMS_PROVIDER: z.enum(['outbox', 'kavenegar']).default('outbox'),
    KAVENEGAR_API_KEY: z.string().optional(),
    KAVENEGAR_BASE_URL: z.string().url().default('https://api.kavenegar.com'),
    KAVENEGAR_TEMPLATE: z.string().default('portal-otp'),
    /** The line security notices are sent from (issue 15); unset: the Kavenegar account's default line. */
    KAVENEGAR_SENDER: z.string().optional(),
    MAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default('Portal <no-reply@portal.local>'),
    /** Unset: `local` outside production; production must name a real provider. */
    IDENTITY_PROVIDER: z.enum(['local', 'jibit']).optional(),
    JIBIT_BASE_URL: z.string().url().default('https://napi.jibit.ir/ide'),
    JIBIT_API_KEY: z.string().optional(),
    JIBIT_SECRET_KEY: z.string().optional(),
    /** Uploaded files (KYC): a local folder (`UPLOADS_DIR`, default `DATA_DIR/uploads`) or S3-compatible storage. */
    STORAGE_PROVIDER: z.enum(['local', 's3']).default('local'),
    UPLOADS_DIR: z.string().optional(),
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Path-style addressing (`endpoint/bucket/key`), what MinIO and most S3-compatible stores want. */
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /**
     * The portal's public origin (`https://portal.example`), for the gateway's return address; required in
     * production. Unset elsewhere: the request's origin, when its `Host` is one the server trusts
     * (lib/public-origin.ts).
     */
    PUBLIC_URL: originSchema.optional(),
    /** The payment gateway of deposits: the built-in sandbox page (embedded, development) or Zarinpal. */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'zarinpal']).default('sandbox'),
    ZARINPAL_MERCHANT_ID: z.string().optional(),
    ZARINPAL_BASE_URL: z.string().url().default('https://payment.zarinpal.com'),
    SENTRY_DSN: z.string().url().optional(),
    WEB_DIST_DIR: z.string().optional(),
    SEED_DEMO: flagOrAuto(),
    /**
     * Users' money requests (withdrawals, offline deposits) of more than this many toman take two
     * different operators' approvals (issue 15, decision 028); up to it one suffices.
     */
    REVIEW_SECOND_OPERATOR_ABOVE_IRT: z.coerce
      .number()
      .int()
      .min(0)
      .max(Number.MAX_SAFE_INTEGER)
      .default(100_000_000)
      .transform((v) => BigInt(v)),
    /**
     * The tether price's sources (issue 17, decision 039), comma-separated: `nobitex`, `wallex` (their public
     * market data) or `demo` (the embedded mode's feed, labelled demo; production refuses it).
     */
    TETHER_PRICE_SOURCES: z
      .string()
      .default('demo')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(PRICE_SOURCES)).min(1)),
    NOBITEX_BASE_URL: z.string().url().default('https://api.nobitex.ir'),
    WALLEX_BASE_URL: z.string().url().default('https://api.wallex.ir'),
    /** How long one source has to answer (SPEC §9: prices are tried for 4 seconds). */
    TETHER_PRICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4_000),
    /** How often the server takes a price. */
    TETHER_PRICE_POLL_MS: z.coerce.number().int().min(500).max(600_000).default(5_000),
    /** A price older than this is stale: no quote until a fresh one. */
    TETHER_PRICE_STALE_SECONDS: z.coerce.number().int().min(5).max(3_600).default(60),
    /** A source further than this from the sources' median (basis points) is dropped. */
    TETHER_PRICE_BAND_BPS: z.coerce.number().int().min(1).max(5_000).default(300),
    /**
     * Tether on chain (issue 18, decision 040): `sandbox`, the embedded mode's chain kept in the database and
     * its signer (production refuses it), or `live`: the networks' nodes and the custody service below.
     */
    CHAIN_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
    /**
     * The account-level extended public keys deposit addresses derive from (m/44'/195'/0' for TRON,
     * m/44'/60'/0' for ERC20 and BEP20); required when live. The sandbox uses `DEMO_DEPOSIT_XPUBS` when unset.
     */
    DEPOSIT_XPUB_TRON: z.string().min(1).optional(),
    DEPOSIT_XPUB_EVM: z.string().min(1).optional(),
    /** TRON's full node HTTP API and TronGrid's index (the same host by default) and its key. */
    TRON_FULLNODE_URL: z.string().url().optional(),
    TRONGRID_URL: z.string().url().optional(),
    TRONGRID_API_KEY: z.string().optional(),
    /** JSON-RPC endpoints of an Ethereum node (ERC20) and a BNB Smart Chain node (BEP20). */
    ETH_RPC_URL: z.string().url().optional(),
    BSC_RPC_URL: z.string().url().optional(),
    /** The custody service that signs withdrawals (its protocol: adapters/custody/http-custody.ts). */
    CUSTODY_URL: z.string().url().optional(),
    CUSTODY_KEY_ID: z.string().min(1).optional(),
    CUSTODY_SECRET: z.string().min(16).optional(),
    /** How often the chain watcher looks at each network. */
    CHAIN_POLL_MS: z.coerce.number().int().min(200).max(600_000).default(5_000),
    /** The most blocks one scan reads (the watcher goes on in batches until it has caught up). */
    CHAIN_SCAN_BATCH: z.coerce.number().int().min(1).max(100_000).default(2_000),
    /** The sandbox chain mines a block this often on each network (0: only when the dev route asks). */
    SANDBOX_BLOCK_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
    /**
     * The crypto market of the smart hold baskets (issue 20, decision 045): `demo`, the embedded mode's
     * simulated market of forty assets (labelled demo; production refuses it), or `exchanges`: Binance's and
     * KuCoin's public market data.
     */
    MARKET_DATA_SOURCE: z.enum(['demo', 'exchanges']).default('demo'),
    BINANCE_BASE_URL: z.string().url().default('https://api.binance.com'),
    KUCOIN_BASE_URL: z.string().url().default('https://api.kucoin.com'),
    /** The assets the universe takes from the exchanges' listings, comma-separated (default: forty well-known ones). */
    MARKET_UNIVERSE: z
      .string()
      .default(DEMO_ASSETS.map((a) => a.symbol).join(','))
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim().toUpperCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(ASSET_SYMBOL_PATTERN, 'symbols such as BTC,ETH')).min(1)),
    /** How often the universe job takes listings, closes and prices (minutes). */
    MARKET_SYNC_MINUTES: z.coerce.number().int().min(1).max(1_440).default(10),
    /**
     * The baskets' orders: `sandbox`, fills at the universe's latest price in the database (production refuses
     * it), or `live`: Binance's and KuCoin's signed order endpoints with the keys below.
     */
    TRADING_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
    /** The sandbox's commission, basis points (Binance's and KuCoin's base rate is 10). */
    MARKET_SANDBOX_FEE_BPS: z.coerce.number().int().min(0).max(1_000).default(10),
    BINANCE_API_KEY: z.string().min(1).optional(),
    BINANCE_API_SECRET: z.string().min(1).optional(),
    /** How long Binance accepts a signed request after its timestamp. */
    BINANCE_RECV_WINDOW_MS: z.coerce.number().int().min(1).max(60_000).default(5_000),
    KUCOIN_API_KEY: z.string().min(1).optional(),
    KUCOIN_API_SECRET: z.string().min(1).optional(),
    KUCOIN_API_PASSPHRASE: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      if (!env.APP_SECRET) ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'required in production' });
      if (env.SMS_PROVIDER === 'outbox')
        ctx.addIssue({
          code: 'custom',
          path: ['SMS_PROVIDER'],
          message: 'the outbox is for development; set kavenegar',
        });
      if (env.PAYMENT_PROVIDER === 'sandbox')
        ctx.addIssue({
          code: 'custom',
          path: ['PAYMENT_PROVIDER'],
          message: 'the sandbox gateway is for development; set zarinpal',
        });
      if (
        env.PAYMENT_PROVIDER === 'zarinpal' &&
        URL.canParse(env.ZARINPAL_BASE_URL) &&
        new URL(env.ZARINPAL_BASE_URL).hostname === ZARINPAL_SANDBOX_HOST
      )
        ctx.addIssue({
          code: 'custom',
          path: ['ZARINPAL_BASE_URL'],
          message: "Zarinpal's sandbox takes no money; use https://payment.zarinpal.com",
        });
      if (env.MAIL_PROVIDER === 'outbox')
        ctx.addIssue({
          code: 'custom',
          path: ['MAIL_PROVIDER'],
          message: 'the outbox is for development (nothing is sent); set smtp',
        });
      if (env.IDENTITY_PROVIDER === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['IDENTITY_PROVIDER'],
          message: 'required in production; set jibit (the local rules accept made-up identities)',
        });
      else if (env.IDENTITY_PROVIDER === 'local')
        ctx.addIssue({
          code: 'custom',
          path: ['IDENTITY_PROVIDER'],
          message: 'the local rules accept made-up identities and cards; set jibit',
        });
      if (!env.PUBLIC_URL)
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_URL'],
          message: 'required in production: the https origin payers return to (https://portal.example)',
        });
      else if (!env.PUBLIC_URL.startsWith('https://'))
        ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'must be https in production' });
      if (env.SEED_DEMO === true)
        ctx.addIssue({ code: 'custom', path: ['SEED_DEMO'], message: 'the demo data is for development' });
      if (env.TETHER_PRICE_SOURCES.includes('demo'))
        ctx.addIssue({
          code: 'custom',
          path: ['TETHER_PRICE_SOURCES'],
          message: 'the demo feed is for development; set nobitex,wallex',
        });
      if (env.CHAIN_MODE === 'sandbox')
        ctx.addIssue({
          code: 'custom',
          path: ['CHAIN_MODE'],
          message: 'the sandbox chain and signer move no tether; set live',
        });
      if (env.MARKET_DATA_SOURCE === 'demo')
        ctx.addIssue({
          code: 'custom',
          path: ['MARKET_DATA_SOURCE'],
          message: 'the demo market is simulated; set exchanges',
        });
      if (env.TRADING_MODE === 'sandbox')
        ctx.addIssue({
          code: 'custom',
          path: ['TRADING_MODE'],
          message: 'the sandbox exchange buys nothing; set live',
        });
      for (const [name, demo] of [
        ['DEPOSIT_XPUB_TRON', DEMO_DEPOSIT_XPUBS.tron],
        ['DEPOSIT_XPUB_EVM', DEMO_DEPOSIT_XPUBS.evm],
      ] as const) {
        if (env[name]?.trim() === demo)
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'the demo key is derived from a public seed: anyone could spend what arrives; set your own',
          });
      }
    }
    if (env.PAYMENT_PROVIDER === 'zarinpal' && !env.ZARINPAL_MERCHANT_ID)
      ctx.addIssue({
        code: 'custom',
        path: ['ZARINPAL_MERCHANT_ID'],
        message: 'required with PAYMENT_PROVIDER=zarinpal',
      });
    if (env.MAIL_PROVIDER === 'smtp' && !env.SMTP_URL)
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required with MAIL_PROVIDER=smtp' });
    if (env.IDENTITY_PROVIDER === 'jibit' && (!env.JIBIT_API_KEY || !env.JIBIT_SECRET_KEY))
      ctx.addIssue({ code: 'custom', path: ['JIBIT_API_KEY'], message: 'JIBIT_API_KEY and JIBIT_SECRET_KEY required' });
    if (env.STORAGE_PROVIDER === 's3' && (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY))
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY required with STORAGE_PROVIDER=s3',
      });
    if (env.SMS_PROVIDER === 'kavenegar' && !env.KAVENEGAR_API_KEY)
      ctx.addIssue({ code: 'custom', path: ['KAVENEGAR_API_KEY'], message: 'required with SMS_PROVIDER=kavenegar' });
    for (const name of ['DEPOSIT_XPUB_TRON', 'DEPOSIT_XPUB_EVM'] as const) {
      const xpub = env[name];
      if (xpub === undefined) continue;
      try {
        parseAccountXpub(xpub);
      } catch (err) {
        ctx.addIssue({ code: 'custom', path: [name], message: (err as Error).message });
      }
    }
    if (env.TRADING_MODE === 'live') {
      if (env.MARKET_DATA_SOURCE === 'demo')
        ctx.addIssue({
          code: 'custom',
          path: ['MARKET_DATA_SOURCE'],
          message: "live orders need the exchanges' prices; set exchanges with TRADING_MODE=live",
        });
      for (const name of [
        'BINANCE_API_KEY',
        'BINANCE_API_SECRET',
        'KUCOIN_API_KEY',
        'KUCOIN_API_SECRET',
        'KUCOIN_API_PASSPHRASE',
      ] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required with TRADING_MODE=live' });
      }
    }
    if (env.CHAIN_MODE === 'live') {
      for (const name of [
        'DEPOSIT_XPUB_TRON',
        'DEPOSIT_XPUB_EVM',
        'TRON_FULLNODE_URL',
        'ETH_RPC_URL',
        'BSC_RPC_URL',
        'CUSTODY_URL',
        'CUSTODY_KEY_ID',
        'CUSTODY_SECRET',
      ] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required with CHAIN_MODE=live' });
      }
    }
  })
  .transform((env) => ({
    ...env,
    HOST: env.HOST ?? (env.NODE_ENV === 'production' ? DEFAULT_HOST.production : DEFAULT_HOST.other),
    IDENTITY_PROVIDER: env.IDENTITY_PROVIDER ?? ('local' as const),
    // Live mode requires both keys (above); the sandbox falls back to the labelled demo keys.
    DEPOSIT_XPUB_TRON: env.DEPOSIT_XPUB_TRON ?? DEMO_DEPOSIT_XPUBS.tron,
    DEPOSIT_XPUB_EVM: env.DEPOSIT_XPUB_EVM ?? DEMO_DEPOSIT_XPUBS.evm,
  }));

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return result.data;
}
