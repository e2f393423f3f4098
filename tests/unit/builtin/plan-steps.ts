/** Shared by the planner's unit tests: a Thursday clock, a task as the tools list it, and the first step's calls. */
import { planStep } from "@/lib/agent/builtin/planner";
import type { ConversationEvent } from "@/lib/agent/builtin/prompt-reader";
import { clockAt } from "@/lib/task-line/clock";

// A Thursday.
export const clock = clockAt(new Date("2026-11-26T14:00:00.000Z"), "UTC");

export const task = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  status: "pending",
  priority: "medium",
  dueAt: null,
  description: null,
  ...extra,
});

/** The first step's calls for `text` after `history`. */
export function calls(history: ConversationEvent[], text: string) {
  return planStep({ system: "", events: [...history, { kind: "user", text }] }, clock, new Set()).calls;
}
