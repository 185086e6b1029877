/*
 * The fund desk's NAVs: the list, and publishing or correcting one (made when a second operator approves).
 * The desk as a whole, and how each write runs: fund-desk.service.ts.
 */
import type { FastifyBaseLogger } from 'fastify';
import { FUND_MONEY_MAX_MINOR, FUND_NAV_PAGE_SIZE, type AdminFundNav } from '@portal/contract/admin/funds';
import { AppError } from '@portal/contract/core/errors';
import { CURRENCY_SCALE, fromMinor, toMinor } from '@portal/contract/core/money';
import type { FundCurrency } from '@portal/contract/funds/funds';
import { tehranDay } from '@portal/contract/wallet/offline-deposits';
import type { DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { findFund, findNav, insertNav, listNavs, updateNav, type FundNavRow, type FundRow } from './funds.repository';
import { toAdminNav } from './funds.views';
import { type FundDeskDeps, type OperatorAct, nowOf, refuse, type ProposalRecord } from './fund-desk.common';

/** A NAV as typed, in minor units of the fund's currency; refused (rule under `body.nav`) otherwise. */
function navMinorOf(nav: string, currency: FundCurrency): bigint {
  const [, frac = ''] = nav.split('.');
  const scale = CURRENCY_SCALE[currency];
  if (frac.replace(/0+$/, '').length > scale) {
    refuse([{ path: ['nav'], rule: 'amountDecimals', params: { scale: String(scale) } }]);
  }
  const minor = toMinor(nav, currency, 'down');
  if (minor <= 0n) refuse([{ path: ['nav'], rule: 'amountPositive' }]);
  if (minor > FUND_MONEY_MAX_MINOR) {
    refuse([{ path: ['nav'], rule: 'amountTooLarge', params: { max: fromMinor(FUND_MONEY_MAX_MINOR, currency) } }]);
  }
  return minor;
}

export async function listFundNavs(
  deps: FundDeskDeps,
  input: { fundId: string; page: number },
): Promise<{ items: AdminFundNav[]; total: number; page: number; pageSize: number }> {
  const fund = await findFund(deps.db, input.fundId);
  if (!fund) throw new AppError('NOT_FOUND', 'No such fund');
  const { rows, total } = await listNavs(deps.db, fund.id, FUND_NAV_PAGE_SIZE, (input.page - 1) * FUND_NAV_PAGE_SIZE);
  return {
    items: rows.map((n) => toAdminNav(n, fund.currency)),
    total,
    page: input.page,
    pageSize: FUND_NAV_PAGE_SIZE,
  };
}

/**
 * Runs the `onNavPublished` hook after a NAV's transaction committed. The NAV stands whatever the hook
 * does: a failure is logged (the orders stay waiting, and the orders' own job retries them).
 */
export async function afterNavPublished(
  deps: Pick<FundDeskDeps, 'onNavPublished'>,
  log: Pick<FastifyBaseLogger, 'error'>,
  fundId: string,
  navDate: string,
): Promise<void> {
  if (!deps.onNavPublished) return;
  try {
    await deps.onNavPublished(fundId, navDate);
  } catch (err) {
    log.error({ err, fundId, navDate }, 'pricing the orders waiting for a new NAV failed');
  }
}

/**
 * A NAV publication as proposed, and again as approved (decision 022): a date not after today (Tehran),
 * an amount in the currency's scale, a date without a NAV yet (`FUND_NAV_EXISTS`: correct it instead).
 * Answers the NAV in minor units.
 */
export async function checkNavPublication(
  tx: DbOrTx,
  deps: FundDeskDeps,
  fund: FundRow,
  body: { navDate: string; nav: string },
): Promise<bigint> {
  if (body.navDate > tehranDay(nowOf(deps))) refuse([{ path: ['navDate'], rule: 'navDateFuture' }]);
  const nav = navMinorOf(body.nav, fund.currency);
  if (await findNav(tx, fund.id, body.navDate)) {
    throw new AppError('FUND_NAV_EXISTS', 'That date already has a NAV: correct it instead');
  }
  return nav;
}

/**
 * Publishes an approved NAV (`nav` in minor units, as `checkNavPublication` answered it in this
 * transaction): one per fund and date (a publication that won the race since the check is
 * `FUND_NAV_EXISTS`), audited with the approver as actor and publisher and the proposer on record. Once
 * the transaction commits, the caller runs `afterNavPublished`.
 */
export async function publishNav(
  tx: DbOrTx,
  deps: FundDeskDeps,
  input: OperatorAct & { fund: FundRow; navDate: string; nav: bigint; proposal: ProposalRecord },
): Promise<FundNavRow> {
  const { fund, nav } = input;
  const row = await insertNav(tx, {
    fundId: fund.id,
    navDate: input.navDate,
    nav,
    publishedBy: input.operatorId,
    publishedAt: nowOf(deps),
  });
  if (!row) throw new AppError('FUND_NAV_EXISTS', 'That date already has a NAV: correct it instead');
  await writeAudit(tx, {
    action: 'fund.nav_published',
    actorUserId: input.operatorId,
    subjectType: 'fund',
    subjectId: fund.id,
    ip: input.ip,
    data: {
      code: fund.code,
      navDate: row.navDate,
      nav: fromMinor(nav, fund.currency),
      currency: fund.currency,
      ...input.proposal,
    },
  });
  return row;
}

/**
 * A NAV correction as proposed, and again as approved: the date has a NAV (`NOT_FOUND`), the new value is
 * in the currency's scale and differs from it (`navUnchanged`). `lock` takes the NAV's row. Answers the
 * NAV as it stands and the new value in minor units.
 */
export async function checkNavCorrection(
  tx: DbOrTx,
  fund: FundRow,
  body: { navDate: string; nav: string },
  opts: { lock?: boolean } = {},
): Promise<{ old: FundNavRow; nav: bigint }> {
  const nav = navMinorOf(body.nav, fund.currency);
  const old = await findNav(tx, fund.id, body.navDate, opts);
  if (!old) throw new AppError('NOT_FOUND', 'That date has no NAV to correct');
  if (old.nav === nav) refuse([{ path: ['nav'], rule: 'navUnchanged' }]);
  return { old, nav };
}

/**
 * Corrects a published NAV as approved (`old` and `nav` as `checkNavCorrection` answered them in this
 * transaction, under the NAV's row lock): audited with the old and new value, the reason, the approver as
 * actor and the proposer on record. Orders priced before keep their price (decision 022), so no pricing
 * follows.
 */
export async function correctNav(
  tx: DbOrTx,
  deps: FundDeskDeps,
  input: OperatorAct & { fund: FundRow; old: FundNavRow; nav: bigint; reason: string; proposal: ProposalRecord },
): Promise<FundNavRow> {
  const { fund, old, nav } = input;
  const row = await updateNav(tx, fund.id, old.navDate, { nav, correctedAt: nowOf(deps) });
  await writeAudit(tx, {
    action: 'fund.nav_corrected',
    actorUserId: input.operatorId,
    subjectType: 'fund',
    subjectId: fund.id,
    ip: input.ip,
    data: {
      code: fund.code,
      navDate: row.navDate,
      currency: fund.currency,
      from: fromMinor(old.nav, fund.currency),
      to: fromMinor(nav, fund.currency),
      reason: input.reason,
      ...input.proposal,
    },
  });
  return row;
}
