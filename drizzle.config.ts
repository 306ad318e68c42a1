import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes SQL migrations into migrations/ for wrangler d1 migrations apply. */
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/schema.ts',
  out: './migrations',
});
