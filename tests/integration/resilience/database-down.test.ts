/**
 * SECURITY.md 23: with the database gone, routes answer 503 with a generic message, health says
 * `down`, and everything recovers by itself once the database is back. Uses a Postgres of its
 * own that it stops and restarts (the shared test database is never touched).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDatabase } from "../../../scripts/db/ensure";
import { findFreePort, startEmbeddedPostgres } from "../../../scripts/db/embedded";

let dataDir: string;
let port: number;
let stopDb: () => Promise<void>;

async function startDb(): Promise<void> {
  const server = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, "postgres"),
    port,
    persistent: true,
    handleSignals: false,
    log: () => {},
  });
  stopDb = server.stop;
}

describe("database outage", () => {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "talk-todo-outage-"));
    fs.chmodSync(dataDir, 0o755);
    port = await findFreePort();
    const db = await ensureDatabase({
      databaseUrl: null,
      dataDir,
      port,
      persistent: true,
      authSecret: false,
      setEnv: false,
      handleSignals: false,
      log: () => {},
    });
    stopDb = db.stop;
    // This file's modules talk to this server only.
    process.env.DATABASE_URL = db.url;
    (globalThis as { __db?: unknown }).__db = undefined;
    const { resetEnvForTests } = await import("@/lib/env");
    resetEnvForTests();
  }, 120_000);

  afterAll(async () => {
    await stopDb?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 503 while down and recovers when the database returns", async () => {
    const { GET: health } = await import("@/app/api/health/route");
    const { POST: register } = await import("@/app/api/register/route");
    const registerRequest = (email: string) =>
      new Request("http://localhost/api/register", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "long enough password" }),
      });
    const none = { params: Promise.resolve({}) };

    expect((await health()).status).toBe(200);
    expect((await register(registerRequest("before@example.com"), none)).status).toBe(201);

    await stopDb();
    const down = await health();
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ db: "down" });
    const refused = await register(registerRequest("during@example.com"), none);
    expect(refused.status).toBe(503);
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.code).toBe("unavailable:database");
    expect(body.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres|prisma/i);
    expect(refused.headers.get("retry-after")).toBeTruthy();

    await startDb();
    let recovered = 0;
    for (let attempt = 0; attempt < 20 && recovered !== 200; attempt++) {
      recovered = (await health()).status;
      if (recovered !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(recovered).toBe(200);
    expect((await register(registerRequest("after@example.com"), none)).status).toBe(201);
  }, 120_000);
});
