import { lazy, type ComponentType } from 'react';
import { loadAccountNamespace } from './i18n';

/**
 * `React.lazy` for a screen whose texts live in the `account` namespace: the chunk and the texts
 * load together, so the screen never paints untranslated keys.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithAccountTexts<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => Promise.all([load(), loadAccountNamespace()]).then(([m]) => m));
}
