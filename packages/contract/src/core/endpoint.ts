import { z } from 'zod';
import type { Permission } from '../admin/roles';
import type { ErrorCode } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint, declared once. The server registers its handler against it (validation, response
 * serialisation and the OpenAPI document come from it); the web client calls through it.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  id: string;
  method: HttpMethod;
  /** Path under `/api`, with `:name` parameters. */
  path: string;
  summary: string;
  tags: string[];
  /** `session`: needs a signed-in user; `public`: anyone. */
  auth: 'session' | 'public';
  /**
   * Admin endpoints: the operator permission the caller's role must hold (admin/roles.ts). The server
   * answers 403 `FORBIDDEN` to investors, roles without it and frozen operators, and 403
   * `TWO_FACTOR_REQUIRED` to an operator whose two-factor is off. Every admin endpoint has its four-eyes
   * rule in admin/four-eyes.ts, or the server does not register it.
   */
  permission?: Permission;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Status of a successful answer (200 unless said). */
  successStatus?: 200 | 201 | 202 | 204;
  /** Other answers with a body of their own (not the error shape), by status. */
  otherResponses?: Record<number, z.ZodType>;
  errors: readonly ErrorCode[];
  /**
   * A money request: it needs an `Idempotency-Key` header (core/idempotency.ts); a
   * retry with the same key returns the first answer (decision 016).
   */
  idempotent?: true;
}

export function defineEndpoint<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodType,
>(e: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return e;
}

export type EndpointParams<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.infer<P> : never;
export type EndpointQuery<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.infer<Q> : never;
export type EndpointBody<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.infer<B> : never;
export type EndpointResponse<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.infer<R> : never;

/** Fills `:name` parameters of a path. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
}

export const emptyResponse = z.object({}).strict();
