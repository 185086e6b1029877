/**
 * The files (decision 042): each document as PDF blocks (pdf.ts draws them) and as CSV. The PDF prints for
 * people: Persian and Arabic in Jalali dates and Persian digits, right to left; English in Gregorian. The
 * CSV is for spreadsheets: UTF-8 with a byte-order mark, CRLF lines, the same words and calendars, Latin
 * digits, plain decimals (amounts signed: a withdrawal is negative), one section after another.
 */
import type { Culture } from '@portal/contract/core/constants';
import { CURRENCY_SCALE, type Currency } from '@portal/contract/core/money';
import { UNIT_SCALE } from '@portal/contract/funds/pricing';
import { digitsFor, plainDay, plainDecimal, plainTime, printDateTime, printDay, printMinor, tehranDay } from './format';
import { renderPdf, type Block, type Column } from './pdf';
import {
  holderName,
  type CertificateData,
  type Holder,
  type HoldingsAt,
  type ReceiptData,
  type StatementData,
} from './statements.service';
import { isRtl, TEXTS, type Texts } from './texts';

/** A local Iranian number as people write it (`09121234567`); another country's stays E.164. */
const localMobile = (e164: string) => (e164.startsWith('+98') ? `0${e164.slice(3)}` : e164);

const money = (minor: bigint, currency: Currency, lang: Culture) => printMinor(minor, CURRENCY_SCALE[currency], lang);
const plainMoney = (minor: bigint, currency: Currency) => plainDecimal(minor, CURRENCY_SCALE[currency]);

function holderFields(t: Texts, h: Holder, lang: Culture): [string, string][] {
  const rows: [string, string][] = [
    [t.name, holderName(h, lang) || t.unknown],
    [t.mobile, digitsFor(localMobile(h.mobile), lang)],
  ];
  if (h.nationalCode) rows.push([t.nationalCode, digitsFor(h.nationalCode, lang)]);
  return rows;
}

function holdingsBlocks(t: Texts, h: HoldingsAt, lang: Culture, heading: string): Block[] {
  if (h.items.length === 0)
    return [
      { kind: 'heading', text: heading },
      { kind: 'paragraph', text: t.noHoldings },
    ];
  const columns: Column[] = [
    { label: t.fund, width: 3 },
    { label: t.units, width: 1.5, align: 'end' },
    { label: t.navDate, width: 1.4, align: 'end' },
    { label: t.nav, width: 1.6, align: 'end' },
    { label: t.value, width: 2, align: 'end' },
  ];
  const rows = h.items.map((i) => [
    i.fundName[lang],
    printMinor(i.units, UNIT_SCALE, lang),
    i.navDate ? printDay(i.navDate, lang) : t.noNav,
    i.nav === null ? t.unknown : `${money(i.nav, i.currency, lang)} ${t.currencies[i.currency]}`,
    i.value === null ? t.unknown : `${money(i.value, i.currency, lang)} ${t.currencies[i.currency]}`,
  ]);
  const totals = h.totals.map((x) => [
    t.total,
    '',
    '',
    '',
    `${money(x.value, x.currency, lang)} ${t.currencies[x.currency]}`,
  ]);
  return [
    { kind: 'heading', text: heading },
    {
      kind: 'table',
      columns,
      rows: [...rows, ...totals],
      bold: totals.map((_, i) => rows.length + i),
    },
  ];
}

export function statementBlocks(s: StatementData, lang: Culture): Block[] {
  const t = TEXTS[lang];
  const blocks: Block[] = [
    { kind: 'title', text: t.statementTitle, subtitle: t.portal },
    {
      kind: 'fields',
      rows: [
        ...holderFields(t, s.holder, lang),
        [t.period, `${t.from} ${printDay(s.from, lang)} ${t.to} ${printDay(s.to, lang)}`],
        [t.issuedAt, printDateTime(s.issuedAt, lang)],
      ],
    },
  ];
  const columns: Column[] = [
    { label: t.date, width: 1.9 },
    { label: t.type, width: 1 },
    { label: t.refType, width: 2.2 },
    { label: t.amount, width: 1.7, align: 'end' },
    { label: t.fee, width: 1.1, align: 'end' },
    { label: t.balanceAfter, width: 1.9, align: 'end' },
  ];
  for (const w of s.wallets) {
    const rows = [
      [printDay(s.from, lang), '', t.opening, '', '', money(w.opening, w.currency, lang)],
      ...w.movements.map((m) => [
        printDateTime(m.at, lang),
        t.types[m.type],
        t.refTypes[m.refType] ?? m.refType,
        money(m.amount, w.currency, lang),
        m.fee === 0n ? digitsFor('0', lang) : money(m.fee, w.currency, lang),
        money(m.balanceAfter, w.currency, lang),
      ]),
      [printDay(s.to, lang), '', t.closing, '', '', money(w.closing, w.currency, lang)],
    ];
    blocks.push({ kind: 'heading', text: `${t.wallet} ${t.currencies[w.currency]}` });
    blocks.push({ kind: 'table', columns, rows, bold: [0, rows.length - 1] });
    if (w.movements.length === 0) blocks.push({ kind: 'paragraph', text: t.noMovements, small: true });
  }
  blocks.push(...holdingsBlocks(t, s.holdings, lang, `${t.holdingsAt} (${printDay(s.holdings.date, lang)})`));
  return blocks;
}

export function certificateBlocks(c: CertificateData, lang: Culture): Block[] {
  const t = TEXTS[lang];
  return [
    { kind: 'title', text: t.certificateTitle, subtitle: t.portal },
    {
      kind: 'fields',
      rows: [
        ...holderFields(t, c.holder, lang),
        [t.atDate, printDay(c.holdings.date, lang)],
        [t.issuedAt, printDateTime(c.issuedAt, lang)],
      ],
    },
    ...holdingsBlocks(t, c.holdings, lang, t.holdings),
    { kind: 'gap', size: 10 },
    { kind: 'fields', rows: [[t.verificationCode, c.code]] },
    { kind: 'paragraph', text: `${t.signature}: ${c.signature}`, small: true, mono: true },
    { kind: 'paragraph', text: t.certificateNote, small: true },
  ];
}

export function receiptBlocks(r: ReceiptData, lang: Culture): Block[] {
  const t = TEXTS[lang];
  const m = r.movement;
  const rows: [string, string][] = [
    [t.transactionId, digitsFor(m.id, lang)],
    [t.date, printDateTime(m.at, lang)],
    [t.type, t.types[m.type]],
    [t.refType, t.refTypes[m.refType] ?? m.refType],
    [t.reference, m.refId],
    [t.amount, `${money(m.amount, r.currency, lang)} ${t.currencies[r.currency]}`],
    [t.fee, `${money(m.fee, r.currency, lang)} ${t.currencies[r.currency]}`],
    [t.balanceAfter, `${money(m.balanceAfter, r.currency, lang)} ${t.currencies[r.currency]}`],
  ];
  const o = r.fundOrder;
  const order: [string, string][] = o
    ? [
        [t.fund, o.fundName[lang]],
        [t.units, o.units === null ? t.noNav : printMinor(o.units, UNIT_SCALE, lang)],
        [t.navDate, printDay(o.navDate, lang)],
        [t.nav, o.nav === null ? t.noNav : `${money(o.nav, o.currency, lang)} ${t.currencies[o.currency]}`],
      ]
    : [];
  return [
    { kind: 'title', text: t.receiptTitle, subtitle: t.portal },
    { kind: 'fields', rows: [...holderFields(t, r.holder, lang), [t.issuedAt, printDateTime(r.issuedAt, lang)]] },
    { kind: 'heading', text: t.receiptTitle },
    { kind: 'fields', rows },
    ...(o
      ? ([
          { kind: 'heading', text: t.fundOrder },
          { kind: 'fields', rows: order },
        ] as Block[])
      : []),
  ];
}

export const pdfOf = (blocks: Block[], lang: Culture, title: string) =>
  renderPdf(blocks, { rtl: isRtl(lang), title, footer: TEXTS[lang].portal });

/** One CSV cell: quoted when it must be, and never read as a formula by a spreadsheet. */
function cell(v: string): string {
  const safe = /^[=+@\t\r]/.test(v) || /^-(?!\d)/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV text: a UTF-8 byte-order mark (spreadsheets then read Persian), CRLF lines. */
export const csvOf = (rows: readonly (readonly string[])[]) =>
  `\uFEFF${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;

function holderCsv(t: Texts, h: Holder, lang: Culture): string[][] {
  return [
    [t.name, holderName(h, lang)],
    [t.mobile, localMobile(h.mobile)],
    [t.nationalCode, h.nationalCode ?? ''],
  ];
}

function holdingsCsv(t: Texts, h: HoldingsAt, lang: Culture): string[][] {
  return [
    [t.fund, t.currency, t.units, t.navDate, t.nav, t.value],
    ...h.items.map((i) => [
      i.fundName[lang],
      i.currency,
      plainDecimal(i.units, UNIT_SCALE),
      i.navDate ? plainDay(i.navDate, lang) : '',
      i.nav === null ? '' : plainMoney(i.nav, i.currency),
      i.value === null ? '' : plainMoney(i.value, i.currency),
    ]),
    ...h.totals.map((x) => [t.total, x.currency, '', '', '', plainMoney(x.value, x.currency)]),
  ];
}

const plainDateTime = (at: Date, lang: Culture) => [plainDay(tehranDay(at), lang), plainTime(at)];

export function statementCsv(s: StatementData, lang: Culture): string {
  const t = TEXTS[lang];
  const rows: string[][] = [
    [t.statementTitle, t.portal],
    ...holderCsv(t, s.holder, lang),
    [t.period, plainDay(s.from, lang), plainDay(s.to, lang)],
    [t.issuedAt, ...plainDateTime(s.issuedAt, lang)],
    [],
    [t.currency, t.date, t.time, t.type, t.refType, t.reference, t.amount, t.fee, t.balanceAfter],
  ];
  for (const w of s.wallets) {
    rows.push([w.currency, plainDay(s.from, lang), '', t.opening, '', '', '', '', plainMoney(w.opening, w.currency)]);
    for (const m of w.movements) {
      rows.push([
        w.currency,
        ...plainDateTime(m.at, lang),
        t.types[m.type],
        t.refTypes[m.refType] ?? m.refType,
        m.refId,
        plainMoney(m.type === 'Withdrawal' ? -m.amount : m.amount, w.currency),
        plainMoney(m.fee, w.currency),
        plainMoney(m.balanceAfter, w.currency),
      ]);
    }
    rows.push([w.currency, plainDay(s.to, lang), '', t.closing, '', '', '', '', plainMoney(w.closing, w.currency)]);
  }
  rows.push([], [t.holdingsAt, plainDay(s.holdings.date, lang)], ...holdingsCsv(t, s.holdings, lang));
  return csvOf(rows);
}

export function certificateCsv(c: CertificateData, lang: Culture): string {
  const t = TEXTS[lang];
  return csvOf([
    [t.certificateTitle, t.portal],
    ...holderCsv(t, c.holder, lang),
    [t.atDate, plainDay(c.holdings.date, lang)],
    [t.issuedAt, ...plainDateTime(c.issuedAt, lang)],
    [],
    ...holdingsCsv(t, c.holdings, lang),
    [],
    [t.verificationCode, c.code],
    [t.signature, c.signature],
  ]);
}
