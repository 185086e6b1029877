import { Suspense, type ComponentType } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { BANK_NS, CHAIN_NS, TETHER_NS, WALLET_NS, type LazyNamespace } from '@/lib/i18n';
import { lazyWithTexts } from '@/lib/lazy-with-texts';

/**
 * The wallet pages (issue 5): `/wallet`, `/transaction` and `/wallet/withdraw`, each its own chunk with
 * the `wallet` texts (and the banks' names for the withdraw page). The wallet page's conversion modal is
 * the tether feature's (issue 17), composed here; its chunk and the `tether` texts load when first opened.
 * The wallet and transaction pages also load the `chain` texts: the tether wallet's deposit and withdrawal
 * buttons, and the network, hash and confirmations of the movements on chain (issue 18).
 */
function page(namespaces: LazyNamespace[], load: () => Promise<{ default: ComponentType }>) {
  const Screen = lazyWithTexts(namespaces, load);
  return function WalletPageRoute() {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Screen />
      </Suspense>
    );
  };
}

const WalletScreen = lazyWithTexts([WALLET_NS, CHAIN_NS], () => import('@/features/wallet/components/wallet-screen'));
const ConvertDialog = lazyWithTexts([TETHER_NS], () => import('@/features/tether/components/convert-dialog'));

export function WalletRoute() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <WalletScreen convertDialog={ConvertDialog} />
    </Suspense>
  );
}
export const TransactionsRoute = page(
  [WALLET_NS, CHAIN_NS],
  () => import('@/features/wallet/components/transactions-screen'),
);
export const WithdrawRoute = page([WALLET_NS, BANK_NS], () => import('@/features/wallet/components/withdraw-screen'));
/** Statements and the holdings certificate (issue 19): the statements feature, with the `wallet` texts. */
export const StatementsRoute = page([WALLET_NS], () => import('@/features/statements/statements-screen'));
