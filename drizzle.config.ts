import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema split per domain; they are committed and never hand-edited.
export default defineConfig({
  dialect: "turso",
  schema: "./src/server/db/schema/index.ts",
  out: "./drizzle",
  casing: "snake_case",
  dbCredentials: {
    url: process.env.DATABASE_URL ?? "file:./data/portal.db",
    authToken: process.env.DATABASE_AUTH_TOKEN,
  },
});
