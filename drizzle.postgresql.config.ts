import { defineConfig } from 'drizzle-kit'

// Run with DB_DIALECT=postgresql so db/dialect.ts hands the schema PostgreSQL's column builders.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations/postgresql',
  casing: 'snake_case'
})
