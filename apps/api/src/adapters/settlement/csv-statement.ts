/**
 * The statement file an operator imports (decision 020; the format is the contract's
 * `STATEMENT_COLUMNS`): CSV (RFC 4180 quoting), UTF-8 with or without a BOM, a header line, then one
 * credit per line. `date` + `time` are Tehran wall-clock time (UTC+03:30), `amount_rial` rials that make
 * whole toman. Blank lines are skipped. Every rule is checked for every line before anything is stored.
 */
import { TEHRAN_OFFSET_MS } from '@portal/contract/core/bank-calendar';
import { AppError, type FieldIssue } from '@portal/contract/core/errors';
import { normalizeDigits } from '@portal/contract/core/digits';
import { cleanSheba, shebaRule } from '@portal/contract/bank/bank-accounts';
import { STATEMENT_COLUMNS, type StatementRule } from '@portal/contract/admin/bank-statements';
import { isRealDate } from '@portal/contract/kyc/kyc';
import type { StatementLine, StatementParser } from './settlement.port';

type Column = (typeof STATEMENT_COLUMNS)[number];
/** At most this many issues are answered: a wholly wrong file is not a thousand messages. */
const MAX_ISSUES = 20;

/** Splits CSV text into records of fields (quotes may hold commas, quotes and line breaks). */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        field += ch;
      }
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      fields.push(field);
      records.push({ line: startLine, fields });
      fields = [];
      field = '';
      line++;
      startLine = line;
    } else field += ch;
  }
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    records.push({ line: startLine, fields });
  }
  return records.filter((r) => r.fields.some((f) => f.trim() !== ''));
}

/** `YYYY-MM-DD` + `HH:MM[:SS]` of Tehran as an instant, or null. */
function tehranInstant(date: string, time: string): Date | null {
  if (!isRealDate(date)) return null;
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!m) return null;
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? '0')];
  if (h > 23 || min > 59 || s > 59) return null;
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, min, s) - TEHRAN_OFFSET_MS);
}

export function createCsvStatementParser(): StatementParser {
  return {
    format: 'csv',
    parse(text) {
      const issues: FieldIssue[] = [];
      const fail = (rule: StatementRule, line?: number): void => {
        if (issues.length < MAX_ISSUES)
          issues.push({ path: 'body.content', rule, ...(line ? { params: { line } } : {}) });
      };
      const records = parseCsv(text);
      const header = records[0];
      if (!header) {
        fail('statementEmpty');
        throw new AppError('VALIDATION_FAILED', 'The statement is empty', { issues });
      }
      const names = header.fields.map((f) => f.trim().toLowerCase());
      const index = new Map<Column, number>();
      for (const c of STATEMENT_COLUMNS) {
        const at = names.indexOf(c);
        if (at >= 0 && names.lastIndexOf(c) === at) index.set(c, at);
      }
      if (index.size !== STATEMENT_COLUMNS.length || names.length !== STATEMENT_COLUMNS.length) {
        fail('statementHeader', header.line);
        throw new AppError('VALIDATION_FAILED', 'The statement header is not the expected one', { issues });
      }
      if (records.length === 1) fail('statementEmpty');
      const out: StatementLine[] = [];
      const refs = new Set<string>();
      for (const r of records.slice(1)) {
        if (r.fields.length !== STATEMENT_COLUMNS.length) {
          fail('statementColumns', r.line);
          continue;
        }
        const col = (c: Column) => normalizeDigits(r.fields[index.get(c)!]!).trim();
        const bookedAt = tehranInstant(col('date'), col('time'));
        if (!bookedAt) fail('statementDate', r.line);
        const rial = col('amount_rial').replace(/[,\s٬]/g, '');
        const amountOk = /^\d{1,16}$/.test(rial) && BigInt(rial) > 0n && BigInt(rial) % 10n === 0n;
        if (!amountOk) fail('statementAmount', r.line);
        const sheba = cleanSheba(col('source_sheba'));
        if (shebaRule(sheba) !== null) fail('statementSheba', r.line);
        const bankRef = col('bank_ref');
        if (!/^[A-Za-z0-9_-]{1,64}$/.test(bankRef)) fail('statementBankRef', r.line);
        else if (refs.has(bankRef)) fail('statementDuplicateRef', r.line);
        refs.add(bankRef);
        if (bookedAt && amountOk) {
          out.push({
            bankRef,
            bookedAt,
            amount: BigInt(rial) / 10n,
            sourceSheba: sheba,
            rawPaymentId: r.fields[index.get('payment_id')!]!.trim().slice(0, 200),
          });
        }
      }
      if (issues.length > 0) throw new AppError('VALIDATION_FAILED', 'The statement breaks the format', { issues });
      return out;
    },
  };
}
