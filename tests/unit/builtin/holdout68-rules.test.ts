/**
 * Rules of the w16 holdout68 probe (a café owner's lists; docs/agent.md "A thing's state, a day
 * that changed, two days, and who by trade"): the state a fix or a post leaves, a clipped word of
 * the title, a day said to have changed, two days asked about, "the milk guy", and how busy the user is.
 */
import { describe, expect, it } from "vitest";
import { groundMessage, mightNameTask } from "@/lib/agent/builtin/grounding";
import { classify } from "@/lib/agent/builtin/intents";
import { resolveReference } from "@/lib/tasks/match";
import { clock, task } from "./plan-steps";

const tasks = [
  task("p", "Fix the till printer"),
  task("m", "Post the new menu on instagram"),
  task("s", "Pay the milk supplier"),
  task("t", "Take the car for its MOT"),
  task("w", "Pay the window cleaner"),
  task("b", "Buy printer paper"),
];
const ground = (text: string) => groundMessage(text, tasks as never, clock);
const done = (id: string) => ({ kind: "change", change: { task: { id }, changes: { status: "completed" } } });

describe("the state a fix or a post leaves", () => {
  it("'printers working again' finishes the fix, with or without the 's", () => {
    expect(ground("printers working again")).toMatchObject(done("p"));
    expect(ground("the printer's working again")).toMatchObject(done("p"));
    expect(ground("printer paper working")).not.toMatchObject(done("b"));
  });
  it("'the menu's up on insta' finishes the post; a clipped word of the title is the title's word", () => {
    expect(mightNameTask("menu's up on insta")).toBe(true);
    expect(ground("menu's up on insta")).toMatchObject(done("m"));
    expect(ground("the menu's up on the wall")).toBeNull();
  });
});

describe("a day said to have changed", () => {
  it("'MOT is the day after tomorrow now' moves the task; 'the MOT is monday' only asks what for", () => {
    expect(ground("MOT is the day after tomorrow now")).toMatchObject({
      kind: "change",
      change: { task: { id: "t" }, changes: { due: "2026-11-28" } },
    });
    expect(ground("the MOT got moved to monday")).toMatchObject({ kind: "change", change: { changes: { due: "2026-11-30" } } });
    expect(ground("the MOT is monday")).toMatchObject({ kind: "whatFor", due: "2026-11-30" });
  });
});

describe("two days asked about", () => {
  it("'whats on today and tomorrow' lists both days", () => {
    expect(classify("whats on today and tomorrow", clock)).toMatchObject([
      { type: "list", filter: { window: { from: { d: 26 }, to: { d: 27 }, label: "today and tomorrow" } } },
    ]);
    expect(classify("what did i finish yesterday and today", clock)).toMatchObject([
      { type: "list", filter: { status: "completed", window: { from: { d: 25 }, to: { d: 26 } } } },
    ]);
  });
});

describe("a person known by their trade", () => {
  it("'the milk guy' is the milk supplier and 'the window man' the window cleaner, never another task with that word", () => {
    expect(resolveReference("milk guy", tasks as never)).toMatchObject({ kind: "one", task: { id: "s" } });
    expect(resolveReference("the window man", tasks as never)).toMatchObject({ kind: "one", task: { id: "w" } });
    expect(resolveReference("the paper guy", tasks as never)).not.toMatchObject({ kind: "one", task: { id: "p" } });
  });
});

describe("how busy the user is", () => {
  it("'busy busy busy today' is a remark, never a task", () => {
    for (const text of ["busy busy busy today", "hectic today", "swamped this week"])
      expect(classify(text, clock).some((i) => i.type === "add")).toBe(false);
  });
});
