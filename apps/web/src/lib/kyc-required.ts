import { useSyncExternalStore } from 'react';
import { isApiError } from './api-error';

/**
 * The forced-KYC dialog's trigger (SPEC §2): any call refused with `KYC_REQUIRED` (the server's money
 * guards, decision 015) opens it, wherever the call was made. The query client reports the errors
 * here; the signed-in layout shows the dialog. Kept free of React components and texts: it is part
 * of the first load.
 */
export type KycLevel = 1 | 2;

let required: KycLevel | null = null;
const listeners = new Set<() => void>();

function set(next: KycLevel | null) {
  required = next;
  for (const listener of listeners) listener();
}

/** Opens the dialog when `error` says the action needs a KYC level the user lacks. */
export function reportKycRequired(error: unknown): void {
  if (!isApiError(error) || error.code !== 'KYC_REQUIRED') return;
  set(error.details?.requiredLevel === 2 ? 2 : 1);
}

/**
 * Opens the dialog before the user tries: a page that knows the level its action needs (the tether market
 * says `requiredKycLevel`) asks for it instead of waiting for the server's refusal.
 */
export function promptKyc(level: KycLevel): void {
  set(level);
}

export function dismissKycRequired(): void {
  set(null);
}

/** The level the refused action needs while the dialog is open, else `null`. */
export function useKycRequired(): KycLevel | null {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => required,
    () => null,
  );
}
