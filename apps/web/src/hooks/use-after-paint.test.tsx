import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { FirstScreenContext } from '@/lib/first-screen';
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

describe('useAfterPaint in a first screen the server rendered (decision 027)', () => {
  it('is true at once while the markup is taken over, and asks for no frame', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
    const { result } = renderHook(() => useAfterPaint(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <FirstScreenContext value={{ desktop: false, takingOver: true }}>{children}</FirstScreenContext>
      ),
    });
    expect(result.current).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
