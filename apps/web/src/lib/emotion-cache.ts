import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/**
 * Two Emotion caches: right-to-left for Persian and Arabic (the stylis plugin flips left and
 * right in every style), plain for English. Styles are written left-to-right once.
 */
let rtl: EmotionCache | undefined;
let ltr: EmotionCache | undefined;

export function emotionCacheFor(direction: 'rtl' | 'ltr'): EmotionCache {
  if (direction === 'rtl') {
    rtl ??= createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
    return rtl;
  }
  ltr ??= createCache({ key: 'mui', stylisPlugins: [prefixer] });
  return ltr;
}
