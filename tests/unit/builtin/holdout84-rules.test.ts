/**
 * Rules of the w18 probes holdout84–91 (a teacher's, a smallholder's, a novelist's, a football coach's, a
 * flat-sharer's, a cake maker's, a cyclist's and a party-planning parent's lists; docs/agent.md
 * "Compounds, self-corrections and slots after an act (issue 24, w18)").
 */
import { describe, expect, it } from "vitest";
import { groundMessage } from "@/lib/agent/builtin/grounding";
import { classify } from "@/lib/agent/builtin/intents";
import { correctionSplit, keepCorrection } from "@/lib/agent/builtin/corrections";
import type { ConversationEvent } from "@/lib/agent/builtin/prompt-reader";
import { compoundHead, resolveReference } from "@/lib/tasks/match";
import { calls, clock, task } from "./plan-steps";

const tasks = [
  task("hives", "Inspect the beehives"),
  task("balls", "Pump up the footballs"),
  task("dentist", "Call the dentist"),
  task("doctor", "Call the doctor"),
  task("pitch", "Book a pitch at the farmers market"),
  task("insurance", "Renew public liability insurance", { list: "Market" }),
  task("hens", "Clean out the hen house", { list: "Farm" }),
  task("preorder", "Set up the preorder page"),
  task("homework", "Check the homework"),
];
const ground = (text: string) => groundMessage(text, tasks as never, clock);

describe("a compound's head names it", () => {
  it.each([
    ["hives", "beehive"],
    ["balls", "footballs"],
    ["hive", "beehives"],
  ])("%s is the head of %s", (head, word) => {
    expect(compoundHead(head, word)).toBe(true);
  });
  it.each([
    ["work", "homework"],
    ["room", "bathroom"],
    ["ball", "balls"],
    ["ives", "hives"],
  ])("%s does not name %s", (head, word) => {
    expect(compoundHead(head, word)).toBe(false);
  });
  it("the tools' matcher finds 'hives' in 'Inspect the beehives', never 'work' in 'Check the homework'", () => {
    expect(resolveReference("hives", tasks as never)).toMatchObject({ kind: "one", task: { id: "hives" } });
    expect(resolveReference("hive inspection", tasks as never)).toMatchObject({ kind: "one", task: { id: "hives" } });
    expect(resolveReference("work", tasks as never).kind).toBe("none");
  });
  it("'pump the balls every saturday morning' repeats the task it names, never adds one", () => {
    expect(ground("pump the balls every saturday morning")).toMatchObject({
      kind: "change",
      change: { task: { id: "balls" }, changes: { recurrence: "FREQ=WEEKLY;BYDAY=SA" } },
    });
  });
});

describe("chores said done by their participle", () => {
  it.each([
    ["year 9 mocks all marked, finally", "mark"],
    ["jars all labelled", "label"],
    ["hen house mucked out", "muck"],
    ["hives checked, all queens present", "check"],
  ])("%s", (text, deed) => {
    expect(classify(text, clock)).toMatchObject([{ type: "complete", deeds: [deed] }]);
  });
  it("'pitch is sorted for sunday' ticks it off and sets no day", () => {
    expect(classify("pitch is sorted for sunday", clock)).toEqual([
      { type: "complete", refs: [{ kind: "phrase", text: "pitch" }], deeds: ["sort"] },
    ]);
  });
  it("'got everyone's subs in' names the subs", () => {
    expect(classify("got everyone's subs in", clock)).toEqual([{ type: "complete", refs: [{ kind: "phrase", text: "get subs" }] }]);
  });
  it.each([
    ["recycling's gone down", "Take the recycling down"],
    ["new chain's on", "Replace the chain on the road bike"],
    ["priya's cupcakes are all decorated", "Decorate 24 cupcakes for Priya"],
  ])("%s is '%s' done", (text, title) => {
    expect(groundMessage(text, [task("t", title)] as never, clock)).toMatchObject({
      kind: "change",
      change: { changes: { status: "completed" } },
    });
  });
  it("'jersey's been sent back' returned it", () => {
    expect(classify("jersey's been sent back", clock)).toEqual([
      { type: "complete", refs: [{ kind: "phrase", text: "jersey" }], deeds: ["return"] },
    ]);
  });
  it("'preorders are live' is 'Set up the preorder page' done", () => {
    expect(ground("preorders are live!")).toMatchObject({
      kind: "change",
      change: { task: { id: "preorder" }, changes: { status: "completed" } },
    });
  });
});

describe("remarks, titles and labels", () => {
  it.each(["knee's a bit better today", "dad's a nightmare today"])("%s adds nothing", (text) => {
    expect(JSON.stringify(classify(text, clock))).not.toContain('"add"');
  });
  it("'thank you cards' keep their thanks; 'on the day' without a word of reminding is the title's", () => {
    expect(classify("thank you cards after the party, low priority", clock)).toEqual([
      { type: "add", items: [{ title: "Thank you cards after the party", priority: "low" }] },
    ]);
    expect(classify("need to ask grandma to help on the day", clock)).toEqual([
      { type: "add", items: [{ title: "Ask grandma to help on the day" }] },
    ]);
    expect(classify("remind me to call the vet on the day", clock)).toMatchObject([
      { type: "add", items: [{ title: "Call the vet", remindOnDue: { days: 0 } }] },
    ]);
  });
  it("a hashtag is a label, never the words naming the task", () => {
    const cakes = [task("hughes", "Bake the Hughes wedding cake"), task("leo", "Order Leo's dinosaur cake"), task("read", "Read with Leo")];
    expect(groundMessage("tag the dinosaur cake #leo", cakes as never, clock)).toMatchObject({
      kind: "change",
      change: { task: { id: "leo" }, changes: { labels: ["leo"] } },
    });
    expect(groundMessage("tag the cake #leo", cakes as never, clock)).toMatchObject({ kind: "ambiguous" });
  });
});

describe("a thing named with its priority", () => {
  it.each([
    ["seating plan for 10c, high priority", "Seating plan for 10c", "high"],
    ["egg boxes, high priority", "Egg boxes", "high"],
    ["new bar tape, low priority", "New bar tape", "low"],
  ])("%s is a to-do", (text, title, priority) => {
    expect(classify(text, clock)).toEqual([{ type: "add", items: [{ title, priority }] }]);
  });
  it.each(["the report, urgent", "tired, low priority", "stressful week, top priority is sleep"])("%s adds nothing", (text) => {
    expect(JSON.stringify(classify(text, clock))).not.toContain('"add"');
  });
});

describe("a message that corrects itself", () => {
  it("the task named after 'i mean' gets the change; the first is never written", () => {
    expect(ground("make the dentist high priority, i mean the doctor")).toMatchObject({
      kind: "change",
      change: { task: { id: "doctor" }, changes: { priority: "high" } },
    });
    expect(ground("move the dentist to friday, no wait, the doctor")).toMatchObject({ kind: "change", change: { task: { id: "doctor" } } });
  });
  it("a corrected task with more words than its name is asked about", () => {
    expect(ground("make the dentist high priority, no the doctor on friday")).toMatchObject({ kind: "ambiguous" });
  });
  it("a value corrected after 'no' takes the first one's place; 'no rush' is no correction", () => {
    expect(keepCorrection("fence to monday, no tuesday")).toBe("fence to tuesday");
    expect(keepCorrection("move the fence to friday, no rush")).toBe("move the fence to friday, no rush");
    expect(correctionSplit("move the fence to friday no rush")).toBeNull();
  });
});

describe("reasons and list echoes after a change", () => {
  it("'…, plenty of space' is a reason, never a title", () => {
    expect(ground("make the pitch booking low priority, plenty of space")).toMatchObject({
      kind: "change",
      change: { task: { id: "pitch" }, changes: { priority: "low" } },
    });
    expect(ground("make the pitch booking low priority, we have plenty of space")).toMatchObject({ kind: "change" });
  });
  it("'the insurance is a farm thing, move it to farm' moves it once", () => {
    expect(groundMessage("the insurance is a farm thing, move it to farm", tasks as never, clock, ["Farm", "Market"])).toMatchObject({
      kind: "change",
      change: { task: { id: "insurance" }, changes: { list: "Farm" } },
    });
  });
});

describe("right after an add or a move", () => {
  const added = task("strips", "Order the new strips");
  const history: ConversationEvent[] = [
    { kind: "user", text: "add order the new strips" },
    { kind: "call", id: "c1", name: "add_task", input: { title: "Order the new strips" } },
    { kind: "result", id: "c1", name: "add_task", input: {}, outcome: { kind: "ok", value: { task: added } } },
    { kind: "assistant", text: "Added 'Order the new strips'." },
  ] as unknown as ConversationEvent[];
  it("'for the team' puts it on that list (the tool asks about a list the user lacks); 'for the kids' does not", () => {
    expect(calls(history, "for the team")).toEqual([{ toolName: "update_task", input: { task: "strips", list: "team" } }]);
    expect(JSON.stringify(calls(history, "for the kids"))).not.toContain('"list":');
  });
  it.each([
    ["high priority please", "high"],
    ["urgent", "high"],
    ["low prio thanks", "low"],
    ["not urgent", "low"],
  ])("'%s' is its priority", (text, priority) => {
    expect(calls(history, text)).toEqual([{ toolName: "update_task", input: { task: "strips", priority } }]);
  });
  it("'every 2 weeks' right after an add repeats it", () => {
    expect(calls(history, "every 2 weeks")).toEqual([
      { toolName: "update_task", input: { task: "strips", recurrence: "FREQ=WEEKLY;INTERVAL=2" } },
    ]);
  });
  it("'actually no, leave it on monday' after a move is the day it stays on", () => {
    const moved: ConversationEvent[] = [
      { kind: "user", text: "move ella to tuesday" },
      { kind: "call", id: "c1", name: "update_task", input: { task: "ella", due: "2026-12-01" } },
      { kind: "result", id: "c1", name: "update_task", input: {}, outcome: { kind: "ok", value: { task: task("ella", "Pick up Ella") } } },
      { kind: "assistant", text: "'Pick up Ella' is now due Tuesday." },
    ] as unknown as ConversationEvent[];
    expect(calls(moved, "actually no, leave it on monday")).toEqual([
      { toolName: "update_task", input: { task: "ella", due: "2026-11-30" } },
    ]);
  });
});
