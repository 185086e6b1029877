/**
 * The tether market's settings as the console changes them (issue 17, decision 039): the change a proposal
 * shows (before → after), checked when proposed and again when approved, and made in the approval's
 * transaction (`proposals.service`, kind `tether_settings`) with the approver and the time on the row
 * (`updated_by`, `updated_at`) and in the audit log (`tether.settings.changed`).
 */
import {
  proposeTetherSettingsBody,
  TETHER_LIMIT_LEVELS,
  type TetherSettingsValues,
} from '@portal/contract/admin/tether';
import { AppError } from '@portal/contract/core/errors';
import type { DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { lockSettings, updateSettings, type SettingsRow } from './tether.repository';

/** The settings of the row as a proposal shows them (a level without a limit: `"0"`). */
export function settingsValuesOf(row: SettingsRow): TetherSettingsValues {
  const limit = (level: string) => row.dailyLimitToman[level] ?? '0';
  return {
    spreadBps: row.spreadBps,
    feeBps: row.feeBps,
    quoteTtlSeconds: row.quoteTtlSeconds,
    minTradeToman: row.minTradeToman.toString(),
    dailyLimitToman: { '1': limit('1'), '2': limit('2') },
  };
}

/** The fields whose value a change alters (`dailyLimitToman.2`…), for the audit record. */
function changedFields(before: TetherSettingsValues, after: TetherSettingsValues): string[] {
  const changed: string[] = [];
  for (const key of ['spreadBps', 'feeBps', 'quoteTtlSeconds', 'minTradeToman'] as const) {
    if (before[key] !== after[key]) changed.push(key);
  }
  for (const level of TETHER_LIMIT_LEVELS) {
    if (before.dailyLimitToman[level] !== after.dailyLimitToman[level]) changed.push(`dailyLimitToman.${level}`);
  }
  return changed;
}

/**
 * Settings checked against the contract's rules (the bounds, the limits rising with the KYC level, the
 * minimum within the lowest limit): refused with each field's rule under the body (`VALIDATION_FAILED`),
 * nothing written. Answers them canonical. The route checked them when proposed; the approval checks the
 * recorded proposal again (the rules may have tightened since).
 */
export function checkTetherSettings(values: unknown): TetherSettingsValues {
  const parsed = proposeTetherSettingsBody.safeParse(values);
  if (parsed.success) return parsed.data;
  throw new AppError('VALIDATION_FAILED', 'The settings are not valid', {
    issues: parsed.error.issues.map((i) => ({ path: ['body', ...i.path].join('.'), rule: i.message })),
  });
}

/** What the settings would become: as they are now and as proposed. */
export function tetherSettingsChange(
  row: SettingsRow,
  proposed: TetherSettingsValues,
): { before: TetherSettingsValues; after: TetherSettingsValues; changed: string[] } {
  const before = settingsValuesOf(row);
  return { before, after: proposed, changed: changedFields(before, proposed) };
}

/**
 * Applies approved settings under the row's lock, checked again; the approver and the time go on the row,
 * the change (old and new values) into the audit log with the approver as actor and the proposer on record.
 * A pause stays as it is: the new settings apply when trading resumes.
 */
export async function applyTetherSettings(
  tx: DbOrTx,
  input: {
    operatorId: string;
    ip: string;
    now: Date;
    values: unknown;
    proposal: { proposalId: string; proposedBy: string };
  },
): Promise<SettingsRow> {
  const values = checkTetherSettings(input.values);
  const row = await lockSettings(tx);
  const { before, after, changed } = tetherSettingsChange(row, values);
  const updated = await updateSettings(tx, {
    spreadBps: after.spreadBps,
    feeBps: after.feeBps,
    quoteTtlSeconds: after.quoteTtlSeconds,
    minTradeToman: BigInt(after.minTradeToman),
    dailyLimitToman: { ...after.dailyLimitToman },
    updatedBy: input.operatorId,
    updatedAt: input.now,
  });
  await writeAudit(tx, {
    action: 'tether.settings.changed',
    actorUserId: input.operatorId,
    subjectType: 'tether_settings',
    subjectId: '1',
    ip: input.ip,
    data: { changed, before, after, ...input.proposal },
  });
  return updated;
}
