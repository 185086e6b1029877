import { createHmac } from 'node:crypto';
import { ExchangeHttpError, isRecord, requestJson, trimSlash } from '../market/exchange-http';
import { floorToStep, fromDec, isDecimal, roundDec, toDec } from '../market/decimal';
import { fillOf, idText } from './execution';
import { CLIENT_ORDER_ID, rejected } from './sandbox-trading';
import { TradingError, type Fill, type MarketOrder, type TradingPort } from './trading.port';

/** Binance's error code for an order it has no record of. */
const ORDER_DOES_NOT_EXIST = '-2013';
/** Binance's answers whose outcome is unknown or that did not run: retried, never read as a refusal. */
const RETRY_STATUSES = new Set([418, 429]);
/** Binance's own timeout (`-1007`): the order may or may not have been placed. */
const UNKNOWN_CODES = new Set(['-1007', '-1006']);

/**
 * Binance's spot orders (signed endpoints, HMAC-SHA256):
 * - `POST /api/v3/order` with `symbol, side=BUY|SELL, type=MARKET, quoteOrderQty` (a buy) or `quantity` (a
 *   sell), `newClientOrderId, newOrderRespType=FULL, recvWindow, timestamp, signature` (form body) →
 *   `{ orderId, clientOrderId, status, executedQty, cummulativeQuoteQty, fills: [{ price, qty, commission,
 *   commissionAsset }] }`;
 * - `GET /api/v3/order?symbol&origClientOrderId&recvWindow&timestamp&signature` → the order, or HTTP 400
 *   `{ code: -2013, msg: 'Order does not exist.' }`; its commissions from `GET /api/v3/myTrades?symbol&orderId`.
 * The signature is the hex HMAC-SHA256, keyed by the secret, of the whole parameter string as sent; the
 * key goes in `X-MBX-APIKEY`. A 4xx refusal is a rejected fill; no answer, a 5xx, a rate limit (429, 418) or
 * Binance's own timeout is a `TradingError` (the outcome is unknown: ask `findOrder`).
 * `newClientOrderId` is unique only among open orders at Binance: `marketOrder` looks the id up first, so
 * a retry never buys twice.
 */
export function createBinanceTrading(opts: {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  recvWindowMs?: number;
  /** The listing's quantity step of a pair (a sell is rounded down to it), null when not listed. */
  quantityStep: (pair: string) => Promise<string | null>;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}): TradingPort {
  const f = opts.fetch ?? fetch;
  const base = trimSlash(opts.baseUrl);
  const now = opts.now ?? Date.now;
  const recvWindow = String(opts.recvWindowMs ?? 5_000);

  const signed = (params: Record<string, string>) => {
    const query = new URLSearchParams({ ...params, recvWindow, timestamp: String(now()) }).toString();
    const signature = createHmac('sha256', opts.apiSecret).update(query).digest('hex');
    return `${query}&signature=${signature}`;
  };
  const call = async (method: 'GET' | 'POST', path: string, params: Record<string, string>) => {
    const payload = signed(params);
    const headers = { 'X-MBX-APIKEY': opts.apiKey };
    const signal = AbortSignal.timeout(opts.timeoutMs ?? 10_000);
    return method === 'GET'
      ? requestJson('binance', f, `${base}${path}?${payload}`, { headers, signal })
      : requestJson('binance', f, `${base}${path}`, {
          method,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: payload,
          signal,
        });
  };
  /** An error whose outcome is unknown (or that did not run): the caller tries again later. */
  const unknown = (e: unknown) => {
    if (e instanceof ExchangeHttpError) {
      const known = e.status !== null && e.status >= 400 && e.status < 500 && !RETRY_STATUSES.has(e.status);
      if (known && !(e.code !== null && UNKNOWN_CODES.has(e.code))) return null;
    }
    return new TradingError('binance', e instanceof Error ? e.message.replace(/^binance: /, '') : String(e));
  };

  const baseAssetOf = (pair: string) => (pair.endsWith('USDT') ? pair.slice(0, -4) : pair);
  const fillFrom = (
    pair: string,
    order: Record<string, unknown>,
    exec: { executedQty: bigint; cumQuote: bigint; commissions: Map<string, bigint> },
    side: 'buy' | 'sell',
  ): Fill =>
    fillOf({
      ...exec,
      exchangeOrderId: idText(order.orderId),
      clientOrderId: idText(order.clientOrderId),
      side,
      baseAsset: baseAssetOf(pair),
      statusText: String(order.status),
    });

  const decimalField = (o: Record<string, unknown>, key: string): bigint => {
    const v = o[key];
    if (typeof v !== 'string' || !isDecimal(v)) throw new TradingError('binance', `answer without ${key}`);
    return toDec(v);
  };
  const commissionsOf = (list: unknown): Map<string, bigint> => {
    const out = new Map<string, bigint>();
    for (const x of Array.isArray(list) ? (list as unknown[]) : []) {
      if (!isRecord(x) || typeof x.commissionAsset !== 'string') continue;
      out.set(x.commissionAsset, (out.get(x.commissionAsset) ?? 0n) + decimalField(x, 'commission'));
    }
    return out;
  };

  const findOrder = async (pair: string, clientOrderId: string): Promise<Fill | null> => {
    let order: unknown;
    try {
      order = await call('GET', '/api/v3/order', { symbol: pair, origClientOrderId: clientOrderId });
    } catch (e) {
      if (e instanceof ExchangeHttpError && e.code === ORDER_DOES_NOT_EXIST) return null;
      throw unknown(e) ?? new TradingError('binance', e instanceof Error ? e.message : String(e));
    }
    if (!isRecord(order)) throw new TradingError('binance', 'order: not an object');
    const side = order.side === 'SELL' ? 'sell' : 'buy';
    const executedQty = decimalField(order, 'executedQty');
    let commissions = new Map<string, bigint>();
    if (executedQty > 0n) {
      let trades: unknown;
      try {
        trades = await call('GET', '/api/v3/myTrades', { symbol: pair, orderId: String(order.orderId) });
      } catch (e) {
        throw unknown(e) ?? new TradingError('binance', e instanceof Error ? e.message : String(e));
      }
      commissions = commissionsOf(trades);
    }
    return fillFrom(
      pair,
      order,
      { executedQty, cumQuote: decimalField(order, 'cummulativeQuoteQty'), commissions },
      side,
    );
  };

  return {
    exchange: 'binance',
    sandbox: false,
    findOrder,

    async marketOrder(order: MarketOrder): Promise<Fill> {
      const { clientOrderId, pair } = order;
      if (!CLIENT_ORDER_ID.test(clientOrderId)) return rejected(clientOrderId, 'INVALID_CLIENT_ORDER_ID');
      const existing = await findOrder(pair, clientOrderId);
      if (existing) return existing;

      const params: Record<string, string> = {
        symbol: pair,
        side: order.side === 'buy' ? 'BUY' : 'SELL',
        type: 'MARKET',
        newClientOrderId: clientOrderId,
        newOrderRespType: 'FULL',
      };
      if (order.side === 'buy') {
        if (order.quoteAmount === undefined || !isDecimal(order.quoteAmount) || toDec(order.quoteAmount) <= 0n) {
          return rejected(clientOrderId, 'INVALID_AMOUNT');
        }
        params.quoteOrderQty = fromDec(roundDec(toDec(order.quoteAmount), 6, 'down'));
      } else {
        if (order.quantity === undefined || !isDecimal(order.quantity) || toDec(order.quantity) <= 0n) {
          return rejected(clientOrderId, 'INVALID_QUANTITY');
        }
        const step = await opts.quantityStep(pair);
        if (step === null) return rejected(clientOrderId, 'UNKNOWN_PAIR');
        const quantity = floorToStep(toDec(order.quantity), toDec(step));
        if (quantity <= 0n) return rejected(clientOrderId, 'QUANTITY_TOO_SMALL');
        params.quantity = fromDec(quantity);
      }

      let answer: unknown;
      try {
        answer = await call('POST', '/api/v3/order', params);
      } catch (e) {
        const err = unknown(e);
        if (err) throw err;
        const x = e as ExchangeHttpError;
        return rejected(clientOrderId, x.message.replace(/^binance: answered HTTP \d+ ?/, '') || `HTTP ${x.status}`);
      }
      if (!isRecord(answer)) throw new TradingError('binance', 'order: not an object');
      return fillFrom(
        pair,
        answer,
        {
          executedQty: decimalField(answer, 'executedQty'),
          cumQuote: decimalField(answer, 'cummulativeQuoteQty'),
          commissions: commissionsOf(answer.fills),
        },
        order.side,
      );
    },
  };
}
