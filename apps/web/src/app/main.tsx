import '@fontsource/vazirmatn/400.css';
import '@fontsource/vazirmatn/500.css';
import '@fontsource/vazirmatn/700.css';
import { hydrate as hydrateQueries } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect, useMemo, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router';
import { initErrorReporting, reportError } from '@/lib/error-reporting';
import {
  FirstScreenContext,
  markFirstScreenTakenOver,
  readFirstScreen,
  type FirstScreenHandle,
  type FirstScreenState,
} from '@/lib/first-screen';
import { initI18n } from '@/lib/i18n';
import { calendarPreference, themeModePreference } from '@/lib/preferences';
import { queryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { createRouter, routes } from './router';

// Sentry is fetched and started only when a DSN is configured.
initErrorReporting();

function rootElement(): HTMLElement {
  const el = document.getElementById('root');
  if (!el) throw new Error('#root is missing from index.html');
  return el;
}
const container = rootElement();

/**
 * The page arrived rendered by the server (decision 027): its data goes into the query cache and the code
 * of its routes is loaded before React takes the markup over, so the first render matches it.
 */
const firstScreen = readFirstScreen();
const routesLoaded = firstScreen
  ? loadMatchedRoutes().then(
      () => true,
      () => false,
    )
  : Promise.resolve(false);

async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * What became of the server's markup, on `#root` (`data-first-screen`): `taken-over` (hydrated),
 * `rebuilt` (React found it did not match and built it anew), `built` (not taken over: built here).
 * For whoever looks at a page (support, the browser journeys); a rebuild is also reported.
 */
function markFirstScreen(outcome: 'taken-over' | 'rebuilt' | 'built'): void {
  if (container.dataset.firstScreen !== 'rebuilt') container.dataset.firstScreen = outcome;
}

/**
 * The markup is taken over only when the browser would render the same: the server renders in the
 * language of the cookie with the default theme and calendar; a visitor whose own choices say otherwise
 * gets the page built here instead (correct, just not as early).
 */
function canTakeOver(state: FirstScreenState, language: string | undefined): boolean {
  return (
    state.lng === language &&
    themeModePreference.get() === 'dark' &&
    calendarPreference.get() === '' &&
    // A page's own preferences (its route's handle, e.g. the dashboard's active currency).
    (matchRoutes(routes, window.location) ?? []).every(
      ({ route }) => (route.handle as FirstScreenHandle | undefined)?.firstScreenMatches?.(state) ?? true,
    )
  );
}

/** The server's guess of the viewport and "taking over", for the whole life of the page (see first-screen.ts). */
function TakingOver({ desktop, children }: { desktop: boolean; children: ReactNode }) {
  useEffect(() => {
    markFirstScreenTakenOver();
    markFirstScreen('taken-over');
  }, []);
  const value = useMemo(() => ({ desktop, takingOver: true }), [desktop]);
  return <FirstScreenContext value={value}>{children}</FirstScreenContext>;
}

const app = (router: ReturnType<typeof createRouter>) => (
  <AppProvider>
    <RouterProvider router={router} />
  </AppProvider>
);

if (!firstScreen) {
  // The router starts loading the first page's code while the language loads.
  const router = createRouter();
  void initI18n().then(() => {
    // A transition: React builds the first screen in short slices instead of one long task (decision 024).
    startTransition(() => {
      createRoot(container).render(<StrictMode>{app(router)}</StrictMode>);
    });
  });
} else {
  void Promise.all([initI18n(), routesLoaded]).then(([i18n, loaded]) => {
    if (!loaded || !canTakeOver(firstScreen, i18n.resolvedLanguage)) {
      markFirstScreen('built');
      const router = createRouter();
      startTransition(() => {
        createRoot(container).render(<StrictMode>{app(router)}</StrictMode>);
      });
      return;
    }
    hydrateQueries(queryClient, firstScreen.queries);
    const router = createRouter({ hydrationData: firstScreen.router });
    // In a transition, React takes the markup over in short slices, yielding to the phone's input.
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <TakingOver desktop={firstScreen.desktop}>{app(router)}</TakingOver>
        </StrictMode>,
        {
          onRecoverableError(error) {
            // The markup did not match (a date across midnight, a preference): React built that part anew,
            // the page is right; reported so that a cause that repeats is found.
            markFirstScreen('rebuilt');
            reportError(error, { where: 'first screen taken over' });
          },
        },
      );
    });
  });
}
