import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEvent {
  action: string;
  actorUserId?: string | null;
  subjectType?: string;
  subjectId?: string;
  ip?: string | null;
  data?: Record<string, unknown>;
}

/** Appends one security or money event, in the caller's transaction. */
export async function writeAudit(tx: DbOrTx, e: AuditEvent): Promise<void> {
  await tx.insert(auditLog).values({
    action: e.action,
    actorUserId: e.actorUserId ?? null,
    subjectType: e.subjectType ?? null,
    subjectId: e.subjectId ?? null,
    ip: e.ip ?? null,
    data: e.data ?? {},
  });
}
