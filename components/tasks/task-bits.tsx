"use client";
/** Small presentational pieces shared by the task panel and the chat's task cards. */
import type { Task, TaskPriority } from "@/lib/ui/types";
import { describeDue, describeReminder } from "@/lib/ui/dates";
import { BellIcon, CalendarIcon, CheckIcon, RepeatIcon } from "@/components/ui/icons";
import { useTimeZone } from "@/components/ui/time-zone";

const priorityStyles: Record<TaskPriority, string> = {
  high: "bg-rose-50 text-rose-700 ring-rose-600/20 dark:bg-rose-500/10 dark:text-rose-300 dark:ring-rose-400/30",
  medium: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/30",
  low: "bg-zinc-50 text-zinc-600 ring-zinc-500/20 dark:bg-zinc-500/10 dark:text-zinc-400 dark:ring-zinc-400/30",
};

export function PriorityBadge({ priority }: { priority: TaskPriority }) {
  return (
    <span
      className={`inline-flex items-center rounded-md px-1.5 py-0.5 text-[11px] font-medium capitalize ring-1 ring-inset ${priorityStyles[priority]}`}
    >
      <span className="sr-only">Priority: </span>
      {priority}
    </span>
  );
}

const dueTones = {
  overdue: "text-red-600 dark:text-red-400",
  today: "text-accent-600 dark:text-accent-300",
  soon: "text-zinc-700 dark:text-zinc-300",
  later: "text-zinc-500 dark:text-zinc-400",
};

export function DueLabel({ dueAt, status }: { dueAt: string | null; status: "pending" | "completed" }) {
  const due = describeDue(dueAt, status, useTimeZone());
  if (!due) return null;
  return (
    <span className={`inline-flex items-center gap-1 text-xs ${dueTones[due.tone]}`} title={due.full}>
      <CalendarIcon className="size-3.5" />
      <span className="sr-only">Due </span>
      {due.label}
    </span>
  );
}

export function RepeatLabel({ task }: { task: Task }) {
  if (!task.recurrence) return null;
  return (
    <span
      data-testid="task-repeat"
      className="inline-flex items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400"
      title={`Repeats ${task.recurrence.text}`}
    >
      <RepeatIcon className="size-3.5" />
      <span className="sr-only">Repeats </span>
      {task.recurrence.text}
    </span>
  );
}

export function ReminderLabel({ task }: { task: Task }) {
  const timeZone = useTimeZone();
  if (!task.remindAt || task.status !== "pending") return null;
  const dismissed = Boolean(task.reminderDismissedAt);
  return (
    <span
      data-testid="task-reminder"
      className={`inline-flex items-center gap-1 text-xs ${dismissed ? "text-zinc-400 line-through dark:text-zinc-500" : "text-zinc-500 dark:text-zinc-400"}`}
    >
      <BellIcon className="size-3.5" />
      <span className="sr-only">Reminder </span>
      {describeReminder(task.remindAt, timeZone)}
    </span>
  );
}

/** A real checkbox (keyboard and screen-reader native), drawn as a round check. */
export function TaskCheckbox({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange: () => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <span className="relative inline-flex size-5 shrink-0 items-center justify-center">
      <input
        type="checkbox"
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        aria-label={label}
        className="peer size-5 cursor-pointer appearance-none rounded-full border-2 border-zinc-300 bg-white transition-colors checked:border-emerald-500 checked:bg-emerald-500 hover:border-emerald-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-600 dark:bg-zinc-900 dark:checked:border-emerald-500 dark:checked:bg-emerald-500"
      />
      <CheckIcon className="pointer-events-none absolute size-3 text-white opacity-0 peer-checked:opacity-100" strokeWidth={3} />
    </span>
  );
}

/** A label as a small chip; pressing it filters the panel by that label (pressing again clears it). */
export function LabelChip({ label, active, onClick }: { label: string; active: boolean; onClick?: () => void }) {
  const style = active
    ? "bg-accent-600 text-white ring-accent-600 dark:bg-accent-500 dark:ring-accent-500"
    : "bg-sky-50 text-sky-800 ring-sky-600/20 hover:bg-sky-100 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/30 dark:hover:bg-sky-500/20";
  if (!onClick)
    return (
      <span className={`inline-flex items-center rounded-md px-1.5 py-0.5 text-[11px] font-medium ring-1 ring-inset ${style}`}>
        #{label}
      </span>
    );
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={active}
      aria-label={active ? `Stop filtering by label ${label}` : `Show tasks labelled ${label}`}
      className={`inline-flex items-center rounded-md px-1.5 py-0.5 text-[11px] font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-accent-500 ${style}`}
    >
      #{label}
    </button>
  );
}

/** A parent's progress, "2/3", read as "2 of 3 subtasks done". */
export function SubtaskProgress({ done, total }: { done: number; total: number }) {
  const complete = done === total;
  return (
    <span
      data-testid="subtask-progress"
      className={`inline-flex items-center gap-1 text-xs tabular-nums ${complete ? "text-emerald-700 dark:text-emerald-400" : "text-zinc-500 dark:text-zinc-400"}`}
    >
      <CheckIcon className="size-3.5" />
      <span aria-hidden="true">
        {done}/{total}
      </span>
      <span className="sr-only">
        {done} of {total} subtasks done
      </span>
    </span>
  );
}
