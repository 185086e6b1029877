import { Suspense, type ComponentType } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { FUNDS_NS } from '@/lib/i18n';
import { lazyWithTexts } from '@/lib/lazy-with-texts';

/**
 * The funds pages (issue 6): `/funds` (my funds, the dispersion chart, the invest tabs) and
 * `/fund/{fundId}` (a fund's page and its tabs), each its own chunk with the `funds` texts. The share
 * value chart's library is a further chunk that only the fund page loads, after its first paint.
 */
function page(load: () => Promise<{ default: ComponentType }>) {
  const Screen = lazyWithTexts([FUNDS_NS], load);
  return function FundsPageRoute() {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Screen />
      </Suspense>
    );
  };
}

export const FundsRoute = page(() => import('@/features/funds/components/funds-screen'));
export const FundRoute = page(() => import('@/features/funds/components/fund-screen'));
