import { Suspense, type ComponentType } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { lazyWithAccountTexts } from '@/lib/lazy-with-texts';

/**
 * The profile pages (issue 3). Each is its own chunk; its texts (the `account` namespace) load
 * with it. The router's `lazy` already waits for this module; the screens inside wait for their texts.
 */
function page(Screen: ComponentType) {
  return function AccountRoute() {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Screen />
      </Suspense>
    );
  };
}

export const ProfileMenuRoute = page(
  lazyWithAccountTexts(() => import('@/features/account/components/profile-menu-screen')),
);
export const OverviewRoute = page(lazyWithAccountTexts(() => import('@/features/account/components/overview-screen')));
export const TwoFactorRoute = page(
  lazyWithAccountTexts(() => import('@/features/account/components/two-factor-screen')),
);
export const EmailRoute = page(lazyWithAccountTexts(() => import('@/features/account/components/email-screen')));
export const ChangePhoneRoute = page(
  lazyWithAccountTexts(() => import('@/features/account/components/change-phone-screen')),
);
export const SetPasswordRoute = page(
  lazyWithAccountTexts(() => import('@/features/account/components/set-password-screen')),
);
