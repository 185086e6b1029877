/**
 * The console's chain desk (issue 18, decision 040): tether deposits the watcher saw (those it did not
 * credit first), the withdrawal queue, each network's settings and switches, the watcher's health, and the
 * reconciliation of the ledger's tether against what the custody service holds.
 *
 * Reading needs `tether.read`. Reviewing a withdrawal needs `money.review` (as a toman withdrawal's): one
 * operator above `reviewAbove`, two different ones above `secondReviewAbove`; below the first bound a
 * withdrawal is approved when asked and goes straight to the signer. Confirmations, minimum deposit, fees,
 * withdrawal limits and the review bounds change by a proposal (`chain_settings`) a second operator
 * approves; closing a direction of a network is one operator's act with a reason (`tether.manage`).
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { pageOf, pageQuery } from '../core/paging';
import { textSchema } from '../core/text';
import {
  CHAIN_DEPOSIT_IGNORE_REASONS,
  CHAIN_DEPOSIT_STATUSES,
  NETWORK_DISABLED_REASONS,
  TETHER_WITHDRAWAL_FAIL_REASONS,
  TETHER_WITHDRAWAL_REJECT_REASONS,
  TETHER_WITHDRAWAL_STATUSES,
} from '../tether/chain';
import { tetherNetworkSchema, TETHER_NETWORK_KEYS } from '../tether/networks';
import { reviewApprovalSchema } from './review';
import { chainSettingsValuesSchema, proposalSchema, type ChainSettingsValues } from './proposal-view';
import { normalizeAmountInput } from './adjustments';

export { chainSettingsValuesSchema, type ChainSettingsValues };

const forbidden = ['UNAUTHENTICATED', 'FORBIDDEN', 'TWO_FACTOR_REQUIRED'] as const;

export const ADMIN_CHAIN_PAGE_SIZE = 20;
/** Confirmations a network may be set to require. */
export const CONFIRMATIONS_BOUNDS = { min: 1, max: 1_000 } as const;

const userRefSchema = z.object({
  id: z.string(),
  mobile: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

// ---- the settings as proposed -----------------------------------------------------------------------

/**
 * Tether as typed (Persian digits, separators) → canonical (`"12.5"`): a decimal (`amountInvalid`), at
 * most six decimals (`amountDecimals`), at most twelve whole digits (`amountTooLarge`); zero allowed (a
 * free network, no minimum).
 */
const usdtField = z
  .string({ message: 'required' })
  .transform(normalizeAmountInput)
  .pipe(
    z
      .string()
      .min(1, { message: 'required' })
      .regex(/^\d+(\.\d+)?$/, { message: 'amountInvalid' }),
  )
  .transform((s) =>
    s
      .replace(/^0+(?=\d)/, '')
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, ''),
  )
  .pipe(
    z
      .string()
      .refine((s) => (s.split('.')[1] ?? '').length <= 6, { message: 'amountDecimals' })
      .refine((s) => s.split('.')[0]!.length <= 12, { message: 'amountTooLarge' }),
  );

const networkFields = z.object({
  confirmations: z
    .number({ message: 'integer' })
    .int({ message: 'integer' })
    .min(CONFIRMATIONS_BOUNDS.min, { message: 'confirmationsRange' })
    .max(CONFIRMATIONS_BOUNDS.max, { message: 'confirmationsRange' }),
  minDeposit: usdtField,
  withdrawalFee: usdtField,
  minWithdrawal: usdtField,
  maxWithdrawal: usdtField,
});

const dec = (s: string) => {
  const [i, f = ''] = s.split('.');
  return BigInt(i! + f.padEnd(6, '0'));
};

/** A rule between fields: where (under the body) and the rule (`admin:chain.rules.<rule>`). */
export interface ChainSettingsIssue {
  path: (string | number)[];
  rule: 'minAboveMax' | 'secondBelowFirst' | 'maxAboveDailyLimit';
}

/**
 * The rules between the fields: a network's minimum withdrawal no more than its maximum (`minAboveMax`);
 * the two-operator bound at least the one-operator bound (`secondBelowFirst`); a maximum withdrawal no more
 * than the daily limit (`maxAboveDailyLimit`: no one could send it).
 */
export function chainSettingsIssues(s: ChainSettingsValues): ChainSettingsIssue[] {
  const issues: ChainSettingsIssue[] = [];
  const ok = (v: string) => /^\d+(\.\d{1,6})?$/.test(v);
  for (const n of TETHER_NETWORK_KEYS) {
    const v = s.networks[n];
    if (ok(v.minWithdrawal) && ok(v.maxWithdrawal) && dec(v.minWithdrawal) > dec(v.maxWithdrawal)) {
      issues.push({ path: ['networks', n, 'minWithdrawal'], rule: 'minAboveMax' });
    }
    if (ok(v.maxWithdrawal) && ok(s.dailyWithdrawalLimit) && dec(v.maxWithdrawal) > dec(s.dailyWithdrawalLimit)) {
      issues.push({ path: ['networks', n, 'maxWithdrawal'], rule: 'maxAboveDailyLimit' });
    }
  }
  if (ok(s.reviewAbove) && ok(s.secondReviewAbove) && dec(s.secondReviewAbove) < dec(s.reviewAbove)) {
    issues.push({ path: ['secondReviewAbove'], rule: 'secondBelowFirst' });
  }
  return issues;
}

export const proposeChainSettingsBody = z
  .object({
    networks: z.object({ TRC20: networkFields, ERC20: networkFields, BEP20: networkFields }),
    dailyWithdrawalLimit: usdtField,
    reviewAbove: usdtField,
    secondReviewAbove: usdtField,
  })
  .superRefine((b, ctx) => {
    for (const i of chainSettingsIssues(b)) ctx.addIssue({ code: 'custom', path: i.path, message: i.rule });
  });
export type ProposeChainSettingsBody = z.input<typeof proposeChainSettingsBody>;

export const adminProposeChainSettings = defineEndpoint({
  id: 'adminProposeChainSettings',
  method: 'POST',
  path: '/admin/chain/settings',
  summary: "Propose tether on chain's settings (a second operator approves)",
  tags: ['admin'],
  auth: 'session',
  permission: 'tether.manage',
  body: proposeChainSettingsBody,
  response: proposalSchema,
  successStatus: 202,
  errors: [...forbidden, 'VALIDATION_FAILED'],
});

export const CHAIN_SWITCH_DIRECTIONS = ['deposit', 'withdrawal'] as const;

export const setChainNetworkSwitchBody = z
  .object({
    network: tetherNetworkSchema,
    direction: z.enum(CHAIN_SWITCH_DIRECTIONS, { message: 'select' }),
    enabled: z.boolean(),
    /** Why it closes (shown to investors); required when closing. */
    reason: z.enum(NETWORK_DISABLED_REASONS, { message: 'select' }).optional(),
    /** The operator's note for the audit record. */
    note: textSchema({ multiline: true }).max(500, { message: 'max' }).optional(),
  })
  .refine((b) => b.enabled || b.reason !== undefined, { path: ['reason'], message: 'required' });

export const adminSetChainNetworkSwitch = defineEndpoint({
  id: 'adminSetChainNetworkSwitch',
  method: 'POST',
  path: '/admin/chain/switch',
  summary: 'Open or close deposits or withdrawals on a network',
  tags: ['admin'],
  auth: 'session',
  permission: 'tether.manage',
  body: setChainNetworkSwitchBody,
  response: z.object({ ok: z.literal(true) }),
  errors: [...forbidden, 'VALIDATION_FAILED'],
});

// ---- the desk ---------------------------------------------------------------------------------------

export const chainNetworkAdminSchema = z.object({
  network: tetherNetworkSchema,
  tetherContract: z.string(),
  confirmations: z.number().int(),
  minDeposit: z.string(),
  withdrawalFee: z.string(),
  minWithdrawal: z.string(),
  maxWithdrawal: z.string(),
  depositEnabled: z.boolean(),
  withdrawalEnabled: z.boolean(),
  depositDisabledReason: z.enum(NETWORK_DISABLED_REASONS).nullable(),
  withdrawalDisabledReason: z.enum(NETWORK_DISABLED_REASONS).nullable(),
  /** The watcher of this network as last seen. */
  watcher: z.object({
    /** The last block scanned for deposits; null before the first scan. */
    lastScannedBlock: z.string().nullable(),
    /** The chain's head when last asked. */
    head: z.string().nullable(),
    /** head − last scanned, blocks. */
    lagBlocks: z.number().int().nullable(),
    lastScanAt: z.string().nullable(),
    lastError: z.string().nullable(),
    lastErrorAt: z.string().nullable(),
  }),
  /** Deposits waiting for confirmations, withdrawals waiting for an operator. */
  confirmingDeposits: z.number().int(),
  pendingWithdrawals: z.number().int(),
});
export type ChainNetworkAdmin = z.infer<typeof chainNetworkAdminSchema>;

export const chainDeskSchema = z.object({
  networks: z.array(chainNetworkAdminSchema),
  settings: chainSettingsValuesSchema.extend({
    /** The approver of the settings in force and when (null: the first settings). */
    updatedBy: userRefSchema.nullable(),
    updatedAt: z.string(),
  }),
  /** The embedded mode's sandbox chain and signer. */
  sandbox: z.boolean(),
  /** The custody service's name (`sandbox`, or the HTTP service's host). */
  custody: z.string(),
});
export type ChainDesk = z.infer<typeof chainDeskSchema>;

export const adminGetChainDesk = defineEndpoint({
  id: 'adminGetChainDesk',
  method: 'GET',
  path: '/admin/chain',
  summary: "Tether on chain: the networks, their settings and the watcher's health",
  tags: ['admin'],
  auth: 'session',
  permission: 'tether.read',
  response: chainDeskSchema,
  errors: forbidden,
});

export const adminTetherDepositSchema = z.object({
  id: z.string(),
  user: userRefSchema,
  network: tetherNetworkSchema,
  txHash: z.string(),
  logIndex: z.number().int(),
  fromAddress: z.string(),
  toAddress: z.string(),
  amount: z.string(),
  otherToken: z.string().nullable(),
  status: z.enum(CHAIN_DEPOSIT_STATUSES),
  ignoreReason: z.enum(CHAIN_DEPOSIT_IGNORE_REASONS).nullable(),
  blockNumber: z.string(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  createdAt: z.string(),
  creditedAt: z.string().nullable(),
});
export type AdminTetherDeposit = z.infer<typeof adminTetherDepositSchema>;

export const adminListTetherDeposits = defineEndpoint({
  id: 'adminListTetherDeposits',
  method: 'GET',
  path: '/admin/chain/deposits',
  summary: 'Transfers to users’ deposit addresses, newest first (optionally one status or network)',
  tags: ['admin'],
  auth: 'session',
  permission: 'tether.read',
  query: pageQuery({
    status: z.enum(CHAIN_DEPOSIT_STATUSES, { message: 'select' }).optional(),
    network: tetherNetworkSchema.optional(),
    userId: z.uuid({ message: 'format' }).optional(),
  }),
  response: pageOf(adminTetherDepositSchema),
  errors: [...forbidden, 'VALIDATION_FAILED'],
});

export const adminTetherWithdrawalSchema = z.object({
  id: z.string(),
  user: userRefSchema,
  network: tetherNetworkSchema,
  address: z.string(),
  addressLabel: z.string().nullable(),
  /** The address was saved in the user's book at least a day before (whitelist or not). */
  addressSaved: z.boolean(),
  amount: z.string(),
  fee: z.string(),
  total: z.string(),
  state: z.enum(TETHER_WITHDRAWAL_STATUSES),
  rejectReason: z.enum([...TETHER_WITHDRAWAL_REJECT_REASONS, ...TETHER_WITHDRAWAL_FAIL_REASONS]).nullable(),
  reviewComment: z.string().nullable(),
  txHash: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  requiredConfirmations: z.number().int(),
  /** Approvals the review takes (0: under the review bound, approved when asked). */
  approvalsNeeded: z.number().int(),
  firstApproval: reviewApprovalSchema.nullable(),
  reviewer: userRefSchema.nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminTetherWithdrawal = z.infer<typeof adminTetherWithdrawalSchema>;

export const adminListTetherWithdrawals = defineEndpoint({
  id: 'adminListTetherWithdrawals',
  method: 'GET',
  path: '/admin/chain/withdrawals',
  summary: 'Tether withdrawals: pending oldest first (the queue), the others newest first',
  tags: ['admin'],
  auth: 'session',
  permission: 'tether.read',
  query: pageQuery({
    state: z.enum(TETHER_WITHDRAWAL_STATUSES, { message: 'select' }).optional(),
    network: tetherNetworkSchema.optional(),
    userId: z.uuid({ message: 'format' }).optional(),
  }),
  response: pageOf(adminTetherWithdrawalSchema),
  errors: [...forbidden, 'VALIDATION_FAILED'],
});

const withdrawalId = z.object({ withdrawalId: z.uuid({ message: 'format' }) });

export const adminGetTetherWithdrawal = defineEndpoint({
  id: 'adminGetTetherWithdrawal',
  method: 'GET',
  path: '/admin/chain/withdrawals/:withdrawalId',
  summary: 'One tether withdrawal',
  tags: ['admin'],
  auth: 'session',
  permission: 'tether.read',
  params: withdrawalId,
  response: adminTetherWithdrawalSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const adminApproveTetherWithdrawal = defineEndpoint({
  id: 'adminApproveTetherWithdrawal',
  method: 'POST',
  path: '/admin/chain/withdrawals/:withdrawalId/approve',
  summary: 'Approve a tether withdrawal (the first of two above the second bound); approved, it goes to the signer',
  tags: ['admin'],
  auth: 'session',
  permission: 'money.review',
  params: withdrawalId,
  response: adminTetherWithdrawalSchema,
  errors: [
    ...forbidden,
    'VALIDATION_FAILED',
    'NOT_FOUND',
    'REQUEST_ALREADY_REVIEWED',
    'SAME_OPERATOR',
    'OPERATOR_OWN_ACCOUNT',
    'KYC_REQUIRED',
    'ACCOUNT_FROZEN',
  ],
});

export const rejectTetherWithdrawalBody = z.object({
  reason: z.enum(TETHER_WITHDRAWAL_REJECT_REASONS, { message: 'select' }),
  comment: textSchema({ multiline: true }).max(500, { message: 'max' }).optional(),
});

export const adminRejectTetherWithdrawal = defineEndpoint({
  id: 'adminRejectTetherWithdrawal',
  method: 'POST',
  path: '/admin/chain/withdrawals/:withdrawalId/reject',
  summary: 'Reject a tether withdrawal: amount and fee return to the wallet',
  tags: ['admin'],
  auth: 'session',
  permission: 'money.review',
  params: withdrawalId,
  body: rejectTetherWithdrawalBody,
  response: adminTetherWithdrawalSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND', 'REQUEST_ALREADY_REVIEWED', 'OPERATOR_OWN_ACCOUNT'],
});

/**
 * The reconciliation report: what the ledger says the portal must hold on chain against what the custody
 * service says it holds, per network and in total (tether, six decimals, signed).
 *
 * - `usersLiability`: every user's tether, available and held (what the portal owes).
 * - `expectedOnChain`: deposits credited less withdrawals sent (the `chain_custody` account's balance,
 *   negated), plus the tether received and not credited (ignored deposits below the minimum).
 * - `custodyReported`: the custody service's answer per network (null when it did not answer).
 * - `difference` = custodyReported − expectedOnChain (zero when every movement is accounted for).
 */
export const chainReconciliationSchema = z.object({
  at: z.string(),
  usersLiability: z.string(),
  /**
   * The house's own tether: the `exchange` and `fees` accounts' tether balances with their signs, so that
   * `usersLiability + houseExchange` = deposits credited − withdrawals paid = − `chain_custody`'s balance.
   */
  houseExchange: z.string(),
  networks: z.array(
    z.object({
      network: tetherNetworkSchema,
      expectedOnChain: z.string(),
      custodyReported: z.string().nullable(),
      difference: z.string().nullable(),
      /** Tether withdrawals sent and not yet confirmed (in flight). */
      inFlight: z.string(),
    }),
  ),
  total: z.object({
    expectedOnChain: z.string(),
    custodyReported: z.string().nullable(),
    difference: z.string().nullable(),
  }),
  custodyError: z.string().nullable(),
});
export type ChainReconciliation = z.infer<typeof chainReconciliationSchema>;

export const adminGetChainReconciliation = defineEndpoint({
  id: 'adminGetChainReconciliation',
  method: 'GET',
  path: '/admin/chain/reconciliation',
  summary: "The ledger's tether against the custody service's balances",
  tags: ['admin'],
  auth: 'session',
  permission: 'tether.read',
  response: chainReconciliationSchema,
  errors: forbidden,
});
