import { createHmac } from 'node:crypto';
import { ExchangeHttpError, isRecord, requestJson, trimSlash } from '../market/exchange-http';
import { floorToStep, fromDec, isDecimal, roundDec, toDec } from '../market/decimal';
import { KUCOIN_OK } from '../market/kucoin-market';
import { fillOf, idText } from './execution';
import { CLIENT_ORDER_ID, rejected } from './sandbox-trading';
import { TradingError, type Fill, type MarketOrder, type TradingPort } from './trading.port';

/** KuCoin's answers that did not run or whose outcome is unknown (rate limit, server error). */
const RETRY_STATUSES = new Set([429]);
const RETRY_CODES = new Set(['429000', '500000']);

/**
 * KuCoin's spot orders (the high-frequency endpoints, signed with API key version 2):
 * - `POST /api/v1/hf/orders` with JSON `{ clientOid, symbol, type: 'market', side, funds }` (a buy) or
 *   `size` (a sell) → `{ code: '200000', data: { orderId, clientOid } }`;
 * - `GET /api/v1/hf/orders/client-order/{clientOid}?symbol` → `data: { id, clientOid, side, dealSize,
 *   dealFunds, fee, feeCurrency, active }`, or a refusal saying the order does not exist (or `data: null`).
 * Headers: `KC-API-KEY`, `KC-API-SIGN` = base64 HMAC-SHA256 (the secret) of `timestamp + METHOD + path with
 * query + body`, `KC-API-TIMESTAMP` (ms), `KC-API-PASSPHRASE` = base64 HMAC-SHA256 (the secret) of the
 * passphrase, `KC-API-KEY-VERSION: 2`. A market order is read back until it is done (a few tries); a
 * refusal (`code` other than 200000) is a rejected fill; no answer, a 5xx or a rate limit is a
 * `TradingError` (the outcome is unknown: ask `findOrder`).
 */
export function createKucoinTrading(opts: {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  passphrase: string;
  /** The listing's quantity step of a pair (a sell is rounded down to it), null when not listed. */
  quantityStep: (pair: string) => Promise<string | null>;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
  /** How often and how long a market order is read back before its outcome is called unknown. */
  pollMs?: number;
  polls?: number;
}): TradingPort {
  const f = opts.fetch ?? fetch;
  const base = trimSlash(opts.baseUrl);
  const now = opts.now ?? Date.now;
  const hmac = (text: string) => createHmac('sha256', opts.apiSecret).update(text).digest('base64');
  const passphrase = hmac(opts.passphrase);

  const call = async (method: 'GET' | 'POST', pathWithQuery: string, body?: unknown): Promise<unknown> => {
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(now());
    const headers: Record<string, string> = {
      'KC-API-KEY': opts.apiKey,
      'KC-API-SIGN': hmac(`${timestamp}${method}${pathWithQuery}${text}`),
      'KC-API-TIMESTAMP': timestamp,
      'KC-API-PASSPHRASE': passphrase,
      'KC-API-KEY-VERSION': '2',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    };
    return requestJson('kucoin', f, `${base}${pathWithQuery}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: text }),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
  };
  const unknown = (e: unknown) =>
    new TradingError('kucoin', e instanceof Error ? e.message.replace(/^kucoin: /, '') : String(e));
  /** Whether an error is the exchange refusing (known: nothing happened), not a failure to answer. */
  const isRefusal = (e: unknown): e is ExchangeHttpError =>
    e instanceof ExchangeHttpError &&
    e.status !== null &&
    e.status >= 400 &&
    e.status < 500 &&
    !RETRY_STATUSES.has(e.status) &&
    !(e.code !== null && RETRY_CODES.has(e.code));

  const read = async (pair: string, clientOrderId: string): Promise<Record<string, unknown> | null> => {
    const path = `/api/v1/hf/orders/client-order/${encodeURIComponent(clientOrderId)}?${new URLSearchParams({ symbol: pair }).toString()}`;
    let json: unknown;
    try {
      json = await call('GET', path);
    } catch (e) {
      if (isRefusal(e) && /not ?exist|not found/i.test(e.message)) return null;
      throw unknown(e);
    }
    if (!isRecord(json)) throw new TradingError('kucoin', 'order: not an object');
    if (json.code !== KUCOIN_OK) {
      const msg = typeof json.msg === 'string' ? json.msg : '';
      if (/not ?exist|not found/i.test(msg)) return null;
      throw new TradingError('kucoin', `order: ${String(json.code)} ${msg}`.trimEnd());
    }
    return isRecord(json.data) ? json.data : null;
  };

  const decimalField = (o: Record<string, unknown>, key: string): bigint => {
    const v = o[key];
    if (typeof v !== 'string' || !isDecimal(v)) throw new TradingError('kucoin', `order without ${key}`);
    return toDec(v);
  };
  const fillFrom = (pair: string, o: Record<string, unknown>): Fill => {
    const active = o.active === true || o.isActive === true;
    if (active) throw new TradingError('kucoin', `order ${String(o.id)} still active`);
    const fee = decimalField(o, 'fee');
    const feeCurrency = typeof o.feeCurrency === 'string' ? o.feeCurrency : 'USDT';
    return fillOf({
      exchangeOrderId: idText(o.id),
      clientOrderId: idText(o.clientOid),
      side: o.side === 'sell' ? 'sell' : 'buy',
      baseAsset: pair.split('-')[0] ?? pair,
      executedQty: decimalField(o, 'dealSize'),
      cumQuote: decimalField(o, 'dealFunds'),
      commissions: new Map([[feeCurrency, fee]]),
      statusText: o.cancelExist === true ? 'CANCELED' : 'DONE',
    });
  };

  const findOrder = async (pair: string, clientOrderId: string): Promise<Fill | null> => {
    const o = await read(pair, clientOrderId);
    return o ? fillFrom(pair, o) : null;
  };

  return {
    exchange: 'kucoin',
    sandbox: false,
    findOrder,

    async marketOrder(order: MarketOrder): Promise<Fill> {
      const { clientOrderId, pair } = order;
      if (!CLIENT_ORDER_ID.test(clientOrderId)) return rejected(clientOrderId, 'INVALID_CLIENT_ORDER_ID');
      const existing = await findOrder(pair, clientOrderId);
      if (existing) return existing;

      const body: Record<string, string> = { clientOid: clientOrderId, symbol: pair, type: 'market', side: order.side };
      if (order.side === 'buy') {
        if (order.quoteAmount === undefined || !isDecimal(order.quoteAmount) || toDec(order.quoteAmount) <= 0n) {
          return rejected(clientOrderId, 'INVALID_AMOUNT');
        }
        body.funds = fromDec(roundDec(toDec(order.quoteAmount), 6, 'down'));
      } else {
        if (order.quantity === undefined || !isDecimal(order.quantity) || toDec(order.quantity) <= 0n) {
          return rejected(clientOrderId, 'INVALID_QUANTITY');
        }
        const step = await opts.quantityStep(pair);
        if (step === null) return rejected(clientOrderId, 'UNKNOWN_PAIR');
        const quantity = floorToStep(toDec(order.quantity), toDec(step));
        if (quantity <= 0n) return rejected(clientOrderId, 'QUANTITY_TOO_SMALL');
        body.size = fromDec(quantity);
      }

      let answer: unknown;
      try {
        answer = await call('POST', '/api/v1/hf/orders', body);
      } catch (e) {
        if (isRefusal(e)) return rejected(clientOrderId, e.message.replace(/^kucoin: answered HTTP \d+ ?/, ''));
        throw unknown(e);
      }
      if (!isRecord(answer)) throw new TradingError('kucoin', 'order: not an object');
      if (answer.code !== KUCOIN_OK) {
        const code = String(answer.code);
        if (RETRY_CODES.has(code)) throw new TradingError('kucoin', `order: ${code}`);
        return rejected(clientOrderId, `${code} ${typeof answer.msg === 'string' ? answer.msg : ''}`.trimEnd());
      }
      // A market order is done at once or within moments: read it back until it is.
      const polls = opts.polls ?? 10;
      for (let i = 0; i < polls; i++) {
        const o = await read(pair, clientOrderId);
        if (o && o.active !== true && o.isActive !== true) return fillFrom(pair, o);
        await new Promise((r) => setTimeout(r, opts.pollMs ?? 200));
      }
      throw new TradingError('kucoin', `order ${clientOrderId} not done yet`);
    },
  };
}
