/** Every endpoint of the API, for the server's registration sweep and the OpenAPI document. */
import * as auth from './auth/auth';
import * as password from './auth/password';
import * as twoFactor from './auth/two-factor';
import * as stepUp from './auth/step-up';
import * as account from './account/account';
import * as accountSessions from './account/sessions';
import * as phone from './account/phone';
import * as email from './account/email';
import * as security from './account/security';
import * as system from './system/system';
import * as kyc from './kyc/kyc';
import * as admin from './admin/admin';
import * as wallets from './wallet/wallets';
import * as deposits from './wallet/deposits';
import * as withdrawals from './wallet/withdrawals';
import * as adminMoney from './admin/money';
import * as bankAccounts from './bank/bank-accounts';
import * as offlineDeposits from './wallet/offline-deposits';
import * as userRequests from './wallet/user-requests';
import * as adminOfflineDeposits from './admin/offline-deposits';
import * as adminMoneyDesk from './admin/money-desk';
import * as adminAdjustments from './admin/adjustments';
import * as adminUserLedger from './admin/user-ledger';
import * as depositById from './wallet/deposit-by-id';
import * as adminBankStatements from './admin/bank-statements';
import * as fundOrders from './funds/orders';
import * as adminFundOrders from './admin/fund-orders';
import * as fundCatalogue from './funds/catalogue';
import * as fundConsultation from './funds/consultation';
import * as adminFunds from './admin/funds';
import * as adminProposals from './admin/proposals';
import * as adminTether from './admin/tether';
import * as tetherMarket from './tether/market';
import * as tetherChain from './tether/chain';
import * as adminChain from './admin/chain';
import * as portfolio from './account/portfolio';
import * as statements from './wallet/statements';
import * as riskQuiz from './baskets/risk-quiz';
import * as adminRiskQuiz from './admin/risk-quiz';
import * as basketOrders from './baskets/orders';
import * as adminBaskets from './admin/baskets';
import * as adminUniverse from './admin/universe';
import type { Endpoint } from './core/endpoint';

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v;

export const allEndpoints: Endpoint[] = [
  auth,
  password,
  twoFactor,
  stepUp,
  account,
  accountSessions,
  phone,
  email,
  security,
  system,
  kyc,
  admin,
  wallets,
  deposits,
  withdrawals,
  adminMoney,
  bankAccounts,
  offlineDeposits,
  userRequests,
  adminOfflineDeposits,
  adminMoneyDesk,
  adminAdjustments,
  adminUserLedger,
  depositById,
  adminBankStatements,
  fundOrders,
  adminFundOrders,
  fundCatalogue,
  fundConsultation,
  adminFunds,
  adminProposals,
  tetherMarket,
  adminTether,
  tetherChain,
  adminChain,
  portfolio,
  statements,
  riskQuiz,
  adminRiskQuiz,
  basketOrders,
  adminBaskets,
  adminUniverse,
].flatMap((m) => Object.values(m).filter(isEndpoint));
