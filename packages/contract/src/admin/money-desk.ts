/**
 * What the console's money desk reads besides its queues (issue 5): one withdrawal with the card of its
 * destination account, and a user's wallets. Read-only, `money.read` (admin/roles.ts).
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { walletSchema } from '../wallet/wallets';
import { adminWithdrawalSchema } from './money';

const forbidden = ['UNAUTHENTICATED', 'FORBIDDEN', 'TWO_FACTOR_REQUIRED'] as const;

export const adminWithdrawalDetailSchema = adminWithdrawalSchema.extend({
  /** The card of the destination bank account, masked (first 6, last 4); null when it was added by sheba. */
  cardNumberMasked: z.string().nullable(),
  /** Internal, for operators. */
  reviewComment: z.string().nullable(),
  reviewerId: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type AdminWithdrawalDetail = z.infer<typeof adminWithdrawalDetailSchema>;

export const adminGetWithdrawal = defineEndpoint({
  id: 'adminGetWithdrawal',
  method: 'GET',
  path: '/admin/withdrawals/:withdrawalId',
  summary: 'One withdrawal, with who asked, the destination account and the review',
  tags: ['admin'],
  auth: 'session',
  permission: 'money.read',
  params: z.object({ withdrawalId: z.uuid({ message: 'format' }) }),
  response: adminWithdrawalDetailSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const adminListUserWallets = defineEndpoint({
  id: 'adminListUserWallets',
  method: 'GET',
  path: '/admin/users/:userId/wallets',
  summary: 'A user’s wallets (IRT, IRR, USD, USDT) with available and held balances',
  tags: ['admin'],
  auth: 'session',
  permission: 'money.read',
  params: z.object({ userId: z.uuid({ message: 'format' }) }),
  response: z.object({ items: z.array(walletSchema) }),
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND'],
});
