import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * D1 schema (Drizzle). Migrations are generated from this file by `npm run db:generate` into
 * migrations/ and applied by `npm run dev`, the tests and `npm run db:migrate:remote`.
 * Timestamps are stored as Unix milliseconds and rendered in the spec's form.
 */
export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** The account's user name (original service: `username` is the e-mail). */
  email: text('email').notNull().unique(),
  /** PBKDF2-SHA256, salted (src/auth/crypto.ts); never returned by the API. */
  passwordHash: text('password_hash').notNull(),
  /** SHA-256 of the API token; the token itself is shown once and never stored. */
  tokenHash: text('token_hash').notNull().unique(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});
