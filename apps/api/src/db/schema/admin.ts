import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** Operators' internal notes on a user. */
export const userNotes = pgTable(
  'user_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: uuid()
      .notNull()
      .references(() => users.id),
    text: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_notes_user_idx').on(t.userId, t.createdAt)],
);
