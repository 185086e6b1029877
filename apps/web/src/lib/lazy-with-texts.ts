import { lazy, type ComponentType } from 'react';
import { loadAccountNamespace, loadNamespace, type LazyNamespace } from './i18n';

/**
 * `React.lazy` for a screen whose texts live in a lazily loaded namespace: the chunk and the texts
 * load together, so the screen never paints untranslated keys.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithTexts<T extends ComponentType<any>>(
  namespaces: LazyNamespace[],
  load: () => Promise<{ default: T }>,
) {
  return lazy(() => loadWithTexts(namespaces, load));
}

/** A module and the namespaces its screen reads, loaded together (a route's `lazy`, `lazyWithTexts`). */
export function loadWithTexts<M>(namespaces: LazyNamespace[], load: () => Promise<M>): Promise<M> {
  return Promise.all([load(), ...namespaces.map((ns) => loadNamespace(ns))]).then(([m]) => m);
}

/** `lazyWithTexts` for the account namespace. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithAccountTexts<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => Promise.all([load(), loadAccountNamespace()]).then(([m]) => m));
}
