/**
 * Statements, the holdings certificate and receipts (issue 19, decision 042): what they say, read from
 * the ledger (balances and movements, decision 016), the unit accounts and the NAV history (decision
 * 022). Rendering is documents.ts's.
 */
import { AppError } from '@portal/contract/core/errors';
import { CURRENCIES, CURRENCY_SCALE, type Currency } from '@portal/contract/core/money';
import { UNIT_SCALE, valueOfUnits } from '@portal/contract/funds/pricing';
import type { Culture } from '@portal/contract/core/constants';
import type { JournalRefType } from '@portal/contract/wallet/ledger';
import type { DbOrTx } from '../../db/client';
import type { LocalizedText } from '../../db/schema/columns';
import { canonicalContent, signCertificate, verificationCode, type CertificateContent } from './certificate';
import { endOfTehranDay, plainDecimal, startOfTehranDay, tehranDay } from './format';
import {
  balancesBefore,
  findFundOrder,
  findHolder,
  findOwnPosting,
  fundsWithNav,
  movementsBetween,
  unitsBefore,
  type HolderRow,
} from './statements.repository';

export interface Holder {
  userId: string;
  /** The Persian name and the Latin one, each when known. */
  name: { fa: string | null; en: string | null };
  /** E.164. */
  mobile: string;
  nationalCode: string | null;
}

export interface Movement {
  id: string;
  at: Date;
  type: 'Deposit' | 'Withdrawal';
  refType: JournalRefType;
  refId: string;
  /** Minor units, positive; `type` says the direction. */
  amount: bigint;
  fee: bigint;
  balanceAfter: bigint;
}

export interface WalletStatement {
  currency: Currency;
  opening: bigint;
  closing: bigint;
  movements: Movement[];
}

export interface Holding {
  fundId: string;
  fundCode: string;
  fundName: LocalizedText;
  currency: 'IRT' | 'USDT';
  /** Unit-minors. */
  units: bigint;
  nav: bigint | null;
  navDate: string | null;
  value: bigint | null;
}

export interface HoldingsAt {
  date: string;
  items: Holding[];
  totals: { currency: Currency; value: bigint }[];
}

export interface StatementData {
  holder: Holder;
  from: string;
  to: string;
  issuedAt: Date;
  wallets: WalletStatement[];
  holdings: HoldingsAt;
}

const toHolder = (userId: string, r: HolderRow): Holder => {
  const join = (a: string | null, b: string | null) => [a, b].filter(Boolean).join(' ') || null;
  return {
    userId,
    name: { fa: join(r.first_name, r.last_name), en: join(r.first_name_en, r.last_name_en) },
    mobile: r.mobile,
    nationalCode: r.national_code,
  };
};

/** The holder's name in a file's language: the Latin one in English when known, else the Persian one. */
export function holderName(h: Holder, lang: Culture): string {
  return (lang === 'en' ? (h.name.en ?? h.name.fa) : (h.name.fa ?? h.name.en)) ?? '';
}

/** The holder of a user id, or undefined when there is no such user. */
export async function findHolderOf(db: DbOrTx, userId: string): Promise<Holder | undefined> {
  const row = await findHolder(db, userId);
  return row ? toHolder(userId, row) : undefined;
}

async function holderOf(db: DbOrTx, userId: string): Promise<Holder> {
  const holder = await findHolderOf(db, userId);
  if (!holder) throw new AppError('NOT_FOUND', 'No such user');
  return holder;
}

/** The user's fund units at the end of a Tehran day, each valued at the NAV in force that day. */
export async function holdingsAt(db: DbOrTx, userId: string, date: string): Promise<HoldingsAt> {
  const units = await unitsBefore(db, userId, endOfTehranDay(date));
  const byFund = new Map(units.map((u) => [u.fund_id, BigInt(u.units)]));
  const funds = await fundsWithNav(db, [...byFund.keys()], date);
  const items: Holding[] = funds.map((f) => {
    const u = byFund.get(f.id) ?? 0n;
    const nav = f.nav === null ? null : BigInt(f.nav);
    return {
      fundId: f.id,
      fundCode: f.code,
      fundName: f.name,
      currency: f.currency,
      units: u,
      nav,
      navDate: f.nav_date,
      value: nav === null ? null : valueOfUnits(u, nav),
    };
  });
  const totals = new Map<Currency, bigint>();
  for (const h of items) if (h.value !== null) totals.set(h.currency, (totals.get(h.currency) ?? 0n) + h.value);
  return {
    date,
    items,
    totals: CURRENCIES.filter((c) => totals.has(c)).map((c) => ({ currency: c, value: totals.get(c)! })),
  };
}

/**
 * A statement of the Tehran days `from`..`to`: per wallet currency with a balance or a movement, the
 * opening balance (before `from`), every movement and the closing balance; the fund holdings at the
 * period's end (today when the period runs past it).
 */
export async function buildStatement(
  db: DbOrTx,
  userId: string,
  period: { from: string; to: string },
  now: Date,
): Promise<StatementData> {
  const holder = await holderOf(db, userId);
  const start = startOfTehranDay(period.from);
  const end = endOfTehranDay(period.to);
  const [opening, rows] = await Promise.all([
    balancesBefore(db, userId, start),
    movementsBetween(db, userId, start, end),
  ]);
  const openingOf = new Map(opening.map((o) => [o.currency, BigInt(o.balance)]));
  const wallets: WalletStatement[] = [];
  for (const currency of CURRENCIES) {
    const movements: Movement[] = rows
      .filter((r) => r.currency === currency)
      .map((r) => {
        const amount = BigInt(r.amount);
        return {
          id: r.id,
          at: new Date(r.created_at),
          type: amount > 0n ? 'Deposit' : 'Withdrawal',
          refType: r.ref_type as JournalRefType,
          refId: r.ref_id,
          amount: amount < 0n ? -amount : amount,
          fee: BigInt(r.fee),
          balanceAfter: BigInt(r.balance_after),
        };
      });
    const open = openingOf.get(currency) ?? 0n;
    if (open === 0n && movements.length === 0) continue;
    wallets.push({ currency, opening: open, closing: movements.at(-1)?.balanceAfter ?? open, movements });
  }
  if (wallets.length === 0) wallets.push({ currency: 'IRT', opening: 0n, closing: 0n, movements: [] });
  const today = tehranDay(now);
  const holdings = await holdingsAt(db, userId, period.to < today ? period.to : today);
  return { holder, from: period.from, to: period.to, issuedAt: now, wallets, holdings };
}

export interface CertificateData {
  holder: Holder;
  holdings: HoldingsAt;
  issuedAt: Date;
  content: CertificateContent;
  signature: string;
  code: string;
}

/** What the certificate signs: the holder as printed in Persian (the product's language) and the holdings. */
export function certificateContent(holder: Holder, holdings: HoldingsAt): CertificateContent {
  return {
    holder: {
      userId: holder.userId,
      name: holderName(holder, 'fa'),
      mobile: holder.mobile,
      nationalCode: holder.nationalCode,
    },
    date: holdings.date,
    holdings: holdings.items.map((h) => ({
      fundId: h.fundId,
      fundCode: h.fundCode,
      currency: h.currency,
      units: plainDecimal(h.units, UNIT_SCALE),
      nav: h.nav === null ? null : plainDecimal(h.nav, CURRENCY_SCALE[h.currency]),
      navDate: h.navDate,
      value: h.value === null ? null : plainDecimal(h.value, CURRENCY_SCALE[h.currency]),
    })),
    totals: holdings.totals.map((t) => ({
      currency: t.currency,
      value: plainDecimal(t.value, CURRENCY_SCALE[t.currency]),
    })),
  };
}

/** The holdings certificate of a Tehran day, signed. */
export async function buildCertificate(
  db: DbOrTx,
  userId: string,
  date: string,
  secret: string,
  now: Date,
): Promise<CertificateData> {
  const holder = await holderOf(db, userId);
  const holdings = await holdingsAt(db, userId, date);
  const content = certificateContent(holder, holdings);
  return {
    holder,
    holdings,
    issuedAt: now,
    content,
    signature: signCertificate(secret, content),
    code: verificationCode(secret, content),
  };
}

/** The canonical text of a certificate (tests and the decision's example). */
export const certificateText = (c: CertificateData) => canonicalContent(c.content);

export interface ReceiptData {
  holder: Holder;
  issuedAt: Date;
  movement: Movement;
  currency: Currency;
  journalId: string;
  /** The fund order of a purchase's or redemption's journal. */
  fundOrder: {
    kind: 'purchase' | 'redemption';
    status: string;
    fundName: LocalizedText;
    currency: Currency;
    nav: bigint | null;
    navDate: string;
    units: bigint | null;
  } | null;
}

/** The receipt of one of the user's transactions; another user's (or no such) transaction is NOT_FOUND. */
export async function buildReceipt(db: DbOrTx, userId: string, transactionId: string, now: Date): Promise<ReceiptData> {
  const row = await findOwnPosting(db, userId, transactionId);
  if (!row) throw new AppError('NOT_FOUND', 'No such transaction');
  const holder = await holderOf(db, userId);
  const amount = BigInt(row.amount);
  const kind =
    row.ref_type === 'FundSharePurchase' ? 'purchase' : row.ref_type === 'FundShareRedeem' ? 'redemption' : null;
  const order = kind ? await findFundOrder(db, userId, kind, row.ref_id) : undefined;
  return {
    holder,
    issuedAt: now,
    currency: row.currency,
    journalId: row.journal_id,
    movement: {
      id: row.id,
      at: new Date(row.created_at),
      type: amount > 0n ? 'Deposit' : 'Withdrawal',
      refType: row.ref_type as JournalRefType,
      refId: row.ref_id,
      amount: amount < 0n ? -amount : amount,
      // A fund order's fees are taken by its pricing journal (from the held money): the receipt shows them.
      fee: order ? BigInt(order.fee) : BigInt(row.fee),
      balanceAfter: BigInt(row.balance_after),
    },
    fundOrder: order
      ? {
          kind: order.kind,
          status: order.status,
          fundName: order.fund_name,
          currency: row.currency,
          nav: order.nav === null ? null : BigInt(order.nav),
          navDate: order.nav_date,
          units: order.units === null ? null : BigInt(order.units),
        }
      : null,
  };
}
