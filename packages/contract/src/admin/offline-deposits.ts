/**
 * The console's offline deposit desk (issue 5, decision 018): the queue of declared bank deposits,
 * oldest pending first, one deposit with its receipt photo (`GET /files/:fileId`, for `money.read`),
 * and the decisions. Reading needs `money.read`, deciding `money.review` (admin/roles.ts); a decision is
 * taken under the deposit's row lock (of two operators one wins) and written to the audit log.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { reviewFields } from './review';
import { textSchema } from '../core/text';
import {
  OFFLINE_DEPOSIT_REJECT_REASONS,
  OFFLINE_DEPOSIT_STATUSES,
  offlineDepositSchema,
} from '../wallet/offline-deposits';
import { pageOf, pageQuery } from '../core/paging';

const forbidden = ['UNAUTHENTICATED', 'FORBIDDEN', 'TWO_FACTOR_REQUIRED'] as const;

export const adminOfflineDepositSchema = offlineDepositSchema.extend({
  /** The server's own status (Pending, Successful, Failed, Canceled). */
  state: z.enum(OFFLINE_DEPOSIT_STATUSES),
  /** The sheba of the portal's account it was paid into, to find it on that account's statement. */
  destinationSheba: z.string(),
  /** Internal, for operators. */
  reviewComment: z.string().nullable(),
  reviewerId: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  ...reviewFields,
  user: z.object({
    id: z.string(),
    mobile: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
});
export type AdminOfflineDeposit = z.infer<typeof adminOfflineDepositSchema>;

export const adminListOfflineDeposits = defineEndpoint({
  id: 'adminListOfflineDeposits',
  method: 'GET',
  path: '/admin/offline-deposits',
  summary: 'Offline deposits by status, oldest first (the review queue)',
  tags: ['admin'],
  auth: 'session',
  permission: 'money.read',
  query: pageQuery({
    status: z.enum(OFFLINE_DEPOSIT_STATUSES).default('Pending'),
  }),
  response: pageOf(adminOfflineDepositSchema),
  errors: [...forbidden, 'VALIDATION_FAILED'],
});

const depositId = z.object({ depositId: z.uuid({ message: 'format' }) });

export const adminGetOfflineDeposit = defineEndpoint({
  id: 'adminGetOfflineDeposit',
  method: 'GET',
  path: '/admin/offline-deposits/:depositId',
  summary: 'One offline deposit, with its receipt file id and who declared it',
  tags: ['admin'],
  auth: 'session',
  permission: 'money.read',
  params: depositId,
  response: adminOfflineDepositSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const adminApproveOfflineDeposit = defineEndpoint({
  id: 'adminApproveOfflineDeposit',
  method: 'POST',
  path: '/admin/offline-deposits/:depositId/approve',
  summary: 'Approve an offline deposit: the wallet is credited the amount less the fee',
  tags: ['admin'],
  auth: 'session',
  permission: 'money.review',
  params: depositId,
  response: adminOfflineDepositSchema,
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

export const adminRejectOfflineDeposit = defineEndpoint({
  id: 'adminRejectOfflineDeposit',
  method: 'POST',
  path: '/admin/offline-deposits/:depositId/reject',
  summary: 'Reject an offline deposit with a reason the investor sees',
  tags: ['admin'],
  auth: 'session',
  permission: 'money.review',
  params: depositId,
  body: z.object({
    reason: z.enum(OFFLINE_DEPOSIT_REJECT_REASONS, { message: 'select' }),
    comment: textSchema({ multiline: true }).max(500, { message: 'max' }).optional(),
  }),
  response: adminOfflineDepositSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND', 'REQUEST_ALREADY_REVIEWED', 'OPERATOR_OWN_ACCOUNT'],
});
