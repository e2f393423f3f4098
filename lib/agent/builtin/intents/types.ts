/** What the user asked for, before it is turned into tool calls. */
import type { CivilDate } from "@/lib/task-line/calendar";
import type { Priority } from "@/lib/task-line/priority";

export type { Priority };

/** The user's words for a task. */
export type TaskRef =
  | { kind: "phrase"; text: string }
  | { kind: "ordinal"; n: number; fromEnd: boolean }
  | { kind: "pronoun" }
  /** Everything the last list showed; `count` when the user said how many ("both", "all three"). */
  | { kind: "listed"; count?: number; except?: Array<{ n: number; fromEnd: boolean }> };

export type AddItem = {
  title: string;
  description?: string;
  priority?: Priority;
  due?: string;
  /** An RRULE without DTSTART ("every sunday"). */
  recurrence?: string;
  /** A local date-time ("remind me at 5pm", "remind me 30 minutes before"). */
  remindAt?: string;
  labels?: string[];
  /** "add milk to the groceries list": the list's name as said. */
  list?: string;
  /** "add pack with subtasks passport and charger": steps created under the new task. */
  subtasks?: string[];
  /** "add a step to move house: book the van": the parent task, by words from its title. */
  parent?: string;
  /** "…, remind me an hour before" with no due time to count from: not a tool input; the reply asks when it is due. */
  remindBeforeWithoutDue?: number;
  /** "remind me about the dentist the day before at 9": a reminder counted from the due date of a task the user has; not a tool input (duplicates.ts slotsOf). */
  remindOnDue?: { days: number; hour: number; minute: number; timeZone: string };
};

export type Changes = {
  title?: string;
  description?: string;
  priority?: Priority;
  due?: string;
  clearDue?: boolean;
  status?: "pending" | "completed";
  /** "postpone X by 2 days": days added to the task's current due date. */
  shiftDays?: number;
  /** "push the dentist back half an hour": minutes added to the task's due time (only a task with a time). */
  shiftMinutes?: number;
  /** "the piano lesson's at 5 now": `due` is a bare time; it goes on the task's own day when it has one. Not a tool input. */
  keepDay?: boolean;
  /** "stop repeating X". */
  clearRecurrence?: boolean;
  /** "skip X this week": move a repeating task to its next occurrence. */
  skipOccurrence?: boolean;
  /** "take X out of the work list" ('inbox'), "move X to the errands list". */
  list?: string;
  /** "take it out of work": the list the task must be in for `list` 'inbox' to apply. Not a tool input. */
  outOfList?: string;
  /** "tag X with urgent": labels added. */
  labels?: string[];
  /** "drop the urgent label from X": labels taken off. */
  removeLabels?: string[];
  /** "make X repeat every year": an RRULE without DTSTART. */
  recurrence?: string;
  /** "remind me 30 minutes before the dentist": minutes before the task's due time. */
  remindBefore?: number;
  /** "remind me about the optician tomorrow at 9": a local date-time. */
  remindAt?: string;
  /** "no reminder for X": the reminder taken off. */
  clearReminder?: boolean;
  /** "put X under Y", "make X part of Y": the parent task, by words from its title. */
  parent?: string;
};

/** What a bulk update changes on every task it matches. */
export type BulkChanges = { due?: string; shiftDays?: number; clearDue?: boolean; priority?: Priority };

export type ListFilter = {
  status?: "pending" | "completed" | "all";
  priority?: Priority;
  due?: "today" | "overdue" | "upcoming" | "this_week";
  query?: string;
  /** A day range ("tomorrow", "next week"; `on: "completed"`: "what did I finish yesterday"), sent as dueFrom/dueTo or completedFrom/completedTo. */
  window?: { from: CivilDate; to: CivilDate; label: string; on?: "completed" };
  /** "did I put down X?" (exists), "is X done?" (done): a yes/no answer about the tasks matching `query`; "what was X about?" (about): what it holds. */
  ask?: "exists" | "done" | "about";
  /** "show my groceries list": one of the user's lists, by name. */
  list?: string;
  /** "show my work tasks": `list`, or tasks about it when the user has no such list. */
  orTopic?: boolean;
  /** "what's tagged urgent?". */
  label?: string;
  /** "what are the subtasks of X": the subtasks of this task, by words from its title. */
  parent?: string;
  /**
   * "all the shopping stuff", "everything on the errands list": the name of a list or a label,
   * resolved against the tasks looked up (bulk-update.ts `inScope`): the tasks in that list or
   * with that label; with no list or label of that name, the tasks with the word in their title.
   */
  scope?: string;
  /** "… except the gutters", "… apart from the report": the tasks in the group left out, by title words. */
  except?: string;
  /** "how many …?": answer with a count. */
  count?: boolean;
  /** "stuff with no date": only tasks without a due date (the reply narrows the tool's list). */
  noDue?: boolean;
  /** "what repeats?", "my repeating tasks": only tasks that repeat (the reply narrows the tool's list). */
  repeating?: boolean;
  /** "what's after the invitations": only the open tasks that come after the one named (rule next-after). */
  after?: string;
};

export type SayKind =
  | "greeting"
  | "thanks"
  | "bye"
  | "help"
  | "offtopic"
  | "clock"
  | "unclear"
  | "ask-title"
  | "cancel-ambiguous"
  | "nothing"
  | "remark"
  | "no-undo"
  | "organise"
  | "too-long";

export type Intent =
  | { type: "add"; items: AddItem[] }
  | { type: "list"; filter: ListFilter }
  /** `deeds`: what the user said was done to each ref ("gym was packed" → "pack"), checked against the task's verb (rule done-verb-fits). */
  | { type: "complete"; refs: TaskRef[]; deeds?: string[] }
  | { type: "reopen"; refs: TaskRef[] }
  | { type: "delete"; refs: TaskRef[] }
  | { type: "update"; ref: TaskRef; changes: Changes }
  | { type: "bulk"; action: "complete" | "delete" | "reopen"; filter: ListFilter; listed: boolean }
  | { type: "select"; ref: TaskRef; text: string }
  /** Several tasks re-scheduled or re-prioritised by a filter ("push everything due today to tomorrow"). */
  | { type: "bulkUpdate"; filter: ListFilter; changes: BulkChanges }
  /** "undo that", "take that back": revert the previous turn's changes. */
  | { type: "undo" }
  /** "create a list called Garden"; `place`: "… and put the hedge in it" (the task moved into it next). */
  | { type: "createList"; name: string; place?: string }
  /** "which lists do I have?". */
  | { type: "lists" }
  /** "help me plan my week": not something to add; show what is on the list for that span. */
  | { type: "plan"; filter: ListFilter }
  /** A chore the user mentioned without asking for it ("I'll call mum tomorrow"): offer to add it. */
  /** `toList`: "onion sets and compost for the allotment" — added into the user's list of that name when there is one (rule things-for-list). */
  | { type: "offer"; item: AddItem; toList?: boolean }
  /** "do I need to buy milk today?": look it up; offer to add it when it is not on the list. */
  | { type: "check"; item: AddItem }
  | { type: "confirm" }
  | { type: "deny" }
  | { type: "say"; kind: SayKind; detail?: string; verb?: string }
  /** Nothing recognised; `text` is what the user said, cleaned. */
  | { type: "unknown"; text: string };

/** How many fields the changes set (`keepDay` only qualifies `due`). */
export function fieldCount(changes: Changes): number {
  return Object.keys(changes).filter((k) => k !== "keepDay").length;
}
