import { Suspense } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { BANK_NS } from '@/lib/i18n';
import { lazyWithTexts } from '@/lib/lazy-with-texts';

const BankAccountsScreen = lazyWithTexts(
  [BANK_NS],
  () => import('@/features/bank-accounts/components/bank-accounts-screen'),
);
const AddBankAccountScreen = lazyWithTexts(
  [BANK_NS],
  () => import('@/features/bank-accounts/components/add-bank-account-screen'),
);

/** `/profile/bank-accounts` (issue 5): the investor's bank accounts; its chunk and the `bank` texts load together. */
export function BankAccountsRoute() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <BankAccountsScreen />
    </Suspense>
  );
}

/** `/profile/add-bank-account` (issue 5): add a card number or a sheba in the user's own name. */
export function AddBankAccountRoute() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <AddBankAccountScreen />
    </Suspense>
  );
}
