/** Tasks as the built-in model reads them from list_tasks, for unit tests of its readers. */
import type { TaskView } from "@/lib/agent/builtin/prompt-reader";

/** A maker of open, medium tasks due at `dueAt` (or none), with no labels unless given. */
export const taskDueAt =
  (dueAt: string | null) =>
  (id: string, title: string, extra: Partial<TaskView> = {}): TaskView => ({
    id,
    title,
    description: null,
    status: "pending",
    priority: "medium",
    dueAt,
    labels: [],
    ...extra,
  });
