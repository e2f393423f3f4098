/**
 * The scenario checker (tests/support/scenarios.mjs) shared by the HTTP eval runner and the
 * in-process harness: a scripted driver plays the assistant, so each rule of the format is seen
 * to pass, fail, or count as harm.
 */
import { describe, expect, it } from "vitest";
import { taskView } from "@/tests/support/task-view.mjs";
import { playScenario, type Scenario, type ScenarioReply, type ScenarioTask } from "@/tests/support/scenarios.mjs";

const NOW = new Date("2026-11-22T14:05:00.000Z");

const task = (id: string, title: string, extra: Partial<ScenarioTask> = {}): ScenarioTask => ({ ...taskView(id, { title }), ...extra });

/** A driver whose assistant turns the task list `before` into `after` and answers `reply`. */
function scripted(
  before: ScenarioTask[],
  after: ScenarioTask[],
  reply: ScenarioReply = { text: "Done.", status: "completed", toolCalls: 1 },
) {
  let tasks = before;
  return {
    tasks: async () => tasks,
    listsCount: async () => 1,
    pending: () => reply.status === "awaiting_confirmation",
    say: async () => {
      tasks = after;
      return reply;
    },
    approve: async () => reply,
  };
}

const say = (expect: Scenario["turns"][number]["expect"]): Scenario => ({ id: "t", turns: [{ say: "do it", expect }] });

describe("playScenario", () => {
  it("passes when the tasks match, and names the pattern no task matched", async () => {
    const after = [task("1", "Buy milk", { priority: "high", dueAt: "2026-11-24T12:00:00.000Z", labels: ["Shop"] })];
    const good = say({ count: 1, tasks: [{ "title~": "milk", priority: "high", dueIn: [2, 2], dueWeekday: 2, label: "shop" }] });
    expect(await playScenario(good, scripted([], after), { now: NOW })).toBeNull();
    const bad = await playScenario(say({ tasks: [{ "title~": "milk", dueIn: [0, 1] }] }), scripted([], after), { now: NOW });
    expect(bad?.harm).toBe(false);
    expect(bad?.why).toContain('no task like {"title~":"milk","dueIn":[0,1]}');
  });

  it("`unchanged` is harm when any field a user notices changed", async () => {
    const base = task("1", "Pay rent", { labels: ["home"], list: { id: "l1", name: "Home" }, recurrence: null });
    const changes: Array<Partial<ScenarioTask>> = [
      { title: "Pay the rent" },
      { status: "completed" },
      { priority: "low" },
      { dueAt: "2026-11-23T12:00:00.000Z" },
      { description: "landlord" },
      { recurrence: { rule: "FREQ=MONTHLY" } },
      { remindAt: "2026-11-23T09:00:00.000Z" },
      { list: { id: "l2", name: "Work" } },
      { labels: ["home", "money"] },
      { parentId: "9" },
    ];
    for (const change of changes) {
      const outcome = await playScenario(say({ unchanged: true }), scripted([base], [{ ...base, ...change }]), { now: NOW });
      expect(outcome, JSON.stringify(change)).toMatchObject({ harm: true });
      expect(outcome?.why).toContain("tasks changed");
    }
    // labels in another order are the same labels
    const reordered = task("1", "Pay rent", { labels: ["b", "a"] });
    expect(await playScenario(say({ unchanged: true }), scripted([{ ...reordered, labels: ["a", "b"] }], [reordered]))).toBeNull();
  });

  it("`untouched` is harm only for the tasks it names", async () => {
    const milk = task("1", "Buy milk");
    const rent = task("2", "Pay rent");
    const done = { ...rent, status: "completed" };
    expect(await playScenario(say({ untouched: ["milk"] }), scripted([milk, rent], [milk, done]))).toBeNull();
    const outcome = await playScenario(say({ untouched: ["rent"] }), scripted([milk, rent], [milk, done]));
    expect(outcome).toMatchObject({ harm: true });
    expect(outcome?.why).toContain("touched: rent");
  });

  it("too many tasks is harm, too few is only a failure", async () => {
    const one = [task("1", "a")];
    const three = [task("1", "a"), task("2", "b"), task("3", "c")];
    expect(await playScenario(say({ count: 2 }), scripted(one, three))).toMatchObject({ harm: true });
    expect(await playScenario(say({ count: 2 }), scripted(three, one))).toMatchObject({ harm: false });
    expect(await playScenario(say({ countIn: [1, 2] }), scripted(one, three))).toMatchObject({ harm: true });
    expect(await playScenario(say({ listsCount: 0 }), scripted(one, one))).toMatchObject({ harm: true });
  });

  it("checks the reply: status, words, pattern, tool calls, no task ids", async () => {
    const t = task("5d0c…id", "Buy milk");
    const reply = { text: "Delete “Buy milk” (5d0c…id)?", status: "awaiting_confirmation", toolCalls: 0 };
    const ok = say({ status: "awaiting_confirmation", replyHas: ["buy milk"], replyLacks: ["deleted"], "reply~": "^delete", toolCalls: 0 });
    expect(await playScenario(ok, scripted([t], [t], reply))).toBeNull();
    const outcome = await playScenario(say({ status: "completed", replyNoIds: true, toolCalls: 1 }), scripted([t], [t], reply));
    expect(outcome?.why).toMatch(/status awaiting_confirmation != completed; toolCalls 0; reply shows a task id/);
  });

  it("answers a confirmation only when asked: `if-asked` skips, a plain approve with none pending fails", async () => {
    const skipped: Scenario = { id: "s", turns: [{ approve: "if-asked", expect: { count: 99 } }] };
    expect(await playScenario(skipped, scripted([], []))).toBeNull();
    const missing: Scenario = { id: "m", turns: [{ approve: true }] };
    expect(await playScenario(missing, scripted([], []))).toEqual({ why: "turn 0: no pending confirmation to answer", harm: false });
  });

  it("a subtask's parent is found among the user's tasks", async () => {
    const after = [task("p", "Plan the trip"), task("c", "Book flights", { parentId: "p" })];
    expect(await playScenario(say({ tasks: [{ "title~": "flights", "parent~": "trip" }] }), scripted([], after))).toBeNull();
    expect(await playScenario(say({ tasks: [{ "title~": "flights", "parent~": "party" }] }), scripted([], after))).not.toBeNull();
  });

  it("`dueNext` is the next such clock time: later today, or tomorrow once it has passed", async () => {
    const due = (iso: string) => [task("t", "Post the parcel", { dueAt: iso })];
    const next = say({ tasks: [{ "title~": "parcel", dueHour: 15, dueNext: true }] });
    // NOW is 14:05: 3 pm is later today; tomorrow's 3 pm is a day too far, yesterday's has passed
    expect(await playScenario(next, scripted([], due("2026-11-22T15:00:00.000Z")), { now: NOW })).toBeNull();
    expect(await playScenario(next, scripted([], due("2026-11-23T15:00:00.000Z")), { now: NOW })).not.toBeNull();
    expect(await playScenario(next, scripted([], due("2026-11-21T15:00:00.000Z")), { now: NOW })).not.toBeNull();
    // at 4 pm the next 3 pm is tomorrow's
    const four = new Date("2026-11-22T16:00:00.000Z");
    expect(await playScenario(next, scripted([], due("2026-11-23T15:00:00.000Z")), { now: four })).toBeNull();
    expect(await playScenario(next, scripted([], due("2026-11-22T15:00:00.000Z")), { now: four })).not.toBeNull();
  });
});
