import { Suspense } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { REQUESTS_NS } from '@/lib/i18n';
import { lazyWithTexts } from '@/lib/lazy-with-texts';

const UserRequestsScreen = lazyWithTexts(
  [REQUESTS_NS],
  () => import('@/features/user-requests/components/user-requests-screen'),
);

/** `/user-requests` (issue 5): the user's requests; its chunk and the `requests` texts load together. */
export function UserRequestsRoute() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <UserRequestsScreen />
    </Suspense>
  );
}
