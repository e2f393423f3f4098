/**
 * Rules of the w20 probes holdout98–109 (a PhD student's, a dog walker's, a couple's wedding, a
 * retiree's, a café's, a sixth former's, a carer's and a house move's lists; docs/agent.md
 * "Remarks of weather and amount, 'me' for 'my', phrasal deeds, lists named alone (issue 24, w20)").
 */
import { describe, expect, it } from "vitest";
import { findDuplicate } from "@/lib/agent/builtin/duplicates";
import { groundMessage } from "@/lib/agent/builtin/grounding";
import { classify } from "@/lib/agent/builtin/intents";
import { listTail } from "@/lib/agent/builtin/intents/list-tail";
import { spellOut } from "@/lib/agent/builtin/textisms";
import { clockAt } from "@/lib/task-line/clock";
import { readTaskLine } from "@/lib/task-line/read";
import { resolveReference } from "@/lib/tasks/match";
import { clock, task } from "./plan-steps";

const tasks = [
  task("jab", "Ring the surgery about my flu jab"),
  task("drops", "Give Luna her eye drops"),
  task("groomer", "Book Max in at the groomer"),
  task("bsa", "Register for the BSA conference"),
  task("interview", "Transcribe interview 7"),
  task("shift", "Swap my Sunday shift with Ellie"),
  task("energy", "Set up energy at the new flat"),
  task("boxes", "Pack the kitchen boxes"),
  task("broadband", "Order broadband for the new place"),
  task("sofa", "Sell the old sofa"),
  task("landlord", "Give the landlord notice"),
];
const ground = (text: string) => groundMessage(text, tasks as never, clock);
const changeOf = (text: string) => {
  const g = ground(text);
  return g?.kind === "change" ? { id: g.change.task.id, changes: g.change.changes, also: g.also?.length ?? 0 } : g;
};

describe("a chore said done, and what follows it", () => {
  it.each([
    ["rang the surgery, jab's on tuesday", "jab"],
    ["broadband ordered, goes live on the 12th", "broadband"],
    ["luna's had her drops", "drops"],
    ["luna has had her drops", "drops"],
    ["max is booked in at the groomers for the 9th", "groomer"],
    ["groomer booked for the 9th", "groomer"],
    ["interview 7's transcribed", "interview"],
    ["energy's set up at the new flat", "energy"],
    ["energy is set up", "energy"],
    ["kitchen's all boxed up", "boxes"],
    ["sofa sold for 80 quid", "sofa"],
    ["sold the sofa for a tenner", "sofa"],
    ["landlord has my notice", "landlord"],
  ])("'%s' completes %s and changes nothing else", (text, id) => {
    expect(changeOf(text)).toEqual({ id, changes: { status: "completed" }, also: 0 });
  });
  it("a day after a booking with no deed still moves it: 'the groomer is on the 9th now' is a due change", () => {
    const g = changeOf("the groomer is on the 9th now");
    expect(g && "changes" in g ? Object.keys(g.changes) : g).toEqual(["due"]);
  });
  it("a price is no tail of a chore that is not bought or sold: 'rang the surgery for 80 quid' ticks nothing off", () => {
    expect(changeOf("rang the surgery for 80 quid")).not.toEqual({ id: "jab", changes: { status: "completed" }, also: 0 });
  });
});

describe("a day that is a word of the title names the task, never a new date", () => {
  it("'ellie's taking my sunday shift' leaves 'Swap my Sunday shift with Ellie' where it is", () => {
    const g = ground("ellie's taking my sunday shift");
    expect(g?.kind === "change" ? g.change.changes.due : undefined).toBeUndefined();
  });
});

describe("a noun made of the task's verb names it", () => {
  it("'remind me about the conference registration on monday morning' reminds on 'Register for the BSA conference'", () => {
    expect(changeOf("remind me about the conference registration on monday morning")).toEqual({
      id: "bsa",
      changes: { remindAt: "2026-11-30T09:00:00" },
      also: 0,
    });
  });
  it.each([
    ["macbeth revision", "Revise Macbeth quotes"],
    ["bsa registration", "Register for the BSA conference"],
    ["stock up on poo bags", "Buy more poo bags"],
    ["pick up poo bags", "Buy more poo bags"],
  ])("the tools' matcher finds '%s' in '%s'", (reference, title) => {
    const found = resolveReference(reference, [task("a", title), task("b", "Walk the dog")] as never, "pending");
    expect(found).toEqual({ kind: "one", task: expect.objectContaining({ title }) });
  });
});

describe("remarks are never tasks", () => {
  it.each([
    "absolutely chucking it down today",
    "chucking it down today",
    "really freezing this morning",
    "tipping it down again today",
    "so many boxes",
    "many boxes",
    "wifi's set up",
  ])("'%s' adds nothing", (text) => {
    expect(classify(text, clock).some((i) => i.type === "add")).toBe(false);
  });
  it("'really need to call mum today' is still a to-do", () => {
    expect(classify("really need to call mum today", clock)).toEqual([{ type: "add", items: [{ title: "Call mum", due: "2026-11-26" }] }]);
  });
});

describe("counts told, short forms, chores of another verb (holdout106–109)", () => {
  it.each(["three cancellations today", "2 new enquiries this morning", "4 callouts today"])("'%s' is a remark", (text) => {
    expect(classify(text, clock)).toEqual([{ type: "say", kind: "remark" }]);
  });
  it("'three loaves tomorrow' is still a thing to get", () => {
    expect(classify("three loaves tomorrow", clock)).toEqual([{ type: "add", items: [{ title: "Three loaves", due: "2026-11-27" }] }]);
  });
  it("'Invoice the robinsons' duplicates no 'Cut the Robinsons' hedge' (another chore for the same people)", () => {
    expect(findDuplicate("Invoice the robinsons", [task("h", "Cut the Robinsons' hedge")] as never)).toBeNull();
  });
  it("'amira's exam prep' names 'Prepare Amira for her grade 5 exam'", () => {
    const g = groundMessage(
      "remind me about amira's exam prep on sunday evening",
      [task("amira", "Prepare Amira for her grade 5 exam"), task("dog", "Walk the dog")] as never,
      clock,
    );
    expect(g?.kind === "change" ? g.change.task.id : g).toBe("amira");
  });
});

describe("questions and take-backs", () => {
  it.each(["who have i got today", "who've i got today", "who am i seeing today"])("'%s' lists today's tasks", (text) => {
    expect(classify(text, clock)).toEqual([{ type: "list", filter: { due: "today" } }]);
  });
  it("'who's coming tonight' is no list question", () => {
    expect(classify("who's coming tonight", clock).some((i) => i.type === "list")).toBe(false);
  });
  it.each([
    ["what homework have i got", "homework"],
    ["any admin left", "admin"],
  ])("'%s' asks about %s", (text, topic) => {
    expect(classify(text, clock)).toEqual([{ type: "list", filter: { list: topic, orTopic: true } }]);
  });
  it.each(["oh wait she didnt pick up, undo", "she didn't answer, undo"])("'%s' is an undo", (text) => {
    expect(classify(text, clock)).toEqual([{ type: "undo" }]);
  });
});

describe("words of the task line", () => {
  const saturday = clockAt(new Date("2026-11-28T11:40:00Z"), "UTC");
  it.each([
    ["sort out my tax return by jan 31", "2027-01-31"],
    ["pay by march 3", "2027-03-03"],
    ["pay by dec 2", "2026-12-02"],
  ])("'%s' is due %s (the number after a month is its day, never a year)", (text, due) => {
    expect(readTaskLine(text, saturday).due).toBe(due);
  });
  it("at the weekend, 'end of next week' is the coming Friday", () => {
    expect(readTaskLine("push the methods chapter to the end of next week", saturday).due).toBe("2026-12-04");
  });
  it("on a weekday it is the Friday of the week after", () => {
    expect(readTaskLine("finish it by the end of next week", clock).due).toBe("2026-12-04");
  });
  it.each([
    ["picked up me prescription", "picked up my prescription"],
    ["paid me rent", "paid my rent"],
    ["mum picked me up from the station", "mum picked me up from the station"],
    ["sam called me back", "sam called me back"],
    ["the pharmacy sent me a text", "the pharmacy sent me a text"],
  ])("'%s' reads as '%s'", (typed, read) => {
    expect(spellOut(typed)).toBe(read);
  });
  it("'on dad's list' names the list Dad", () => {
    expect(listTail("put the big shop on dad's list")).toEqual({ core: "the big shop", list: "dad" });
  });
  it("a number after the noun says which one: 'Proofread chapter 2' duplicates no 'Finish the methods chapter'", () => {
    expect(findDuplicate("Proofread chapter 2", [task("m", "Finish the methods chapter")] as never)).toBeNull();
    expect(findDuplicate("Proofread chapter 2", [task("c", "Finish chapter 2")] as never)).not.toBeNull();
  });
});
