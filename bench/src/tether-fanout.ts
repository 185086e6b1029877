/**
 * Issue 17: one price update to thousands of open pages. The built portal (embedded, the demo feed, a price
 * every 500 ms) with N server-sent-event streams on `/api/events`, signed in, against a bare Node SSE server
 * (`bare-sse.mjs`) sending the same frames at the same rate to the same number of streams, in the same run,
 * measured by the same client.
 *
 * For every price a stream receives: its delivery latency (arrival − the price's `at`, the moment the server
 * took it: the sources asked, the row written, the channel, the hub) and whether its `seq` follows the
 * stream's previous one. Figures over the window: messages per second (all streams), p50 and p99 latency, gaps.
 */
import http from 'node:http';
import { fromRoot, freePort, startNode, waitForOk } from './lib';
import { signIn, startPortal } from './api-throughput';

export interface FanoutResult {
  connections: number;
  seconds: number;
  messagesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  gaps: number;
  /** Streams that never opened or ended during the window. */
  failed: number;
}

interface Stream {
  last: number | null;
  close(): void;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Opens `n` SSE streams (in batches), then counts what arrives for `seconds`. */
async function measureStreams(url: string, headers: Record<string, string>, n: number, seconds: number) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const latencies: number[] = [];
  let messages = 0;
  let gaps = 0;
  let failed = 0;
  let counting = false;
  const streams: Stream[] = [];

  const open = () =>
    new Promise<Stream>((resolve, reject) => {
      const stream: Stream = { last: null, close: () => req.destroy() };
      let buffer = '';
      let opened = false;
      const req = http.get(url, { agent, headers }, (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`${url}: ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (!data || !/^event: price$/m.test(frame)) continue;
            const arrived = Date.now();
            const { seq, at } = JSON.parse(data) as { seq: number; at: string | null };
            if (!opened) {
              opened = true;
              stream.last = seq;
              resolve(stream);
              continue;
            }
            if (counting) {
              messages += 1;
              if (at) latencies.push(arrived - Date.parse(at));
              if (stream.last !== null && seq !== stream.last + 1) gaps += 1;
            }
            stream.last = seq;
          }
        });
        res.on('close', () => {
          if (counting) failed += 1;
        });
      });
      req.on('error', (err) => (opened ? undefined : reject(err)));
    });

  for (let i = 0; i < n; i += 250) {
    const batch = await Promise.allSettled(Array.from({ length: Math.min(250, n - i) }, open));
    for (const r of batch) {
      if (r.status === 'fulfilled') streams.push(r.value);
      else failed += 1;
    }
  }
  counting = true;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  counting = false;
  for (const s of streams) s.close();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    connections: streams.length,
    seconds,
    messagesPerSecond: Math.round(messages / seconds),
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? Number.NaN,
    gaps,
    failed,
  } satisfies FanoutResult;
}

export async function measurePortalFanout(n: number, seconds: number): Promise<FanoutResult> {
  const portal = await startPortal('warn', { env: { TETHER_PRICE_POLL_MS: '500' } });
  try {
    const cookie = await signIn(portal.baseUrl);
    return await measureStreams(`${portal.baseUrl}/api/events`, { cookie }, n, seconds);
  } finally {
    await portal.stop();
  }
}

export async function measureBareFanout(n: number, seconds: number): Promise<FanoutResult> {
  const port = await freePort();
  const server = startNode(fromRoot('bench/src/bare-sse.mjs'), [], {
    PATH: process.env.PATH,
    PORT: String(port),
    INTERVAL_MS: '500',
  });
  try {
    await waitForOk(`http://127.0.0.1:${port}/health`, server);
    return await measureStreams(`http://127.0.0.1:${port}/events`, {}, n, seconds);
  } finally {
    await server.stop();
  }
}
