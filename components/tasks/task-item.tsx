"use client";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Task, TaskPriority } from "@/lib/ui/types";
import { localDayOf, toDateInputValue, toDateTimeInputValue } from "@/lib/ui/dates";
import { extractLabels, normalizeLabel } from "@/lib/tasks/labels";
import { useTaskStore } from "@/components/tasks/task-store";
import { TASK_DRAG_TYPE } from "@/components/tasks/list-switcher";
import {
  DueLabel,
  LabelChip,
  PriorityBadge,
  ReminderLabel,
  RepeatLabel,
  SubtaskProgress,
  TaskCheckbox,
} from "@/components/tasks/task-bits";
import { Button, fieldClass, inputClass } from "@/components/ui/button";
import { BellIcon, PencilIcon, PlusIcon, RepeatIcon, TrashIcon } from "@/components/ui/icons";
import { useTimeZone } from "@/components/ui/time-zone";

/** One task row; a subtask (`parent` given) is indented under its parent. */
export function TaskItem({ task, parent }: { task: Task; parent?: Task }) {
  const { state, toggleTask, deleteTask, setFilters, createTask } = useTaskStore();
  const [mode, setMode] = useState<"view" | "edit" | "confirm-delete">("view");
  const [addingStep, setAddingStep] = useState(false);
  const saving = task.id.startsWith("temp-");
  const done = task.status === "completed";
  const editButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (mode === "confirm-delete") confirmButton.current?.focus();
  }, [mode]);

  if (mode === "edit") {
    return (
      <li data-testid="task-item" className={`px-3 py-2 ${parent ? "ml-8" : ""}`}>
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

  const showList = !state.filters.list && task.list && !parent;
  const subtaskCount = task.subtasks?.total ?? 0;
  return (
    <>
      <li
        data-testid="task-item"
        data-status={task.status}
        data-subtask={parent ? "true" : undefined}
        draggable={!saving && !parent}
        onDragStart={(e) => {
          e.dataTransfer.setData(TASK_DRAG_TYPE, task.id);
          e.dataTransfer.setData("text/plain", task.title);
          e.dataTransfer.effectAllowed = "move";
        }}
        className={`group relative flex items-start gap-3 rounded-lg px-3 py-2.5 transition-colors hover:bg-zinc-50 dark:hover:bg-zinc-800/50 ${parent ? "ml-8 border-l-2 border-zinc-200 dark:border-zinc-800" : ""} ${saving ? "opacity-60" : ""}`}
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
          {parent && <span className="sr-only">Subtask of “{parent.title}”</span>}
          {(task.priority !== "medium" ||
            task.dueAt ||
            task.recurrence ||
            task.remindAt ||
            (task.labels ?? []).length > 0 ||
            showList ||
            task.subtasks) && (
            <div className="mt-1 flex flex-wrap items-center gap-2">
              {task.subtasks && <SubtaskProgress done={task.subtasks.done} total={task.subtasks.total} />}
              {task.priority !== "medium" && <PriorityBadge priority={task.priority} />}
              <DueLabel dueAt={task.dueAt} status={task.status} />
              <RepeatLabel task={task} />
              <ReminderLabel task={task} />
              {showList && (
                <span className="text-xs text-zinc-500 dark:text-zinc-400">
                  <span className="sr-only">List: </span>
                  {task.list?.name}
                </span>
              )}
              {(task.labels ?? []).map((label) => (
                <LabelChip
                  key={label}
                  label={label}
                  active={state.filters.label === label}
                  onClick={() => setFilters({ ...state.filters, label: state.filters.label === label ? "" : label })}
                />
              ))}
            </div>
          )}
        </div>
        {mode === "confirm-delete" ? (
          <div className="flex shrink-0 items-center gap-1" role="group" aria-label={`Delete “${task.title}”?`}>
            <span className="mr-1 text-xs text-zinc-500 dark:text-zinc-400">
              {subtaskCount ? `Delete with its ${subtaskCount} subtask${subtaskCount === 1 ? "" : "s"}?` : "Delete?"}
            </span>
            <Button ref={confirmButton} size="sm" variant="danger" className="h-7 px-2 text-xs" onClick={() => void deleteTask(task.id)}>
              Delete
            </Button>
            <Button size="sm" variant="ghost" className="h-7 px-2 text-xs" onClick={() => setMode("view")}>
              Keep
            </Button>
          </div>
        ) : (
          <div className="flex shrink-0 items-center gap-0.5 opacity-100 transition-opacity focus-within:opacity-100 sm:opacity-0 sm:group-hover:opacity-100">
            <Button
              ref={editButton}
              size="icon"
              variant="ghost"
              className="size-7"
              disabled={saving}
              onClick={() => setMode("edit")}
              aria-label={`Edit “${task.title}”`}
            >
              <PencilIcon className="size-3.5" />
            </Button>
            {!parent && (
              <Button
                size="icon"
                variant="ghost"
                className="size-7"
                disabled={saving}
                onClick={() => setAddingStep(true)}
                aria-label={`Add a subtask to “${task.title}”`}
                aria-expanded={addingStep}
              >
                <PlusIcon className="size-3.5" />
              </Button>
            )}
            <Button
              size="icon"
              variant="ghost"
              className="size-7 hover:text-red-600 dark:hover:text-red-400"
              disabled={saving}
              onClick={() => setMode("confirm-delete")}
              aria-label={`Delete “${task.title}”`}
            >
              <TrashIcon className="size-3.5" />
            </Button>
          </div>
        )}
      </li>
      {addingStep && (
        <li className="ml-8 px-3 py-1.5">
          <SubtaskForm parent={task} onAdd={(title) => void createTask({ title, parentId: task.id })} onDone={() => setAddingStep(false)} />
        </li>
      )}
    </>
  );
}

function SubtaskForm({ parent, onAdd, onDone }: { parent: Task; onAdd: (title: string) => void; onDone: () => void }) {
  const [title, setTitle] = useState("");
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <form
      aria-label={`Add a subtask to “${parent.title}”`}
      className="flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const trimmed = title.trim();
        if (!trimmed) return;
        onAdd(trimmed);
        setTitle("");
        input.current?.focus();
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          onDone();
        }
      }}
    >
      <label htmlFor={`subtask-${parent.id}`} className="sr-only">
        New subtask of “{parent.title}”
      </label>
      <input
        ref={input}
        id={`subtask-${parent.id}`}
        value={title}
        maxLength={200}
        onChange={(e) => setTitle(e.target.value)}
        placeholder="Add a step…"
        autoComplete="off"
        className={`${inputClass} py-1.5 text-xs`}
      />
      <Button size="sm" variant="primary" type="submit" className="h-8 text-xs">
        Add
      </Button>
      <Button size="sm" variant="ghost" className="h-8 text-xs" onClick={onDone}>
        Done
      </Button>
    </form>
  );
}

const WEEKDAY_CODES = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];
const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${s}`;
}

/** The repeat choices the editor offers, built around the task's due day. */
function repeatChoices(task: Task, due: string, timeZone: string | undefined): { rule: string; label: string }[] {
  const day = localDayOf(due ? `${due}T12:00:00Z` : task.dueAt, due ? "UTC" : timeZone);
  const choices = [
    { rule: "", label: "Doesn't repeat" },
    { rule: "FREQ=DAILY", label: "Every day" },
    { rule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", label: "Every weekday" },
    { rule: `FREQ=WEEKLY;BYDAY=${WEEKDAY_CODES[day.weekday]}`, label: `Every ${WEEKDAY_NAMES[day.weekday]}` },
    { rule: `FREQ=WEEKLY;INTERVAL=2;BYDAY=${WEEKDAY_CODES[day.weekday]}`, label: `Every 2 weeks on ${WEEKDAY_NAMES[day.weekday]}` },
    { rule: `FREQ=MONTHLY;BYMONTHDAY=${day.day}`, label: `Monthly on the ${ordinal(day.day)}` },
    { rule: "FREQ=MONTHLY;BYMONTHDAY=-1", label: "Monthly on the last day" },
    { rule: "FREQ=YEARLY", label: "Every year" },
  ];
  if (task.recurrence && !choices.some((c) => c.rule === task.recurrence!.rule))
    choices.push({ rule: task.recurrence.rule, label: task.recurrence.text });
  return choices;
}

function TaskEditForm({ task, onDone }: { task: Task; onDone: () => void }) {
  const { state, updateTask } = useTaskStore();
  const [listId, setListId] = useState(task.list?.id ?? "");
  const [labels, setLabels] = useState((task.labels ?? []).join(", "));
  const timeZone = useTimeZone();
  const [title, setTitle] = useState(task.title);
  const [priority, setPriority] = useState<TaskPriority>(task.priority);
  const [due, setDue] = useState(toDateInputValue(task.dueAt, timeZone));
  const [repeat, setRepeat] = useState(task.recurrence?.rule ?? "");
  const [remind, setRemind] = useState(toDateTimeInputValue(task.remindAt, timeZone));
  const [error, setError] = useState<string | null>(null);
  const titleInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    titleInput.current?.select();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    // "#errands" typed in the title becomes a label, like everywhere else.
    const typed = extractLabels(title);
    const trimmed = typed.text.trim() || title.trim();
    if (!trimmed) {
      setError("Title can't be empty");
      return;
    }
    const words = labels.split(/[\s,]+/).filter(Boolean);
    const bad = words.find((w) => normalizeLabel(w) === null);
    if (bad) {
      setError(`“${bad}” is not a label: one word of at most 40 characters`);
      return;
    }
    const nextLabels = [...new Set([...words.map((w) => normalizeLabel(w) as string), ...typed.labels])];
    if (nextLabels.length > 20) {
      setError("At most 20 labels");
      return;
    }
    const patch: Parameters<typeof updateTask>[1] = {};
    if (trimmed !== task.title) patch.title = trimmed;
    if (nextLabels.join(",") !== (task.labels ?? []).join(",")) patch.labels = nextLabels;
    if (!task.parentId && listId !== (task.list?.id ?? "")) patch.listId = listId || null;
    if (priority !== task.priority) patch.priority = priority;
    if (due !== toDateInputValue(task.dueAt, timeZone)) patch.dueAt = due || null;
    if (repeat !== (task.recurrence?.rule ?? "")) patch.recurrence = repeat || null;
    if (remind !== toDateTimeInputValue(task.remindAt, timeZone)) patch.remindAt = remind || null;
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
      className="space-y-2 rounded-lg border border-accent-200 bg-accent-50/40 p-2.5 dark:border-accent-500/30 dark:bg-accent-500/5"
      aria-label={`Edit “${task.title}”`}
    >
      <label className="sr-only" htmlFor={`title-${task.id}`}>
        Task title
      </label>
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
      {error && (
        <p id={`title-error-${task.id}`} className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={`priority-${task.id}`}>
          Priority
        </label>
        <select
          id={`priority-${task.id}`}
          value={priority}
          onChange={(e) => setPriority(e.target.value as TaskPriority)}
          className={`${fieldClass} w-auto py-1.5`}
        >
          <option value="low">Low</option>
          <option value="medium">Medium</option>
          <option value="high">High</option>
        </select>
        <label className="sr-only" htmlFor={`due-${task.id}`}>
          Due date
        </label>
        <input
          id={`due-${task.id}`}
          type="date"
          value={due}
          onChange={(e) => setDue(e.target.value)}
          className={`${fieldClass} w-auto flex-1 py-1.5`}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {!task.parentId && (
          <>
            <label className="sr-only" htmlFor={`list-${task.id}`}>
              List
            </label>
            <select
              id={`list-${task.id}`}
              value={listId}
              onChange={(e) => setListId(e.target.value)}
              className={`${fieldClass} w-auto max-w-40 py-1.5`}
            >
              <option value="">Inbox</option>
              {state.lists.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </>
        )}
        <label className="sr-only" htmlFor={`labels-${task.id}`}>
          Labels
        </label>
        <input
          id={`labels-${task.id}`}
          value={labels}
          onChange={(e) => {
            setLabels(e.target.value);
            setError(null);
          }}
          placeholder="Labels, e.g. errands, home"
          autoComplete="off"
          className={`${fieldClass} w-auto min-w-0 flex-1 py-1.5`}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="inline-flex items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400" htmlFor={`repeat-${task.id}`}>
          <RepeatIcon className="size-3.5" />
          <span className="sr-only">Repeat</span>
        </label>
        <select
          id={`repeat-${task.id}`}
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          className={`${fieldClass} w-auto flex-1 py-1.5`}
        >
          {repeatChoices(task, due, timeZone).map((c) => (
            <option key={c.rule} value={c.rule}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="inline-flex items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400" htmlFor={`remind-${task.id}`}>
          <BellIcon className="size-3.5" />
          <span className="sr-only">Remind me at</span>
        </label>
        <input
          id={`remind-${task.id}`}
          type="datetime-local"
          value={remind}
          onChange={(e) => setRemind(e.target.value)}
          className={`${fieldClass} w-auto flex-1 py-1.5`}
        />
        {remind && (
          <Button size="sm" variant="ghost" className="h-7 px-2 text-xs" onClick={() => setRemind("")}>
            No reminder
          </Button>
        )}
      </div>
      <div className="flex justify-end gap-2">
        {task.recurrence && task.status === "pending" && (
          <Button
            size="sm"
            variant="ghost"
            className="mr-auto"
            onClick={() => {
              void updateTask(task.id, { skipOccurrence: true });
              onDone();
            }}
          >
            Skip this one
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button size="sm" variant="primary" type="submit">
          Save
        </Button>
      </div>
    </form>
  );
}
