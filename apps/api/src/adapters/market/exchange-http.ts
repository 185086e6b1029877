/**
 * What the exchanges' adapters share (market data and trading): one request of JSON within the caller's
 * signal, and the refusals each exchange answers in its own words (Binance `{ code, msg }`, KuCoin
 * `{ code, msg }` with a string code).
 */
import type { ExchangeId } from '@portal/contract/baskets/universe';

export class ExchangeHttpError extends Error {
  constructor(
    readonly exchange: ExchangeId,
    message: string,
    /** The HTTP status, when there was an answer. */
    readonly status: number | null,
    /** The exchange's error code, when it gave one. */
    readonly code: string | null,
  ) {
    super(`${exchange}: ${message}`);
    this.name = 'ExchangeHttpError';
  }
}

export async function requestJson(
  exchange: ExchangeId,
  f: typeof fetch,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal } = {},
): Promise<unknown> {
  let status: number;
  let text: string;
  const method = init.method ?? 'GET';
  const send = () =>
    f(url, {
      method,
      headers: { accept: 'application/json', ...init.headers },
      ...(init.body !== undefined ? { body: init.body } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  try {
    let res: Response;
    try {
      res = await send();
    } catch (e) {
      // A kept-alive connection the exchange had just closed: a read is asked again, once. A write is not
      // (its outcome is unknown: the caller asks what became of it).
      if (method !== 'GET' || init.signal?.aborted) throw e;
      res = await send();
    }
    status = res.status;
    text = await res.text();
  } catch (e) {
    const signal = init.signal;
    const why = signal?.aborted
      ? signal.reason instanceof Error && signal.reason.name === 'TimeoutError'
        ? 'no answer within the time limit'
        : 'aborted'
      : `unreachable: ${e instanceof Error ? e.message : String(e)}`;
    throw new ExchangeHttpError(exchange, why, null, null);
  }
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    json = undefined;
  }
  const said = isRecord(json) ? saidOf(json) : null;
  if (status < 200 || status > 299) {
    throw new ExchangeHttpError(
      exchange,
      `answered HTTP ${status}${said ? ` ${said.code ?? ''} ${said.msg ?? ''}`.trimEnd() : ''}`,
      status,
      said?.code ?? null,
    );
  }
  if (json === undefined) throw new ExchangeHttpError(exchange, `answered HTTP ${status} without JSON`, status, null);
  return json;
}

function saidOf(json: Record<string, unknown>): { code: string | null; msg: string | null } | null {
  const code = typeof json.code === 'string' || typeof json.code === 'number' ? String(json.code) : null;
  const msg = typeof json.msg === 'string' ? json.msg : null;
  return code === null && msg === null ? null : { code, msg };
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export const trimSlash = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

export const DAY_MS = 86_400_000;
export const dayStartMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const dayOfMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);
