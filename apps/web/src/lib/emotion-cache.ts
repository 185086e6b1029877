import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/**
 * Two Emotion caches: right-to-left for Persian and Arabic (the stylis plugin flips left and
 * right in every style), plain for English. Styles are written left-to-right once.
 *
 * The server that renders a page's first screen (decision 027) makes a new cache per page with the same
 * key, so that the browser's cache recognises the styles the page arrived with and does not insert them
 * again.
 */
export function createEmotionCache(direction: 'rtl' | 'ltr'): EmotionCache {
  return direction === 'rtl'
    ? createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] })
    : createCache({ key: 'mui', stylisPlugins: [prefixer] });
}

let rtl: EmotionCache | undefined;
let ltr: EmotionCache | undefined;

export function emotionCacheFor(direction: 'rtl' | 'ltr'): EmotionCache {
  if (direction === 'rtl') {
    rtl ??= createEmotionCache('rtl');
    return rtl;
  }
  ltr ??= createEmotionCache('ltr');
  return ltr;
}
