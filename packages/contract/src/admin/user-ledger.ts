/**
 * The console's view of where a user's money went (issue 5, decision 019): the journals that touched any
 * of the user's ledger accounts, newest first, each with all its postings (the user's side and the
 * other side), so an operator can follow a movement from the bank to the wallet and on. Read-only,
 * `money.read`. The user's balances are `adminListUserWallets` (admin/money-desk.ts).
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { currencySchema } from '../core/money';
import { JOURNAL_REF_TYPES, SYSTEM_ACCOUNTS, USER_BUCKETS } from '../wallet/ledger';
import { pageOf, pageQuery } from '../core/paging';

const forbidden = ['UNAUTHENTICATED', 'FORBIDDEN', 'TWO_FACTOR_REQUIRED'] as const;

export const USER_JOURNALS_PAGE_SIZE = 20;

export const journalPostingSchema = z.object({
  accountId: z.string(),
  /** The account's owner: a user (their `available` or `held` bucket) or null for a system account. */
  userId: z.string().nullable(),
  /** `available` / `held` for a user's account, the system account's name otherwise. */
  accountKind: z.enum([...USER_BUCKETS, ...SYSTEM_ACCOUNTS]),
  currency: currencySchema,
  /** Signed decimal string: positive credits the account, negative debits it. */
  amount: z.string(),
  /** The account's balance right after this posting. */
  balanceAfter: z.string(),
});
export type JournalPosting = z.infer<typeof journalPostingSchema>;

export const adminJournalSchema = z.object({
  id: z.string(),
  /** SPEC §3 `UserTransactionRefType`, or an internal kind (ManualAdjustment, DepositReturn). */
  refType: z.enum(JOURNAL_REF_TYPES),
  /** The business record (deposit, withdrawal, adjustment…) the journal belongs to. */
  refId: z.string(),
  memo: z.string().nullable(),
  /** Whose request wrote it (the user, or an operator); null for jobs. */
  author: z
    .object({
      id: z.string(),
      mobile: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
  /** Every posting of the journal, in the order they were written. */
  postings: z.array(journalPostingSchema),
});
export type AdminJournal = z.infer<typeof adminJournalSchema>;

export const adminListUserJournals = defineEndpoint({
  id: 'adminListUserJournals',
  method: 'GET',
  path: '/admin/users/:userId/journals',
  summary: 'The ledger journals that touched a user’s accounts, newest first, with all their postings',
  tags: ['admin'],
  auth: 'session',
  permission: 'money.read',
  params: z.object({ userId: z.uuid({ message: 'format' }) }),
  query: pageQuery({
    currency: currencySchema.optional(),
  }),
  response: pageOf(adminJournalSchema),
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND'],
});
