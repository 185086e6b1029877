import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { textSchema } from '../core/text';
import { limitParam } from '../core/paging';

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
