import { Suspense } from 'react';
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';
import { lazyWithAccountTexts } from '@/lib/lazy-with-texts';

/**
 * After sign-up the dashboard carries the set-password prompt (SPEC §2 "Set password") and, while the
 * account asks for it, the fill-new-user-info dialog.
 */
const SetPasswordPrompt = lazyWithAccountTexts(() => import('@/features/account/components/set-password-prompt'));
const FillUserInfoDialog = lazyWithAccountTexts(() => import('@/features/account/components/fill-user-info-dialog'));

export function DashboardRoute() {
  return (
    <>
      <Suspense fallback={null}>
        <SetPasswordPrompt />
        <FillUserInfoDialog />
      </Suspense>
      <DashboardScreen />
    </>
  );
}
