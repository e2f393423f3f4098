/**
 * The server the end-to-end suite runs against: the production build, started as `npm start` starts
 * it (the compiled dist/serve.js, scripts/build-server.mjs), on a fresh, throw-away embedded
 * Postgres, so tests never see a developer's data.
 * Usage: tsx scripts/e2e-server.ts <port>
 * SERVER_NODE_ARGS: extra Node flags for the server (its workers inherit them), e.g. "--cpu-prof
 * --cpu-prof-dir=/tmp/prof" for the benchmarks (Node refuses --cpu-prof in NODE_OPTIONS).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findFreePort } from "./db/embedded";
import { ensureDatabase } from "./db/ensure";

const port = process.argv[2] ?? "3200";
const SERVER = path.join("dist", "serve.js");
if (!fs.existsSync(SERVER)) {
  console.error(`[e2e-server] ${SERVER} is missing: run \`npm run build\` first`);
  process.exit(1);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "talk-todo-e2e-"));
fs.chmodSync(dataDir, 0o755); // as root, Postgres runs as the `postgres` user and must reach its directory
process.env.AUTH_SECRET ??= "e2e-secret-e2e-secret-e2e-secret";

const db = await ensureDatabase({ dataDir, databaseUrl: null, persistent: false, port: await findFreePort(), handleSignals: false });

// Its own process group, so that stopping it stops next-server too (not just a wrapper).
const nodeArgs = (process.env.SERVER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
const child = spawn(process.execPath, [...nodeArgs, SERVER, "-p", port, "-H", "127.0.0.1"], {
  stdio: "inherit",
  detached: true,
  env: {
    ...process.env,
    ...db.env,
    NODE_ENV: "production",
    // Generous limits: the suite signs up many users from one address.
    RATE_LIMIT_PER_MINUTE: process.env.RATE_LIMIT_PER_MINUTE ?? "1000",
    REGISTER_LIMIT_PER_HOUR: process.env.REGISTER_LIMIT_PER_HOUR ?? "100000",
    REGISTER_GLOBAL_LIMIT_PER_HOUR: process.env.REGISTER_GLOBAL_LIMIT_PER_HOUR ?? "100000",
    SIGN_IN_LIMIT_PER_ADDRESS: process.env.SIGN_IN_LIMIT_PER_ADDRESS ?? "100000",
    WRITE_RATE_LIMIT_PER_MINUTE: process.env.WRITE_RATE_LIMIT_PER_MINUTE ?? "100000",
    TOKEN_WRITE_RATE_LIMIT_PER_MINUTE: process.env.TOKEN_WRITE_RATE_LIMIT_PER_MINUTE ?? "100000",
    // Warnings and errors only, so a failing test's output is readable.
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    // Single sign-on with the OpenID Connect provider that tests/e2e/sso.spec.ts starts on port + 1000.
    AUTH_OIDC_ISSUER: `http://127.0.0.1:${Number(port) + 1000}`,
    AUTH_OIDC_ID: "talk-todo-e2e",
    AUTH_OIDC_SECRET: "e2e-oidc-client-secret",
    AUTH_OIDC_NAME: "Test SSO",
  },
});

// One shutdown: a SIGTERM stops the server, whose exit calls this again — that call must wait for
// the first to finish (it used to exit at once, leaving the database directory behind).
let stopping: Promise<never> | null = null;
function shutdown(code: number): Promise<never> {
  stopping ??= (async () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    await db.stop().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(code);
  })();
  return stopping;
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void shutdown(0));
child.on("exit", (code) => void shutdown(code ?? 0));
