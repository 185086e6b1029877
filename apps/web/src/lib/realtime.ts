import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { REALTIME_EVENTS, REALTIME_PATH } from '@portal/contract/system/realtime';
import { tetherPriceSchema, type TetherPrice } from '@portal/contract/tether/market';
import { API_BASE } from './api-client';
import { resourceKeys } from './queries/keys';
import { tetherPriceQueryOptions } from './queries/tether-price';

/**
 * The portal's real-time channel (`GET /api/events`, server-sent events, the session cookie; contract
 * `system/realtime.ts`): one `EventSource` per app, shared by every component that listens, closed when
 * the last one leaves. Each `price` event is written into the price query's cache entry, so every screen
 * showing the price follows it without a request of its own.
 *
 * Where there is no `EventSource` (jsdom, the server rendering a first screen, an old browser) or while
 * the stream is down, nothing is opened or the browser retries by itself, and the price is read every
 * `PRICE_POLL_MS` instead (`useLiveTetherPrice`).
 */

/** How often the price is read when the real-time channel is not open. */
export const PRICE_POLL_MS = 15_000;
/**
 * How often it is read even with the channel open: a feed that stops sends nothing, and only the server says
 * when the price it holds has become stale (decision 039), so an open page learns it within this time.
 */
export const PRICE_CHECK_MS = 30_000;

/** `EventSource.CLOSED`: the browser gave up (the server refused the stream) and will not reconnect. */
const CLOSED = 2;

type ChannelState = 'connecting' | 'open' | 'closed';

interface Channel {
  source: EventSource;
  users: number;
  state: ChannelState;
  listeners: Set<() => void>;
  closeTimer: ReturnType<typeof setTimeout> | null;
}

/** One channel per query client: the app has one; each test builds its own. */
const channels = new WeakMap<QueryClient, Channel>();

/**
 * Writes a price from the stream into the cache. `seq` grows by one per price the server takes: the next
 * one is taken as it is; the same one again (a reconnection's first message) changes nothing; a jump
 * means prices were missed and one going back means an old message or a restarted server, so the price
 * is read again from `GET /tether/price` (a newer one is shown meanwhile).
 */
export function applyPrice(client: QueryClient, next: TetherPrice): void {
  const key = resourceKeys.tetherPrice;
  const prev = client.getQueryData<TetherPrice>(key);
  if (prev && next.seq === prev.seq) return;
  if (!prev || next.seq === prev.seq + 1) {
    client.setQueryData(key, next);
    return;
  }
  if (next.seq > prev.seq) client.setQueryData(key, next);
  void client.invalidateQueries({ queryKey: key, exact: true });
}

function readPrice(data: unknown): TetherPrice | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = tetherPriceSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function join(client: QueryClient): Channel | null {
  const existing = channels.get(client);
  if (existing) {
    if (existing.closeTimer !== null) {
      clearTimeout(existing.closeTimer);
      existing.closeTimer = null;
    }
    existing.users += 1;
    return existing;
  }
  const EventSourceClass = (globalThis as { EventSource?: typeof EventSource }).EventSource;
  if (typeof EventSourceClass !== 'function') return null;

  const source = new EventSourceClass(`${API_BASE}${REALTIME_PATH}`);
  const channel: Channel = { source, users: 1, state: 'connecting', listeners: new Set(), closeTimer: null };
  const setState = (state: ChannelState) => {
    if (channel.state === state) return;
    channel.state = state;
    for (const listener of channel.listeners) listener();
  };
  source.addEventListener('open', () => setState('open'));
  source.addEventListener('error', () => setState(source.readyState === CLOSED ? 'closed' : 'connecting'));
  source.addEventListener(REALTIME_EVENTS.price, (event) => {
    const price = readPrice((event as MessageEvent<unknown>).data);
    if (price) applyPrice(client, price);
  });
  channels.set(client, channel);
  return channel;
}

function leave(client: QueryClient, channel: Channel): void {
  channel.users -= 1;
  if (channel.users > 0) return;
  // Closed after the current commit: a page replacing another that listens too keeps the same stream.
  channel.closeTimer = setTimeout(() => {
    channel.closeTimer = null;
    if (channel.users > 0) return;
    channel.source.close();
    if (channels.get(client) === channel) channels.delete(client);
  }, 0);
}

/**
 * Listens to the real-time channel while the component is mounted (opening it if no other component has):
 * the price query's entry follows every `price` event. Answers whether the stream is open now (when it is
 * not, callers read the price by polling).
 */
export function useRealtimePrice(): boolean {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const channel = join(client);
    if (!channel) return;
    const update = () => setOpen(channel.state === 'open');
    channel.listeners.add(update);
    update();
    return () => {
      channel.listeners.delete(update);
      leave(client, channel);
    };
  }, [client]);
  return open;
}

/** The live tether price: the shared query, kept current by the real-time channel, polled without it. */
export function useLiveTetherPrice() {
  const live = useRealtimePrice();
  return useQuery({ ...tetherPriceQueryOptions(), refetchInterval: live ? PRICE_CHECK_MS : PRICE_POLL_MS });
}
