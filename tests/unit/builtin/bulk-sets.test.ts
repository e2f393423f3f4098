/**
 * Sets of tasks and positions in everyday words (issue 24, w13): groups named by a list, label,
 * day or "the ones i've ticked off"; several positions with one day or priority; questions whether
 * a group is done, which only read.
 */
import { describe, expect, it } from "vitest";
import { classify } from "@/lib/agent/builtin/intents";
import { clockAt } from "@/lib/task-line/clock";

// A Thursday; 2026-11-23 is a Monday.
const clock = clockAt(new Date("2026-11-26T14:00:00.000Z"), "UTC");
const monday = clockAt(new Date("2026-11-23T07:10:00.000Z"), "UTC");
const read = (text: string, at = clock) => classify(text, at);
const ord = (n: number, fromEnd = false) => ({ kind: "ordinal", n, fromEnd });

describe("groups said in everyday words", () => {
  it("'the ones ive ticked off' are the finished tasks", () => {
    expect(read("clear out the ones ive ticked off")).toEqual([
      { type: "bulk", action: "delete", filter: { status: "completed" }, listed: false },
    ]);
  });
  it("a group picked up, sorted or done, with when or a cheer after it", () => {
    for (const text of [
      "picked up everything on the groceries list on the way home",
      "sorted everything for the groceries, tick it all off",
      "all groceries stuff done!! free at last",
    ])
      expect(read(text)).toEqual([{ type: "bulk", action: "complete", filter: { status: "pending", scope: "groceries" }, listed: false }]);
  });
  it("a placing verb with a day moves the group", () => {
    expect(read("put everything thats overdue on today")).toEqual([
      { type: "bulkUpdate", filter: { due: "overdue", status: "pending" }, changes: { due: "2026-11-26" } },
    ]);
  });
  it("'all' after the verb quantifies a plural noun", () => {
    expect(read("wedding stuff is all top priority")).toEqual([
      { type: "bulkUpdate", filter: { status: "pending", scope: "wedding" }, changes: { priority: "high" } },
    ]);
    expect(read("wedding stuff is top priority")[0]?.type).not.toBe("bulkUpdate");
  });
  it("a remark before a group the request narrows, and an aside that says the same priority", () => {
    expect(read("can't face today, move todays stuff to tomorrow")).toEqual([
      { type: "bulkUpdate", filter: { due: "today", status: "pending" }, changes: { due: "2026-11-27" } },
    ]);
    expect(read("make all the shopping low priority, its not urgent")).toEqual([
      { type: "bulkUpdate", filter: { status: "pending", scope: "shopping" }, changes: { priority: "low" } },
    ]);
  });
  it("an exception after the whole request, and 'the day after'", () => {
    expect(read("move everything for today to tomorrow except calling jen")).toEqual([
      { type: "bulkUpdate", filter: { due: "today", status: "pending", except: "call jen" }, changes: { due: "2026-11-27" } },
    ]);
    const after = read("bump all of tomorrows to the day after");
    expect(after[0]?.type === "bulkUpdate" && after[0].changes).toEqual({ shiftDays: 1 });
  });
  it("a group moved to today's weekday goes to next week's; overdue tasks to today", () => {
    expect(read("push all of todays to monday pls", monday)).toEqual([
      { type: "bulkUpdate", filter: { due: "today", status: "pending" }, changes: { due: "2026-11-30" } },
    ]);
    const overdue = read("move all the overdue stuff to monday", monday);
    expect(overdue[0]?.type === "bulkUpdate" && overdue[0].changes).toEqual({ due: "2026-11-23" });
    // "from today" says where the group comes from, not where it goes.
    const fromToday = read("shove everything from today to monday", monday);
    expect(fromToday[0]?.type === "bulkUpdate" && fromToday[0].changes).toEqual({ due: "2026-11-30" });
  });
});

describe("several positions of the list shown (rule POSITIONS-CHANGE)", () => {
  it("one priority or day for each position", () => {
    expect(read("2nd and 3rd are low priority")).toEqual([
      { type: "update", ref: ord(2), changes: { priority: "low" } },
      { type: "update", ref: ord(3), changes: { priority: "low" } },
    ]);
    expect(read("the last two can wait till next week")).toEqual([
      { type: "update", ref: ord(1, true), changes: { due: "2026-12-03" } },
      { type: "update", ref: ord(2, true), changes: { due: "2026-12-03" } },
    ]);
  });
  it("a deed before positions completes them", () => {
    expect(read("got the first 3")).toEqual([{ type: "complete", refs: [ord(1), ord(2), ord(3)] }]);
  });
  it("questions and remarks about positions write nothing", () => {
    for (const text of ["are the first two high priority?", "the first two are a nightmare", "did i already do the second one?"])
      expect(read(text).every((i) => i.type !== "update" && i.type !== "complete" && i.type !== "delete")).toBe(true);
  });
});

describe("questions whether a group is done (rule GROUP-DONE-QUESTION)", () => {
  it.each([
    ["is everything for today done?", { due: "today", status: "pending" }],
    ["have i finished all the work stuff?", { status: "pending", list: "work", orTopic: true }],
    ["is the shopping all done?", { status: "pending", list: "shopping", orTopic: true }],
  ])("%s shows what is left", (text, filter) => {
    expect(read(text)).toEqual([{ type: "list", filter }]);
  });
});

describe("what was done is not what is left", () => {
  it.each(["did i finish anything today", "have i done anything today lol"])("%s is not a group question", (text) => {
    expect(read(text)).not.toEqual([{ type: "list", filter: expect.objectContaining({ status: "pending" }) }]);
  });
});
