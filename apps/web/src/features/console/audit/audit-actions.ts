/**
 * The audit log's actions the console knows by name (`admin:audit.actions.<group>.<name>`), grouped by
 * prefix for the filter. An action the server writes later and this list lacks is shown raw.
 */
export const AUDIT_ACTIONS = {
  auth: [
    'signed_up',
    'first_factor_passed',
    'logged_in',
    'logged_out',
    'login_failed',
    'totp_failed',
    'locked',
    'step_up',
    'step_up_failed',
  ],
  otp: ['requested', 'failed', 'delivery_failed'],
  account: [
    'profile_updated',
    'password_set',
    'password_changed',
    'password_change_failed',
    'password_reset',
    'two_factor_enabled',
    'two_factor_disabled',
    'phone_changed',
    'phone_not_owned',
    'email_verified',
    'anti_phishing_set',
    'anti_phishing_cleared',
    'session_ended',
    'other_sessions_ended',
  ],
  kyc: ['identity_verified', 'video_submitted', 'foreign_submitted', 'approved', 'rejected'],
  file: ['uploaded', 'viewed'],
  admin: [
    'note_added',
    'user_frozen',
    'user_unfrozen',
    'role_changed',
    'two_factor_set',
    'password_set',
    'demo_operator_restored',
    'operator_recovered',
  ],
} as const;

export type AuditGroup = keyof typeof AUDIT_ACTIONS;
export const AUDIT_GROUPS = Object.keys(AUDIT_ACTIONS) as AuditGroup[];

/** The filter's suggestions: each group's prefix (`kyc.`), then its actions (`kyc.approved`). */
export const AUDIT_FILTER_OPTIONS: readonly string[] = AUDIT_GROUPS.flatMap((group) => [
  `${group}.`,
  ...AUDIT_ACTIONS[group].map((name) => `${group}.${name}`),
]);

/** The translation key of an action or prefix the console knows, else null (shown raw). */
export function auditActionKey(action: string): string | null {
  const m = /^([a-z_]+)\.([a-z_]*)$/.exec(action);
  if (!m) return null;
  const group = m[1] as AuditGroup;
  const names = AUDIT_ACTIONS[group] as readonly string[] | undefined;
  if (!names) return null;
  if (m[2] === '') return `audit.groups.${group}`;
  return names.includes(m[2] ?? '') ? `audit.actions.${group}.${m[2]}` : null;
}
