import { Suspense } from 'react';
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';
import { lazyWithAccountTexts } from '@/lib/lazy-with-texts';

/** After sign-up the dashboard carries the set-password prompt (SPEC §2 "Set password"). */
const SetPasswordPrompt = lazyWithAccountTexts(() => import('@/features/account/components/set-password-prompt'));

export function DashboardRoute() {
  return (
    <>
      <Suspense fallback={null}>
        <SetPasswordPrompt />
      </Suspense>
      <DashboardScreen />
    </>
  );
}
