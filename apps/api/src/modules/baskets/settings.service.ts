/**
 * The baskets' settings (issue 20, decision 045): the construction's parameters, the basket fee, the symbols
 * no new basket buys and the VIP review bound. One row, changed only by a `basket_settings` proposal that a
 * second operator approves (`proposals.service`): checked when proposed and again when approved, applied
 * under the row's lock with the approver and the time on the row and in the audit log.
 */
import { eq, sql } from 'drizzle-orm';
import { proposeBasketSettingsBody, type BasketSettingsValues } from '@portal/contract/admin/baskets';
import { AppError } from '@portal/contract/core/errors';
import { fromMinor, toMinor } from '@portal/contract/core/money';
import { queryRows, type DbOrTx } from '../../db/client';
import { basketSettings } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { ConstructionSettings } from './construction';

export type BasketSettingsRow = typeof basketSettings.$inferSelect;

export async function readBasketSettings(db: DbOrTx, opts: { lock?: boolean } = {}): Promise<BasketSettingsRow> {
  const q = db.select().from(basketSettings).where(eq(basketSettings.id, 1)).limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  if (!row) throw new Error('basket_settings has no row (migration 0022)');
  return row;
}

/** The row as a proposal shows it. */
export function basketSettingsValuesOf(row: BasketSettingsRow): BasketSettingsValues {
  return {
    construction: row.construction,
    feeBps: row.feeBps,
    excludedSymbols: [...row.excludedSymbols],
    vipSecondReviewAbove: fromMinor(row.vipSecondReviewAbove, 'USDT'),
  };
}

/** The construction's parameters as the construction library takes them (bands keyed by number). */
export function constructionSettingsOf(values: BasketSettingsValues['construction']): ConstructionSettings {
  const b = values.bands;
  return {
    bands: { 10: b['10'], 25: b['25'], 35: b['35'], 60: b['60'], 100: b['100'] },
    maxWeight: values.maxWeight,
    minWeight: values.minWeight,
    minAssets: values.minAssets,
    maxAssets: values.maxAssets,
    minHistoryDays: values.minHistoryDays,
    meanShrinkage: values.meanShrinkage,
    maxAnnualReturn: values.maxAnnualReturn,
  };
}

/** Settings checked against the contract's rules; refused with each field's rule (`VALIDATION_FAILED`). */
export function checkBasketSettings(values: unknown): BasketSettingsValues {
  const parsed = proposeBasketSettingsBody.safeParse(values);
  if (parsed.success) return parsed.data;
  throw new AppError('VALIDATION_FAILED', 'The settings are not valid', {
    issues: parsed.error.issues.map((i) => ({ path: ['body', ...i.path].join('.'), rule: i.message })),
  });
}

/** The fields a change alters, for the audit record. */
function changedFields(before: BasketSettingsValues, after: BasketSettingsValues): string[] {
  const out: string[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a)) {
      for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
        walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
      }
    } else if (JSON.stringify(a) !== JSON.stringify(b)) out.push(path);
  };
  walk(before, after, '');
  return out;
}

export function basketSettingsChange(
  row: BasketSettingsRow,
  proposed: BasketSettingsValues,
): { before: BasketSettingsValues; after: BasketSettingsValues; changed: string[] } {
  const before = basketSettingsValuesOf(row);
  return { before, after: proposed, changed: changedFields(before, proposed) };
}

/** Orders waiting to be built and baskets held now (a proposal's effect shows them). */
export async function basketSettingsCounts(db: DbOrTx): Promise<{ waitingOrders: number; heldBaskets: number }> {
  const [r] = await queryRows<{ waiting: number; held: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE status IN ('NotStarted', 'InProgress'))::int AS waiting,
           count(*) FILTER (WHERE status = 'Analysed' AND holding = 'held')::int AS held
        FROM basket_orders`,
  );
  return { waitingOrders: Number(r?.waiting ?? 0), heldBaskets: Number(r?.held ?? 0) };
}

/** Applies approved settings under the row's lock, checked again; audited with the approver and the proposer. */
export async function applyBasketSettings(
  tx: DbOrTx,
  input: {
    operatorId: string;
    ip: string;
    now: Date;
    values: unknown;
    proposal: { proposalId: string; proposedBy: string };
  },
): Promise<BasketSettingsRow> {
  const values = checkBasketSettings(input.values);
  const row = await readBasketSettings(tx, { lock: true });
  const { before, after, changed } = basketSettingsChange(row, values);
  const [updated] = await tx
    .update(basketSettings)
    .set({
      construction: after.construction,
      feeBps: after.feeBps,
      excludedSymbols: after.excludedSymbols,
      vipSecondReviewAbove: toMinor(after.vipSecondReviewAbove, 'USDT'),
      updatedBy: input.operatorId,
      updatedAt: input.now,
    })
    .where(eq(basketSettings.id, 1))
    .returning();
  await writeAudit(tx, {
    action: 'basket.settings.changed',
    actorUserId: input.operatorId,
    subjectType: 'basket_settings',
    subjectId: '1',
    ip: input.ip,
    data: { changed, before, after, ...input.proposal },
  });
  return updated!;
}
