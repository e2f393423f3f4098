/** Day ranges the list tool has no filter for ("due tomorrow", "next week"), applied locally. */
import { compareDates } from "@/lib/task-line/calendar";
import { type Clock, localParts } from "@/lib/task-line/clock";
import type { ListFilter } from "./intents/types";
import { type TaskView, toTaskViews } from "./prompt-reader";

export function applyWindow(tasks: unknown, filter: ListFilter, clock: Clock): TaskView[] {
  const views = toTaskViews(tasks);
  const window = filter.window;
  if (!window) return views;
  return views.filter((t) => {
    if (!t.dueAt) return false;
    const instant = new Date(t.dueAt);
    if (Number.isNaN(instant.getTime())) return false;
    const { date } = localParts(instant, clock.timeZone);
    return compareDates(date, window.from) >= 0 && compareDates(date, window.to) <= 0;
  });
}
