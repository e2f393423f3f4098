// Runs conversation scenarios against a running app through POST /api/agent and checks the
// resulting tasks (the format: tests/evals/README.md).
//
//   node tests/evals/run.mjs BASE_URL FILE.jsonl [FILE.jsonl …]
//
// The gate is per scenario: the run exits 0 only when every scenario passes or is listed, with
// a reason, in tests/evals/known-failures.txt (KNOWN_FAILURES=path to use another list), and no
// scenario is harmful (a change the user did not ask for; listed or not). VERBOSE=1 prints each;
// CONCURRENCY=n plays n at once (default 1).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readKnownFailures, readScenarios, runCase as runScenario } from "./scenarios.mjs";

const [base, ...files] = process.argv.slice(2);
if (!base || files.length === 0) {
  console.error("usage: node tests/evals/run.mjs BASE_URL FILE.jsonl [FILE.jsonl …]");
  process.exit(2);
}
const cases = files.flatMap((file) => {
  if (!existsSync(file)) {
    console.error(`intent eval: no such scenario file: ${file}`);
    process.exit(2);
  }
  return readScenarios(file);
});
const knownFile = process.env.KNOWN_FAILURES ?? fileURLToPath(new URL("./known-failures.txt", import.meta.url));
let known;
try {
  known = readKnownFailures(knownFile);
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
const verbose = process.env.VERBOSE === "1";
const runCase = (c, n) => runScenario(base, c, n);

// CONCURRENCY=n plays n scenarios at once (each as its own user), as many users would.
const concurrency = Math.max(1, Number(process.env.CONCURRENCY ?? 1) || 1);
const results = new Array(cases.length);
let next = 0;
async function player() {
  while (next < cases.length) {
    const n = next++;
    const c = cases[n];
    let res;
    try {
      res = await runCase(c, n);
    } catch (err) {
      res = `error: ${err.message}`;
    }
    results[n] = res;
    if (verbose) console.log(res === null ? `ok   ${c.id}` : `FAIL ${c.id}: ${res}`);
  }
}
await Promise.all(Array.from({ length: concurrency }, player));
let pass = 0;
const fails = [];
for (const [n, c] of cases.entries()) {
  const res = results[n];
  if (res === null) pass++;
  else fails.push({ id: c.id, why: res, harmful: res.includes("[harm]") });
}
const unexpected = fails.filter((f) => !known.has(f.id));
const harmful = fails.filter((f) => f.harmful);
const failedIds = new Set(fails.map((f) => f.id));
const ids = new Set(cases.map((c) => c.id));
for (const f of fails) {
  const tag = f.harmful ? "HARM" : known.has(f.id) ? "known" : "FAIL";
  if (!verbose || tag !== "FAIL")
    console.log(`${tag.padEnd(5)} ${f.id}: ${f.why}${known.has(f.id) ? `  (known: ${known.get(f.id)})` : ""}`);
}
for (const id of known.keys()) {
  if (ids.has(id) && !failedIds.has(id)) console.log(`fixed ${id}: passes now; remove it from ${knownFile}`);
}
console.log(
  `intent eval: ${pass}/${cases.length} scenarios pass; ${fails.length - unexpected.length} known failures, ${unexpected.length} unexpected; harmful: ${harmful.length}`,
);
process.exit(unexpected.length === 0 && harmful.length === 0 ? 0 : 1);
