import { useTranslation } from 'react-i18next';
import { AuthScreen } from '@/features/auth/components/auth-screen';

export function AuthRoute() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('auth.pageTitle')} | ${t('app.name')}`}</title>
      <AuthScreen />
    </>
  );
}
