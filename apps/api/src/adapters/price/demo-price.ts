import { PriceSourceError, type PriceSourcePort } from './price.port';

/** One step of the walk per second of clock between calls (at least one per call). */
const STEP_MS = 1_000;
/** A call after a long pause walks at most this many steps: by then the walk has forgotten where it was. */
const MAX_STEPS = 300;
/** The largest move of one step, in log terms (8 basis points). */
const STEP = 0.0008;
/** How much of its distance from the start the walk gives back each step. */
const PULL = 0.01;
/** Half the bid–ask spread, drawn between these (a spread of about 0.1 % of the middle). */
const HALF_SPREAD_MIN = 0.0004;
const HALF_SPREAD_MAX = 0.0006;

/**
 * The embedded mode's tether feed (labelled demo wherever it is shown): a mean-reverting random walk that
 * moves like a market. Each step moves the log of the middle by at most `STEP` and pulls it back by `PULL`
 * of its distance from `start`, so it never strays further than `STEP / PULL` (8 %) from `start`, however
 * long it runs. The clock sets how many steps a call walks (a poll every 5 s moves more than one every
 * second); injecting `random` and `now` makes it deterministic.
 */
export function createDemoPriceSource(
  opts: {
    /** Where the walk starts and returns to, rials per tether. */
    start?: bigint;
    /** Uniform in [0, 1), like `Math.random`. */
    random?: () => number;
    /** Milliseconds, like `Date.now`. */
    now?: () => number;
  } = {},
): PriceSourcePort {
  const start = opts.start ?? 1_050_000n;
  if (start <= 0n) throw new RangeError('the demo feed starts at a positive price');
  const random = opts.random ?? Math.random;
  const now = opts.now ?? Date.now;
  const base = Number(start);
  /** The log of middle / start. */
  let x = 0;
  let lastAt: number | undefined;
  /** A uniform draw in [-1, 1], whatever an injected `random` returns. */
  const draw = () => Math.min(1, Math.max(-1, 2 * random() - 1));

  return {
    name: 'demo',
    demo: true,
    fetchBook(signal) {
      if (signal.aborted) return Promise.reject(new PriceSourceError('demo', 'aborted'));
      const at = now();
      const steps = lastAt === undefined ? 1 : Math.min(MAX_STEPS, Math.max(1, Math.round((at - lastAt) / STEP_MS)));
      lastAt = at;
      for (let i = 0; i < steps; i++) x = x * (1 - PULL) + STEP * draw();
      const mid = base * Math.exp(x);
      const half = mid * (HALF_SPREAD_MIN + ((draw() + 1) / 2) * (HALF_SPREAD_MAX - HALF_SPREAD_MIN));
      const bid = BigInt(Math.max(1, Math.round(mid - half)));
      const ask = BigInt(Math.round(mid + half));
      return Promise.resolve({ bid, ask: ask > bid ? ask : bid + 1n });
    },
  };
}
