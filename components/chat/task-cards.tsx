"use client";
/** Result cards for the agent's task tools. Checkboxes act through the shared task store. */
import type { ReactNode } from "react";
import type { Task } from "@/lib/ui/types";
import { useLiveTask, useTaskStore } from "@/components/tasks/task-store";
import {
  DueLabel,
  LabelChip,
  PriorityBadge,
  ReminderLabel,
  RepeatLabel,
  SubtaskProgress,
  TaskCheckbox,
} from "@/components/tasks/task-bits";
import { AlertIcon, CheckIcon, TrashIcon } from "@/components/ui/icons";

export function CardShell({
  title,
  tone = "default",
  children,
  testId,
}: {
  title?: ReactNode;
  tone?: "default" | "warn" | "error" | "muted";
  children?: ReactNode;
  testId?: string;
}) {
  const tones = {
    default: "border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900",
    warn: "border-amber-300 bg-amber-50/60 dark:border-amber-500/40 dark:bg-amber-500/5",
    error: "border-red-200 bg-red-50/60 dark:border-red-500/30 dark:bg-red-500/5",
    muted: "border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/60",
  };
  return (
    <div data-testid={testId} className={`my-2 max-w-md overflow-hidden rounded-xl border text-sm shadow-xs ${tones[tone]}`}>
      {title && <div className="border-b border-inherit px-3.5 py-2 text-xs font-medium text-zinc-500 dark:text-zinc-400">{title}</div>}
      {children}
    </div>
  );
}

export function LiveTaskRow({ snapshot }: { snapshot: Task }) {
  const { task, deleted } = useLiveTask(snapshot);
  const { toggleTask } = useTaskStore();
  const done = task.status === "completed";
  return (
    <li className="flex items-start gap-3 px-3.5 py-2.5" data-testid="card-task" data-status={deleted ? "deleted" : task.status}>
      <span className="pt-0.5">
        <TaskCheckbox
          checked={done}
          disabled={deleted}
          onChange={() => void toggleTask(task.id, task)}
          label={`${done ? "Reopen" : "Complete"} “${task.title}”`}
        />
      </span>
      <div className="min-w-0 flex-1">
        <p
          className={`break-words ${done || deleted ? "text-zinc-500 line-through dark:text-zinc-400" : "text-zinc-900 dark:text-zinc-100"}`}
        >
          {task.title}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-2 empty:hidden">
          {deleted ? (
            <span className="text-xs text-zinc-500">Deleted</span>
          ) : (
            <>
              <PriorityBadge priority={task.priority} />
              <DueLabel dueAt={task.dueAt} status={task.status} />
              <RepeatLabel task={task} />
              <ReminderLabel task={task} />
              {/* Results stored before lists, labels and subtasks existed carry none of them. */}
              {task.subtasks && <SubtaskProgress done={task.subtasks.done} total={task.subtasks.total} />}
              {task.list && (
                <span className="text-xs text-zinc-500 dark:text-zinc-400">
                  <span className="sr-only">List: </span>
                  {task.list.name}
                </span>
              )}
              {(task.labels ?? []).map((label) => (
                <LabelChip key={label} label={label} active={false} />
              ))}
            </>
          )}
        </div>
      </div>
    </li>
  );
}

export function TaskListCard({ title, tasks, footer }: { title: ReactNode; tasks: Task[]; footer?: ReactNode }) {
  return (
    <CardShell title={title} testId="task-card">
      {tasks.length === 0 ? (
        <p className="px-3.5 py-3 text-zinc-500 dark:text-zinc-400">No tasks here.</p>
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {tasks.map((t) => (
            <LiveTaskRow key={t.id} snapshot={t} />
          ))}
        </ul>
      )}
      {footer && (
        <p className="border-t border-zinc-100 px-3.5 py-2 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">{footer}</p>
      )}
    </CardShell>
  );
}

export function DeletedCard({ tasks, notFound = 0 }: { tasks: Task[]; notFound?: number }) {
  return (
    <CardShell
      testId="deleted-card"
      title={
        <span className="inline-flex items-center gap-1.5">
          <TrashIcon className="size-3.5" /> Deleted {tasks.length === 1 ? "1 task" : `${tasks.length} tasks`}
        </span>
      }
    >
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {tasks.map((t) => (
          <li key={t.id} className="px-3.5 py-2 break-words text-zinc-500 line-through dark:text-zinc-400">
            {t.title}
          </li>
        ))}
      </ul>
      {notFound > 0 && (
        <p className="border-t border-zinc-100 px-3.5 py-2 text-xs text-zinc-500 dark:border-zinc-800">{notFound} could not be found.</p>
      )}
    </CardShell>
  );
}

export function NoticeCard({ tone, children }: { tone: "error" | "muted" | "success"; children: ReactNode }) {
  const styles = {
    error: "border-red-200 bg-red-50 text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200",
    muted: "border-zinc-200 bg-zinc-50 text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400",
    success: "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200",
  };
  const Icon = tone === "success" ? CheckIcon : AlertIcon;
  return (
    <div
      className={`my-2 flex max-w-md items-start gap-2 rounded-xl border px-3.5 py-2.5 text-sm ${styles[tone]}`}
      data-testid={`notice-${tone}`}
    >
      <Icon className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}
