// An eval anyone can run on the model their server is configured for: plays the project's
// scenario sets (tests/evals/*.jsonl) through POST /api/agent and prints, per set, how many
// scenarios pass, fail and are harmful, and the median (p50) time of one agent turn.
//
//   npm run eval -- http://localhost:3000            # a running server, whatever its model
//   npm run eval                                     # a server of its own: the production build
//                                                    # (npm run build first), the built-in model,
//                                                    # a throw-away database
//   npm run eval -- http://localhost:3000 tests/evals/intents-public.jsonl   # chosen sets only
//
// Gates (exit 1 when one fails): no scenario is harmful (the assistant changed something the
// user did not ask for), and every failing scenario is listed in tests/evals/known-failures.txt
// (the built-in model's list; KNOWN_FAILURES=path for another) — or, with EVAL_MIN_PASS=0.8,
// instead of the list: at least that share of each set passes (for comparing other models).
// A server under test must allow many sign-ups from one address: see docs/agent.md.
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, waitHealthy } from "../support/server.mjs";
import { readKnownFailures, readScenarios, runCase, scenarioClass } from "./scenarios.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const args = process.argv.slice(2);
const url = args.find((a) => /^https?:\/\//.test(a));
const files = args.filter((a) => a !== url);
const sets = files.length
  ? files
  : readdirSync(here)
      .filter((f) => f.endsWith(".jsonl"))
      .sort()
      .map((f) => path.join(here, f));
for (const file of sets) {
  if (!existsSync(file)) {
    console.error(`eval: no such scenario file: ${file}`);
    process.exit(2);
  }
}
const minPass = process.env.EVAL_MIN_PASS === undefined ? null : Number(process.env.EVAL_MIN_PASS);
if (minPass !== null && !(minPass >= 0 && minPass <= 1)) {
  console.error("eval: EVAL_MIN_PASS must be a share between 0 and 1, e.g. 0.8");
  process.exit(2);
}
let known;
try {
  known = minPass === null ? readKnownFailures(process.env.KNOWN_FAILURES ?? path.join(here, "known-failures.txt")) : new Map();
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
const verbose = process.env.VERBOSE === "1";

let stopServer = async () => {};

/** The production build on a throw-away database with the built-in model (scripts/e2e-server.ts). */
async function startOwnServer() {
  if (!existsSync(path.join(root, "dist", "serve.js"))) {
    console.error("eval: no production build — run `npm run build` first, or pass the URL of a running server");
    process.exit(2);
  }
  const port = await freePort();
  const tsx = path.join(root, "node_modules", ".bin", "tsx");
  const child = spawn(tsx, [path.join(root, "scripts", "e2e-server.ts"), String(port)], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
    env: { ...process.env, AI_PROVIDER: "builtin", AI_MODEL: "", LOG_LEVEL: process.env.LOG_LEVEL ?? "error" },
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // The server script stops next-server and Postgres and removes the database when it gets
  // SIGTERM itself; its whole group only if it does not exit in time.
  stopServer = async () => {
    if (child.exitCode !== null) return;
    child.kill("SIGTERM");
    const timer = new Promise((resolve) => setTimeout(resolve, 30_000, "timeout"));
    if ((await Promise.race([exited, timer])) === "timeout") {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void stopServer().then(() => process.exit(130)));
  try {
    await waitHealthy(base, { exited: () => child.exitCode !== null, timeoutMs: 180_000 });
  } catch (error) {
    await stopServer();
    throw new Error(`eval: ${error.message}`);
  }
  return base;
}

const median = (values) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const base = url ?? (await startOwnServer());
const health = await fetch(`${base}/api/health`).then(
  (r) => r.json(),
  () => null,
);
console.log(`eval: ${base} (model: ${health?.model ?? "unknown"}), ${sets.length} scenario set(s)`);

let n = 0;
const rows = [];
/** Our corpus's scenarios (`c-<class>-…`) per class, over every set. */
const classes = new Map();
const gateFailures = [];
for (const file of sets) {
  const name = path.basename(file, ".jsonl");
  const cases = readScenarios(file);
  const times = [];
  let pass = 0;
  let harmful = 0;
  const unexpected = [];
  for (const c of cases) {
    let why;
    try {
      why = await runCase(base, c, n++, { onTurn: (ms) => times.push(ms) });
    } catch (error) {
      why = `error: ${error.message}`;
    }
    const cls = scenarioClass(c.id);
    if (cls) {
      const f = classes.get(cls) ?? { class: cls, scenarios: 0, pass: 0, fail: 0, harmful: 0 };
      f.scenarios++;
      if (why === null) f.pass++;
      else f.fail++;
      if (why?.includes("[harm]")) f.harmful++;
      classes.set(cls, f);
    }
    if (why === null) pass++;
    else {
      if (why.includes("[harm]")) harmful++;
      if (!known.has(c.id)) unexpected.push(c.id);
      if (verbose || why.includes("[harm]"))
        console.log(`${why.includes("[harm]") ? "HARM" : known.has(c.id) ? "known" : "FAIL"} ${name}/${c.id}: ${why}`);
    }
  }
  const fail = cases.length - pass;
  const p50 = median(times);
  rows.push({ set: name, scenarios: cases.length, pass, fail, harmful, "p50 turn ms": p50 === null ? "-" : Math.round(p50) });
  if (harmful) gateFailures.push(`${name}: ${harmful} harmful`);
  if (minPass !== null && cases.length && pass / cases.length < minPass)
    gateFailures.push(`${name}: ${pass}/${cases.length} pass, under ${minPass}`);
  if (minPass === null && unexpected.length)
    gateFailures.push(
      `${name}: ${unexpected.length} unexpected failure(s): ${unexpected.slice(0, 10).join(", ")}${unexpected.length > 10 ? ", …" : ""}`,
    );
}

console.table(rows);
if (classes.size) {
  console.log("per class (corpus scenarios c-<class>-…):");
  console.table([...classes.values()].sort((a, b) => a.class.localeCompare(b.class)));
}
await stopServer();
if (gateFailures.length) {
  console.log(`eval: gate failed — ${gateFailures.join("; ")}`);
  process.exit(1);
}
console.log("eval: every gate passes");
process.exit(0);
