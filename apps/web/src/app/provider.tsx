import { CacheProvider, type EmotionCache } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { NoticeProvider } from '@/components/notices/notices';
import { useLanguage } from '@/hooks/use-language';
import { emotionCacheFor } from '@/lib/emotion-cache';
import { themeModePreference } from '@/lib/preferences';
import { queryClient as defaultQueryClient, setSessionLostHandler } from '@/lib/query-client';
import { clearSession } from '@/lib/session-state';
import { BACKGROUND, createAppTheme } from '@/lib/theme';

/**
 * Everything the pages stand on: the Emotion cache of the direction (RTL for fa and ar), the
 * theme (dark by default), server state, and notices.
 */
export function AppProvider({
  children,
  queryClient = defaultQueryClient,
  emotionCache,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  /** The server's cache of one page's styles (decision 027); the browser's shared cache otherwise. */
  emotionCache?: EmotionCache;
}) {
  const { dir } = useLanguage();
  const mode = themeModePreference.use();
  const theme = useMemo(() => createAppTheme(mode, dir), [mode, dir]);

  useEffect(() => {
    // SPEC §4: a 401 from any call clears the session; the session gate then shows the auth page.
    setSessionLostHandler(() => clearSession(queryClient));
  }, [queryClient]);

  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', BACKGROUND[mode]);
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  return (
    <CacheProvider value={emotionCache ?? emotionCacheFor(dir)}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <QueryClientProvider client={queryClient}>
          <NoticeProvider>{children}</NoticeProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
