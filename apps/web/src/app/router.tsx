import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/config/paths';
import { CrashPage } from './routes/crash';
import { RootLayout } from './routes/root';

/**
 * Every page is its own chunk (`lazy`), so the auth page loads none of the signed-in portal.
 * The crash page is in the main bundle: it must show even when a chunk fails to load.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <CrashPage />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { path: paths.auth.path, lazy: () => import('./routes/auth').then((m) => ({ Component: m.AuthRoute })) },
      {
        path: paths.technicalError.path,
        lazy: () => import('./routes/technical-error').then((m) => ({ Component: m.TechnicalErrorRoute })),
      },
      // The operator console: its own layout and chunks (decision 014), outside the portal's frame.
      { path: paths.admin.path, lazy: () => import('./routes/admin').then((m) => ({ Component: m.AdminRoute })) },
      {
        lazy: () => import('./routes/app-root').then((m) => ({ Component: m.AppRoot })),
        children: [
          { index: true, lazy: () => import('./routes/dashboard').then((m) => ({ Component: m.DashboardRoute })) },
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
          { path: paths.profileKyc.path, lazy: () => import('./routes/kyc').then((m) => ({ Component: m.KycRoute })) },
          ...(
            [
              [paths.wallet.path, 'WalletRoute'],
              [paths.transactions.path, 'TransactionsRoute'],
              [paths.walletWithdraw.path, 'WithdrawRoute'],
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
              [paths.funds.path, 'FundsRoute'],
              [paths.fund.path, 'FundRoute'],
            ] as const
          ).map(([path, name]) => ({
            path,
            lazy: () => import('./routes/funds').then((m) => ({ Component: m[name] })),
          })),
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
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
