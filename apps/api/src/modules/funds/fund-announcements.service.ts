/*
 * The fund desk's announcements and reports: the list, publishing one and deleting it.
 * The desk as a whole, and how each write runs: fund-desk.service.ts.
 */
import type { z } from 'zod';
import {
  FUND_ADMIN_ANNOUNCEMENT_PAGE_SIZE,
  type AdminFundAnnouncement,
  type publishFundAnnouncementBody,
} from '@portal/contract/admin/funds';
import { AppError } from '@portal/contract/core/errors';
import type { FundAnnouncementKind } from '@portal/contract/funds/catalogue';
import { writeAudit } from '../../lib/audit';
import { deleteAnnouncement, findFund, insertAnnouncement, listAnnouncementsWithCounts } from './funds.repository';
import { toAdminAnnouncement } from './funds.views';
import { type FundDeskDeps, type OperatorAct, nowOf } from './fund-desk.common';

export async function listFundAnnouncements(
  deps: FundDeskDeps,
  input: { fundId: string; kind?: FundAnnouncementKind | undefined; page: number },
): Promise<{ items: AdminFundAnnouncement[]; total: number; page: number; pageSize: number }> {
  const fund = await findFund(deps.db, input.fundId);
  if (!fund) throw new AppError('NOT_FOUND', 'No such fund');
  const { rows, total } = await listAnnouncementsWithCounts(deps.db, {
    fundId: fund.id,
    kind: input.kind,
    limit: FUND_ADMIN_ANNOUNCEMENT_PAGE_SIZE,
    offset: (input.page - 1) * FUND_ADMIN_ANNOUNCEMENT_PAGE_SIZE,
  });
  return {
    items: rows.map((r) => toAdminAnnouncement(r.a, r)),
    total,
    page: input.page,
    pageSize: FUND_ADMIN_ANNOUNCEMENT_PAGE_SIZE,
  };
}

export async function publishFundAnnouncement(
  deps: FundDeskDeps,
  input: OperatorAct & { fundId: string; body: z.output<typeof publishFundAnnouncementBody> },
): Promise<AdminFundAnnouncement> {
  const { body } = input;
  return deps.db.transaction(async (tx) => {
    const fund = await findFund(tx, input.fundId);
    if (!fund) throw new AppError('NOT_FOUND', 'No such fund');
    const a = await insertAnnouncement(tx, {
      fundId: fund.id,
      kind: body.kind,
      title: body.title,
      body: body.body,
      requiresAgreement: body.requiresAgreement,
      documentUrl: body.documentUrl,
      createdBy: input.operatorId,
      publishedAt: nowOf(deps),
    });
    await writeAudit(tx, {
      action: 'fund.announcement_published',
      actorUserId: input.operatorId,
      subjectType: 'fund',
      subjectId: fund.id,
      ip: input.ip,
      data: {
        code: fund.code,
        announcementId: a.id,
        kind: a.kind,
        title: a.title,
        requiresAgreement: a.requiresAgreement,
        documentUrl: a.documentUrl,
      },
    });
    return toAdminAnnouncement(a, { seenCount: 0, agreedCount: 0 });
  });
}

/** Withdraws an announcement: it and its reads are deleted; the audit log keeps its title and body. */
export async function deleteFundAnnouncement(
  deps: FundDeskDeps,
  input: OperatorAct & { fundId: string; announcementId: string },
): Promise<{ ok: true }> {
  return deps.db.transaction(async (tx) => {
    const a = await deleteAnnouncement(tx, input.fundId, input.announcementId);
    if (!a) throw new AppError('NOT_FOUND', 'No such announcement');
    await writeAudit(tx, {
      action: 'fund.announcement_deleted',
      actorUserId: input.operatorId,
      subjectType: 'fund',
      subjectId: a.fundId,
      ip: input.ip,
      data: {
        announcementId: a.id,
        kind: a.kind,
        title: a.title,
        body: a.body,
        requiresAgreement: a.requiresAgreement,
        publishedAt: a.publishedAt.toISOString(),
      },
    });
    return { ok: true as const };
  });
}
