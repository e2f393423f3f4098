/**
 * The task panel's quick-add box, the parts without React: what POST /api/tasks/parse returns,
 * the chips made from it (each with the spans it came from, so one click can turn them back into
 * plain text), and keeping plain-text ranges in place while the person edits the line.
 */
import { normalizeLabel } from "@/lib/tasks/labels";
import type { TaskPriority } from "@/lib/ui/types";

export type SpanKind = "date" | "time" | "recurrence" | "priority" | "label" | "list" | "reminder" | "description";
export type Span = { start: number; end: number; kind: SpanKind };
export type TextRange = { start: number; end: number };

/** What POST /api/tasks/parse read from the box (docs/api.md "Quick add"). */
export type Parsed = {
  title: string;
  description: string;
  dueAt: string | null;
  priority: TaskPriority | null;
  recurrence: string | null;
  recurrenceText: string | null;
  remindAt: string | null;
  remindBeforeWithoutDue?: number | null;
  listId: string | null;
  labels: string[];
  spans: Span[];
};

/** One recognised field: its words for the chip, and the spans that gave it (none: nothing to undo). */
export type Chip = { key: string; kind: SpanKind; text: string; spans: Span[] };

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The chips for a reading of `text`, in reading order: when, repeat, priority, reminder, list, labels, notes. */
export function chipsOf(parsed: Parsed, text: string, listName: string | null): Chip[] {
  const of = (...kinds: SpanKind[]) => parsed.spans.filter((s) => kinds.includes(s.kind));
  const chips: Chip[] = [];
  if (parsed.dueAt) chips.push({ key: "due", kind: "date", text: `Due ${when(parsed.dueAt)}`, spans: of("date", "time") });
  if (parsed.recurrence)
    chips.push({ key: "repeat", kind: "recurrence", text: `Repeats ${parsed.recurrenceText ?? "on a schedule"}`, spans: of("recurrence") });
  if (parsed.priority)
    chips.push({ key: "priority", kind: "priority", text: `${capitalize(parsed.priority)} priority`, spans: of("priority") });
  if (parsed.remindAt) chips.push({ key: "reminder", kind: "reminder", text: `Reminder ${when(parsed.remindAt)}`, spans: of("reminder") });
  else if (parsed.remindBeforeWithoutDue)
    chips.push({ key: "reminder", kind: "reminder", text: "No reminder: give a due time to count from", spans: of("reminder") });
  if (parsed.listId) chips.push({ key: "list", kind: "list", text: `In ${listName ?? "a list"}`, spans: of("list") });
  for (const label of parsed.labels) {
    const spans = of("label").filter((s) => normalizeLabel(text.slice(s.start + 1, s.end)) === label);
    chips.push({ key: `label:${label}`, kind: "label", text: `#${label}`, spans });
  }
  if (parsed.description)
    chips.push({ key: "description", kind: "description", text: `Notes: ${parsed.description}`, spans: of("description") });
  return chips;
}

/** The words a chip came from, as typed ("on the 1st of every month", "9am"). */
export function chipWords(chip: Chip, text: string): string {
  return chip.spans.map((s) => text.slice(s.start, s.end).trim()).join(" … ");
}

/**
 * Plain-text ranges after the line changed from `before` to `after`: ranges before the edit stay,
 * ranges after it move with it, ranges the edit touched are dropped (their words changed).
 */
export function shiftRanges(ranges: TextRange[], before: string, after: string): TextRange[] {
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < before.length - prefix &&
    suffix < after.length - prefix &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  )
    suffix++;
  const editEnd = before.length - suffix;
  const delta = after.length - before.length;
  const out: TextRange[] = [];
  for (const r of ranges) {
    if (r.end <= prefix) out.push(r);
    else if (r.start >= editEnd) out.push({ start: r.start + delta, end: r.end + delta });
  }
  return out;
}

/**
 * The last reading, shown while the next one is on its way (so the highlights and chips do not
 * blink at every key): its spans follow the edit from `before` to `after`, and a field whose
 * words were edited or turned into plain text goes. Enter never uses this view, only an exact reading.
 */
export function followEdit(parsed: Parsed, before: string, after: string, ignore: TextRange[]): Parsed {
  const spans: Span[] = [];
  for (const span of parsed.spans) {
    const moved = shiftRanges([span], before, after)[0];
    if (moved && !ignore.some((r) => r.start < moved.end && moved.start < r.end)) spans.push({ ...moved, kind: span.kind });
  }
  const had = (kinds: SpanKind[]) => parsed.spans.some((s) => kinds.includes(s.kind));
  const lost = (kinds: SpanKind[]) => had(kinds) && !spans.some((s) => kinds.includes(s.kind));
  const labels = had(["label"])
    ? parsed.labels.filter((label) => spans.some((s) => s.kind === "label" && normalizeLabel(after.slice(s.start + 1, s.end)) === label))
    : parsed.labels;
  return {
    ...parsed,
    // A due date that came from the repeat alone goes with it.
    dueAt: lost(["date", "time"]) || (lost(["recurrence"]) && !had(["date", "time"])) ? null : parsed.dueAt,
    recurrence: lost(["recurrence"]) ? null : parsed.recurrence,
    recurrenceText: lost(["recurrence"]) ? null : parsed.recurrenceText,
    priority: lost(["priority"]) ? null : parsed.priority,
    remindAt: lost(["reminder"]) ? null : parsed.remindAt,
    listId: lost(["list"]) ? null : parsed.listId,
    description: lost(["description"]) ? "" : parsed.description,
    labels,
    spans,
  };
}
