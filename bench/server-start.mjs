/**
 * Start-up time and memory of `npm start` (docs/benchmarks.md, "Compiled server"): starts the
 * command REPS times, each time measuring the time from spawn to the first 200 from /api/health
 * and then the resident memory (VmRSS from /proc, summed) of the whole process tree, split
 * into the app's processes (npm, sh, wrappers, primary, workers) and Postgres. Needs
 * `npm run build` first and a free PORT. Sums of RSS count shared pages once per process.
 *
 *   PORT=3410 REPS=3 node bench/server-start.mjs            # runs `npm start`
 *   PORT=3410 node bench/server-start.mjs <command> [args…]  # any other start command
 *
 * DATA_DIR defaults to a throw-away directory (one run first, not counted, creates the cluster).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const port = process.env.PORT ?? "3410";
const reps = Number(process.env.REPS ?? 3);
const command = process.argv.length > 2 ? process.argv.slice(2) : ["npm", "start"];
const dataDir = process.env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "server-start-bench-"));
fs.chmodSync(dataDir, 0o755); // as root, Postgres runs as `postgres` and must reach its directory

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function children() {
  const byParent = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      byParent.set(ppid, [...(byParent.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone
    }
  }
  return byParent;
}

/** { app, postgres, processes } in MB for the tree under pid. */
function treeRss(pid) {
  const byParent = children();
  const all = [];
  const walk = (p) => {
    all.push(p);
    for (const c of byParent.get(p) ?? []) walk(c);
  };
  walk(pid);
  let app = 0;
  let postgres = 0;
  const names = [];
  for (const p of all) {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, "utf8");
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const cmd = fs.readFileSync(`/proc/${p}/cmdline`, "utf8").split("\0").filter(Boolean);
      const isPg = cmd[0]?.includes("postgres") || cmd.some((a) => a.startsWith("postgres:"));
      if (isPg) postgres += kb;
      else {
        app += kb;
        names.push(
          `${path.basename(cmd[0] ?? "?")} ${cmd
            .slice(1, 3)
            .map((a) => path.basename(a))
            .join(" ")} ${Math.round(kb / 1024)}`,
        );
      }
    } catch {
      // gone
    }
  }
  return { app: app / 1024, postgres: postgres / 1024, processes: names };
}

async function once() {
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), {
    env: { ...process.env, PORT: port, DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  let exited = false;
  child.on("exit", () => (exited = true));
  for (;;) {
    if (exited) throw new Error("the server exited during start-up");
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 180_000) throw new Error("not healthy within 180 s");
    await sleep(25);
  }
  const startupMs = performance.now() - started;
  await sleep(2_000); // settle: the first request's lazy loading is done
  const rss = treeRss(child.pid);
  process.kill(-child.pid, "SIGTERM");
  while (!exited) await sleep(50);
  await sleep(500);
  return {
    startupMs: Math.round(startupMs),
    appRssMB: Math.round(rss.app),
    postgresRssMB: Math.round(rss.postgres),
    processes: rss.processes,
  };
}

const runs = [];
for (let i = 0; i <= reps; i++) {
  const run = await once();
  if (i === 0 && !process.env.DATA_DIR) continue; // the first run creates the cluster
  runs.push(run);
  console.error(JSON.stringify(run));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  JSON.stringify({
    command: command.join(" "),
    reps: runs.length,
    startupMs: runs.map((r) => r.startupMs),
    medianStartupMs: median(runs.map((r) => r.startupMs)),
    appRssMB: runs.map((r) => r.appRssMB),
    medianAppRssMB: median(runs.map((r) => r.appRssMB)),
    postgresRssMB: median(runs.map((r) => r.postgresRssMB)),
  }),
);
if (!process.env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
