/**
 * The portal's real-time channel (issue 17, decision 039): one server-sent-events stream per open page,
 * authenticated by the session cookie, that later issues (notifications) reuse. `GET /api{REALTIME_PATH}`
 * answers `text/event-stream`; each message has an `event:` name from `REALTIME_EVENTS` and a JSON `data:`.
 *
 * - `price`: the live tether price (`tetherPriceSchema`), sent when the stream opens and on every new
 *   price; `seq` grows by one per price, so a page that sees a gap reads `GET /tether/price` again.
 * A stream also carries a comment line every `REALTIME_HEARTBEAT_SECONDS` so proxies keep it open.
 */
export const REALTIME_PATH = '/events';
export const REALTIME_EVENTS = { price: 'price' } as const;
export type RealtimeEvent = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];
export const REALTIME_HEARTBEAT_SECONDS = 25;
