/**
 * What approving a proposal would do, computed when it is read (holders buy and redeem, statements are
 * imported meanwhile), and the figures the approval itself checks: a NAV's move from the previous one
 * against `NAV_CHANGE_ADMIN_BOUND_BPS`, the users a statement would credit (issue 15, decision 028).
 * Money is in minor units of the fund's currency (decision 002), on the wire as decimal strings.
 */
import { NAV_CHANGE_ADMIN_BOUND_BPS } from '@portal/contract/admin/four-eyes';
import {
  PROPOSAL_EFFECT_HOLDERS_MAX,
  type EffectHolder,
  type ProposalEffect,
  type ProposalPayload,
} from '@portal/contract/admin/proposals';
import { divRound, fromMinor, toMinor } from '@portal/contract/core/money';
import { unitCurrency, type FundCurrency } from '@portal/contract/funds/funds';
import { BPS, formatUnits, valueOfUnits } from '@portal/contract/funds/pricing';
import { cleanPaymentId } from '@portal/contract/wallet/deposit-by-id';
import type { StatementLine, StatementParser } from '../../adapters/settlement/settlement.port';
import type { DbOrTx } from '../../db/client';
import { dividendShares } from '../fund-orders/dividends.service';
import { findHolders } from '../fund-orders/fund-orders.repository';
import { fundTermsChange } from '../funds/fund-terms.service';
import { findNav, latestNav, type FundRow } from '../funds/funds.repository';
import { pendingTetherWithdrawals } from '../chain/chain-desk.repository';
import { chainSettingsChange, readChainSettingsValues } from '../chain/chain-settings.service';
import { basketSettingsChange, basketSettingsCounts, readBasketSettings } from '../baskets/settings.service';
import { tetherSettingsChange } from '../tether/tether-settings.service';
import { readSettings } from '../tether/tether.repository';
import {
  depositIdOwners,
  knownBankRefs,
  navBefore,
  usersByIds,
  type ProposalRow,
  type UserRef,
} from './proposals.repository';

// ---- NAV ----------------------------------------------------------------------------------------

/**
 * (nav − previous) ÷ previous in basis points, signed, rounded away from zero: so |changeBps| is beyond
 * the bound exactly when the move is (`needsAdmin`). Null for a first NAV.
 */
export function navChangeBps(previous: bigint | null, nav: bigint): number | null {
  if (previous === null) return null;
  return Number(divRound((nav - previous) * BPS, previous, 'up'));
}

/** Whether a NAV moves beyond `NAV_CHANGE_ADMIN_BOUND_BPS` from the previous one (exact; a first NAV never does). */
export function navNeedsAdmin(previous: bigint | null, nav: bigint): boolean {
  if (previous === null) return false;
  const move = nav > previous ? nav - previous : previous - nav;
  return move * BPS > BigInt(NAV_CHANGE_ADMIN_BOUND_BPS) * previous;
}

/** The NAV a proposed one follows: the corrected NAV as it stands, or the latest before a publication's date. */
async function previousNavOf(
  tx: DbOrTx,
  fundId: string,
  payload: Extract<ProposalPayload, { kind: 'nav_publish' | 'nav_correction' }>,
): Promise<bigint | null> {
  if (payload.kind === 'nav_correction') return (await findNav(tx, fundId, payload.navDate))?.nav ?? null;
  return navBefore(tx, fundId, payload.navDate);
}

// ---- holders ------------------------------------------------------------------------------------

interface HolderFigures {
  userId: string;
  units: bigint;
  before: bigint;
  after: bigint;
  /** What orders the list: the larger first. */
  size: bigint;
}

const isOperator = (u: UserRef | undefined) => u !== undefined && u.role !== 'investor';

/**
 * The holders a proposal's effect lists, as views: every operator among them first, then the others,
 * each group largest first, at most `PROPOSAL_EFFECT_HOLDERS_MAX` unless the operators alone are more.
 */
function listed(all: HolderFigures[], people: Map<string, UserRef>, currency: FundCurrency): EffectHolder[] {
  const bySize = (a: HolderFigures, b: HolderFigures) => (a.size > b.size ? -1 : a.size < b.size ? 1 : 0);
  const operators = all.filter((h) => isOperator(people.get(h.userId))).sort(bySize);
  const others = all
    .filter((h) => !isOperator(people.get(h.userId)))
    .sort(bySize)
    .slice(0, Math.max(0, PROPOSAL_EFFECT_HOLDERS_MAX - operators.length));
  return [...operators, ...others].map((h) => {
    const u = people.get(h.userId);
    return {
      userId: h.userId,
      mobile: u?.mobile ?? '',
      firstName: u?.firstName ?? null,
      lastName: u?.lastName ?? null,
      isOperator: isOperator(u),
      units: formatUnits(h.units),
      valueBefore: fromMinor(h.before, currency),
      valueAfter: fromMinor(h.after, currency),
    };
  });
}

const operatorCount = (all: HolderFigures[], people: Map<string, UserRef>) =>
  all.filter((h) => isOperator(people.get(h.userId))).length;

const sum = (values: bigint[]) => values.reduce((s, v) => s + v, 0n);

// ---- effects ------------------------------------------------------------------------------------

/** A NAV publication or correction: every holder's value at the previous NAV and at the proposed one. */
async function navEffect(
  tx: DbOrTx,
  fund: FundRow,
  payload: Extract<ProposalPayload, { kind: 'nav_publish' | 'nav_correction' }>,
): Promise<ProposalEffect> {
  const nav = toMinor(payload.nav, fund.currency);
  const previous = await previousNavOf(tx, fund.id, payload);
  const holders = await findHolders(tx, unitCurrency(fund.id));
  const all = holders.map((h) => ({
    userId: h.userId,
    units: h.units,
    before: previous === null ? 0n : valueOfUnits(h.units, previous),
    after: valueOfUnits(h.units, nav),
    size: h.units,
  }));
  const people = await usersByIds(
    tx,
    all.map((h) => h.userId),
  );
  return {
    kind: payload.kind,
    currency: fund.currency,
    previousNav: previous === null ? null : fromMinor(previous, fund.currency),
    nav: fromMinor(nav, fund.currency),
    changeBps: navChangeBps(previous, nav),
    needsAdmin: navNeedsAdmin(previous, nav),
    holdersCount: all.length,
    totalValueBefore: fromMinor(sum(all.map((h) => h.before)), fund.currency),
    totalValueAfter: fromMinor(sum(all.map((h) => h.after)), fund.currency),
    holders: listed(all, people, fund.currency),
    operatorHolders: operatorCount(all, people),
  };
}

/**
 * A dividend: each holder paid ⌊units × per-unit ÷ 10⁴⌋ (the dividend's own rounding, `dividendShares`),
 * shown on top of their units' value at the latest NAV. Holders paid nothing are left out, except
 * operators (always shown).
 */
async function dividendEffect(
  tx: DbOrTx,
  fund: FundRow,
  payload: Extract<ProposalPayload, { kind: 'dividend' }>,
): Promise<ProposalEffect> {
  const perUnit = toMinor(payload.perUnit, fund.currency);
  const holders = await findHolders(tx, unitCurrency(fund.id));
  const paid = new Map(dividendShares(holders, perUnit).map((s) => [s.userId, s.amount]));
  const latest = (await latestNav(tx, fund.id))?.nav ?? null;
  const people = await usersByIds(
    tx,
    holders.map((h) => h.userId),
  );
  const all = holders.map((h) => {
    const before = latest === null ? 0n : valueOfUnits(h.units, latest);
    const amount = paid.get(h.userId) ?? 0n;
    return { userId: h.userId, units: h.units, before, after: before + amount, size: amount };
  });
  const shown = all.filter((h) => h.size > 0n || isOperator(people.get(h.userId)));
  return {
    kind: 'dividend',
    currency: fund.currency,
    holdersCount: paid.size,
    total: fromMinor(sum([...paid.values()]), fund.currency),
    holders: listed(shown, people, fund.currency),
    operatorHolders: operatorCount(all, people),
  };
}

/** The credits a statement's new lines would make, by payment ID. */
export interface StatementCredits {
  lines: StatementLine[];
  /** The lines whose bank reference the portal has not seen. */
  fresh: StatementLine[];
  /** Toman of the new lines per user whose payment ID they carry (before fees and the daily cap). */
  credits: Map<string, bigint>;
}

/**
 * The users a statement would credit: the owners of the payment IDs its new lines carry (decision 020's
 * matching credits by payment ID; a line it then returns instead, its sheba not the owner's, still counts:
 * who approves must not be one of them).
 */
export async function statementCredits(
  tx: DbOrTx,
  parser: StatementParser,
  content: string,
): Promise<StatementCredits> {
  const lines = parser.parse(content);
  const known = await knownBankRefs(
    tx,
    lines.map((l) => l.bankRef),
  );
  const fresh = lines.filter((l) => !known.has(l.bankRef));
  const owners = await depositIdOwners(
    tx,
    fresh.map((l) => cleanPaymentId(l.rawPaymentId)),
  );
  const credits = new Map<string, bigint>();
  for (const l of fresh) {
    const owner = owners.get(cleanPaymentId(l.rawPaymentId));
    if (owner) credits.set(owner, (credits.get(owner) ?? 0n) + l.amount);
  }
  return { lines, fresh, credits };
}

async function statementEffect(tx: DbOrTx, parser: StatementParser, content: string): Promise<ProposalEffect> {
  const { lines, fresh, credits } = await statementCredits(tx, parser, content);
  const people = await usersByIds(tx, [...credits.keys()]);
  const toman = (v: bigint) => fromMinor(v, 'IRT');
  return {
    kind: 'bank_statement_import',
    lines: lines.length,
    newLines: fresh.length,
    totalToman: toman(sum(fresh.map((l) => l.amount))),
    credits: [...credits.entries()]
      .sort(([, a], [, b]) => (a > b ? -1 : a < b ? 1 : 0))
      .map(([userId, amount]) => {
        const u = people.get(userId);
        return {
          userId,
          mobile: u?.mobile ?? '',
          firstName: u?.firstName ?? null,
          lastName: u?.lastName ?? null,
          isOperator: isOperator(u),
          amountToman: toman(amount),
        };
      }),
  };
}

async function termsEffect(
  tx: DbOrTx,
  fund: FundRow,
  payload: Extract<ProposalPayload, { kind: 'fund_terms' }>,
): Promise<ProposalEffect> {
  const { kind: _kind, ...terms } = payload;
  const { before, after } = fundTermsChange(fund, terms);
  return {
    kind: 'fund_terms',
    before,
    after,
    holdersCount: (await findHolders(tx, unitCurrency(fund.id))).length,
  };
}

/** The tether market's settings now and as proposed (a pause stays: they apply when trading resumes). */
async function tetherSettingsEffect(
  tx: DbOrTx,
  payload: Extract<ProposalPayload, { kind: 'tether_settings' }>,
): Promise<ProposalEffect> {
  const { kind: _kind, ...values } = payload;
  const row = await readSettings(tx);
  const { before, after } = tetherSettingsChange(row, values);
  return { kind: 'tether_settings', before, after, paused: row.paused };
}

/**
 * Tether on chain's settings now and as proposed, and the withdrawals waiting for review (the new bounds
 * apply to requests made after the approval; those keep the approvals they were asked with).
 */
async function chainSettingsEffect(
  tx: DbOrTx,
  payload: Extract<ProposalPayload, { kind: 'chain_settings' }>,
): Promise<ProposalEffect> {
  const { kind: _kind, ...values } = payload;
  const [current, pendingWithdrawals] = await Promise.all([readChainSettingsValues(tx), pendingTetherWithdrawals(tx)]);
  const { before, after } = chainSettingsChange(current, values);
  return { kind: 'chain_settings', before, after, pendingWithdrawals };
}

/** The baskets' settings now and as proposed, with the orders waiting to be built and the baskets held. */
async function basketSettingsEffect(
  tx: DbOrTx,
  payload: Extract<ProposalPayload, { kind: 'basket_settings' }>,
): Promise<ProposalEffect> {
  const { kind: _kind, ...values } = payload;
  const [row, counts] = await Promise.all([readBasketSettings(tx), basketSettingsCounts(tx)]);
  const { before, after } = basketSettingsChange(row, values);
  return { kind: 'basket_settings', before, after, ...counts };
}

/** The payload as recorded (the table keeps it without its kind). */
export function payloadOf(p: ProposalRow): ProposalPayload {
  return { ...(p.payload as object), kind: p.kind } as ProposalPayload;
}

/** What approving a pending proposal would do now. */
export async function effectOf(
  tx: DbOrTx,
  parser: StatementParser,
  p: ProposalRow,
  fund: FundRow | null,
): Promise<ProposalEffect> {
  const payload = payloadOf(p);
  if (payload.kind === 'bank_statement_import') return statementEffect(tx, parser, p.content ?? '');
  if (payload.kind === 'tether_settings') return tetherSettingsEffect(tx, payload);
  if (payload.kind === 'chain_settings') return chainSettingsEffect(tx, payload);
  if (payload.kind === 'basket_settings') return basketSettingsEffect(tx, payload);
  if (!fund) throw new Error(`proposal ${p.id} of kind ${p.kind} has no fund`);
  switch (payload.kind) {
    case 'nav_publish':
    case 'nav_correction':
      return navEffect(tx, fund, payload);
    case 'dividend':
      return dividendEffect(tx, fund, payload);
    case 'fund_terms':
      return termsEffect(tx, fund, payload);
  }
}
