/**
 * Edits to groups of tasks said in everyday ways (issue 24, w14): polite questions, a reason said
 * after the request, moves relative to each task's own day, exceptions, and negated groups — which
 * lower only the urgent ones of a named group, and are asked about otherwise.
 */
import { describe, expect, it } from "vitest";
import { classify } from "@/lib/agent/builtin/intents";
import { inScope } from "@/lib/agent/builtin/intents/bulk-update";
import { clockAt } from "@/lib/task-line/clock";

// A Thursday.
const clock = clockAt(new Date("2026-11-26T14:00:00.000Z"), "UTC");
const read = (text: string) => classify(text, clock);
const unclear = [{ type: "say", kind: "unclear" }];

describe("a group's change with a reason after it (rule BULK-REASON)", () => {
  it("reads the request alone when the reason asks for nothing", () => {
    expect(read("make all the work stuff high priority, its urgent")).toEqual([
      { type: "bulkUpdate", filter: { scope: "work", status: "pending" }, changes: { priority: "high" } },
    ]);
    expect(read("move todays stuff to tomorrow as im off sick")).toEqual([
      { type: "bulkUpdate", filter: { due: "today", status: "pending" }, changes: { due: "2026-11-27" } },
    ]);
    expect(read("all the work stuff can go to tomorrow, im wfh then")).toEqual([
      { type: "bulkUpdate", filter: { scope: "work", status: "pending" }, changes: { due: "2026-11-27" } },
    ]);
    expect(read("make everything on the uni list high prio cos exams are coming up")).toEqual([
      { type: "bulkUpdate", filter: { status: "pending", scope: "uni" }, changes: { priority: "high" } },
    ]);
  });
  it("asks when the piece after it changes something else, or says another value", () => {
    expect(read("move todays stuff to tomorrow, its not urgent")).toEqual(unclear);
    expect(read("make all the work stuff low priority, its urgent")).toEqual(unclear);
    expect(read("push everything to monday, not urgent")).toEqual(unclear);
    for (const text of ["move todays stuff to tomorrow, actually friday", "move todays stuff to tomorrow, not today"])
      expect(read(text).some((i) => i.type === "bulkUpdate" || i.type === "add" || i.type === "update")).toBe(false);
  });
});

describe("groups asked politely or without a verb", () => {
  it("'can everything overdue go to tomorrow?', 'would you mind moving …', 'can all the bills be due on the 1st'", () => {
    expect(read("can everything overdue go to tomorrow?")).toEqual([
      { type: "bulkUpdate", filter: { due: "overdue", status: "pending" }, changes: { due: "2026-11-27" } },
    ]);
    expect(read("would you mind moving all of todays stuff to saturday")).toEqual([
      { type: "bulkUpdate", filter: { due: "today", status: "pending" }, changes: { due: "2026-11-28" } },
    ]);
    expect(read("can all the bills be due on the 1st")).toEqual([
      { type: "bulkUpdate", filter: { status: "pending", scope: "bills" }, changes: { due: "2026-12-01" } },
    ]);
  });
  it("a group named by a quantifier and what it becomes (rule BARE-GROUP-MOVE), never a bare 'everything' or 'all of it'", () => {
    expect(read("everything overdue to today but not the car tax")).toEqual([
      { type: "bulkUpdate", filter: { due: "overdue", status: "pending", except: "car tax" }, changes: { due: "2026-11-26" } },
    ]);
    expect(read("all the shopping list low priority, not the milk tho")).toEqual([
      { type: "bulkUpdate", filter: { status: "pending", scope: "shopping", except: "milk" }, changes: { priority: "low" } },
    ]);
    for (const text of ["everything to friday", "all of it to tomorrow", "move all of it to tomorrow", "push all of that to friday"])
      expect(read(text).some((i) => i.type === "bulkUpdate")).toBe(false);
  });
});

describe("moves relative to each task's own day", () => {
  it("back, forward or out by an amount, with a placing verb too", () => {
    expect(read("put everything for tomorrow back 2 days")[0]).toMatchObject({ type: "bulkUpdate", changes: { shiftDays: 2 } });
    expect(read("bring the whole errands list forward a day")).toEqual([
      { type: "bulkUpdate", filter: { status: "pending", scope: "errands" }, changes: { shiftDays: -1 } },
    ]);
  });
  it("'to the day after' is a day after each one's own (rule DAY-AFTER-ITS-OWN)", () => {
    expect(read("move all the work stuff to the day after")).toEqual([
      { type: "bulkUpdate", filter: { scope: "work", status: "pending" }, changes: { shiftDays: 1 } },
    ]);
    expect(read("move them all to the day after")).toEqual([{ type: "update", ref: { kind: "listed" }, changes: { shiftDays: 1 } }]);
  });
});

describe("negated groups (rule NEGATED-GROUP)", () => {
  it("lower only the urgent ones of a named group to normal", () => {
    for (const text of ["none of the garden stuff is urgent", "nothing on the garden list is urgent"])
      expect(read(text)).toEqual([
        { type: "bulkUpdate", filter: { scope: "garden", status: "pending", priority: "high" }, changes: { priority: "medium" } },
      ]);
  });
  it("ask about a group said by a pronoun, and never add or rename one task", () => {
    for (const text of ["none of those are urgent tbh", "none of these need doing today", "none of it is urgent"])
      expect(read(text)).toEqual(unclear);
  });
});

describe("exceptions of a group", () => {
  const tasks = [{ title: "Gym" }, { title: "Take meds" }, { title: "Clean hob" }, { title: "Write cards" }];
  it("each thing named after 'except … and …' is left out", () => {
    expect(inScope(tasks, { except: "gym and the meds" }).map((t) => t.title)).toEqual(["Clean hob", "Write cards"]);
  });
  it("one thing named that is no task of the group: act on none", () => {
    expect(inScope(tasks, { except: "gym and the dentist" })).toEqual([]);
  });
});

describe("never a completion or a second reading of a group change", () => {
  it("'set/mark all …' without a state, or with a comma, completes nothing (rule SET-IS-NO-TICK)", () => {
    for (const text of ["set all the uni stuff to low, exams are done", "set all the uni stuff to low priority, exams are over"])
      expect(read(text).some((i) => i.type === "bulk" || i.type === "complete" || i.type === "bulkUpdate")).toBe(false);
    expect(read("mark everything done")).toEqual([{ type: "bulk", action: "complete", filter: { status: "pending" }, listed: false }]);
    expect(read("set all of them as done")).toEqual([{ type: "bulk", action: "complete", filter: {}, listed: true }]);
    expect(read("mark all of them off")).toEqual([{ type: "bulk", action: "complete", filter: {}, listed: true }]);
  });
  it("a reason with a day after 'as', the same priority said again, and 'mind pushing'", () => {
    expect(read("everything overdue can go to monday as im away this weekend")).toEqual([
      { type: "bulkUpdate", filter: { due: "overdue", status: "pending" }, changes: { due: "2026-11-30" } },
    ]);
    expect(read("make every one of the shopping items low prio, no rush")).toEqual([
      { type: "bulkUpdate", filter: { scope: "shopping", status: "pending" }, changes: { priority: "low" } },
    ]);
    expect(read("would u mind pushing all the kids stuff to next wednesday")).toEqual([
      { type: "bulkUpdate", filter: { scope: "kids", status: "pending" }, changes: { due: "2026-12-02" } },
    ]);
  });
});
