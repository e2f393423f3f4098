/**
 * Grounding (lib/agent/builtin/grounding.ts): a message read against the user's own tasks. Every
 * slot rule reads its examples; the explanation gate keeps anything it cannot account for (and
 * any negation, relay, hypothetical or question) from writing.
 */
import { describe, expect, it } from "vitest";
import { readClock } from "@/lib/task-line/clock";
import { groundMessage, mightNameTask, RULES, stem } from "@/lib/agent/builtin/grounding";
import type { TaskView } from "@/lib/agent/builtin/prompt-reader";
import { taskDueAt } from "./task-view";

const clock = readClock("Current time: 2026-11-22T14:05:00.000Z (user's time zone: UTC; local date 2026-11-22, Sunday, 14:05)");

const task = taskDueAt("2026-11-24T12:00:00.000Z");
const TASKS: TaskView[] = [
  task("glasses", "Order new glasses", { labels: ["urgent"], priority: "high" }),
  task("optician", "Book the optician"),
  task("tax", "Send back the tax form"),
  task("report", "Write the report"),
  task("licence", "Renew the TV licence"),
  task("bins", "Put the bins out"),
  task("pension", "Fill in the pension forms"),
  task("plumber", "Chase the plumber"),
  task("fence", "Repaint the fence"),
  task("gas", "Pay the gas bill"),
  task("vet", "Take the cat to the vet"),
  task("library", "Return the library books", { list: "Errands" }),
  task("fish", "Clean the fish tank"),
  task("gutters", "Clear the gutters", { labels: ["work"] }),
  task("gym", "Renew the gym membership", { labels: ["health", "money"], repeats: "every week", remindAt: "2026-11-24T09:00:00.000Z" }),
  task("mum", "Call mum"),
  task("sarha", "Email Sarha"),
];

const read = (text: string) => groundMessage(text, TASKS, clock);
const change = (text: string) => {
  const g = read(text);
  return g?.kind === "change" ? { id: g.change.task.id, ...g.change.changes } : g;
};

describe("grounding rules", () => {
  for (const rule of RULES)
    for (const example of rule.examples)
      it(`${rule.name}: '${example}' names one task and is explained in full`, () => {
        expect(read(example)?.kind).toBe("change");
      });
});

describe("the issue's examples", () => {
  it("reads each as a change of the task it names", () => {
    expect(change("I need another week for the glasses")).toEqual({ id: "glasses", shiftDays: 7 });
    expect(change("warn me two hours before the optician")).toEqual({ id: "optician", remindBefore: 120 });
    expect(change("make the glasses one repeat every year")).toEqual({ id: "glasses", recurrence: "FREQ=YEARLY" });
    expect(change("the glasses one goes in the errands list")).toEqual({ id: "glasses", list: "errands" });
    expect(change("drop the urgent label from the glasses")).toEqual({ id: "glasses", removeLabels: ["urgent"] });
    expect(change("the tv licence can wait another fortnight tbh")).toEqual({ id: "licence", shiftDays: 14 });
  });
});

describe("the explanation gate", () => {
  it("reads 'get X booked by <day>' as asked for, not done", () => {
    expect(change("get the optician booked by friday")).toEqual({ id: "optician", due: "2026-11-27" });
  });
  it("renames after 'is actually' only to a name for the task, never to how it is", () => {
    expect(read("the fence is actually disgusting")).toBeNull();
    expect(read("the fence is actually really wobbly")).toBeNull();
    expect(change("the fence one is actually paint the shed")).toEqual({ id: "fence", title: "Paint the shed" });
  });
  it("reads a task's own act said with a day as a change, not a day of what it is for", () => {
    const tasks = [task("hoover", "Return the hoover to Sam"), task("card", "Buy birthday card for Sam")];
    expect(groundMessage("hoover back to sam tomorrow", tasks, clock)).toMatchObject({
      kind: "change",
      change: { changes: { due: "2026-11-23" } },
    });
  });
  it("explains why a change is asked without writing the why into the description (WHY-NOT-NOTE)", () => {
    expect(change("the fence is urgent now, it wobbles in the wind")).toEqual({ id: "fence", priority: "high" });
    expect(change("the plumber is urgent, we're flooding")).toEqual({ id: "plumber", priority: "high" });
    expect(change("the report to friday, the boss is away")).toEqual({ id: "report", due: "2026-11-27" });
    // A note said as one is still written.
    expect(change("the plumber one, ticket number is 42")).toEqual({ id: "plumber", description: "ticket number is 42" });
    expect(change("the fence is urgent, remember the green paint")).toMatchObject({
      id: "fence",
      description: expect.stringContaining("green paint"),
    });
  });
  it("writes nothing when a word is left unexplained", () => {
    expect(read("I need another week for the glasses because of the strike")).toBeNull();
    expect(read("the glasses one goes in the errands list with the receipt")).toBeNull();
  });
  it("writes nothing for negation, relay, hypotheticals and questions", () => {
    for (const text of [
      "don't move the glasses to friday",
      "the glasses don't need another week",
      "tell my brother the glasses need another week",
      "maybe the glasses could wait another week",
      "if the optician is late, give it another day",
      "does the optician need another week?",
      "what if the glasses went in the errands list",
    ])
      expect(read(text), text).toBeNull();
  });
  it("explains the direction of a move only when the due date moves", () => {
    expect(change("the report can be pushed back till friday")).toEqual({ id: "report", due: "2026-11-27" });
    expect(change("bring the fence forward to tuesday")).toEqual({ id: "fence", due: "2026-11-24" });
    expect(read("the report came back from the printer")).toBeNull();
  });
  it("reads the day after 'can't' as the day it cannot be, unless a new day is said", () => {
    expect(read("can't do the report tomorrow")).toBeNull();
    expect(change("the plumber can't come until thursday")).toEqual({ id: "plumber", due: "2026-11-26" });
  });
  it("reads a day in a remark about the past as no change", () => {
    expect(read("tuesday was a write off")).toBeNull();
    expect(change("the report was moved to friday")).toEqual({ id: "report", due: "2026-11-27" });
  });
  it("reads what happened as no change: a past verb with a time gone by, a time already past, how long", () => {
    for (const text of [
      "the plumber came round yesterday for an hour",
      "the fence paint dried this morning",
      "the gas bill went up again this year",
      "lovely walk to the library this morning",
      "the plumber was here for an hour",
      "the gas bill went up in september",
      "the plumber came back at 4",
    ])
      expect(read(text), text).toBeNull();
    expect(change("the gas bill got moved to friday")).toEqual({ id: "gas", due: "2026-11-27" });
    expect(change("leave the fence till march")).toEqual({ id: "fence", due: "2027-03-01" });
    expect(change("snooze the gas bill till tomorrow")).toEqual({ id: "gas", due: "2026-11-23" });
    expect(change("snooze the gas bill for an hour")).toEqual({ id: "gas", due: "2026-11-22T15:05:00" });
  });
  it("reads a day told of what a task is for as no change, unless the task itself is named", () => {
    const tasks = [task("card", "Buy birthday card for mum"), task("tax", "Renew car tax"), task("trip", "Pack for the trip")];
    const g = (text: string) => groundMessage(text, tasks, clock);
    const flowers = [task("f", "Order anniversary flowers"), task("bike", "Fix the bike puncture")];
    for (const text of ["mum's birthday is on the 14th", "the trip is on the 14th"]) expect(g(text)?.kind, text).toBe("whatFor");
    expect(groundMessage("our anniversary is the 8th of december", flowers, clock)?.kind).toBe("whatFor");
    expect(groundMessage("the bike one is now friday", flowers, clock)?.kind).toBe("change");
    expect(groundMessage("the anniversary flowers are for the 8th", flowers, clock)?.kind).toBe("change");
    const train = [task("t", "Expense the train tickets")];
    expect(groundMessage("the train was delayed till friday", train, clock)?.kind).toBe("whatFor");
    expect(groundMessage("move the train to friday", train, clock)?.kind).toBe("change");
    expect(g("the birthday card can be the 14th")?.kind).toBe("change");
    expect(g("the trip one is on the 14th")?.kind).toBe("change");
    expect(g("car tax is due on the 30th")?.kind).toBe("change");
    expect(groundMessage("dentist is on the 14th", [task("d", "Dentist appointment")], clock)?.kind).toBe("change");
  });
  it("reads how often something happens, told, as no repeat of a task (rule repeat)", () => {
    const tasks = [task("wc", "Pay window cleaner"), task("nan", "Ring nan about Christmas")];
    expect(groundMessage("the window cleaner comes every 4 weeks", tasks, clock)).toBeNull();
    expect(groundMessage("christmas is at nan's every other year", tasks, clock)).toBeNull();
    expect(groundMessage("the window cleaner should be every 4 weeks", tasks, clock)?.kind).toBe("change");
  });
  it("asks when two tasks fit equally well", () => {
    const two = [task("a", "Call the bank"), task("b", "Visit the bank")];
    const g = groundMessage("the bank one is urgent now", two, clock);
    expect(g?.kind).toBe("ambiguous");
  });
  it("names no task from slot words alone (days, priorities, list and label words)", () => {
    expect(read("everything next week is urgent")).toBeNull();
    expect(mightNameTask("yep do it")).toBe(false);
    expect(mightNameTask("tell my brother to pick up the keys")).toBe(false);
    expect(mightNameTask("the glasses need another week")).toBe(true);
  });
  it("does not take a label it does not carry off a task", () => {
    expect(read("drop the work label from the glasses")).toBeNull();
  });
});

describe("stems", () => {
  it("meet inflections halfway", () => {
    expect(stem("glasses")).toBe(stem("glass"));
    expect(stem("tomatoes")).toBe(stem("tomato"));
    expect(stem("forms")).toBe(stem("form"));
    expect(stem("bins")).toBe("bin");
  });
});

describe("plain requests in varied words (v5plain)", () => {
  it("takes a task off the list it is in, and only that list", () => {
    const listed = [task("skirting", "Paint the skirting", { list: "Home" })];
    const g = groundMessage("take the skirting job off the home list", listed, clock);
    expect(g?.kind === "change" ? g.change.changes : g).toEqual({ list: "inbox" });
    expect(groundMessage("take the skirting job off the work list", listed, clock)).toBeNull();
  });
  it("puts a task in a list named without the word 'list', but never a day", () => {
    expect(change("put the tv licence in admin")).toEqual({ id: "licence", list: "admin" });
    expect(change("put the tv licence in march")).not.toEqual(expect.objectContaining({ list: "march" }));
  });
  it("accounts a task's own verb in its -ing form", () => {
    expect(change("chasing the plumber is top priority")).toEqual({ id: "plumber", priority: "high" });
  });
});

describe("organisation said in everyday words (w12)", () => {
  const listed = [
    task("parcel", "Post the parcel", { list: "Errands" }),
    task("cleaning", "Pick up dry cleaning", { list: "Errands" }),
    task("milk", "Milk", { list: "Shopping" }),
    task("landing", "Draft the landing page", { list: "Side project" }),
    task("vet", "Call the vet"),
  ];
  const moves = (text: string) => {
    const g = groundMessage(text, listed, clock);
    return g?.kind === "change" ? [g.change, ...(g.also ?? [])].map((c) => [c.task.id, c.changes.list]) : g;
  };
  it("list-out: a task leaves only its own list for the Inbox", () => {
    const g = groundMessage("the parcel doesnt belong in errands", listed, clock);
    expect(g?.kind === "change" ? g.change.changes : g).toEqual({ list: "inbox" });
    expect(groundMessage("the parcel doesnt belong in shopping", listed, clock)).toBeNull();
    expect(groundMessage("move the vet back to the inbox", listed, clock)).toBeNull();
  });
  it("whole-list-move: every open task of the first list named goes to the second", () => {
    expect(moves("can u move everything from errands into shopping")).toEqual([
      ["parcel", "Shopping"],
      ["cleaning", "Shopping"],
    ]);
    expect(moves("empty the errands list into the inbox")).toEqual([
      ["parcel", "inbox"],
      ["cleaning", "inbox"],
    ]);
    expect(moves("put all the side project stuff in errands")).toEqual([["landing", "Errands"]]);
  });
  it("whole-list-move: nothing when a word is not accounted for, or a list is not the user's", () => {
    expect(moves("move everything from errands into shopping except the parcel")).not.toEqual(
      expect.arrayContaining([["parcel", "Shopping"]]),
    );
    expect(moves("move everything from errands into garden")).toBeNull();
    expect(moves("should i move everything from errands into shopping?")).toBeNull();
  });
});

describe("rule STOCK-LOW: how much is left of a thing to get is never its priority", () => {
  const stock = [task("seed", "Buy bird seed"), task("litter", "Order cat litter"), task("shed", "Paint the shed")];
  const ground = (text: string) => {
    const g = groundMessage(text, stock, clock);
    return g?.kind === "change" ? g.change.changes : g;
  };
  it("'X is low' / 'running low' beside a thing to get writes nothing", () => {
    expect(ground("bird seed is low")).toBeNull();
    expect(ground("the cat litter's running low")).toBeNull();
    expect(ground("cat litter's low, bump it up")).not.toEqual(expect.objectContaining({ priority: "low" }));
  });
  it("a priority said outright still is one", () => {
    expect(ground("bird seed is low priority")).toEqual({ priority: "low" });
    expect(ground("the cat litter can be low")).toEqual({ priority: "low" });
    expect(ground("the shed is low")).toEqual({ priority: "low" });
  });
});
