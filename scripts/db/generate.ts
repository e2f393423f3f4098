/**
 * npm run db:generate — `prisma generate`, offline.
 *
 * The Prisma CLI wants a schema-engine binary on startup (and tries to download one) even though
 * `generate` never runs it. PRISMA_SCHEMA_ENGINE_BINARY pointing at any existing executable
 * satisfies it; we use `true` from /bin or /usr/bin (macOS has no /bin/true), unless the variable
 * is already set. Harmless where the engine could be downloaded.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) {
  const stub = ["/bin/true", "/usr/bin/true"].find((file) => fs.existsSync(file));
  if (stub) env.PRISMA_SCHEMA_ENGINE_BINARY = stub;
}
const result = spawnSync("prisma", ["generate", ...process.argv.slice(2)], {
  stdio: "inherit",
  env,
  shell: process.platform === "win32",
});
if (result.error) console.error(`[db] could not run prisma: ${result.error.message}`);
process.exit(result.status ?? 1);
