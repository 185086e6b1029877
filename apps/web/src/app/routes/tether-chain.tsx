import { Suspense, type ComponentType } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { CHAIN_NS, WALLET_NS, type LazyNamespace } from '@/lib/i18n';
import { lazyWithTexts } from '@/lib/lazy-with-texts';

/**
 * Tether on chain (issue 18): `/wallet/deposit/usdt` and `/wallet/withdraw/usdt`, each its own chunk (the QR
 * encoder is fetched later still, with the first code drawn) with the `chain` texts; the withdrawal page also
 * the `wallet` texts of the shared verification step.
 */
function page(namespaces: LazyNamespace[], load: () => Promise<{ default: ComponentType }>) {
  const Screen = lazyWithTexts(namespaces, load);
  return function TetherChainPageRoute() {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Screen />
      </Suspense>
    );
  };
}

export const TetherDepositRoute = page([CHAIN_NS], () => import('@/features/tether-chain/components/deposit-screen'));
export const TetherWithdrawRoute = page(
  [CHAIN_NS, WALLET_NS],
  () => import('@/features/tether-chain/components/withdraw-screen'),
);
