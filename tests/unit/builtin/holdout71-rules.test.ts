/**
 * Rules of the w16 probes holdout71–74 (a parent's, a wedding planner's, a landlord's and a nurse's
 * lists; docs/agent.md "Answers, notes after a dash, monthly days in words (issue 24, w16)").
 */
import { describe, expect, it } from "vitest";
import { groundMessage } from "@/lib/agent/builtin/grounding";
import { classify } from "@/lib/agent/builtin/intents";
import { listedCount } from "@/lib/agent/builtin/intents/refs";
import { takesBack } from "@/lib/agent/builtin/intents/undo";
import { contextualAnswer, remindWhen } from "@/lib/agent/builtin/followups";
import type { ConversationEvent } from "@/lib/agent/builtin/prompt-reader";
import { calls, clock, task } from "./plan-steps";

const tasks = [
  task("g", "Gas safety check at Elm Road", { labels: ["elm"] }),
  task("i", "Renew landlord insurance"),
  task("c", "Buy a costume for the nativity"),
  task("s", "Buy a leaving present for Sue"),
];
const ground = (text: string) => groundMessage(text, tasks as never, clock);

describe("answers right after a change", () => {
  const added = task("suit", "Pick up the suit");
  const history: ConversationEvent[] = [
    { kind: "user", text: "add pick up the suit" },
    { kind: "call", id: "c1", name: "add_task", input: { title: "Pick up the suit" } },
    {
      kind: "result",
      id: "c1",
      name: "add_task",
      input: {},
      outcome: { kind: "ok", value: { task: added } },
    } as unknown as ConversationEvent,
    { kind: "assistant", text: "Added 'Pick up the suit'." },
  ];
  it("a bare day after an add is the task's day, never a task called 'Saturday'", () => {
    expect(calls(history, "saturday")).toEqual([{ toolName: "update_task", input: { task: "suit", due: "2026-11-28" } }]);
    expect(calls(history, "tomorrow at 10")).toEqual([{ toolName: "update_task", input: { task: "suit", due: "2026-11-27T10:00:00" } }]);
  });
  it("'no wait, not yet' takes a change back; 'them both' points at two tasks shown", () => {
    expect(takesBack("no wait, not yet")).toBe(true);
    expect(takesBack("not yet")).toBe(true);
    expect(takesBack("not yet, friday")).toBe(false);
    expect(listedCount("them both")).toBe(2);
  });
  it("'When should I remind you about X?' takes an offset or a time", () => {
    const asked = remindWhen("Book a tennis lesson");
    const answer = (text: string) => contextualAnswer(asked, classify(text, clock), text, clock)?.calls;
    expect(answer("an hour before")).toEqual([{ toolName: "update_task", input: { task: "Book a tennis lesson", remindBefore: 60 } }]);
    expect(answer("tomorrow at 9")).toEqual([
      { toolName: "update_task", input: { task: "Book a tennis lesson", remindAt: "2026-11-27T09:00:00" } },
    ]);
  });
});

describe("lists and places asked about", () => {
  it.each([
    ["what's on elm road", { list: "elm road", orTopic: true }],
    ["show me everything for home", { list: "home", orTopic: true }],
    ["what's pending at home", { list: "home", status: "pending", orTopic: true }],
    ["where did i put the shoes one", { list: "shoes", orTopic: true }],
  ])("%s", (text, filter) => {
    expect(classify(text, clock)).toEqual([{ type: "list", filter }]);
  });
  it("'whats on next week' is still a time", () => {
    expect(classify("whats on next week", clock)).toMatchObject([{ type: "list", filter: { window: { label: "next week" } } }]);
  });
});

describe("adds", () => {
  it("'every first of the month check the meter readings' repeats on the 1st, the words out of the title", () => {
    expect(classify("every first of the month check the meter readings", clock)).toEqual([
      { type: "add", items: [{ title: "Check the meter readings", recurrence: "FREQ=MONTHLY;BYMONTHDAY=1" }] },
    ]);
  });
  it("'new: X' adds X", () => {
    expect(classify("new: smoke alarm test at oak street #oak", clock)).toEqual([
      { type: "add", items: [{ title: "Smoke alarm test at oak street", labels: ["oak"] }] },
    ]);
  });
});

describe("notes, labels and days of a task named", () => {
  it("a statement after a dash is a note; a request after it is not", () => {
    expect(ground("gas check - engineer is called Raj")).toMatchObject({
      change: { task: { id: "g" }, changes: { description: "engineer is called Raj" } },
    });
    expect(ground("sue's present - she likes gin")).toMatchObject({
      change: { task: { id: "s" }, changes: { description: "she likes gin" } },
    });
    expect(ground("sue's present - get gin")).toBeNull();
  });
  it("'costume note: needs ears and a tail' is a note, never two steps", () => {
    expect(classify("costume note: needs ears and a tail", clock)).toEqual([
      { type: "update", ref: { kind: "phrase", text: "costume" }, changes: { description: "needs ears and a tail" } },
    ]);
  });
  it("'got the nativity costume - a sheep obviously' finishes the costume; the aside is no part of it", () => {
    expect(classify("got the nativity costume - a sheep obviously", clock)).toEqual([
      { type: "complete", refs: [{ kind: "phrase", text: "get the nativity costume" }] },
    ]);
  });
  it("'tag the insurance one elm and oak' puts both labels", () => {
    expect(ground("tag the insurance one elm and oak")).toMatchObject({
      change: { task: { id: "i" }, changes: { labels: ["elm", "oak"] } },
    });
  });
  it("'the costume isn't needed till the 10th' moves it", () => {
    expect(ground("the costume isn't needed till the 10th")).toMatchObject({
      change: { task: { id: "c" }, changes: { due: "2026-12-10" } },
    });
  });
});

describe("news told in the past tense (blind probe holdout75)", () => {
  it.each(["jay broke another stick lol", "the dog tore the cushion", "someone stole my bike"])("%s adds nothing", (text) => {
    expect(classify(text, clock).some((i) => i.type === "add")).toBe(false);
  });
});
