import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useNotify, type Notice } from '@/components/notices/notices';
import { AuthPage } from '@/features/auth/components/auth-page';

/**
 * `/auth` inside the app (after a logout, or when the session gate sends a visitor here): the router's
 * navigation, the notice shown at once. A visitor who opens `/auth` gets the sign-in page's own document
 * instead (`auth-main.tsx`, decision 043).
 */
export function AuthRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const notices = useNotify();
  const leave = useCallback(
    (to: string, notice: Notice | null) => {
      if (notice) notices.notify(notice);
      void navigate(to, { replace: true });
    },
    [navigate, notices],
  );
  return <AuthPage search={params} leave={leave} />;
}
