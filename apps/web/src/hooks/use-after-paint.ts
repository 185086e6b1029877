import { startTransition, useEffect, useState } from 'react';
import { useTakingOverFirstScreen } from '@/lib/first-screen';

/**
 * `false` on the first render, `true` once the browser has painted it (the frame after). For content
 * that may wait a frame behind what the user came for: its code and data are asked for after the top of
 * the page is on screen, not in competition with it (decision 024). The content then renders in a
 * transition, in short slices.
 *
 * `true` at once in a first screen the server rendered (decision 027): the server's markup is already
 * on screen, and the browser takes the whole of it over.
 */
export function useAfterPaint(): boolean {
  const takingOver = useTakingOverFirstScreen();
  const [painted, setPainted] = useState(takingOver);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A timeout queued from an animation frame runs after that frame's paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
