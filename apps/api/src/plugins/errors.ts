import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type ErrorBody, type ErrorCode, type FieldIssue } from '@portal/contract/core/errors';

const DEFAULT_MESSAGES: Partial<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: 'The submitted information is incorrect',
  BAD_REQUEST: 'The submitted information is incorrect',
  UNAUTHENTICATED: 'Please log in to your account',
  FORBIDDEN: 'You do not have access to this operation',
  NOT_FOUND: 'The requested information could not be found',
  INTERNAL: 'Unfortunately, an error has occurred',
};

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  status: number,
  message?: string,
  details?: ErrorBody['details'],
) {
  const body: ErrorBody = { code, message: message ?? DEFAULT_MESSAGES[code] ?? code };
  if (details) body.details = details;
  if (details?.retryAfterSeconds) reply.header('retry-after', String(details.retryAfterSeconds));
  return reply.status(status).type('application/json').send(body);
}

/** A zod issue → a rule key the web app translates (`validation.<rule>`). Our schemas name the rule in the message. */
function ruleOf(code: string, message: string): string {
  if (/^[a-zA-Z]+$/.test(message)) return message;
  switch (code) {
    case 'invalid_type':
      return /undefined/.test(message) ? 'required' : 'invalidType';
    case 'too_small':
      return 'min';
    case 'too_big':
      return 'max';
    case 'invalid_format':
      return 'format';
    case 'invalid_value':
      return 'oneOf';
    case 'unrecognized_keys':
      return 'unknownField';
    default:
      return 'invalid';
  }
}

/**
 * One error handler: catalogue errors keep their code and status; validation failures name their
 * fields; anything else is a 500 whose body carries no internals.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance, opts: { onUnexpected?: (err: unknown) => void }) => {
    app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
      if (err instanceof AppError) {
        return sendError(reply, err.code, err.status, err.message === err.code ? undefined : err.message, err.details);
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const issues: FieldIssue[] = err.validation.map((v) => ({
          path: [err.validationContext, ...v.instancePath.split('/').filter(Boolean)].filter(Boolean).join('.'),
          rule: ruleOf(v.keyword, v.message ?? ''),
        }));
        return sendError(reply, 'VALIDATION_FAILED', 400, undefined, { issues });
      }
      if (isResponseSerializationError(err)) {
        request.log.error({ err }, 'response did not match its schema');
        opts.onUnexpected?.(err);
        return sendError(reply, 'INTERNAL', 500);
      }
      const status = err.statusCode ?? 500;
      if (status === 415) return sendError(reply, 'UNSUPPORTED_MEDIA_TYPE', 415, 'Unsupported content type');
      if (status === 413) return sendError(reply, 'PAYLOAD_TOO_LARGE', 413, 'Request body too large');
      if (status === 429) return sendError(reply, 'RATE_LIMITED', 429, 'Too many requests');
      if (status === 404) return sendError(reply, 'NOT_FOUND', 404);
      if (status >= 400 && status < 500) {
        return sendError(reply, 'BAD_REQUEST', 400);
      }
      request.log.error({ err }, 'unexpected error');
      opts.onUnexpected?.(err);
      return sendError(reply, 'INTERNAL', 500);
    });
  },
  { name: 'errors' },
);
