/**
 * Issue 23: every server process runs on Node 24 or newer — the primary and each worker of the
 * production server this suite runs against (scripts/e2e-server.ts → dist/serve.js), read from
 * the processes themselves (/proc), not from configuration.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "@playwright/test";

const PORT = String(Number(process.env.E2E_PORT ?? 3200));

function serverProcesses(): Array<{ pid: number; exe: string }> {
  const found: Array<{ pid: number; exe: string }> = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      const script = cmd.findIndex((arg) => arg.endsWith("dist/serve.js"));
      if (script < 0 || cmd[cmd.indexOf("-p") + 1] !== PORT) continue;
      found.push({ pid: Number(entry), exe: fs.readlinkSync(`/proc/${entry}/exe`) });
    } catch {
      // the process is gone, or not ours to read
    }
  }
  return found;
}

test("the production server's primary and workers run on Node 24 or newer", async ({ request }) => {
  test.skip(process.platform !== "linux", "reads /proc");
  expect((await request.get("/api/health")).ok()).toBe(true);
  const servers = serverProcesses();
  expect(servers.length, "the primary and at least one worker").toBeGreaterThanOrEqual(2);
  for (const { pid, exe } of servers) {
    const version = execFileSync(exe, ["--version"], { encoding: "utf8" }).trim();
    expect(Number.parseInt(version.slice(1), 10), `process ${pid} (${exe}) runs ${version}`).toBeGreaterThanOrEqual(24);
  }
});
