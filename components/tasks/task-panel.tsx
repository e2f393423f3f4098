"use client";
import { useTaskStore } from "@/components/tasks/task-store";
import { TaskItem } from "@/components/tasks/task-item";
import { AddTaskForm } from "@/components/tasks/add-task-form";
import { TaskFiltersBar } from "@/components/tasks/task-filters";
import { ListSwitcher } from "@/components/tasks/list-switcher";
import { OfflineStatus } from "@/components/offline/offline-status";
import { Button } from "@/components/ui/button";
import { ListIcon, RefreshIcon, XIcon } from "@/components/ui/icons";
import { DEFAULT_FILTERS, type Task } from "@/lib/ui/types";

/** Top-level tasks in list order, each followed by its subtasks (a subtask whose parent is not shown stands alone). */
function withSubtasks(tasks: Task[]): { task: Task; parent?: Task }[] {
  const shown = new Map(tasks.map((t) => [t.id, t]));
  const children = new Map<string, Task[]>();
  for (const t of tasks) {
    if (t.parentId && shown.has(t.parentId)) children.set(t.parentId, [...(children.get(t.parentId) ?? []), t]);
  }
  const rows: { task: Task; parent?: Task }[] = [];
  for (const t of tasks) {
    if (t.parentId && shown.has(t.parentId)) continue;
    rows.push({ task: t });
    for (const child of children.get(t.id) ?? []) rows.push({ task: child, parent: t });
  }
  return rows;
}

export function TaskPanel({ onClose }: { onClose?: () => void }) {
  const { state, refresh, setFilters, showMore } = useTaskStore();
  const tasks = state.listIds.map((id) => state.byId[id]).filter((t) => t !== undefined);
  const pending = tasks.filter((t) => t.status === "pending").length;
  const filtered = JSON.stringify({ ...state.filters, list: "" }) !== JSON.stringify(DEFAULT_FILTERS);
  const listName = state.filters.list === "inbox" ? "the Inbox" : state.lists.find((l) => l.id === state.filters.list)?.name;

  return (
    <section aria-labelledby="task-panel-title" className="flex h-full flex-col">
      <header className="flex items-center justify-between gap-2 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <div className="flex items-baseline gap-2">
          <h2 id="task-panel-title" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            Tasks
          </h2>
          {state.status === "ready" && (
            <span className="text-xs text-zinc-500 dark:text-zinc-400" aria-live="polite">
              {pending} to do
            </span>
          )}
        </div>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" className="size-8" onClick={refresh} aria-label="Refresh tasks">
            <RefreshIcon className="size-4" />
          </Button>
          {onClose && (
            <Button variant="ghost" size="icon" className="size-8 lg:hidden" onClick={onClose} aria-label="Close tasks">
              <XIcon className="size-4" />
            </Button>
          )}
        </div>
      </header>
      <div className="space-y-3 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <OfflineStatus />
        <ListSwitcher />
        <AddTaskForm />
        <TaskFiltersBar />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-1.5 py-2">
        {state.status === "error" && tasks.length === 0 ? (
          <div
            className="m-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900/50 dark:bg-red-950/40 dark:text-red-200"
            role="alert"
          >
            <p>{state.error ?? "Couldn't load your tasks."}</p>
            <Button size="sm" className="mt-2" onClick={refresh}>
              Try again
            </Button>
          </div>
        ) : state.status === "idle" || (state.status === "loading" && tasks.length === 0) ? (
          <ul aria-label="Loading tasks" className="space-y-2 px-3 py-2">
            {[0, 1, 2].map((i) => (
              <li key={i} className="flex animate-pulse items-center gap-3">
                <span className="size-5 rounded-full bg-zinc-200 dark:bg-zinc-800" />
                <span className="h-3 flex-1 rounded bg-zinc-200 dark:bg-zinc-800" style={{ maxWidth: `${70 - i * 15}%` }} />
              </li>
            ))}
          </ul>
        ) : tasks.length === 0 ? (
          filtered ? (
            <div className="px-4 py-10 text-center">
              <p className="text-sm text-zinc-600 dark:text-zinc-400">No tasks match these filters.</p>
              <Button
                size="sm"
                variant="ghost"
                className="mt-2"
                onClick={() => setFilters({ ...DEFAULT_FILTERS, list: state.filters.list })}
              >
                Clear filters
              </Button>
            </div>
          ) : listName ? (
            <div className="px-4 py-10 text-center" data-testid="list-empty">
              <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing in {listName} yet.</p>
              <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">Add a task above, or drag one onto a list.</p>
            </div>
          ) : (
            <div className="flex flex-col items-center px-6 py-10 text-center" data-testid="task-empty">
              <span className="mb-3 flex size-10 items-center justify-center rounded-full bg-accent-50 text-accent-600 dark:bg-accent-500/10 dark:text-accent-300">
                <ListIcon className="size-5" />
              </span>
              <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">No tasks yet</p>
              <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
                Type one in the box above, or just tell the assistant — “remind me to call mom tomorrow”.
              </p>
            </div>
          )
        ) : (
          <ul aria-label="Task list" className="space-y-0.5">
            {withSubtasks(tasks).map(({ task, parent }) => (
              <TaskItem key={task.id} task={task} parent={parent} />
            ))}
          </ul>
        )}
        {state.hasMore && (
          <div className="flex items-center justify-between gap-2 px-3 py-2 text-xs text-zinc-500">
            <span>Showing the first {tasks.length} tasks.</span>
            <Button variant="ghost" size="sm" onClick={showMore}>
              Show more
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
