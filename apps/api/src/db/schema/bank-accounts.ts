import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BANK_ACCOUNT_KINDS } from '@portal/contract/bank/bank-accounts';
import { createdAt } from './columns';
import { users } from './users';

/**
 * Bank accounts in the user's own name (issue 5, decision 017), added by card number or sheba after
 * the identity inquiry said they are the user's. One row is one bank account: a card (with the sheba
 * the inquiry gave for it), or a sheba alone. Rows are never deleted and their numbers never change
 * (a trigger): removing hides them (`deleted_at`), since withdrawals refer to them. The card number is sealed (AES-256-GCM under a key
 * derived from the app secret) and found again by its HMAC; the sheba is kept as it is, for payouts.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** `v1.<iv>.<tag>.<ciphertext>` of the 16 digits (lib/crypto.ts `encrypt`). */
    cardNumberSealed: text(),
    /** HMAC-SHA256 of the 16 digits under the app secret: duplicates are found without decrypting. */
    cardNumberHash: text(),
    /** `603799******1234` */
    cardNumberMasked: text(),
    /** `IR` + 24 digits, where payouts go. */
    sheba: text(),
    /** What the user gave: the card or the sheba. */
    addedBy: text({ enum: BANK_ACCOUNT_KINDS }).notNull(),
    /** The identity provider that said the account is the user's (`local`, `jibit`). */
    verifiedBy: text().notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('bank_accounts_user_idx').on(t.userId, t.createdAt),
    /** No active account twice: by its card… */
    uniqueIndex('bank_accounts_user_card_uq')
      .on(t.userId, t.cardNumberHash)
      .where(sql`deleted_at IS NULL AND card_number_hash IS NOT NULL`),
    /** …or by its sheba. */
    uniqueIndex('bank_accounts_user_sheba_uq')
      .on(t.userId, t.sheba)
      .where(sql`deleted_at IS NULL AND sheba IS NOT NULL`),
    check('bank_accounts_has_number', sql`${t.cardNumberHash} IS NOT NULL OR ${t.sheba} IS NOT NULL`),
    check(
      'bank_accounts_card_complete',
      sql`(${t.cardNumberHash} IS NULL) = (${t.cardNumberSealed} IS NULL) AND (${t.cardNumberHash} IS NULL) = (${t.cardNumberMasked} IS NULL)`,
    ),
    check('bank_accounts_sheba_format', sql`${t.sheba} IS NULL OR ${t.sheba} ~ '^IR[0-9]{24}$'`),
  ],
);
