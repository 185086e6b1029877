/**
 * Statements, the holdings certificate and receipts (issue 19, decision 042): files, not JSON. Each
 * answers `application/pdf` or `text/csv; charset=utf-8` (the CSV starts with a UTF-8 byte-order mark so
 * spreadsheet programs read Persian), with `Content-Disposition: attachment; filename=…`. Like the KYC
 * file download (`getFile`), the declared response is `z.unknown()`: the body is the file's bytes. A bad
 * request answers the usual JSON error (`VALIDATION_FAILED` with its issues), and nothing is produced.
 *
 * Dates are Gregorian `YYYY-MM-DD` of Tehran days (decision 015: the web turns the user's Jalali choice
 * into them; a Jalali month is its first..last day). Persian and Arabic files print Jalali dates and
 * Persian digits, right to left; English files print Gregorian dates.
 */
import { z } from 'zod';
import { CULTURES, type Culture } from '../core/constants';
import { defineEndpoint } from '../core/endpoint';
import type { FieldIssue } from '../core/errors';

export const STATEMENT_FORMATS = ['pdf', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** The longest period one statement covers, in days (both ends counted): a year, leap day included. */
export const STATEMENT_MAX_DAYS = 366;

const isoDate = z.iso.date({ message: 'date' });
const formatSchema = z.enum(STATEMENT_FORMATS, { message: 'select' });
const langSchema = z.enum(CULTURES, { message: 'select' }).default('fa');

export const statementQuery = z.object({
  from: isoDate,
  to: isoDate,
  format: formatSchema,
  lang: langSchema,
});
export type StatementQuery = z.input<typeof statementQuery>;

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both counted (2025-01-01..2025-01-01 is 1). */
export function daysInPeriod(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * What is wrong with a period as a whole (each date already valid): `to` before `from`
 * (`dateRangeOrder`), or longer than `STATEMENT_MAX_DAYS` (`dateRangeTooLong`, with `days`). The server
 * answers it as a `VALIDATION_FAILED` issue on `querystring.to`; the web's form shows the same rule.
 */
export function statementPeriodIssue(from: string, to: string): FieldIssue | null {
  const days = daysInPeriod(from, to);
  if (days < 1) return { path: 'querystring.to', rule: 'dateRangeOrder' };
  if (days > STATEMENT_MAX_DAYS) {
    return { path: 'querystring.to', rule: 'dateRangeTooLong', params: { days: STATEMENT_MAX_DAYS } };
  }
  return null;
}

export const getStatement = defineEndpoint({
  id: 'getStatement',
  method: 'GET',
  path: '/statements',
  summary:
    'My statement for a period of Tehran days (a month is its first..last day): per wallet currency the opening balance, every movement, the closing balance; fund holdings at the end. PDF or CSV.',
  tags: ['wallet'],
  auth: 'session',
  query: statementQuery,
  response: z.unknown(),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'RATE_LIMITED'],
});

export const holdingsCertificateQuery = z.object({
  date: isoDate,
  format: formatSchema,
  lang: langSchema,
});
export type HoldingsCertificateQuery = z.input<typeof holdingsCertificateQuery>;

export const getHoldingsCertificate = defineEndpoint({
  id: 'getHoldingsCertificate',
  method: 'GET',
  path: '/statements/holdings',
  summary:
    'My holdings certificate at the end of a Tehran day (not after today): units, NAV and value per fund, the total, signed by the portal (HMAC) with a verification code. PDF or CSV.',
  tags: ['wallet'],
  auth: 'session',
  query: holdingsCertificateQuery,
  response: z.unknown(),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'RATE_LIMITED'],
});

/** A certificate's verification code as printed: `HC1-` then base32 groups (decision 042). */
export const certificateCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^HC1-[A-Z2-7-]{20,120}$/, { message: 'format' });

export const certificateVerification = z.object({
  /** Whether the code is the portal's and the certificate it names still says what was signed. */
  valid: z.boolean(),
  /** When valid: the Tehran date, the holder's name as printed, the total per currency. */
  date: z.string().optional(),
  holder: z.string().optional(),
  totals: z.array(z.object({ currency: z.string(), value: z.string() })).optional(),
});
export type CertificateVerification = z.infer<typeof certificateVerification>;

export const verifyHoldingsCertificate = defineEndpoint({
  id: 'verifyHoldingsCertificate',
  method: 'GET',
  path: '/statements/verify',
  summary:
    'Anyone holding a holdings certificate (a bank) checks its verification code: valid or not, with the date, the holder and the totals it signed',
  tags: ['wallet'],
  auth: 'public',
  query: z.object({ code: certificateCodeSchema }),
  response: certificateVerification,
  errors: ['VALIDATION_FAILED', 'RATE_LIMITED'],
});

export const receiptParams = z.object({
  /** The transaction's id as `/transactions` lists it (a ledger posting of one of my wallets). */
  id: z.string().regex(/^\d{1,18}$/, { message: 'format' }),
});

export const getTransactionReceipt = defineEndpoint({
  id: 'getTransactionReceipt',
  method: 'GET',
  path: '/transactions/:id/receipt',
  summary:
    'The receipt of one of my transactions (deposit, withdrawal, fund purchase or redemption…), as PDF; another user’s is NOT_FOUND',
  tags: ['wallet'],
  auth: 'session',
  params: receiptParams,
  query: z.object({ format: z.enum(['pdf'], { message: 'select' }).default('pdf'), lang: langSchema }),
  response: z.unknown(),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND', 'RATE_LIMITED'],
});

/** A query string of plain values (the contract has no DOM: no `URLSearchParams` here). */
const queryOf = (q: Record<string, string>) =>
  Object.entries(q)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');

/** Paths the web links to (downloads fetch them with the session cookie). */
export function statementUrl(q: { from: string; to: string; format: StatementFormat; lang: Culture }): string {
  return `/api/statements?${queryOf({ from: q.from, to: q.to, format: q.format, lang: q.lang })}`;
}

export function holdingsCertificateUrl(q: { date: string; format: StatementFormat; lang: Culture }): string {
  return `/api/statements/holdings?${queryOf({ date: q.date, format: q.format, lang: q.lang })}`;
}

export function receiptUrl(transactionId: string, lang: Culture): string {
  return `/api/transactions/${encodeURIComponent(transactionId)}/receipt?${queryOf({ format: 'pdf', lang })}`;
}
