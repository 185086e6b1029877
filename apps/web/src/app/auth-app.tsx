import type { EmotionCache } from '@emotion/react';
import type { QueryClient } from '@tanstack/react-query';
import type { LeaveAuth } from '@/features/auth/components/auth-screen';
import { AuthPage } from '@/features/auth/components/auth-page';
import { AppProvider } from './provider';

/**
 * The sign-in page as its own document (decision 043): the app's providers around the auth screen, and
 * no router, no routes table, none of the signed-in portal. The browser's `auth-main.tsx` and the server's
 * renderer (`server-entry.tsx`) render this same tree, so the browser takes the server's markup over.
 */
export function AuthApp({
  search,
  leave,
  queryClient,
  emotionCache,
}: {
  search: URLSearchParams;
  leave: LeaveAuth;
  queryClient?: QueryClient;
  emotionCache?: EmotionCache;
}) {
  return (
    <AppProvider queryClient={queryClient} emotionCache={emotionCache}>
      <AuthPage search={search} leave={leave} />
    </AppProvider>
  );
}
