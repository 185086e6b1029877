/**
 * Every route path of the portal (SPEC §2), typed. `path` is what the router registers;
 * `getHref` builds a link. Pages that later issues build are listed so that links to them are
 * written once.
 */
function withQuery(path: string, query?: Record<string, string | undefined>): string {
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') qs.set(k, v);
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },
  auth: {
    path: '/auth',
    /** `next` is where to go after login; only same-site paths are kept (see `safeNext`). */
    getHref: (next?: string) => withQuery('/auth', { next: next && next !== '/' ? next : undefined }),
  },
  /** The terms and conditions of use, linked from the sign-in page; open to everyone. */
  terms: { path: '/terms', getHref: () => '/terms' },
  technicalError: {
    path: '/technical-error',
    getHref: (from?: string) => withQuery('/technical-error', { from }),
  },
  funds: {
    path: '/funds',
    getHref: (tab?: 'crypto' | 'gold-silver' | 'fixed-income') => withQuery('/funds', { tab }),
  },
  /** A fund's page (SPEC §2): `content` is the tab; `status`/`orderid` after a purchase, `sellStatus`/`redeemRequestId` after a redemption. */
  fund: {
    path: '/fund/:fundId',
    getHref: (
      fundId: string,
      query?: {
        content?: 'main' | 'about' | 'announcements' | 'history';
        investingAmount?: string;
        page?: number;
        status?: 'success' | 'failed';
        orderid?: string;
        sellStatus?: 'success';
        redeemRequestId?: string;
      },
    ) =>
      withQuery(`/fund/${encodeURIComponent(fundId)}`, {
        content: query?.content,
        investingAmount: query?.investingAmount,
        page: query?.page && query.page > 1 ? String(query.page) : undefined,
        status: query?.status,
        orderid: query?.orderid,
        sellStatus: query?.sellStatus,
        redeemRequestId: query?.redeemRequestId,
      }),
  },
  fundPurchase: {
    path: '/fund/purchase/:fundId',
    getHref: (fundId: string, amount?: string) => withQuery(`/fund/purchase/${encodeURIComponent(fundId)}`, { amount }),
  },
  /** The purchase request's payment page and its outcomes (SPEC §2). */
  fundPurchasePayment: {
    path: '/fund/purchase/payment/:purchaseRequestId',
    getHref: (purchaseRequestId: string) => `/fund/purchase/payment/${encodeURIComponent(purchaseRequestId)}`,
  },
  fundPurchaseOutcome: {
    path: '/fund/purchase/payment/:purchaseRequestId/:outcome',
    getHref: (purchaseRequestId: string, outcome: 'success' | 'waiting' | 'unsuccess') =>
      `/fund/purchase/payment/${encodeURIComponent(purchaseRequestId)}/${outcome}`,
  },
  fundRedeem: {
    path: '/fund/redeem/:id',
    getHref: (fundId: string) => `/fund/redeem/${encodeURIComponent(fundId)}`,
  },
  fundRedeemSuccess: {
    path: '/fund/redeem/success/:id',
    getHref: (redemptionId: string) => `/fund/redeem/success/${encodeURIComponent(redemptionId)}`,
  },
  baskets: { path: '/baskets', getHref: () => '/baskets' },
  /** Smart hold baskets (issue 20, SPEC §2): a new order in two steps (`risk`, `amount` prefilled). */
  basketOrderCreate: {
    path: '/basket-order/create',
    getHref: (query?: { risk?: string; amount?: string }) =>
      withQuery('/basket-order/create', { risk: query?.risk, amount: query?.amount }),
  },
  /** An order and, once built, its basket (`type`: the tab: holdings, orders, backtest). */
  basketOrder: {
    path: '/basket-order/:id',
    getHref: (id: string, type?: 'holdings' | 'orders' | 'backtest') =>
      withQuery(`/basket-order/${encodeURIComponent(id)}`, { type }),
  },
  basketOrderPayment: {
    path: '/basket-order/payment/:orderId',
    getHref: (orderId: string) => `/basket-order/payment/${encodeURIComponent(orderId)}`,
  },
  /** The order's outcome pages: VIP request sent, failed payment, paid, being built. */
  basketOrderOutcome: {
    path: '/basket-order/:outcome/:orderId',
    getHref: (orderId: string, outcome: 'vip' | 'unsuccess' | 'success' | 'process') =>
      `/basket-order/${outcome}/${encodeURIComponent(orderId)}`,
  },
  rebalanceRequest: {
    path: '/rebalance-order/request/:orderId',
    getHref: (orderId: string) => `/rebalance-order/request/${encodeURIComponent(orderId)}`,
  },
  rebalanceSuccess: {
    path: '/rebalance-order/success/:orderId',
    getHref: (orderId: string) => `/rebalance-order/success/${encodeURIComponent(orderId)}`,
  },
  wallet: {
    path: '/wallet',
    /** `walletId`: the wallet whose history shows (IRT when absent); `page`: 1-based page of it. */
    getHref: (query?: { walletId?: string; page?: number }) =>
      withQuery('/wallet', {
        walletId: query?.walletId,
        page: query?.page && query.page > 1 ? String(query.page) : undefined,
      }),
  },
  walletWithdraw: { path: '/wallet/withdraw', getHref: () => '/wallet/withdraw' },
  walletDeposit: {
    path: '/wallet/deposit',
    /**
     * `walletId`: the wallet to go back to; `type`: the deposit type's tab (SPEC §2: by ID, gateway or offline);
     * `returnTo`: a page of this site to go back to instead (the tether trading page's «increase balance»).
     */
    getHref: (query?: { walletId?: string; type?: 'id' | 'gateway' | 'offline'; returnTo?: string }) =>
      withQuery('/wallet/deposit', { walletId: query?.walletId, type: query?.type, returnTo: query?.returnTo }),
  },
  /** Tether on chain (issue 18): the deposit address of a network (`network`: the one chosen) and my deposits. */
  walletDepositUsdt: {
    path: '/wallet/deposit/usdt',
    getHref: (query?: { network?: string; page?: number }) =>
      withQuery('/wallet/deposit/usdt', {
        network: query?.network,
        page: query?.page && query.page > 1 ? String(query.page) : undefined,
      }),
  },
  /** Tether withdrawal to an address, the address book and my tether withdrawals (issue 18). */
  walletWithdrawUsdt: {
    path: '/wallet/withdraw/usdt',
    /** `page`: the page of my tether withdrawals. */
    getHref: (query?: { page?: number }) =>
      withQuery('/wallet/withdraw/usdt', { page: query?.page && query.page > 1 ? String(query.page) : undefined }),
  },
  transactions: { path: '/transaction', getHref: () => '/transaction' },
  /** Statements and the holdings certificate (issue 19, decision 042). */
  statements: { path: '/statements', getHref: () => '/statements' },
  tetherTrading: { path: '/tether-trading', getHref: () => '/tether-trading' },
  riskQuiz: {
    path: '/risk-quiz',
    /** `returnTo`: a page of the app to go back to (the fund page's risk-test button). */
    getHref: (returnTo?: string) =>
      returnTo ? `/risk-quiz?${new URLSearchParams({ returnTo }).toString()}` : '/risk-quiz',
  },
  riskQuizCalc: {
    path: '/risk-quiz/calc',
    /** The test itself; `returnTo`: where its result's button leads (else the list of tests). */
    getHref: (returnTo?: string) =>
      returnTo ? `/risk-quiz/calc?${new URLSearchParams({ returnTo }).toString()}` : '/risk-quiz/calc',
  },
  profileMenu: { path: '/profile-m', getHref: () => '/profile-m' },
  updateProfile: { path: '/update-profile', getHref: () => '/update-profile' },
  twoFactor: { path: '/update-profile/2fa', getHref: () => '/update-profile/2fa' },
  email: { path: '/update-profile/email', getHref: () => '/update-profile/email' },
  changePhone: { path: '/profile/change-phone-number', getHref: () => '/profile/change-phone-number' },
  setPassword: {
    path: '/set-password',
    /** After sign-up: set a password or "fill later"; then on to `next`. */
    getHref: (next?: string) => withQuery('/set-password', { next: next && next !== '/' ? next : undefined }),
  },
  profileKyc: { path: '/profile/kyc', getHref: () => '/profile/kyc' },
  profileReferrals: { path: '/profile/referrals', getHref: () => '/profile/referrals' },
  userRequests: {
    path: '/user-requests',
    /** Filters (SPEC §3 `UserRequestsResponseType`, `UserRequestStatus`), order (`UserRequestDisplayOrder`) and page. */
    getHref: (query?: { type?: string; status?: string; order?: string; page?: number }) =>
      withQuery('/user-requests', {
        type: query?.type,
        status: query?.status,
        order: query?.order,
        page: query?.page && query.page > 1 ? String(query.page) : undefined,
      }),
  },
  bankAccounts: { path: '/profile/bank-accounts', getHref: () => '/profile/bank-accounts' },
  addBankAccount: { path: '/profile/add-bank-account', getHref: () => '/profile/add-bank-account' },
  /** The operator console (issue 4): a lazily loaded part with its own layout. */
  admin: { path: '/admin/*', getHref: () => '/admin' },
  adminUsers: { path: 'users', getHref: (q?: string) => withQuery('/admin/users', { q }) },
  adminUser: { path: 'users/:userId', getHref: (userId: string) => `/admin/users/${encodeURIComponent(userId)}` },
  adminKyc: {
    path: 'kyc',
    getHref: (status?: 'pending' | 'approved' | 'rejected') => withQuery('/admin/kyc', { status }),
  },
  adminKycItem: {
    path: 'kyc/:submissionId',
    getHref: (submissionId: string) => `/admin/kyc/${encodeURIComponent(submissionId)}`,
  },
  adminAudit: { path: 'audit', getHref: (userId?: string) => withQuery('/admin/audit', { userId }) },
  adminWithdrawals: {
    path: 'withdrawals',
    getHref: (status?: 'Pending' | 'Approved' | 'Successful' | 'Rejected' | 'Canceled') =>
      withQuery('/admin/withdrawals', { status }),
  },
  adminWithdrawal: {
    path: 'withdrawals/:withdrawalId',
    getHref: (withdrawalId: string) => `/admin/withdrawals/${encodeURIComponent(withdrawalId)}`,
  },
  adminOfflineDeposits: {
    path: 'offline-deposits',
    getHref: (status?: 'Pending' | 'Successful' | 'Failed' | 'Canceled') =>
      withQuery('/admin/offline-deposits', { status }),
  },
  adminOfflineDeposit: {
    path: 'offline-deposits/:depositId',
    getHref: (depositId: string) => `/admin/offline-deposits/${encodeURIComponent(depositId)}`,
  },
  adminFunds: { path: 'funds', getHref: () => '/admin/funds' },
  /** The tether desk (issue 17). */
  adminTether: { path: 'tether', getHref: () => '/admin/tether' },
  /** Tether on chain (issue 18): the networks and their settings, the withdrawal queue, deposits, reconciliation. */
  adminChain: { path: 'chain', getHref: () => '/admin/chain' },
  adminChainWithdrawals: {
    path: 'chain/withdrawals',
    getHref: (query?: { state?: string; network?: string }) =>
      withQuery('/admin/chain/withdrawals', { state: query?.state, network: query?.network }),
  },
  adminChainWithdrawal: {
    path: 'chain/withdrawals/:withdrawalId',
    getHref: (withdrawalId: string) => `/admin/chain/withdrawals/${encodeURIComponent(withdrawalId)}`,
  },
  adminChainDeposits: {
    path: 'chain/deposits',
    getHref: (query?: { status?: string; network?: string }) =>
      withQuery('/admin/chain/deposits', { status: query?.status, network: query?.network }),
  },
  adminChainReconciliation: { path: 'chain/reconciliation', getHref: () => '/admin/chain/reconciliation' },
  /** The basket desk (issue 20): orders by status, an order, VIP requests, failed generations, universe, settings. */
  adminBasketOrders: { path: 'baskets', getHref: () => '/admin/baskets' },
  adminBasketOrder: {
    path: 'baskets/orders/:orderId',
    getHref: (orderId: string) => `/admin/baskets/orders/${encodeURIComponent(orderId)}`,
  },
  adminBasketVip: { path: 'baskets/vip', getHref: () => '/admin/baskets/vip' },
  adminBasketFailed: { path: 'baskets/failed', getHref: () => '/admin/baskets/failed' },
  adminBasketUniverse: { path: 'baskets/universe', getHref: () => '/admin/baskets/universe' },
  adminBasketSettings: { path: 'baskets/settings', getHref: () => '/admin/baskets/settings' },
  /** The risk quiz editor (issue 20). */
  adminRiskQuiz: { path: 'risk-quiz', getHref: () => '/admin/risk-quiz' },
  adminFundNew: { path: 'funds/new', getHref: () => '/admin/funds/new' },
  adminFund: {
    path: 'funds/:fundId',
    getHref: (fundId: string, tab?: 'details' | 'terms' | 'navs' | 'announcements' | 'orders' | 'dividends') =>
      withQuery(`/admin/funds/${encodeURIComponent(fundId)}`, { tab }),
  },
  adminConsultations: {
    path: 'consultations',
    getHref: (status?: 'Open' | 'Done' | 'Canceled') => withQuery('/admin/consultations', { status }),
  },
  /** Proposals waiting for a second operator (issue 15): the queue, filtered by status and kind. */
  adminProposals: {
    path: 'proposals',
    getHref: (query?: { status?: 'Pending' | 'Approved' | 'Rejected'; kind?: string }) =>
      withQuery('/admin/proposals', { status: query?.status, kind: query?.kind }),
  },
  adminProposal: {
    path: 'proposals/:proposalId',
    getHref: (proposalId: string) => `/admin/proposals/${encodeURIComponent(proposalId)}`,
  },
  adminBankStatements: {
    path: 'bank-statements',
    getHref: (status?: 'Pending' | 'Credited' | 'Returning' | 'Returned') =>
      withQuery('/admin/bank-statements', { status }),
  },
} as const;

/**
 * A `next` target from the query string, kept only when it is a path of this site
 * (`/x`, not `//evil.example` or `https://…`), so the login page cannot be used as an open redirect.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return paths.home.getHref();
  if (next.startsWith(paths.auth.path)) return paths.home.getHref();
  return next;
}

/** The query key of an invite link's referral code (`/auth?ref=CODE`). */
export const REFERRAL_QUERY_KEY = 'ref';

/** The invite link a user shares: the auth page with their referral code. */
export function inviteLink(origin: string, referralCode: string): string {
  return `${origin}${paths.auth.path}?${REFERRAL_QUERY_KEY}=${encodeURIComponent(referralCode)}`;
}
