import { MutationCache, QueryCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { isApiError, isSessionError } from './api-error';
import { reportKycRequired } from './kyc-required';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The query handles a lost session itself (the account query: its 401 *is* "logged out"). */
      handlesSessionLoss?: boolean;
    };
    mutationMeta: {
      handlesSessionLoss?: boolean;
    };
  }
}

type SessionLostHandler = () => void;
let onSessionLost: SessionLostHandler = () => {};

/** The app registers what a lost session does (clear the session, go to the auth page). */
export function setSessionLostHandler(handler: SessionLostHandler): void {
  onSessionLost = handler;
}

/** Transient failures (network, 5xx) are retried; answers that say no (4xx) are not. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isApiError(error)) return false;
  return error.code === 'NETWORK' || error.status >= 500;
}

export function createQueryClient(overrides: QueryClientConfig['defaultOptions'] = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isSessionError(error) && !query.meta?.handlesSessionLoss) onSessionLost();
        // SPEC §2 forced-KYC dialog: an action refused for a missing KYC level, wherever it was.
        reportKycRequired(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (isSessionError(error) && !mutation.meta?.handlesSessionLoss) onSessionLost();
        reportKycRequired(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: true,
        ...overrides.queries,
      },
      mutations: { retry: false, ...overrides.mutations },
    },
  });
}

export const queryClient = createQueryClient();
