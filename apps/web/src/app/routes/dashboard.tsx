import { Suspense } from 'react';
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';
import { lazyWithAccountTexts } from '@/lib/lazy-with-texts';
import { useAccount } from '@/lib/session';

/**
 * After sign-up the dashboard carries the set-password prompt (SPEC §2 "Set password") and, while the
 * account asks for it, the fill-new-user-info dialog.
 */
const SetPasswordPrompt = lazyWithAccountTexts(() => import('@/features/account/components/set-password-prompt'));
const FillUserInfoDialog = lazyWithAccountTexts(() => import('@/features/account/components/fill-user-info-dialog'));

export function DashboardRoute() {
  // The dialog's code (a form library, the profile's schemas with the password and phone rules: about
  // 80 kB gzip) is fetched only for an account that is asked to fill it in, not on every dashboard's first
  // load (decision 043).
  const fillUserInfo = useAccount().data?.showFillUserInfoPage === true;
  return (
    <>
      <Suspense fallback={null}>
        <SetPasswordPrompt />
        {fillUserInfo ? <FillUserInfoDialog /> : null}
      </Suspense>
      <DashboardScreen />
    </>
  );
}
