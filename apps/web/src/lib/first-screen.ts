import type { DehydratedState } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
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

/**
 * A route's `handle` may say whether the server's first screen is what this browser would render: the
 * server cannot read what the page keeps in localStorage (the dashboard's `activeCurrency`). When one of
 * the matched routes answers false, the browser builds the page instead of taking it over (decision 027).
 */
export interface FirstScreenHandle {
  firstScreenMatches?: (state: FirstScreenState) => boolean;
}

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
 * What a render knows of the first screen it is part of. `desktop`: the server's guess of the viewport,
 * which the layout's media query answers first while React takes server markup over (only then is a
 * first answer asked for), `undefined` when there is no guess. `takingOver`: the render is the server's,
 * or the browser's taking the server's markup over (until that first commit): what a page defers until
 * it has been painted (`useAfterPaint`) is rendered at once then, since the server's markup is what is
 * painted. A context, not a module's variable: the server renders several pages at once.
 */
export interface FirstScreenRender {
  desktop: boolean | undefined;
  takingOver: boolean;
}

export const FirstScreenContext = createContext<FirstScreenRender>({ desktop: undefined, takingOver: false });

export function useFirstScreen(): FirstScreenRender {
  return useContext(FirstScreenContext);
}

/**
 * Set once the browser has taken the server's markup over (the first commit's effects). The context's
 * value never changes after the first render: a change would reach parts of the page whose code is still
 * loading, and React would throw their server markup away and build them anew.
 */
let takenOver = false;

export function markFirstScreenTakenOver(): void {
  takenOver = true;
}

/** A part mounting now is part of taking the server's markup over (not a later render in the browser). */
export function useTakingOverFirstScreen(): boolean {
  return useFirstScreen().takingOver && !takenOver;
}
