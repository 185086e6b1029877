import { createServer, type Server, type ServerResponse } from 'node:http';

/** One level of a book in the exchange's own unit (Nobitex: rials; Wallex: toman) and tether. */
export type Level = readonly [price: string | number, amount: string | number];
export interface DoubleBook {
  bids: Level[];
  asks: Level[];
  /** Nobitex: the book's `lastUpdate` (ms); now when not given. */
  lastUpdate?: number;
}

/**
 * `ok`: the book; `down`: 503 with a proxy's HTML page, or with `refuse` no listener at all (connection
 * refused); `slow`: the book after `delayMs`; `failed`: the exchange's refusal; `garbage`: a body that is not
 * the protocol (a challenge page by default); `empty`: the book without bids, asks or both.
 */
export type ExchangeMode = 'ok' | 'down' | 'slow' | 'failed' | 'garbage' | 'empty';
export interface ModeOptions {
  /** down: refuse connections instead of answering 503. */
  refuse?: boolean;
  /** slow: how long before the answer (300 ms by default). */
  delayMs?: number;
  /** down, failed, garbage: the HTTP status (down 503; failed and garbage 200, as the exchanges often do). */
  httpStatus?: number;
  /** failed: the exchange's error code and message. */
  code?: string;
  message?: string;
  /** garbage: the body and its content type. */
  body?: string;
  contentType?: string;
  /** empty: which side is empty (both by default). */
  side?: 'bids' | 'asks' | 'both';
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
}

export interface ExchangeDouble {
  baseUrl: string;
  /** Every request, in order: tests assert the exact path and symbol asked for. */
  requests: RecordedRequest[];
  setBook(book: DoubleBook): void;
  /** Resolves once the listener is stopped (`down` with `refuse`) or listening again. */
  setMode(mode: ExchangeMode, opts?: ModeOptions): Promise<void>;
  close(): Promise<void>;
}

/** What differs between two exchanges' order book endpoints. */
interface Protocol {
  /** The market a request asks for, or undefined when it is not for the depth endpoint at all. */
  symbolOf(url: URL): string | undefined;
  /** The tether market's symbol on this exchange. */
  symbol: string;
  book(book: DoubleBook): unknown;
  failed(code: string, message: string): unknown;
}

const NOBITEX: Protocol = {
  symbolOf: (url) => /^\/v3\/orderbook\/([^/]+)$/.exec(url.pathname)?.[1],
  symbol: 'USDTIRT',
  book: ({ bids, asks, lastUpdate }) => ({
    status: 'ok',
    lastUpdate: lastUpdate ?? Date.now(),
    lastTradePrice: String(asks[0]?.[0] ?? bids[0]?.[0] ?? '0'),
    asks: asks.map(([p, a]) => [String(p), String(a)]),
    bids: bids.map(([p, a]) => [String(p), String(a)]),
  }),
  failed: (code, message) => ({ status: 'failed', code, message }),
};

const WALLEX: Protocol = {
  symbolOf: (url) => (url.pathname === '/v1/depth' ? (url.searchParams.get('symbol') ?? '') : undefined),
  symbol: 'USDTTMN',
  book: ({ bids, asks }) => {
    // Prices pass through as given (string or number): Wallex has answered both.
    const side = (levels: Level[]) =>
      levels.map(([price, quantity]) => ({ price, quantity, sum: String(Number(price) * Number(quantity)) }));
    return { result: { ask: side(asks), bid: side(bids) }, message: 'عملیات موفقیت‌آمیز بود.', success: true };
  },
  failed: (code, message) => ({ code, message, result: {}, success: false }),
};

/**
 * A local server that speaks Nobitex's public order book: `GET /v3/orderbook/{symbol}` → `status: 'ok'` with
 * `bids` / `asks` as `[price, amount]` string pairs in rials, or `status: 'failed'` with a code and message
 * (an unknown symbol: `InvalidSymbol`).
 */
export function startNobitexDouble(
  book: DoubleBook = {
    bids: [
      ['1052000', '80'],
      ['1051900', '12'],
    ],
    asks: [
      ['1052500', '120.5'],
      ['1052600', '3'],
    ],
  },
): Promise<ExchangeDouble> {
  return startExchangeDouble(NOBITEX, book);
}

/**
 * A local server that speaks Wallex's public depth: `GET /v1/depth?symbol={symbol}` → `success: true` with
 * `result.bid` / `result.ask` as `{ price, quantity, sum }` in toman, or `success: false` with a message.
 */
export function startWallexDouble(
  book: DoubleBook = {
    bids: [
      ['105200', '80'],
      ['105190', '12'],
    ],
    asks: [
      ['105250', '120.5'],
      ['105260', '3'],
    ],
  },
): Promise<ExchangeDouble> {
  return startExchangeDouble(WALLEX, book);
}

async function startExchangeDouble(protocol: Protocol, initial: DoubleBook): Promise<ExchangeDouble> {
  const requests: RecordedRequest[] = [];
  let book = initial;
  let mode: ExchangeMode = 'ok';
  let opts: ModeOptions = {};

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams) });
    const symbol = protocol.symbolOf(url);
    if (req.method !== 'GET' || symbol === undefined) return json(res, 404, protocol.failed('NotFound', 'not found'));
    if (symbol !== protocol.symbol) return json(res, 200, protocol.failed('InvalidSymbol', `unknown market ${symbol}`));
    switch (mode) {
      case 'down':
        res.writeHead(opts.httpStatus ?? 503, { 'content-type': 'text/html' });
        return res.end('<html><head><title>503 Service Temporarily Unavailable</title></head></html>');
      case 'failed':
        return json(res, opts.httpStatus ?? 200, protocol.failed(opts.code ?? 'Unavailable', opts.message ?? 'خطا'));
      case 'garbage':
        res.writeHead(opts.httpStatus ?? 200, { 'content-type': opts.contentType ?? 'text/html' });
        return res.end(opts.body ?? '<html><body>Just a moment...</body></html>');
      case 'empty': {
        const side = opts.side ?? 'both';
        return json(
          res,
          200,
          protocol.book({ bids: side === 'asks' ? book.bids : [], asks: side === 'bids' ? book.asks : [] }),
        );
      }
      case 'slow': {
        const answer = protocol.book(book);
        const timer = setTimeout(() => json(res, 200, answer), opts.delayMs ?? 300);
        // The client gave up (its time limit): no answer to send, no timer to keep.
        res.on('close', () => clearTimeout(timer));
        return;
      }
      case 'ok':
        return json(res, 200, protocol.book(book));
    }
  });

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        const addr = server.address();
        if (!addr || typeof addr === 'string') return reject(new Error('no address'));
        resolve(addr.port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });

  const port = await listen(0);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    setBook(next) {
      book = next;
    },
    async setMode(next, nextOpts = {}) {
      mode = next;
      opts = nextOpts;
      if (next === 'down' && nextOpts.refuse) await stop();
      else if (!server.listening) await listen(port);
    },
    close: stop,
  };
}
