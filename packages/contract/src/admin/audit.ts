import { z } from 'zod';

/**
 * The audit log's action names, declared once (issue 16, decision 035). The server writes only these
 * (`writeAudit` in `apps/api/src/lib/audit.ts` takes an `AuditAction`, so a free string fails the
 * typecheck), and the console labels each one (`admin:audit.actions.<action>`, a test checks every name
 * has its Persian and English label). A name is `<group>.<event>`; the group (before the first dot) is
 * what the console's filter offers as a prefix. A new event is added here first.
 */
export const AUDIT_ACTIONS = [
  // Sign-up, sign-in and the second factor.
  'auth.signed_up',
  'auth.first_factor_passed',
  'auth.logged_in',
  'auth.logged_out',
  'auth.login_failed',
  'auth.totp_failed',
  'auth.locked',
  'auth.step_up',
  'auth.step_up_failed',
  'auth.recovery_code_used',
  'auth.recovery_code_reused',
  'auth.new_device_notice',
  // One-time codes by SMS.
  'otp.requested',
  'otp.failed',
  'otp.delivery_failed',
  // The investor's own account and security settings.
  'account.profile_updated',
  'account.password_set',
  'account.password_changed',
  'account.password_change_failed',
  'account.password_reset',
  'account.two_factor_enabled',
  'account.two_factor_disabled',
  'account.recovery_codes_generated',
  'account.withdrawal_hold_started',
  'account.phone_changed',
  'account.phone_not_owned',
  'account.email_verified',
  'account.anti_phishing_set',
  'account.anti_phishing_cleared',
  'account.session_ended',
  'account.other_sessions_ended',
  // Identity verification.
  'kyc.identity_verified',
  'kyc.video_submitted',
  'kyc.foreign_submitted',
  'kyc.approved',
  'kyc.rejected',
  // Uploaded documents.
  'file.uploaded',
  'file.viewed',
  // Bank accounts and cards of the investor.
  'bank_account.added',
  'bank_account.card_added',
  'bank_account.deleted',
  // Deposits: by gateway, offline (a declared transfer) and by deposit id (a bank statement line).
  'deposit.gateway.started',
  'deposit.gateway.succeeded',
  'deposit.offline.declared',
  'deposit.offline.first_approved',
  'deposit.offline.approved',
  'deposit.offline.rejected',
  'deposit.offline.cancelled',
  'deposit.by_id.id_created',
  'deposit.by_id.credited',
  'deposit.by_id.returning',
  'deposit.by_id.returned',
  // Withdrawals.
  'withdrawal.requested',
  'withdrawal.first_approved',
  'withdrawal.approved',
  'withdrawal.rejected',
  'withdrawal.cancelled',
  'withdrawal.paid',
  // Manual adjustments (decision 019).
  'adjustment.proposed',
  'adjustment.approved',
  'adjustment.rejected',
  'adjustment.approval_refused',
  // Bank statements of the settlement desk (decision 020).
  'bank_statement.imported',
  // Funds: the fund desk, orders and dividends, and the demo seed.
  'fund.created',
  'fund.updated',
  'fund.nav_published',
  'fund.nav_corrected',
  'fund.announcement_published',
  'fund.announcement_deleted',
  'fund.consultation_resolved',
  'fund.purchase.requested',
  'fund.purchase.priced',
  'fund.purchase.failed',
  'fund.redemption.requested',
  'fund.redemption.priced',
  'fund.redemption.canceled',
  'fund.dividend.distributed',
  'fund.demo_seeded',
  'fund.demo_holding_seeded',
  'fund.demo_holding_funded',
  // The tether market (issue 17).
  'tether.trade.executed',
  'tether.trading.paused',
  'tether.trading.resumed',
  'tether.settings.changed',
  // Tether on chain (issue 18).
  'tether.address.created',
  'tether.address_book.saved',
  'tether.address_book.removed',
  'tether.whitelist.changed',
  'tether.deposit.credited',
  'tether.deposit.dropped',
  'tether.deposit.ignored',
  'tether.withdrawal.requested',
  'tether.withdrawal.cancelled',
  'tether.withdrawal.first_approved',
  'tether.withdrawal.approved',
  'tether.withdrawal.rejected',
  'tether.withdrawal.sent',
  'tether.withdrawal.paid',
  'tether.withdrawal.failed',
  'tether.network.switched',
  'tether.chain_settings.changed',
  // The risk quiz editor (issue 20).
  'risk_quiz.draft_created',
  'risk_quiz.draft_saved',
  'risk_quiz.draft_discarded',
  'risk_quiz.published',
  // Smart hold baskets (issue 20).
  'basket.order.created',
  'basket.order.paid',
  'basket.order.cancelled',
  'basket.order.built',
  'basket.order.failed',
  'basket.rebalanced',
  'basket.closed',
  'basket.vip.noted',
  'basket.vip.first_approved',
  'basket.vip.accepted',
  'basket.vip.declined',
  'basket.settings.changed',
  // Four-eyes proposals (issue 15).
  'proposal.proposed',
  'proposal.approved',
  'proposal.rejected',
  // Operators' decisions on users.
  'admin.note_added',
  'admin.user_frozen',
  'admin.user_unfrozen',
  'admin.role_changed',
  'admin.two_factor_set',
  'admin.password_set',
  'admin.demo_operator_restored',
  'admin.operator_recovered',
] as const;

export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** The group of an action: its name up to the first dot (`fund` of `fund.purchase.priced`). */
export type AuditGroup = AuditAction extends `${infer G}.${string}` ? G : never;

export function auditGroupOf(action: AuditAction): AuditGroup {
  return action.slice(0, action.indexOf('.')) as AuditGroup;
}

/** The groups, in the order their first action is declared. */
export const AUDIT_GROUPS: readonly AuditGroup[] = [...new Set(AUDIT_ACTIONS.map(auditGroupOf))];

/** Whether a name read back from the log is one this contract declares (older rows may hold others). */
export function isAuditAction(name: string): name is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(name);
}
