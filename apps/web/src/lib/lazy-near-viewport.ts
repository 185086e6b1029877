import { lazy, type ComponentType } from 'react';

/**
 * Resolves once the element with `id` comes within `margin` of the viewport; at once when there is no
 * such element (the part is being built here, not taken over from the server's markup) or no
 * IntersectionObserver (the server).
 */
export function nearViewport(id: string, margin = '600px'): Promise<void> {
  if (typeof document === 'undefined' || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  // The section around it when there is one: a section laid out only when near (`content-visibility`) has
  // a place on the page, while what is inside it has none until then.
  const part = document.getElementById(id);
  const el = part?.closest('section') ?? part;
  if (!el) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      removal?.disconnect();
      resolve();
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), {
      rootMargin: `${margin} 0px`,
    });
    observer.observe(el);
    // The server's markup may go before it ever comes near: the browser builds the page itself (a preference
    // the server could not know) or rebuilds a part that did not match. A removed element never intersects,
    // so its part would wait for ever: it loads at once instead, as when built here from the start.
    const removal =
      typeof MutationObserver === 'undefined'
        ? null
        : new MutationObserver(() => {
            if (!el.isConnected) done();
          });
    removal?.observe(document.body, { childList: true, subtree: true });
  });
}

/**
 * `React.lazy` for a part at the foot of a page the server rendered (decision 027): its code is fetched
 * when the server's markup of it (the element `id`) comes near the viewport. Until then React leaves
 * that markup as it is, painted but not yet interactive, instead of taking it over with the rest of the
 * first load. Built in the browser (no such element yet), it loads at once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyNearViewport<T extends ComponentType<any>>(id: string, load: () => Promise<{ default: T }>) {
  return lazy(() => nearViewport(id).then(load));
}
