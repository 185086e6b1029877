import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/config/paths';
import type { FirstScreenHandle } from '@/lib/first-screen';
import { FUNDS_NS, LEGAL_NS } from '@/lib/i18n';
import { loadWithTexts } from '@/lib/lazy-with-texts';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { CrashPage } from './routes/crash';
import { RootLayout } from './routes/root';

/**
 * Starts loading a page's data while its code loads, instead of after its first render: a loader that
 * fetches into the query cache and returns at once (it never holds the navigation). The page's own
 * queries then find the answer in the cache, or in flight. A failure is the page's to show: `prefetch`
 * keeps no error.
 */
function prefetchLoader<P extends Record<string, string | undefined>>(
  load: (params: P) => Promise<unknown>,
  awaitData: boolean,
): (args: { params: P }) => null | Promise<null> {
  if (awaitData)
    return ({ params }) =>
      load(params).then(
        () => null,
        () => null,
      );
  return ({ params }) => {
    load(params).catch(() => {});
    return null;
  };
}

/**
 * Every page is its own chunk (`lazy`), so the auth page loads none of the signed-in portal.
 * The crash page is in the main bundle: it must show even when a chunk fails to load.
 *
 * A signed-in page's chunk, its texts and its data start together: the gate's loader asks for the
 * account and a fund page's for the fund while the router fetches the chunks (decision 024).
 */
export function createRoutes(
  queryClient: QueryClient,
  /** The server's first screen (decision 027): the loaders finish their data before the page renders. */
  { awaitData = false }: { awaitData?: boolean } = {},
): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <CrashPage />,
      hydrateFallbackElement: <LoadingScreen />,
      children: [
        { path: paths.auth.path, lazy: () => import('./routes/auth').then((m) => ({ Component: m.AuthRoute })) },
        {
          path: paths.terms.path,
          lazy: () =>
            loadWithTexts([LEGAL_NS], () => import('@/features/legal/terms-screen')).then((m) => ({
              Component: m.default,
            })),
        },
        {
          path: paths.technicalError.path,
          lazy: () => import('./routes/technical-error').then((m) => ({ Component: m.TechnicalErrorRoute })),
        },
        // The operator console: its own layout and chunks (decision 014), outside the portal's frame.
        { path: paths.admin.path, lazy: () => import('./routes/admin').then((m) => ({ Component: m.AdminRoute })) },
        {
          loader: prefetchLoader(
            () => import('@/lib/session').then((m) => queryClient.prefetchQuery(m.accountQueryOptions())),
            awaitData,
          ),
          lazy: () => import('./routes/app-root').then((m) => ({ Component: m.AppRoot })),
          children: [
            {
              index: true,
              // The portfolio (issue 19) in the active currency, asked for with the page's code.
              loader: prefetchLoader(
                () => import('@/lib/queries/portfolio').then((m) => m.prefetchPortfolio(queryClient)),
                awaitData,
              ),
              lazy: () =>
                import('./routes/dashboard').then((m) => ({
                  Component: m.DashboardRoute,
                  handle: { firstScreenMatches: m.firstScreenMatches } satisfies FirstScreenHandle,
                })),
            },
            ...(
              [
                [paths.profileMenu.path, 'ProfileMenuRoute'],
                [paths.updateProfile.path, 'OverviewRoute'],
                [paths.twoFactor.path, 'TwoFactorRoute'],
                [paths.email.path, 'EmailRoute'],
                [paths.changePhone.path, 'ChangePhoneRoute'],
                [paths.setPassword.path, 'SetPasswordRoute'],
              ] as const
            ).map(([path, name]) => ({
              path,
              lazy: () => import('./routes/account').then((m) => ({ Component: m[name] })),
            })),
            {
              path: paths.profileKyc.path,
              lazy: () => import('./routes/kyc').then((m) => ({ Component: m.KycRoute })),
            },
            ...(
              [
                [paths.wallet.path, 'WalletRoute'],
                [paths.transactions.path, 'TransactionsRoute'],
                [paths.walletWithdraw.path, 'WithdrawRoute'],
                [paths.statements.path, 'StatementsRoute'],
              ] as const
            ).map(([path, name]) => ({
              path,
              lazy: () => import('./routes/wallet').then((m) => ({ Component: m[name] })),
            })),
            {
              path: paths.bankAccounts.path,
              lazy: () => import('./routes/bank-accounts').then((m) => ({ Component: m.BankAccountsRoute })),
            },
            {
              path: paths.addBankAccount.path,
              lazy: () => import('./routes/bank-accounts').then((m) => ({ Component: m.AddBankAccountRoute })),
            },
            {
              path: paths.walletDeposit.path,
              lazy: () => import('./routes/deposits').then((m) => ({ Component: m.DepositRoute })),
            },
            ...(
              [
                [paths.walletDepositUsdt.path, 'TetherDepositRoute'],
                [paths.walletWithdrawUsdt.path, 'TetherWithdrawRoute'],
              ] as const
            ).map(([path, name]) => ({
              path,
              lazy: () => import('./routes/tether-chain').then((m) => ({ Component: m[name] })),
            })),
            {
              path: paths.funds.path,
              lazy: () =>
                loadWithTexts([FUNDS_NS], () => import('@/features/funds/components/funds-screen')).then((m) => ({
                  Component: m.default,
                })),
            },
            {
              path: paths.fund.path,
              loader: prefetchLoader(
                ({ fundId }: { fundId?: string }) =>
                  import('@/features/funds/api/prefetch').then((m) => m.prefetchFundPage(queryClient, fundId ?? '')),
                awaitData,
              ),
              lazy: () =>
                loadWithTexts([FUNDS_NS], () => import('./routes/fund')).then((m) => ({ Component: m.FundRoute })),
            },
            ...(
              [
                [paths.fundPurchase.path, 'FundPurchaseRoute'],
                [paths.fundPurchasePayment.path, 'FundPurchasePaymentRoute'],
                [paths.fundPurchaseOutcome.path, 'FundPurchaseOutcomeRoute'],
                [paths.fundRedeem.path, 'FundRedeemRoute'],
                [paths.fundRedeemSuccess.path, 'FundRedeemSuccessRoute'],
              ] as const
            ).map(([path, name]) => ({
              path,
              lazy: () => import('./routes/fund-orders').then((m) => ({ Component: m[name] })),
            })),
            {
              path: paths.userRequests.path,
              lazy: () => import('./routes/user-requests').then((m) => ({ Component: m.UserRequestsRoute })),
            },
            {
              path: paths.tetherTrading.path,
              lazy: () => import('./routes/tether').then((m) => ({ Component: m.TetherTradingRoute })),
            },
            // The risk quiz (issue 20): the list of my tests and the test itself.
            ...(
              [
                [paths.riskQuiz.path, 'RiskQuizRoute'],
                [paths.riskQuizCalc.path, 'RiskQuizCalcRoute'],
              ] as const
            ).map(([path, name]) => ({
              path,
              lazy: () => import('./routes/risk-quiz').then((m) => ({ Component: m[name] })),
            })),
            // Smart hold baskets (issue 20): each page its own chunk (routes/baskets.tsx).
            ...(
              [
                [paths.baskets.path, 'BasketsRoute'],
                [paths.basketOrderCreate.path, 'BasketOrderCreateRoute'],
                [paths.basketOrderPayment.path, 'BasketOrderPaymentRoute'],
                [paths.basketOrderOutcome.path, 'BasketOrderOutcomeRoute'],
                [paths.basketOrder.path, 'BasketOrderRoute'],
                [paths.rebalanceRequest.path, 'RebalanceRequestRoute'],
                [paths.rebalanceSuccess.path, 'RebalanceSuccessRoute'],
              ] as const
            ).map(([path, name]) => ({
              path,
              lazy: () => import('./routes/baskets').then((m) => ({ Component: m[name] })),
            })),
          ],
        },
        { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
      ],
    },
  ];
}

/** The app's routes with the app's query client (tests build theirs with `createRoutes`). */
export const routes = createRoutes(appQueryClient);

export function createRouter(opts?: Parameters<typeof createBrowserRouter>[1]) {
  return createBrowserRouter(routes, opts);
}
