import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from the schema; applying them is `npm run db:migrate` (scripts/migrate.ts).
export default defineConfig({
  dialect: "turso",
  schema: "./worker/db/schema.ts",
  out: "./migrations",
});
