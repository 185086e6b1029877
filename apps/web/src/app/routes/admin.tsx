import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/config/paths';
import { ADMIN_NS, BANK_NS, BASKET_DESK_NS, RISK_NS } from '@/lib/i18n';
import { lazyWithTexts } from '@/lib/lazy-with-texts';
import { useAccount } from '@/lib/session';

// The risk quiz editor's texts (issue 20) are the `risk` namespace's `desk`.
const AdminConsole = lazyWithTexts(
  [ADMIN_NS, BANK_NS, BASKET_DESK_NS, RISK_NS],
  () => import('@/features/console/console-app'),
);

/**
 * The operator console (`/admin/*`): its own chunks, layout and `admin` texts (and the `bank` names
 * its money desk shows), none of it in the portal's first load. It needs a session like every signed-in page: a logged-out visitor goes to
 * the auth page and comes back here after login; the console itself asks `GET /admin/me` what the
 * user may do.
 */
export function AdminRoute() {
  const account = useAccount();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  if (account.data) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <AdminConsole mobile={account.data.user.mobile} />
      </Suspense>
    );
  }
  if (account.data === null) return <Navigate to={paths.auth.getHref(here)} replace />;
  if (account.isError && !account.isFetching) return <Navigate to={paths.technicalError.getHref(here)} replace />;
  return <LoadingScreen />;
}
