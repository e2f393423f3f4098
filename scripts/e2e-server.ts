/**
 * The server the end-to-end suite runs against: the production build (`next start`) on a
 * fresh, throw-away embedded Postgres, so tests never see a developer's data.
 * Usage: tsx scripts/e2e-server.ts <port>
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findFreePort } from "./db/embedded";
import { ensureDatabase } from "./db/ensure";

const port = process.argv[2] ?? "3200";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "talk-todo-e2e-"));
process.env.AUTH_SECRET ??= "e2e-secret-e2e-secret-e2e-secret";

const db = await ensureDatabase({ dataDir, databaseUrl: null, persistent: false, port: await findFreePort(), handleSignals: false });

const child = spawn("npx", ["next", "start", "-p", port, "-H", "127.0.0.1"], {
  stdio: "inherit",
  env: {
    ...process.env,
    ...db.env,
    NODE_ENV: "production",
    // Generous limits: the suite signs up many users from one address.
    RATE_LIMIT_PER_MINUTE: process.env.RATE_LIMIT_PER_MINUTE ?? "1000",
  },
});

let stopping = false;
async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    if (child.exitCode === null) child.kill("SIGTERM");
    await db.stop().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void shutdown(0));
child.on("exit", (code) => void shutdown(code ?? 0));
