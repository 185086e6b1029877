/**
 * The console's money desk (issue 5): the withdrawal queue and its decisions. Reading needs
 * `money.read`, deciding `money.review` (admin/roles.ts); every decision is in the audit log.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { reviewFields } from './review';
import { WITHDRAWAL_REJECT_REASONS, WITHDRAWAL_STATUSES, withdrawalSchema } from '../wallet/withdrawals';
import { textSchema } from '../core/text';
import { pageOf, pageQuery } from '../core/paging';

const forbidden = ['UNAUTHENTICATED', 'FORBIDDEN', 'TWO_FACTOR_REQUIRED'] as const;
export const MONEY_PAGE_SIZE = 20;

export const adminWithdrawalSchema = withdrawalSchema.extend({
  /** The server's own status (Pending, Approved, Successful, Rejected, Canceled). */
  state: z.enum(WITHDRAWAL_STATUSES),
  sheba: z.string(),
  ...reviewFields,
  user: z.object({
    id: z.string(),
    mobile: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

export const adminListWithdrawals = defineEndpoint({
  id: 'adminListWithdrawals',
  method: 'GET',
  path: '/admin/withdrawals',
  summary: 'Withdrawals by status, oldest first (the review queue)',
  tags: ['admin'],
  auth: 'session',
  permission: 'money.read',
  query: pageQuery({
    status: z.enum(WITHDRAWAL_STATUSES).default('Pending'),
  }),
  response: pageOf(adminWithdrawalSchema),
  errors: [...forbidden, 'VALIDATION_FAILED'],
});

const withdrawalId = z.object({ withdrawalId: z.uuid({ message: 'format' }) });

export const adminApproveWithdrawal = defineEndpoint({
  id: 'adminApproveWithdrawal',
  method: 'POST',
  path: '/admin/withdrawals/:withdrawalId/approve',
  summary: 'Approve a withdrawal: paid out at the next bank cycle',
  tags: ['admin'],
  auth: 'session',
  permission: 'money.review',
  params: withdrawalId,
  response: adminWithdrawalSchema,
  errors: [
    ...forbidden,
    'VALIDATION_FAILED',
    'NOT_FOUND',
    'REQUEST_ALREADY_REVIEWED',
    'ACCOUNT_FROZEN',
    'KYC_REQUIRED',
    'SAME_OPERATOR',
    'OPERATOR_OWN_ACCOUNT',
  ],
});

export const adminRejectWithdrawal = defineEndpoint({
  id: 'adminRejectWithdrawal',
  method: 'POST',
  path: '/admin/withdrawals/:withdrawalId/reject',
  summary: 'Reject a withdrawal: the amount returns to the wallet',
  tags: ['admin'],
  auth: 'session',
  permission: 'money.review',
  params: withdrawalId,
  body: z.object({
    reason: z.enum(WITHDRAWAL_REJECT_REASONS, { message: 'select' }),
    comment: textSchema({ multiline: true }).max(500, { message: 'max' }).optional(),
  }),
  response: adminWithdrawalSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND', 'REQUEST_ALREADY_REVIEWED', 'OPERATOR_OWN_ACCOUNT'],
});
