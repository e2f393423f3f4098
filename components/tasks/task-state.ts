/**
 * The task store's state and the one pure function that changes it: `reducer(state, action)`.
 * No React, no requests: the provider (task-store.tsx) holds the state, the actions
 * (task-actions.ts) decide what to dispatch.
 */
import { DEFAULT_FILTERS, type Task, type TaskFilters, type TaskList } from "@/lib/ui/types";

export type TaskState = {
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

export type TaskAction =
  /** A fetch of the filtered list started. */
  | { type: "loading" }
  /** The filtered list arrived; tasks in `keep` (changes still in flight or queued offline) stay as they are. */
  | { type: "loaded"; tasks: Task[]; hasMore: boolean; keep: ReadonlySet<string> }
  | { type: "failed"; message: string }
  /** Tasks become known (or change); `prependToList` puts the new ones at the top of the panel. */
  | { type: "upsert"; tasks: Task[]; prependToList?: boolean }
  | { type: "remove"; ids: string[] }
  /** A removed task comes back at its place (a delete that failed). */
  | { type: "restore"; task: Task; index: number }
  /** A temporary task (`temp-…`) becomes the server's. */
  | { type: "replace-id"; from: string; task: Task }
  | { type: "filters"; filters: TaskFilters }
  | { type: "more" }
  | { type: "lists"; lists: TaskList[]; inboxCount: number };

/** The API's largest page (TASK_PAGE_MAX). */
export const PAGE = 100;

export const initialTaskState: TaskState = {
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
};

export function reducer(state: TaskState, action: TaskAction): TaskState {
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
