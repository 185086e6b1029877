/**
 * The sign-in page's own entry (`auth.html`, decision 043): what a visitor who opens `/auth` loads. The
 * auth screen with the app's providers and nothing else: no router, no routes, none of the signed-in
 * portal. When the server rendered the page (its markup in `#root`, its state in `#first-screen`), React
 * takes that markup over; otherwise it builds it. Signing in leaves by a document navigation to `next`
 * (the signed-in app, whose first screen the server renders), the notice carried to that page.
 */
import '@fontsource/vazirmatn/400.css';
import '@fontsource/vazirmatn/500.css';
import '@fontsource/vazirmatn/700.css';
import { startTransition, StrictMode, useEffect, useMemo, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { passNoticeToNextPage, type Notice } from '@/components/notices/notices';
import { initErrorReporting, reportError } from '@/lib/error-reporting';
import { FirstScreenContext, markFirstScreenTakenOver, readFirstScreen } from '@/lib/first-screen';
import { initI18n } from '@/lib/i18n';
import { calendarPreference, themeModePreference } from '@/lib/preferences';
import { AuthApp } from './auth-app';

initErrorReporting();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from auth.html');
const firstScreen = readFirstScreen();

function leave(to: string, notice: Notice | null): void {
  if (notice) passNoticeToNextPage(notice);
  window.location.replace(to);
}

/** `data-first-screen` on `#root`, as main.tsx writes it. */
function markFirstScreen(outcome: 'taken-over' | 'rebuilt' | 'built'): void {
  if (container!.dataset.firstScreen !== 'rebuilt') container!.dataset.firstScreen = outcome;
}

function TakingOver({ desktop, children }: { desktop: boolean; children: ReactNode }) {
  useEffect(() => {
    markFirstScreenTakenOver();
    markFirstScreen('taken-over');
  }, []);
  const value = useMemo(() => ({ desktop, takingOver: true }), [desktop]);
  return <FirstScreenContext value={value}>{children}</FirstScreenContext>;
}

const search = new URLSearchParams(window.location.search);
const page = <AuthApp search={search} leave={leave} />;

void initI18n().then((i18n) => {
  const takeOver =
    firstScreen &&
    firstScreen.lng === i18n.resolvedLanguage &&
    themeModePreference.get() === 'dark' &&
    calendarPreference.get() === '';
  if (!firstScreen || !takeOver) {
    if (firstScreen) markFirstScreen('built');
    // A transition: React builds the page in short slices instead of one long task (decision 024).
    startTransition(() => {
      createRoot(container).render(<StrictMode>{page}</StrictMode>);
    });
    return;
  }
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <TakingOver desktop={firstScreen.desktop}>{page}</TakingOver>
      </StrictMode>,
      {
        onRecoverableError(error) {
          markFirstScreen('rebuilt');
          reportError(error, { where: 'sign-in page taken over' });
        },
      },
    );
  });
});
