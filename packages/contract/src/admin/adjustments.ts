/**
 * Manual adjustments with maker-checker (issue 5, decision 019). An operator holding `money.adjust`
 * proposes a credit or a debit of one user's available wallet in one currency (the maker); nothing moves
 * until a DIFFERENT operator holding `money.adjust` approves it (the checker), which posts one journal
 * against the house's `adjustments` account. Every proposal and decision is in the audit log with the
 * operator as actor and the user as subject. Reading the list needs `money.read`.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { normalizeDigits } from '../core/digits';
import { CURRENCY_SCALE, currencySchema, fromMinor, toMinor, type Currency } from '../core/money';
import { textSchema } from '../core/text';
import { pageOf, pageQuery } from '../core/paging';

const forbidden = ['UNAUTHENTICATED', 'FORBIDDEN', 'TWO_FACTOR_REQUIRED'] as const;

export const ADJUSTMENT_PAGE_SIZE = 20;

/** `credit`: the house's adjustments account → the user's available; `debit`: the other way. */
export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];

/** Why the books are corrected by hand; the free-text reason says the rest. */
export const ADJUSTMENT_REASON_CODES = [
  /** A deposit credited too little or too much. */
  'deposit_correction',
  /** A withdrawal paid out differently from what was held. */
  'withdrawal_correction',
  /** A fee charged by mistake, given back. */
  'fee_refund',
  /** A goodwill or service-failure compensation. */
  'compensation',
  /** Money credited twice (a duplicate) taken back. */
  'duplicate_reversal',
  'other',
] as const;
export type AdjustmentReasonCode = (typeof ADJUSTMENT_REASON_CODES)[number];

/**
 * `Pending` until a checker decides: `Approved` (the journal is posted) or `Rejected`. A debit the balance
 * no longer covers is refused at approval (`INSUFFICIENT_BALANCE`) and stays `Pending`: nothing was
 * posted, and the checker may try again later or reject it.
 */
export const ADJUSTMENT_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

/** The free-text reason of a proposal and of a rejection: long enough to mean something to an auditor. */
export const ADJUSTMENT_REASON_MIN_LENGTH = 10;
export const ADJUSTMENT_REASON_MAX_LENGTH = 1000;

/** The largest adjustment, in minor units of any currency (keeps every sum far inside a PostgreSQL bigint). */
export const ADJUSTMENT_MAX_MINOR = 10n ** 15n;

const reasonText = textSchema({ multiline: true })
  .min(ADJUSTMENT_REASON_MIN_LENGTH, { message: 'min' })
  .max(ADJUSTMENT_REASON_MAX_LENGTH, { message: 'max' });

/** An amount as typed (Persian or Arabic digits, thousands separators, `٫` as the decimal point) → `1234.5`. */
export function normalizeAmountInput(input: string): string {
  return normalizeDigits(input)
    .replace(/[,\s٬،]/g, '')
    .replace('٫', '.')
    .trim();
}

/**
 * Checks an amount against its currency: a decimal number, positive, with no more decimals than the
 * currency's scale, at most `ADJUSTMENT_MAX_MINOR` minor units. Answers the rule that fails (the issue
 * message of the body's `amount`) or null.
 */
export function adjustmentAmountIssue(
  amount: string,
  currency: Currency,
): {
  rule: 'amountInvalid' | 'amountPositive' | 'amountDecimals' | 'amountTooLarge';
  params?: Record<string, string>;
} | null {
  const m = /^(\d{1,24})(?:\.(\d{1,24}))?$/.exec(amount);
  if (!m) return { rule: 'amountInvalid' };
  const scale = CURRENCY_SCALE[currency];
  const decimals = (m[2] ?? '').replace(/0+$/, '');
  if (decimals.length > scale) return { rule: 'amountDecimals', params: { scale: String(scale) } };
  const minor = toMinor(`${m[1]}${decimals ? `.${decimals}` : ''}`, currency);
  if (minor <= 0n) return { rule: 'amountPositive' };
  if (minor > ADJUSTMENT_MAX_MINOR) {
    return { rule: 'amountTooLarge', params: { max: fromMinor(ADJUSTMENT_MAX_MINOR, currency) } };
  }
  return null;
}

export const proposeAdjustmentBody = z
  .object({
    userId: z.uuid({ message: 'format' }),
    currency: currencySchema,
    direction: z.enum(ADJUSTMENT_DIRECTIONS, { message: 'select' }),
    /** A decimal string in the currency's scale, greater than zero (`"1250.5"` USD, `"1500000"` IRT). */
    amount: z.string().transform(normalizeAmountInput),
    reasonCode: z.enum(ADJUSTMENT_REASON_CODES, { message: 'select' }),
    reason: reasonText,
  })
  .superRefine((b, ctx) => {
    const issue = adjustmentAmountIssue(b.amount, b.currency);
    if (issue) ctx.addIssue({ code: 'custom', path: ['amount'], message: issue.rule, params: issue.params });
  })
  // The canonical decimal string (`"1,000.50"` → `"1000.5"`): retries that type the amount differently are one request.
  .transform((b) => ({ ...b, amount: fromMinor(toMinor(b.amount, b.currency), b.currency) }));
export type ProposeAdjustmentBody = z.input<typeof proposeAdjustmentBody>;

export const adjustmentSchema = z.object({
  id: z.string(),
  user: z.object({
    id: z.string(),
    mobile: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    /** Frozen now (adjustments are allowed on a frozen account: they are an operator's correction). */
    isFrozen: z.boolean(),
  }),
  currency: currencySchema,
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  /** Positive; `direction` says which way. */
  amount: z.string(),
  reasonCode: z.enum(ADJUSTMENT_REASON_CODES),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  makerId: z.string(),
  checkerId: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The checker's reason, when rejected. */
  rejectReason: z.string().nullable(),
  /** Whether the user's account was frozen when the decision was taken (null while pending). */
  userFrozenAtDecision: z.boolean().nullable(),
  /** The posted journal (reference type `ManualAdjustment`), once approved. */
  journalId: z.string().nullable(),
  createdAt: z.string(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

export const adminProposeAdjustment = defineEndpoint({
  id: 'adminProposeAdjustment',
  method: 'POST',
  path: '/admin/adjustments',
  summary: 'Propose a manual credit or debit of a user’s wallet (another operator approves it)',
  tags: ['admin'],
  auth: 'session',
  permission: 'money.adjust',
  idempotent: true,
  body: proposeAdjustmentBody,
  response: adjustmentSchema,
  successStatus: 201,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND', 'OPERATOR_OWN_ACCOUNT', 'IDEMPOTENCY_KEY_REUSED'],
});

export const adminListAdjustments = defineEndpoint({
  id: 'adminListAdjustments',
  method: 'GET',
  path: '/admin/adjustments',
  summary: 'Manual adjustments by status (pending oldest first, decided newest first), optionally of one user',
  tags: ['admin'],
  auth: 'session',
  permission: 'money.read',
  query: pageQuery({
    status: z.enum(ADJUSTMENT_STATUSES).default('Pending'),
    userId: z.uuid({ message: 'format' }).optional(),
  }),
  response: pageOf(adjustmentSchema),
  errors: [...forbidden, 'VALIDATION_FAILED'],
});

const adjustmentId = z.object({ adjustmentId: z.uuid({ message: 'format' }) });

export const adminApproveAdjustment = defineEndpoint({
  id: 'adminApproveAdjustment',
  method: 'POST',
  path: '/admin/adjustments/:adjustmentId/approve',
  summary: 'Approve a pending adjustment (not one’s own proposal): its journal is posted',
  tags: ['admin'],
  auth: 'session',
  permission: 'money.adjust',
  params: adjustmentId,
  response: adjustmentSchema,
  errors: [
    ...forbidden,
    'VALIDATION_FAILED',
    'NOT_FOUND',
    'REQUEST_ALREADY_REVIEWED',
    'SAME_OPERATOR',
    'OPERATOR_OWN_ACCOUNT',
    'INSUFFICIENT_BALANCE',
  ],
});

export const adminRejectAdjustment = defineEndpoint({
  id: 'adminRejectAdjustment',
  method: 'POST',
  path: '/admin/adjustments/:adjustmentId/reject',
  summary: 'Reject a pending adjustment with a reason (the maker may withdraw their own this way)',
  tags: ['admin'],
  auth: 'session',
  permission: 'money.adjust',
  params: adjustmentId,
  body: z.object({ reason: reasonText }),
  response: adjustmentSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND', 'REQUEST_ALREADY_REVIEWED', 'OPERATOR_OWN_ACCOUNT'],
});
