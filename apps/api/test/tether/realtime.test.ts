import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TetherPrice } from '@portal/contract/tether/market';
import { createTestApp, type TestApp } from '../helpers/app';
import { buyer } from '../fund-orders/fund-order-helpers';
import { settableSource } from './tether-helpers';

/**
 * Issue 17: the real-time channel. A signed-in page's stream opens with the live price and then hears every
 * new one, in sequence; a visitor without a session is refused.
 */
const source = settableSource('nobitex', 1_000_000n);
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ adapters: { priceSources: [source] } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await t.app.tetherPrices.takePrice(t.clock.now);
});
afterAll(async () => {
  await t.close();
});

/** Reads server-sent events from a response body, frame by frame. */
function frames(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return async function next(): Promise<{ event: string; id?: string; data: unknown }> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const raw = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = Object.fromEntries(
          raw
            .split('\n')
            .filter((l) => l && !l.startsWith(':'))
            .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
        );
        if (!fields.event) continue;
        return { event: fields.event, id: fields.id, data: JSON.parse(fields.data ?? 'null') as unknown };
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
}

describe('GET /api/events', () => {
  it('sends the price on opening and every new one after, in sequence', async () => {
    const u = await buyer(t, 0n);
    const controller = new AbortController();
    const res = await fetch(`${base}/api/events`, { headers: { cookie: u.cookie }, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const next = frames(res.body!);
    const first = await next();
    expect(first.event).toBe('price');
    const p1 = first.data as TetherPrice;
    expect(p1).toMatchObject({ status: 'live', mid: '1000000' });
    expect(first.id).toBe(String(p1.seq));

    source.set(1_020_000n);
    await t.app.tetherPrices.takePrice(t.clock.now);
    const second = (await next()).data as TetherPrice;
    expect(second).toMatchObject({ mid: '1020000', seq: p1.seq + 1, buy: '1025100' });
    controller.abort();
  });

  it('refuses a visitor without a session', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });
});
