/**
 * What a task tool answers. Expected failures are data (never thrown) so the model can react:
 * ask which task, say nothing matched, or fix its input.
 */
import type { TaskView } from "@/lib/tasks/schema";

export type ToolFailureCode = "not_found" | "ambiguous" | "invalid_input" | "limit_reached" | "needs_confirmation";

export type ToolFailure = {
  ok: false;
  code: ToolFailureCode;
  message: string;
  query?: string;
  candidates?: TaskView[];
  /** What was missing, when it was not a task: a list the user does not have (ask before creating it). */
  missing?: "list";
  /** The user's list names, with `missing: "list"`. */
  lists?: string[];
};

export type ToolResult = ({ ok: true } & Record<string, unknown>) | ToolFailure;

export function notFound(query: string, message = `I couldn't find a task matching '${query}'.`): ToolFailure {
  return { ok: false, code: "not_found", message, query };
}

export function ambiguous(query: string, candidates: TaskView[]): ToolFailure {
  return {
    ok: false,
    code: "ambiguous",
    message: `Several tasks match '${query}'. Ask the user which one they mean.`,
    query,
    candidates: candidates.slice(0, 10),
  };
}

export function invalidInput(message: string): ToolFailure {
  return { ok: false, code: "invalid_input", message };
}
