import { Suspense } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { BANK_NS, DEPOSIT_NS } from '@/lib/i18n';
import { lazyWithTexts } from '@/lib/lazy-with-texts';

const DepositScreen = lazyWithTexts(
  [DEPOSIT_NS, BANK_NS],
  () => import('@/features/deposits/components/deposit-screen'),
);

/** `/wallet/deposit` (issue 5): toman deposits by gateway and offline; its chunk, the `deposit` texts and the banks' names load together. */
export function DepositRoute() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <DepositScreen />
    </Suspense>
  );
}
