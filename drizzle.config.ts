import { defineConfig } from 'drizzle-kit';

/** One pg-core schema and one migration folder for both PGlite and node-postgres. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
