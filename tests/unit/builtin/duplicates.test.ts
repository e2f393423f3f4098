/**
 * What an add said in passing would duplicate among the user's tasks (lib/agent/builtin/duplicates.ts):
 * the same task (its slots go onto it), a similar one (offered, never written), or none (added).
 */
import { describe, expect, it } from "vitest";
import { findDuplicate, looksBeforeAdding, slotsOf } from "@/lib/agent/builtin/duplicates";
import type { TaskView } from "@/lib/agent/builtin/prompt-reader";

const task = (title: string, extra: Partial<TaskView> = {}): TaskView => ({
  id: title,
  title,
  description: null,
  status: "pending",
  priority: "medium",
  dueAt: null,
  ...extra,
});

describe("findDuplicate", () => {
  const tasks = [
    task("Book the optician"),
    task("Wash the car"),
    task("Renew car insurance"),
    task("Phone the electrician"),
    task("Phone the bank"),
    task("Call mum"),
    task("Buy dog food"),
    task("Take Rex to the vet"),
    task("Water the plants", { status: "completed" }),
  ];
  it.each([
    ["Get the optician done", "Book the optician"],
    ["Get the car washed", "Wash the car"],
    ["Renw the car insurence", "Renew car insurance"],
    ["Call the electrician", "Phone the electrician"],
    ["The vet", "Take Rex to the vet"],
  ])("'%s' is the same task as '%s'", (title, same) => {
    expect(findDuplicate(title, tasks)).toEqual({ kind: "same", task: expect.objectContaining({ title: same }) });
  });
  it("'Phone the bank about the card' is only similar to 'Phone the bank'", () => {
    expect(findDuplicate("Phone the bank about the card", tasks)).toEqual({
      kind: "similar",
      task: expect.objectContaining({ title: "Phone the bank" }),
    });
  });
  it.each(["Call dad", "Buy dog treats", "Hoover the car", "Water the plants"])("'%s' is a new task", (title) => {
    expect(findDuplicate(title, tasks)).toBeNull();
  });
});

describe("slotsOf", () => {
  it("takes the add's date, repeat and priority as a change", () => {
    expect(slotsOf({ title: "x", due: "2026-11-27", recurrence: "FREQ=WEEKLY", priority: "high" }, task("x"), "2026-11-22")).toEqual({
      due: "2026-11-27",
      recurrence: "FREQ=WEEKLY",
      priority: "high",
    });
  });
  it("keeps the task's own due date when the add only sets a reminder then", () => {
    const at = "2026-11-23T15:00:00";
    expect(slotsOf({ title: "x", due: at, remindAt: at }, task("x", { dueAt: "2026-11-25T12:00:00.000Z" }), "2026-11-22")).toEqual({
      remindAt: at,
    });
  });
  it("writes nothing without a slot, or with a day already gone", () => {
    expect(slotsOf({ title: "x" }, task("x"), "2026-11-22")).toBeNull();
    expect(slotsOf({ title: "x", due: "2026-11-21" }, task("x"), "2026-11-22")).toBeNull();
  });
  it("sets a reminder counted from the task's due day unless its day is gone ('the day before' a task due today)", () => {
    const dueToday = task("x", { dueAt: "2026-11-26T12:00:00.000Z" });
    const morningOf = { title: "x", remindOnDue: { days: 0, hour: 9, minute: 0, timeZone: "UTC" } };
    // The same day, whatever the hour: kept (one earlier today rings at once).
    expect(slotsOf(morningOf, dueToday, "2026-11-26")).toEqual({ remindAt: "2026-11-26T09:00:00" });
    const dayBefore = { title: "x", remindOnDue: { days: 1, hour: 9, minute: 0, timeZone: "UTC" } };
    expect(slotsOf(dayBefore, dueToday, "2026-11-26")).toBeNull();
  });
});

describe("looksBeforeAdding", () => {
  it.each([
    ["ugh need to get the optician done by wed", true],
    ["dont forget the bins tues", true],
    ["remind me to call the bank at 3", true],
    ["add buy milk", false],
    ["can you add call the vet", false],
    ["chuck on ring the council", false],
  ])("'%s' → %s", (text, looks) => {
    expect(looksBeforeAdding(text, [{ title: "x" }])).toBe(looks);
  });
});
