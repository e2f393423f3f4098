"use client";
/**
 * Reminders while the app is open: polls `GET /api/reminders` every 30 s and when the window
 * regains focus, so reminders that came due while the app was closed show on the next visit.
 * A newly due reminder shows a toast and, if the user allowed it (asked from the bell, never on
 * load), a system notification. The bell counts due reminders; its menu snoozes and dismisses.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch, errorMessage } from "@/lib/ui/api";
import { describeReminder } from "@/lib/ui/dates";
import type { Task } from "@/lib/ui/types";
import { useTaskStore } from "@/components/tasks/task-store";
import { Button } from "@/components/ui/button";
import { BellIcon } from "@/components/ui/icons";
import { useTimeZone } from "@/components/ui/time-zone";
import { useToast } from "@/components/ui/toast";

const POLL_MS = 30_000;
const SNOOZES = [
  { label: "10 min", minutes: 10 },
  { label: "1 hour", minutes: 60 },
];

type Permission = NotificationPermission | "unsupported";

function minutesFromNow(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString();
}

function notificationPermission(): Permission {
  return typeof window !== "undefined" && "Notification" in window ? Notification.permission : "unsupported";
}

export function ReminderBell() {
  const [due, setDue] = useState<Task[]>([]);
  const [open, setOpen] = useState(false);
  const [permission, setPermission] = useState<Permission>("unsupported");
  const announced = useRef(new Set<string>());
  const menu = useRef<HTMLDivElement>(null);
  const toast = useToast();
  const { applyToolOutput } = useTaskStore();
  const timeZone = useTimeZone();

  const poll = useCallback(async () => {
    let tasks: Task[];
    try {
      ({ tasks } = await apiFetch<{ tasks: Task[] }>(`/api/reminders?until=${encodeURIComponent(new Date().toISOString())}`));
    } catch {
      return; // The next poll tries again; the chat shows connection problems already.
    }
    setDue(tasks);
    const fresh = tasks.filter((t) => !announced.current.has(`${t.id}@${t.remindAt}`));
    for (const t of fresh) announced.current.add(`${t.id}@${t.remindAt}`);
    if (!fresh.length) return;
    toast.show(fresh.length === 1 ? `Reminder: ${fresh[0]!.title}` : `${fresh.length} reminders: ${fresh.map((t) => t.title).join(", ")}`);
    if (notificationPermission() === "granted") {
      for (const t of fresh.slice(0, 3)) {
        try {
          new Notification("Reminder", { body: t.title, tag: `reminder-${t.id}` });
        } catch {
          // Some browsers only notify from a service worker; the toast and the bell remain.
        }
      }
    }
  }, [toast]);

  useEffect(() => {
    const first = window.setTimeout(() => {
      setPermission(notificationPermission());
      void poll();
    }, 0);
    const timer = window.setInterval(() => void poll(), POLL_MS);
    const onFocus = () => void poll();
    const onVisible = () => document.visibilityState === "visible" && void poll();
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [poll]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    const onClick = (e: MouseEvent) => !menu.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  async function act(task: Task, action: "dismiss" | "snooze", minutes = 0) {
    setDue((list) => list.filter((t) => t.id !== task.id));
    try {
      const body = action === "snooze" ? { json: { until: minutesFromNow(minutes) } } : {};
      const { task: updated } = await apiFetch<{ task: Task }>(`/api/reminders/${encodeURIComponent(task.id)}/${action}`, {
        method: "POST",
        ...body,
      });
      applyToolOutput("update_task", { ok: true, task: updated });
    } catch (error) {
      toast.show(`Couldn't ${action} the reminder. ${errorMessage(error)}`, "error");
      void poll();
    }
  }

  async function allowNotifications() {
    try {
      setPermission(await Notification.requestPermission());
    } catch {
      setPermission(notificationPermission());
    }
  }

  const count = due.length;
  return (
    <div ref={menu} className="relative">
      <Button
        variant="ghost"
        size="icon"
        data-testid="reminder-bell"
        onClick={() => setOpen((v) => !v)}
        aria-label={count ? `Reminders (${count} due)` : "Reminders"}
        aria-expanded={open}
        aria-controls="reminder-menu"
        className="relative"
      >
        <BellIcon className="size-5" />
        {count > 0 && (
          <span
            data-testid="reminder-count"
            className="absolute -top-0.5 -right-0.5 rounded-full bg-rose-600 px-1.5 text-[10px] leading-4 font-semibold text-white"
          >
            {count}
          </span>
        )}
      </Button>
      {open && (
        <div
          id="reminder-menu"
          role="region"
          aria-label="Reminders"
          className="absolute top-full right-0 z-50 mt-2 w-80 max-w-[calc(100vw-1.5rem)] rounded-xl border border-zinc-200 bg-white p-2 shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
        >
          {count === 0 ? (
            <p className="px-2 py-3 text-sm text-zinc-500 dark:text-zinc-400">No reminders due.</p>
          ) : (
            <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {due.map((task) => (
                <li key={task.id} data-testid="reminder-item" className="px-2 py-2">
                  <p className="text-sm font-medium break-words text-zinc-900 dark:text-zinc-100">{task.title}</p>
                  <p className="text-xs text-zinc-500 dark:text-zinc-400">{task.remindAt && describeReminder(task.remindAt, timeZone)}</p>
                  <div className="mt-1.5 flex flex-wrap gap-1">
                    {SNOOZES.map((s) => (
                      <Button
                        key={s.minutes}
                        size="sm"
                        variant="secondary"
                        className="h-7 px-2 text-xs"
                        onClick={() => void act(task, "snooze", s.minutes)}
                        aria-label={`Snooze “${task.title}” ${s.label}`}
                      >
                        Snooze {s.label}
                      </Button>
                    ))}
                    <Button
                      size="sm"
                      variant="ghost"
                      className="h-7 px-2 text-xs"
                      onClick={() => void act(task, "dismiss")}
                      aria-label={`Dismiss “${task.title}”`}
                    >
                      Dismiss
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {permission === "default" && (
            <button
              type="button"
              onClick={() => void allowNotifications()}
              className="mt-1 w-full rounded-lg px-2 py-2 text-left text-xs font-medium text-accent-700 hover:bg-accent-50 dark:text-accent-300 dark:hover:bg-accent-500/10"
            >
              Show reminders as system notifications
            </button>
          )}
          {permission === "denied" && (
            <p className="mt-1 px-2 py-1 text-xs text-zinc-500">System notifications are blocked in this browser’s settings.</p>
          )}
        </div>
      )}
    </div>
  );
}
