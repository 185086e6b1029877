import { EventEmitter } from 'node:events';
import type pg from 'pg';

/** What a cached copy of database state must forget. */
export type Invalidation = { kind: 'session'; id: string } | { kind: 'user'; id: string } | { kind: 'all' };

/**
 * A message channel to every instance: in process (embedded mode, one process) or PostgreSQL's
 * LISTEN/NOTIFY (decision 007). Two channels use it: cache invalidation (`InvalidationBus`) and the
 * real-time events pages receive (`EventsBus`, decision 039).
 */
export interface Channel<T> {
  publish(message: T): Promise<void>;
  subscribe(fn: (message: T) => void): () => void;
  close(): Promise<void>;
}

/**
 * Tells every instance that cached state changed. Caches are copies; PostgreSQL stays the source of
 * truth. Embedded mode has one process, so the bus is local; with PostgreSQL it is LISTEN/NOTIFY, and
 * a lost listener connection clears every cache (`all`) until it is back.
 */
export type InvalidationBus = Channel<Invalidation>;

/** What pages hear in real time (`lib/realtime`): a topic and its JSON data. */
export type RealtimeMessage = { topic: 'tether.price'; data: unknown };
export type EventsBus = Channel<RealtimeMessage>;

const CHANNEL = 'portal_invalidate';
const EVENTS_CHANNEL = 'portal_events';

export function createLocalChannel<T>(): Channel<T> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: async (m) => {
      emitter.emit('m', m);
    },
    subscribe: (fn) => {
      emitter.on('m', fn);
      return () => emitter.off('m', fn);
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

export const createLocalBus = (): InvalidationBus => createLocalChannel<Invalidation>();

export function createPostgresBus(pool: pg.Pool, connect: () => pg.Client): InvalidationBus {
  return createPostgresChannel<Invalidation>(pool, connect, CHANNEL, { kind: 'all' });
}

/**
 * The real-time events across instances. A message lost while the listener is down is not replayed: the
 * price carries a sequence number, and a page that sees a gap reads the price again.
 */
export function createPostgresEvents(pool: pg.Pool, connect: () => pg.Client): EventsBus {
  return createPostgresChannel<RealtimeMessage>(pool, connect, EVENTS_CHANNEL);
}

/**
 * LISTEN on `channel` over a connection of its own, NOTIFY through the pool. `onLost`, when given, is
 * published locally when the listener connection ends (and on a payload that is not JSON).
 */
function createPostgresChannel<T>(pool: pg.Pool, connect: () => pg.Client, channel: string, onLost?: T): Channel<T> {
  const local = createLocalChannel<T>();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const listen = async () => {
    if (closed) return;
    const c = connect();
    c.on('error', () => undefined);
    c.on('end', () => {
      if (closed) return;
      client = null;
      if (onLost !== undefined) void local.publish(onLost);
      retry = setTimeout(() => void listen(), 1000);
    });
    c.on('notification', (n) => {
      if (n.channel !== channel || !n.payload) return;
      try {
        void local.publish(JSON.parse(n.payload) as T);
      } catch {
        if (onLost !== undefined) void local.publish(onLost);
      }
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      client = c;
    } catch {
      await c.end().catch(() => undefined);
    }
  };
  const ready = listen();

  return {
    async publish(m) {
      await ready;
      // Our own listener hears it too; delivering at once here also covers a listener that is down.
      await local.publish(m);
      await pool.query('select pg_notify($1, $2)', [channel, JSON.stringify(m)]);
    },
    subscribe: (fn) => local.subscribe(fn),
    async close() {
      closed = true;
      clearTimeout(retry);
      await ready;
      await client?.end().catch(() => undefined);
      await local.close();
    },
  };
}
