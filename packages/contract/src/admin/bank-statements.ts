/**
 * The console's settlement desk (issue 5, decision 020): the operator imports the bank statement of the
 * portal's by-ID account (`DEPOSIT_BY_ID_DESTINATION`) and sees what each transfer became. Importing
 * credits wallets, so it needs `money.review`; reading needs `money.read` (admin/roles.ts). A statement
 * imported twice credits once: a line is known by the bank's reference.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { STATEMENT_LINE_STATUSES, STATEMENT_RETURN_REASONS, depositByIdSchema } from '../wallet/deposit-by-id';
import { proposalSchema } from './proposal-view';

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
  fileName: z.string().trim().min(1, { message: 'required' }).max(200, { message: 'max' }),
  /** The file's text. */
  content: z.string().min(1, { message: 'statementEmpty' }).max(STATEMENT_MAX_CHARS, { message: 'statementTooLong' }),
});
export type ImportBankStatementBody = z.input<typeof importBankStatementBody>;

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

export const adminImportBankStatement = defineEndpoint({
  id: 'adminImportBankStatement',
  method: 'POST',
  path: '/admin/bank-statements',
  summary: 'Propose the import of the by-ID account’s bank statement (CSV): matched when a second operator approves',
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
  query: z.object({
    status: z.enum(STATEMENT_LINE_STATUSES).optional(),
    reason: z.enum(STATEMENT_RETURN_REASONS).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  }),
  response: z.object({
    items: z.array(adminStatementLineSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
  errors: [...forbidden, 'VALIDATION_FAILED'],
});
