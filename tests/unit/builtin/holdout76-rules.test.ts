/**
 * Rules of the w17 probes holdout76–83 (a runner's, a carer's, a renovator's, a PhD student's, a Christmas
 * planner's, a dog walker's, a house mover's and a translator's lists; docs/agent.md "Lists asked with days, denials, offsets and opinions (issue 24, w17)").
 */
import { describe, expect, it } from "vitest";
import { groundMessage } from "@/lib/agent/builtin/grounding";
import { classify } from "@/lib/agent/builtin/intents";
import { deniesDeed } from "@/lib/agent/builtin/intents/undo";
import type { ConversationEvent } from "@/lib/agent/builtin/prompt-reader";
import { deedFitsTask } from "@/lib/agent/builtin/verbs";
import { saysOpinion } from "@/lib/agent/builtin/lexicon";
import { spellOut } from "@/lib/agent/builtin/textisms";
import { resolveReference } from "@/lib/tasks/match";
import { calls, clock, task } from "./plan-steps";

const tasks = [
  task("bins", "Put the bins out", { repeats: "every week" }),
  task("ch3", "Send chapter 3 to Dr Okafor"),
  task("mil", "Read the Miller paper"),
  task("fig", "Fix the figures in chapter 2"),
  task("eye", "Take Dad to the eye clinic"),
];
const ground = (text: string) => groundMessage(text, tasks as never, clock);

describe("lists asked about, with the days after them", () => {
  it.each([
    ["what have i got for work", { list: "work", orTopic: true }],
    ["what do i have for the garden", { list: "garden", orTopic: true }],
    ["what's on for dad this week", { due: "this_week", status: "pending", list: "dad", orTopic: true }],
  ])("%s", (text, filter) => {
    expect(classify(text, clock)).toEqual([{ type: "list", filter }]);
  });
  it("people a task is for, and a day after 'for', are no list", () => {
    expect(JSON.stringify(classify("what have i got for the kids", clock))).not.toContain('"list":');
    expect(classify("what's on for tomorrow", clock)).toMatchObject([{ type: "list", filter: { window: { label: "tomorrow" } } }]);
    expect(JSON.stringify(classify("what's on for tomorrow", clock))).not.toContain('"list":');
  });
  it.each(["which things don't have a date", "tasks with no due date", "jobs without a deadline"])(
    "%s: the open tasks with no date",
    (text) => {
      expect(classify(text, clock)).toEqual([{ type: "list", filter: { status: "pending", noDue: true } }]);
    },
  );
  it("'have i read X' looks X up", () => {
    expect(classify("have i read the miller paper", clock)).toMatchObject([{ type: "list" }]);
  });
});

describe("a tick denied, and corrections that are not denials", () => {
  it.each(["oops no she didn't answer", "wait no, that was the wrong one", "nah it's not done", "oops wrong one"])("%s denies", (text) => {
    expect(deniesDeed(text)).toBe(true);
  });
  it.each([
    "no wait not the gas bill, the water bill",
    "no i meant the dentist not the doctor",
    "no sorry, beth not ben",
    "oops wrong one, i meant the printer",
    "no not that one, the other one",
    "she didn't answer",
  ])("%s does not", (text) => {
    expect(deniesDeed(text)).toBe(false);
  });
  it("'skip is done' is about a skip, never skipping a task called 'is done'", () => {
    expect(classify("skip is done", clock)).toEqual([{ type: "complete", refs: [{ kind: "phrase", text: "skip" }] }]);
    expect(classify("skip the plants this week", clock)).toEqual([
      { type: "update", ref: { kind: "phrase", text: "plants" }, changes: { skipOccurrence: true } },
    ]);
  });
});

describe("changes said with their reason or their span", () => {
  it("a repeat said off by its adverb; a new repeat is no repeat off", () => {
    expect(ground("the bins aren't weekly any more")).toMatchObject({
      change: { task: { id: "bins" }, changes: { clearRecurrence: true } },
    });
    const weekly = ground("the bins are weekly not daily");
    expect(weekly).toMatchObject({ change: { changes: { recurrence: "FREQ=WEEKLY" } } });
    expect(weekly?.kind === "change" && "clearRecurrence" in weekly.change.changes).toBe(false);
  });
  it("someone else doing the task is the reason, never more of the change", () => {
    expect(ground("the bins don't repeat any more, the neighbour does them")).toMatchObject({
      change: { task: { id: "bins" }, changes: { clearRecurrence: true } },
    });
  });
  it("'top priority this week' is a priority, never a due date", () => {
    const g = ground("the figures are the top priority this week");
    expect(g).toMatchObject({ kind: "change", change: { task: { id: "fig" }, changes: { priority: "high" } } });
    expect(g?.kind === "change" && "due" in g.change.changes).toBe(false);
  });
  it("'chapter 3 is with okafor now': what was sent is with whom it went to", () => {
    expect(ground("chapter 3 is with okafor now")).toMatchObject({ change: { task: { id: "ch3" }, changes: { status: "completed" } } });
  });
  it("'jot on the eye clinic that …' is a note, never a new task", () => {
    expect(classify("jot on the eye clinic that he needs his old glasses", clock).some((i) => i.type === "add")).toBe(false);
    expect(ground("jot on the eye clinic that he needs his old glasses")).toMatchObject({
      change: { task: { id: "eye" }, changes: { description: "he needs his old glasses" } },
    });
  });
});

describe("a thing gone to whom it was for, a debtor who paid (holdout75 misses)", () => {
  const band = [
    task("set", "Send the setlist to Dan"),
    task("crown", "Chase the Crown for payment"),
    task("acme", "Invoice Acme for October"),
    task("mum", "Remind mum about the party"),
  ];
  const g = (text: string) => groundMessage(text, band as never, clock);
  it("'setlist's gone to dan', 'the crown finally paid up', 'acme paid' finish their tasks", () => {
    expect(g("setlist's gone to dan")).toMatchObject({ change: { task: { id: "set" }, changes: { status: "completed" } } });
    expect(g("the crown finally paid up")).toMatchObject({ change: { task: { id: "crown" }, changes: { status: "completed" } } });
    expect(g("acme paid")).toMatchObject({ change: { task: { id: "acme" }, changes: { status: "completed" } } });
  });
  it("'mum paid for dinner' is no reminder of mum done", () => {
    expect(g("mum paid for dinner")).toBeNull();
  });
});

describe("states things are left in (holdout80-81)", () => {
  const xmas = [
    task("dec", "Get the decorations down from the loft"),
    task("pat", "Send the parcel to Auntie Pat"),
    task("fl", "Fix the fairy lights"),
    task("max", "Pick up Max from the groomer"),
    task("pres", "Buy presents for the kids"),
  ];
  const g = (text: string) => groundMessage(text, xmas as never, clock);
  it.each([
    ["decorations are down", "dec"],
    ["pat's parcel has gone", "pat"],
    ["fairy lights work again", "fl"],
    ["max is back from the groomer", "max"],
  ])("%s finishes its task", (text, id) => {
    expect(g(text)).toMatchObject({ change: { task: { id }, changes: { status: "completed" } } });
  });
  it("'kids presents are the priority now' raises it", () => {
    expect(g("kids presents are the priority now")).toMatchObject({ change: { task: { id: "pres" }, changes: { priority: "high" } } });
  });
  it("'when do the cards need doing' looks the cards up; 'anything admin-wise' asks about admin", () => {
    expect(classify("when do the cards need doing", clock)).toEqual([{ type: "list", filter: { query: "cards" } }]);
    expect(classify(spellOut("anything admin-wise"), clock)).toEqual([{ type: "list", filter: { list: "admin", orTopic: true } }]);
  });
  it.each(["three walks in the rain today", "10 miles this morning"])("%s is told, never added", (text) => {
    expect(classify(text, clock)).toEqual([{ type: "say", kind: "remark" }]);
  });
});

describe("whom it was for has it, where it went, a past that is its own form (holdout82-83)", () => {
  const moving = [
    task("ll", "Give the landlord notice"),
    task("lu", "Send quote to Lumen Media"),
    task("sofa", "Take the old sofa to the tip"),
    task("br", "Proofread the museum brochure"),
    task("milk", "Buy milk"),
  ];
  const g = (text: string) => groundMessage(text, moving as never, clock);
  it.each([
    ["landlord has my notice", "ll"],
    ["lumen have their quote", "lu"],
    ["sofa's gone to the tip", "sofa"],
    ["brochure proofread", "br"],
  ])("%s finishes its task", (text, id) => {
    expect(g(text)).toMatchObject({ change: { task: { id }, changes: { status: "completed" } } });
  });
  it("'the landlord has my deposit' finishes nothing", () => {
    expect(g("the landlord has my deposit")).toBeNull();
  });
});

describe("opinions are never written", () => {
  it.each(["it's rubbish", "that was so boring", "they're a joke tbh", "its proper good"])("%s is an opinion", (text) => {
    expect(saysOpinion(text)).toBe(true);
  });
  it.each(["its the blue door", "it's leaking again", "she likes gin"])("%s is not", (text) => {
    expect(saysOpinion(text)).toBe(false);
  });
  it("'read miller, it's rubbish' writes no note, no label and adds nothing", () => {
    expect(ground("read miller, it's rubbish")).toBeNull();
    expect(classify("read miller, it's rubbish", clock)).toEqual([{ type: "say", kind: "remark" }]);
  });
});

describe("news of something achieved", () => {
  it.each(["pb at parkrun this morning", "new pb today!", "pr on deadlift tonight"])("%s adds nothing", (text) => {
    expect(classify(text, clock)).toEqual([{ type: "say", kind: "remark" }]);
  });
});

describe("words for the same thing and the same chore", () => {
  it("'tablets', 'meds' name a prescription; 'sparky' an electrician", () => {
    const open = [task("rx", "Collect Dad's prescription"), task("el", "Pay the electrician deposit")] as never;
    expect(resolveReference("dad's tablets", open)).toMatchObject({ kind: "one", task: { id: "rx" } });
    expect(resolveReference("the sparky", open)).toMatchObject({ kind: "one", task: { id: "el" } });
  });
  it("a licence paid is a licence renewed", () => {
    expect(deedFitsTask("pay", "Renew the TV licence")).toBe(true);
  });
});

describe("adds", () => {
  it("'need more X' is shopping; 'need more time' is not", () => {
    expect(classify("need more dust sheets", clock)).toEqual([{ type: "add", items: [{ title: "Get more dust sheets" }] }]);
    expect(classify("need more time", clock).some((i) => i.type === "add")).toBe(false);
  });
  it("'remind me to pay rent the day before' is an offset from the task's due date, never a day gone", () => {
    expect(classify("remind me to pay rent the day before", clock)).toEqual([
      { type: "add", items: [{ title: "Pay rent", remindBeforeWithoutDue: 1440 }] },
    ]);
    expect(classify("remind me to call mum an hour before", clock)).toEqual([
      { type: "add", items: [{ title: "Call mum", remindBeforeWithoutDue: 60 }] },
    ]);
  });
});

describe("right after an add or a change", () => {
  const added = task("roll", "Buy a foam roller");
  const shown = task("run", "Long run", { list: "Training" });
  const history: ConversationEvent[] = [
    { kind: "user", text: "show my tasks" },
    { kind: "call", id: "c0", name: "list_tasks", input: {} },
    {
      kind: "result",
      id: "c0",
      name: "list_tasks",
      input: {},
      outcome: { kind: "ok", value: { tasks: [{ ...shown, list: { name: "Training" } }] } },
    },
    { kind: "assistant", text: "1. Long run" },
    { kind: "user", text: "add buy a foam roller" },
    { kind: "call", id: "c1", name: "add_task", input: { title: "Buy a foam roller" } },
    { kind: "result", id: "c1", name: "add_task", input: {}, outcome: { kind: "ok", value: { task: added } } },
    { kind: "assistant", text: "Added 'Buy a foam roller'." },
  ] as unknown as ConversationEvent[];
  it("'for training' puts the task just added on a list the conversation showed", () => {
    expect(calls(history, "for training")).toEqual([{ toolName: "update_task", input: { task: "roll", list: "training" } }]);
    expect(calls(history, "on the home list")).toEqual([{ toolName: "update_task", input: { task: "roll", list: "home" } }]);
  });
  it("'for saturday' is still its day; 'for mum' is no list", () => {
    expect(calls(history, "for saturday")).toEqual([{ toolName: "update_task", input: { task: "roll", due: "2026-11-28" } }]);
    expect(JSON.stringify(calls(history, "for mum"))).not.toContain('"list":');
  });
});
