import { describe, expect, it } from 'vitest';
import { searchAuditQuery } from './admin';
import { AUDIT_ACTIONS, AUDIT_GROUPS, auditActionSchema, auditGroupOf, isAuditAction } from './audit';

describe('audit action names', () => {
  it('are declared once each, as `<group>.<event>` in lower snake case', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    for (const action of AUDIT_ACTIONS) expect(action).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
  });

  it('never name a group that is also an action, nor an action that is the prefix path of another', () => {
    // The console's translations nest by dots: `fund.purchase` cannot be a label and a folder at once.
    for (const action of AUDIT_ACTIONS) {
      expect(AUDIT_ACTIONS.filter((other) => other.startsWith(`${action}.`))).toEqual([]);
    }
  });

  it('group by the name before the first dot, in declaration order', () => {
    expect(auditGroupOf('fund.purchase.priced')).toBe('fund');
    expect(AUDIT_GROUPS.slice(0, 3)).toEqual(['auth', 'otp', 'account']);
    expect(new Set(AUDIT_ACTIONS.map(auditGroupOf))).toEqual(new Set(AUDIT_GROUPS));
  });

  it('parse as an enum: a free string is refused', () => {
    expect(auditActionSchema.safeParse('kyc.approved').success).toBe(true);
    expect(auditActionSchema.safeParse('kyc.approve').success).toBe(false);
    expect(isAuditAction('withdrawal.paid')).toBe(true);
    expect(isAuditAction('withdrawal.')).toBe(false);
  });
});

describe('the audit log’s query', () => {
  it('takes a mobile in any digits, a range in order, and names what it refuses', () => {
    expect(searchAuditQuery.parse({ mobile: '۰۹۱۲۱۱۱۲۲۳۳', from: '2025-08-01', to: '2025-08-01' })).toMatchObject({
      mobile: '+989121112233',
      page: 1,
    });
    const rules = (q: Record<string, string>) =>
      searchAuditQuery.safeParse(q).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(rules({ mobile: '12345' })).toEqual([['mobile', 'mobile']]);
    expect(rules({ from: '2025-08-10', to: '2025-08-01' })).toEqual([['to', 'dateOrder']]);
    expect(rules({ action: 'a'.repeat(65) })).toEqual([['action', 'max']]);
  });
});
