/**
 * Rules of the w23 probes (holdout120–133): reasons said after a change, a day vented, how a deed went
 * (docs/agent.md "Reasons after a change, a day vented, how a deed went (issue 24, w23)").
 */
import { describe, expect, it } from "vitest";
import { groundMessage, mightNameTask } from "@/lib/agent/builtin/grounding";
import { classify } from "@/lib/agent/builtin/intents";
import { reasonFits, statesWhy } from "@/lib/agent/builtin/intents/aside";
import { clock, task } from "./plan-steps";

const tasks = [
  task("insta", "Post weekly instagram posts"),
  task("wellies", "Buy Alfie new wellies"),
  task("canes", "Put up the runner bean canes"),
  task("badges", "Order the new badges"),
  task("gate", "Fix the garden gate"),
  task("reval", "Finish NMC revalidation reflections"),
  task("insurance", "Renew the car insurance"),
  task("minibus", "Book the minibus for the hike"),
  task("gas", "Pay the gas bill"),
  task("dog", "Walk the dog"),
];
const changeOf = (text: string) => {
  const g = groundMessage(text, tasks as never, clock, []);
  return g?.kind === "change" ? { id: g.change.task.id, changes: g.change.changes } : g;
};
const words = (text: string) => text.split(" ");

describe("a reason said after a change of a slot", () => {
  it.each([
    ["instagram posts can be low priority, no one sees them anyway 🙃", "insta", { priority: "low" }],
    ["runner bean canes can wait till saturday, far too windy this week", "canes", { due: "2026-11-28" }],
    ["badges are urgent now, investiture is next week n half of them have nothing", "badges", { priority: "high" }],
    ["garden gate needs fixing by friday, we've got people coming over", "gate", { due: "2026-11-27" }],
  ])("'%s' changes %s alone", (text, id, changes) => {
    expect(changeOf(text)).toEqual({ id, changes });
  });

  it("looks the tasks up when a remark after the change is what blocks it", () => {
    expect(mightNameTask("garden gate needs fixing by friday, we've got people coming over")).toBe(true);
  });

  it.each([
    // A second thing for the same change, a correction.
    "make the badges high priority, and the gate",
    "move the badges to friday, i mean the canes",
  ])("'%s' is no change of one task with a reason", (text) => {
    const g = changeOf(text);
    expect(g && "id" in g ? g.id : null).not.toBe("badges");
  });

  it("reads a reason after a change the readers take, when the tasks are not yet known", () => {
    expect(classify("the wellies can wait a couple of weeks, his old ones will do for now", clock)).toEqual([
      { type: "update", ref: { kind: "phrase", text: "wellies" }, changes: { shiftDays: 14 } },
    ]);
  });

  it("reads a consequence said without a comma", () => {
    expect(classify("band booking needs doing by march 1st or they'll all be taken", clock)).toEqual([
      { type: "update", ref: { kind: "phrase", text: "band booking" }, changes: { due: "2027-03-01" } },
    ]);
  });

  it("never reads a second day after 'or' as a reason", () => {
    expect(statesWhy(words("or saturday"))).toBe(false);
    expect(classify("move the band booking to friday or saturday", clock).some((i) => i.type === "update")).toBe(false);
  });

  it.each([
    ["no one sees them anyway", true],
    ["or they'll all be taken", true],
    ["before i start the final edit", true],
    ["thats when the venue wants it", true],
    ["far too windy this week", true],
    ["make it low priority", false],
    ["send it on monday", false],
    ["and the gate", false],
    ["i mean the vet", false],
    ["the gate too", false],
  ])("'%s' states why: %s", (text, why) => {
    expect(statesWhy(words(text))).toBe(why);
  });

  it("takes no reason that says something done", () => {
    expect(reasonFits(words("the gate is done"), "the gate is done", { priority: "high" }, clock)).toBe(false);
  });

  it("takes a reason only after a change of slots, never after a note or a name", () => {
    expect(reasonFits(words("my confirmer is sarah"), "my confirmer is sarah", { description: "need 5 accounts" }, clock)).toBe(false);
    expect(reasonFits(words("the old one is broken"), "the old one is broken", { title: "New name" }, clock)).toBe(false);
    expect(reasonFits(words("no one sees them"), "no one sees them", { priority: "low" }, clock)).toBe(true);
  });

  it("never drops a clock time said after a change of day, nor a day said of it", () => {
    expect(reasonFits(words("i'm free at 3"), "i'm free at 3", { due: "2026-11-27" }, clock)).toBe(false);
    expect(reasonFits(words("it's friday now"), "it's friday now", { priority: "high" }, clock)).toBe(false);
  });

  it("keeps the whole note after 'add a note': a reason never cuts what is written", () => {
    const g = changeOf("add a note to the revalidation one: need 5 reflective accounts, my confirmer is Sarah on ward 7");
    expect(g && "changes" in g ? g.changes.description : "").toMatch(/confirmer is Sarah on ward 7/i);
  });
});

describe("a to-do with its day, then why then", () => {
  it("adds the to-do without the reason (the planner may find it on a task the user has)", () => {
    const read = classify("remind me to ring the vet at 8 tomorrow, surgery doesnt open before then", clock);
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ type: "add", items: [{ title: "Ring the vet", remindAt: "2026-11-27T08:00:00" }] });
  });
});

describe("a day vented is no to-do", () => {
  it.each([
    "so dead today, like 12 customers all afternoon",
    "absolute nightmare on the M60 today, sat in traffic 2 hours",
    "schneider want it a day early now so tomorrow. brilliant.",
    "make it low priority, old ones fine for now",
    "hang on gareth hasnt actually confirmed yet",
  ])("'%s' adds nothing", (text) => {
    expect(classify(text, clock).some((i) => i.type === "add")).toBe(false);
  });

  it.each([
    ["dentist friday", "Dentist"],
    ["team lunch next monday", "Team lunch"],
    ["mums birthday saturday", "Mums birthday"],
  ])("'%s' is still a to-do", (text, title) => {
    expect(classify(text, clock)).toMatchObject([{ type: "add", items: [{ title }] }]);
  });
});

describe("how a deed went, told after it", () => {
  it.each([
    ["car insurance renewed, went w the comparison site one and saved 80 quid", "insurance"],
    ["minibus is booked for the hike, same driver as last time thank god", "minibus"],
  ])("'%s' completes %s", (text, id) => {
    expect(changeOf(text)).toEqual({ id, changes: { status: "completed" } });
  });

  it.each([
    // A second deed that names a task, and a deed taken back.
    "gas bill paid, walked the dog",
    "gas bill paid, didnt go through",
  ])("'%s' is not the gas bill alone", (text) => {
    expect(changeOf(text)).toBeNull();
  });
});
