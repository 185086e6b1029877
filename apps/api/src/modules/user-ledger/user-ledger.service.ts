/**
 * The console's view of a user's money movements (issue 5, decision 019): the journals that touched the
 * user's accounts, with all their postings, read straight from the ledger.
 */
import type { AdminJournal, JournalPosting } from '@portal/contract/admin/user-ledger';
import { USER_JOURNALS_PAGE_SIZE } from '@portal/contract/admin/user-ledger';
import { AppError } from '@portal/contract/core/errors';
import { fromMinor, type Currency } from '@portal/contract/core/money';
import type { JournalRefType } from '@portal/contract/wallet/ledger';
import type { Db } from '../../db/client';
import { userExists } from '../users/users.repository';
import { findJournalPostings, findUserJournals, type JournalPostingRow } from './user-ledger.repository';

function toPosting(p: JournalPostingRow): JournalPosting {
  return {
    accountId: p.account_id,
    userId: p.user_id,
    accountKind: p.code as JournalPosting['accountKind'],
    currency: p.currency,
    amount: fromMinor(BigInt(p.amount), p.currency),
    balanceAfter: fromMinor(BigInt(p.balance_after), p.currency),
  };
}

export async function listUserJournals(
  db: Db,
  input: { userId: string; currency?: Currency | undefined; page: number },
): Promise<{ items: AdminJournal[]; total: number; page: number; pageSize: number }> {
  if (!(await userExists(db, input.userId))) throw new AppError('NOT_FOUND', 'No such user');
  const { rows, total } = await findUserJournals(db, {
    userId: input.userId,
    currency: input.currency,
    limit: USER_JOURNALS_PAGE_SIZE,
    offset: (input.page - 1) * USER_JOURNALS_PAGE_SIZE,
  });
  const postings = await findJournalPostings(
    db,
    rows.map((r) => r.id),
  );
  const byJournal = new Map<string, JournalPosting[]>();
  for (const p of postings) {
    const list = byJournal.get(p.journal_id) ?? [];
    list.push(toPosting(p));
    byJournal.set(p.journal_id, list);
  }
  return {
    items: rows.map((r) => ({
      id: r.id,
      refType: r.ref_type as JournalRefType,
      refId: r.ref_id,
      memo: r.memo,
      author: r.created_by
        ? {
            id: r.created_by,
            mobile: r.author_mobile,
            firstName: r.author_first_name,
            lastName: r.author_last_name,
          }
        : null,
      createdAt: new Date(r.created_at).toISOString(),
      postings: byJournal.get(r.id) ?? [],
    })),
    total,
    page: input.page,
    pageSize: USER_JOURNALS_PAGE_SIZE,
  };
}
