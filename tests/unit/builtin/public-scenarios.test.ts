/**
 * Runs the public intent scenarios (tests/evals/intents-public.jsonl) against the built-in
 * model over the in-memory tools, checking the same expectations the HTTP eval does, and our
 * paraphrases of the same scenarios (paraphrase-scenarios.jsonl).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, it, expect } from "vitest";
import { Harness, type Turn } from "./harness";
import { localDate } from "./memory-tasks";
import type { SeedTask, Task } from "./memory-tasks";

type Expect = {
  tasks?: Array<Record<string, unknown>>;
  absent?: string[];
  count?: number;
  unchanged?: boolean;
  status?: string;
  "reply~"?: string;
  replyHas?: string[];
  replyLacks?: string[];
  toolCalls?: number;
  replyNoIds?: boolean;
};
type Scenario = { id: string; setup?: SeedTask[]; turns: Array<{ say?: string; approve?: boolean; expect?: Expect }> };

const NOW = "2026-11-22T14:05:00.000Z";
// A missing file fails the run: these scenarios are never skipped silently.
const read = (file: string): Scenario[] => readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Scenario);
const shared = read(resolve(import.meta.dirname, "../../evals/intents-public.jsonl"));
// Our own rephrasings of the same scenarios, to keep the model honest about paraphrase.
const paraphrases = read(resolve(import.meta.dirname, "paraphrase-scenarios.jsonl"));

function daysFromToday(dueAt: string): number {
  const day = localDate(new Date(dueAt), "UTC");
  return Math.round((Date.parse(day) - Date.parse(NOW.slice(0, 10))) / 86_400_000);
}

function matches(t: Task, p: Record<string, unknown>): boolean {
  for (const [k, v] of Object.entries(p)) {
    if (k === "title~" && !t.title.toLowerCase().includes(String(v).toLowerCase())) return false;
    if (k === "description~" && !(t.description ?? "").toLowerCase().includes(String(v).toLowerCase())) return false;
    if (k === "status" && t.status !== v) return false;
    if (k === "priority" && (String(v).startsWith("!") ? t.priority === String(v).slice(1) : t.priority !== v)) return false;
    if (k === "dueIn") {
      const [min, max] = v as [number, number];
      if (!t.dueAt) return false;
      const d = daysFromToday(t.dueAt);
      if (d < min || d > max) return false;
    }
    if (k === "dueWeekday" && (!t.dueAt || new Date(t.dueAt).getUTCDay() !== v)) return false;
  }
  return true;
}

const snapshot = (ts: Task[]) => JSON.stringify(ts.map((t) => [t.id, t.title, t.status, t.priority, t.dueAt, t.description]).sort());

function run(scenarios: Scenario[]) {
  for (const sc of scenarios) {
    it(sc.id, async () => {
      const h = new Harness({ now: NOW, timeZone: "UTC", tasks: sc.setup ?? [] });
      for (const turn of sc.turns) {
        const before = snapshot(h.tasks);
        const r: Turn = turn.approve !== undefined ? await h.approve(turn.approve) : await h.say(turn.say ?? "");
        const e = turn.expect ?? {};
        const label = `${sc.id} / ${turn.say ?? `approve=${turn.approve}`}: ${r.text}`;
        const reply = r.text.toLowerCase();
        if (e.unchanged) expect(snapshot(h.tasks), label).toBe(before);
        if (e.count !== undefined) expect(h.tasks.length, label).toBe(e.count);
        for (const p of e.tasks ?? []) expect(h.tasks.some((t) => matches(t, p)), `${label} ${JSON.stringify(p)}`).toBe(true);
        for (const a of e.absent ?? []) expect(h.tasks.some((t) => t.title.toLowerCase().includes(a)), label).toBe(false);
        if (e.status === "awaiting_confirmation") expect(r.pending.length, label).toBeGreaterThan(0);
        if (e["reply~"]) expect(r.text, label).toMatch(new RegExp(e["reply~"], "i"));
        for (const s of e.replyHas ?? []) expect(reply, label).toContain(s);
        for (const s of e.replyLacks ?? []) expect(reply, label).not.toContain(s);
        if (e.toolCalls !== undefined) expect(r.calls.length, label).toBe(e.toolCalls);
        if (e.replyNoIds) for (const t of h.tasks) expect(r.text, label).not.toContain(t.id);
      }
    });
  }
}

describe("public intent scenarios", () => run(shared));
describe("paraphrased intent scenarios", () => run(paraphrases));
