/** Plain sentences about an undo, from its result only (used by the agent tool and the UI). */
import type { UndoResult } from "@/lib/activity/schema";

const quote = (title: string) => `'${title}'`;

const DONE: Record<UndoResult["changes"][number]["action"], string> = {
  created: "brought back",
  deleted: "removed",
  completed: "marked as done again",
  reopened: "reopened",
  updated: "put back as it was",
};

export function describeUndo(result: UndoResult): string {
  const parts = result.changes.map((c) => `${DONE[c.action]} ${quote(c.title)}`);
  const done = parts.length
    ? `Undone: ${parts.join(", ")}.`
    : result.alreadyUndone
      ? "That was already undone."
      : "Nothing could be undone.";
  const skipped = result.skipped.map((s) => `${quote(s.title)} was left as it is because it changed since.`);
  return [done, ...skipped].join(" ");
}
