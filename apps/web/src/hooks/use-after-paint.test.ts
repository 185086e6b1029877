import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterPaint } from './use-after-paint';

describe('useAfterPaint', () => {
  afterEach(() => vi.useRealTimers());

  it('is false on the first render and true after the next frame and its paint', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
    const { result } = renderHook(() => useAfterPaint());
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    // The frame ran; the paint has not been followed by the timeout yet.
    expect(result.current).toBe(false);
    act(() => {
      vi.runOnlyPendingTimers();
    });
    expect(result.current).toBe(true);
  });

  it('does nothing once unmounted before the frame', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
    const { result, unmount } = renderHook(() => useAfterPaint());
    unmount();
    act(() => {
      vi.runAllTimers();
    });
    expect(result.current).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
