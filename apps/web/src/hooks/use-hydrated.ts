import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React takes server markup over (and on the server), true once the page is React's: for a
 * form the server rendered, which must not take input before its handlers exist (typed text would be reset
 * by the taking over, a submit would be the browser's own). A page built in the browser is true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
