import { timestamp } from 'drizzle-orm/pg-core';

/** The `created_at` column every table has. */
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Texts an operator writes in the three interface languages (SPEC §1). */
export interface LocalizedText {
  fa: string;
  ar: string;
  en: string;
}
