"use client";
/**
 * One small client store for tasks, keyed by id, shared by the task panel and the chat's task
 * cards so a checkbox ticked in either place updates both. Mutations are optimistic and roll
 * back on failure; every mutation and every agent tool result triggers a refetch of the panel's
 * filtered list (the server decides what matches a filter). Responses that arrive out of order
 * are dropped, and a refetch never overwrites a task whose own mutation is still in flight.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from "react";
import { describeUndo } from "@/lib/activity/describe";
import type { UndoResult } from "@/lib/activity/schema";
import { ApiError, apiFetch, apiSend, errorMessage } from "@/lib/ui/api";
import { offlineQueue, sendTaskWrite } from "@/lib/ui/offline-writes";
import { DEFAULT_FILTERS, type Task, type TaskFilters, type TaskList, type TaskPriority } from "@/lib/ui/types";
import { useToast } from "@/components/ui/toast";

type State = {
  byId: Record<string, Task>;
  deleted: Record<string, true>;
  listIds: string[];
  filters: TaskFilters;
  status: "idle" | "loading" | "ready" | "error";
  error: string | null;
  hasMore: boolean;
  /** How many tasks the panel lists: one page, and one more each time "Show more" is pressed. */
  shown: number;
  /** The user's lists with their pending counts, and the Inbox's. */
  lists: TaskList[];
  inboxCount: number;
};

type Action =
  | { type: "loading" }
  | { type: "loaded"; tasks: Task[]; hasMore: boolean; keep: ReadonlySet<string> }
  | { type: "failed"; message: string }
  | { type: "upsert"; tasks: Task[]; prependToList?: boolean }
  | { type: "remove"; ids: string[] }
  | { type: "restore"; task: Task; index: number }
  | { type: "replace-id"; from: string; task: Task }
  | { type: "filters"; filters: TaskFilters }
  | { type: "more" }
  | { type: "lists"; lists: TaskList[]; inboxCount: number };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "loading":
      return { ...state, status: state.status === "ready" ? "ready" : "loading" };
    case "loaded": {
      const byId = { ...state.byId };
      for (const task of action.tasks) if (!action.keep.has(task.id)) byId[task.id] = task;
      const pendingNew = state.listIds.filter((id) => id.startsWith("temp-"));
      return {
        ...state,
        byId,
        listIds: [...pendingNew, ...action.tasks.map((t) => t.id)],
        status: "ready",
        error: null,
        hasMore: action.hasMore,
      };
    }
    case "failed":
      return { ...state, status: state.status === "ready" ? "ready" : "error", error: action.message };
    case "upsert": {
      const byId = { ...state.byId };
      const deleted = { ...state.deleted };
      for (const task of action.tasks) {
        byId[task.id] = task;
        delete deleted[task.id];
      }
      const fresh = action.tasks.map((t) => t.id).filter((id) => !state.listIds.includes(id));
      const listIds = action.prependToList ? [...fresh, ...state.listIds] : state.listIds;
      return { ...state, byId, deleted, listIds };
    }
    case "remove": {
      const deleted = { ...state.deleted };
      for (const id of action.ids) deleted[id] = true;
      return { ...state, deleted, listIds: state.listIds.filter((id) => !action.ids.includes(id)) };
    }
    case "restore": {
      const deleted = { ...state.deleted };
      delete deleted[action.task.id];
      const listIds = [...state.listIds];
      if (!listIds.includes(action.task.id)) listIds.splice(Math.min(action.index, listIds.length), 0, action.task.id);
      return { ...state, deleted, listIds, byId: { ...state.byId, [action.task.id]: action.task } };
    }
    case "replace-id": {
      const byId = { ...state.byId, [action.task.id]: action.task };
      delete byId[action.from];
      return { ...state, byId, listIds: state.listIds.map((id) => (id === action.from ? action.task.id : id)) };
    }
    case "filters":
      return { ...state, filters: action.filters, shown: PAGE };
    case "more":
      return state.hasMore ? { ...state, shown: state.shown + PAGE } : state;
    case "lists":
      return { ...state, lists: action.lists, inboxCount: action.inboxCount };
  }
}

export type NewTaskInput = {
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
export type TaskPatch = Partial<Pick<Task, "title" | "priority" | "status" | "description" | "labels">> & {
  dueAt?: string | null;
  /** An RRULE (FREQ=…), or null to stop repeating. */
  recurrence?: string | null;
  /** A local date-time (YYYY-MM-DDTHH:MM, the user's zone) or ISO instant, or null to remove the reminder. */
  remindAt?: string | null;
  skipOccurrence?: true;
  /** A list id, or null for the Inbox. */
  listId?: string | null;
};

type Store = {
  state: State;
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
};

const TaskStoreContext = createContext<Store | null>(null);

export function useTaskStore(): Store {
  const store = useContext(TaskStoreContext);
  if (!store) throw new Error("useTaskStore must be used inside <TaskStoreProvider>");
  return store;
}

/** The live version of a task (or the given snapshot while the store has not seen it). */
export function useLiveTask(snapshot: Task): { task: Task; deleted: boolean } {
  const { state } = useTaskStore();
  return { task: state.byId[snapshot.id] ?? snapshot, deleted: Boolean(state.deleted[snapshot.id]) };
}

function isTask(value: unknown): value is Task {
  return typeof value === "object" && value !== null && typeof (value as Task).id === "string" && typeof (value as Task).title === "string";
}

function tasksIn(value: unknown): Task[] {
  return Array.isArray(value) ? value.filter(isTask) : [];
}

/** The API's largest page (TASK_PAGE_MAX). */
const PAGE = 100;

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

/** `owner`: the signed-in account (its e-mail); panel changes made offline are queued under it. */
export function TaskStoreProvider({ children, owner }: { children: ReactNode; owner?: string }) {
  const [state, dispatch] = useReducer(reducer, {
    byId: {},
    deleted: {},
    listIds: [],
    filters: DEFAULT_FILTERS,
    status: "idle",
    error: null,
    hasMore: false,
    shown: PAGE,
    lists: [],
    inboxCount: 0,
  });
  const toast = useToast();
  const stateRef = useRef(state);
  const sequence = useRef(0);
  const inFlight = useRef(new Map<string, number>());
  const refreshFrame = useRef<number | null>(null);

  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  /** The first `shown` tasks of the filtered list, a page at a time (one request for most people). */
  const fetchList = useCallback(async (filters: TaskFilters, shown: number) => {
    const mine = ++sequence.current;
    dispatch({ type: "loading" });
    try {
      const tasks: Task[] = [];
      let cursor: string | null = null;
      do {
        const data: { tasks: Task[]; nextCursor: string | null } = await apiFetch(`/api/tasks?${buildQuery(filters, cursor)}`);
        if (mine !== sequence.current) return;
        tasks.push(...tasksIn(data.tasks));
        cursor = data.nextCursor;
      } while (cursor && tasks.length < shown);
      // Changes waiting offline stay as the person made them (the list may come from the offline cache).
      dispatch({ type: "loaded", tasks, hasMore: Boolean(cursor), keep: new Set([...inFlight.current.keys(), ...offlineQueue.ids()]) });
    } catch (error) {
      if (mine === sequence.current) dispatch({ type: "failed", message: errorMessage(error) });
    }
  }, []);

  const listsSequence = useRef(0);
  const fetchLists = useCallback(async () => {
    const mine = ++listsSequence.current;
    try {
      const data = await apiFetch<{ lists: TaskList[]; inbox: { taskCount: number } }>("/api/lists");
      if (mine === listsSequence.current) dispatch({ type: "lists", lists: data.lists, inboxCount: data.inbox.taskCount });
    } catch {
      // The switcher keeps what it showed; the next change refetches.
    }
  }, []);

  /** Coalesces bursts of changes (several tool results in one chunk) into one request per frame. */
  const refresh = useCallback(() => {
    if (refreshFrame.current !== null) return;
    refreshFrame.current = requestAnimationFrame(() => {
      refreshFrame.current = null;
      void fetchList(stateRef.current.filters, stateRef.current.shown);
      void fetchLists();
    });
  }, [fetchList, fetchLists]);

  useEffect(() => {
    void fetchList(state.filters, state.shown);
  }, [fetchList, state.filters, state.shown]);

  useEffect(() => {
    void fetchLists();
  }, [fetchLists]);

  const setFilters = useCallback((filters: TaskFilters) => dispatch({ type: "filters", filters }), []);
  const showMore = useCallback(() => dispatch({ type: "more" }), []);

  const track = useCallback((id: string, delta: 1 | -1) => {
    const next = (inFlight.current.get(id) ?? 0) + delta;
    if (next <= 0) inFlight.current.delete(id);
    else inFlight.current.set(id, next);
  }, []);

  /** Folds an undo's result into the store: removed tasks go, tasks put back are refetched by id. */
  const applyUndoResult = useCallback(
    async (result: Pick<UndoResult, "changes">) => {
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
    },
    [refresh],
  );

  const undo = useCallback(
    async (requestId: string) => {
      try {
        const result = await apiFetch<UndoResult>("/api/undo", { method: "POST", json: { requestId } });
        await applyUndoResult(result);
        return result;
      } catch (error) {
        toast.show(`Couldn't undo. ${errorMessage(error)}`, "error");
        return null;
      }
    },
    [applyUndoResult, toast],
  );

  /** A success toast whose Undo reverts the change the server recorded under `requestId`. */
  const offerUndo = useCallback(
    (message: string, requestId: string | null) => {
      if (!requestId) {
        toast.show(message, "success");
        return;
      }
      toast.show(message, "success", {
        label: "Undo",
        onClick: () => {
          void undo(requestId).then((result) => {
            if (result) toast.show(describeUndo(result), result.skipped.length ? "info" : "success");
          });
        },
      });
    },
    [toast, undo],
  );

  const updateTask = useCallback(
    async (id: string, patch: TaskPatch, snapshot?: Task) => {
      const before = stateRef.current.byId[id] ?? snapshot;
      if (!before || stateRef.current.deleted[id]) return false;
      // The server works out repeat rules, reminders and the list's name; only the plain fields change at once.
      const { recurrence: _r, remindAt: _m, skipOccurrence: _s, listId, ...plain } = patch;
      void _r;
      void _m;
      void _s;
      const list =
        listId === undefined ? before.list : listId === null ? null : (stateRef.current.lists.find((l) => l.id === listId) ?? before.list);
      const optimistic: Task = {
        ...before,
        ...plain,
        list: list ? { id: list.id, name: list.name } : null,
        completedAt: patch.status === "completed" ? new Date().toISOString() : patch.status === "pending" ? null : before.completedAt,
      } as Task;
      dispatch({ type: "upsert", tasks: [optimistic] });
      track(id, 1);
      try {
        const sent = await sendTaskWrite<{ task: Task }>(owner, { kind: "update", taskId: id, body: patch, base: before });
        track(id, -1);
        if (sent.queued) {
          toast.show(QUEUED_MESSAGE, "info");
          return true;
        }
        const { data, requestId } = sent;
        const task = data.task;
        if (!inFlight.current.has(id)) dispatch({ type: "upsert", tasks: [task] });
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
          toast.show(`“${before.title}” no longer exists.`, "error");
        } else {
          if (!inFlight.current.has(id)) dispatch({ type: "upsert", tasks: [before] });
          toast.show(`Couldn't update “${before.title}”. ${errorMessage(error)}`, "error");
        }
        refresh();
        return false;
      }
    },
    [refresh, toast, track, offerUndo, owner],
  );

  const toggleTask = useCallback(
    (id: string, snapshot?: Task) => {
      const task = stateRef.current.byId[id] ?? snapshot;
      if (!task) return Promise.resolve(false);
      return updateTask(id, { status: task.status === "completed" ? "pending" : "completed" }, task);
    },
    [updateTask],
  );

  const requested = useRef(new Set<string>());
  const ensureTask = useCallback((id: string) => {
    if (stateRef.current.byId[id] || requested.current.has(id) || !/^[0-9a-f-]{36}$/i.test(id)) return;
    requested.current.add(id);
    apiFetch<{ task: Task }>(`/api/tasks/${encodeURIComponent(id)}`)
      .then(({ task }) => dispatch({ type: "upsert", tasks: [task] }))
      .catch(() => {});
  }, []);

  const createTask = useCallback(
    async (input: NewTaskInput) => {
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
        list: stateRef.current.lists.find((l) => l.id === input.listId) ?? null,
        labels: input.labels ?? [],
        parentId: input.parentId ?? null,
        subtasks: null,
      };
      dispatch({ type: "upsert", tasks: [temp], prependToList: true });
      try {
        const sent = await sendTaskWrite<{ task: Task }>(owner, { kind: "create", taskId: tempId, body: input, base: null });
        if (sent.queued) {
          toast.show(QUEUED_MESSAGE, "info");
          return true;
        }
        const { task } = sent.data;
        dispatch({ type: "replace-id", from: tempId, task });
        refresh();
        return true;
      } catch (error) {
        dispatch({ type: "remove", ids: [tempId] });
        toast.show(`Couldn't add the task. ${errorMessage(error)}`, "error");
        return false;
      }
    },
    [refresh, toast, owner],
  );

  const deleteTask = useCallback(
    async (id: string) => {
      const task = stateRef.current.byId[id];
      if (!task) return false;
      const index = stateRef.current.listIds.indexOf(id);
      dispatch({ type: "remove", ids: [id] });
      track(id, 1);
      try {
        const sent = await sendTaskWrite<void>(owner, { kind: "delete", taskId: id, base: task });
        track(id, -1);
        if (sent.queued) {
          toast.show(QUEUED_MESSAGE, "info");
          return true;
        }
        const { requestId } = sent;
        refresh();
        offerUndo(`Deleted “${task.title}”.`, requestId);
        return true;
      } catch (error) {
        track(id, -1);
        dispatch({ type: "restore", task, index: Math.max(0, index) });
        toast.show(`Couldn't delete “${task.title}”. ${errorMessage(error)}`, "error");
        return false;
      }
    },
    [refresh, toast, track, offerUndo, owner],
  );

  /** Folds an agent tool's result into the store at once, then refetches the filtered list. */
  const applyToolOutput = useCallback(
    (toolName: string, output: unknown) => {
      if (typeof output === "object" && output !== null && (output as { ok?: unknown }).ok === true) {
        const o = output as Record<string, unknown>;
        const upserts = [...(isTask(o.task) ? [o.task] : []), ...tasksIn(o.tasks)];
        if (upserts.length) {
          const tasks = upserts.filter((t) => !inFlight.current.has(t.id));
          dispatch({ type: "upsert", tasks, prependToList: toolName === "add_task" && stateRef.current.filters.status !== "completed" });
        }
        const removed = [...(isTask(o.deleted) ? [o.deleted] : []), ...tasksIn(o.deleted)];
        if (removed.length) dispatch({ type: "remove", ids: removed.map((t) => t.id) });
        if (toolName === "undo_last_turn" && Array.isArray(o.changes)) {
          void applyUndoResult({ changes: o.changes as UndoResult["changes"] });
          return;
        }
      }
      if (toolName !== "list_tasks") refresh();
    },
    [refresh, applyUndoResult],
  );

  const createList = useCallback(
    async (name: string) => {
      try {
        const { list } = await apiFetch<{ list: TaskList }>("/api/lists", { method: "POST", json: { name } });
        void fetchLists();
        return list;
      } catch (error) {
        toast.show(`Couldn't create the list. ${errorMessage(error)}`, "error");
        return null;
      }
    },
    [fetchLists, toast],
  );

  const renameList = useCallback(
    async (id: string, name: string) => {
      try {
        await apiFetch(`/api/lists/${encodeURIComponent(id)}`, { method: "PATCH", json: { name } });
        refresh();
        return true;
      } catch (error) {
        toast.show(`Couldn't rename the list. ${errorMessage(error)}`, "error");
        return false;
      }
    },
    [refresh, toast],
  );

  const deleteList = useCallback(
    async (id: string) => {
      const list = stateRef.current.lists.find((l) => l.id === id);
      try {
        const { requestId } = await apiSend<void>(`/api/lists/${encodeURIComponent(id)}`, { method: "DELETE" });
        if (stateRef.current.filters.list === id) dispatch({ type: "filters", filters: { ...stateRef.current.filters, list: "" } });
        refresh();
        const message = list ? `Deleted the list “${list.name}”; its tasks are in the Inbox.` : "Deleted the list.";
        // Undo puts the moved tasks back, which brings the list back with them (an empty list has nothing to undo).
        if (list && list.taskCount > 0) offerUndo(message, requestId);
        else toast.show(message, "success");
        return true;
      } catch (error) {
        toast.show(`Couldn't delete the list. ${errorMessage(error)}`, "error");
        refresh();
        return false;
      }
    },
    [refresh, toast, offerUndo],
  );

  const settleCreated = useCallback((tempId: string, task: Task) => dispatch({ type: "replace-id", from: tempId, task }), []);

  const store = useMemo<Store>(
    () => ({
      state,
      setFilters,
      refresh,
      showMore,
      createTask,
      updateTask,
      toggleTask,
      ensureTask,
      deleteTask,
      applyToolOutput,
      undo,
      createList,
      renameList,
      deleteList,
      settleCreated,
    }),
    [
      state,
      setFilters,
      refresh,
      showMore,
      createTask,
      updateTask,
      toggleTask,
      ensureTask,
      deleteTask,
      applyToolOutput,
      undo,
      createList,
      renameList,
      deleteList,
      settleCreated,
    ],
  );

  return <TaskStoreContext.Provider value={store}>{children}</TaskStoreContext.Provider>;
}
