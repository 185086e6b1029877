import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditAction } from '@portal/contract/admin/audit';
import { auditInsertSql, type AuditEvent } from '../../src/lib/audit';

/**
 * The server writes only the contract's audit action names (decision 035). The type checks are done by
 * `npm run typecheck` (tests are in the API's program): a free string passed to `writeAudit` fails there.
 */
describe('audit action names on the server', () => {
  it('take the contract’s names only, not any string', () => {
    expectTypeOf<AuditEvent['action']>().toEqualTypeOf<AuditAction>();
    expectTypeOf<'kyc.approved'>().toExtend<AuditEvent['action']>();
    expectTypeOf<string>().not.toExtend<AuditEvent['action']>();
    // @ts-expect-error a free string is not an audit action
    const free: AuditEvent = { action: 'kyc.approve' };
    expect(AUDIT_ACTIONS).not.toContain(free.action);
  });

  it('write the name given as the statement’s action', () => {
    const query = new PgDialect().sqlToQuery(auditInsertSql({ action: 'withdrawal.paid', subjectType: 'withdrawal' }));
    expect(query.sql).toMatch(/^INSERT INTO audit_log \(actor_user_id, action,/);
    expect(query.params[1]).toBe('withdrawal.paid');
  });
});
