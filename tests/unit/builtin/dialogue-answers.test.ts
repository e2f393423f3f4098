/**
 * Dialogue probe of issue 24 (w11): rules LISTED-EXCEPT (intents/refs.ts), ELLIPSIS-NOT-ADD
 * (dialogue.ts), LEFT-ON-LIST, IS-IT-WHEN and WHAT-DAY (intents/list.ts), and "is it overdue"
 * after a lookup (PRONOUN-QUESTION). Typed yeses and nos are in tests/unit/agent/typed-reply.test.ts.
 */
import { describe, expect, it } from "vitest";
import { classify } from "@/lib/agent/builtin/intents";
import { exceptsByPosition, refFrom } from "@/lib/agent/builtin/intents/refs";
import { planStep } from "@/lib/agent/builtin/planner";
import type { ConversationEvent } from "@/lib/agent/builtin/prompt-reader";
import { calls, clock, task } from "./plan-steps";

const read = (text: string) => classify(text, clock);

function listed(...tasks: ReturnType<typeof task>[]): ConversationEvent[] {
  return [
    { kind: "user", text: "show my tasks" },
    { kind: "call", id: "l1", name: "list_tasks", input: {} },
    { kind: "result", id: "l1", name: "list_tasks", input: {}, outcome: { kind: "ok", value: { tasks } } } as unknown as ConversationEvent,
    { kind: "assistant", text: "Here are your tasks." },
  ];
}

function changed(name: string, input: Record<string, unknown>, t: ReturnType<typeof task>): ConversationEvent[] {
  return [
    { kind: "user", text: "earlier request" },
    { kind: "call", id: "c1", name, input },
    { kind: "result", id: "c1", name, input, outcome: { kind: "ok", value: { task: t } } } as unknown as ConversationEvent,
    { kind: "assistant", text: "Done." },
  ];
}

describe("LISTED-EXCEPT: every task shown but the ones named by position", () => {
  it.each([
    ["all of them except the first", [{ n: 1, fromEnd: false }]],
    ["all but the last one", [{ n: 1, fromEnd: true }]],
    ["everything apart from the 2nd", [{ n: 2, fromEnd: false }]],
    [
      "all of them except 1 and 3",
      [
        { n: 1, fromEnd: false },
        { n: 3, fromEnd: false },
      ],
    ],
    ["them all bar the top one", [{ n: 1, fromEnd: false }]],
  ])("%s", (text, except) => {
    expect(refFrom(text)).toEqual({ kind: "listed", except });
  });

  it.each(["all of them except the milk", "all but", "the first one", "everything except the 9 o'clock"])(
    "%s is no position exception",
    (text) => {
      const ref = refFrom(text);
      expect(ref?.kind === "listed" && ref.except).toBeFalsy();
    },
  );

  it("is read as a completion or deletion of those tasks, never a bulk over a filter", () => {
    expect(exceptsByPosition("tick off all but the last one")).toBe(true);
    expect(exceptsByPosition("delete everything except the gutters")).toBe(false);
    expect(read("tick off all but the last one")).toEqual([
      { type: "complete", refs: [{ kind: "listed", except: [{ n: 1, fromEnd: true }] }] },
    ]);
    expect(read("all of them except the first are done")).toEqual([
      { type: "complete", refs: [{ kind: "listed", except: [{ n: 1, fromEnd: false }] }] },
    ]);
    expect(read("delete all of them apart from 1 and 3")[0]).toMatchObject({ type: "delete" });
  });

  it.each([
    [
      "make them all high priority except the top one",
      { type: "update", ref: { kind: "listed", except: [{ n: 1, fromEnd: false }] }, changes: { priority: "high" } },
    ],
    ["mark them all done except the second", { type: "complete", refs: [{ kind: "listed", except: [{ n: 2, fromEnd: false }] }] }],
    ["delete them all but the first", { type: "delete", refs: [{ kind: "listed", except: [{ n: 1, fromEnd: false }] }] }],
  ])("trailing: %s", (text, intent) => {
    expect(read(text)).toEqual([intent]);
  });

  it.each([
    "should i make them all urgent except the top one?",
    "move the dentist to friday except the last one",
    "buy milk except the semi skimmed",
  ])("trailing, %s takes no exception of the list", (text) => {
    for (const intent of read(text)) expect(JSON.stringify(intent)).not.toContain('except":[');
  });

  it("resolves against the list shown; a position past it asks", () => {
    const h = listed(task("a", "Renew passport"), task("b", "Call the plumber"), task("c", "Book car service"));
    expect(calls(h, "all of them except the first are done")).toEqual([{ toolName: "complete_tasks", input: { ids: ["b", "c"] } }]);
    expect(calls(h, "all except the 7th are done")).toEqual([]);
  });
});

describe("BULK-EXCEPT: a group with a task left out keeps the exception", () => {
  it.each([
    ["everything is done except the gutters", "complete", "gutters"],
    ["tick everything off apart from the car", "complete", "car"],
    ["i've done everything except the ironing", "complete", "ironing"],
    ["delete everything except the milk", "delete", "milk"],
  ])("%s", (text, action, except) => {
    expect(read(text)).toEqual([{ type: "bulk", action, filter: expect.objectContaining({ except }), listed: false }]);
  });
  it("an exception by position is no group", () => {
    for (const text of ["move everything except the 2nd to next week", "mark all done except the second"])
      for (const intent of read(text)) expect(intent.type).not.toBe("bulk");
  });
});

describe("ELLIPSIS-NOT-ADD: 'X too' after a change is the same change, even when X reads as an add", () => {
  const rent = changed("update_task", { task: "pay rent", priority: "high" }, task("r", "Pay rent", { priority: "high" }));
  it.each(["phone bill as well", "water the plants too", "phone bill too pls"])("%s", (text) => {
    const [call] = calls(rent, text);
    expect(call?.toolName).toBe("update_task");
    expect(call?.input).toMatchObject({ priority: "high" });
  });
  it("a joiner or an add verb still asks for a new task", () => {
    expect(calls(rent, "oh and add eggs too")).toEqual([{ toolName: "add_task", input: { title: "Eggs" } }]);
  });
});

describe("casual questions only read", () => {
  it.each([
    ["whats left on shopping", { list: "shopping", status: "pending", orTopic: true }],
    ["anything left on shopping?", { list: "shopping", status: "pending", orTopic: true }],
    ["what's left on the shopping list", { list: "shopping", status: "pending" }],
    ["how many things on shopping", { list: "shopping", status: "pending", orTopic: true, count: true }],
    ["how many things are on my shopping list", { list: "shopping", status: "pending", count: true }],
  ])("LEFT-ON-LIST: %s", (text, filter) => {
    expect(read(text)).toEqual([{ type: "list", filter }]);
  });

  it.each([
    ["is the passport one late", "passport"],
    ["is passport overdue?", "passport"],
    ["is the dentist tomorrow", "dentist"],
    ["what day is the dentist", "dentist"],
    ["what time's the vet at", "vet"],
  ])("IS-IT-WHEN / WHAT-DAY: %s looks the task up", (text, query) => {
    expect(read(text)).toEqual([{ type: "list", filter: { query } }]);
  });

  it.each(["what day is it", "what time is it now", "whats left on friday", "is anything overdue"])("%s is no task lookup", (text) => {
    expect(read(text)[0]?.type === "list" && "query" in (read(text)[0] as { filter: object }).filter).toBe(false);
  });

  it("'is it overdue' after a lookup of one task answers about it", () => {
    const h = listed(task("p", "Renew passport", { dueAt: "2026-11-25T12:00:00.000Z" }));
    const step = planStep({ system: "", events: [...h, { kind: "user", text: "is it overdue" }] }, clock, new Set());
    expect(step.calls).toEqual([]);
    expect(step.text).toContain("'Renew passport' is due");
  });
});

describe("answers after an offer and after a count", () => {
  const offered: ConversationEvent[] = [
    { kind: "user", text: "might need to get the chimney swept" },
    { kind: "assistant", text: "Do you want me to add 'Get the chimney swept'?" },
  ];
  it.each(["yes please, for friday", "yeah but make it friday", "ok make it friday", "yes, friday"])(
    "YES-WITH-DAY: %s adds the item offered on that day",
    (text) => {
      expect(calls(offered, text)).toEqual([{ toolName: "add_task", input: { title: "Get the chimney swept", due: "2026-11-27" } }]);
    },
  );
  it.each(["yes but not friday", "yes for the dentist"])("%s adds nothing on a day", (text) => {
    expect(calls(offered, text).some((c) => c.toolName === "add_task" && "due" in c.input)).toBe(false);
  });
  it("'no thanks but add X' adds X", () => {
    expect(read("no thanks but add get a haircut")).toEqual([{ type: "add", items: [{ title: "Get a haircut" }] }]);
  });
  it("WHICH-ONES: after a count, 'which ones' shows the tasks counted and writes nothing", () => {
    const h = listed(task("a", "Renew passport"), task("b", "Return library books"));
    const step = planStep({ system: "", events: [...h, { kind: "user", text: "which ones" }] }, clock, new Set());
    expect(step.calls).toEqual([]);
    expect(step.text).toContain("Return library books");
  });
  it("REMARK-ABOUT-IT: a remark that names no task, then a change of 'it'", () => {
    expect(read("cant be bothered with that today, move it to tmrw")).toEqual([
      { type: "update", ref: { kind: "pronoun" }, changes: { due: "2026-11-27" } },
    ]);
    expect(read("if that happens, move it to friday")).toEqual([{ type: "say", kind: "unclear" }]);
  });
});
