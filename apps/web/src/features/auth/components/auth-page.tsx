import { useTranslation } from 'react-i18next';
import { AuthScreen, type LeaveAuth } from './auth-screen';

/**
 * The sign-in page, title and screen, wherever it is rendered: the app's `/auth` route, the sign-in
 * page's own document (`auth-main.tsx`) and the server's rendering of it (decision 043).
 */
export function AuthPage({ search, leave }: { search: URLSearchParams; leave: LeaveAuth }) {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('auth.pageTitle')} | ${t('app.name')}`}</title>
      <AuthScreen search={search} leave={leave} />
    </>
  );
}
