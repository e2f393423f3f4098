import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Three tiers (docs/architecture.md, "Tests"):
 * - unit: no database, no server; seconds (`npm run test:unit`). DATABASE_URL points at a closed port.
 * - bounds: the pathological-input bounds (`bounds.test.ts` anywhere under tests/unit): every rule
 *   and the whole built-in model on pumped inputs, each under 50 ms; no database, but ~30 s of
 *   CPU, so kept out of the fast loop (`npm run test:bounds`).
 * - integration: one fresh, migrated Postgres per run, never the developer's data
 *   (tests/setup/global-db.ts); `npm run test:integration`.
 * `vitest run` (and `npm test`) runs all three.
 */
export default defineConfig({
  resolve: {
    alias: {
      "@": path.dirname(fileURLToPath(import.meta.url)),
      // `server-only` throws outside React's server build; tests run server code directly.
      "server-only": path.join(path.dirname(fileURLToPath(import.meta.url)), "node_modules/server-only/empty.js"),
    },
  },
  test: {
    environment: "node",
    hookTimeout: 120_000,
    testTimeout: 30_000,
    // next-auth imports "next/server" without an extension; let Vite resolve it.
    server: { deps: { inline: ["next-auth"] } },
    pool: "forks",
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "lib/**/*.test.ts"],
          exclude: ["**/bounds.test.ts", "**/node_modules/**"],
          setupFiles: ["tests/setup/unit-env.ts"],
        },
      },
      {
        extends: true,
        test: { name: "bounds", include: ["tests/unit/**/bounds.test.ts"], setupFiles: ["tests/setup/unit-env.ts"] },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/setup/global-db.ts"],
          setupFiles: ["tests/setup/env.ts"],
        },
      },
    ],
  },
});
