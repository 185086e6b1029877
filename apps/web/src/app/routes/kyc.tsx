import { Suspense } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { KYC_NS } from '@/lib/i18n';
import { lazyWithTexts } from '@/lib/lazy-with-texts';

const KycScreen = lazyWithTexts([KYC_NS], () => import('@/features/kyc/components/kyc-screen'));

/** `/profile/kyc` (issue 4): identity verification; its chunk and the `kyc` texts load together. */
export function KycRoute() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <KycScreen />
    </Suspense>
  );
}
