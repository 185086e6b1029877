import { Suspense } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { CHAIN_NS, REQUESTS_NS } from '@/lib/i18n';
import { lazyWithTexts } from '@/lib/lazy-with-texts';

const UserRequestsScreen = lazyWithTexts(
  [REQUESTS_NS, CHAIN_NS],
  () => import('@/features/user-requests/components/user-requests-screen'),
);

/**
 * `/user-requests` (issue 5): the user's requests; its chunk, the `requests` texts and the `chain` texts (the
 * tether deposits' and withdrawals' network, hash and confirmations, issue 18) load together.
 */
export function UserRequestsRoute() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <UserRequestsScreen />
    </Suspense>
  );
}
