import { Suspense } from 'react';
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';
import { lazyWithAccountTexts } from '@/lib/lazy-with-texts';
import { activeCurrencyPreference } from '@/lib/active-currency';
import type { FirstScreenState } from '@/lib/first-screen';
import { queryRoots } from '@/lib/queries/keys';
import { valuationOf } from '@/lib/queries/portfolio';
import { useAccount } from '@/lib/session';

/**
 * After sign-up the dashboard carries the set-password prompt (SPEC §2 "Set password") and, while the
 * account asks for it, the fill-new-user-info dialog.
 */
const SetPasswordPrompt = lazyWithAccountTexts(() => import('@/features/account/components/set-password-prompt'));
const FillUserInfoDialog = lazyWithAccountTexts(() => import('@/features/account/components/fill-user-info-dialog'));

export function DashboardRoute() {
  // The dialog's code (a form library, the profile's schemas with the password and phone rules: about
  // 80 kB gzip) is fetched only for an account that is asked to fill it in, not on every dashboard's first
  // load (decision 043).
  const account = useAccount().data;
  const fillUserInfo = account?.showFillUserInfoPage === true;
  // The set-password prompt's code and the account texts only for an account without a password (the
  // prompt shows nothing for the others).
  const noPassword = account?.user.hasPassword === false;
  return (
    <>
      <Suspense fallback={null}>
        {noPassword ? <SetPasswordPrompt /> : null}
        {fillUserInfo ? <FillUserInfoDialog /> : null}
      </Suspense>
      <DashboardScreen />
    </>
  );
}

/**
 * The server renders the dashboard in the default currency (it cannot read localStorage `activeCurrency`):
 * a browser whose active currency is valued otherwise would render other figures, so it builds the page
 * instead of taking the server's over (decision 043). True when no portfolio the server rendered is in
 * another currency than this browser's.
 */
export function firstScreenMatches(state: Pick<FirstScreenState, 'queries'>): boolean {
  const here = valuationOf(activeCurrencyPreference.get());
  const [root] = queryRoots.portfolio;
  return state.queries.queries.every(
    ({ queryKey }) => queryKey[0] !== root || queryKey[1] !== 'state' || queryKey[2] === here,
  );
}
