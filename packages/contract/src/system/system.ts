import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { textSchema } from '../core/text';
import { limitParam } from '../core/paging';
import { tetherAmountInputSchema } from '../tether/chain';
import { addressIssue, cleanAddress, tetherNetworkSchema } from '../tether/networks';

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({
    status: z.enum(['up', 'down']),
    driver: z.enum(['pglite', 'postgres']),
    latencyMs: z.number().nullable(),
  }),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

export const getHealth = defineEndpoint({
  id: 'getHealth',
  method: 'GET',
  path: '/health',
  summary: 'Liveness and the state of the database',
  tags: ['system'],
  auth: 'public',
  response: healthResponse,
  otherResponses: { 503: healthResponse },
  errors: [],
});

/** The channels a message leaves by (the dev outbox and the codes' table record it). */
export const MESSAGE_CHANNELS = ['sms', 'voice', 'email'] as const;

export const outboxMessageSchema = z.object({
  id: z.string(),
  /** The number, or for `channel: 'email'` the address. */
  mobile: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  purpose: z.string(),
  code: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const listDevOutbox = defineEndpoint({
  id: 'listDevOutbox',
  method: 'GET',
  path: '/dev/outbox',
  summary: 'Development only: messages the local SMS and mail adapters sent to one number or address, newest first',
  tags: ['dev'],
  auth: 'public',
  /** One number or one address: the outbox never lists everyone's codes (rule `required` on `mobile`). */
  query: z
    .object({
      mobile: textSchema().min(1, { message: 'required' }).max(32, { message: 'mobile' }).optional(),
      /** Mail sent to this address (the embedded mode's mail outbox). */
      email: textSchema().min(1, { message: 'required' }).max(254, { message: 'email' }).optional(),
      limit: limitParam({ maxLimit: 100, defaultLimit: 20 }),
    })
    .refine((q) => q.mobile !== undefined || q.email !== undefined, { message: 'required', path: ['mobile'] }),
  response: z.object({ items: z.array(outboxMessageSchema) }),
  errors: ['VALIDATION_FAILED'],
});

// ---- the sandbox chain (issue 18, decision 040): development only, like the outbox ----------------------

/**
 * A test transfer on the embedded mode's sandbox chain, to any address of the network (a deposit address
 * from `createDepositAddress`): tether by `amount` (at most six decimals) or by `rawValue` (the token's raw
 * units: a BEP20 value has 18 decimals), or `token: 'other'`, a token that is not tether (recorded, never
 * credited). It waits in the mempool for the next block (`mineSandboxChain`, or the server's miner).
 */
export const sandboxChainTransferBody = z
  .object({
    network: tetherNetworkSchema,
    /** Letters and digits once cleaned (as a withdrawal's address); the network's own rules below. */
    to: z
      .string({ message: 'required' })
      .transform(cleanAddress)
      .pipe(z.string().regex(/^[0-9A-Za-z]{1,128}$/, { message: 'addressFormat' })),
    amount: tetherAmountInputSchema.optional(),
    rawValue: z
      .string()
      .regex(/^\d{1,78}$/, { message: 'format' })
      .optional(),
    token: z.enum(['tether', 'other']).default('tether'),
  })
  .superRefine((b, ctx) => {
    const rule = addressIssue(b.network, b.to);
    if (rule) ctx.addIssue({ code: 'custom', path: ['to'], message: rule });
    if ((b.amount === undefined) === (b.rawValue === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'required' });
    }
  });
export type SandboxChainTransferBody = z.input<typeof sandboxChainTransferBody>;

export const sandboxChainTransfer = defineEndpoint({
  id: 'sandboxChainTransfer',
  method: 'POST',
  path: '/dev/sandbox-chain/transfer',
  summary: 'Development only: sends a test token transfer on the sandbox chain (mined with the next block)',
  tags: ['dev'],
  auth: 'public',
  body: sandboxChainTransferBody,
  response: z.object({
    network: tetherNetworkSchema,
    txHash: z.string(),
    from: z.string(),
    to: z.string(),
    /** The token contract (the network's tether, or the sandbox's other token). */
    token: z.string(),
    rawValue: z.string(),
    /** Tether as the ledger counts it; null for the other token. */
    amount: z.string().nullable(),
    /** Transfers waiting for the next block, this one included. */
    mempool: z.number().int(),
  }),
  successStatus: 201,
  /** NOT_FOUND: the server runs on live chains (`CHAIN_MODE=live`), there is no sandbox chain. */
  errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
});

export const sandboxChainBlockSchema = z.object({
  number: z.string(),
  hash: z.string(),
  /** Transfers it took from the mempool. */
  transfers: z.number().int(),
});

export const mineSandboxChain = defineEndpoint({
  id: 'mineSandboxChain',
  method: 'POST',
  path: '/dev/sandbox-chain/mine',
  summary: 'Development only: mines blocks on a network of the sandbox chain (the mempool goes into the first)',
  tags: ['dev'],
  auth: 'public',
  body: z.object({
    network: tetherNetworkSchema,
    blocks: z
      .number({ message: 'integer' })
      .int({ message: 'integer' })
      .min(1, { message: 'min' })
      .max(1000, { message: 'max' })
      .default(1),
  }),
  response: z.object({
    network: tetherNetworkSchema,
    head: sandboxChainBlockSchema.omit({ transfers: true }),
    mined: z.array(sandboxChainBlockSchema),
  }),
  errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
});

/**
 * Development only (issue 20, decision 045): moves the demo market's latest price of one asset by a factor,
 * as the market would. A basket is built on its target weights; this lets a developer or the browser journey
 * see it drift and rebalance at once instead of waiting for the demo walk. The next sync of the universe
 * puts the walk's price back. Answered NOT_FOUND when the market is not the demo (`MARKET_DATA_SOURCE`).
 */
export const moveDemoMarket = defineEndpoint({
  id: 'moveDemoMarket',
  method: 'POST',
  path: '/dev/demo-market/move',
  summary: "Development only: moves the demo market's latest price of one asset by a factor",
  tags: ['dev'],
  auth: 'public',
  body: z.object({
    symbol: z.string().regex(/^[A-Z0-9]{2,15}$/, { message: 'format' }),
    factor: z.number({ message: 'number' }).min(0.1, { message: 'min' }).max(10, { message: 'max' }),
  }),
  response: z.object({ symbol: z.string(), price: z.string(), at: z.string() }),
  errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
});
