/**
 * Follow-ups and edits with a clause in front (docs/agent.md "Follow-ups and remarks before a
 * request"): rules REMARK-THEN-REQUEST, UNDO-WITH-REMARK, TAKE-BACK-LEAD (intents/index.ts) and
 * NEW-SLOT, MOVE-IT, DID-IT, DAY-NOT-DAY (dialogue.ts).
 */
import { describe, expect, it } from "vitest";
import { classify } from "@/lib/agent/builtin/intents";
import type { ConversationEvent } from "@/lib/agent/builtin/prompt-reader";
import { calls, clock, task } from "./plan-steps";

const read = (text: string) => classify(text, clock);

describe("REMARK-THEN-REQUEST: a remark, then a request that stands on its own", () => {
  it.each([
    ["bike shop cant do sat, moving the bike service to monday", "bike service", { due: "2026-11-30" }],
    ["ive got a meeting thursday so move the dentist to friday", "dentist", { due: "2026-11-27" }],
    ["move the gutters to sunday because of the rain", "gutters", { due: "2026-11-29" }],
    ["since the vet is fully booked, move the vet to friday", "vet", { due: "2026-11-27" }],
    ["boss wants the report earlier, make it wednesday", "report", { due: "2026-12-02" }],
    ["dentist called to reschedule, move it to friday", "dentist", { due: "2026-11-27" }],
    ["the insurance actually runs out on the 15th so do it by then", "insurance", { due: "2026-12-15" }],
    ["my brother is coming sunday so the plants can wait until then", "plants", { due: "2026-11-29" }],
    ["weather looks bad this weekend so the gutters can be low priority", "gutters", { priority: "low" }],
    ["boss says the report is top priority now", "report", { priority: "high" }],
  ])("%s", (text, task, changes) => {
    expect(read(text)).toEqual([{ type: "update", ref: { kind: "phrase", text: task }, changes }]);
  });

  it.each([
    "bike shop cant do saturday",
    "bike shop cant do sat, not sure when to move it",
    "since the boss is away the report can wait, maybe",
    "its raining so hard today",
    "I'm so tired today",
    "if the optician calls, move it to friday",
  ])("%s writes nothing", (text) => {
    for (const intent of read(text)) expect(["say", "unknown", "offer", "list"]).toContain(intent.type);
  });

  it("a request before the comma is its own clause, not a remark", () => {
    expect(read("the dentist is done, move the report to friday")).not.toEqual([
      { type: "update", ref: { kind: "phrase", text: "report" }, changes: { due: "2026-11-27" } },
    ]);
  });
});

describe("UNDO-WITH-REMARK and TAKE-BACK-LEAD", () => {
  it.each(["undo that, wrong one", "my bad, undo that", "oops undo that. wrong task"])("%s is an undo", (text) => {
    expect(read(text)).toEqual([{ type: "undo" }]);
  });
  it("hold on, make it friday is the change of 'it'", () => {
    expect(read("hold on, make it friday")).toEqual([{ type: "update", ref: { kind: "pronoun" }, changes: { due: "2026-11-27" } }]);
  });
});

/** A turn that changed one task with `input`. */
function changed(input: Record<string, unknown>, t = task("t1", "Water the plants")): ConversationEvent[] {
  return [
    { kind: "user", text: "earlier request" },
    { kind: "call", id: "c1", name: "update_task", input: { task: "plants", ...input } },
    {
      kind: "result",
      id: "c1",
      name: "update_task",
      input: { task: "plants", ...input },
      outcome: { kind: "ok", value: { task: t } },
    } as unknown as ConversationEvent,
    { kind: "assistant", text: "Done." },
  ];
}

/** A list of `tasks` shown. */
function listed(...tasks: ReturnType<typeof task>[]): ConversationEvent[] {
  return [
    { kind: "user", text: "whats due today" },
    { kind: "call", id: "l1", name: "list_tasks", input: {} },
    { kind: "result", id: "l1", name: "list_tasks", input: {}, outcome: { kind: "ok", value: { tasks } } } as unknown as ConversationEvent,
    { kind: "assistant", text: "Here is your task due today." },
  ];
}

describe("follow-ups of the previous turn (dialogue.ts)", () => {
  it("NEW-SLOT: a new repeat after a repeat was set", () => {
    const h = changed({ recurrence: "FREQ=WEEKLY" });
    expect(calls(h, "hmm no, every other week")).toEqual([
      { toolName: "update_task", input: { task: "t1", recurrence: "FREQ=WEEKLY;INTERVAL=2" } },
    ]);
    expect(calls(h, "actually make it every two weeks")[0]?.input).toMatchObject({ task: "t1", recurrence: "FREQ=WEEKLY;INTERVAL=2" });
  });

  it("DAY-NOT-DAY: 'thursday not wednesday' after a move is the same task on the day meant", () => {
    expect(calls(changed({ due: "2026-12-02" }), "sorry, thursday not wednesday")).toEqual([
      { toolName: "update_task", input: { task: "t1", due: "2026-12-03" } },
    ]);
  });

  it("MOVE-IT and DID-IT: after a list of one", () => {
    const h = listed(task("b1", "Take the bins out"));
    expect(calls(h, "push that to next week")[0]).toMatchObject({ toolName: "update_task", input: { task: "b1" } });
    expect(calls(h, "that can wait till monday")).toEqual([{ toolName: "update_task", input: { task: "b1", due: "2026-11-30" } }]);
    expect(calls(h, "done it this morning actually")).toEqual([{ toolName: "complete_task", input: { task: "b1" } }]);
    expect(calls(h, "oh i did that last night")).toEqual([{ toolName: "complete_task", input: { task: "b1" } }]);
  });

  it("after a list of two, 'it' is not one task: nothing is written", () => {
    const h = listed(task("b1", "Take the bins out"), task("b2", "Ring the plumber"));
    for (const text of ["push that to next week", "did it earlier"])
      expect(calls(h, text).filter((c) => c.toolName !== "list_tasks")).toEqual([]);
  });
});
