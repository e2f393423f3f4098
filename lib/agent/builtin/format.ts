/** How tasks and dates read in replies: "☐ Buy milk — high, due tomorrow". */
import { MONTHS, WEEKDAYS, diffDays, weekdayOf } from "@/lib/task-line/calendar";
import { type Clock, localParts } from "@/lib/task-line/clock";
import type { TaskView } from "./prompt-reader";

function titleCase(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function clockTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const suffix = h >= 12 ? "pm" : "am";
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${h12} ${suffix}` : `${h12}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** "today", "tomorrow", "Friday", "Dec 3", plus " at 3 pm" when a time was set. */
export function describeDue(dueAt: string, clock: Clock): string {
  const instant = new Date(dueAt);
  if (Number.isNaN(instant.getTime())) return dueAt;
  const { date, minutes } = localParts(instant, clock.timeZone);
  const diff = diffDays(clock.today, date);
  let day: string;
  if (diff === 0) day = "today";
  else if (diff === 1) day = "tomorrow";
  else if (diff === -1) day = "yesterday";
  else if (diff > 1 && diff < 7) day = titleCase(WEEKDAYS[weekdayOf(date)] ?? "");
  else {
    const month = titleCase((MONTHS[date.m - 1] ?? "").slice(0, 3));
    day = date.y === clock.today.y ? `${month} ${date.d}` : `${month} ${date.d}, ${date.y}`;
  }
  // End-of-day due dates are "a day", not a time.
  const endOfDay = minutes >= 23 * 60 + 59;
  return endOfDay ? day : `${day} at ${clockTime(minutes)}`;
}

export function isOverdue(task: TaskView, clock: Clock): boolean {
  return task.status !== "completed" && task.dueAt !== null && new Date(task.dueAt).getTime() < clock.now.getTime();
}

/** Details after the title: non-default priority, the due date and how it repeats ("every day"). */
export function taskDetails(task: TaskView, clock: Clock): string {
  const parts: string[] = [];
  if (task.priority === "high" || task.priority === "low") parts.push(task.priority);
  if (task.dueAt) parts.push(`${isOverdue(task, clock) ? "overdue, was due" : "due"} ${describeDue(task.dueAt, clock)}`);
  if (task.repeats) parts.push(`repeats ${task.repeats}`);
  return parts.join(", ");
}

export function taskLine(task: TaskView, clock: Clock): string {
  const box = task.status === "completed" ? "✓" : "☐";
  const details = taskDetails(task, clock);
  return details ? `${box} ${task.title} — ${details}` : `${box} ${task.title}`;
}

/** A list as the system prompt asks every model to write one: "1. ☐ Title — details", one a line. */
export function numberedLines(tasks: TaskView[], clock: Clock): string[] {
  return tasks.map((t, i) => `${i + 1}. ${taskLine(t, clock)}`);
}

export function quote(title: string): string {
  return `'${title}'`;
}
