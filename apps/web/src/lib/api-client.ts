import type { z } from 'zod';
import { buildPath, type Endpoint } from '@portal/contract/core/endpoint';
import { errorBodySchema } from '@portal/contract/core/errors';
import { IDEMPOTENCY_HEADER } from '@portal/contract/core/idempotency';
import { ApiError } from './api-error';

/** Where the API lives; the dev server and the production server both answer under `/api`. */
export const API_BASE = '/api';

/**
 * How a request leaves: the browser's `fetch`. The server that renders a page's first screen (decision
 * 027) puts its own in place, which answers `/api/…` in-process with the visitor's session.
 */
let transport: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);

export function setApiTransport(next: (url: string, init: RequestInit) => Promise<Response>): void {
  transport = next;
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;
type Output<S> = S extends z.ZodType ? z.output<S> : never;

type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? Input<P> : never;
type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? Input<Q> : never;
type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? Input<B> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? Output<R> : never;

export interface CallOptions<E> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  /**
   * The `Idempotency-Key` of a money request (an endpoint declared `idempotent`): made once per attempt
   * by the caller, so that a retry of the same attempt reuses it (decision 016).
   */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

function scalar(v: unknown): string {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint'
    ? String(v)
    : JSON.stringify(v);
}

function toQueryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v as unknown[]) qs.append(k, scalar(item));
    else qs.set(k, scalar(v));
  }
  const s = qs.toString();
  return s ? `?${s}` : '';
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Calls one endpoint of the contract. The body is checked with the endpoint's schema before it
 * leaves (so defaults and digit normalisation apply), the answer is parsed with its response
 * schema, and every failure is thrown as an `ApiError` whose `code` the UI translates.
 */
export async function callApi<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<ResponseOf<E>> {
  const path = buildPath(endpoint.path, options.params as Record<string, string | number> | undefined);
  const url = `${API_BASE}${path}${toQueryString(options.query)}`;

  let body: string | undefined;
  if (endpoint.body && endpoint.method !== 'GET') {
    const checked = endpoint.body.safeParse(options.body ?? {});
    if (!checked.success) {
      throw new ApiError(400, 'VALIDATION_FAILED', checked.error.message, {
        issues: checked.error.issues.map((i) => ({ path: i.path.join('.'), rule: i.message })),
      });
    }
    body = JSON.stringify(checked.data);
  }

  let res: Response;
  try {
    res = await transport(url, {
      method: endpoint.method,
      credentials: 'same-origin',
      redirect: 'manual',
      headers: {
        Accept: 'application/json',
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(options.idempotencyKey !== undefined ? { [IDEMPOTENCY_HEADER]: options.idempotencyKey } : {}),
      },
      body,
      signal: options.signal,
    });
  } catch (e) {
    // A cancelled request is not a failure: let TanStack Query see the AbortError.
    if (options.signal?.aborted) throw e;
    throw new ApiError(0, 'NETWORK', e instanceof Error ? e.message : 'network error');
  }

  if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) {
    throw new ApiError(302, 'UNKNOWN', 'redirected');
  }

  const json = await readJson(res);

  if (!res.ok) {
    const parsed = errorBodySchema.safeParse(json);
    if (parsed.success) {
      throw new ApiError(res.status, parsed.data.code, parsed.data.message, parsed.data.details);
    }
    throw new ApiError(res.status, 'UNKNOWN', `HTTP ${res.status}`);
  }

  const parsed = endpoint.response.safeParse(json ?? {});
  if (!parsed.success) {
    throw new ApiError(res.status, 'INVALID_RESPONSE', `${endpoint.id}: ${parsed.error.message}`);
  }
  return parsed.data as ResponseOf<E>;
}
