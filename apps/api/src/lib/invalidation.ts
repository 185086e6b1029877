import { EventEmitter } from 'node:events';
import type pg from 'pg';

/** What a cached copy of database state must forget. */
export type Invalidation = { kind: 'session'; id: string } | { kind: 'user'; id: string } | { kind: 'all' };

/**
 * Tells every instance that cached state changed. Caches are copies; PostgreSQL stays the source of
 * truth. Embedded mode has one process, so the bus is local; with PostgreSQL it is LISTEN/NOTIFY, and
 * a lost listener connection clears every cache (`all`) until it is back.
 */
export interface InvalidationBus {
  publish(message: Invalidation): Promise<void>;
  subscribe(fn: (message: Invalidation) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'portal_invalidate';

export function createLocalBus(): InvalidationBus {
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

export function createPostgresBus(pool: pg.Pool, connect: () => pg.Client): InvalidationBus {
  const local = createLocalBus();
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
      void local.publish({ kind: 'all' });
      retry = setTimeout(() => void listen(), 1000);
    });
    c.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        void local.publish(JSON.parse(n.payload) as Invalidation);
      } catch {
        void local.publish({ kind: 'all' });
      }
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      client = c;
    } catch {
      await c.end().catch(() => undefined);
    }
  };
  const ready = listen();

  return {
    async publish(m) {
      await ready;
      // Our own listener hears it too; forgetting at once here also covers a listener that is down.
      await local.publish(m);
      await pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(m)]);
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
