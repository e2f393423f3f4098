/**
 * Bounded by construction: no chat message can hang a worker. Every step of the built-in model
 * (and every exported rule of lib/agent/builtin and lib/task-line: regexes and string readers) answers pumped
 * inputs — one word, punctuation mark or quote repeated up to the 4,000-character message limit,
 * after a prefix that steers it into a particular reader — within 50 ms.
 *
 * Inputs grow geometrically (×1.25), and each family stops at its first slow input, so an
 * exponential regex fails here after a second or two instead of freezing the test run.
 * (Before the fix, `add "a" "b"` + ten " ," took 17 s over HTTP, and 26 × "high" 1.5 s.)
 */
import { describe, it, expect } from "vitest";
import { planStep } from "@/lib/agent/builtin/planner";
import { clockAt } from "@/lib/task-line/clock";
import type { Clock } from "@/lib/task-line/clock";
import type { ConversationEvent } from "@/lib/agent/builtin/prompt-reader";
import { MAX_MESSAGE_CHARS } from "@/lib/agent/builtin/intents";

const LIMIT_MS = 50;
const MAX_CHARS = 4000;
const clock: Clock = clockAt(new Date("2026-11-22T14:05:00.000Z"), "Europe/Berlin");

/** Prefixes that lead into the readers (add, update, list, social, bulk, organise, reminders…). */
const PREFIXES = [
  "",
  "add ",
  'add "a" "b"',
  "remind me to ",
  "make the ",
  "move the ",
  "show my ",
  "what's ",
  "whats on for ",
  "do i need ",
  "is the ",
  "and the ",
  "how busy am i ",
  "thanks",
  "yes",
  "no",
  "delete the ",
  "mark ",
  "rename x to ",
  "everything tagged ",
  "tag x with ",
  "create a list called ",
  "the ",
  "i need to ",
  "every ",
  "did i put down the ",
  "anything due between ",
  "don't ",
  "i keep meaning to ",
  "gotta get the ",
  "add to the x one that ",
  "note on x: ",
  "x isnt ",
  "x - remember ",
  "i didn't ",
  "under x, add ",
  "what are the subtasks of ",
  "put x in the description of ",
  "add the label x to ",
  "is there anything on my ",
  "put it on ",
  "can u stick x down, on ",
];
/** The pumped piece, repeated. */
const PIECES = [
  " ,",
  " high",
  "high ",
  " a",
  " the",
  " and",
  " thanks",
  " yes",
  " please",
  " no",
  " ok",
  " done",
  " not",
  " task",
  " tasks",
  " urgent",
  " today",
  " every day",
  " at 5",
  " 5",
  " #x",
  " it",
  " one",
  " me",
  ' "',
  '"a" ',
  " '",
  "!",
  ".",
  " .",
  ", ",
  "-",
  " -",
  "  ",
  "a",
  "aa ",
  " to",
  " for",
  " by",
  " on",
  " in",
  " then",
  " also",
  " all",
  " overdue",
  " priority",
  " list",
  " label",
  " pls",
  " shopping",
  " remind",
  " due",
];
/** What follows the pump: a word that makes every sentence pattern fail at the very end. */
const SUFFIXES = ["", " x?"];

function pumped(prefix: string, piece: string, n: number, suffix: string): string {
  return (prefix + piece.repeat(n) + suffix).slice(0, MAX_CHARS);
}

function timeOf(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/** The fastest of three runs: a garbage-collection pause or a busy machine is not a slow regex. */
function bestOf3(run: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < 3 && best > LIMIT_MS; i++) best = Math.min(best, timeOf(run));
  return best;
}

/** Runs `run` on growing pumped inputs of every family, up to `maxChars`; returns the slow ones. */
function slowInputs(run: (text: string) => unknown, prefixes = PREFIXES, maxChars = MAX_CHARS): string[] {
  const slow: string[] = [];
  for (const prefix of prefixes) {
    for (const piece of PIECES) {
      for (const suffix of SUFFIXES) {
        let n = 1;
        for (;;) {
          const text = pumped(prefix, piece, n, suffix).slice(0, maxChars);
          const ms = bestOf3(() => run(text));
          if (ms > LIMIT_MS) {
            slow.push(`${JSON.stringify(prefix)} + ${JSON.stringify(piece)} × ${n} + ${JSON.stringify(suffix)}: ${Math.round(ms)} ms`);
            break;
          }
          if (prefix.length + piece.length * n >= maxChars) break;
          n = Math.max(n + 1, Math.ceil(n * 1.25));
        }
      }
    }
  }
  return slow;
}

function firstStep(text: string, history: ConversationEvent[] = []) {
  return planStep({ system: "", events: [...history, { kind: "user", text }] }, clock, new Set());
}

/** A conversation that has shown a list of tasks, so references ("the third one") are read too. */
const shown: ConversationEvent[] = [
  { kind: "user", text: "show my tasks" },
  { kind: "call", id: "c1", name: "list_tasks", input: {} },
  {
    kind: "result",
    id: "c1",
    name: "list_tasks",
    input: {},
    outcome: {
      ok: true,
      value: {
        tasks: [
          { id: "t1", title: "Order new glasses", status: "pending", priority: "high", dueAt: null, description: null },
          { id: "t2", title: "Book the optician", status: "pending", priority: "medium", dueAt: null, description: null },
          { id: "t3", title: "high ".repeat(60).trim(), status: "pending", priority: "medium", dueAt: null, description: null },
        ],
      },
    },
  } as unknown as ConversationEvent,
  { kind: "assistant", text: "You have 3 tasks." },
];

describe("the built-in model is bounded", () => {
  it("answers every pumped message within 50 ms a step", () => {
    expect(slowInputs((text) => firstStep(text))).toEqual([]);
  }, 600_000);

  it("answers every pumped message after a listing within 50 ms a step", () => {
    expect(slowInputs((text) => firstStep(text, shown))).toEqual([]);
  }, 600_000);

  it("reads every pumped message against a task lookup (grounding) within 50 ms a step", () => {
    const lookup = shown[2] as ConversationEvent & { kind: "result" };
    const afterLookup = (text: string) =>
      planStep(
        {
          system: "",
          events: [
            { kind: "user", text },
            { kind: "call", id: "g1", name: "list_tasks", input: { limit: 100 } },
            { ...lookup, id: "g1", input: { limit: 100 } },
          ],
        },
        clock,
        new Set(),
      );
    expect(slowInputs(afterLookup)).toEqual([]);
  }, 600_000);

  // The readers only ever see a message the model agreed to read (MAX_MESSAGE_CHARS); longer
  // ones are answered "send it in shorter pieces" above.
  it("runs every exported rule of lib/agent/builtin and lib/task-line on pumped text of a readable length within 50 ms", () => {
    const modules = import.meta.glob(["../../../lib/agent/builtin/**/*.ts", "../../../lib/task-line/**/*.ts"], { eager: true }) as Record<
      string,
      Record<string, unknown>
    >;
    const rules: Array<{ name: string; run: (text: string) => unknown }> = [];
    for (const [file, mod] of Object.entries(modules)) {
      if (file.endsWith("/model.ts") || file.endsWith("/index.ts")) continue;
      for (const [name, value] of Object.entries(mod)) {
        if (value instanceof RegExp)
          rules.push({ name: `${file}:${name}`, run: (t) => new RegExp(value.source, value.flags.replace("g", "")).test(t) });
        // The readers are pure functions of (text, clock); wrong-typed calls just throw.
        else if (typeof value === "function" && !/^[A-Z]/.test(name)) {
          const fn = value as (...args: unknown[]) => unknown;
          rules.push({
            name: `${file}:${name}`,
            run: (t) => {
              try {
                return fn(t, clock);
              } catch {
                return null;
              }
            },
          });
        }
      }
    }
    expect(rules.length).toBeGreaterThan(50);
    // As the readers receive text: blanks collapsed (the planner and normalize() do it first).
    const slow = rules.flatMap((r) =>
      slowInputs((t) => r.run(t.replace(/\s+/g, " ")), ["", "add "], MAX_MESSAGE_CHARS).map((s) => `${r.name}: ${s}`),
    );
    expect(slow).toEqual([]);
  }, 1_200_000);
});
