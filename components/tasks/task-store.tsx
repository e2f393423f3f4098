"use client";
/**
 * One small client store for tasks, keyed by id, shared by the task panel and the chat's task
 * cards so a checkbox ticked in either place updates both. The state and its reducer are in
 * task-state.ts, what the store does (requests, optimistic updates, offline queue) in
 * task-actions.ts; this provider holds the state and fetches the list when the filters change.
 */
import { createContext, useContext, useEffect, useMemo, useReducer, useState, type ReactNode } from "react";
import type { Task } from "@/lib/ui/types";
import { useToast } from "@/components/ui/toast";
import { createTaskActions, type TaskActions } from "./task-actions";
import { initialTaskState, reducer, type TaskState } from "./task-state";

type Store = Omit<TaskActions, "fetchList" | "fetchLists" | "sync"> & { state: TaskState };

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

/** `owner`: the signed-in account (its e-mail); panel changes made offline are queued under it. */
export function TaskStoreProvider({ children, owner }: { children: ReactNode; owner?: string }) {
  const [state, dispatch] = useReducer(reducer, initialTaskState);
  const toast = useToast();
  const [actions] = useState(() => createTaskActions(dispatch, { state, toast, owner }));

  useEffect(() => {
    actions.sync({ state, toast, owner });
  }, [actions, state, toast, owner]);

  const { fetchList, fetchLists } = actions;

  useEffect(() => {
    void fetchList(state.filters, state.shown);
  }, [fetchList, state.filters, state.shown]);

  useEffect(() => {
    void fetchLists();
  }, [fetchLists]);

  const store = useMemo<Store>(() => ({ ...actions, state }), [actions, state]);

  return <TaskStoreContext.Provider value={store}>{children}</TaskStoreContext.Provider>;
}
