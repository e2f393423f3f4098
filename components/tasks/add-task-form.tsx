"use client";
import { useRef, useState, type FormEvent } from "react";
import type { TaskPriority } from "@/lib/ui/types";
import { useTaskStore } from "@/components/tasks/task-store";
import { extractLabels } from "@/lib/tasks/labels";
import { Button, fieldClass, inputClass } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";

export function AddTaskForm() {
  const { state, createTask } = useTaskStore();
  const [title, setTitle] = useState("");
  const [priority, setPriority] = useState<"" | TaskPriority>("");
  const [due, setDue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const titleInput = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    // "#errands" in the title becomes a label; a task added while a list is shown goes into it.
    const typed = extractLabels(title);
    const trimmed = typed.text.trim() || title.trim();
    if (!trimmed) {
      setError("Give the task a title");
      titleInput.current?.focus();
      return;
    }
    const list = state.filters.list && state.filters.list !== "inbox" ? state.filters.list : null;
    const labels = [...new Set([...typed.labels, ...(state.filters.label ? [state.filters.label] : [])])];
    void createTask({
      title: trimmed,
      ...(priority ? { priority } : {}),
      ...(due ? { dueAt: due } : {}),
      ...(list ? { listId: list } : {}),
      ...(labels.length ? { labels } : {}),
    });
    setTitle("");
    setPriority("");
    setDue("");
    setError(null);
    titleInput.current?.focus();
  }

  return (
    <form onSubmit={submit} aria-label="Add a task" className="space-y-2">
      <div className="flex gap-2">
        <label htmlFor="new-task-title" className="sr-only">New task title</label>
        <input
          ref={titleInput}
          id="new-task-title"
          data-testid="new-task-title"
          value={title}
          maxLength={200}
          onChange={(e) => {
            setTitle(e.target.value);
            setError(null);
          }}
          placeholder="Add a task…"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "new-task-error" : undefined}
          className={inputClass}
        />
        <Button type="submit" variant="primary" size="icon" className="size-9 shrink-0" aria-label="Add task">
          <PlusIcon className="size-4" />
        </Button>
      </div>
      {error && <p id="new-task-error" className="text-xs text-red-600 dark:text-red-400">{error}</p>}
      <div className="flex gap-2">
        <label htmlFor="new-task-priority" className="sr-only">Priority</label>
        <select
          id="new-task-priority"
          value={priority}
          onChange={(e) => setPriority(e.target.value as "" | TaskPriority)}
          className={`${fieldClass} w-auto py-1.5 text-xs`}
        >
          <option value="">Priority</option>
          <option value="low">Low</option>
          <option value="medium">Medium</option>
          <option value="high">High</option>
        </select>
        <label htmlFor="new-task-due" className="sr-only">Due date</label>
        <input id="new-task-due" type="date" value={due} onChange={(e) => setDue(e.target.value)} className={`${fieldClass} min-w-0 flex-1 py-1.5 text-xs`} />
      </div>
    </form>
  );
}
