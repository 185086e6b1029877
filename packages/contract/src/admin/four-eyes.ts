/**
 * No one alone creates value (issue 15, decision 028): how every operation of the console is held,
 * declared once next to the role table (roles.ts) and enforced by one guard on the server (the access
 * plugin runs it for every endpoint that declares a `permission`). The server refuses to register an
 * admin endpoint that has no entry here, and a test walks every entry.
 *
 * The rules every operation shares:
 * - a frozen operator has no console power at all (reads included);
 * - no operator decides anything about their own account, wallet, request, KYC or holdings, nor about a
 *   user who shares a bank account (card or sheba) or a payment ID with them (`OPERATOR_OWN_ACCOUNT`);
 * - what creates, moves or prices value without a user's request is a proposal of one operator that
 *   takes effect when a second one approves it (`SAME_OPERATOR` for the proposer);
 * - a review of a user's money request is one operator's decision up to a configured amount and two
 *   operators' above it (the server's `REVIEW_SECOND_OPERATOR_ABOVE_IRT`).
 */

/** What a console operation is about, and where the request names it. */
export type SubjectKind =
  /** A user id. */
  | 'user'
  /** A KYC submission id (its user). */
  | 'kycSubmission'
  /** A withdrawal id (its user). */
  | 'withdrawal'
  /** An offline deposit id (its user). */
  | 'offlineDeposit'
  /** An adjustment id (its user and its maker). */
  | 'adjustment'
  /** A proposal id (its proposer and the users it touches). */
  | 'proposal'
  /** A fund id (its holders). */
  | 'fund'
  /** A tether withdrawal id (its user). */
  | 'tetherWithdrawal'
  /** A basket order id (its user; issue 20). */
  | 'basketOrder';

export interface SubjectRef {
  of: SubjectKind;
  /** Where the id is: a path parameter or a body field. */
  in: 'params' | 'body';
  /** The parameter's or field's name. */
  field: string;
}

export type FourEyesRule =
  /** Reads: nothing moves. */
  | { kind: 'read' }
  /**
   * Records something that moves no value and prices nothing (a note, an announcement, a consultation
   * call, a fund's texts). With a subject user: never the operator's own account.
   */
  | { kind: 'record'; subject?: SubjectRef }
  /**
   * A decision about one user (freeze, role, KYC review, an operator's recovery): never on the
   * operator's own account or a user sharing a bank account or payment ID with them.
   */
  | { kind: 'decide'; subject: SubjectRef }
  /**
   * A review of a user's money request (a withdrawal, an offline deposit): as `decide`; an approval of
   * an amount above the configured bound takes a second, different reviewer (`approves`).
   */
  | { kind: 'review'; subject: SubjectRef; approves: boolean }
  /**
   * Proposes a change that creates, moves or prices value; it takes effect when a second operator
   * approves it. `subject`: what it is about (a user or a fund), checked as `decide` is, and for a fund's
   * NAV, its holders (an operator holding units cannot propose or approve its NAV).
   */
  | { kind: 'propose'; proposal: ProposalKind; subject?: SubjectRef }
  /** Approves another operator's proposal: never the proposer, never about the approver's own account. */
  | { kind: 'approve'; subject: SubjectRef }
  /** Rejects a proposal: moves nothing; the proposer may withdraw their own. */
  | { kind: 'reject'; subject: SubjectRef };

/**
 * What a proposal proposes. `adjustment` has its own table and desk (decision 019); the others are rows
 * of the one proposals table (admin/proposals.ts).
 */
export const PROPOSAL_KINDS = [
  'adjustment',
  'bank_statement_import',
  'nav_publish',
  'nav_correction',
  'dividend',
  'fund_terms',
  'tether_settings',
  'chain_settings',
  'basket_settings',
] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];

/**
 * A NAV published or corrected further than this from the fund's previous NAV (in basis points: 500 =
 * 5 %) needs an admin as the second operator (`PROPOSAL_NEEDS_ADMIN`).
 */
export const NAV_CHANGE_ADMIN_BOUND_BPS = 500;

const user = (field = 'userId', where: 'params' | 'body' = 'params'): SubjectRef => ({ of: 'user', in: where, field });
const param = (of: SubjectKind, field: string): SubjectRef => ({ of, in: 'params', field });

/**
 * Every console operation by its endpoint id. A new admin endpoint without an entry here does not
 * register (the server throws at start) and fails the walk test.
 */
export const CONSOLE_OPERATIONS: Readonly<Record<string, FourEyesRule>> = {
  // users (decision 014)
  adminMe: { kind: 'read' },
  adminSearchUsers: { kind: 'read' },
  adminGetUser: { kind: 'read' },
  adminAddUserNote: { kind: 'record', subject: user() },
  adminFreezeUser: { kind: 'decide', subject: user() },
  adminUnfreezeUser: { kind: 'decide', subject: user() },
  adminSetUserRole: { kind: 'decide', subject: user() },
  adminSearchAudit: { kind: 'read' },
  adminRecoverOperator: { kind: 'decide', subject: user() },
  // KYC (decision 015)
  adminListKyc: { kind: 'read' },
  adminGetKycSubmission: { kind: 'read' },
  adminApproveKyc: { kind: 'decide', subject: param('kycSubmission', 'submissionId') },
  adminRejectKyc: { kind: 'decide', subject: param('kycSubmission', 'submissionId') },
  // users' money requests (decisions 016, 018)
  adminListWithdrawals: { kind: 'read' },
  adminGetWithdrawal: { kind: 'read' },
  adminApproveWithdrawal: { kind: 'review', subject: param('withdrawal', 'withdrawalId'), approves: true },
  adminRejectWithdrawal: { kind: 'review', subject: param('withdrawal', 'withdrawalId'), approves: false },
  adminListOfflineDeposits: { kind: 'read' },
  adminGetOfflineDeposit: { kind: 'read' },
  adminApproveOfflineDeposit: { kind: 'review', subject: param('offlineDeposit', 'depositId'), approves: true },
  adminRejectOfflineDeposit: { kind: 'review', subject: param('offlineDeposit', 'depositId'), approves: false },
  // a user's money and hand corrections (decision 019)
  adminListUserWallets: { kind: 'read' },
  adminListUserJournals: { kind: 'read' },
  adminListAdjustments: { kind: 'read' },
  adminProposeAdjustment: { kind: 'propose', proposal: 'adjustment', subject: user('userId', 'body') },
  adminApproveAdjustment: { kind: 'approve', subject: param('adjustment', 'adjustmentId') },
  adminRejectAdjustment: { kind: 'reject', subject: param('adjustment', 'adjustmentId') },
  // deposits by ID (decision 020)
  adminListStatementLines: { kind: 'read' },
  adminImportBankStatement: { kind: 'propose', proposal: 'bank_statement_import' },
  // funds (decisions 021, 022)
  adminListFunds: { kind: 'read' },
  adminGetFund: { kind: 'read' },
  adminCreateFund: { kind: 'record' },
  adminUpdateFund: { kind: 'record', subject: param('fund', 'fundId') },
  adminProposeFundTerms: { kind: 'propose', proposal: 'fund_terms', subject: param('fund', 'fundId') },
  adminListFundNavs: { kind: 'read' },
  adminPublishFundNav: { kind: 'propose', proposal: 'nav_publish', subject: param('fund', 'fundId') },
  adminCorrectFundNav: { kind: 'propose', proposal: 'nav_correction', subject: param('fund', 'fundId') },
  adminListFundDividends: { kind: 'read' },
  distributeFundDividend: { kind: 'propose', proposal: 'dividend', subject: param('fund', 'fundId') },
  adminListFundPurchases: { kind: 'read' },
  adminListFundRedemptions: { kind: 'read' },
  adminListFundAnnouncements: { kind: 'read' },
  adminPublishFundAnnouncement: { kind: 'record', subject: param('fund', 'fundId') },
  adminDeleteFundAnnouncement: { kind: 'record', subject: param('fund', 'fundId') },
  adminListConsultations: { kind: 'read' },
  adminResolveConsultation: { kind: 'record' },
  // proposals waiting for a second operator (admin/proposals.ts)
  adminListProposals: { kind: 'read' },
  adminGetProposal: { kind: 'read' },
  adminApproveProposal: { kind: 'approve', subject: param('proposal', 'proposalId') },
  adminRejectProposal: { kind: 'reject', subject: param('proposal', 'proposalId') },
  // the tether market (issue 17, decision 039; admin/tether.ts)
  adminGetTetherDesk: { kind: 'read' },
  adminListTetherTrades: { kind: 'read' },
  // Spread, fee, quote life, minimum and daily limits price every trade: a second operator approves.
  adminProposeTetherSettings: { kind: 'propose', proposal: 'tether_settings' },
  // Pausing and resuming are `record`, not `decide`: `decide` is a decision about one user (it names the
  // user whose own account the operator may not touch), and the market is no one's account. Neither
  // creates, moves nor prices value: a pause only refuses new quotes and trades (every balance stays
  // where it is), and resuming trades again at the settings two operators approved. So, as a fund's texts,
  // one operator's act, audited (`tether.trading.paused`, `tether.trading.resumed`); stopping the market
  // at once must not wait for a second operator.
  adminPauseTetherTrading: { kind: 'record' },
  adminResumeTetherTrading: { kind: 'record' },
  // tether on chain (issue 18, decision 040; admin/chain.ts)
  adminGetChainDesk: { kind: 'read' },
  adminListTetherDeposits: { kind: 'read' },
  adminListTetherWithdrawals: { kind: 'read' },
  adminGetTetherWithdrawal: { kind: 'read' },
  adminGetChainReconciliation: { kind: 'read' },
  // A user's withdrawal: one reviewer above `reviewAbove`, two above `secondReviewAbove` (below the first
  // bound it is approved when asked); never the operator's own.
  adminApproveTetherWithdrawal: { kind: 'review', subject: param('tetherWithdrawal', 'withdrawalId'), approves: true },
  adminRejectTetherWithdrawal: { kind: 'review', subject: param('tetherWithdrawal', 'withdrawalId'), approves: false },
  // Confirmations, minimum deposit, fees, withdrawal limits and review bounds: a second operator approves.
  adminProposeChainSettings: { kind: 'propose', proposal: 'chain_settings' },
  // Closing or opening a direction of a network moves and prices nothing (as pausing the market): one
  // operator's act with a reason, audited (`tether.network.switched`).
  adminSetChainNetworkSwitch: { kind: 'record' },
  // smart hold baskets (issue 20, decision 045; admin/baskets.ts)
  adminListBasketOrders: { kind: 'read' },
  adminGetBasketOrder: { kind: 'read' },
  adminListBasketVipRequests: { kind: 'read' },
  adminGetBasketSettings: { kind: 'read' },
  // the baskets' crypto universe (issue 20; admin/universe.ts): reads only
  adminGetUniverse: { kind: 'read' },
  adminGetUniverseAsset: { kind: 'read' },
  // A contact note moves nothing: one operator, never on their own request.
  adminAddBasketVipNote: { kind: 'record', subject: param('basketOrder', 'orderId') },
  // Accepting a VIP request lets the user pay it (their own tether, nothing created): a review of a user's
  // request, one operator up to the settings' `vipSecondReviewAbove`, two above it; never the operator's own.
  adminAcceptBasketVip: { kind: 'review', subject: param('basketOrder', 'orderId'), approves: true },
  adminDeclineBasketVip: { kind: 'review', subject: param('basketOrder', 'orderId'), approves: false },
  // The construction's parameters, the basket fee, the exclusions and the VIP bound: a second operator approves.
  adminProposeBasketSettings: { kind: 'propose', proposal: 'basket_settings' },
  // the risk quiz editor (issue 20, decision 045; admin/risk-quiz.ts)
  adminGetRiskQuizDesk: { kind: 'read' },
  adminGetRiskQuizVersion: { kind: 'read' },
  // The quiz's questions and scores create, move and price no value: a purchase riskier than an investor's
  // result only asks the investor to confirm it (their own money, their own choice). Writing the draft and
  // publishing it are one senior operator's acts (`quiz.manage`), audited (`risk_quiz.*`), as a fund's texts.
  adminCreateRiskQuizDraft: { kind: 'record' },
  adminSaveRiskQuizDraft: { kind: 'record' },
  adminDiscardRiskQuizDraft: { kind: 'record' },
  adminPublishRiskQuizDraft: { kind: 'record' },
};

/** The rule of an admin endpoint, or undefined when none is declared (the server refuses to start). */
export function fourEyesRuleOf(endpointId: string): FourEyesRule | undefined {
  return Object.hasOwn(CONSOLE_OPERATIONS, endpointId) ? CONSOLE_OPERATIONS[endpointId] : undefined;
}

/** Whether the rule changes anything (everything but reads). */
export function isWrite(rule: FourEyesRule): boolean {
  return rule.kind !== 'read';
}
