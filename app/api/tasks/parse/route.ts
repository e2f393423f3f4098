/**
 * POST /api/tasks/parse: reads a quick-add line into task fields without creating anything,
 * with the one task-line reader the chat's add uses too (lib/task-line/read.ts). See docs/api.md "Quick add".
 */
import { z } from "zod";
import { clockAt } from "@/lib/task-line/clock";
import { listReferences, readTaskLine } from "@/lib/task-line/read";
import { requireUser } from "@/lib/auth/require-user";
import { AppError } from "@/lib/errors";
import { json, route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";
import { enforceParseRateLimit } from "@/lib/rate-limit/parse";
import { TITLE_MAX } from "@/lib/limits";
import { findListByName } from "@/lib/lists/service";
import { parseDue } from "@/lib/tasks/due";
import { describeRule, firstOccurrence } from "@/lib/tasks/recurrence";
import { timeZoneSchema } from "@/lib/tasks/schema";

/** Room for the words that become fields; far past it the line cannot be a task title. */
const QUICK_ADD_TEXT_MAX = TITLE_MAX * 4;
/** More plain-text ranges than this is not a person clicking highlights. */
const IGNORE_MAX = 50;

const range = z
  .object({ start: z.number().int().min(0), end: z.number().int().min(0) })
  .strict()
  .refine((r) => r.start < r.end, "start must be before end");

const parseSchema = z
  .object({
    text: z.string().refine((t) => t.trim().length > 0, "must not be empty"),
    timezone: timeZoneSchema.optional(),
    /** Ranges of `text` to keep as plain text ("treat as plain text" on a highlight). */
    ignore: z.array(range).max(IGNORE_MAX).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    body.ignore?.forEach((r, i) => {
      if (r.end > body.text.length)
        ctx.addIssue({ code: "custom", path: ["ignore", i, "end"], message: `must be at most the text's length (${body.text.length})` });
    });
  });

export const POST = route(async (request) => {
  // Read as the person types: it changes nothing, so it does not use up their write budget.
  const { user } = await requireUser(request, "tasks:read", { readOnly: true });
  const { text, timezone, ignore } = await readJson(request, parseSchema);
  if (text.length > QUICK_ADD_TEXT_MAX) throw new AppError("too_large:text", `text must be at most ${QUICK_ADD_TEXT_MAX} characters.`);
  await enforceParseRateLimit({ userId: user.id });
  const timeZone = timezone ?? user.timezone;
  const now = new Date();
  // The names the line may give a list, looked up among the caller's own lists.
  const lists = new Map<string, { id: string; name: string }>();
  for (const name of listReferences(text)) {
    const list = await findListByName({ userId: user.id, name });
    if (list) lists.set(name.toLowerCase(), list);
  }
  const reading = readTaskLine(text, clockAt(now, timeZone), {
    listExists: (name) => lists.has(name.toLowerCase()),
    ignore: ignore ?? [],
    typed: true,
  });
  const list = reading.listName ? (lists.get(reading.listName) ?? null) : null;

  // A repeat without a day of its own starts at its first occurrence, as the task service does.
  const dueAt = reading.due
    ? parseDue(reading.due, timeZone)
    : reading.recurrence
      ? firstOccurrence(reading.recurrence, { now, timeZone })
      : null;
  const remindAt = reading.remindAt ? parseDue(reading.remindAt, timeZone) : null;

  return json({
    title: reading.title,
    description: reading.description ?? "",
    dueAt: dueAt?.toISOString() ?? null,
    priority: reading.priority,
    recurrence: reading.recurrence,
    /** The rule in plain English, as task views show it ("every month on the 1st"). */
    recurrenceText: reading.recurrence ? describeRule(reading.recurrence) : null,
    remindAt: remindAt?.toISOString() ?? null,
    /** "remind me 30 minutes before" with no due time to count from: the minutes (no reminder is set); else null. */
    remindBeforeWithoutDue: reading.remindBeforeWithoutDue,
    listId: list?.id ?? null,
    labels: reading.labels,
    spans: reading.spans,
  });
});
