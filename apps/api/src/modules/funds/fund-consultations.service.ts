/*
 * The fund desk's consultation queue: the list and resolving a request.
 * The desk as a whole, and how each write runs: fund-desk.service.ts.
 */
import type { z } from 'zod';
import {
  FUND_CONSULTATION_PAGE_SIZE,
  type AdminConsultation,
  type ConsultationStatus,
  type resolveConsultationBody,
} from '@portal/contract/admin/funds';
import { AppError } from '@portal/contract/core/errors';
import { writeAudit } from '../../lib/audit';
import { findConsultation, findConsultationWithJoins, listConsultations, updateConsultation } from './funds.repository';
import { toAdminConsultation } from './funds.views';
import { type FundDeskDeps, type OperatorAct, nowOf } from './fund-desk.common';

export async function listConsultationQueue(
  deps: FundDeskDeps,
  input: { status?: ConsultationStatus | undefined; fundId?: string | undefined; page: number },
): Promise<{ items: AdminConsultation[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await listConsultations(deps.db, {
    status: input.status,
    fundId: input.fundId,
    limit: FUND_CONSULTATION_PAGE_SIZE,
    offset: (input.page - 1) * FUND_CONSULTATION_PAGE_SIZE,
  });
  return {
    items: rows.map(toAdminConsultation),
    total,
    page: input.page,
    pageSize: FUND_CONSULTATION_PAGE_SIZE,
  };
}

/** Closes an open request (Done: called; Canceled) under its row lock: of two operators, one wins. */
export async function resolveConsultation(
  deps: FundDeskDeps,
  input: OperatorAct & { consultationId: string; body: z.output<typeof resolveConsultationBody> },
): Promise<AdminConsultation> {
  const { body } = input;
  return deps.db.transaction(async (tx) => {
    const c = await findConsultation(tx, input.consultationId, { lock: true });
    if (!c) throw new AppError('NOT_FOUND', 'No such consultation request');
    if (c.status !== 'Open') throw new AppError('REQUEST_ALREADY_REVIEWED', 'The request was already closed');
    await updateConsultation(tx, c.id, {
      status: body.status,
      handledBy: input.operatorId,
      handledAt: nowOf(deps),
      note: body.note ?? null,
    });
    await writeAudit(tx, {
      action: 'fund.consultation_resolved',
      actorUserId: input.operatorId,
      subjectType: 'user',
      subjectId: c.userId,
      ip: input.ip,
      data: {
        consultationId: c.id,
        fundId: c.fundId,
        callDate: c.callDate,
        period: c.period,
        status: body.status,
        note: body.note ?? null,
      },
    });
    const row = await findConsultationWithJoins(tx, c.id);
    return toAdminConsultation(row!);
  });
}
