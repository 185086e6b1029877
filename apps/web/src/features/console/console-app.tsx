import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { matchPath, Navigate, useLocation } from 'react-router';
import type { Permission } from '@portal/contract/admin/roles';
import { ErrorState } from '@/components/errors/error-state';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { adminMeQueryOptions } from './shell/console-keys';
import { OperatorProvider, useCan } from './shell/operator';
import { NoAccessPage, SectionNotAllowed, TwoFactorRequiredPage } from './shell/access-pages';
import { ConsoleLayout, useHomeSection } from './shell/console-layout';
import AuditPage from './audit/audit-page';
import BankStatementsPage from './money/bank-statements-page';
import BasketFailedPage from './baskets/failed-page';
import BasketOrderPage from './baskets/order-page';
import BasketOrdersPage from './baskets/orders-page';
import BasketSettingsPage from './baskets/settings-page';
import BasketUniversePage from './baskets/universe-page';
import BasketVipPage from './baskets/vip-page';
import ChainDepositsPage from './chain/chain-deposits-page';
import ChainDeskPage from './chain/chain-desk-page';
import ChainReconciliationPage from './chain/chain-reconciliation-page';
import ChainWithdrawalPage from './chain/chain-withdrawal-page';
import ChainWithdrawalsPage from './chain/chain-withdrawals-page';
import ConsultationsPage from './funds/consultations-page';
import FundNewPage from './funds/fund-new-page';
import FundPage from './funds/fund-page';
import FundsPage from './funds/funds-page';
import KycQueuePage from './kyc/kyc-queue-page';
import KycSubmissionPage from './kyc/kyc-submission-page';
import OfflineDepositPage from './money/offline-deposit-page';
import OfflineDepositsPage from './money/offline-deposits-page';
import ProposalPage from './proposals/proposal-page';
import ProposalsPage from './proposals/proposals-page';
import RiskQuizPage from './risk-quiz/risk-quiz-page';
import TetherDeskPage from './tether/tether-desk-page';
import UserPage from './users/user-page';
import UsersPage from './users/users-page';
import WithdrawalPage from './money/withdrawal-page';
import WithdrawalsPage from './money/withdrawals-page';

/** `/admin/<relative path of paths.ts>`: the console's pages live under `paths.admin`. */
const under = (relative: string) => `${paths.admin.getHref()}/${relative}`;

/**
 * The console's pages, matched here rather than by a nested `<Routes>`: the portal's first load holds
 * React Router, and `<Routes>` would add its code there for the console alone. The pages are one chunk
 * with the console: split per page, the shared form components would split the auth page's chunks too.
 */
const pages: readonly {
  pattern: string;
  permission: Permission;
  render: (params: Record<string, string | undefined>) => ReactNode;
}[] = [
  { pattern: under(paths.adminUsers.path), permission: 'users.read', render: () => <UsersPage /> },
  {
    pattern: under(paths.adminUser.path),
    permission: 'users.read',
    render: (p) => <UserPage userId={p.userId ?? ''} />,
  },
  { pattern: under(paths.adminKyc.path), permission: 'kyc.read', render: () => <KycQueuePage /> },
  {
    pattern: under(paths.adminKycItem.path),
    permission: 'kyc.read',
    render: (p) => <KycSubmissionPage submissionId={p.submissionId ?? ''} />,
  },
  { pattern: under(paths.adminWithdrawals.path), permission: 'money.read', render: () => <WithdrawalsPage /> },
  {
    pattern: under(paths.adminWithdrawal.path),
    permission: 'money.read',
    render: (p) => <WithdrawalPage withdrawalId={p.withdrawalId ?? ''} />,
  },
  {
    pattern: under(paths.adminOfflineDeposits.path),
    permission: 'money.read',
    render: () => <OfflineDepositsPage />,
  },
  {
    pattern: under(paths.adminOfflineDeposit.path),
    permission: 'money.read',
    render: (p) => <OfflineDepositPage depositId={p.depositId ?? ''} />,
  },
  { pattern: under(paths.adminProposals.path), permission: 'proposals.read', render: () => <ProposalsPage /> },
  {
    pattern: under(paths.adminProposal.path),
    permission: 'proposals.read',
    render: (p) => <ProposalPage proposalId={p.proposalId ?? ''} />,
  },
  {
    pattern: under(paths.adminBankStatements.path),
    permission: 'money.read',
    render: () => <BankStatementsPage />,
  },
  { pattern: under(paths.adminFunds.path), permission: 'funds.read', render: () => <FundsPage /> },
  // Before `funds/:fundId`, which would take `new` for an id.
  { pattern: under(paths.adminFundNew.path), permission: 'funds.manage', render: () => <FundNewPage /> },
  {
    pattern: under(paths.adminFund.path),
    permission: 'funds.read',
    render: (p) => <FundPage fundId={p.fundId ?? ''} />,
  },
  {
    pattern: under(paths.adminConsultations.path),
    permission: 'funds.read',
    render: () => <ConsultationsPage />,
  },
  { pattern: under(paths.adminTether.path), permission: 'tether.read', render: () => <TetherDeskPage /> },
  { pattern: under(paths.adminChain.path), permission: 'tether.read', render: () => <ChainDeskPage /> },
  {
    pattern: under(paths.adminChainWithdrawals.path),
    permission: 'tether.read',
    render: () => <ChainWithdrawalsPage />,
  },
  {
    pattern: under(paths.adminChainWithdrawal.path),
    permission: 'tether.read',
    render: (p) => <ChainWithdrawalPage withdrawalId={p.withdrawalId ?? ''} />,
  },
  { pattern: under(paths.adminChainDeposits.path), permission: 'tether.read', render: () => <ChainDepositsPage /> },
  {
    pattern: under(paths.adminChainReconciliation.path),
    permission: 'tether.read',
    render: () => <ChainReconciliationPage />,
  },
  { pattern: under(paths.adminBasketOrders.path), permission: 'baskets.read', render: () => <BasketOrdersPage /> },
  {
    pattern: under(paths.adminBasketOrder.path),
    permission: 'baskets.read',
    render: (p) => <BasketOrderPage orderId={p.orderId ?? ''} />,
  },
  { pattern: under(paths.adminBasketVip.path), permission: 'baskets.read', render: () => <BasketVipPage /> },
  { pattern: under(paths.adminBasketFailed.path), permission: 'baskets.read', render: () => <BasketFailedPage /> },
  {
    pattern: under(paths.adminBasketUniverse.path),
    permission: 'baskets.read',
    render: () => <BasketUniversePage />,
  },
  {
    pattern: under(paths.adminBasketSettings.path),
    permission: 'baskets.read',
    render: () => <BasketSettingsPage />,
  },
  { pattern: under(paths.adminRiskQuiz.path), permission: 'quiz.read', render: () => <RiskQuizPage /> },
  { pattern: under(paths.adminAudit.path), permission: 'audit.read', render: () => <AuditPage /> },
];

function ConsoleRoutes() {
  const can = useCan();
  const home = useHomeSection();
  const { pathname } = useLocation();
  for (const page of pages) {
    const match = matchPath(page.pattern, pathname);
    if (match) {
      if (!can(page.permission)) return <SectionNotAllowed />;
      return page.render(match.params);
    }
  }
  if (matchPath(paths.admin.getHref(), pathname)) return home ? <Navigate to={home} replace /> : <SectionNotAllowed />;
  return <Navigate to={paths.admin.getHref()} replace />;
}

/**
 * The operator console (`/admin/*`, decision 014). `GET /admin/me` says who the operator is and what
 * their role may do: an investor gets the "no access" page, an operator without two-factor is sent to
 * turn it on; otherwise the console's layout with the sections the role allows.
 */
export default function AdminConsole({ mobile }: { mobile: string }) {
  const me = useQuery(adminMeQueryOptions());

  if (me.data) {
    return (
      <OperatorProvider operator={me.data}>
        <ConsoleLayout mobile={mobile}>
          <ConsoleRoutes />
        </ConsoleLayout>
      </OperatorProvider>
    );
  }
  if (me.isError) {
    if (isApiError(me.error) && me.error.code === 'TWO_FACTOR_REQUIRED') return <TwoFactorRequiredPage />;
    if (isApiError(me.error) && me.error.status === 403) return <NoAccessPage />;
    return (
      <Box component="main" sx={{ maxWidth: 600, mx: 'auto', px: 2, py: 8 }}>
        <ErrorState error={me.error} onRetry={() => void me.refetch()} isRetrying={me.isFetching} />
      </Box>
    );
  }
  return <LoadingScreen />;
}
