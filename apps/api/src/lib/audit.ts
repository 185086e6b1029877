import { sql, type SQL } from 'drizzle-orm';
import type { AuditAction } from '@portal/contract/admin/audit';
import type { DbOrTx } from '../db/client';

/**
 * One audit record. `action` is one of the contract's names (`@portal/contract/admin/audit`, decision
 * 035): a free string does not typecheck, so the console has a label for everything the server writes.
 */
export interface AuditEvent {
  action: AuditAction;
  actorUserId?: string | null;
  subjectType?: string;
  subjectId?: string;
  ip?: string | null;
  data?: Record<string, unknown>;
}

/**
 * Appending one event as one statement. `after`, a CTE of the caller's larger statement: the event is
 * written only when that CTE yields a row (what it records was written).
 */
export function auditInsertSql(e: AuditEvent, after?: string): SQL {
  return sql`INSERT INTO audit_log (actor_user_id, action, subject_type, subject_id, ip, data)
    SELECT ${e.actorUserId ?? null}::uuid, ${e.action}, ${e.subjectType ?? null}, ${e.subjectId ?? null},
      ${e.ip ?? null}, ${JSON.stringify(e.data ?? {})}::jsonb${
        after ? sql` WHERE EXISTS (SELECT 1 FROM ${sql.identifier(after)})` : sql``
      }`;
}

/** Appends one security or money event, in the caller's transaction. */
export async function writeAudit(tx: DbOrTx, e: AuditEvent): Promise<void> {
  await tx.execute(auditInsertSql(e));
}
