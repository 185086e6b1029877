import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fourEyesRuleOf } from '@portal/contract/admin/four-eyes';
import type {
  Endpoint,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
} from '@portal/contract/core/endpoint';
import { ERROR_STATUS, errorBodySchema } from '@portal/contract/core/errors';
import { IDEMPOTENCY_HEADER, idempotencyKeySchema } from '@portal/contract/core/idempotency';

export const API_PREFIX = '/api';

export interface HandlerInput<E extends Endpoint> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The `Idempotency-Key` header of an `idempotent` endpoint (validated; empty for the others). */
  idempotencyKey: string;
}

/** The header an idempotent endpoint requires. */
const idempotencyHeaders = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema });

declare module 'fastify' {
  interface FastifyInstance {
    /** Session routes get this pre-handler; decorated by the sessions plugin. */
    requireSession: preHandlerHookHandler;
  }
}

/**
 * Registers a handler against its contract declaration: the declared schemas validate the request
 * and the response (so no database row leaks), and feed the OpenAPI document.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: HandlerInput<E>) => Promise<EndpointResponse<E>>,
): void {
  const status = endpoint.successStatus ?? 200;
  const response: Record<number, z.ZodType> = { ...endpoint.otherResponses, [status]: endpoint.response };
  for (const code of endpoint.errors) response[ERROR_STATUS[code]] ??= errorBodySchema;
  if (endpoint.auth === 'session') response[401] ??= errorBodySchema;
  if (endpoint.body || endpoint.params || endpoint.query || endpoint.idempotent) response[400] ??= errorBodySchema;
  if (endpoint.idempotent) response[ERROR_STATUS.IDEMPOTENCY_KEY_REUSED] ??= errorBodySchema;
  const requireSession = endpoint.auth === 'session' ? app.requireSession : undefined;
  if (endpoint.auth === 'session' && !requireSession)
    throw new Error('sessions plugin must be registered before session routes');
  if (endpoint.permission && endpoint.auth !== 'session') throw new Error(`${endpoint.id}: permission needs a session`);
  if (endpoint.permission && !app.requirePermission)
    throw new Error('access plugin must be registered before admin routes');
  if (endpoint.permission) response[403] ??= errorBodySchema;
  // Four eyes (decision 028): every admin endpoint is declared in CONSOLE_OPERATIONS, or it does not register.
  const rule = endpoint.permission ? fourEyesRuleOf(endpoint.id) : undefined;
  if (endpoint.permission && !rule) {
    throw new Error(`${endpoint.id}: declare its four-eyes rule (packages/contract/src/admin/four-eyes.ts)`);
  }
  if (rule && !app.fourEyesGuard) throw new Error('four-eyes plugin must be registered before admin routes');
  if (rule && 'subject' in rule && rule.subject) response[404] ??= errorBodySchema;
  const fourEyes = rule ? app.fourEyesGuard(endpoint.id, rule) : null;
  const onRequest = requireSession
    ? endpoint.permission
      ? [requireSession, app.requirePermission(endpoint.permission)]
      : requireSession
    : undefined;

  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: `${API_PREFIX}${endpoint.path}`,
    schema: {
      operationId: endpoint.id,
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.idempotent ? { headers: idempotencyHeaders } : {}),
      ...(endpoint.auth === 'session' ? { security: [{ session: [] }] } : {}),
      response,
    },
    // The session is checked before the body is validated: a visitor learns nothing about a route's input.
    // The role is checked there too: an investor learns nothing about an admin route's input.
    ...(onRequest ? { onRequest } : {}),
    // The four-eyes rule reads the validated params and body: after validation, before the handler.
    ...(fourEyes ? { preHandler: fourEyes } : {}),
    handler: async (request, reply) => {
      // The declared success status unless the handler answers another (a 200 of `otherResponses` included).
      reply.status(status);
      const result = await handler({
        params: request.params as EndpointParams<E>,
        query: request.query as EndpointQuery<E>,
        body: request.body as EndpointBody<E>,
        request,
        reply,
        idempotencyKey: endpoint.idempotent ? String(request.headers[IDEMPOTENCY_HEADER]) : '',
      });
      return reply.send(result);
    },
  });
}
