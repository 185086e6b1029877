/**
 * The custody service over HTTP (issue 18, decision 040): the portal asks, the service signs. The
 * protocol, which the custody service implements:
 *
 * Authentication. Every request carries
 *   `X-Custody-Key: <keyId>`
 *   `X-Custody-Timestamp: <unix time in whole seconds>`
 *   `X-Custody-Signature: hex(HMAC-SHA256(secret, timestamp + "\n" + METHOD + "\n" + path + "\n" + body))`
 * where `path` is the request target as sent (the URL's path with any prefix of the base URL, and its
 * query if any) and `body` the exact bytes of the body (empty for a GET). The service refuses with 401 an
 * unknown key, a wrong signature, or a timestamp more than 30 s from its clock (a captured request cannot
 * be replayed later; within the 30 s a replayed send is harmless, being idempotent).
 *
 * `POST /v1/withdrawals` with `{ "id", "network": "TRC20" | "ERC20" | "BEP20", "asset": "USDT", "to",
 * "amount" }`: send `amount` (raw integer units of the network's tether contract, a decimal string) to
 * `to`. `id` is the portal's withdrawal id and the idempotency key: the first request answers 201, the same
 * id with the same body again answers 200 with the withdrawal as it stands (never a second transaction),
 * the same id with another body 409. The answer is the withdrawal:
 *   `{ "id", "status": "pending" | "sent" | "failed", "txHash"?: string, "reason"?: string }`
 * `pending`: taken, not broadcast yet; `sent`: broadcast, with `txHash`; `failed`: refused or failed for
 * good with nothing sent, with a `reason` (a 422 carrying this object is read the same way).
 *
 * `GET /v1/withdrawals/{id}`: the same object, or 404 when the service never took that id (so the portal
 * knows a send whose answer it lost never arrived, and may send it again).
 *
 * `GET /v1/balances`: `{ "balances": [{ "network", "asset", "amount" }] }`, amounts in raw units; the
 * portal reads the tether ones of the networks it knows and leaves the rest.
 *
 * Errors: any other 4xx or 5xx, with `{ "error": { "code", "message" } }`. Each is a `CustodyError` here,
 * as are no answer within `timeoutMs` (the send may still have been taken: ask `status`) and an answer
 * outside the protocol.
 */
import { createHmac } from 'node:crypto';
import { TETHER_NETWORK_KEYS, type TetherNetworkKey } from '@portal/contract/tether/networks';
import { CustodyError, type CustodyBalance, type CustodyPort, type CustodySendStatus } from './custody.port';

export interface HttpCustodyOptions {
  /** The service's base URL; a path prefix is kept (and signed). */
  baseUrl: string;
  keyId: string;
  secret: string;
  /** Each request's time limit, besides the caller's signal (15 s by default). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The clock the timestamp is taken from (ms). */
  now?: () => number;
}

/** The signature of a request, as the service checks it. */
function custodySignature(secret: string, timestamp: string, method: string, path: string, body: string) {
  return createHmac('sha256', secret).update(`${timestamp}\n${method}\n${path}\n${body}`).digest('hex');
}

export function createHttpCustody(opts: HttpCustodyOptions): CustodyPort {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const f = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? 15_000;

  async function request(method: 'GET' | 'POST', route: string, body: string, signal?: AbortSignal) {
    const url = new URL(`${base}${route}`);
    const path = `${url.pathname}${url.search}`;
    const what = `custody ${method} ${route}`;
    const timestamp = String(Math.floor(now() / 1000));
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-custody-key': opts.keyId,
      'x-custody-timestamp': timestamp,
      'x-custody-signature': custodySignature(opts.secret, timestamp, method, path, body),
    };
    if (method === 'POST') headers['content-type'] = 'application/json';
    const timeout = AbortSignal.timeout(timeoutMs);
    let status: number;
    let text: string;
    try {
      const res = await f(url, {
        method,
        headers,
        body: method === 'POST' ? body : undefined,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      status = res.status;
      text = await res.text();
    } catch (e) {
      throw new CustodyError(`${what}: ${unanswered(timeout, signal, e)}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text) as unknown;
    } catch {
      json = undefined;
    }
    return { status, json, what };
  }

  /** An error status as a `CustodyError` with the service's code and message. */
  const refusal = (what: string, status: number, json: unknown) => {
    const error = isRecord(json) && isRecord(json.error) ? json.error : {};
    const said = [error.code, error.message].filter((v) => typeof v === 'string' || typeof v === 'number');
    return new CustodyError(
      `${what}: answered HTTP ${status}${said.length ? `: ${said.map(String).join(' ')}` : json === undefined ? ' without JSON' : ''}`,
    );
  };

  /** The withdrawal object of an answer, checked to be the one asked about. */
  function withdrawalOf(what: string, json: unknown, id: string): CustodySendStatus {
    if (!isRecord(json)) throw new CustodyError(`${what}: answered without JSON`);
    if (json.id !== id)
      throw new CustodyError(`${what}: answered for withdrawal ${JSON.stringify(json.id)}, not ${id}`);
    switch (json.status) {
      case 'pending':
        return { status: 'pending' };
      case 'sent':
        if (typeof json.txHash !== 'string' || !/^(0x)?[0-9a-fA-F]{64}$/.test(json.txHash)) {
          throw new CustodyError(`${what}: sent without a transaction hash`);
        }
        return { status: 'sent', txHash: json.txHash };
      case 'failed':
        return {
          status: 'failed',
          reason: typeof json.reason === 'string' && json.reason ? json.reason : 'no reason given',
        };
      default:
        throw new CustodyError(`${what}: unknown status ${JSON.stringify(json.status)}`);
    }
  }

  const isFailedAnswer = (json: unknown) => isRecord(json) && json.status === 'failed';

  return {
    name: 'http-custody',
    sandbox: false,

    async send({ requestId, network, to, value }, signal) {
      const body = JSON.stringify({ id: requestId, network, asset: 'USDT', to, amount: value.toString() });
      const { status, json, what } = await request('POST', '/v1/withdrawals', body, signal);
      if (status === 200 || status === 201 || (status === 422 && isFailedAnswer(json))) {
        return withdrawalOf(what, json, requestId);
      }
      throw refusal(what, status, json);
    },

    async status(requestId, signal) {
      const { status, json, what } = await request(
        'GET',
        `/v1/withdrawals/${encodeURIComponent(requestId)}`,
        '',
        signal,
      );
      if (status === 404) return { status: 'unknown' };
      if (status === 200) return withdrawalOf(what, json, requestId);
      throw refusal(what, status, json);
    },

    async balances(signal) {
      const { status, json, what } = await request('GET', '/v1/balances', '', signal);
      if (status !== 200) throw refusal(what, status, json);
      if (!isRecord(json) || !Array.isArray(json.balances))
        throw new CustodyError(`${what}: answered without balances`);
      const out: CustodyBalance[] = [];
      for (const b of json.balances as unknown[]) {
        if (!isRecord(b)) throw new CustodyError(`${what}: not a balance: ${JSON.stringify(b)}`);
        if (b.asset !== 'USDT' || !isNetwork(b.network)) continue;
        if (typeof b.amount !== 'string' || !/^\d+$/.test(b.amount)) {
          throw new CustodyError(`${what}: not an amount for ${b.network}: ${JSON.stringify(b.amount)}`);
        }
        // Two amounts for one network cannot be reconciled against the ledger: which one is it?
        if (out.some((x) => x.network === b.network)) throw new CustodyError(`${what}: two balances for ${b.network}`);
        out.push({ network: b.network, value: BigInt(b.amount) });
      }
      return out;
    },
  };
}

const isNetwork = (v: unknown): v is TetherNetworkKey => (TETHER_NETWORK_KEYS as readonly unknown[]).includes(v);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Why a request got no answer: a time limit (ours or the caller's), the caller's abort, or the network. */
function unanswered(timeout: AbortSignal, signal: AbortSignal | undefined, e: unknown): string {
  const callerReason: unknown = signal?.aborted ? signal.reason : undefined;
  if (timeout.aborted || (callerReason instanceof Error && callerReason.name === 'TimeoutError')) {
    return 'no answer within the time limit';
  }
  if (signal?.aborted) return 'aborted';
  const cause: unknown = e instanceof Error ? e.cause : undefined;
  const code = isRecord(cause) && typeof cause.code === 'string' ? ` (${cause.code})` : '';
  return `unreachable: ${e instanceof Error ? e.message : String(e)}${code}`;
}
