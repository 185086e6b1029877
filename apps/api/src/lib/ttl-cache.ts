/**
 * A bounded map whose entries live `ttlMs`. Insertion order doubles as age, so the oldest entry is
 * dropped first when full. Used only for copies of database state that a bus message can revoke.
 */
export class TtlCache<K, V> {
  private readonly map = new Map<K, { value: V; at: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (this.now() - e.at >= this.ttlMs) {
      this.map.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    if (this.map.size >= this.max) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    this.map.set(key, { value, at: this.now() });
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  deleteWhere(pred: (value: V, key: K) => boolean): void {
    for (const [k, e] of this.map) if (pred(e.value, k)) this.map.delete(k);
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}

import type { Invalidation, InvalidationBus } from './invalidation';

/**
 * A TTL cache kept coherent by the invalidation bus: a message removes the entries it names, and a
 * value read from the database while any message arrived is not stored (it may predate the change).
 */
export function createCoherentCache<K, V>(
  bus: InvalidationBus,
  opts: {
    ttlMs: number;
    max: number;
    forgets: (m: Exclude<Invalidation, { kind: 'all' }>, value: V, key: K) => boolean;
  },
) {
  const cache = new TtlCache<K, V>(opts.ttlMs, opts.max);
  let generation = 0;
  const unsubscribe = bus.subscribe((m) => {
    generation++;
    if (m.kind === 'all') cache.clear();
    else cache.deleteWhere((v, k) => opts.forgets(m, v, k));
  });
  return {
    cache,
    unsubscribe,
    /** The cached value, or `load()`'s, stored when nothing was invalidated meanwhile. */
    async get(key: K, load: () => Promise<V | null>, isFresh: (v: V) => boolean = () => true): Promise<V | null> {
      const hit = cache.get(key);
      if (hit !== undefined && isFresh(hit)) return hit;
      const before = generation;
      const value = await load();
      if (value === null) cache.delete(key);
      else if (before === generation) cache.set(key, value);
      return value;
    },
  };
}
