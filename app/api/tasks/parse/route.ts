/**
 * POST /api/tasks/parse: reads a quick-add line into task fields without creating anything,
 * with the built-in model's readers (lib/agent/builtin/quick-add.ts). See docs/api.md "Quick add".
 */
import { z } from "zod";
import { clockAt } from "@/lib/agent/builtin/clock";
import { listReference, readQuickAdd } from "@/lib/agent/builtin/quick-add";
import { requireUser } from "@/lib/auth/require-user";
import { AppError } from "@/lib/errors";
import { json, route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";
import { TITLE_MAX } from "@/lib/limits";
import { findListByName } from "@/lib/lists/service";
import { parseDue } from "@/lib/tasks/due";
import { firstOccurrence } from "@/lib/tasks/recurrence";
import { timeZoneSchema } from "@/lib/tasks/schema";
import { localDateString } from "@/lib/tasks/time-zone";

/** Room for the words that become fields; far past it the line cannot be a task title. */
const QUICK_ADD_TEXT_MAX = TITLE_MAX * 4;

const parseSchema = z.object({ text: z.string().refine((t) => t.trim().length > 0, "must not be empty"), timezone: timeZoneSchema.optional() }).strict();

export const POST = route(async (request) => {
  const { user } = await requireUser(request, "tasks:read");
  const { text, timezone } = await readJson(request, parseSchema);
  if (text.length > QUICK_ADD_TEXT_MAX) throw new AppError("too_large:text", `text must be at most ${QUICK_ADD_TEXT_MAX} characters.`);
  const timeZone = timezone ?? user.timezone;
  const now = new Date();
  const listName = listReference(text);
  const list = listName ? await findListByName({ userId: user.id, name: listName }) : null;
  const reading = readQuickAdd(text, clockAt(now, timeZone), { listExists: list !== null });

  let dueAt = reading.due ? parseDue(reading.due, timeZone) : null;
  if (reading.recurrence) {
    // A repeat without a day of its own starts at its first occurrence, at the time said if any.
    const first = firstOccurrence(reading.recurrence, { now, timeZone });
    const time = reading.due?.includes("T") ? reading.due.slice(11, 16) : null;
    if (first && (!reading.due || time)) dueAt = time ? parseDue(`${localDateString(first, timeZone)}T${time}`, timeZone) : first;
  }
  let remindAt: Date | null = null;
  if (reading.reminder && "before" in reading.reminder) remindAt = dueAt ? new Date(dueAt.getTime() - reading.reminder.before * 60_000) : null;
  else if (reading.reminder) remindAt = reading.reminder.at ? parseDue(reading.reminder.at, timeZone) : dueAt;

  return json({
    title: reading.title,
    description: "",
    dueAt: dueAt?.toISOString() ?? null,
    priority: reading.priority,
    recurrence: reading.recurrence,
    remindAt: remindAt?.toISOString() ?? null,
    listId: list?.id ?? null,
    labels: reading.labels,
    spans: reading.spans,
  });
});
