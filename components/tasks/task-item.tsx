"use client";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Task, TaskPriority } from "@/lib/ui/types";
import { toDateInputValue } from "@/lib/ui/dates";
import { useTaskStore } from "@/components/tasks/task-store";
import { DueLabel, PriorityBadge, TaskCheckbox } from "@/components/tasks/task-bits";
import { Button, fieldClass, inputClass } from "@/components/ui/button";
import { PencilIcon, TrashIcon } from "@/components/ui/icons";
import { useTimeZone } from "@/components/ui/time-zone";

export function TaskItem({ task }: { task: Task }) {
  const { toggleTask, deleteTask } = useTaskStore();
  const [mode, setMode] = useState<"view" | "edit" | "confirm-delete">("view");
  const saving = task.id.startsWith("temp-");
  const done = task.status === "completed";
  const editButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (mode === "confirm-delete") confirmButton.current?.focus();
  }, [mode]);

  if (mode === "edit") {
    return (
      <li data-testid="task-item" className="px-3 py-2">
        <TaskEditForm
          task={task}
          onDone={() => {
            setMode("view");
            requestAnimationFrame(() => editButton.current?.focus());
          }}
        />
      </li>
    );
  }

  return (
    <li
      data-testid="task-item"
      data-status={task.status}
      className={`group relative flex items-start gap-3 rounded-lg px-3 py-2.5 transition-colors hover:bg-zinc-50 dark:hover:bg-zinc-800/50 ${saving ? "opacity-60" : ""}`}
    >
      <span className="pt-0.5">
        <TaskCheckbox
          checked={done}
          disabled={saving}
          onChange={() => void toggleTask(task.id)}
          label={`${done ? "Reopen" : "Complete"} “${task.title}”`}
        />
      </span>
      <div className="min-w-0 flex-1">
        <p
          className={`text-sm leading-5 break-words ${done ? "text-zinc-500 line-through decoration-zinc-400/70 dark:text-zinc-400" : "text-zinc-900 dark:text-zinc-100"}`}
        >
          {task.title}
        </p>
        {(task.priority !== "medium" || task.dueAt) && (
          <div className="mt-1 flex flex-wrap items-center gap-2">
            {task.priority !== "medium" && <PriorityBadge priority={task.priority} />}
            <DueLabel dueAt={task.dueAt} status={task.status} />
          </div>
        )}
      </div>
      {mode === "confirm-delete" ? (
        <div className="flex shrink-0 items-center gap-1" role="group" aria-label={`Delete “${task.title}”?`}>
          <span className="mr-1 text-xs text-zinc-500 dark:text-zinc-400">Delete?</span>
          <Button ref={confirmButton} size="sm" variant="danger" className="h-7 px-2 text-xs" onClick={() => void deleteTask(task.id)}>
            Delete
          </Button>
          <Button size="sm" variant="ghost" className="h-7 px-2 text-xs" onClick={() => setMode("view")}>
            Keep
          </Button>
        </div>
      ) : (
        <div className="flex shrink-0 items-center gap-0.5 opacity-100 transition-opacity focus-within:opacity-100 sm:opacity-0 sm:group-hover:opacity-100">
          <Button ref={editButton} size="icon" variant="ghost" className="size-7" disabled={saving} onClick={() => setMode("edit")} aria-label={`Edit “${task.title}”`}>
            <PencilIcon className="size-3.5" />
          </Button>
          <Button size="icon" variant="ghost" className="size-7 hover:text-red-600 dark:hover:text-red-400" disabled={saving} onClick={() => setMode("confirm-delete")} aria-label={`Delete “${task.title}”`}>
            <TrashIcon className="size-3.5" />
          </Button>
        </div>
      )}
    </li>
  );
}

function TaskEditForm({ task, onDone }: { task: Task; onDone: () => void }) {
  const { updateTask } = useTaskStore();
  const timeZone = useTimeZone();
  const [title, setTitle] = useState(task.title);
  const [priority, setPriority] = useState<TaskPriority>(task.priority);
  const [due, setDue] = useState(toDateInputValue(task.dueAt, timeZone));
  const [error, setError] = useState<string | null>(null);
  const titleInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    titleInput.current?.select();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      setError("Title can't be empty");
      return;
    }
    const patch: Parameters<typeof updateTask>[1] = {};
    if (trimmed !== task.title) patch.title = trimmed;
    if (priority !== task.priority) patch.priority = priority;
    if (due !== toDateInputValue(task.dueAt, timeZone)) patch.dueAt = due || null;
    if (Object.keys(patch).length) void updateTask(task.id, patch);
    onDone();
  }

  return (
    <form
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          onDone();
        }
      }}
      className="space-y-2 rounded-lg border border-indigo-200 bg-indigo-50/40 p-2.5 dark:border-indigo-500/30 dark:bg-indigo-500/5"
      aria-label={`Edit “${task.title}”`}
    >
      <label className="sr-only" htmlFor={`title-${task.id}`}>Task title</label>
      <input
        ref={titleInput}
        id={`title-${task.id}`}
        value={title}
        maxLength={200}
        onChange={(e) => {
          setTitle(e.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `title-error-${task.id}` : undefined}
        className={inputClass}
      />
      {error && <p id={`title-error-${task.id}`} className="text-xs text-red-600 dark:text-red-400">{error}</p>}
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={`priority-${task.id}`}>Priority</label>
        <select id={`priority-${task.id}`} value={priority} onChange={(e) => setPriority(e.target.value as TaskPriority)} className={`${fieldClass} w-auto py-1.5`}>
          <option value="low">Low</option>
          <option value="medium">Medium</option>
          <option value="high">High</option>
        </select>
        <label className="sr-only" htmlFor={`due-${task.id}`}>Due date</label>
        <input id={`due-${task.id}`} type="date" value={due} onChange={(e) => setDue(e.target.value)} className={`${fieldClass} w-auto flex-1 py-1.5`} />
      </div>
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onDone}>Cancel</Button>
        <Button size="sm" variant="primary" type="submit">Save</Button>
      </div>
    </form>
  );
}
