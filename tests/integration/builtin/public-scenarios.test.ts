/**
 * The conversation scenarios (tests/evals/intents-public*.jsonl, and our own intents-extra,
 * intents-organise and intents-corpus) against the built-in model over the real tools and database, with the
 * matchers of tests/evals/run.mjs and the same gate: a scenario listed in
 * tests/evals/known-failures.txt (with its reason) may fail, a harmful one never.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, describe, it, expect } from "vitest";
import { Harness, type SeedTask, type Task } from "./harness";

type Expect = {
  tasks?: Array<Record<string, unknown>>;
  absent?: string[];
  count?: number;
  countIn?: [number, number];
  unchanged?: boolean;
  untouched?: string[];
  status?: string;
  "reply~"?: string;
  replyHas?: string[];
  replyLacks?: string[];
  toolCalls?: number;
  replyNoIds?: boolean;
  listsCount?: number;
};
type Scenario = {
  id: string;
  lists?: string[];
  setup?: SeedTask[];
  turns: Array<{ say?: string; approve?: boolean | "if-asked"; expect?: Expect }>;
};

const NOW = new Date("2026-11-22T14:05:00.000Z");
const dir = resolve(import.meta.dirname, "../../evals");
// A missing file fails the run: these scenarios are never skipped silently.
const read = (file: string): Scenario[] =>
  readFileSync(resolve(dir, file), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Scenario);

function readKnownFailures(): Map<string, string> {
  const known = new Map<string, string>();
  for (const raw of readFileSync(resolve(dir, "known-failures.txt"), "utf8").split("\n")) {
    const line = raw.replace(/#.*/, "").trim();
    if (!line) continue;
    const [id, ...reason] = line.split(/\s+/);
    if (!id || reason.length === 0) throw new Error(`known-failures.txt: '${id}' needs a one-line reason`);
    known.set(id, reason.join(" "));
  }
  return known;
}
const known = readKnownFailures();

const norm = (s: string | null | undefined) => (s ?? "").toLowerCase();
// Every field a user would notice (as tests/evals/run.mjs): a change to any of them where none was asked for is harm.
const snapshot = (ts: Task[]) =>
  JSON.stringify(
    ts
      .map((t) => [
        t.id,
        t.title,
        t.status,
        t.priority,
        t.dueAt,
        t.description,
        t.recurrence ?? null,
        t.remindAt ?? null,
        t.list?.name ?? null,
        [...(t.labels ?? [])].sort(),
        t.parentId ?? null,
      ])
      .sort(),
  );

function daysFromToday(iso: string): number {
  const t = new Date(iso);
  const a = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
  const b = Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate());
  return Math.round((a - b) / 86_400_000);
}

/** tests/evals/run.mjs's matchTask, for the fields a task of this app has. */
function matchTask(t: Task, p: Record<string, unknown>, all: Task[]): boolean {
  for (const [k, v] of Object.entries(p)) {
    const due = t.dueAt ? new Date(t.dueAt) : null;
    if (k === "title~" && !norm(t.title).includes(norm(String(v)))) return false;
    if (k === "description~" && !norm(t.description).includes(norm(String(v)))) return false;
    if (k === "status" && t.status !== v) return false;
    if (k === "priority" && (String(v).startsWith("!") ? t.priority === String(v).slice(1) : t.priority !== v)) return false;
    if (k === "dueIn") {
      const [min, max] = v as [number, number];
      if (!t.dueAt) return false;
      const d = daysFromToday(t.dueAt);
      if (d < min || d > max) return false;
    }
    if (k === "dueWeekday" && (!due || due.getUTCDay() !== v)) return false;
    if (k === "dueWeekdayIn" && (!due || !(v as number[]).includes(due.getUTCDay()))) return false;
    if (k === "dueHour" && (!due || due.getUTCHours() !== v)) return false;
    if (k === "dueMonthDay") {
      if (!due) return false;
      const arr = v as number[];
      const [m, day] = arr.length === 2 ? arr : [null, arr[0]];
      if (due.getUTCDate() !== day || (m !== null && due.getUTCMonth() + 1 !== m)) return false;
    }
    if (k === "noDue" && v && t.dueAt) return false;
    if (k === "rule~" && !(t.recurrence?.rule ?? "").toUpperCase().includes(String(v).toUpperCase())) return false;
    if (k === "recurring" && Boolean(t.recurrence) !== v) return false;
    if (k === "remindHour" && (!t.remindAt || new Date(t.remindAt).getUTCHours() !== v)) return false;
    if (k === "hasReminder" && Boolean(t.remindAt) !== v) return false;
    if (k === "list" && (v === null ? t.list : norm(t.list?.name) !== norm(String(v)))) return false;
    if (k === "label" && !(t.labels ?? []).map(norm).includes(norm(String(v)))) return false;
    if (k === "noLabel" && (t.labels ?? []).map(norm).includes(norm(String(v)))) return false;
    if (k === "parent~") {
      const parent = all.find((x) => x.id === t.parentId);
      if (!parent || !norm(parent.title).includes(norm(String(v)))) return false;
    }
  }
  return true;
}

type Outcome = { why: string; harm: boolean } | null;

async function runScenario(sc: Scenario): Promise<Outcome> {
  const h = await Harness.create({ now: NOW.toISOString(), timeZone: "UTC", tasks: [], seedAtNoonUtc: true });
  // Lists first, as tests/evals/run.mjs does; then the setup tasks (with their lists, labels, parents).
  for (const name of sc.lists ?? []) await h.createList(name);
  for (const seed of sc.setup ?? []) await h.seed(seed);
  for (const [i, turn] of sc.turns.entries()) {
    if (turn.approve === "if-asked" && h.pending.length === 0) continue;
    const before = await h.all();
    let r;
    if (turn.approve !== undefined) {
      if (h.pending.length === 0) return { why: `turn ${i}: no pending confirmation to answer`, harm: false };
      r = await h.approve(turn.approve !== false);
    } else r = await h.say(turn.say ?? "");
    const after = await h.all();
    const e = turn.expect ?? {};
    const reply = norm(r.text);
    const why: string[] = [];
    let harm = false;
    if (e.unchanged && snapshot(before) !== snapshot(after)) {
      why.push("tasks changed");
      harm = true;
    }
    for (const u of e.untouched ?? []) {
      const was = snapshot(before.filter((t) => norm(t.title).includes(norm(u))));
      const now = snapshot(
        after.filter((t) => {
          const b = before.find((x) => x.id === t.id);
          return b !== undefined && norm(b.title).includes(norm(u));
        }),
      );
      if (was !== now) {
        why.push(`touched: ${u}`);
        harm = true;
      }
    }
    if (e.count !== undefined && after.length !== e.count) {
      why.push(`count ${after.length} != ${e.count}`);
      if (after.length > e.count) harm = true;
    }
    if (e.countIn && (after.length < e.countIn[0] || after.length > e.countIn[1])) {
      why.push(`count ${after.length} not in ${e.countIn.join(",")}`);
      if (after.length > e.countIn[1]) harm = true;
    }
    for (const p of e.tasks ?? []) if (!after.some((t) => matchTask(t, p, after))) why.push(`no task like ${JSON.stringify(p)}`);
    for (const a of e.absent ?? []) if (after.some((t) => norm(t.title).includes(a))) why.push(`still there: ${a}`);
    if (e.status === "awaiting_confirmation" && r.pending.length === 0) why.push("no confirmation pending");
    if (e.status === "completed" && r.pending.length > 0) why.push("a confirmation is pending");
    if (e["reply~"] && !new RegExp(e["reply~"], "i").test(r.text)) why.push(`reply !~ /${e["reply~"]}/`);
    for (const s of e.replyHas ?? []) if (!reply.includes(s)) why.push(`reply lacks "${s}"`);
    for (const s of e.replyLacks ?? []) if (reply.includes(s)) why.push(`reply has "${s}"`);
    if (e.toolCalls !== undefined && r.calls.length !== e.toolCalls) why.push(`toolCalls ${r.calls.length}`);
    if (e.listsCount !== undefined) {
      const n = await h.listsCount();
      if (n !== e.listsCount) {
        why.push(`lists ${n} != ${e.listsCount}`);
        if (n > e.listsCount) harm = true;
      }
    }
    if (e.replyNoIds && after.some((t) => r.text.includes(t.id))) why.push("reply shows a task id");
    if (why.length)
      return {
        why: `turn ${i} ("${turn.say ?? `approve=${String(turn.approve)}`}"): ${why.join("; ")} | reply: ${r.text.slice(0, 200).replace(/\n/g, " ")}`,
        harm,
      };
  }
  return null;
}

const files = [
  "intents-public.jsonl",
  "intents-public-v2.jsonl",
  "intents-public-v3.jsonl",
  "intents-extra.jsonl",
  "intents-organise.jsonl",
  "intents-corpus.jsonl",
  "intents-corpus-ground.jsonl",
];
// Our rephrasings of the v1 scenarios (no known failures allowed there).
const paraphrases = readFileSync(resolve(import.meta.dirname, "paraphrase-scenarios.jsonl"), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Scenario);

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
        const cls = /^c-([a-z0-9]+)-/.exec(sc.id)?.[1];
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
