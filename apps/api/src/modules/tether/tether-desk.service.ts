/**
 * The console's tether desk (issue 17, decision 039; contract admin/tether.ts): what the operators watch
 * (the live price and each source's health, the house's position, today's trades, every trade) and the
 * switch that pauses trading. The settings change by proposal (`tether-settings.service.ts`, approved on
 * the proposals desk); pausing and resuming are one operator's acts, audited, under the settings' row lock.
 */
import {
  ADMIN_TETHER_TRADES_PAGE_SIZE,
  type AdminTetherTrade,
  type TetherDesk,
  type TetherSettings,
} from '@portal/contract/admin/tether';
import { AppError } from '@portal/contract/core/errors';
import { divRound, fromMinor } from '@portal/contract/core/money';
import { tehranDateOf } from '@portal/contract/funds/orders';
import type { TradeSide } from '@portal/contract/tether/pricing';
import { RIALS_PER_TOMAN, USDT_UNIT } from '@portal/contract/tether/pricing';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { userSummaries } from '../users/users.repository';
import type { PriceService } from './price.service';
import { settingsValuesOf } from './tether-settings.service';
import {
  lastPause,
  listTrades,
  lockSettings,
  readSettings,
  systemBalances,
  tradesOfDay,
  updateSettings,
  type PersonRow,
  type SettingsRow,
} from './tether.repository';

export interface TetherDeskDeps {
  db: Db;
  prices: PriceService;
  now?: () => Date;
}

interface OperatorAct {
  operatorId: string;
  ip: string;
}

const clock = (deps: TetherDeskDeps) => deps.now?.() ?? new Date();

const personOf = (p: PersonRow | undefined, id: string) => ({
  id,
  mobile: p?.mobile ?? '',
  firstName: p?.firstName ?? null,
  lastName: p?.lastName ?? null,
});

/** The settings in force as the desk shows them: who approved them, and who paused trading. */
async function settingsView(db: DbOrTx, row: SettingsRow): Promise<TetherSettings> {
  const pause = row.paused ? await lastPause(db) : undefined;
  const people = await userSummaries(db, [row.updatedBy, pause?.actorUserId ?? null]);
  return {
    ...settingsValuesOf(row),
    paused: row.paused,
    pausedReason: row.paused ? row.pausedReason : null,
    pausedBy: pause?.actorUserId ? personOf(people.get(pause.actorUserId), pause.actorUserId) : null,
    pausedAt: pause ? pause.at.toISOString() : null,
    updatedBy: row.updatedBy ? personOf(people.get(row.updatedBy), row.updatedBy) : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The inventory's worth in toman at the market's middle: tether minor units × rials per tether ÷ 10⁶ ÷ 10,
 * rounded toward zero (a figure to watch, not a payment: it never rounds a position up).
 */
export function exposureToman(inventoryUsdt: bigint, midRials: bigint): bigint {
  return divRound(inventoryUsdt * midRials, USDT_UNIT * RIALS_PER_TOMAN, 'down');
}

export async function tetherDesk(deps: TetherDeskDeps): Promise<TetherDesk> {
  const now = clock(deps);
  const day = tehranDateOf(now);
  const settings = await readSettings(deps.db);
  const [price, balances, today, view] = await Promise.all([
    deps.prices.currentPrice(deps.db, now, settings),
    systemBalances(deps.db, ['exchange', 'fees'], ['USDT', 'IRT', 'IRR']),
    tradesOfDay(deps.db, day),
    settingsView(deps.db, settings),
  ]);
  const balance = (code: string, currency: 'USDT' | 'IRT' | 'IRR') =>
    fromMinor(balances.get(`${code}:${currency}`) ?? 0n, currency);
  const inventory = balances.get('exchange:USDT') ?? 0n;
  return {
    price,
    priceRules: {
      timeoutMs: deps.prices.config.timeoutMs,
      bandBps: deps.prices.config.bandBps,
      staleAfterSeconds: deps.prices.config.staleAfterSeconds,
    },
    sources: deps.prices.health(),
    settings: view,
    house: {
      exchange: { USDT: balance('exchange', 'USDT'), IRT: balance('exchange', 'IRT'), IRR: balance('exchange', 'IRR') },
      fees: { IRT: balance('fees', 'IRT'), IRR: balance('fees', 'IRR') },
      inventoryUsdt: fromMinor(inventory, 'USDT'),
      exposureToman: price.mid === null ? null : exposureToman(inventory, BigInt(price.mid)).toString(),
    },
    today: { day, trades: today.count, volumeToman: today.valueToman.toString() },
  };
}

export async function listDeskTrades(
  deps: TetherDeskDeps,
  q: { side?: TradeSide | undefined; userId?: string | undefined; page: number },
): Promise<{ items: AdminTetherTrade[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await listTrades(deps.db, {
    side: q.side,
    userId: q.userId,
    limit: ADMIN_TETHER_TRADES_PAGE_SIZE,
    offset: (q.page - 1) * ADMIN_TETHER_TRADES_PAGE_SIZE,
  });
  return {
    items: rows.map(({ trade, quote, user }) => ({
      id: trade.id,
      user: personOf(user, user.id),
      side: trade.side,
      fiat: trade.fiat,
      price: trade.price.toString(),
      fiatAmount: fromMinor(trade.fiatAmount, trade.fiat),
      usdtAmount: fromMinor(trade.usdtAmount, 'USDT'),
      fee: fromMinor(trade.fee, trade.fiat),
      valueToman: trade.valueToman.toString(),
      createdAt: trade.createdAt.toISOString(),
      quote: {
        id: quote.id,
        amountOf: quote.amountOf,
        priceSeq: quote.priceSeq,
        spreadBps: quote.spreadBps,
        feeBps: quote.feeBps,
        createdAt: quote.createdAt.toISOString(),
        expiresAt: quote.expiresAt.toISOString(),
      },
    })),
    total,
    page: q.page,
    pageSize: ADMIN_TETHER_TRADES_PAGE_SIZE,
  };
}

/**
 * Pauses trading with a reason: from the commit, new quotes and trades are refused
 * (`TETHER_TRADING_PAUSED`; a trade reads the flag inside its own transaction, so only a trade already
 * past that check when the pause commits completes). Already paused: refused with the same code, the
 * first pause's reason stays.
 */
export async function pauseTrading(deps: TetherDeskDeps, input: OperatorAct & { reason: string }) {
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockSettings(tx);
    if (current.paused) throw new AppError('TETHER_TRADING_PAUSED', 'Tether trading is already paused');
    const updated = await updateSettings(tx, { paused: true, pausedReason: input.reason });
    await writeAudit(tx, {
      action: 'tether.trading.paused',
      actorUserId: input.operatorId,
      subjectType: 'tether_settings',
      subjectId: '1',
      ip: input.ip,
      data: { reason: input.reason },
    });
    return updated;
  });
  return settingsView(deps.db, row);
}

/** Resumes trading at the settings in force; `CONFLICT` when it is not paused. */
export async function resumeTrading(deps: TetherDeskDeps, input: OperatorAct) {
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockSettings(tx);
    if (!current.paused) throw new AppError('CONFLICT', 'Tether trading is not paused');
    const updated = await updateSettings(tx, { paused: false, pausedReason: null });
    await writeAudit(tx, {
      action: 'tether.trading.resumed',
      actorUserId: input.operatorId,
      subjectType: 'tether_settings',
      subjectId: '1',
      ip: input.ip,
      data: { pausedReason: current.pausedReason },
    });
    return updated;
  });
  return settingsView(deps.db, row);
}
