// Prisma CLI configuration. Only `prisma generate` runs here (see README: migrations are
// applied by scripts/migrate.ts because the native schema engine cannot be downloaded).
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations", seed: "tsx prisma/seed.ts" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/duly" },
});
