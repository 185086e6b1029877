import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/**
 * A page's first screen rendered by the server (decision 027): what the browser needs to take over the
 * markup it arrived with, carried in `<script type="application/json" id="first-screen">` (data, not
 * code: the content security policy forbids inline scripts).
 */
export interface FirstScreenState {
  v: 1;
  /** The language the server rendered in. */
  lng: string;
  /** The server's guess of the viewport (a desktop-wide screen or a phone's), from the request's headers. */
  desktop: boolean;
  /** The server state the page was rendered with (TanStack Query). */
  queries: DehydratedState;
  /** The router's state (its loaders' answers). */
  router: HydrationState;
}

export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

/** The state as JSON safe inside `<script>`: no `<`, so no `</script>` or `<!--` can end it early. */
export function serializeFirstScreen(state: FirstScreenState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The state the page arrived with, or null (a page the server did not render, or a broken block). */
export function readFirstScreen(doc: Document = document): FirstScreenState | null {
  const el = doc.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (!el?.textContent) return null;
  try {
    const state = JSON.parse(el.textContent) as Partial<FirstScreenState>;
    return state.v === 1 && state.queries && state.router && typeof state.lng === 'string'
      ? (state as FirstScreenState)
      : null;
  } catch {
    return null;
  }
}

/**
 * The viewport the first render assumes while React takes over server markup (and while the server
 * renders): the layout's media query answers this first, then the screen's own answer. `undefined`
 * otherwise (the media query answers at once). A render on the server is synchronous, so one value at a
 * time is enough.
 */
let viewportGuess: boolean | undefined;

export function setFirstScreenViewport(desktop: boolean | undefined): void {
  viewportGuess = desktop;
}

export function firstScreenDesktop(): boolean {
  return viewportGuess ?? false;
}
