/**
 * The real-time channel (issue 17, decision 039; contract `system/realtime.ts`): `GET /api/events`, a
 * server-sent-events stream per open page, for signed-in users. Each instance keeps its open streams in
 * one hub; a message from the events channel (every instance's, through PostgreSQL's NOTIFY) is
 * serialised once and written to every stream. The notification issue adds its topics here.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { REALTIME_EVENTS, REALTIME_HEARTBEAT_SECONDS, REALTIME_PATH } from '@portal/contract/system/realtime';
import type { TetherPrice } from '@portal/contract/tether/market';
import type { EventsBus, RealtimeMessage } from '../../lib/invalidation';
import { API_PREFIX } from '../../plugins/contract';

type Stream = FastifyReply['raw'];

export interface RealtimeHub {
  /** Open streams on this instance. */
  size(): number;
  close(): void;
}

/** One SSE frame. */
const frame = (event: string, data: unknown, id?: number) =>
  `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export function realtimeRoutes(
  app: FastifyInstance,
  deps: { events: EventsBus; currentPrice: () => Promise<TetherPrice> },
): RealtimeHub {
  /** Each open stream, with the last price it was sent: a stream sees every price once, in order. */
  const streams = new Map<Stream, { priceSeq: number }>();

  const sendPrice = (raw: Stream, state: { priceSeq: number }, price: TetherPrice, text: string) => {
    // Older or already sent (the same price comes back through NOTIFY, or the stream's first frame had it).
    if (price.seq !== 0 && price.seq <= state.priceSeq) return;
    state.priceSeq = price.seq;
    raw.write(text);
  };

  const unsubscribe = deps.events.subscribe((m: RealtimeMessage) => {
    if (m.topic === 'tether.price') {
      const price = m.data as TetherPrice;
      const text = frame(REALTIME_EVENTS.price, price, price.seq);
      for (const [raw, state] of streams) sendPrice(raw, state, price, text);
    }
  });
  const heartbeat = setInterval(() => {
    for (const raw of streams.keys()) raw.write(': keep-alive\n\n');
  }, REALTIME_HEARTBEAT_SECONDS * 1000);
  heartbeat.unref();

  app.get(REALTIME_URL, { preHandler: app.requireSession }, async (request, reply) => {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // Proxies (nginx) must pass each frame on at once.
      'X-Accel-Buffering': 'no',
    });
    raw.write('retry: 3000\n\n');
    // In the hub before the current price is read: a price published meanwhile is not missed, and the
    // current one is sent only when it is newer than what the stream already has.
    const state = { priceSeq: 0 };
    streams.set(raw, state);
    request.raw.on('close', () => streams.delete(raw));
    try {
      const price = await deps.currentPrice();
      if (streams.has(raw)) sendPrice(raw, state, price, frame(REALTIME_EVENTS.price, price, price.seq || undefined));
    } catch (err) {
      request.log.error({ err }, 'realtime: the current price could not be read');
    }
  });

  return {
    size: () => streams.size,
    close: () => {
      clearInterval(heartbeat);
      unsubscribe();
      for (const raw of streams.keys()) raw.end();
      streams.clear();
    },
  };
}

/** The stream's full path, for clients and tests. */
export const REALTIME_URL = `${API_PREFIX}${REALTIME_PATH}`;
