/**
 * The console's settlement desk (issue 5, decision 020): the operator imports the bank statement of the
 * portal's by-ID account (`DEPOSIT_BY_ID_DESTINATION`) and sees what each transfer became. Importing
 * credits wallets, so it needs `money.review`; reading needs `money.read` (admin/roles.ts). A statement
 * imported twice credits once: a line is known by the bank's reference.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { STATEMENT_LINE_STATUSES, STATEMENT_RETURN_REASONS, depositByIdSchema } from '../wallet/deposit-by-id';
import { textSchema } from '../core/text';
import { proposalSchema } from './proposal-view';
import { pageOf, pageQuery } from '../core/paging';

const forbidden = ['UNAUTHENTICATED', 'FORBIDDEN', 'TWO_FACTOR_REQUIRED'] as const;

/**
 * The statement file: CSV, UTF-8, comma-separated, one header line with exactly these columns (in any
 * order), then one transfer per line. `date` is Gregorian `YYYY-MM-DD` and `time` `HH:MM` or `HH:MM:SS`,
 * both Tehran time; `amount_rial` is the credit in **rials**, a whole number of toman (divisible by 10);
 * `source_sheba` is the payer's sheba; `payment_id` is what the payer wrote as the payment ID (may be
 * empty); `bank_ref` is the bank's unique reference of the transfer (1–64 letters, digits, `-`, `_`).
 * Persian and Arabic-Indic digits are accepted. Decision 020.
 */
export const STATEMENT_COLUMNS = ['date', 'time', 'amount_rial', 'source_sheba', 'payment_id', 'bank_ref'] as const;
/** The most characters one imported statement may have (about 4,000 lines). */
export const STATEMENT_MAX_CHARS = 400_000;

/** The rules a statement file can break (each a `validation.<rule>` key with `{ line }` where it has one). */
export const STATEMENT_RULES = [
  'statementEmpty',
  'statementTooLong',
  'statementHeader',
  'statementColumns',
  'statementDate',
  'statementAmount',
  'statementSheba',
  'statementBankRef',
  'statementDuplicateRef',
] as const;
export type StatementRule = (typeof STATEMENT_RULES)[number];

export const importBankStatementBody = z.object({
  /** The file's name, for the record. */
  fileName: textSchema().min(1, { message: 'required' }).max(200, { message: 'max' }),
  /** The file's text. */
  content: textSchema({ multiline: true, trim: false })
    .min(1, { message: 'statementEmpty' })
    .max(STATEMENT_MAX_CHARS, { message: 'statementTooLong' }),
});
export type ImportBankStatementBody = z.input<typeof importBankStatementBody>;

/**
 * What an import did (before issue 15 the import endpoint's answer; an approved import's figures are in
 * its audit record `bank_statement.imported`).
 */
export const importResultSchema = z.object({
  importId: z.string(),
  /** Transfers in the file. */
  lines: z.number().int(),
  /** Of them, new to the portal (the others were imported before, by their bank reference). */
  added: z.number().int(),
  duplicates: z.number().int(),
  /**
   * What the matching run that followed the import did (it may also take lines of earlier imports):
   * lines matched, of them lines with something credited and lines with something going back (a line
   * over the daily cap is both).
   */
  matched: z.object({
    lines: z.number().int(),
    credited: z.number().int(),
    returning: z.number().int(),
  }),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * Proposes importing the by-ID account's bank statement (issue 15, decision 028): the file is checked
 * whole now (a broken file is refused as before, nothing kept) and answered 202 with the proposal; nothing
 * is imported or credited until a second operator approves it (admin/proposals.ts), which imports the
 * lines and runs the matching. An approver the statement would credit is refused.
 */
export const adminImportBankStatement = defineEndpoint({
  id: 'adminImportBankStatement',
  method: 'POST',
  path: '/admin/bank-statements',
  summary: 'Propose importing the by-ID account’s bank statement (CSV); a second operator approves',
  tags: ['admin'],
  auth: 'session',
  permission: 'money.review',
  body: importBankStatementBody,
  response: proposalSchema,
  successStatus: 202,
  errors: [...forbidden, 'VALIDATION_FAILED'],
});

export const adminStatementLineSchema = depositByIdSchema.extend({
  bankRef: z.string(),
  /** The payer's sheba, in full: the operator pays returns to it. */
  sourceSheba: z.string(),
  /** What the payer wrote, as on the statement. */
  rawPaymentId: z.string(),
  /** The fee kept from a return. */
  returnFee: z.string(),
  importId: z.string(),
  user: z
    .object({
      id: z.string(),
      mobile: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
    })
    .nullable(),
  matchedAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
});
export type AdminStatementLine = z.infer<typeof adminStatementLineSchema>;

export const adminListStatementLines = defineEndpoint({
  id: 'adminListStatementLines',
  method: 'GET',
  path: '/admin/bank-statements/lines',
  summary: 'Imported transfers by status, newest first',
  tags: ['admin'],
  auth: 'session',
  permission: 'money.read',
  query: pageQuery({
    status: z.enum(STATEMENT_LINE_STATUSES).optional(),
    reason: z.enum(STATEMENT_RETURN_REASONS).optional(),
  }),
  response: pageOf(adminStatementLineSchema),
  errors: [...forbidden, 'VALIDATION_FAILED'],
});
