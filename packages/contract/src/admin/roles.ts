/**
 * Roles and permissions, declared once (issue 4, decision 014). Every admin endpoint names the
 * permission it needs (`Endpoint.permission`); the server checks it on every call, the console hides
 * what a role cannot do. Investors hold no permission.
 */
export const ROLES = ['investor', 'operator', 'senior_operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const OPERATOR_ROLES = ['operator', 'senior_operator', 'admin'] as const satisfies readonly Role[];
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const PERMISSIONS = [
  /** Search users, read a user's profile, KYC history, sessions and notes. */
  'users.read',
  /** Add an internal note to a user. */
  'users.note',
  /** Freeze and unfreeze an account. */
  'users.freeze',
  /** Change a user's role (make or unmake operators). */
  'users.role',
  /** Read the KYC queue and a submission with its files. */
  'kyc.read',
  /** Approve or reject a KYC submission. */
  'kyc.review',
  /** Search the audit log. */
  'audit.read',
  /** Read users' wallets, deposits and withdrawals. */
  'money.read',
  /** Approve or reject withdrawals and offline deposits. */
  'money.review',
  /** Propose, approve (another operator's proposal) and reject manual adjustments (decision 019). */
  'money.adjust',
  /** Read the funds, their NAVs, orders and the consultation queue (issue 6). */
  'funds.read',
  /** Work the consultation queue (mark a call done or cancelled). */
  'funds.consult',
  /** Create and edit funds, publish and correct NAVs, pause buying or redeeming, publish announcements, distribute dividends. */
  'funds.manage',
  /** Read the proposals waiting for a second operator (issue 15, admin/proposals.ts). */
  'proposals.read',
  /** Approve or reject another operator's proposal (with the permission of what it proposes). */
  'proposals.decide',
  /** Read the tether desk: the live price and its sources, the house's position, the settings and every trade (issue 17). */
  'tether.read',
  /** Propose the tether market's settings (a second operator approves), pause and resume trading. */
  'tether.manage',
  /** Recover an operator's account (password and two-factor) without their phone (issue 15). */
  'operators.recover',
  /** Read basket orders, VIP requests, failed generations and the baskets' settings (issue 20). */
  'baskets.read',
  /** Handle VIP requests (notes, accept, decline) and propose the baskets' settings (issue 20). */
  'baskets.manage',
  /** Read the risk quiz editor: every version, the published one and the draft (issue 20). */
  'quiz.read',
  /** Write the risk quiz's draft and publish it as the next version (issue 20; moves no money, audited). */
  'quiz.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  investor: [],
  operator: [
    'users.read',
    'users.note',
    'kyc.read',
    'kyc.review',
    'money.read',
    'funds.read',
    'funds.consult',
    'tether.read',
    'proposals.read',
    'baskets.read',
    'quiz.read',
  ],
  senior_operator: [
    'users.read',
    'users.note',
    'users.freeze',
    'kyc.read',
    'kyc.review',
    'audit.read',
    'money.read',
    'money.review',
    'money.adjust',
    'funds.read',
    'funds.consult',
    'funds.manage',
    'tether.read',
    'tether.manage',
    'proposals.read',
    'proposals.decide',
    'baskets.read',
    'baskets.manage',
    'quiz.read',
    'quiz.manage',
  ],
  admin: PERMISSIONS,
};

export function isOperatorRole(role: Role): role is OperatorRole {
  return role !== 'investor';
}

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
