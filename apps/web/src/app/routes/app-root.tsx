import { useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { KycRequiredHost } from '@/components/kyc/kyc-required-host';
import { AppLayout } from '@/components/layouts/app-layout';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/config/paths';
import { useAccount } from '@/lib/session';

/**
 * The session gate (SPEC §4) around every signed-in page: a loading screen while the account
 * loads; the auth page (with `next`) when logged out; the technical-error page when the server
 * could not tell; otherwise the portal's layout, with the forced-KYC dialog ready for any page.
 */
export function AppRoot() {
  const account = useAccount();
  // The frame and the page are built in a transition once the account is known (decision 024): React
  // renders them in short slices while the loading screen stays, so a phone stays responsive. A lost
  // session is not deferred: the gate leaves for the auth page (with `next`) in the same render, before
  // anything on the page can react to it.
  const deferred = useDeferredValue(account.data);
  const data = account.data === null ? null : deferred;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  if (data) {
    return (
      <AppLayout user={data.user}>
        <Outlet />
        <KycRequiredHost />
      </AppLayout>
    );
  }
  if (data === null) return <Navigate to={paths.auth.getHref(here)} replace />;
  if (account.isError && !account.isFetching) return <Navigate to={paths.technicalError.getHref(here)} replace />;
  return <LoadingScreen />;
}
