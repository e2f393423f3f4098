/**
 * about-task (intents/list.ts) and its answer (replies.ts): "what was the passport thing about?"
 * looks the task up and answers with what it holds; it never writes.
 */
import { describe, expect, it } from "vitest";
import { classify } from "@/lib/agent/builtin/intents";
import { planStep } from "@/lib/agent/builtin/planner";
import type { ConversationEvent } from "@/lib/agent/builtin/prompt-reader";
import { clock, task } from "./plan-steps";

describe("questions about what a task is", () => {
  it.each([
    ["what was the passport thing about", "passport"],
    ["remind me what the passport thing was about", "passport"],
    ["whats the plumber one about", "plumber"],
    ["details on the swimming lessons", "swimming lessons"],
    ["what is the slides one for again", "slides"],
    ["i forget what the slides one is for", "slides"],
  ])("%s asks about '%s'", (text, query) => {
    expect(classify(text, clock)).toEqual([{ type: "list", filter: { status: "all", query, ask: "about" } }]);
  });

  it.each(["what's for dinner", "what was that about", "what the passport thing about"])("%s is no question about a task", (text) => {
    expect(JSON.stringify(classify(text, clock))).not.toContain('"about"');
  });

  it("answers with the task's note, list and labels, and calls no writing tool", () => {
    const text = "what was the passport thing about";
    const [intent] = classify(text, clock);
    const input = { status: "all", query: "passport" };
    const events: ConversationEvent[] = [
      { kind: "user", text },
      { kind: "call", id: "l1", name: "list_tasks", input },
      {
        kind: "result",
        id: "l1",
        name: "list_tasks",
        input,
        outcome: {
          kind: "ok",
          value: { tasks: [task("p", "Renew passport", { description: "needs 2 photos", list: { name: "Admin" }, labels: ["travel"] })] },
        },
      },
    ];
    expect(intent?.type).toBe("list");
    const step = planStep({ system: "", events }, clock, new Set());
    expect(step.calls).toEqual([]);
    expect(step.text).toContain("Renew passport");
    expect(step.text).toContain("Note: needs 2 photos");
    expect(step.text).toContain("Labels: travel");
  });
});
