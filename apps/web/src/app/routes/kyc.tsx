import { Suspense } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { lazyWithTexts } from '@/lib/lazy-with-texts';

const KycScreen = lazyWithTexts(['kyc'], () => import('@/features/kyc/components/kyc-screen'));

/** `/profile/kyc` (issue 4): its chunk and the `kyc` texts load together. */
export function KycRoute() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <KycScreen />
    </Suspense>
  );
}
