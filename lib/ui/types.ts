/** Shapes the browser sees. Type-only imports keep server code out of client bundles. */
import type { TaskPriority, TaskView } from "@/lib/tasks/schema";
import type { ListView } from "@/lib/lists/schema";

export type Task = TaskView;
export type TaskList = ListView;
export type { TaskPriority };

export type ConversationSummary = { id: string; title: string; updatedAt: string };

export type StatusFilter = "pending" | "completed" | "all";
export type DueFilterValue = "" | "today" | "overdue" | "upcoming";

export type TaskFilters = {
  status: StatusFilter;
  due: DueFilterValue;
  priority: "" | TaskPriority;
  q: string;
  /** "" every list, "inbox" tasks in no list, or a list id. */
  list: string;
  /** "" any label, or one label. */
  label: string;
};

export const DEFAULT_FILTERS: TaskFilters = { status: "all", due: "", priority: "", q: "", list: "", label: "" };
