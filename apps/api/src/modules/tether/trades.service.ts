/**
 * Quotes and trades of tether against toman or rial (issue 17, decision 039). A quote is priced from the
 * live price with the house's spread and fee, and is the house's promise to one user for one amount until it
 * expires. Executing it is one money transaction (ref type `ExchangeTransaction`): the user's two wallets,
 * the house's exchange accounts per currency and the fee account, written at the quote's amounts or not at
 * all. An expired quote is refused with a fresh one's id; it is never filled at another price.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AppError } from '@portal/contract/core/errors';
import { fromMinor, toMinor, type Currency } from '@portal/contract/core/money';
import { KYC_REQUIREMENT } from '@portal/contract/kyc/kyc';
import { tehranDateOf } from '@portal/contract/funds/orders';
import {
  TETHER_TRADES_PAGE_SIZE,
  type CreateTetherQuoteBody,
  type TetherMarket,
  type TetherQuote,
  type TetherTrade,
} from '@portal/contract/tether/market';
import { priceTrade, tradeValueToman, type TradeFiat, type TradeSide } from '@portal/contract/tether/pricing';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { assertMayMoveMoney } from '../../lib/guards';
import { withIdempotency } from '../../lib/idempotency';
import { runMoneyTransaction } from '../../lib/money-tx';
import { postJournal, userAccountId, type PostingInput } from '../ledger/ledger.service';
import { findUserAccount, systemAccountId } from '../ledger/ledger.repository';
import { lockUser } from '../users/users.repository';
import type { PriceService } from './price.service';
import {
  dailyLimitOf,
  findTradeOfQuote,
  findUserQuote,
  insertQuote,
  insertTrade,
  listUserTrades,
  markQuoteExecuted,
  readSettings,
  tradedOnDay,
  type QuoteRow,
  type SettingsRow,
  type TradeRow,
} from './tether.repository';

export interface TetherDeps {
  db: Db;
  prices: PriceService;
  now?: () => Date;
}

const clock = (deps: TetherDeps) => deps.now?.() ?? new Date();

/** The currency the user named an amount in: fiat when paying on a buy or receiving on a sell. */
function currencyOfAmount(side: TradeSide, amountOf: 'pay' | 'receive', fiat: TradeFiat): Currency {
  return (side === 'buy') === (amountOf === 'pay') ? fiat : 'USDT';
}

/** The typed amount in minor units, or the field's translated issue (nothing is written). */
function requestedMinor(body: { amount: string }, currency: Currency): bigint {
  let minor: bigint;
  try {
    minor = toMinor(body.amount, currency);
  } catch {
    throw fieldIssue('amountDecimals', { scale: String(currency === 'USDT' ? 6 : 0) });
  }
  if (minor <= 0n) throw fieldIssue('amountPositive');
  // Far inside a bigint column whatever the price: a thousand trillion minor units.
  if (minor > 10n ** 18n) throw fieldIssue('amountMax');
  return minor;
}

function fieldIssue(rule: string, params?: Record<string, string>): AppError {
  return new AppError('VALIDATION_FAILED', 'The amount is not valid', {
    issues: [{ path: 'body.amount', rule, ...(params ? { params } : {}) }],
  });
}

async function userState(db: DbOrTx, userId: string): Promise<{ kycLevel: number; frozen: boolean } | undefined> {
  const [u] = await db
    .select({ kycLevel: users.kycLevel, frozenAt: users.frozenAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return u && { kycLevel: u.kycLevel, frozen: u.frozenAt !== null };
}

export async function tetherMarket(deps: TetherDeps, userId: string): Promise<TetherMarket> {
  const now = clock(deps);
  const settings = await readSettings(deps.db);
  const [price, user, traded] = await Promise.all([
    deps.prices.currentPrice(deps.db, now, settings),
    userState(deps.db, userId),
    tradedOnDay(deps.db, userId, tehranDateOf(now)),
  ]);
  const kycLevel = user?.kycLevel ?? 0;
  const limit = dailyLimitOf(settings, kycLevel);
  return {
    price,
    feeBps: settings.feeBps,
    quoteTtlSeconds: settings.quoteTtlSeconds,
    minTradeToman: settings.minTradeToman.toString(),
    dailyLimitToman: limit.toString(),
    dailyRemainingToman: (limit > traded ? limit - traded : 0n).toString(),
    requiredKycLevel: KYC_REQUIREMENT.invest,
    kycLevel,
  };
}

/** Refuses a trade the market or the user's limits do not allow; answers its toman worth. */
function assertTradeAllowed(
  settings: SettingsRow,
  o: { side: TradeSide; fiat: TradeFiat; amounts: { fiat: bigint; usdt: bigint; fee: bigint } },
  limit: bigint,
  traded: bigint,
): bigint {
  const value = tradeValueToman(o.side, o.fiat, o.amounts);
  if (value < settings.minTradeToman) {
    throw new AppError('TRADE_BELOW_MINIMUM', 'The trade is worth less than the least one trade may be', {
      min: settings.minTradeToman.toString(),
    });
  }
  if (traded + value > limit) {
    throw new AppError('TRADE_DAILY_LIMIT', 'The trade would pass the daily limit', {
      remaining: (limit > traded ? limit - traded : 0n).toString(),
    });
  }
  return value;
}

/** The available balance of one of the user's wallets (0 when never opened). */
async function available(db: DbOrTx, userId: string, currency: Currency): Promise<bigint> {
  const account = await findUserAccount(db, userId, currency, 'available');
  return account?.balance ?? 0n;
}

export async function createQuote(
  deps: TetherDeps,
  input: { userId: string; body: Omit<CreateTetherQuoteBody, 'amount'> & { amount: string } },
): Promise<TetherQuote> {
  const now = clock(deps);
  const { side, fiat, amountOf } = input.body as { side: TradeSide; fiat: TradeFiat; amountOf: 'pay' | 'receive' };
  const requested = requestedMinor(input.body, currencyOfAmount(side, amountOf, fiat));
  const settings = await readSettings(deps.db);
  if (settings.paused) throw new AppError('TETHER_TRADING_PAUSED', 'Tether trading is paused');
  const user = await userState(deps.db, input.userId);
  assertMayMoveMoney(user, KYC_REQUIREMENT.invest);
  const price = await deps.prices.currentPrice(deps.db, now, settings);
  if (price.status !== 'live' || price.buy === null || price.sell === null) {
    throw new AppError('TETHER_PRICE_STALE', 'No fresh tether price: trading waits for one');
  }
  const housePrice = BigInt(side === 'buy' ? price.buy : price.sell);
  const amounts = priceTrade({
    side,
    fiat,
    amountOf,
    amount: requested,
    price: housePrice,
    feeBps: BigInt(settings.feeBps),
  });
  if (!amounts) {
    throw new AppError('TRADE_BELOW_MINIMUM', 'The amount is too small to trade', {
      min: settings.minTradeToman.toString(),
    });
  }
  const traded = await tradedOnDay(deps.db, input.userId, tehranDateOf(now));
  assertTradeAllowed(settings, { side, fiat, amounts }, dailyLimitOf(settings, user!.kycLevel), traded);
  const pays: Currency = side === 'buy' ? fiat : 'USDT';
  const needed = side === 'buy' ? amounts.fiat : amounts.usdt;
  if ((await available(deps.db, input.userId, pays)) < needed) {
    throw new AppError('INSUFFICIENT_BALANCE', 'The balance does not cover the amount');
  }
  const row = await insertQuote(deps.db, {
    userId: input.userId,
    side,
    fiat,
    amountOf,
    requested,
    priceSeq: price.seq,
    price: housePrice,
    fiatAmount: amounts.fiat,
    usdtAmount: amounts.usdt,
    fee: amounts.fee,
    feeBps: settings.feeBps,
    spreadBps: settings.spreadBps,
    createdAt: now,
    expiresAt: new Date(now.getTime() + settings.quoteTtlSeconds * 1000),
  });
  return quoteView(row, null);
}

export async function getQuote(deps: TetherDeps, userId: string, quoteId: string): Promise<TetherQuote> {
  const row = await findUserQuote(deps.db, userId, quoteId);
  if (!row) throw new AppError('NOT_FOUND', 'No such quote');
  const trade = row.executedAt ? await findTradeOfQuote(deps.db, row.id) : undefined;
  return quoteView(row, trade?.id ?? null);
}

/** Thrown inside the transaction when the quote's time is over, so the fresh quote is made after it. */
class QuoteExpired extends Error {
  constructor(readonly quote: QuoteRow) {
    super('quote expired');
  }
}

export async function executeQuote(
  deps: TetherDeps,
  input: { userId: string; quoteId: string; idempotencyKey: string; ip: string },
): Promise<TetherTrade> {
  const call = {
    userId: input.userId,
    key: input.idempotencyKey,
    operation: 'executeTetherQuote',
    request: { quoteId: input.quoteId },
  };
  try {
    const { response } = await runMoneyTransaction(deps.db, (tx) =>
      withIdempotency(tx, call, async (): Promise<TetherTrade> => {
        const now = clock(deps);
        // The user's row first: one trade of a user at a time, so the daily limit counts every other one.
        await lockUser(tx, input.userId, 'no key update');
        // Read once under the lock: the KYC and freeze check, and the level whose daily limit applies.
        const user = await userState(tx, input.userId);
        assertMayMoveMoney(user, KYC_REQUIREMENT.invest);
        const quote = await findUserQuote(tx, input.userId, input.quoteId, { lock: true });
        if (!quote) throw new AppError('NOT_FOUND', 'No such quote');
        if (quote.executedAt) throw new AppError('QUOTE_ALREADY_EXECUTED', 'This quote was already executed');
        const settings = await readSettings(tx);
        if (settings.paused) throw new AppError('TETHER_TRADING_PAUSED', 'Tether trading is paused');
        if (now.getTime() > quote.expiresAt.getTime()) throw new QuoteExpired(quote);
        const traded = await tradedOnDay(tx, input.userId, tehranDateOf(now));
        const amounts = { fiat: quote.fiatAmount, usdt: quote.usdtAmount, fee: quote.fee };
        const value = assertTradeAllowed(
          settings,
          { side: quote.side, fiat: quote.fiat, amounts },
          dailyLimitOf(settings, user!.kycLevel),
          traded,
        );
        const tradeId = randomUUID();
        const journal = await postJournal(tx, {
          refType: 'ExchangeTransaction',
          refId: tradeId,
          createdBy: input.userId,
          memo: `tether ${quote.side} at ${quote.price}`,
          postings: await tradePostings(tx, input.userId, quote),
        });
        await markQuoteExecuted(tx, quote.id, now);
        const trade = await insertTrade(tx, {
          id: tradeId,
          quoteId: quote.id,
          userId: input.userId,
          side: quote.side,
          fiat: quote.fiat,
          price: quote.price,
          fiatAmount: quote.fiatAmount,
          usdtAmount: quote.usdtAmount,
          fee: quote.fee,
          valueToman: value,
          tradeDay: tehranDateOf(now),
          journalId: journal.journalId,
          createdAt: now,
        });
        await writeAudit(tx, {
          action: 'tether.trade.executed',
          actorUserId: input.userId,
          subjectType: 'tether_trade',
          subjectId: tradeId,
          ip: input.ip,
          data: {
            quoteId: quote.id,
            side: quote.side,
            fiat: quote.fiat,
            price: quote.price.toString(),
            fiatAmount: fromMinor(quote.fiatAmount, quote.fiat),
            usdtAmount: fromMinor(quote.usdtAmount, 'USDT'),
          },
        });
        return tradeView(trade);
      }),
    );
    return response;
  } catch (err) {
    if (!(err instanceof QuoteExpired)) throw err;
    const q = err.quote;
    const fresh = await createQuote(deps, {
      userId: input.userId,
      body: {
        side: q.side,
        fiat: q.fiat,
        amountOf: q.amountOf,
        amount: fromMinor(q.requested, currencyOfAmount(q.side, q.amountOf, q.fiat)),
      },
    });
    throw new AppError('QUOTE_EXPIRED', 'The quote has expired: here is a fresh one', { quoteId: fresh.id });
  }
}

/**
 * The journal of a trade. Buy: the user's fiat pays the house's exchange account and the fee account, the
 * house's tether goes to the user. Sell: the mirror. The house's exchange accounts may go below zero: their
 * balance is the house's position in each currency (decision 039).
 */
async function tradePostings(tx: DbOrTx, userId: string, q: QuoteRow): Promise<PostingInput[]> {
  const fiat: Currency = q.fiat;
  const [userFiat, userUsdt, houseFiat, houseUsdt, fees] = await Promise.all([
    userAccountId(tx, userId, fiat),
    userAccountId(tx, userId, 'USDT'),
    systemAccountId(tx, 'exchange', fiat),
    systemAccountId(tx, 'exchange', 'USDT'),
    systemAccountId(tx, 'fees', fiat),
  ]);
  const postings: PostingInput[] =
    q.side === 'buy'
      ? [
          { accountId: userFiat, currency: fiat, amount: -q.fiatAmount },
          { accountId: houseFiat, currency: fiat, amount: q.fiatAmount - q.fee },
          { accountId: houseUsdt, currency: 'USDT', amount: -q.usdtAmount },
          { accountId: userUsdt, currency: 'USDT', amount: q.usdtAmount },
        ]
      : [
          { accountId: userUsdt, currency: 'USDT', amount: -q.usdtAmount },
          { accountId: houseUsdt, currency: 'USDT', amount: q.usdtAmount },
          { accountId: houseFiat, currency: fiat, amount: -(q.fiatAmount + q.fee) },
          { accountId: userFiat, currency: fiat, amount: q.fiatAmount },
        ];
  if (q.fee > 0n) postings.push({ accountId: fees, currency: fiat, amount: q.fee });
  return postings;
}

export async function listTrades(
  db: Db,
  userId: string,
  page: number,
): Promise<{ items: TetherTrade[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await listUserTrades(
    db,
    userId,
    TETHER_TRADES_PAGE_SIZE,
    (page - 1) * TETHER_TRADES_PAGE_SIZE,
  );
  return { items: rows.map(tradeView), total, page, pageSize: TETHER_TRADES_PAGE_SIZE };
}

function quoteView(row: QuoteRow, tradeId: string | null): TetherQuote {
  return {
    id: row.id,
    side: row.side,
    fiat: row.fiat,
    amountOf: row.amountOf,
    price: row.price.toString(),
    fiatAmount: fromMinor(row.fiatAmount, row.fiat),
    usdtAmount: fromMinor(row.usdtAmount, 'USDT'),
    fee: fromMinor(row.fee, row.fiat),
    feeBps: row.feeBps,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    tradeId,
  };
}

function tradeView(row: TradeRow): TetherTrade {
  return {
    id: row.id,
    quoteId: row.quoteId,
    side: row.side,
    fiat: row.fiat,
    price: row.price.toString(),
    fiatAmount: fromMinor(row.fiatAmount, row.fiat),
    usdtAmount: fromMinor(row.usdtAmount, 'USDT'),
    fee: fromMinor(row.fee, row.fiat),
    createdAt: row.createdAt.toISOString(),
  };
}
