/**
 * Active sessions ("beyond the spec": what the best exchanges show).
 *
 * `GET /account/sessions` lists the user's live sessions, newest use first, with the device read from the
 * user agent, the address, when it started and was last used, and which one is this browser
 * (`isCurrent`). `DELETE /account/sessions/:id` ends one (ending the current one is a logout);
 * `POST /account/sessions/end-others` ends all but the current one. Another user's session id is 404.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';

export const sessionInfoSchema = z.object({
  id: z.string(),
  /** e.g. `Chrome 126` (null when the user agent says nothing useful). */
  browser: z.string().nullable(),
  /** e.g. `Android 14`, `Windows`, `iOS 17`. */
  os: z.string().nullable(),
  deviceType: z.enum(['mobile', 'tablet', 'desktop', 'unknown']),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  rememberMe: z.boolean(),
  isCurrent: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const listSessions = defineEndpoint({
  id: 'listSessions',
  method: 'GET',
  path: '/account/sessions',
  summary: "The signed-in user's live sessions",
  tags: ['account'],
  auth: 'session',
  response: z.object({ items: z.array(sessionInfoSchema) }),
  errors: ['UNAUTHENTICATED'],
});

export const endSession = defineEndpoint({
  id: 'endSession',
  method: 'DELETE',
  path: '/account/sessions/:id',
  summary: 'End one of my sessions',
  tags: ['account'],
  auth: 'session',
  params: z.object({ id: z.uuid({ message: 'format' }) }),
  response: z.object({ ok: z.literal(true), wasCurrent: z.boolean() }),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const endOtherSessions = defineEndpoint({
  id: 'endOtherSessions',
  method: 'POST',
  path: '/account/sessions/end-others',
  summary: 'End every session of mine but this one',
  tags: ['account'],
  auth: 'session',
  response: z.object({ ended: z.number().int() }),
  errors: ['UNAUTHENTICATED'],
});
