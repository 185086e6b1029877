import type { FastifyInstance } from 'fastify';
import { AppError } from '@portal/contract/core/errors';
import {
  CANDLES_MAX,
  createTetherQuote,
  executeTetherQuote,
  getTetherMarket,
  getTetherPrice,
  getTetherQuote,
  listTetherCandles,
  listTetherTrades,
} from '@portal/contract/tether/market';
import { route } from '../../plugins/contract';
import { sessionOf } from '../../plugins/sessions';
import { listCandles } from './tether.repository';
import * as trades from './trades.service';

/** The tether market (SPEC §2 "Tether trading"; issue 17, decision 039). */
export function tetherRoutes(app: FastifyInstance, deps: trades.TetherDeps): void {
  const now = () => deps.now?.() ?? new Date();
  route(app, getTetherPrice, async () => deps.prices.currentPrice(deps.db, now()));
  route(app, getTetherMarket, async ({ request }) => trades.tetherMarket(deps, sessionOf(request).userId));
  route(app, createTetherQuote, async ({ body, request }) =>
    trades.createQuote(deps, { userId: sessionOf(request).userId, body }),
  );
  route(app, getTetherQuote, async ({ params, request }) =>
    trades.getQuote(deps, sessionOf(request).userId, params.quoteId),
  );
  route(app, executeTetherQuote, async ({ params, request, idempotencyKey }) =>
    trades.executeQuote(deps, {
      userId: sessionOf(request).userId,
      quoteId: params.quoteId,
      idempotencyKey,
      ip: request.ip,
    }),
  );
  route(app, listTetherTrades, async ({ query, request }) =>
    trades.listTrades(deps.db, sessionOf(request).userId, query.page),
  );
  route(app, listTetherCandles, async ({ query }) => {
    const to = query.to ? new Date(query.to) : now();
    const span = query.interval === '1m' ? 24 * 3600_000 : 365 * 24 * 3600_000;
    const from = query.from ? new Date(query.from) : new Date(to.getTime() - span);
    if (from > to) {
      throw new AppError('VALIDATION_FAILED', 'from is after to', {
        issues: [{ path: 'query.from', rule: 'dateOrder' }],
      });
    }
    const rows = await listCandles(deps.db, { interval: query.interval, from, to, limit: CANDLES_MAX });
    return {
      items: rows.map((c) => ({
        start: c.start.toISOString(),
        open: c.open.toString(),
        high: c.high.toString(),
        low: c.low.toString(),
        close: c.close.toString(),
      })),
    };
  });
}
