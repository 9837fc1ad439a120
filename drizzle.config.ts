import { defineConfig } from 'drizzle-kit';

// One schema, one dialect (ARCHITECTURE "Data"): the same migrations run on PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './backend/src/db/schema/index.ts',
  out: './backend/drizzle',
});
