/**
 * The settlement port (issue 5, decision 020): how the bank statement of the portal's by-ID account
 * (`DEPOSIT_BY_ID_DESTINATION`) reaches the portal. Today an operator imports the statement file the
 * bank's internet banking exports (`csv-statement.ts`); a bank's statement feed (an API that answers the
 * same lines) would be another implementation of this port. Either way the lines go through the same
 * import (known by the bank's reference, so a line arriving twice is stored once) and the same matching.
 */
export interface StatementLine {
  /** The bank's reference of the transfer: unique, the line's identity. */
  bankRef: string;
  /** When the bank booked it. */
  bookedAt: Date;
  /** The credit, toman (the file says rials: a whole number of toman). */
  amount: bigint;
  /** The payer's sheba, `IR` + 24 digits. */
  sourceSheba: string;
  /** What the payer wrote as the payment ID, as it stands (may be empty). */
  rawPaymentId: string;
}

export interface StatementParser {
  readonly format: string;
  /**
   * The credits of a statement. A file that breaks the format is refused whole with 400
   * `VALIDATION_FAILED`, its issues naming the rule and line (contract `STATEMENT_RULES`): nothing of
   * it is imported.
   */
  parse(text: string): StatementLine[];
}
