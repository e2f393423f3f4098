/**
 * Wave 10: messy everyday writing (issue 24): typo'd and plural-variant task names, "twice a
 * day", "do the X on <day>", "show me errands", and messages taken back ("jk") or asking to be
 * told ("remind me what …").
 */
import { describe, expect, it } from "vitest";
import { groundMessage } from "@/lib/agent/builtin/grounding";
import { moodOf } from "@/lib/agent/builtin/intents/mood";
import { findRecurrencePhrase } from "@/lib/task-line/recurrence-phrases";
import { clockAt } from "@/lib/task-line/clock";
import { resolveReference } from "@/lib/tasks/match";
import type { TaskView } from "@/lib/tasks/schema";
import { taskView } from "@/tests/support/task-view.mjs";

const clock = clockAt(new Date("2026-11-26T14:00:00Z"), "UTC");
let n = 0;
function task(title: string): TaskView {
  n++;
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
  return taskView(id, { title, status: "pending", createdAt: at, updatedAt: at });
}
const tasks = [task("Book the electrician"), task("Buy nappies"), task("Take the bins out"), task("Clean the oven")];
// grounding reads the prompt's task views: id, title, status suffice here.
const views = tasks.map((t) => ({ id: t.id, title: t.title, status: t.status })) as never[];

describe("task names typed loosely", () => {
  it("a plural in -ys or the singular names a task in -ies (match.ts)", () => {
    for (const said of ["nappys", "nappy", "the nappies"]) {
      const r = resolveReference(said, tasks);
      expect(r.kind === "one" && r.task.title).toBe("Buy nappies");
    }
  });

  it("typo-mention: a long word a letter off a title's word names that task (grounding.ts)", () => {
    const g = groundMessage("electrican can be next wk", views, clock);
    expect(g?.kind === "change" && g.change.task.title).toBe("Book the electrician");
    // A typo beside a word that names the task as typed: "the councel tax" of "Pay the council tax".
    const tax = [...views, { id: "t", title: "Pay the council tax", status: "pending" }] as never[];
    const t = groundMessage("the councel tax is top prio", tax, clock);
    expect(t?.kind === "change" && t.change.task.title).toBe("Pay the council tax");
    // Short words are never read as typos of another word.
    expect(groundMessage("bans can be next wk", views, clock)).toBeNull();
  });

  it("a question with its '?' left off never moves a task", () => {
    expect(groundMessage("do the bins go out on sunday", views, clock)).toBeNull();
    const gym = [...views, { id: "g", title: "Go to the gym", status: "pending" }] as never[];
    expect(groundMessage("do the bins go out on sunday", gym, clock)).toBeNull();
    // A verb that is the named task's own word is its name: "do the car wash tmrw" of "Wash the car".
    const car = [{ id: "c", title: "Wash the car", status: "pending" }] as never[];
    const w = groundMessage("do the car wash tmrw pls", car, clock);
    expect(w?.kind === "change" && w.change.task.title).toBe("Wash the car");
    const g = groundMessage("do the oven on sunday instead", views, clock);
    expect(g?.kind === "change" && g.change.task.title).toBe("Clean the oven");
  });
});

describe("moods", () => {
  it("taken-back and remind-me-what are never requests", () => {
    expect(moodOf("remind me wot the electrician said? jk")).toBe("remark");
    expect(moodOf("add a unicorn to the list jk")).toBe("remark");
    expect(moodOf("delete everything lol just kidding")).toBe("remark");
    expect(moodOf("remind me what the plumber charged")).toBe("remark");
    expect(moodOf("remind me to call the plumber")).toBe("request");
  });

  it("do-on-day: 'do the X on <day>' is a request; with a verb after the subject a question", () => {
    expect(moodOf("do the oven on sunday instead")).toBe("request");
    expect(moodOf("do the bins go out on sunday")).toBe("question");
    expect(moodOf("do the oven on sunday?")).toBe("question");
  });
});

describe("times-a-day", () => {
  it("repeats daily and leaves the words in the title", () => {
    const f = findRecurrencePhrase("take my meds twice a day");
    expect(f?.rule).toBe("FREQ=DAILY");
    expect(f && f.start === f.end).toBe(true);
    expect(findRecurrencePhrase("feed the cat 3 times daily")?.rule).toBe("FREQ=DAILY");
  });
});
