import { EXCHANGES, type ExchangeId } from '@portal/contract/baskets/universe';
import type { Db } from '../../src/db/client';
import { createDemoMarketData } from '../../src/adapters/market/demo-market';
import type { MarketDataPort } from '../../src/adapters/market/market-data.port';
import { syncUniverse, type SyncReport } from '../../src/modules/market/universe.job';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { divDec, floorToStep, fromDec, mulDec, toDec } from '../../src/adapters/market/decimal';

/** The demo market of both exchanges at a fixed clock. */
export function demoMarketData(now: () => Date = () => new Date()): Record<ExchangeId, MarketDataPort> {
  return Object.fromEntries(EXCHANGES.map((e) => [e, createDemoMarketData(e, { now })])) as Record<
    ExchangeId,
    MarketDataPort
  >;
}

/**
 * Fills the universe tables as the embedded server's first start does: the demo's forty assets listed on
 * both exchanges, three years of daily closes up to `now`'s day and their latest prices.
 */
export function seedDemoUniverse(db: Db, now: Date = new Date()): Promise<SyncReport> {
  return syncUniverse({ db, marketData: demoMarketData(() => now), symbols: null, now: () => now });
}

// ---- local exchanges that speak Binance's and KuCoin's protocols ---------------------------------------

/** An asset the double lists against USDT. */
export interface DoubleAsset {
  base: string;
  /** Tether per unit, decimal. */
  price: string;
  step: string;
  minNotional: string;
  margin: boolean;
  /** Binance `status` / KuCoin `enableTrading`: a pair in a break is not listed. */
  trading?: boolean;
  /** Daily closes (UTC days), oldest first. */
  closes?: { day: string; close: string }[];
}

export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface DoubleOrder {
  clientOrderId: string;
  orderId: string;
  pair: string;
  side: 'buy' | 'sell';
  executedQty: string;
  cumQuote: string;
  commission: string;
  commissionAsset: string;
}

/**
 * `ok`; `down`: 503 with an HTML page to every request; `lost`: an order is placed but its answer is a 503
 * (the outcome the client cannot know); `refuse`: orders refused with the exchange's insufficient-balance error.
 */
export type DoubleMode = 'ok' | 'down' | 'lost' | 'refuse';

export interface MarketExchangeDouble {
  baseUrl: string;
  calls: RecordedCall[];
  orders: Map<string, DoubleOrder>;
  setMode(mode: DoubleMode): void;
  close(): Promise<void>;
}

const DAY = 86_400_000;
const COMMISSION = 10n ** 15n; // 0.001 (10 bps) at 10⁻¹⁸

async function listen(
  handler: (req: IncomingMessage, body: string, url: URL, res: ServerResponse) => void,
  calls: RecordedCall[],
): Promise<{ server: Server; baseUrl: string }> {
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      calls.push({
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
      });
      handler(req, body, url, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return { server, baseUrl: `http://127.0.0.1:${addr.port}` };
}

const stop = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const down = (res: ServerResponse) => {
  res.writeHead(503, { 'content-type': 'text/html' });
  res.end('<html><body>503 Service Temporarily Unavailable</body></html>');
};
const safeEqual = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** What a market order fills at the double's price: the buy's quantity on the step, commission 10 bps in the asset. */
function execute(
  asset: DoubleAsset,
  side: 'buy' | 'sell',
  amount: string,
): { qty: bigint; quote: bigint; fee: bigint; feeAsset: string } {
  const price = toDec(asset.price);
  if (side === 'buy') {
    const qty = floorToStep(divDec(toDec(amount), price, 'down'), toDec(asset.step));
    const quote = mulDec(qty, price, 'up');
    return { qty, quote, fee: mulDec(qty, COMMISSION, 'up'), feeAsset: asset.base };
  }
  const qty = toDec(amount);
  const quote = mulDec(qty, price, 'down');
  return { qty, quote, fee: mulDec(quote, COMMISSION, 'up'), feeAsset: 'USDT' };
}

/**
 * A local Binance: `/api/v3/exchangeInfo`, `/api/v3/klines` (at most 1000 a request), `/api/v3/ticker/price`,
 * and the signed `POST /api/v3/order`, `GET /api/v3/order`, `GET /api/v3/myTrades`, which check the API key
 * header, the HMAC-SHA256 signature of the parameters as sent and the timestamp against `recvWindow`.
 */
export async function startBinanceDouble(opts: {
  assets: DoubleAsset[];
  apiKey: string;
  apiSecret: string;
}): Promise<MarketExchangeDouble> {
  const calls: RecordedCall[] = [];
  const orders = new Map<string, DoubleOrder>();
  let mode: DoubleMode = 'ok';
  let nextId = 1000;
  const byPair = new Map(opts.assets.map((a) => [`${a.base}USDT`, a]));

  /** The signed request's parameters, or an error answered. */
  const verify = (req: IncomingMessage, payload: string, res: ServerResponse): URLSearchParams | null => {
    if (req.headers['x-mbx-apikey'] !== opts.apiKey) {
      json(res, 401, { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' });
      return null;
    }
    const at = payload.lastIndexOf('&signature=');
    const signed = at < 0 ? '' : payload.slice(0, at);
    const signature = at < 0 ? '' : payload.slice(at + '&signature='.length);
    const expected = createHmac('sha256', opts.apiSecret).update(signed).digest('hex');
    if (!safeEqual(signature, expected)) {
      json(res, 400, { code: -1022, msg: 'Signature for this request is not valid.' });
      return null;
    }
    const params = new URLSearchParams(signed);
    const timestamp = Number(params.get('timestamp'));
    const recvWindow = Number(params.get('recvWindow') ?? 5000);
    if (!(Math.abs(Date.now() - timestamp) <= recvWindow)) {
      json(res, 400, { code: -1021, msg: 'Timestamp for this request is outside of the recvWindow.' });
      return null;
    }
    return params;
  };

  const { server, baseUrl } = await listen((req, body, url, res) => {
    if (mode === 'down') return down(res);
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /api/v3/exchangeInfo') {
      return json(res, 200, {
        timezone: 'UTC',
        serverTime: Date.now(),
        rateLimits: [],
        exchangeFilters: [],
        symbols: [
          ...opts.assets.map((a) => ({
            symbol: `${a.base}USDT`,
            status: a.trading === false ? 'BREAK' : 'TRADING',
            baseAsset: a.base,
            baseAssetPrecision: 8,
            quoteAsset: 'USDT',
            quotePrecision: 8,
            quoteAssetPrecision: 8,
            orderTypes: ['LIMIT', 'MARKET'],
            quoteOrderQtyMarketAllowed: true,
            isSpotTradingAllowed: true,
            isMarginTradingAllowed: a.margin,
            filters: [
              {
                filterType: 'PRICE_FILTER',
                minPrice: '0.01000000',
                maxPrice: '1000000.00000000',
                tickSize: '0.01000000',
              },
              { filterType: 'LOT_SIZE', minQty: a.step, maxQty: '9000.00000000', stepSize: a.step },
              {
                filterType: 'NOTIONAL',
                minNotional: a.minNotional,
                applyMinToMarket: true,
                maxNotional: '9000000.00000000',
              },
            ],
            permissions: [],
          })),
          // A pair against another quote: not the universe's.
          {
            symbol: 'ETHBTC',
            status: 'TRADING',
            baseAsset: 'ETH',
            quoteAsset: 'BTC',
            isSpotTradingAllowed: true,
            filters: [],
          },
        ],
      });
    }
    if (route === 'GET /api/v3/klines') {
      const asset = byPair.get(url.searchParams.get('symbol') ?? '');
      if (!asset) return json(res, 400, { code: -1121, msg: 'Invalid symbol.' });
      if (url.searchParams.get('interval') !== '1d') return json(res, 400, { code: -1120, msg: 'Invalid interval.' });
      const start = Number(url.searchParams.get('startTime') ?? 0);
      const end = Number(url.searchParams.get('endTime') ?? Date.now());
      const limit = Math.min(1000, Number(url.searchParams.get('limit') ?? 500));
      const rows = (asset.closes ?? [])
        .map((c) => ({ t: Date.parse(`${c.day}T00:00:00Z`), close: c.close }))
        .filter((c) => c.t >= start && c.t <= end)
        .slice(0, limit)
        .map((c) => [
          c.t,
          c.close,
          c.close,
          c.close,
          c.close,
          '100.0',
          c.t + DAY - 1,
          '1000.0',
          10,
          '50.0',
          '500.0',
          '0',
        ]);
      return json(res, 200, rows);
    }
    if (route === 'GET /api/v3/ticker/price') {
      return json(
        res,
        200,
        opts.assets.map((a) => ({ symbol: `${a.base}USDT`, price: a.price })),
      );
    }
    if (route === 'POST /api/v3/order') {
      if (req.headers['content-type'] !== 'application/x-www-form-urlencoded') {
        return json(res, 400, { code: -1104, msg: 'Not all sent parameters were read.' });
      }
      const p = verify(req, body, res);
      if (!p) return;
      const asset = byPair.get(p.get('symbol') ?? '');
      if (!asset) return json(res, 400, { code: -1121, msg: 'Invalid symbol.' });
      if (p.get('type') !== 'MARKET') return json(res, 400, { code: -1116, msg: 'Invalid orderType.' });
      if (mode === 'refuse')
        return json(res, 400, { code: -2010, msg: 'Account has insufficient balance for requested action.' });
      const side = p.get('side') === 'SELL' ? 'sell' : 'buy';
      const amount = side === 'buy' ? p.get('quoteOrderQty') : p.get('quantity');
      if (!amount) return json(res, 400, { code: -1102, msg: 'Mandatory parameter was not sent.' });
      if (side === 'sell' && floorToStep(toDec(amount), toDec(asset.step)) !== toDec(amount)) {
        return json(res, 400, { code: -1013, msg: 'Filter failure: LOT_SIZE' });
      }
      const x = execute(asset, side, amount);
      if (x.quote < toDec(asset.minNotional)) return json(res, 400, { code: -1013, msg: 'Filter failure: NOTIONAL' });
      const clientOrderId = p.get('newClientOrderId') ?? `auto${nextId}`;
      const order: DoubleOrder = {
        clientOrderId,
        orderId: String(nextId++),
        pair: `${asset.base}USDT`,
        side,
        executedQty: fromDec(x.qty),
        cumQuote: fromDec(x.quote),
        commission: fromDec(x.fee),
        commissionAsset: x.feeAsset,
      };
      orders.set(clientOrderId, order);
      if (mode === 'lost') return down(res);
      return json(res, 200, {
        symbol: order.pair,
        orderId: Number(order.orderId),
        orderListId: -1,
        clientOrderId,
        transactTime: Date.now(),
        price: '0.00000000',
        origQty: order.executedQty,
        executedQty: order.executedQty,
        cummulativeQuoteQty: order.cumQuote,
        status: 'FILLED',
        timeInForce: 'GTC',
        type: 'MARKET',
        side: side.toUpperCase(),
        fills: [
          {
            price: asset.price,
            qty: order.executedQty,
            commission: order.commission,
            commissionAsset: x.feeAsset,
            tradeId: 1,
          },
        ],
      });
    }
    if (route === 'GET /api/v3/order' || route === 'GET /api/v3/myTrades') {
      const p = verify(req, url.search.slice(1), res);
      if (!p) return;
      if (route === 'GET /api/v3/order') {
        const order = orders.get(p.get('origClientOrderId') ?? '');
        if (!order || order.pair !== p.get('symbol'))
          return json(res, 400, { code: -2013, msg: 'Order does not exist.' });
        return json(res, 200, {
          symbol: order.pair,
          orderId: Number(order.orderId),
          orderListId: -1,
          clientOrderId: order.clientOrderId,
          price: '0.00000000',
          origQty: order.executedQty,
          executedQty: order.executedQty,
          cummulativeQuoteQty: order.cumQuote,
          status: 'FILLED',
          timeInForce: 'GTC',
          type: 'MARKET',
          side: order.side.toUpperCase(),
          isWorking: true,
        });
      }
      const order = [...orders.values()].find((o) => o.orderId === p.get('orderId') && o.pair === p.get('symbol'));
      return json(
        res,
        200,
        order
          ? [
              {
                symbol: order.pair,
                id: 1,
                orderId: Number(order.orderId),
                price: fromDec(divDec(toDec(order.cumQuote), toDec(order.executedQty), 'half-even')),
                qty: order.executedQty,
                quoteQty: order.cumQuote,
                commission: order.commission,
                commissionAsset: order.commissionAsset,
                isBuyer: order.side === 'buy',
              },
            ]
          : [],
      );
    }
    json(res, 404, { code: -1, msg: 'not found' });
  }, calls);

  return { baseUrl, calls, orders, setMode: (m) => (mode = m), close: () => stop(server) };
}

/**
 * A local KuCoin: `/api/v2/symbols`, `/api/v1/market/candles` (newest first, at most 1500 a request),
 * `/api/v1/market/allTickers`, and the signed high-frequency orders (`POST /api/v1/hf/orders`, `GET
 * /api/v1/hf/orders/client-order/{clientOid}`), which check the key, the base64 HMAC-SHA256 signature of
 * timestamp + method + path + body, the signed passphrase and the key version.
 */
export async function startKucoinDouble(opts: {
  assets: DoubleAsset[];
  apiKey: string;
  apiSecret: string;
  passphrase: string;
}): Promise<MarketExchangeDouble> {
  const calls: RecordedCall[] = [];
  const orders = new Map<string, DoubleOrder>();
  let mode: DoubleMode = 'ok';
  let nextId = 1;
  const byPair = new Map(opts.assets.map((a) => [`${a.base}-USDT`, a]));
  const ok = (res: ServerResponse, data: unknown) => json(res, 200, { code: '200000', data });
  const hmac = (text: string) => createHmac('sha256', opts.apiSecret).update(text).digest('base64');

  const verify = (req: IncomingMessage, pathWithQuery: string, body: string, res: ServerResponse): boolean => {
    const h = (name: string) => String(req.headers[name] ?? '');
    if (h('kc-api-key') !== opts.apiKey) {
      json(res, 401, { code: '400003', msg: 'KC-API-KEY not exists' });
      return false;
    }
    if (h('kc-api-key-version') !== '2' || !safeEqual(h('kc-api-passphrase'), hmac(opts.passphrase))) {
      json(res, 401, { code: '400004', msg: 'Invalid KC-API-PASSPHRASE' });
      return false;
    }
    const ts = h('kc-api-timestamp');
    if (!(Math.abs(Date.now() - Number(ts)) <= 5000)) {
      json(res, 401, { code: '400002', msg: 'KC-API-TIMESTAMP Invalid' });
      return false;
    }
    if (!safeEqual(h('kc-api-sign'), hmac(`${ts}${req.method}${pathWithQuery}${body}`))) {
      json(res, 401, { code: '400005', msg: 'Invalid KC-API-SIGN' });
      return false;
    }
    return true;
  };
  const view = (o: DoubleOrder) => ({
    id: o.orderId,
    clientOid: o.clientOrderId,
    symbol: o.pair,
    opType: 'DEAL',
    type: 'market',
    side: o.side,
    price: '0',
    size: o.side === 'sell' ? o.executedQty : '0',
    funds: o.side === 'buy' ? o.cumQuote : '0',
    dealSize: o.executedQty,
    dealFunds: o.cumQuote,
    fee: o.commission,
    feeCurrency: o.commissionAsset,
    stp: '',
    timeInForce: 'GTC',
    postOnly: false,
    hidden: false,
    iceberg: false,
    channel: 'API',
    active: false,
    inOrderBook: false,
    cancelExist: false,
    createdAt: Date.now(),
    tradeType: 'TRADE',
  });

  const { server, baseUrl } = await listen((req, body, url, res) => {
    if (mode === 'down') return down(res);
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /api/v2/symbols') {
      return ok(res, [
        ...opts.assets.map((a) => ({
          symbol: `${a.base}-USDT`,
          name: `${a.base}-USDT`,
          baseCurrency: a.base,
          quoteCurrency: 'USDT',
          feeCurrency: 'USDT',
          market: 'USDS',
          baseMinSize: a.step,
          quoteMinSize: '0.1',
          baseMaxSize: '10000000000',
          quoteMaxSize: '99999999',
          baseIncrement: a.step,
          quoteIncrement: '0.000001',
          priceIncrement: '0.01',
          priceLimitRate: '0.1',
          minFunds: a.minNotional,
          isMarginEnabled: a.margin,
          enableTrading: a.trading !== false,
        })),
        { symbol: 'ETH-BTC', baseCurrency: 'ETH', quoteCurrency: 'BTC', baseIncrement: '0.0001', enableTrading: true },
      ]);
    }
    if (route === 'GET /api/v1/market/candles') {
      const asset = byPair.get(url.searchParams.get('symbol') ?? '');
      if (!asset) return json(res, 200, { code: '400100', msg: 'This pair is not provided at present' });
      if (url.searchParams.get('type') !== '1day') return json(res, 200, { code: '400100', msg: 'Unsupported type' });
      const startAt = Number(url.searchParams.get('startAt') ?? 0);
      const endAt = Number(url.searchParams.get('endAt') ?? Math.floor(Date.now() / 1000));
      const rows = (asset.closes ?? [])
        .map((c) => ({ t: Date.parse(`${c.day}T00:00:00Z`) / 1000, close: c.close }))
        .filter((c) => c.t >= startAt && c.t <= endAt)
        .reverse()
        .slice(0, 1500)
        .map((c) => [String(c.t), c.close, c.close, c.close, c.close, '100', '1000']);
      return ok(res, rows);
    }
    if (route === 'GET /api/v1/market/allTickers') {
      return ok(res, {
        time: Date.now(),
        ticker: opts.assets.map((a) => ({
          symbol: `${a.base}-USDT`,
          symbolName: `${a.base}-USDT`,
          buy: a.price,
          sell: a.price,
          last: a.price,
        })),
      });
    }
    if (route === 'POST /api/v1/hf/orders') {
      if (!verify(req, url.pathname + url.search, body, res)) return;
      const b = JSON.parse(body) as Record<string, string>;
      const asset = byPair.get(b.symbol ?? '');
      if (!asset) return json(res, 200, { code: '400100', msg: 'Unsupported trading pair' });
      if (b.type !== 'market' || !b.clientOid)
        return json(res, 200, { code: '400100', msg: 'Invalid request parameter' });
      if (mode === 'refuse') return json(res, 200, { code: '200004', msg: 'Balance insufficient!' });
      const side = b.side === 'sell' ? 'sell' : 'buy';
      const amount = side === 'buy' ? b.funds : b.size;
      if (!amount) return json(res, 200, { code: '400100', msg: 'Invalid request parameter' });
      if (side === 'sell' && floorToStep(toDec(amount), toDec(asset.step)) !== toDec(amount)) {
        return json(res, 200, { code: '400100', msg: 'Order size increment invalid.' });
      }
      const x = execute(asset, side, amount);
      // KuCoin takes its commission in tether, on top of a buy's funds' trade or out of a sell's proceeds.
      const fee = mulDec(x.quote, COMMISSION, 'up');
      const order: DoubleOrder = {
        clientOrderId: b.clientOid,
        orderId: `6${String(nextId++).padStart(23, '0')}`,
        pair: b.symbol!,
        side,
        executedQty: fromDec(x.qty),
        cumQuote: fromDec(side === 'buy' ? x.quote - fee : x.quote),
        commission: fromDec(fee),
        commissionAsset: 'USDT',
      };
      orders.set(b.clientOid, order);
      if (mode === 'lost') return down(res);
      return ok(res, { orderId: order.orderId, clientOid: order.clientOrderId });
    }
    const m = /^\/api\/v1\/hf\/orders\/client-order\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && m) {
      if (!verify(req, url.pathname + url.search, '', res)) return;
      const order = orders.get(decodeURIComponent(m[1]!));
      if (!order || order.pair !== url.searchParams.get('symbol')) {
        return json(res, 200, { code: '400100', msg: 'order not exist.' });
      }
      return ok(res, view(order));
    }
    json(res, 404, { code: '404000', msg: 'Not Found' });
  }, calls);

  return { baseUrl, calls, orders, setMode: (m) => (mode = m), close: () => stop(server) };
}
