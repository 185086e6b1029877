import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

/** Moves the fake clock and lets React apply the updates. */
const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down each second with the remaining percentage, then calls onFinished and stops', () => {
    const onFinished = vi.fn();
    const { result } = renderHook(() => useCountdown(4, { onFinished }));

    expect(result.current.remaining).toBe(4);
    expect(result.current.percent).toBe(100);
    expect(result.current.isRunning).toBe(true);

    tick(1000);
    expect(result.current.remaining).toBe(3);
    expect(result.current.percent).toBe(75);

    tick(2000);
    expect(result.current.remaining).toBe(1);
    expect(result.current.percent).toBe(25);
    expect(onFinished).not.toHaveBeenCalled();

    tick(1000);
    expect(result.current.remaining).toBe(0);
    expect(result.current.percent).toBe(0);
    expect(result.current.isRunning).toBe(false);
    expect(onFinished).toHaveBeenCalledTimes(1);

    // Stopped: no more ticks, no second call.
    tick(5000);
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(result.current.remaining).toBe(0);
  });

  it('does not tick before a second has passed', () => {
    const { result } = renderHook(() => useCountdown(10));
    tick(999);
    expect(result.current.remaining).toBe(10);
    tick(1);
    expect(result.current.remaining).toBe(9);
  });

  it('restarts from a new number of seconds (e.g. the server’s retryAfterSeconds)', () => {
    const { result } = renderHook(() => useCountdown(3));
    tick(3000);
    expect(result.current.isRunning).toBe(false);

    act(() => result.current.start(120));
    expect(result.current.remaining).toBe(120);
    expect(result.current.total).toBe(120);
    expect(result.current.isRunning).toBe(true);

    tick(30_000);
    expect(result.current.remaining).toBe(90);
    expect(result.current.percent).toBe(75);
  });

  it('stays right when ticks are delayed (a throttled background tab)', () => {
    const { result } = renderHook(() => useCountdown(60));
    // The clock moves 20 s but the interval fires only once.
    act(() => {
      vi.setSystemTime(Date.now() + 20_000);
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.remaining).toBe(39);
  });

  it('can start stopped and be stopped early', () => {
    const onFinished = vi.fn();
    const { result } = renderHook(() => useCountdown(5, { autoStart: false, onFinished }));
    expect(result.current.isRunning).toBe(false);
    expect(result.current.remaining).toBe(0);

    act(() => result.current.start());
    expect(result.current.remaining).toBe(5);
    act(() => result.current.stop());
    tick(10_000);
    expect(result.current.remaining).toBe(0);
    expect(onFinished).not.toHaveBeenCalled();
  });
});
