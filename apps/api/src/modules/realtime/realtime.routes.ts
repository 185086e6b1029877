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
  const streams = new Set<Stream>();
  // The same price may arrive twice (published here and heard back through NOTIFY): sent once.
  let lastPriceSeq = 0;

  const broadcast = (text: string) => {
    for (const s of streams) s.write(text);
  };

  const unsubscribe = deps.events.subscribe((m: RealtimeMessage) => {
    if (m.topic === 'tether.price') {
      const price = m.data as TetherPrice;
      if (price.seq !== 0 && price.seq <= lastPriceSeq) return;
      lastPriceSeq = Math.max(lastPriceSeq, price.seq);
      broadcast(frame(REALTIME_EVENTS.price, price, price.seq));
    }
  });
  const heartbeat = setInterval(() => broadcast(': keep-alive\n\n'), REALTIME_HEARTBEAT_SECONDS * 1000);
  heartbeat.unref();

  app.get(REALTIME_URL, { preHandler: app.requireSession }, async (request, reply) => {
    const price = await deps.currentPrice();
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // Proxies (nginx) must pass each frame on at once.
      'X-Accel-Buffering': 'no',
    });
    raw.write(`retry: 3000\n\n${frame(REALTIME_EVENTS.price, price, price.seq || undefined)}`);
    streams.add(raw);
    request.raw.on('close', () => streams.delete(raw));
  });

  return {
    size: () => streams.size,
    close: () => {
      clearInterval(heartbeat);
      unsubscribe();
      for (const s of streams) s.end();
      streams.clear();
    },
  };
}

/** The stream's full path, for clients and tests. */
export const REALTIME_URL = `${API_PREFIX}${REALTIME_PATH}`;
