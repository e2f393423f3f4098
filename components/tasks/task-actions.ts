/**
 * What the task store does: API calls, optimistic updates that roll back on failure, and writes
 * queued offline. Every mutation and every agent tool result triggers a refetch of the panel's
 * filtered list (the server decides what matches a filter). Responses that arrive out of order
 * are dropped, and a refetch never overwrites a task whose own mutation is still in flight.
 * The state changes only through `dispatch` (the reducer in task-state.ts); the provider
 * (task-store.tsx) creates these actions once.
 */
import { describeUndo } from "@/lib/activity/describe";
import type { UndoResult } from "@/lib/activity/schema";
import { ApiError, apiFetch, apiSend, errorMessage } from "@/lib/ui/api";
import { offlineQueue, sendTaskWrite } from "@/lib/ui/offline-writes";
import type { Task, TaskFilters, TaskList, TaskPriority } from "@/lib/ui/types";
import type { useToast } from "@/components/ui/toast";
import { PAGE, type TaskAction, type TaskState } from "./task-state";

type NewTaskInput = {
  title: string;
  description?: string;
  priority?: TaskPriority;
  dueAt?: string | null;
  listId?: string | null;
  labels?: string[];
  parentId?: string | null;
  recurrence?: string | null;
  remindAt?: string | null;
};
type TaskPatch = Partial<Pick<Task, "title" | "priority" | "status" | "description" | "labels">> & {
  dueAt?: string | null;
  /** An RRULE (FREQ=…), or null to stop repeating. */
  recurrence?: string | null;
  /** A local date-time (YYYY-MM-DDTHH:MM, the user's zone) or ISO instant, or null to remove the reminder. */
  remindAt?: string | null;
  skipOccurrence?: true;
  /** A list id, or null for the Inbox. */
  listId?: string | null;
};

export type TaskActions = {
  /** Fetches the first `shown` tasks of the filtered list, a page at a time (one request for most people). */
  fetchList: (filters: TaskFilters, shown: number) => Promise<void>;
  /** Fetches the user's lists and their counts. */
  fetchLists: () => Promise<void>;
  setFilters: (filters: TaskFilters) => void;
  refresh: () => void;
  /** Lists one more page of tasks (when the server has more). */
  showMore: () => void;
  createTask: (input: NewTaskInput) => Promise<boolean>;
  updateTask: (id: string, patch: TaskPatch, snapshot?: Task) => Promise<boolean>;
  toggleTask: (id: string, snapshot?: Task) => Promise<boolean>;
  /** Makes sure the store knows a task (e.g. one named by id in a confirmation card). */
  ensureTask: (id: string) => void;
  deleteTask: (id: string) => Promise<boolean>;
  applyToolOutput: (toolName: string, output: unknown) => void;
  createList: (name: string) => Promise<TaskList | null>;
  renameList: (id: string, name: string) => Promise<boolean>;
  deleteList: (id: string) => Promise<boolean>;
  /** A task added offline reached the server: its temporary row becomes the real task. */
  settleCreated: (tempId: string, task: Task) => void;
  /** Reverts every change recorded under `requestId` (POST /api/undo) and resyncs; null on failure (toasted). */
  undo: (requestId: string) => Promise<UndoResult | null>;
  /** The provider hands over what it rendered last. */
  sync: (live: Live) => void;
};

/** What the actions read when they run: the state as last rendered, the toaster, the signed-in account. */
type Live = {
  state: TaskState;
  toast: ReturnType<typeof useToast>;
  /** The signed-in account (its e-mail); panel changes made offline are queued under it. */
  owner: string | undefined;
};

function isTask(value: unknown): value is Task {
  return typeof value === "object" && value !== null && typeof (value as Task).id === "string" && typeof (value as Task).title === "string";
}

function tasksIn(value: unknown): Task[] {
  return Array.isArray(value) ? value.filter(isTask) : [];
}

function buildQuery(filters: TaskFilters, cursor: string | null): string {
  const params = new URLSearchParams({ status: filters.status, limit: String(PAGE) });
  if (cursor) params.set("cursor", cursor);
  if (filters.due) params.set("due", filters.due);
  if (filters.priority) params.set("priority", filters.priority);
  if (filters.q.trim()) params.set("q", filters.q.trim());
  if (filters.list) params.set("list", filters.list);
  if (filters.label) params.set("label", filters.label);
  return params.toString();
}

const QUEUED_MESSAGE = "You're offline: saved on this device. It syncs when you're back online.";

export function createTaskActions(dispatch: (action: TaskAction) => void, initial: Live): TaskActions {
  let live = initial;
  const getState = () => live.state;
  const toast = () => live.toast;
  const owner = () => live.owner;
  let sequence = 0;
  let listsSequence = 0;
  let refreshFrame: number | null = null;
  /** Mutations in flight per task id: a refetch or a tool result leaves those tasks alone. */
  const inFlight = new Map<string, number>();
  const requested = new Set<string>();

  const track = (id: string, delta: 1 | -1) => {
    const next = (inFlight.get(id) ?? 0) + delta;
    if (next <= 0) inFlight.delete(id);
    else inFlight.set(id, next);
  };

  const fetchList = async (filters: TaskFilters, shown: number) => {
    const mine = ++sequence;
    dispatch({ type: "loading" });
    try {
      const tasks: Task[] = [];
      let cursor: string | null = null;
      do {
        const data: { tasks: Task[]; nextCursor: string | null } = await apiFetch(`/api/tasks?${buildQuery(filters, cursor)}`);
        if (mine !== sequence) return;
        tasks.push(...tasksIn(data.tasks));
        cursor = data.nextCursor;
      } while (cursor && tasks.length < shown);
      // Changes waiting offline stay as the person made them (the list may come from the offline cache).
      dispatch({ type: "loaded", tasks, hasMore: Boolean(cursor), keep: new Set([...inFlight.keys(), ...offlineQueue.ids()]) });
    } catch (error) {
      if (mine === sequence) dispatch({ type: "failed", message: errorMessage(error) });
    }
  };

  const fetchLists = async () => {
    const mine = ++listsSequence;
    try {
      const data = await apiFetch<{ lists: TaskList[]; inbox: { taskCount: number } }>("/api/lists");
      if (mine === listsSequence) dispatch({ type: "lists", lists: data.lists, inboxCount: data.inbox.taskCount });
    } catch {
      // The switcher keeps what it showed; the next change refetches.
    }
  };

  /** Coalesces bursts of changes (several tool results in one chunk) into one request per frame. */
  const refresh = () => {
    if (refreshFrame !== null) return;
    refreshFrame = requestAnimationFrame(() => {
      refreshFrame = null;
      const { filters, shown } = getState();
      void fetchList(filters, shown);
      void fetchLists();
    });
  };

  /** Folds an undo's result into the store: removed tasks go, tasks put back are refetched by id. */
  const applyUndoResult = async (result: Pick<UndoResult, "changes">) => {
    const removed = result.changes.filter((c) => c.action === "deleted").map((c) => c.taskId);
    if (removed.length) dispatch({ type: "remove", ids: removed });
    const back = result.changes.filter((c) => c.action !== "deleted").slice(0, 20);
    const tasks = await Promise.all(
      back.map((c) =>
        apiFetch<{ task: Task }>(`/api/tasks/${encodeURIComponent(c.taskId)}`).then(
          (r) => r.task,
          () => null,
        ),
      ),
    );
    const found = tasks.filter((t): t is Task => t !== null);
    if (found.length) dispatch({ type: "upsert", tasks: found });
    refresh();
  };

  const undo = async (requestId: string) => {
    try {
      const result = await apiFetch<UndoResult>("/api/undo", { method: "POST", json: { requestId } });
      await applyUndoResult(result);
      return result;
    } catch (error) {
      toast().show(`Couldn't undo. ${errorMessage(error)}`, "error");
      return null;
    }
  };

  /** A success toast whose Undo reverts the change the server recorded under `requestId`. */
  const offerUndo = (message: string, requestId: string | null) => {
    if (!requestId) {
      toast().show(message, "success");
      return;
    }
    toast().show(message, "success", {
      label: "Undo",
      onClick: () => {
        void undo(requestId).then((result) => {
          if (result) toast().show(describeUndo(result), result.skipped.length ? "info" : "success");
        });
      },
    });
  };

  const updateTask = async (id: string, patch: TaskPatch, snapshot?: Task) => {
    const state = getState();
    const before = state.byId[id] ?? snapshot;
    if (!before || state.deleted[id]) return false;
    // The server works out repeat rules, reminders and the list's name; only the plain fields change at once.
    const { recurrence: _r, remindAt: _m, skipOccurrence: _s, listId, ...plain } = patch;
    void _r;
    void _m;
    void _s;
    const list = listId === undefined ? before.list : listId === null ? null : (state.lists.find((l) => l.id === listId) ?? before.list);
    const optimistic: Task = {
      ...before,
      ...plain,
      list: list ? { id: list.id, name: list.name } : null,
      completedAt: patch.status === "completed" ? new Date().toISOString() : patch.status === "pending" ? null : before.completedAt,
    } as Task;
    dispatch({ type: "upsert", tasks: [optimistic] });
    track(id, 1);
    try {
      const sent = await sendTaskWrite<{ task: Task }>(owner(), { kind: "update", taskId: id, body: patch, base: before });
      track(id, -1);
      if (sent.queued) {
        toast().show(QUEUED_MESSAGE, "info");
        return true;
      }
      const { data, requestId } = sent;
      const task = data.task;
      if (!inFlight.has(id)) dispatch({ type: "upsert", tasks: [task] });
      refresh();
      const what = patch.status && patch.status !== before.status ? (patch.status === "completed" ? "Completed" : "Reopened") : "Updated";
      const moved = patch.status === "completed" && task.status === "pending" && task.recurrence;
      offerUndo(
        moved ? `Done. “${task.title}” repeats ${task.recurrence?.text}: it moved to its next date.` : `${what} “${task.title}”.`,
        requestId,
      );
      return true;
    } catch (error) {
      track(id, -1);
      if (error instanceof ApiError && error.status === 404) {
        dispatch({ type: "remove", ids: [id] });
        toast().show(`“${before.title}” no longer exists.`, "error");
      } else {
        if (!inFlight.has(id)) dispatch({ type: "upsert", tasks: [before] });
        toast().show(`Couldn't update “${before.title}”. ${errorMessage(error)}`, "error");
      }
      refresh();
      return false;
    }
  };

  const toggleTask = (id: string, snapshot?: Task) => {
    const task = getState().byId[id] ?? snapshot;
    if (!task) return Promise.resolve(false);
    return updateTask(id, { status: task.status === "completed" ? "pending" : "completed" }, task);
  };

  const ensureTask = (id: string) => {
    if (getState().byId[id] || requested.has(id) || !/^[0-9a-f-]{36}$/i.test(id)) return;
    requested.add(id);
    apiFetch<{ task: Task }>(`/api/tasks/${encodeURIComponent(id)}`)
      .then(({ task }) => dispatch({ type: "upsert", tasks: [task] }))
      .catch(() => {});
  };

  const createTask = async (input: NewTaskInput) => {
    const tempId = `temp-${Math.random().toString(36).slice(2)}`;
    const now = new Date().toISOString();
    const temp: Task = {
      id: tempId,
      title: input.title.trim(),
      description: input.description ?? "",
      status: "pending",
      priority: input.priority ?? "medium",
      dueAt: null,
      completedAt: null,
      createdAt: now,
      updatedAt: now,
      recurrence: null,
      lastCompletedAt: null,
      remindAt: null,
      reminderDismissedAt: null,
      list: getState().lists.find((l) => l.id === input.listId) ?? null,
      labels: input.labels ?? [],
      parentId: input.parentId ?? null,
      subtasks: null,
    };
    dispatch({ type: "upsert", tasks: [temp], prependToList: true });
    try {
      const sent = await sendTaskWrite<{ task: Task }>(owner(), { kind: "create", taskId: tempId, body: input, base: null });
      if (sent.queued) {
        toast().show(QUEUED_MESSAGE, "info");
        return true;
      }
      const { task } = sent.data;
      dispatch({ type: "replace-id", from: tempId, task });
      refresh();
      return true;
    } catch (error) {
      dispatch({ type: "remove", ids: [tempId] });
      toast().show(`Couldn't add the task. ${errorMessage(error)}`, "error");
      return false;
    }
  };

  const deleteTask = async (id: string) => {
    const state = getState();
    const task = state.byId[id];
    if (!task) return false;
    const index = state.listIds.indexOf(id);
    dispatch({ type: "remove", ids: [id] });
    track(id, 1);
    try {
      const sent = await sendTaskWrite<void>(owner(), { kind: "delete", taskId: id, base: task });
      track(id, -1);
      if (sent.queued) {
        toast().show(QUEUED_MESSAGE, "info");
        return true;
      }
      refresh();
      offerUndo(`Deleted “${task.title}”.`, sent.requestId);
      return true;
    } catch (error) {
      track(id, -1);
      dispatch({ type: "restore", task, index: Math.max(0, index) });
      toast().show(`Couldn't delete “${task.title}”. ${errorMessage(error)}`, "error");
      return false;
    }
  };

  /** Folds an agent tool's result into the store at once, then refetches the filtered list. */
  const applyToolOutput = (toolName: string, output: unknown) => {
    if (typeof output === "object" && output !== null && (output as { ok?: unknown }).ok === true) {
      const o = output as Record<string, unknown>;
      const upserts = [...(isTask(o.task) ? [o.task] : []), ...tasksIn(o.tasks)];
      if (upserts.length) {
        const tasks = upserts.filter((t) => !inFlight.has(t.id));
        dispatch({ type: "upsert", tasks, prependToList: toolName === "add_task" && getState().filters.status !== "completed" });
      }
      const removed = [...(isTask(o.deleted) ? [o.deleted] : []), ...tasksIn(o.deleted)];
      if (removed.length) dispatch({ type: "remove", ids: removed.map((t) => t.id) });
      if (toolName === "undo_last_turn" && Array.isArray(o.changes)) {
        void applyUndoResult({ changes: o.changes as UndoResult["changes"] });
        return;
      }
    }
    if (toolName !== "list_tasks") refresh();
  };

  const createList = async (name: string) => {
    try {
      const { list } = await apiFetch<{ list: TaskList }>("/api/lists", { method: "POST", json: { name } });
      void fetchLists();
      return list;
    } catch (error) {
      toast().show(`Couldn't create the list. ${errorMessage(error)}`, "error");
      return null;
    }
  };

  const renameList = async (id: string, name: string) => {
    try {
      await apiFetch(`/api/lists/${encodeURIComponent(id)}`, { method: "PATCH", json: { name } });
      refresh();
      return true;
    } catch (error) {
      toast().show(`Couldn't rename the list. ${errorMessage(error)}`, "error");
      return false;
    }
  };

  const deleteList = async (id: string) => {
    const list = getState().lists.find((l) => l.id === id);
    try {
      const { requestId } = await apiSend<void>(`/api/lists/${encodeURIComponent(id)}`, { method: "DELETE" });
      const { filters } = getState();
      if (filters.list === id) dispatch({ type: "filters", filters: { ...filters, list: "" } });
      refresh();
      const message = list ? `Deleted the list “${list.name}”; its tasks are in the Inbox.` : "Deleted the list.";
      // Undo puts the moved tasks back, which brings the list back with them (an empty list has nothing to undo).
      if (list && list.taskCount > 0) offerUndo(message, requestId);
      else toast().show(message, "success");
      return true;
    } catch (error) {
      toast().show(`Couldn't delete the list. ${errorMessage(error)}`, "error");
      refresh();
      return false;
    }
  };

  return {
    fetchList,
    fetchLists,
    setFilters: (filters) => dispatch({ type: "filters", filters }),
    refresh,
    showMore: () => dispatch({ type: "more" }),
    createTask,
    updateTask,
    toggleTask,
    ensureTask,
    deleteTask,
    applyToolOutput,
    createList,
    renameList,
    deleteList,
    settleCreated: (tempId, task) => dispatch({ type: "replace-id", from: tempId, task }),
    undo,
    sync: (next) => {
      live = next;
    },
  };
}
