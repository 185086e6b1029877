import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/config/paths';
import { CrashPage } from './routes/crash';
import { RootLayout } from './routes/root';

/**
 * Every page is its own chunk (`lazy`), so the auth page loads none of the signed-in portal.
 * The crash page is in the main bundle: it must show even when a chunk fails to load.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <CrashPage />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { path: paths.auth.path, lazy: () => import('./routes/auth').then((m) => ({ Component: m.AuthRoute })) },
      {
        path: paths.technicalError.path,
        lazy: () => import('./routes/technical-error').then((m) => ({ Component: m.TechnicalErrorRoute })),
      },
      {
        lazy: () => import('./routes/app-root').then((m) => ({ Component: m.AppRoot })),
        children: [
          { index: true, lazy: () => import('./routes/dashboard').then((m) => ({ Component: m.DashboardRoute })) },
          ...(
            [
              [paths.profileMenu.path, 'ProfileMenuRoute'],
              [paths.updateProfile.path, 'OverviewRoute'],
              [paths.twoFactor.path, 'TwoFactorRoute'],
              [paths.email.path, 'EmailRoute'],
              [paths.changePhone.path, 'ChangePhoneRoute'],
              [paths.setPassword.path, 'SetPasswordRoute'],
            ] as const
          ).map(([path, name]) => ({
            path,
            lazy: () => import('./routes/account').then((m) => ({ Component: m[name] })),
          })),
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
