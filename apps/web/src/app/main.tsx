import '@fontsource/vazirmatn/400.css';
import '@fontsource/vazirmatn/500.css';
import '@fontsource/vazirmatn/700.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initErrorReporting } from '@/lib/error-reporting';
import { initI18n } from '@/lib/i18n';
import { AppProvider } from './provider';
import { createRouter } from './router';

// Sentry is fetched and started only when a DSN is configured.
initErrorReporting();

// The router starts loading the first page's code while the language loads.
const router = createRouter();

void initI18n().then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // A transition: React builds the first screen in short slices instead of one long task (decision 024).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
  });
});
