"use client";
import { useEffect, useState } from "react";
import type { DueFilterValue, StatusFilter, TaskFilters, TaskPriority } from "@/lib/ui/types";
import { useTaskStore } from "@/components/tasks/task-store";
import { inputClass } from "@/components/ui/button";
import { SearchIcon, XIcon } from "@/components/ui/icons";

const statuses: { value: StatusFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "pending", label: "To do" },
  { value: "completed", label: "Done" },
];

export function TaskFiltersBar() {
  const { state, setFilters } = useTaskStore();
  const filters = state.filters;
  const [q, setQ] = useState(filters.q);

  useEffect(() => {
    if (q === filters.q) return;
    const timer = window.setTimeout(() => setFilters({ ...filters, q }), 250);
    return () => window.clearTimeout(timer);
  }, [q, filters, setFilters]);

  const set = (patch: Partial<TaskFilters>) => setFilters({ ...filters, ...patch });

  return (
    <div className="space-y-2">
      <div role="group" aria-label="Status" className="grid grid-cols-3 rounded-lg bg-zinc-100 p-0.5 text-xs font-medium dark:bg-zinc-800">
        {statuses.map((s) => {
          const active = filters.status === s.value;
          return (
            <button
              key={s.value}
              type="button"
              aria-pressed={active}
              onClick={() => set({ status: s.value })}
              className={`rounded-md px-2 py-1.5 transition-colors focus-visible:outline-2 focus-visible:outline-accent-500 ${
                active
                  ? "bg-white text-zinc-900 shadow-sm dark:bg-zinc-950 dark:text-zinc-100"
                  : "text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
              }`}
            >
              {s.label}
            </button>
          );
        })}
      </div>
      <div className="flex gap-2">
        <label htmlFor="filter-due" className="sr-only">
          Due
        </label>
        <select
          id="filter-due"
          value={filters.due}
          onChange={(e) => set({ due: e.target.value as DueFilterValue })}
          className={`${inputClass} py-1.5 text-xs`}
        >
          <option value="">Any date</option>
          <option value="today">Due today</option>
          <option value="overdue">Overdue</option>
          <option value="upcoming">Upcoming</option>
        </select>
        <label htmlFor="filter-priority" className="sr-only">
          Priority
        </label>
        <select
          id="filter-priority"
          value={filters.priority}
          onChange={(e) => set({ priority: e.target.value as "" | TaskPriority })}
          className={`${inputClass} py-1.5 text-xs`}
        >
          <option value="">Any priority</option>
          <option value="high">High</option>
          <option value="medium">Medium</option>
          <option value="low">Low</option>
        </select>
      </div>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-zinc-400" />
        <label htmlFor="filter-q" className="sr-only">
          Search tasks
        </label>
        <input
          id="filter-q"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Search tasks"
          className={`${inputClass} py-1.5 pl-8 text-xs`}
        />
      </div>
      {filters.label && (
        <p className="flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
          Labelled <span className="font-medium text-zinc-900 dark:text-zinc-100">#{filters.label}</span>
          <button
            type="button"
            onClick={() => set({ label: "" })}
            aria-label={`Stop filtering by label ${filters.label}`}
            className="rounded p-0.5 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-accent-500 dark:hover:bg-zinc-800"
          >
            <XIcon className="size-3.5" />
          </button>
        </p>
      )}
    </div>
  );
}
