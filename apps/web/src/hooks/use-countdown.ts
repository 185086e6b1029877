import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMING } from '@portal/contract/core/constants';

export interface Countdown {
  /** Whole seconds left (0 when stopped). */
  remaining: number;
  /** Seconds the current run started from. */
  total: number;
  /** Remaining share of the run, 0–100 (for a progress indicator). */
  percent: number;
  isRunning: boolean;
  /** (Re)starts from `seconds`, or from the hook's base when omitted. */
  start: (seconds?: number) => void;
  stop: () => void;
}

/**
 * Counts down each second from a base number of seconds (SPEC §4 "Countdown"): shows what is
 * left and its percentage; on zero it calls `onFinished`, resets and stops. Remaining time is
 * computed from the clock, not by counting ticks, so a throttled background tab stays right.
 */
export function useCountdown(
  seconds: number,
  { autoStart = true, onFinished }: { autoStart?: boolean; onFinished?: () => void } = {},
): Countdown {
  const initial = autoStart && seconds > 0 ? Math.ceil(seconds) : 0;
  const [state, setState] = useState<{ endAt: number | null; total: number; remaining: number }>(() => ({
    endAt: initial > 0 ? Date.now() + initial * 1000 : null,
    total: initial,
    remaining: initial,
  }));
  const onFinishedRef = useRef(onFinished);
  useEffect(() => {
    onFinishedRef.current = onFinished;
  });

  const start = useCallback(
    (from?: number) => {
      const s = Math.max(0, Math.ceil(from ?? seconds));
      setState({ endAt: s > 0 ? Date.now() + s * 1000 : null, total: s, remaining: s });
    },
    [seconds],
  );

  const stop = useCallback(() => setState((st) => ({ ...st, endAt: null, remaining: 0 })), []);

  const { endAt } = state;
  useEffect(() => {
    if (endAt === null) return;
    const id = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((endAt - Date.now()) / 1000));
      if (left > 0) {
        setState((st) => (st.endAt === endAt && st.remaining !== left ? { ...st, remaining: left } : st));
        return;
      }
      window.clearInterval(id);
      setState((st) => (st.endAt === endAt ? { ...st, endAt: null, remaining: 0 } : st));
      onFinishedRef.current?.();
    }, TIMING.countdownTickMs);
    return () => window.clearInterval(id);
  }, [endAt]);

  return {
    remaining: state.remaining,
    total: state.total,
    percent: state.total > 0 ? (state.remaining / state.total) * 100 : 0,
    isRunning: state.endAt !== null,
    start,
    stop,
  };
}
