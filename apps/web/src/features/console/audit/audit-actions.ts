import {
  AUDIT_ACTIONS,
  AUDIT_GROUPS,
  isAuditAction,
  type AuditAction,
  type AuditGroup,
} from '@portal/contract/admin/audit';

/**
 * The audit log's actions as the console shows them, derived from the contract's list (decision 035):
 * each action's label is `admin:audit.actions.<action>` (the dots nest), each group's (the filter's
 * prefix `kyc.`) is `admin:audit.groups.<group>`. A name the contract no longer declares (an older row)
 * is shown raw.
 */
export const auditActionLabelKey = (action: AuditAction) => `audit.actions.${action}` as const;
export const auditGroupLabelKey = (group: AuditGroup) => `audit.groups.${group}` as const;

/** The filter's suggestions: each group's prefix (`kyc.`), then its actions (`kyc.approved`). */
export const AUDIT_FILTER_OPTIONS: readonly string[] = AUDIT_GROUPS.flatMap((group) => [
  `${group}.`,
  ...AUDIT_ACTIONS.filter((action) => action.startsWith(`${group}.`)),
]);

/** The translation key of an action or group prefix the contract declares, else null (shown raw). */
export function auditActionKey(action: string): string | null {
  if (isAuditAction(action)) return auditActionLabelKey(action);
  const group = /^([a-z_]+)\.$/.exec(action)?.[1];
  return group && (AUDIT_GROUPS as readonly string[]).includes(group) ? auditGroupLabelKey(group as AuditGroup) : null;
}
