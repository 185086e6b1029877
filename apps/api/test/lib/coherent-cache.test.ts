import { describe, expect, it } from 'vitest';
import { createLocalBus } from '../../src/lib/invalidation';
import { createCoherentCache, TtlCache } from '../../src/lib/ttl-cache';

describe('TtlCache', () => {
  it('forgets an entry after its time and drops the oldest when full', () => {
    let now = 0;
    const c = new TtlCache<string, number>(1000, 2, () => now);
    c.set('a', 1);
    c.set('b', 2);
    c.set('c', 3);
    expect(c.get('a')).toBeUndefined();
    expect(c.get('b')).toBe(2);
    now = 999;
    expect(c.get('c')).toBe(3);
    now = 1000;
    expect(c.get('c')).toBeUndefined();
  });
});

describe('coherent cache', () => {
  it('a bus message removes the entries it names', async () => {
    const bus = createLocalBus();
    const cache = createCoherentCache<string, { userId: string }>(bus, {
      ttlMs: 60_000,
      max: 10,
      forgets: (m, v) => m.kind === 'user' && v.userId === m.id,
    });
    let loads = 0;
    const load = async () => {
      loads++;
      return { userId: 'u1' };
    };
    await cache.get('k', load);
    await cache.get('k', load);
    expect(loads).toBe(1);
    await bus.publish({ kind: 'user', id: 'u2' });
    await cache.get('k', load);
    expect(loads).toBe(1);
    await bus.publish({ kind: 'user', id: 'u1' });
    await cache.get('k', load);
    expect(loads).toBe(2);
    await bus.publish({ kind: 'all' });
    await cache.get('k', load);
    expect(loads).toBe(3);
  });

  it('a value read while a change was announced is not kept: it may predate the change', async () => {
    const bus = createLocalBus();
    const cache = createCoherentCache<string, string>(bus, { ttlMs: 60_000, max: 10, forgets: () => true });
    const stale = await cache.get('k', async () => {
      await bus.publish({ kind: 'session', id: 's1' });
      return 'read before the revocation committed';
    });
    expect(stale).toBe('read before the revocation committed');
    expect(cache.cache.get('k')).toBeUndefined();
  });

  it('a value that is no longer fresh is read again', async () => {
    const bus = createLocalBus();
    const cache = createCoherentCache<string, { exp: number }>(bus, { ttlMs: 60_000, max: 10, forgets: () => true });
    await cache.get('k', async () => ({ exp: 0 }));
    const again = await cache.get(
      'k',
      async () => ({ exp: 5 }),
      (v) => v.exp > 1,
    );
    expect(again).toEqual({ exp: 5 });
  });
});
