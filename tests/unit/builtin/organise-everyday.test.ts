/**
 * Organisation said in everyday words (issue 24, w12): whole lists moved, plans said as intentions,
 * an intention that names a task the user has offered as a move, not a twin.
 */
import { describe, expect, it } from "vitest";
import { classify } from "@/lib/agent/builtin/intents";
import { contextualAnswer } from "@/lib/agent/builtin/followups";
import { groundMessage } from "@/lib/agent/builtin/grounding";
import type { TaskView } from "@/lib/agent/builtin/prompt-reader";
import { clockAt } from "@/lib/task-line/clock";

// A Thursday.
const clock = clockAt(new Date("2026-11-26T14:00:00.000Z"), "UTC");
const read = (text: string) => classify(text, clock);

describe("whole-list-words: a whole list moved is never a new task", () => {
  it.each([
    "can u move everything from errands into shopping",
    "move the whole errands list over to home",
    "put all the side project stuff in work",
    "empty the errands list into the inbox",
    "merge the errands list into home",
  ])("%s adds nothing", (text) => {
    expect(read(text).some((i) => i.type === "add")).toBe(false);
  });
  it.each(["move the dentist to friday", "put milk in shopping", "add all the bits for the party to shopping"])(
    "%s is read as before",
    (text) => {
      expect(read(text)).not.toEqual([{ type: "say", kind: "unclear" }]);
    },
  );
});

describe("plans said as intentions are offered, never added", () => {
  it.each(["planning to renew the passport next month", "i'm hoping to sort the garage on saturday", "i plan to call mum tomorrow"])(
    "%s",
    (text) => {
      expect(read(text).some((i) => i.type === "add" || i.type === "update")).toBe(false);
    },
  );
});

describe("intention-moves-own-task: the move offered is read back on a yes", () => {
  const history = [{ kind: "user" as const, text: "i'll book the flights on sunday" }];
  const offer = "You already have 'Book flights for easter'. Do you want me to move it to Sunday?";
  it("moves that task to the day said", () => {
    const answer = contextualAnswer(offer, read("yeah go on"), "yeah go on", clock, history as never);
    expect(answer?.calls).toEqual([{ toolName: "update_task", input: { task: "Book flights for easter", due: "2026-11-29" } }]);
  });
  it("writes nothing on a no", () => {
    expect(contextualAnswer(offer, read("nah"), "nah", clock, history as never)?.calls).toEqual([]);
  });
});

describe("grounding: plans without their 'I' never change a task; slang placing verbs put a tag on", () => {
  const task = (id: string, title: string): TaskView => ({
    id,
    title,
    description: null,
    status: "pending",
    priority: "medium",
    dueAt: "2026-12-02T12:00:00.000Z",
    labels: [],
  });
  const tasks = [task("car", "Clean the car"), task("invoice", "Send the invoice")];
  it.each(["gonna clean the car saturday", "planning to clean the car on saturday", "hoping to clean the car saturday"])("%s", (text) => {
    expect(groundMessage(text, tasks, clock)).toBeNull();
  });
  it("gonna have to … still says what must be done", () => {
    expect(groundMessage("gonna have to clean the car saturday", tasks, clock)?.kind).toBe("change");
  });
  it("chuck a work tag on the invoice", () => {
    const g = groundMessage("chuck a work tag on the invoice", tasks, clock);
    expect(g?.kind === "change" ? g.change.changes : g).toEqual({ labels: ["work"] });
  });
});
