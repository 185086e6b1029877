import { useSyncExternalStore } from 'react';

/** localStorage that never throws (private mode, storage disabled, quota). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* the preference simply is not remembered */
    }
  },
};

export interface StoredPreference<T> {
  get: () => T;
  set: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
  /** The current value, re-rendering when it changes (here or in another tab). */
  use: () => T;
}

/** One user preference kept in localStorage, readable outside React and observable inside it. */
export function storedPreference<T extends string>(key: string, parse: (raw: string | null) => T): StoredPreference<T> {
  const listeners = new Set<() => void>();
  let current = parse(safeStorage.get(key));

  const notify = () => {
    for (const l of listeners) l();
  };

  const onStorage = (e: StorageEvent) => {
    if (e.key !== key) return;
    current = parse(e.newValue);
    notify();
  };

  const get = () => current;
  const set = (value: T) => {
    current = value;
    safeStorage.set(key, value);
    notify();
  };
  const subscribe = (listener: () => void) => {
    if (listeners.size === 0) window.addEventListener('storage', onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  };
  return { get, set, subscribe, use: () => useSyncExternalStore(subscribe, get, get) };
}
