import { Suspense } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { TETHER_NS } from '@/lib/i18n';
import { lazyWithTexts } from '@/lib/lazy-with-texts';

const TetherTradingScreen = lazyWithTexts(
  [TETHER_NS],
  () => import('@/features/tether/components/tether-trading-screen'),
);

/** `/tether-trading` (issue 17): buying and selling tether; its chunk and the `tether` texts load together. */
export function TetherTradingRoute() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <TetherTradingScreen />
    </Suspense>
  );
}
