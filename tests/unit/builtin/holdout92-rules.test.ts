/**
 * Rules of the w19 probes holdout92–97 (a ward nurse's, a drummer's, a landlord's, a food bank
 * volunteer's, a new parent's and a plumber's lists; docs/agent.md "Tails after a deed, events
 * named by a part of the day, two-word lists (issue 24, w19)").
 */
import { describe, expect, it } from "vitest";
import { placedInNamedList } from "@/lib/agent/builtin/add-to-named-list";
import { groundMessage } from "@/lib/agent/builtin/grounding";
import { classify } from "@/lib/agent/builtin/intents";
import { clockAt } from "@/lib/task-line/clock";
import { readTaskLine } from "@/lib/task-line/read";
import { clock, task } from "./plan-steps";

const tasks = [
  task("rota", "Swap the night shift on the rota"),
  task("permit", "Renew the staff parking permit"),
  task("dentist", "Ring the dentist"),
  task("earplugs", "Get moulded earplugs fitted"),
  task("uniforms", "Wash the uniforms"),
  task("tins", "Collect the tins from St Mark's"),
  task("prescription", "Pick up my prescription"),
  task("shelves", "Put up the new shelves in the store room"),
  task("deposit", "Return the tenant's deposit"),
  task("van", "Check the van insurance"),
  task("lunch", "Lunch with Sam"),
  task("cake", "Buy the cake"),
  task("van-service", "Book the van in for a service"),
  task("dentist-booking", "Book the dentist appointment"),
  task("radiators", "Bleed the radiators at the school"),
  task("boiler", "Fit the new boiler at Mrs Patel's"),
  task("notes", "Write thank you notes for the gifts"),
];
const ground = (text: string) => groundMessage(text, tasks as never, clock);
const changeOf = (text: string) => {
  const g = ground(text);
  return g?.kind === "change" ? { id: g.change.task.id, changes: g.change.changes, also: g.also?.length ?? 0 } : g;
};

describe("what may follow a chore said done (rule DONE-TAIL)", () => {
  it.each([
    ["swapped the night shift with priya", "rota"],
    ["parking permit renewed till march", "permit"],
    ["renewed the parking permit until the end of next year", "permit"],
    ["rang the dentist with mum", "dentist"],
    ["shelves are up at last", "shelves"],
    ["the shelves are up", "shelves"],
    ["uniforms are in the wash", "uniforms"],
  ])("'%s' completes %s", (text, id) => {
    expect(changeOf(text)).toEqual({ id, changes: { status: "completed" }, also: 0 });
  });
  it("a companion who is in a task's title is never cut: 'had lunch with priya' completes nothing", () => {
    expect(ground("had lunch with priya")?.kind ?? null).not.toBe("change");
  });
  it("'till' after a chore that holds for no time is no tail: 'rang the dentist till march' changes nothing", () => {
    expect(ground("rang the dentist till march")).toBeNull();
  });
});

describe("a thing after 'my/the' is never a title's verb", () => {
  it("'do my books every month' never repeats 'Book the van in for a service'", () => {
    expect(ground("do my books every month")).toBeNull();
  });
  it("'book the van in every month' still repeats it", () => {
    expect(changeOf("book the van in every month")).toEqual({ id: "van-service", changes: { recurrence: "FREQ=MONTHLY" }, also: 0 });
  });
  it("…yet 'the photos' still names 'Photograph the new cakes' (a word other than the verb's own)", () => {
    const photo = [task("photo", "Photograph the new cakes")];
    expect(groundMessage("the photos are high priority", photo as never, clock)).toMatchObject({
      kind: "change",
      change: { task: { id: "photo" }, changes: { priority: "high" } },
    });
  });
  it("'dentist is booked up till january' (the practice is full) completes nothing", () => {
    expect(ground("dentist is booked up till january")).toBeNull();
  });
});

describe("chores said done in their own words", () => {
  it.each([
    ["radiators bled at the school", "radiators"],
    ["boiler's in at mrs patel's", "boiler"],
  ])("'%s' completes %s", (text, id) => {
    expect(changeOf(text)).toEqual({ id, changes: { status: "completed" }, also: 0 });
  });
  it("'boiler's in at the greens' (somewhere the task does not name) completes nothing", () => {
    expect(ground("boiler's in at the greens")).toBeNull();
  });
  it("'car seat's fitted properly now' reads as the car seat done", () => {
    expect(classify("car seat's fitted properly now", clock)).toEqual([
      { type: "complete", refs: [{ kind: "phrase", text: "car seat" }], deeds: ["fit"] },
    ]);
  });
});

describe("a remark or a reason after the change", () => {
  it("'thank you notes are low priority, people understand' lowers the notes only", () => {
    expect(changeOf("thank you notes are low priority, people understand")).toEqual({ id: "notes", changes: { priority: "low" }, also: 0 });
  });
  it("'earplugs fitted, they're amazing' completes the earplugs (an opinion after the comma)", () => {
    expect(classify("earplugs fitted, they're amazing", clock)).toEqual([
      { type: "complete", refs: [{ kind: "phrase", text: "earplugs" }], deeds: ["fit"] },
    ]);
  });
  it("'van insurance checked, all fine till june' completes the check and sets no date", () => {
    expect(changeOf("van insurance checked, all fine till june")).toEqual({ id: "van", changes: { status: "completed" }, also: 0 });
  });
  it("'the dentist is urgent, tooth's killing me' raises the dentist and nothing else", () => {
    expect(changeOf("the dentist is urgent, tooth's killing me")).toEqual({ id: "dentist", changes: { priority: "high" }, also: 0 });
  });
  it("…but a tail that names another task is read too: 'the dentist is urgent, cake's done'", () => {
    expect(changeOf("the dentist is urgent, cake's done")).toMatchObject({ id: "dentist", also: 1 });
  });
  it("'deposit can wait till friday, still waiting on the inventory' moves the deposit only", () => {
    const at = clockAt(new Date("2026-11-28T11:40:00Z"), "UTC");
    const g = groundMessage("deposit can wait till friday, still waiting on the inventory", tasks as never, at);
    expect(g).toMatchObject({ kind: "change", change: { task: { id: "deposit" }, changes: { due: "2026-12-04" } } });
    expect(g?.kind === "change" && g.also).toBeFalsy();
  });
});

describe("a title's verb weighs less than a thing it names", () => {
  it("'tins can be picked up thursday instead' moves the tins, not 'Pick up my prescription'", () => {
    expect(changeOf("tins can be picked up thursday instead")).toMatchObject({ id: "tins", changes: { due: expect.any(String) } });
  });
  it("'prescription picked up' still completes the prescription", () => {
    expect(changeOf("prescription picked up")).toEqual({ id: "prescription", changes: { status: "completed" }, also: 0 });
  });
});

describe("a part of the day that names an event stays in the title", () => {
  const sat = clockAt(new Date("2026-11-28T11:40:00Z"), "UTC");
  it.each([
    ["coffee morning on saturday at 10", "Coffee morning", "2026-12-05T10:00:00"],
    ["quiz night on friday", "Quiz night", "2026-12-04"],
    ["games night next friday at 7", "Games night", "2026-12-04T19:00:00"],
  ])("'%s' adds '%s' due %s", (text, title, due) => {
    expect(readTaskLine(text, sat)).toMatchObject({ title, due });
  });
  it.each([
    ["do it in the morning on friday", "Do it", "2026-12-04T09:00:00"],
    ["call the bank in the afternoon on tuesday", "Call the bank", "2026-12-01T15:00:00"],
    ["water the plants in the morning on sat", "Water the plants", "2026-12-05T09:00:00"],
  ])("'%s' is the part of that day: '%s' due %s", (text, title, due) => {
    expect(readTaskLine(text, sat)).toMatchObject({ title, due });
  });
  it.each([
    ["2026-11-28T11:50:00Z", "2026-12-05T10:00:00"],
    ["2026-11-28T09:00:00Z", "2026-11-28T10:00:00"],
    ["2026-11-26T11:50:00Z", "2026-11-28T10:00:00"],
  ])(
    "'sat - hair cut 10am' said at %s: 'Hair cut' due %s (a weekday heading the line; once its time has gone, next week's)",
    (now, due) => {
      expect(readTaskLine("sat - hair cut 10am", clockAt(new Date(now), "UTC"))).toMatchObject({ title: "Hair cut", due });
    },
  );
  it("'call mum tomorrow night' is still a time", () => {
    expect(readTaskLine("call mum tomorrow night", sat)).toMatchObject({ title: "Call mum", due: "2026-11-29T20:00:00" });
  });
});

describe("a list named by two words", () => {
  it("'put that on the food bank list' after an add moves the task there", () => {
    expect(classify("put that on the food bank list", clock)).toEqual([
      { type: "update", ref: { kind: "pronoun" }, changes: { list: "food bank" } },
    ]);
    expect(classify("put that on the home list", clock)).toEqual([{ type: "update", ref: { kind: "pronoun" }, changes: { list: "home" } }]);
  });
  it("an add ending 'to the food bank list' goes to that list when the user has it, and keeps its words when not", () => {
    const item = { title: "Thank the co-op for the donation to the food bank list" };
    expect(placedInNamedList(item, ["Home", "Food bank"])).toEqual({ title: "Thank the co-op for the donation", list: "Food bank" });
    expect(placedInNamedList(item, ["Home"])).toEqual(item);
  });
});
