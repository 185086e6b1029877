import { useEffect, useState } from 'react';

/**
 * `false` on the first render, `true` once the browser has painted it (the frame after). For content
 * that may wait a frame behind what the user came for: its code and data are asked for after the top of
 * the page is on screen, not in competition with it (decision 024).
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A timeout queued from an animation frame runs after that frame's paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}
