/**
 * Reading an import file: CSV text → the tasks it describes and the lines it cannot use, with
 * reasons. Two layouts are understood, told apart by the header row:
 * - ours: `title,description,priority,due,list,labels` (any order, case-insensitive; `status`
 *   and `recurrence` (an RRULE) optional — what Settings → Export → CSV writes);
 * - a Todoist CSV export: `TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,…,DATE,…`.
 * Nothing here touches the database; lib/portability/import.ts creates the tasks.
 */
import * as chrono from "chrono-node";
import Papa from "papaparse";
import { AppError } from "@/lib/errors";
import { DESCRIPTION_MAX, TITLE_MAX } from "@/lib/limits";
import { parseDue } from "@/lib/tasks/due";
import { listNameSchema } from "@/lib/lists/schema";
import { LABELS_PER_TASK_MAX, normalizeLabel } from "@/lib/tasks/labels";
import { checkRule } from "@/lib/tasks/recurrence";
import type { TaskPriority, TaskStatus } from "@/lib/tasks/schema";
import { localParts } from "@/lib/tasks/time-zone";

export const MAX_IMPORT_ROWS = 2000;
/** Longest field a line may have (a description and its notes fit); a longer one skips the line. */
export const MAX_IMPORT_CELL_CHARS = 4000;
/**
 * Reading a date written in words ("Nov 30 2026 5pm") costs the date reader up to ~1 ms per cell
 * (~15 ms per KB): a file of long or many different due cells kept a worker busy for seconds
 * (security case 45). A due cell longer than this is not a date, and one file has at most
 * MAX_WORDED_DATES different dates in words (repeats are read once); YYYY-MM-DD dates are free.
 */
export const MAX_DUE_TEXT_CHARS = 40;
export const MAX_WORDED_DATES = 250;

export type ImportRow = {
  /** The row's line in the file (the header is line 1). */
  line: number;
  title: string;
  description: string;
  priority: TaskPriority;
  /** A due value the task service understands (YYYY-MM-DD or a local date-time), or null. */
  due: string | null;
  status: TaskStatus;
  /** An RRULE (checked), or null. */
  recurrence: string | null;
  list: string | null;
  labels: string[];
};
export type SkippedLine = { line: number; reason: string };
export type ParsedImport = { format: "talk-todo" | "todoist"; rows: ImportRow[]; skipped: SkippedLine[] };

type OurColumn = "title" | "description" | "priority" | "due" | "list" | "labels" | "status" | "recurrence";
const PRIORITIES: Record<string, TaskPriority> = { low: "low", medium: "medium", normal: "medium", high: "high" };
/** Todoist's p1 (highest) … p4 (its default, "no priority"). */
const TODOIST_PRIORITIES: Record<string, TaskPriority> = { "1": "high", "2": "medium", "3": "low", "4": "medium" };
const RECURRING = /\b(every|daily|weekly|monthly|yearly|annually)\b/i;

type Cells = string[];

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

/** The user's "today" as a Date whose local fields are the user's local time (chrono reads local fields). */
function referenceIn(timeZone: string, now: Date): Date {
  const p = localParts(now, timeZone);
  return new Date(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/** A due cell's reading: the value for the task service, null (not a date), or "budget" (too many dates in words). */
type DueReading = string | null | "budget";
type DueReader = (text: string) => DueReading;

/**
 * Reads due cells for one file: YYYY-MM-DD, a local date-time, ISO-8601 with an offset, or words
 * chrono understands ("tomorrow", "Nov 30 2026 5pm"), within the limits above.
 */
function dueReader(timeZone: string, now: Date): DueReader {
  const worded = new Map<string, string | null>();
  return (text) => {
    const value = text.trim();
    if (!value) return null;
    if (parseDue(value, timeZone)) return value;
    if (value.length > MAX_DUE_TEXT_CHARS) return null;
    const key = value.toLowerCase();
    if (worded.has(key)) return worded.get(key)!;
    if (worded.size >= MAX_WORDED_DATES) return "budget";
    const due = wordedDue(value, timeZone, now);
    worded.set(key, due);
    return due;
  };
}

function wordedDue(value: string, timeZone: string, now: Date): string | null {
  const result = chrono.parse(value, referenceIn(timeZone, now), { forwardDate: true })[0];
  if (!result) return null;
  const s = result.start;
  const day = `${pad(s.get("year") ?? 0, 4)}-${pad(s.get("month") ?? 0)}-${pad(s.get("day") ?? 0)}`;
  const due = s.isCertain("hour") ? `${day}T${pad(s.get("hour") ?? 0)}:${pad(s.get("minute") ?? 0)}` : day;
  return parseDue(due, timeZone) ? due : null;
}

const BUDGET_REASON = `the file has more than ${MAX_WORDED_DATES} different due dates written in words; write this one as YYYY-MM-DD`;

function splitLabels(text: string): string[] {
  const labels = text
    .split(/[,;]/)
    .map((l) => l.trim().replace(/^@/, "").toLowerCase())
    .filter(Boolean);
  return [...new Set(labels)];
}

/**
 * The list and labels a task gets, and what the app cannot hold (a list name over 60
 * characters, a label that is not one word of 1..40, more than 20 labels): that is kept as a last
 * line of the description ("List: … · Labels: …"), so nothing from the file is lost.
 */
function organise(
  description: string,
  listText: string | null,
  labelTexts: string[],
): { description: string; list: string | null; labels: string[] } {
  const listName = listText ? listNameSchema.safeParse(listText) : null;
  const list = listName?.success ? listName.data : null;
  const labels: string[] = [];
  const leftover: string[] = [];
  for (const text of labelTexts) {
    const label = normalizeLabel(text);
    if (label && labels.length < LABELS_PER_TASK_MAX) {
      if (!labels.includes(label)) labels.push(label);
    } else leftover.push(text);
  }
  const parts = [listText && !list ? `List: ${listText}` : null, leftover.length ? `Labels: ${leftover.join(", ")}` : null].filter(Boolean);
  return { description: parts.length ? [description, parts.join(" · ")].filter(Boolean).join("\n\n") : description, list, labels };
}

/** A row's fields checked like the task API checks them; a string is the reason it is skipped. */
function checkRow(row: Omit<ImportRow, "line">): string | null {
  if (!row.title) return "the title is empty";
  if (row.title.length > TITLE_MAX) return `the title is longer than ${TITLE_MAX} characters`;
  if (row.description.length > DESCRIPTION_MAX) return `the description is longer than ${DESCRIPTION_MAX} characters`;
  return null;
}

function header(cells: Cells): string[] {
  return cells.map((c) =>
    c
      .replace(/^\uFEFF/, "")
      .trim()
      .toLowerCase(),
  );
}

function parseOurs(columns: string[], records: { line: number; cells: Cells }[], readDue: DueReader): Omit<ParsedImport, "format"> {
  const at = (name: OurColumn) => columns.indexOf(name);
  const rows: ImportRow[] = [];
  const skipped: SkippedLine[] = [];
  for (const { line, cells } of records) {
    // Our export writes a cell that a spreadsheet would run as a formula with a leading ' (escapeFormulae).
    const cell = (name: OurColumn) => (at(name) >= 0 ? (cells[at(name)] ?? "").replace(/^'(?=[=+\-@\t\r])/, "").trim() : "");
    const priorityText = cell("priority").toLowerCase();
    // Own keys only: "__proto__" or "constructor" is not a priority (it was Object's, and a 500).
    const priority = priorityText ? (Object.hasOwn(PRIORITIES, priorityText) ? PRIORITIES[priorityText] : undefined) : "medium";
    if (!priority) {
      skipped.push({ line, reason: `the priority "${priorityText.slice(0, 20)}" is not low, medium or high` });
      continue;
    }
    const statusText = cell("status").toLowerCase();
    if (statusText && statusText !== "pending" && statusText !== "completed") {
      skipped.push({ line, reason: `the status "${statusText.slice(0, 20)}" is not pending or completed` });
      continue;
    }
    const dueText = cell("due");
    const due = readDue(dueText);
    if (due === "budget") {
      skipped.push({ line, reason: BUDGET_REASON });
      continue;
    }
    if (dueText && !due) {
      skipped.push({ line, reason: `the due date "${dueText.slice(0, 40)}" is not a date (use YYYY-MM-DD or YYYY-MM-DDTHH:MM)` });
      continue;
    }
    const ruleText = cell("recurrence");
    const rule = ruleText ? checkRule(ruleText) : null;
    if (rule && !rule.ok) {
      skipped.push({ line, reason: `the ${rule.message}` });
      continue;
    }
    const { description, list, labels } = organise(cell("description"), cell("list") || null, splitLabels(cell("labels")));
    const row = {
      title: cell("title"),
      description,
      priority,
      due,
      status: (statusText || "pending") as TaskStatus,
      recurrence: rule?.ok ? rule.rule : null,
      list,
      labels,
    };
    const problem = checkRow(row);
    if (problem) skipped.push({ line, reason: problem });
    else rows.push({ line, ...row });
  }
  return { rows, skipped };
}

function parseTodoist(columns: string[], records: { line: number; cells: Cells }[], readDue: DueReader): Omit<ParsedImport, "format"> {
  const at = (name: string) => columns.indexOf(name);
  const rows: ImportRow[] = [];
  const skipped: SkippedLine[] = [];
  let section: string | null = null;
  for (const { line, cells } of records) {
    const cell = (name: string) => (at(name) >= 0 ? (cells[at(name)] ?? "").trim() : "");
    const type = cell("type").toLowerCase();
    if (type === "section") {
      section = cell("content") || null;
      continue;
    }
    if (type === "meta") continue; // Todoist's view settings, not content.
    if (type === "note") {
      skipped.push({ line, reason: "a comment (note) on the task above: comments are not imported" });
      continue;
    }
    if (type !== "task") {
      skipped.push({ line, reason: `the type "${type.slice(0, 20)}" is not task, section or note` });
      continue;
    }
    // Labels are written into Todoist's task names as @label.
    const content = cell("content");
    const labelTexts = splitLabels((content.match(/(^|\s)@[\p{L}\p{N}_-]+/gu) ?? []).join(","));
    const title = content
      .replace(/(^|\s)@[\p{L}\p{N}_-]+/gu, " ")
      .replace(/\s+/g, " ")
      .trim();
    const notes: string[] = [];
    const dateText = cell("date");
    let due: string | null = null;
    if (dateText) {
      const reading = RECURRING.test(dateText) ? null : readDue(dateText);
      due = reading === "budget" ? null : reading;
      if (!due) notes.push(`Due (from Todoist): ${dateText}`);
    }
    const { description, list, labels } = organise([cell("description"), ...notes].filter(Boolean).join("\n\n"), section, labelTexts);
    const row = {
      title,
      description,
      priority: (Object.hasOwn(TODOIST_PRIORITIES, cell("priority")) ? TODOIST_PRIORITIES[cell("priority")] : undefined) ?? "medium",
      due,
      status: "pending" as const,
      recurrence: null,
      list,
      labels,
    };
    const problem = checkRow(row);
    if (problem) skipped.push({ line, reason: problem });
    else rows.push({ line, ...row });
  }
  return { rows, skipped };
}

/** Reads a CSV import file; throws bad_request:import when it is not one we understand. */
export function parseImportCsv(text: string, { timeZone, now = new Date() }: { timeZone: string; now?: Date }): ParsedImport {
  const parsed = Papa.parse<Cells>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: false });
  const data = parsed.data;
  if (!data.length || !data[0]) throw new AppError("bad_request:import", "The file is empty.");
  const columns = header(data[0]);
  const format = columns.includes("title") ? "talk-todo" : columns.includes("type") && columns.includes("content") ? "todoist" : null;
  if (!format) {
    throw new AppError(
      "bad_request:import",
      "The first line must be a header: title,description,priority,due,list,labels (or a Todoist CSV export).",
    );
  }

  // Papa reports broken rows (unbalanced quotes, too many or few fields) per row index.
  const problems = new Map<number, string>();
  for (const error of parsed.errors) if (error.row !== undefined && !problems.has(error.row)) problems.set(error.row, error.message);

  const records: { line: number; cells: Cells }[] = [];
  const skipped: SkippedLine[] = [];
  for (let i = 1; i < data.length; i++) {
    const cells = data[i] ?? [];
    const line = i + 1;
    if (cells.every((c) => c.trim() === "")) continue; // blank line
    const problem = problems.get(i);
    if (problem) {
      skipped.push({ line, reason: `the line is not valid CSV (${problem})` });
      continue;
    }
    if (cells.length > columns.length) {
      skipped.push({
        line,
        reason: `the line has ${cells.length} fields but the header has ${columns.length} (put text with commas in double quotes)`,
      });
      continue;
    }
    const long = cells.findIndex((c) => c.length > MAX_IMPORT_CELL_CHARS);
    if (long >= 0) {
      skipped.push({ line, reason: `the field "${columns[long] ?? long + 1}" is longer than ${MAX_IMPORT_CELL_CHARS} characters` });
      continue;
    }
    records.push({ line, cells });
  }
  const taskLines = records.length;
  if (taskLines > MAX_IMPORT_ROWS)
    throw new AppError("too_large:import", `The file has ${taskLines} lines; at most ${MAX_IMPORT_ROWS} can be imported at once.`);
  const readDue = dueReader(timeZone, now);
  const result = format === "talk-todo" ? parseOurs(columns, records, readDue) : parseTodoist(columns, records, readDue);
  return { format, rows: result.rows, skipped: [...skipped, ...result.skipped].sort((a, b) => a.line - b.line) };
}
