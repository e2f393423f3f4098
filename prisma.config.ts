import { defineConfig } from "prisma/config";

// The database URL comes from the environment; when it is unset the project's own scripts
// (scripts/db/*) start an embedded Postgres and set it. `prisma generate` needs no database.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/placeholder" },
});
