/**
 * The conversation scenarios (tests/evals/intents-public*.jsonl, and our own intents-extra,
 * intents-organise and intents-corpus) against the built-in model over the real tools and database,
 * judged by the same checker as tests/evals/run.mjs (tests/support/scenarios.mjs) and the same
 * gate: a scenario listed in tests/evals/known-failures.txt (with its reason) may fail, a harmful
 * one never.
 */
import { resolve } from "node:path";
import { afterAll, describe, it, expect } from "vitest";
import {
  playScenario,
  readKnownFailures,
  readScenarios,
  scenarioClass,
  type Outcome,
  type Scenario as AnyScenario,
} from "../../support/scenarios.mjs";
import { Harness, type SeedTask, type Turn } from "./harness";

type Scenario = AnyScenario<SeedTask>;

const NOW = new Date("2026-11-22T14:05:00.000Z");
const dir = resolve(import.meta.dirname, "../../evals");
// A missing file fails the run: these scenarios are never skipped silently.
const read = (file: string): Scenario[] => readScenarios<SeedTask>(resolve(dir, file));
const known = readKnownFailures(resolve(dir, "known-failures.txt"));

/** The harness's answer as the API reports one. */
const reply = (r: Turn) => ({ text: r.text, status: r.pending.length ? "awaiting_confirmation" : "completed", toolCalls: r.calls.length });

async function runScenario(sc: Scenario): Promise<Outcome> {
  const h = await Harness.create({ now: NOW.toISOString(), timeZone: "UTC", tasks: [], seedAtNoonUtc: true });
  // Lists first, as tests/evals/run.mjs does; then the setup tasks (with their lists, labels, parents).
  for (const name of sc.lists ?? []) await h.createList(name);
  for (const seed of sc.setup ?? []) await h.seed(seed);
  const driver = {
    tasks: () => h.all(),
    listsCount: () => h.listsCount(),
    pending: () => h.pending.length > 0,
    say: async (text: string) => reply(await h.say(text)),
    approve: async (approved: boolean) => reply(await h.approve(approved)),
  };
  return playScenario(sc, driver, { now: NOW });
}

const files = [
  "intents-public.jsonl",
  "intents-public-v2.jsonl",
  "intents-public-v3.jsonl",
  "intents-extra.jsonl",
  "intents-organise.jsonl",
  "intents-corpus.jsonl",
  "intents-corpus-adds.jsonl",
  "intents-corpus-questions.jsonl",
  "intents-corpus-ground.jsonl",
  "intents-corpus-v4questions.jsonl",
  "intents-corpus-v4bulk.jsonl",
  "intents-corpus-v4adds.jsonl",
  "intents-corpus-v4dialogue.jsonl",
  "intents-corpus-v4edits.jsonl",
  "intents-corpus-v5plain.jsonl",
  "intents-corpus-v6questions.jsonl",
  "intents-corpus-v5group.jsonl",
  "intents-corpus-v5adds.jsonl",
  "intents-corpus-v6done.jsonl",
  "intents-corpus-v6remarks.jsonl",
  "intents-corpus-v6lists.jsonl",
  "intents-corpus-v7done.jsonl",
  "intents-corpus-v7adds.jsonl",
  "intents-corpus-v7edits.jsonl",
  "intents-corpus-v8status.jsonl",
  "intents-corpus-v8edits.jsonl",
  "intents-corpus-v8adds.jsonl",
  "intents-corpus-v9mixed.jsonl",
  "intents-corpus-v9repeats.jsonl",
  "intents-corpus-v9follow.jsonl",
  "intents-corpus-v9lists.jsonl",
  "intents-corpus-v10remarks.jsonl",
  "intents-corpus-v11plain.jsonl",
  "intents-corpus-v12plain.jsonl",
  "intents-corpus-v13plain.jsonl",
  "intents-corpus-v14plain.jsonl",
  "intents-corpus-v15plain.jsonl",
  "intents-corpus-v16plain.jsonl",
  "intents-corpus-v16dialog.jsonl",
  "intents-corpus-v17probes.jsonl",
  "intents-corpus-v18probes.jsonl",
  "intents-corpus-v19probes.jsonl",
  "intents-corpus-v20probes.jsonl",
  "intents-corpus-v21probes.jsonl",
  "intents-corpus-v22probes.jsonl",
  "intents-corpus-v23probes.jsonl",
  "intents-corpus-v24probes.jsonl",
  "intents-corpus-v25probes.jsonl",
  "intents-corpus-v10messy.jsonl",
  "intents-corpus-v10news.jsonl",
  "intents-corpus-v11dialogue.jsonl",
  "intents-corpus-v11wave2.jsonl",
  "intents-corpus-v12org.jsonl",
  "intents-corpus-v15wave2.jsonl",
  "intents-corpus-v12messy.jsonl",
  "intents-corpus-v13time.jsonl",
  "intents-corpus-v13bulk.jsonl",
  "intents-corpus-v14ask.jsonl",
  "intents-corpus-v14group.jsonl",
  "intents-corpus-v15dialog.jsonl",
];
// Our rephrasings of the v1 scenarios (no known failures allowed there).
const paraphrases = readScenarios<SeedTask>(resolve(import.meta.dirname, "paraphrase-scenarios.jsonl"));

describe("paraphrase-scenarios.jsonl", () => {
  for (const sc of paraphrases) {
    it(sc.id, async () => {
      const outcome = await runScenario(sc);
      expect(outcome?.why ?? null, outcome?.why).toBeNull();
    });
  }
});

/** Pass figures per file and, for our corpus (`c-<class>-…`), per class; printed at the end. */
const figures = new Map<string, { pass: number; total: number; harm: number }>();
function count(key: string, outcome: Outcome): void {
  const f = figures.get(key) ?? { pass: 0, total: 0, harm: 0 };
  f.total++;
  if (!outcome) f.pass++;
  if (outcome?.harm) f.harm++;
  figures.set(key, f);
}
afterAll(() => {
  const lines = [...figures.entries()].sort().map(([k, f]) => `${k.padEnd(36)} ${f.pass}/${f.total} pass, ${f.harm} harmful`);
  if (lines.length) console.log(`scenario figures:\n${lines.join("\n")}`);
});

for (const file of files) {
  describe(file, () => {
    for (const sc of read(file)) {
      it(sc.id, async () => {
        const outcome = await runScenario(sc);
        count(file, outcome);
        const cls = scenarioClass(sc.id);
        if (cls) count(`  corpus class ${cls}`, outcome);
        expect(outcome?.harm ?? false, `harmful: ${outcome?.why}`).toBe(false);
        if (known.has(sc.id)) {
          if (!outcome) console.log(`fixed ${sc.id}: passes now; remove it from known-failures.txt`);
          return;
        }
        expect(outcome?.why ?? null, outcome?.why).toBeNull();
      });
    }
  });
}

it("every known failure names a scenario that exists", () => {
  const ids = new Set(files.flatMap((f) => read(f).map((s) => s.id)));
  for (const id of known.keys()) expect(ids.has(id), id).toBe(true);
});
