/**
 * Decides the model's next step: which tools to call, or what to say. The first step of a
 * turn reads the user's message; later steps read the tool results of this turn (follow-up
 * calls for bulk actions and retries, then the final reply). Pure and deterministic.
 */
import { addDays, compareDates, formatIsoDate, formatIsoLocalDateTime, WEEKDAYS, weekdayOf } from "@/lib/task-line/calendar";
import { firstOccurrence } from "@/lib/tasks/recurrence";
import { type Clock, localParts } from "@/lib/task-line/clock";
import { readTaskLine } from "@/lib/task-line/read";
import { capitalize } from "@/lib/task-line/text";
import { meantForOther, resolveReference, scoreTitle } from "@/lib/tasks/match";
import { classify } from "./intents";
import { inScope } from "./intents/bulk-update";
import { withoutReplaced } from "./intents/update";
import type { AddItem, BulkChanges, Changes, Intent, ListFilter, TaskRef } from "./intents/types";
import {
  type Conversation,
  type ConversationEvent,
  type TaskView,
  type ToolCallEvent,
  type ToolResultEvent,
  toTaskViews,
} from "./prompt-reader";
import { knownByPhrase, knownTask, lastAssistantText, latestList, pendingFailure, resolveRef } from "./references";
import { alternativesFor } from "./retries";
import { withoutTrailingReason } from "./intents/aside";
import { withoutClosingFiller, withoutNodTag } from "./intents/cleanup";
import { quote } from "./format";
import {
  askedAboutText,
  composeReply,
  describeLocalDue,
  moveOfferText,
  noDueForReminder,
  offerText,
  socialText,
  unknownText,
} from "./replies";
import { movedThing } from "./lexicon";
import { listsOfTurn, type TurnContext } from "./turn-context";
import { applyWindow, windowInput } from "./windows";
import { deedFitsTask, isBaseVerb } from "./verbs";
import { JOINS_WITH_FOR, mayNameUnknownList, placedInNamedList } from "./add-to-named-list";
import { spellOut } from "./textisms";
import { keepCorrection, sameDayAs } from "./corrections";
import { plainDeedIdioms, plainDropVerbs, plainPassed } from "./slang";
import { addAfterCreatedList, chooseCandidate, contextualAnswer, remindWhen } from "./followups";
import { dialogueAnswer, lastTurnChanged, lastTurnCompleted, listsLookedUpForAdd, pointedDay } from "./dialogue";
import { deniesDeed, takesBack } from "./intents/undo";
import { deedBeforeTelling, type GroundedChange, groundMessage, mightNameTask, tasksAskedAbout, toldDayOfThing } from "./grounding";
import { beforeTask, findDuplicate, looksBeforeAdding, slotsOf } from "./duplicates";
import { addBody, readAdd } from "./intents/add";
import { isFeeling } from "./intents/mood";
import { isOffTopic } from "./intents/social";
import { answerNotThing, askedBefore } from "./intents/gate";
import { plainReminderWords } from "@/lib/task-line/reminder-phrases";

export type PlannedCall = { toolName: string; input: Record<string, unknown> };
export type Step = { calls: PlannedCall[]; text: string };

const MAX_STEPS_PER_TURN = 5;
/** Bounds on one message: longer text is not read, and one step never fans out further. */
const MAX_READ_CHARS = 1200;
const MAX_CALLS_PER_STEP = 25;

function has(ctx: TurnContext, tool: string): boolean {
  return ctx.available.size === 0 || ctx.available.has(tool);
}

function listInput(filter: ListFilter, wide: boolean, clock: Clock): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  if (filter.status) input.status = filter.status;
  if (filter.priority) input.priority = filter.priority;
  if (filter.due) input.due = filter.due;
  if (filter.query) input.query = filter.query;
  if (filter.list) input.list = filter.list;
  if (filter.label) input.label = filter.label;
  if (filter.parent) input.parent = filter.parent;
  if (filter.window) Object.assign(input, windowInput(filter.window, clock));
  if (wide || filter.window || filter.count || filter.noDue || filter.repeating || filter.after) input.limit = 100;
  return input;
}

function manyIds(ctx: TurnContext, tool: "complete_tasks" | "delete_tasks", single: string, ids: string[]): PlannedCall[] {
  if (ids.length > 1 && has(ctx, tool)) {
    const calls: PlannedCall[] = [];
    for (let i = 0; i < ids.length; i += 50) calls.push({ toolName: tool, input: { ids: ids.slice(i, i + 50) } });
    return calls;
  }
  return ids.map((id) => ({ toolName: single, input: { task: id } }));
}

/** "postpone X by 2 days": from the task's current due date (seen in the conversation or just looked up). */
function shiftedDue(ctx: TurnContext, task: string, days: number, looked?: TaskView): string {
  const known = looked ?? knownTask(ctx.history, task) ?? knownByPhrase(ctx.history, task);
  const base = known?.dueAt ? localParts(new Date(known.dueAt), ctx.clock.timeZone).date : ctx.clock.today;
  return formatIsoDate(addDays(base, days));
}

/**
 * "push the dentist back half an hour": the task's due time moved by that many minutes; undefined when
 * the task has no due time (a day only, or none), so nothing is written.
 */
function shiftedTime(ctx: TurnContext, task: string, minutes: number, looked?: TaskView): string | undefined {
  const known = looked ?? knownTask(ctx.history, task) ?? knownByPhrase(ctx.history, task);
  if (!known?.dueAt) return undefined;
  const due = new Date(known.dueAt);
  if (localParts(due, ctx.clock.timeZone).minutes >= 23 * 60 + 59) return undefined;
  const moved = localParts(new Date(due.getTime() + minutes * 60_000), ctx.clock.timeZone);
  return formatIsoLocalDateTime(moved.date, Math.floor(moved.minutes / 60), moved.minutes % 60);
}

function updateInput(ctx: TurnContext, task: string, changes: Changes, looked?: TaskView): Record<string, unknown> {
  const { shiftDays, shiftMinutes, keepDay, ...rest } = changes;
  const input: Record<string, unknown> = { task, ...rest };
  // "take it out of work": the list the task must be in (checked by the planner), no tool input.
  delete input.outOfList;
  if (shiftDays !== undefined) input.due = shiftedDue(ctx, task, shiftDays, looked);
  if (shiftMinutes !== undefined) {
    const due = shiftedTime(ctx, task, shiftMinutes, looked);
    if (due) input.due = due;
  }
  if (keepDay && typeof rest.due === "string") input.due = onOwnDay(ctx, task, rest.due, looked);
  // "oxalic still on for wednesday" of a task due Wednesday at 12: the day it already has keeps its time.
  if (typeof input.due === "string" && /^\d{4}-\d{2}-\d{2}$/.test(input.due)) {
    const known = looked ?? knownTask([...ctx.history, ...ctx.turn], task) ?? knownByPhrase(ctx.history, task);
    if (known?.dueAt && formatIsoDate(localParts(new Date(known.dueAt), ctx.clock.timeZone).date) === input.due)
      input.due = dueAsInput(known.dueAt, ctx.clock.timeZone);
  }
  if (typeof rest.recurrence === "string") {
    const known = looked ?? knownTask(ctx.history, task) ?? knownByPhrase(ctx.history, task);
    const due = input.due === undefined ? dueOnRepeatDays(ctx, rest.recurrence, known) : null;
    if (due) input.due = due;
    input.recurrence = keptWeekday(ctx, rest.recurrence, known) ?? rest.recurrence;
  }
  return input;
}

/**
 * "bins are every other week now" of a task that repeats every Thursday: a new interval keeps the day it
 * repeats on. Only for a weekly rule without days, of a task that repeats on the one weekday it is due.
 */
function keptWeekday(ctx: TurnContext, recurrence: string, known?: TaskView | null): string | null {
  if (!known?.dueAt || !known.repeats || !/^FREQ=WEEKLY(?:;INTERVAL=\d+)?$/.test(recurrence)) return null;
  const day = WEEKDAYS[weekdayOf(localParts(new Date(known.dueAt), ctx.clock.timeZone).date)]!;
  return new RegExp(`^every ${day}$`, "i").test(known.repeats.trim()) ? `${recurrence};BYDAY=${day.slice(0, 2).toUpperCase()}` : null;
}

/**
 * "the shop is every thursday now" of a task due on a Monday: a repeat on named weekdays its due is not on
 * moves it to the rule's first day from today (lib/tasks/recurrence.ts, rrule), at its own time. Null when
 * the due already falls on one of them, or the rule names no days.
 */
function dueOnRepeatDays(ctx: TurnContext, recurrence: string, known?: TaskView | null): string | null {
  if (!known?.dueAt || !/(?:^|;)BYDAY=/.test(recurrence)) return null;
  const zone = ctx.clock.timeZone;
  const due = localParts(new Date(known.dueAt), zone);
  const onDue = firstOccurrence(recurrence, { now: new Date(known.dueAt), timeZone: zone });
  const first = firstOccurrence(recurrence, { now: ctx.clock.now, timeZone: zone });
  if (!first || (onDue && compareDates(localParts(onDue, zone).date, due.date) === 0)) return null;
  return dueAsInput(first.toISOString(), zone, due.minutes);
}

/** A due as the tools take it: the local day, at `minutes` past midnight (the due's own by default); the day alone at 23:59. */
function dueAsInput(at: string, zone: string, minutes = localParts(new Date(at), zone).minutes): string {
  const day = localParts(new Date(at), zone).date;
  if (minutes >= 23 * 60 + 59) return formatIsoDate(day);
  return formatIsoLocalDateTime(day, Math.floor(minutes / 60), minutes % 60);
}

/** A bare time ("the piano's at 5 now") on the day the task is already due; today or tomorrow when it has none. */
function onOwnDay(ctx: TurnContext, task: string, due: string, looked?: TaskView): string {
  const known = looked ?? knownTask(ctx.history, task) ?? knownByPhrase(ctx.history, task);
  const time = due.slice(10);
  if (!known?.dueAt || !time.startsWith("T")) return due;
  return `${formatIsoDate(localParts(new Date(known.dueAt), ctx.clock.timeZone).date)}${time}`;
}

/** A shift ("postpone the report by 2 days") of a task whose due date the conversation has not shown yet. */
function needsDueLookup(
  ctx: TurnContext,
  intent: Intent,
): intent is Extract<Intent, { type: "update" }> & { ref: { kind: "phrase"; text: string } } {
  return (
    ctx.intents.length === 1 &&
    intent.type === "update" &&
    (intent.changes.shiftDays !== undefined || intent.changes.shiftMinutes !== undefined || intent.changes.keepDay === true) &&
    intent.ref.kind === "phrase" &&
    !knownByPhrase(ctx.history, intent.ref.text) &&
    has(ctx, "list_tasks")
  );
}

/** After the lookup: shift the one task the phrase names, else let the tool resolve the phrase. */
function shiftAfterLookup(ctx: TurnContext, intent: Extract<Intent, { type: "update" }>, phrase: string, found: TaskView[]): PlannedCall {
  const p = phrase.toLowerCase();
  const containing = found.filter((t) => t.title.toLowerCase().includes(p));
  let one = found.length === 1 ? found[0] : containing.length === 1 ? containing[0] : undefined;
  if (!one && intent.changes.keepDay) {
    // A bare time looked every task up: the one the tool itself would take, else the one grounding reads.
    // The resolver reads ids, titles and statuses only.
    const r = resolveReference(phrase, found as unknown as Parameters<typeof resolveReference>[1], "pending");
    if (r.kind === "one") one = found.find((t) => t.id === r.task.id);
    else if (r.kind === "none") {
      const g = groundMessage(ctx.userText, found, ctx.clock);
      if (g?.kind === "change" && !g.also?.length && g.change.changes.due) return groundedCalls(ctx, g.change)[0]!;
    }
  }
  return { toolName: "update_task", input: updateInput(ctx, one ? one.id : phrase, intent.changes, one) };
}

/** rule done-verb-fits (verbs.ts): a chore said done by its participle is checked against the tasks first. */
function needsDeedCheck(ctx: TurnContext, intent: Intent): intent is Extract<Intent, { type: "complete" }> & { deeds: string[] } {
  return (
    ctx.intents.length === 1 &&
    intent.type === "complete" &&
    intent.deeds?.length === intent.refs.length &&
    intent.refs.every((r) => r.kind === "phrase") &&
    has(ctx, "list_tasks")
  );
}

/** The one task each phrase names, and whether the deed said fits it ("gym was packed" never ticks off "Cancel the gym"). */
function deedTargets(ctx: TurnContext, intent: Extract<Intent, { type: "complete" }> & { deeds: string[] }, found: TaskView[]) {
  return intent.refs.map((ref, i) => {
    const text = ref.kind === "phrase" ? ref.text : "";
    const r = resolveReference(text, found as unknown as Parameters<typeof resolveReference>[1], "pending");
    // "dentist appt booked": words no title carries; the message read against the tasks may still name one.
    const g = intent.refs.length === 1 ? groundMessage(ctx.userText, found, ctx.clock) : null;
    // …never one the words say is someone else's ("cleaned my kitchen" is not "Clean the office kitchen").
    const grounded =
      g?.kind === "change" && !g.also?.length && g.change.changes.status === "completed" && !meantForOther(text, g.change.task.title)
        ? g.change.task
        : undefined;
    // "report's gone off" beside "Send the quarterly report" and "Read the audit report": the one the deed fits.
    const fitting = r.kind === "ambiguous" ? r.candidates.filter((c) => deedFitsTask(intent.deeds[i] ?? "", c.title)) : [];
    const picked = fitting.length === 1 ? found.find((t) => t.id === fitting[0]!.id) : undefined;
    const task = r.kind === "one" ? found.find((t) => t.id === r.task.id) : (picked ?? grounded);
    // "the garlic is in" (Plant the garlic): the message read against the tasks finishes that very task, whatever the deed word.
    const same = grounded !== undefined && task?.id === grounded.id;
    return { text, task, fits: !task || same || deedFitsTask(intent.deeds[i] ?? "", task.title) };
  });
}

/** The lookup before a change that needs the task's due date: a bare time looks every task up, so the phrase may be a loose one ("hair appt"). */
function dueLookup(intent: Extract<Intent, { type: "update" }>, phrase: string): PlannedCall {
  return intent.changes.keepDay ? LOOKUP : { toolName: "list_tasks", input: { query: phrase, limit: 100 } };
}

/** The end of "add kitchen roll to that" / "put foil on there": the list the previous answer showed. */
const TO_SHOWN = new Set([
  "to that",
  "to it",
  "to this",
  "to there",
  "on there",
  "on here",
  "on that",
  "on it",
  "onto it",
  "onto that",
  "in there",
]);
/** …of which these, with no list shown, point at the to-do list itself ("stick bin bags on there"). */
const ON_THE_LIST = new Set(["on there", "on here", "to there"]);
const PLACING = new Set(["put", "stick", "pop", "chuck", "bung", "throw"]);
/** The name of the one list the conversation's last list_tasks call showed, if it filtered by a list. */
function shownListName(events: TurnContext["history"]): string | null {
  for (let k = events.length - 1; k >= 0; k--) {
    const e = events[k]!;
    if (e.kind === "call" && e.name === "list_tasks") return typeof e.input.list === "string" ? e.input.list : null;
  }
  return null;
}
/**
 * shown-list add: after "what's on the shopping list", "add kitchen roll to that" adds 'Kitchen roll' to
 * Shopping. Without a list shown the words stay in the title (nothing to point at).
 */
function onShownList(item: Omit<AddItem, "remindBeforeWithoutDue" | "remindOnDue">, events: TurnContext["history"]): typeof item {
  const w = item.title.split(" ");
  const end = w.slice(-2).join(" ").toLowerCase();
  if (w.length < 3 || item.list || !TO_SHOWN.has(end)) return item;
  const list = shownListName(events);
  // "put stamps on there": the verb of placing is not part of the title.
  const words = PLACING.has(w[0]!.toLowerCase()) ? w.slice(1, -2) : w.slice(0, -2);
  if (!list) return ON_THE_LIST.has(end) && words.length ? { ...item, title: capitalize(words.join(" ")) } : item;
  return words.length ? { ...item, title: capitalize(words.join(" ")), list } : item;
}

/** `groundable`: the readers' answer is not a confident request, so the message may be read against the user's tasks (grounding.ts). */
type Mapped = { calls: PlannedCall[]; notes: string[]; groundable?: boolean };

function mapIntent(intent: Intent, ctx: TurnContext): Mapped {
  const all = ctx.history;
  const out: Mapped = { calls: [], notes: [] };
  // Ordinals and pronouns resolve to ids, which are acted on together; phrases go one by one.
  const eachRef = (
    refs: Extract<Intent, { refs: unknown }>["refs"],
    onIds: (ids: string[]) => PlannedCall[],
    onTask: (task: string) => PlannedCall,
  ) => {
    const ids: string[] = [];
    for (const ref of refs) {
      const r = resolveRef(ref, all, ctx.clock);
      if ("problem" in r) out.notes.push(r.problem);
      else if ("ids" in r) ids.push(...r.ids.filter((id) => !ids.includes(id)));
      else out.calls.push(onTask(r.task));
    }
    if (ids.length) out.calls.push(...onIds(ids));
  };
  switch (intent.type) {
    case "add": {
      // Rule add-to-named-list: "add bin bags to cafe" — the user's lists looked up first (add-to-named-list.ts).
      const lists = listsOfTurn(ctx) ?? listsOfLookup(ctx);
      if (lists === null && has(ctx, "list_lists") && !groundable(ctx) && mayNameUnknownList(intent.items)) {
        out.calls.push(LISTS_LOOKUP);
        break;
      }
      for (const { remindBeforeWithoutDue, remindOnDue, ...said } of intent.items) {
        const item = placedInNamedList(said, lists ?? []);
        // "remind me about the dentist the day before at 9" and no such task: nothing to count from; never a new task.
        if (remindOnDue) {
          out.notes.push(`I couldn't find a task matching '${item.title}'. Say "show my tasks" to see what's on your list.`);
          continue;
        }
        out.calls.push({ toolName: "add_task", input: onShownList(item, all) });
        // Added without the reminder; the follow-up reader takes the answer (followups.ts).
        if (remindBeforeWithoutDue) out.notes.push(noDueForReminder(item.title, remindBeforeWithoutDue, item.due ?? null, ctx.clock));
      }
      break;
    }
    case "list":
      out.calls.push({ toolName: "list_tasks", input: listInput(intent.filter, false, ctx.clock) });
      break;
    case "complete":
      if (needsDeedCheck(ctx, intent)) {
        out.calls.push(LOOKUP);
        break;
      }
      eachRef(
        intent.refs,
        (ids) => manyIds(ctx, "complete_tasks", "complete_task", ids),
        (task) => ({ toolName: "complete_task", input: { task } }),
      );
      break;
    case "delete":
      eachRef(
        intent.refs,
        (ids) => manyIds(ctx, "delete_tasks", "delete_task", ids),
        (task) => ({ toolName: "delete_task", input: { task } }),
      );
      break;
    case "reopen": {
      const reopen = (task: string): PlannedCall => ({ toolName: "update_task", input: { task, status: "pending" } });
      eachRef(intent.refs, (ids) => ids.map(reopen), reopen);
      break;
    }
    case "update": {
      if (needsDueLookup(ctx, intent)) {
        out.calls.push(dueLookup(intent, intent.ref.text));
        break;
      }
      // list-out-of-it: "take it out of work" moves the task only when it is in that list.
      const outOf = intent.changes.outOfList?.toLowerCase();
      if (outOf && intent.ref.kind === "pronoun") {
        const r = resolveRef(intent.ref, all, ctx.clock);
        const inIt = (t: TaskView | null) => {
          const list = t?.list?.toLowerCase() ?? "";
          return list !== "" && (list === outOf || list.replace(/s$/, "") === outOf.replace(/s$/, ""));
        };
        if ("problem" in r) out.notes.push(r.problem);
        else if ("ids" in r && r.ids.every((id) => inIt(knownTask(all, id))))
          out.calls.push(...r.ids.map((id) => ({ toolName: "update_task", input: updateInput(ctx, id, intent.changes) })));
        else out.notes.push(`I couldn't see that task in a '${intent.changes.outOfList}' list, so I left it where it is.`);
        break;
      }
      const onlyCompletes = intent.changes.status === "completed" && Object.keys(intent.changes).length === 1;
      const update = (task: string): PlannedCall =>
        onlyCompletes
          ? { toolName: "complete_task", input: { task } }
          : { toolName: "update_task", input: updateInput(ctx, task, intent.changes) };
      eachRef([intent.ref], (ids) => ids.map(update), update);
      break;
    }
    case "bulk":
      if (intent.listed) {
        const list = latestList(all, ctx.clock) ?? [];
        const ids = bulkIds(intent.action, list);
        if (ids.length === 0)
          out.notes.push(
            list.length === 0
              ? "I'm not sure which tasks you mean. Ask me to show your tasks first."
              : "There's nothing to change there — they're already that way.",
          );
        else out.calls.push(...bulkCalls(ctx, intent.action, ids));
      } else {
        out.calls.push({ toolName: "list_tasks", input: listInput(intent.filter, true, ctx.clock) });
      }
      break;
    case "select": {
      const r = resolveRef(intent.ref, all, ctx.clock);
      if ("problem" in r) out.notes.push(r.problem);
      else {
        const titles = "ids" in r ? r.ids.map((id) => knownTask(all, id)?.title).filter(Boolean) : [r.task];
        out.notes.push(
          `What would you like me to do with ${titles.map((t) => `'${t}'`).join(", ") || "that"}? I can mark it done, change it or delete it.`,
        );
      }
      break;
    }
    case "bulkUpdate":
      // A day range the tool cannot filter by ("everything due friday") is listed first, then changed by id.
      if (has(ctx, "update_tasks") && !intent.filter.window && !intent.filter.scope && !intent.filter.except)
        out.calls.push({ toolName: "update_tasks", input: { filter: toolFilter(intent.filter), ...intent.changes } });
      else out.calls.push({ toolName: "list_tasks", input: listInput(intent.filter, true, ctx.clock) });
      break;
    case "createList":
      out.calls.push({ toolName: "create_list", input: { name: intent.name } });
      break;
    case "lists":
      out.calls.push({ toolName: "list_lists", input: {} });
      break;
    case "undo":
      if (has(ctx, "undo_last_turn")) out.calls.push({ toolName: "undo_last_turn", input: {} });
      else out.notes.push(socialText("no-undo", ctx.clock));
      break;
    case "plan":
      out.calls.push({ toolName: "list_tasks", input: listInput(intent.filter, true, ctx.clock) });
      out.notes.push("I can't plan it for you, but that's what's on your list — tell me what to move, add or finish.");
      break;
    case "offer": {
      // Rule things-for-list: "onion sets and compost for the allotment" goes into the user's list of that name, when there is one.
      const lists = intent.toList ? (listsOfTurn(ctx) ?? listsOfLookup(ctx)) : null;
      if (intent.toList && lists === null && has(ctx, "list_lists")) {
        out.calls.push(LISTS_LOOKUP);
        break;
      }
      // "things for the allotment": "for" names the list here (and only here).
      const placed = intent.toList ? placedInNamedList(intent.item, lists ?? [], JOINS_WITH_FOR) : intent.item;
      if (intent.toList && placed.list) out.calls.push({ toolName: "add_task", input: onShownList(placed, all) });
      else out.notes.push(offerText(intent.item, ctx.clock));
      break;
    }
    case "check":
      // "should i move the cake tasting to friday?": look up the thing to move (lexicon.ts movedThing).
      out.calls.push({
        toolName: "list_tasks",
        input: { status: "pending", query: checkQuery(movedThing(intent.item.title) ?? intent.item.title), limit: 100 },
      });
      break;
    case "say":
      out.notes.push(socialText(intent.kind, ctx.clock, intent.detail, intent.verb));
      break;
    case "confirm":
      out.notes.push("Okay! What would you like to do with your tasks?");
      break;
    case "deny":
      out.notes.push("No problem — I won't change anything.");
      break;
    case "unknown":
      out.notes.push(unknownText(intent.text, ctx.userText));
      break;
  }
  return out;
}

/** The list filter as update_tasks takes it (no day windows, no counts). */
function toolFilter(filter: ListFilter): Record<string, unknown> {
  const out: Record<string, unknown> = { status: filter.status ?? "pending" };
  if (filter.priority) out.priority = filter.priority;
  if (filter.due) out.due = filter.due;
  if (filter.query) out.query = filter.query;
  if (filter.list) out.list = filter.list;
  if (filter.label) out.label = filter.label;
  return out;
}

/** The words of a chore to look it up by: "buy the milk" → "buy the milk"; "call mum about the party" → all of it. */
function checkQuery(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9' -]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
}

/** One task's share of a bulk update, when update_tasks is not available. */
function perTaskUpdate(ctx: TurnContext, changes: BulkChanges, task: TaskView): PlannedCall {
  const input: Record<string, unknown> = { task: task.id };
  if (changes.priority) input.priority = changes.priority;
  if (changes.clearDue) input.clearDue = true;
  if (changes.due) input.due = changes.due;
  if (changes.shiftDays !== undefined) {
    const base = task.dueAt ? localParts(new Date(task.dueAt), ctx.clock.timeZone).date : ctx.clock.today;
    input.due = formatIsoDate(addDays(base, changes.shiftDays));
  }
  return { toolName: "update_task", input };
}

function bulkIds(action: "complete" | "delete" | "reopen", tasks: { id: string; status: string }[]): string[] {
  if (action === "complete") return tasks.filter((t) => t.status !== "completed").map((t) => t.id);
  if (action === "reopen") return tasks.filter((t) => t.status === "completed").map((t) => t.id);
  return tasks.map((t) => t.id);
}

function bulkCalls(ctx: TurnContext, action: "complete" | "delete" | "reopen", ids: string[]): PlannedCall[] {
  if (action === "complete") return manyIds(ctx, "complete_tasks", "complete_task", ids);
  if (action === "delete") return manyIds(ctx, "delete_tasks", "delete_task", ids);
  return ids.slice(0, 9).map((id) => ({ toolName: "update_task", input: { task: id, status: "pending" } }));
}

/** Calls and notes for the user's message, taking the previous turn's open question into account. */
export function firstStepOf(ctx: TurnContext): Mapped {
  const failure = pendingFailure(ctx.history);
  if (failure && ctx.intents.length === 1 && ctx.intents[0]) {
    const chosen = chooseCandidate(failure, ctx.intents[0], ctx.userText);
    if (chosen) return { calls: chosen.map((task) => ({ toolName: failure.name, input: { ...failure.input, task } })), notes: [] };
  }
  // Rule take-back: "wait, don't" right after a change (and no question asked) takes that change back.
  if (takesBack(ctx.userText) && lastTurnChanged(ctx) && !/\?\s*$/.test(lastAssistantText(ctx.history)))
    return mapIntent({ type: "undo" }, ctx);
  // Rule deed-denied: "oops no she didn't answer" right after a tick reopens it.
  if (deniesDeed(ctx.userText) && lastTurnCompleted(ctx) && !/\?\s*$/.test(lastAssistantText(ctx.history)))
    return mapIntent({ type: "undo" }, ctx);
  // Rule then-filler: "mark it done then", "tick it off then" (read as nothing) are the request before "then".
  const said = ctx.userText.trim().replace(/[.!]$/, "");
  const thenLess = /(?:^|[\s,])then$/i.test(said) ? said.slice(0, -4).trim().replace(/,$/, "") : ctx.userText;
  if (thenLess !== ctx.userText && ctx.intents.every((i) => i.type === "unknown")) {
    const reread = classify(thenLess, ctx.clock);
    if (reread.length && reread.every((i) => ["complete", "update", "delete", "reopen"].includes(i.type))) ctx.intents = reread;
  }
  // Rule pointed-day: "do them both tomorrow" after a list or a change (no question asked) moves them.
  const lastSaid = lastAssistantText(ctx.history);
  const pointed = lastSaid && !/\?\s*$/.test(lastSaid) ? pointedDay(ctx.userText, ctx.clock) : null;
  if (pointed) ctx.intents = classify(pointed, ctx.clock);
  const answer = contextualAnswer(lastAssistantText(ctx.history), ctx.intents, ctx.userText, ctx.clock, ctx.history);
  if (answer) return answer;
  const carried = dialogueAnswer(ctx);
  if (carried) return carried;
  // "cat litter" after "Which one did you mean?": an answer, never a thing to get (rule answer-not-thing);
  // set on the context so every later step of this turn reads it the same.
  ctx.intents = answerNotThing(ctx.intents, lastAssistantText(ctx.history), ctx.userText, ctx.clock);
  const merged: Mapped = { calls: [], notes: [], groundable: groundable(ctx) };
  for (const intent of withinMessagePronouns(ctx.intents)) {
    const m = mapIntent(intent, ctx);
    merged.calls.push(...m.calls);
    merged.notes.push(...m.notes);
  }
  // "done, mark it complete" reads as two identical requests: act once.
  const seen = new Set<string>();
  merged.calls = merged.calls.filter((c) => {
    const key = `${c.toolName}:${JSON.stringify(c.input)}`;
    if (seen.has(key) || !has(ctx, c.toolName)) return false;
    seen.add(key);
    return true;
  });
  merged.calls = oneUpdatePerTask(merged.calls);
  return merged;
}

/**
 * "the car is a weekend job, put it on saturday": two edits of one task in one message are one
 * update, the later clause's fields winning (two calls would run at once and race).
 */
function oneUpdatePerTask(calls: PlannedCall[]): PlannedCall[] {
  const out: PlannedCall[] = [];
  const at = new Map<string, number>();
  for (const c of calls) {
    const task = c.toolName === "update_task" && typeof c.input.task === "string" ? c.input.task : null;
    const i = task === null ? undefined : at.get(task);
    if (i === undefined) {
      if (task !== null) at.set(task, out.length);
      out.push(c);
    } else out[i] = { toolName: "update_task", input: { ...out[i]!.input, ...c.input } };
  }
  return out;
}

/** Words that make a message refused as off-topic worth reading against the tasks (a change may be meant). */
const OFF_TOPIC_TASK_CUE =
  /\b(?:before|remind|reminder|heads up|list|label|tag|priority|urgent|repeat|every|another|more|wait|until|till|instead|today|tonight|tomorrow|tmrw|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|moved|postponed|delayed|extended|rescheduled|pushed|week|weeks|days|fortnight)\b/;

/**
 * A yes/no question in words ("can the florist wait?", "is the cake before or after the florist",
 * "did i get the euros", "do i need to tick off the caterer"), not a request put as one ("can you
 * move …", "do the car wash tmrw") nor a question about the world (`isOffTopic`): rule question-names-task.
 */
function askedAboutTasks(text: string): boolean {
  const t = text.trim().toLowerCase();
  if (/^(?:can|could|would|will)\s+(?:you|u|ya)\b/.test(t) || isOffTopic(t)) return false;
  return /^(?:(?:is|isnt|isn't|are|arent|aren't|was|were|can|could|would|should|shall|will|does|did|didnt|didn't)\s|(?:do|have|has)\s+(?:i|we|you|u|they|it|he|she)\b)/.test(
    t,
  );
}

/**
 * Grounding (docs/agent.md "Grounding"): a single clause the readers could not take as a confident
 * request — they offer it, answer it or ask — and that has a word which could name a task is read
 * again against the user's tasks, after one lookup. Confident readings ("add buy milk") never cost
 * the lookup.
 */
function groundable(ctx: TurnContext): boolean {
  // offers-read-whole (named rule): "flights arent someday anymore, remove that label" read as two
  // offers, neither a to-do the user asked for: the whole message may be one change of a task.
  if (ctx.intents.length > 1 && ctx.intents.every((i) => i.type === "offer") && has(ctx, "list_tasks") && has(ctx, "update_task"))
    return mightNameTask(ctx.userText);
  // label-word-whole (named rule): "glasses isnt urgent anymore, remove the tag" read as a priority
  // and an offer of "Remove the tag": a message that names a label or tag is read whole against the
  // tasks first, where "urgent" may be the task's label.
  if (
    ctx.intents.length > 1 &&
    ctx.intents.some((i) => i.type === "offer") &&
    ctx.intents.every((i) => i.type === "offer" || i.type === "update") &&
    /\b(?:label|tag)\b/.test(ctx.userText.toLowerCase()) &&
    has(ctx, "list_tasks") &&
    has(ctx, "update_task")
  )
    return mightNameTask(ctx.userText);
  const intent = ctx.intents.length === 1 ? ctx.intents[0] : undefined;
  if (!intent || !has(ctx, "list_tasks") || !has(ctx, "update_task")) return false;
  if (pickedAfterWhich(ctx)) return true;
  // "stick the keys in errands": a placing verb and a closing "in NAME" may move a task to a list
  // with nothing in it yet (rule lists-lookup), whatever the readers made of it.
  if (
    (intent.type === "offer" || intent.type === "add" || intent.type === "unknown") &&
    CHANGE_START.test(ctx.userText.trim().toLowerCase()) &&
    !/\s(?:in|into|on|onto|to)\s+(?:the\s+|my\s+)?(?:list|lists|todo|todos)\s*(?:pls|please)?[.!]*$/i.test(ctx.userText.trim()) &&
    /\s(?:in|into|on|onto|to)\s+(?:the\s+|my\s+)?[a-z]+(?:\s+list)?\s*(?:pls|please)?[.!]*$/i.test(ctx.userText.trim())
  )
    return true;
  // A rename that may be a misread change is never made without reading it against the tasks.
  if (intent.type === "update" && misreadChange(ctx)) return true;
  // "mum's birthday is on the 14th": a day told of a thing may be the day of what a task is for (rule date-of-what-for).
  if (intent.type === "update" && toldDayOf(ctx, intent)) return mightNameTask(ctx.userText);
  if (intent.type === "offer" && intent.item.due && INTENTION_LEAD.test(ctx.userText.trim().toLowerCase())) return true;
  // A feeling names a task at most ("can't wait for the party on saturday"); it asks for nothing.
  if (intent.type === "say" && intent.kind === "remark" && isFeeling(ctx.userText)) return false;
  // rule question-names-task: a question refused as off-topic may ask about a task the user has.
  if (intent.type === "say" && intent.kind === "offtopic" && askedAboutTasks(ctx.userText)) return true;
  const uncertain =
    intent.type === "offer" ||
    intent.type === "unknown" ||
    (intent.type === "say" && (intent.kind === "unclear" || intent.kind === "remark" || intent.kind === "cancel-ambiguous")) ||
    // "give me a heads up an hour before the boiler service": refused as off-topic only for want of a task.
    (intent.type === "say" && intent.kind === "offtopic" && OFF_TOPIC_TASK_CUE.test(ctx.userText.toLowerCase())) ||
    // "drop the urgent label from the glasses": a delete whose words name a label or a list.
    (intent.type === "delete" && /\b(?:label|tag)\b/.test(ctx.userText.toLowerCase())) ||
    misreadChange(ctx) ||
    // "set the glasses to repeat every day", "put the glasses on my errands list": a new task only
    // if no existing task is named; "add …", "remind me to …" never look.
    (intent.type === "add" && intent.items.length === 1 && junkAdd(ctx.userText.trim().toLowerCase(), intent.items[0]));
  // "can you order me a pizza?": an errand for the assistant, answered without a lookup.
  if (
    /^(?:can|could|would|will) (?:you|u) (?:please )?(?:order|buy|book|get|fetch|bring|cook|pick up|collect)\b/.test(
      ctx.userText.toLowerCase(),
    )
  )
    return false;
  // "need to get the optician done by wed": a to-do said in passing may name a task the user has (duplicates.ts).
  if (intent.type === "add" && looksBeforeAdding(ctx.userText, intent.items)) return true;
  // "pop the prescription into errands": a placing verb, a noun phrase and a list — the task the user
  // has, moved, not a new one titled "The prescription" (rule placed-noun-phrase).
  if (
    intent.type === "add" &&
    intent.items.length === 1 &&
    intent.items[0]?.list !== undefined &&
    VERBLESS(intent.items[0].title) &&
    CHANGE_START.test(ctx.userText.trim().toLowerCase())
  )
    return true;
  // "remind me about the boiler service the morning it's due": the reminder goes on the task it names.
  if (intent.type === "add" && intent.items.some((i) => i.remindOnDue)) return true;
  // "bin bags", "cancel the paper round": a delete of a task, or a chore? The user's tasks say.
  if (intent.type === "say" && intent.kind === "cancel-ambiguous") return true;
  return uncertain && mightNameTask(ctx.userText);
}

/** A due change read from a statement of a day ("X is on the 14th", "X's in 6 days"): grounding.ts `toldDayOfThing`. */
function toldDayOf(ctx: TurnContext, intent: Extract<Intent, { type: "update" }>): boolean {
  return intent.ref.kind === "phrase" && Object.keys(intent.changes).join() === "due" && toldDayOfThing(ctx.userText.toLowerCase());
}

/**
 * A confident reading that may be a misreading of a change to one task, so the message is read
 * against the user's tasks first and, when grounding cannot read it, nothing is written:
 * - reminder-not-delete: "I don't need the reminder for the plants" read as a delete;
 * - slot-not-title: "change the orchids to every two weeks" read as a rename to "Every two weeks"
 *   (a new title that is only a repeat or a day, or a list: "team offsite -> work list").
 */
function misreadChange(ctx: TurnContext): boolean {
  const intent = ctx.intents.length === 1 ? ctx.intents[0] : undefined;
  if (intent?.type === "delete") return /\b(?:reminder|reminders|reminding|alert|alarm|notification)\b/.test(ctx.userText.toLowerCase());
  if (intent?.type !== "update" || !intent.changes.title) return false;
  // "team offsite -> work list": a list named, not a new title.
  if (/^\S+ list$/i.test(intent.changes.title.trim())) return true;
  // "gutters -> errands": one word after an arrow may be a list (arrow-list); read against the tasks and lists first.
  if (/->|→/.test(ctx.userText) && !/\s/.test(intent.changes.title.trim())) return true;
  // "fish tank should be a fortnightly thing": an article and a "thing/one" around the slot are no title either.
  const said = intent.changes.title.trim().split(" ");
  if (/^(?:a|an|the)$/i.test(said[0] ?? "")) said.shift();
  if (/^(?:thing|one|job|task)$/i.test(said.at(-1) ?? "")) said.pop();
  const bare = said.join(" ");
  // "every other day not daily, and buy milk": a repeat or a day before the comma (and the old one it replaces) is no title either.
  const head = withoutReplaced(bare.split(",")[0]!);
  return [bare, head].some((value) => {
    const line = readTaskLine(`x ${value}`, ctx.clock);
    return line.title.trim().toLowerCase() === "x" && Boolean(line.recurrence ?? line.due);
  });
}

/** A message starting with one of these words may change an existing task rather than add one. */
const CHANGE_START =
  /^(?:(?:can|could|would|will) (?:you|u) |please |pls )?(?:set|make|put|take|change|move|give|drop|mark|tag|untag|label|let|keep|leave|bump|push|shift|stick|pop|shove|chuck|bung|whack|slap|plonk|file|switch|turn)\b/;

/** A title the add reader left a change verb, an article or a change word in ("Set the glasses to repeat", "The glasses"). */
const JUNK_TITLE =
  /^(?:set|make|take|put|change|give|drop|mark|tag|untag|label|let|keep|leave|bump|push|shift|stick|pop|shove|chuck|bung|whack|slap|plonk|file|switch|turn|the|my)\b|\b(?:repeat|repeats|repeating|label|tag|one|thing|stuff)\b/i;

/**
 * An add that may really be a change of an existing task: a change verb with a title that kept a
 * change word or an article ("set the glasses to repeat every day"), or a list ("put sam's
 * present on my shopping list"), and a reminder "before" something ("i want a reminder the day
 * before the dry cleaning").
 */
function junkAdd(text: string, item: AddItem | undefined): boolean {
  if (!item) return false;
  // "actually need the bike fixed by tomorrow": a title the add reader left "need" in may be a task the user has (else it is added).
  // "by thursday I need the report sent" says who needs it: a wish, left to the readers.
  if (/^(?:need|needs|gotta|must)\b/i.test(item.title) && !/\b(?:i|we)\b/.test(text)) return true;
  // "remind me to call dad at 7pm", "water plants every 3 days": a time or repeat for a task the user may already have.
  const timed = /^remind me to\b/.test(text) && item.due?.includes("T") === true;
  if ((item.remindAt || item.recurrence || timed) && !/^(?:please |pls )?(?:add|create|new|todo|to-do)\b/.test(text)) return true;
  if (/^(?:please |pls )?(?:add|create|new|todo|to-do|remind me to)\b/.test(text)) return false;
  // "remind me abt the gas bill tomorrow morning", "set a reminder for car insurance, 3pm": a reminder on a task the user may have.
  if (/^(?:remind me|set a reminder|ping me|buzz me|nudge me) (?:about|abt|bout|re|for|on)\b/.test(text)) return true;
  if (CHANGE_START.test(text) && (JUNK_TITLE.test(item.title) || item.list !== undefined)) return true;
  // "remind me about the optician tomorrow", "the glasses, push it to friday", "glasses by the weekend".
  if (VERBLESS(item.title)) return true;
  return /^reminder\b/i.test(item.title) || (/\bbefore\b/.test(text) && /\b(?:remind|reminder|warn|ping|nudge|buzz|heads up)\b/.test(text));
}

/** A title that is a noun phrase, not a to-do ("The optician", "Glasses"): it may name a task the user has. Two-word noun titles ("Dentist appointment") are added without a look. */
function VERBLESS(title: string): boolean {
  const first = title.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  return /^(?:the|my)$/.test(first) || (first !== "" && !isBaseVerb(first) && title.trim().split(/\s+/).length === 1);
}

const LOOKUP: PlannedCall = { toolName: "list_tasks", input: { limit: 100 } };

const WRITE_TOOLS = new Set(["update_task", "complete_task"]);

/** The turn so far is one change whose task was not found, with no retry left: worth one lookup. */
function failedWriteToGround(ctx: TurnContext): boolean {
  const intent = ctx.intents.length === 1 ? ctx.intents[0] : undefined;
  if (!intent || (intent.type !== "update" && intent.type !== "complete") || !has(ctx, "list_tasks")) return false;
  const calls = ctx.turn.filter((e): e is ToolCallEvent => e.kind === "call");
  const results = ctx.turn.filter((e): e is ToolResultEvent => e.kind === "result");
  if (calls.length === 0 || calls.some((c) => !WRITE_TOOLS.has(c.name))) return false;
  const last = results.at(-1);
  if (!last || last.outcome.kind !== "fail" || last.outcome.code !== "not_found") return false;
  // Retries first (retries.ts); ground only when none is left.
  const tried = new Set(calls.map((c) => String(c.input.task ?? "")));
  if (calls.length === 1 && alternativesFor(last).some((g) => g.every((t) => !tried.has(t)))) return false;
  // Only a phrase with a word no title may carry ("the library stuff", "the optician appointment", "mum's").
  const phrase = String(calls[0]?.input.task ?? "").toLowerCase();
  // …or a title's noun with a word about it ("essay deadline", "passport renewal", "landlord email", "bookshelf is whatever").
  // A modal is never part of a title ("roadmap can slip").
  return (
    (/\b(?:stuff|thing|one|appointment|appt|bit|job|business|booking|due|deadline|renewal|pickup|email|reply|call|visit|is|are|its|should|can|could|will|would|be|now|instead)\b|'s\b/.test(
      phrase,
    ) ||
      // "chasing the refund is top priority": a task named by its verb's -ing form.
      (phrase.split(" ")[0]!.endsWith("ing") && phrase.split(" ").length > 1) ||
      // "bump mum to the top" read as the phrase "mum to the": a phrase ending in a joining word.
      /\s(?:to|the|of|up|down)$/.test(phrase)) &&
    mightNameTask(ctx.userText)
  );
}

/** The lookup this model made after a failed change (failedWriteToGround), and what it found. */
function groundingAfterFailure(ctx: TurnContext): { call: ToolCallEvent; result: ToolResultEvent } | null {
  const i = ctx.turn.findIndex((e) => e.kind === "call" && e.name === "list_tasks");
  const call = ctx.turn[i];
  const result = ctx.turn.slice(i + 1).find((e): e is ToolResultEvent => e.kind === "result" && e.name === "list_tasks");
  if (i < 1 || call?.kind !== "call" || !result) return null;
  const before = { ...ctx, turn: ctx.turn.slice(0, i) };
  return failedWriteToGround(before) ? { call, result } : null;
}

/** The calls for a change grounded on one task. */
function groundedCalls(ctx: TurnContext, g: GroundedChange): PlannedCall[] {
  if (g.changes.status === "completed") return [{ toolName: "complete_task", input: { task: g.task.id } }];
  return [{ toolName: "update_task", input: updateInput(ctx, g.task.id, g.changes, g.task) }];
}

/** An open task sharing a word of four letters or more with the title. */
function similarTask(title: string, found: TaskView[]): TaskView | undefined {
  const words = new Set(title.toLowerCase().match(/[a-z]{4,}/g) ?? []);
  return found.find((t) => t.status !== "completed" && (t.title.toLowerCase().match(/[a-z]{4,}/g) ?? []).some((w) => words.has(w)));
}

/** The one open task whose title holds every word (four letters or more) of `title`, a plural or a stem apart. */
function sameTaskSaid(title: string, found: TaskView[]): TaskView | undefined {
  const said = title.toLowerCase().match(/[a-z]{4,}/g) ?? [];
  if (said.length < 2) return undefined;
  const fits = found.filter((t) => {
    const own = t.title.toLowerCase().match(/[a-z]{4,}/g) ?? [];
    return (
      t.status !== "completed" &&
      said.every((w) => own.some((o) => o === w || (Math.min(o.length, w.length) >= 4 && (o.startsWith(w) || w.startsWith(o)))))
    );
  });
  return fits.length === 1 ? fits[0] : undefined;
}

/** An intention with a day ("i'll book the flights on sunday"): a task the user has may be meant (intention-moves-own-task). */
const INTENTION_LEAD = /^(?:i'll|ill|i will|i'm gonna|im gonna|i am gonna|gonna|planning to|i'm planning to|im planning to)\s/;

/** The cancelling verbs that are also chores ("cancel the paper round", "drop the kids at school", "bin bags"). */
const CHORE_VERBS = new Set(["cancel", "drop", "bin", "trash", "toss"]);
/** The add made for a cancel that named no task ("bin bags"): the question it would have asked is void. */
function choreForCancel(ctx: TurnContext, called: ToolCallEvent[]): boolean {
  const intent = ctx.intents.length === 1 ? ctx.intents[0] : undefined;
  return intent?.type === "say" && intent.kind === "cancel-ambiguous" && called.some((c) => c.name === "add_task");
}

/** No task's title shares a word (or a near spelling of one) with the phrase. */
function nothingNamed(phrase: string, found: TaskView[]): boolean {
  return found.every((t) => scoreTitle(phrase, t.title).coverage === 0);
}

/** A title that kept a placing verb of a change ("put renew the passport in travel"). */
const KEPT_VERB = /^(?:put|move|set|make|take|change|give|mark|stick|pop|file|switch|turn)\b/i;

/** "Jory's bike needs a new chain before sunday" → "chain": the thing a need names, up to its first joining word; "" for no need. */
function thingNeeded(title: string): string {
  const words = title.toLowerCase().split(/\s+/);
  const at = words.indexOf("needs");
  if (at < 1) return "";
  const end = words.findIndex((w, i) => i > at && /^(?:before|by|for|on|at|this|next|from|to|in|till|until)$/.test(w));
  return words
    .slice(at + 1, end < 0 ? undefined : end)
    .filter((w) => !/^(?:a|an|some|more|another|new|fresh|his|her|their)$/.test(w))
    .join(" ");
}

/**
 * "mrcp booking is urgent, blah blah random": the title is the subject of a statement ("X is/are …"),
 * news of a thing the user may already have, not a chore asked for (rule stated-subject).
 */
function statedSubject(text: string, title: string): boolean {
  const head = title.split(",")[0]!.trim().toLowerCase();
  const said = text
    .trim()
    .toLowerCase()
    .replace(/^(?:the|my|our)\s+/, "");
  return head !== "" && said.startsWith(head) && /^(?:\s+(?:is|are|was|were)\b|'s\b|s\b)/.test(said.slice(head.length));
}

/**
 * "remind me to move the car at 8am" beside "Renew the car tax": after "remind me to" the verb is the
 * chore's, not a change of a task, so a grounded change is taken only when the chore names that
 * task (duplicates.ts: "remind me to ring dad at 7" beside "Call dad").
 */
function choreOfItsOwn(ctx: TurnContext, task: TaskView): boolean {
  const intent = ctx.intents.length === 1 ? ctx.intents[0] : undefined;
  const item = intent?.type === "add" && intent.items.length === 1 ? intent.items[0] : undefined;
  return item !== undefined && /^remind me to\b/.test(ctx.userText.toLowerCase()) && findDuplicate(item.title, [task]) === null;
}

/** Words of an answer that pick nothing: "the fix one", "that one pls", "i meant the buy one". */
const PICK_FILLER = new Set(
  "the a an one ones that this it thing task i mean meant pls please yeah yep yes oh sorry ok okay its it's lol obvs".split(" "),
);
const PICK_ORDINAL: Record<string, number> = { first: 0, "1st": 0, "1": 0, top: 0, second: 1, "2nd": 1, "2": 1, bottom: -1, last: -1 };

/**
 * which-answer (named rule): after grounding asked "Which one do you mean: 'A' or 'B'?", a short
 * answer whose every word is a filler, an ordinal or a word of exactly one of the titles ("fix one",
 * "the buy one", "second") picks that task; the message asked about is then read against it alone.
 * Anything else ("buy milk", "not the buy one") is no answer here and is read as it is.
 */
function pickedAfterWhich(ctx: TurnContext): { text: string; title: string } | null {
  const asked = /^Which one do you mean: (.+)\? Tell me a little more/.exec(lastAssistantText(ctx.history));
  if (!asked) return null;
  const titles = [...asked[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
  const earlier = [...ctx.history].reverse().find((e) => e.kind === "user");
  const words = ctx.userText
    .toLowerCase()
    .replace(/[^a-z0-9' ]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  if (!earlier || earlier.kind !== "user" || titles.length < 2 || words.length === 0 || words.length > 5) return null;
  const content = words.filter((w) => !PICK_FILLER.has(w));
  const ordinal = content.length === 1 ? PICK_ORDINAL[content[0]!] : undefined;
  if (ordinal !== undefined) {
    const title = titles.at(ordinal);
    return title ? { text: earlier.text, title } : null;
  }
  if (content.length === 0) return null;
  const has = (title: string, w: string) =>
    title
      .toLowerCase()
      .split(/[^a-z0-9']+/)
      .some((t) => t === w || (w.length >= 3 && t.length >= 3 && (t.startsWith(w) || w.startsWith(t))));
  const fits = titles.filter((title) => content.every((w) => has(title, w)));
  return fits.length === 1 ? { text: earlier.text, title: fits[0]! } : null;
}

const LISTS_LOOKUP: PlannedCall = { toolName: "list_lists", input: {} };

/**
 * lists-lookup (named rule): grounding knows only the lists its tasks are in, so a change that
 * tags a label no task of the user carries ("the gutters are a home thing") may name a list with
 * no task in it yet. One `list_lists` first; the message is then read again with every list's name
 * (`listsOfTurn`), and tags only when there is no such list.
 */
function newLabelMayBeList(ctx: TurnContext, change: GroundedChange, found: TaskView[]): boolean {
  const label = change.changes.labels?.length === 1 ? change.changes.labels[0]!.toLowerCase() : null;
  if (!label || change.changes.list !== undefined || !has(ctx, "list_lists")) return false;
  return !found.some((t) => (t.labels ?? []).some((l) => l.toLowerCase() === label));
}

/** Whether the message would read as a move to a list if one of its own words named a list (then worth a `list_lists`). */
function readsWithSomeList(ctx: TurnContext, found: TaskView[]): boolean {
  if (!has(ctx, "list_lists")) return false;
  const said = ctx.userText.toLowerCase().match(/[a-z][a-z-]{2,}/g) ?? [];
  // "… to maple court": a list's name closing the message may be two words.
  const closing = said.length >= 2 ? [`${said.at(-2)} ${said.at(-1)}`] : [];
  const words = [...new Set([...said.slice(0, 30), ...closing])];
  const g = groundMessage(ctx.userText, found, ctx.clock, words);
  return g?.kind === "change" && g.change.changes.list !== undefined;
}

/** The lists the tasks this turn looked up are in (null before any lookup). */
function listsOfLookup(ctx: TurnContext): string[] | null {
  const r = ctx.turn.find((e): e is ToolResultEvent => e.kind === "result" && e.name === "list_tasks");
  if (!r || r.outcome.kind !== "ok") return null;
  return [...new Set(toTaskViews(r.outcome.value.tasks).flatMap((t) => (t.list ? [t.list] : [])))];
}

/** After the lookup: the grounded change, a question when two tasks fit, or the readers' own answer. */
function afterLookup(ctx: TurnContext, first: Mapped, found: TaskView[]): Step {
  // "fix one" after "Which one do you mean: 'Buy a lamp' or 'Fix the lamp'?": the earlier message, on that task alone.
  const picked = pickedAfterWhich(ctx);
  if (picked) {
    const g = groundMessage(
      picked.text,
      found.filter((t) => t.title === picked.title && t.status !== "completed"),
      ctx.clock,
    );
    if (g?.kind === "change") return { calls: [g.change, ...(g.also ?? [])].flatMap((c) => groundedCalls(ctx, c)), text: "" };
    return {
      calls: [],
      text: `I couldn't tell what to change on '${picked.title}'. Tell me again with its name, for example "tag ${picked.title.toLowerCase()} urgent".`,
    };
  }
  // rule question-names-task: "can the florist wait?", "did i get the euros": the tasks it names, shown, never changed.
  // A question that was looked up before (it might name a task) keeps a change read from it ("can the window
  // cleaner wait until next week"); one looked up only to answer is never read as a change.
  const asked = ctx.intents.length === 1 ? ctx.intents[0] : undefined;
  if (asked?.type === "say" && asked.kind === "offtopic" && askedAboutTasks(ctx.userText)) {
    const before = OFF_TOPIC_TASK_CUE.test(ctx.userText.toLowerCase()) && mightNameTask(ctx.userText);
    if (!before || groundMessage(ctx.userText, found, ctx.clock)?.kind !== "change") {
      const named = tasksAskedAbout(ctx.userText, found);
      if (named.length > 0) return { calls: [], text: askedAboutText(named, ctx.clock) };
      if (!before) return { calls: [], text: socialText("offtopic", ctx.clock) };
    }
  }
  const explicit = ctx.intents.length === 1 ? ctx.intents[0] : undefined;
  // "remind me about the boiler service the morning it's due": a reminder for the task the add names, before any other reading.
  if (explicit?.type === "add" && explicit.items.some((i) => i.remindOnDue)) {
    const onTask = duplicateStep(ctx, found);
    if (onTask) return onTask;
    // "nudge me abt mums bday the night before": the task's name in other words ("bday" for
    // "birthday"), as the tools resolve it; one open task only.
    const item = explicit.items.length === 1 ? explicit.items[0] : undefined;
    const open = found.filter((t) => t.status !== "completed");
    // The resolver reads ids, titles and statuses only.
    const r = item ? resolveReference(item.title, open as unknown as Parameters<typeof resolveReference>[1]) : null;
    const named = r?.kind === "one" ? open.find((t) => t.id === r.task.id) : undefined;
    const slots = item && named ? slotsOf(item, named, formatIsoDate(ctx.clock.today)) : null;
    if (named && slots) return { calls: [{ toolName: "update_task", input: updateInput(ctx, named.id, slots, named) }], text: "" };
  }
  const g = groundMessage(ctx.userText, found, ctx.clock);
  if (g?.kind === "whatFor") {
    const day = describeLocalDue(g.due, ctx.clock);
    return {
      calls: [],
      text: `Noted. I've left ${quote(g.task.title)} as it is; if it should be due ${day}, say "move it to ${day}".`,
    };
  }
  // "the gutters are a home thing" beside an empty Home list: a new label may be a list's name.
  if (g?.kind === "change" && newLabelMayBeList(ctx, g.change, found)) return { calls: [LISTS_LOOKUP], text: "" };
  // "windows arent work, theyre home": a change only if a word is a list with no task in it yet.
  if (g?.kind !== "change" && readsWithSomeList(ctx, found)) return { calls: [LISTS_LOOKUP], text: "" };
  if (g?.kind === "change" && !choreOfItsOwn(ctx, g.change.task))
    return { calls: [g.change, ...(g.also ?? [])].flatMap((c) => groundedCalls(ctx, c)), text: "" };
  const duplicate = duplicateStep(ctx, found);
  if (duplicate) return duplicate;
  if (g?.kind === "ambiguous")
    return {
      calls: [],
      text: `Which one do you mean: ${g.tasks.map((t) => `'${t.title}'`).join(" or ")}? Tell me a little more of its name and what to change.`,
    };
  const intent = ctx.intents[0];
  // "bin bags", "ditch the gym membership", "cancel the paper round": a cancel that no task of the
  // user's answers to (not one word of it in any title) can only be the chore itself.
  if (intent?.type === "say" && intent.kind === "cancel-ambiguous" && intent.detail && !g && nothingNamed(intent.detail, found)) {
    const item = CHORE_VERBS.has(intent.verb ?? "cancel") ? readAdd(ctx.userText, ctx.clock)[0] : undefined;
    // "bin bags!!" after "Which one did you mean?": an answer, only offered (rule answer-not-thing).
    if (item?.title && askedBefore(lastAssistantText(ctx.history))) return { calls: [], text: offerText(item, ctx.clock) };
    if (item?.title) return { calls: [{ toolName: "add_task", input: onShownList({ ...item }, ctx.history) }], text: "" };
    // "nix the bags": only a delete would say that, and there is nothing of that name.
    return { calls: [], text: `I couldn't find a task matching '${intent.detail}'. Say "show my tasks" to see what's on your list.` };
  }
  // A title that matches a task the user has is offered with a note, never added: it may be that
  // task — a noun phrase ("glasses by the weekend" beside "Order new glasses") or a title that kept
  // a placing verb ("put renew the passport in travel").
  const item = intent?.type === "add" && intent.items.length === 1 ? intent.items[0] : undefined;
  // A kept verb is no shared word ("Take the dog out" is not "Take the bins out").
  // "take ruby and josh to the pantomime": taking someone somewhere is a chore of its own, not a task moved.
  const outing =
    item !== undefined && /^take\b.+\bto\s+(?:the\s+)?[a-z]+(?:\s+[a-z]+)?$/i.test(item.title) && !/\blists?$/i.test(item.title);
  const twin =
    item && !outing && (VERBLESS(item.title) || KEPT_VERB.test(item.title) || statedSubject(ctx.userText, item.title))
      ? similarTask(item.title.replace(KEPT_VERB, ""), found)
      : item && !outing
        ? similarTask(thingNeeded(item.title), found)
        : undefined;
  if (item && twin) return { calls: [], text: `You already have '${twin.title}'. ${offerText(item, ctx.clock)}` };
  // A rename to a repeat or a day is never made; a delete about a reminder still asks first.
  if (misreadChange(ctx) && intent?.type === "update") return { calls: [], text: socialText("unclear", ctx.clock) };
  // Nothing named, or not every word explained: the readers' own reading stands.
  if (first.calls.length > 0) return { calls: first.calls.slice(0, MAX_CALLS_PER_STEP), text: "" };
  const notes = [...first.notes];
  // "the glasses need another week" read as a new to-do: say that a similar task exists.
  if (intent?.type === "offer") {
    // Rule intention-moves-own-task: "i'll book the flights on sunday" beside 'Book flights for
    // easter' offers to move that task to the day said, never a twin of it; nothing is written.
    const own = intent.item.due && !intent.item.recurrence ? sameTaskSaid(intent.item.title, found) : undefined;
    if (own && intent.item.due && (own.dueAt ?? "").slice(0, 10) !== intent.item.due.slice(0, 10))
      return { calls: [], text: moveOfferText(own.title, intent.item.due, ctx.clock) };
    const similar = similarTask(intent.item.title, found);
    if (similar) notes.unshift(`You already have '${similar.title}'.`);
  }
  return { calls: [], text: notes.join(" ") || socialText("unclear", ctx.clock) };
}

/** "remind me about X", "set a reminder for X", "ping me about X": a reminder asked for a thing named. */
const REMIND_ABOUT = /^(?:(?:can|could) you\s+)?(?:remind me|set (?:a|me a) reminder|ping me|nudge me)\s+(?:about|for|of|abt)\s/i;

/**
 * An add said in passing whose title names a task the user has (duplicates.ts): its slots go onto
 * that task; without slots, or when the task is only similar, nothing is written and the add is offered.
 */
function duplicateStep(ctx: TurnContext, found: TaskView[]): Step | null {
  const intent = ctx.intents.length === 1 ? ctx.intents[0] : undefined;
  if (intent?.type !== "add" || !looksBeforeAdding(ctx.userText, intent.items)) return null;
  // "remind me to check in online 2 hours before the flight": timed from that task, a new to-do.
  const timed = intent.items.length === 1 ? beforeTask(ctx.userText, found, ctx.clock) : null;
  if (timed) {
    const said = addBody(timed.body);
    const item = (said ? readAdd(said.body, ctx.clock, said.list, said.prefix) : readAdd(timed.body, ctx.clock))[0];
    if (item?.title) return { calls: [{ toolName: "add_task", input: { ...item, due: timed.at, remindAt: timed.at } }], text: "" };
  }
  const dups = intent.items.map((item) => findDuplicate(item.title, found));
  if (dups.every((d) => d === null)) return null;
  if (intent.items.length === 1) {
    const item = intent.items[0]!;
    const dup = dups[0]!;
    const slots = dup.kind === "same" ? slotsOf(item, dup.task, formatIsoDate(ctx.clock.today)) : null;
    // "remind me the night before the vat's due" beside 'Submit VAT return' and 'Reconcile card takings for VAT': a
    // change of one of two tasks the words fit equally is never a guess.
    const rival = slots
      ? findDuplicate(
          item.title,
          found.filter((t) => t.id !== dup.task.id),
        )
      : null;
    if (rival?.kind === "same")
      return { calls: [], text: `Which one do you mean: '${dup.task.title}' or '${rival.task.title}'? Tell me a little more of its name.` };
    if (slots) return { calls: [{ toolName: "update_task", input: updateInput(ctx, dup.task.id, slots, dup.task) }], text: "" };
    // Rule remind-when: "remind me about the tennis" with no time, and the task is there: asked when (followups.ts).
    if (REMIND_ABOUT.test(ctx.userText.trim()) && !item.due && !item.remindAt) return { calls: [], text: remindWhen(dup.task.title) };
    return { calls: [], text: `You already have '${dup.task.title}'. ${offerText(item, ctx.clock)}` };
  }
  // Several at once ("pay the gas bill and call the landlord"): only the new ones are added.
  const calls: PlannedCall[] = [];
  intent.items.forEach((item, i) => {
    const dup = dups[i];
    if (!dup) calls.push({ toolName: "add_task", input: { ...item } });
    const slots = dup?.kind === "same" ? slotsOf(item, dup.task, formatIsoDate(ctx.clock.today)) : null;
    if (dup && slots) calls.push({ toolName: "update_task", input: updateInput(ctx, dup.task.id, slots, dup.task) });
  });
  return calls.length > 0 ? { calls, text: "" } : { calls: [], text: duplicateNotes(ctx, found).join(" ") };
}

/** "You already have 'X'." for each item of the add that was not added because the user has it. */
function duplicateNotes(ctx: TurnContext, found: TaskView[]): string[] {
  const intent = ctx.intents.length === 1 ? ctx.intents[0] : undefined;
  if (intent?.type !== "add" || intent.items.length < 2 || !looksBeforeAdding(ctx.userText, intent.items)) return [];
  return intent.items.flatMap((item) => {
    const dup = findDuplicate(item.title, found);
    return dup && !(dup.kind === "same" && slotsOf(item, dup.task, formatIsoDate(ctx.clock.today)))
      ? [`You already have '${dup.task.title}'.`]
      : [];
  });
}

/** "charger is packed, mark it done": a pronoun after a task named earlier in the same message means that task. */
function withinMessagePronouns(intents: Intent[]): Intent[] {
  let named: TaskRef | null = null;
  return intents.map((intent) => {
    if (!("refs" in intent) && !("ref" in intent)) return intent;
    const refs = "refs" in intent ? intent.refs : [intent.ref];
    const resolved = refs.map((r) => (r.kind === "pronoun" && named ? named : r));
    named = resolved.filter((r) => r.kind === "phrase").at(-1) ?? named;
    return "refs" in intent ? { ...intent, refs: resolved } : { ...intent, ref: resolved[0]! };
  });
}

function trailing(turn: ConversationEvent[]): { calls: ToolCallEvent[]; results: ToolResultEvent[]; batches: number } {
  const results: ToolResultEvent[] = [];
  let i = turn.length - 1;
  for (; i >= 0 && turn[i]?.kind === "result"; i--) results.unshift(turn[i] as ToolResultEvent);
  const calls: ToolCallEvent[] = [];
  for (; i >= 0 && turn[i]?.kind === "call"; i--) calls.unshift(turn[i] as ToolCallEvent);
  let batches = 0;
  for (let j = 0; j < turn.length; j++) if (turn[j]?.kind === "call" && turn[j - 1]?.kind !== "call") batches++;
  return { calls, results, batches };
}

/** "grocery" ↔ "groceries", "plant" ↔ "plants": the other number of a name. */
function otherNumber(word: string): string {
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.endsWith("s")) return word.slice(0, -1);
  if (word.endsWith("y")) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

/**
 * A topic ("show work stuff", "garden jobs?", "what's on the grocery list"): the list of that name,
 * else the list of its other number ("grocery" → Groceries), else the label, else the label's other
 * number ("plant" → plants), else tasks whose words contain it. Each step only after the one before
 * found nothing. `done`: list_tasks calls so far this turn; `results`: the last step's results.
 */
const CHORE_WORDS = new Set(["errands", "chores", "jobs"]);
function topicSteps(filter: ListFilter, done: number, results: ToolResultEvent[]): PlannedCall | null {
  const word = filter.list ?? "";
  const last = results.find((r) => r.name === "list_tasks");
  if (!last) return null;
  const status = filter.status ? { status: filter.status } : {};
  const noList = last.outcome.kind === "fail" && last.outcome.code === "not_found";
  const empty = noList || last.outcome.kind !== "ok" || toTaskViews(last.outcome.value.tasks).length === 0;
  const other = otherNumber(word);
  // "show me errands" without an Errands list: every open task (shown-chores in intents/list.ts).
  const steps: Record<string, unknown>[] = CHORE_WORDS.has(word)
    ? [{ status: "pending" }]
    : [{ list: other }, { label: word }, { label: other }, { query: word }];
  // The list steps go on only while there is no such list; the label steps while nothing is found.
  if (done === 1 && !noList) return null;
  if (done === 2 && !noList) return null;
  if (!empty || done < 1 || done > steps.length) return null;
  return { toolName: "list_tasks", input: { ...steps[done - 1], ...status, limit: 100 } };
}

function followUp(ctx: TurnContext): PlannedCall[] {
  const { results, batches } = trailing(ctx.turn);
  if (batches >= MAX_STEPS_PER_TURN) return [];
  const intent = ctx.intents.length === 1 ? ctx.intents[0] : undefined;
  const calledBefore = ctx.turn.filter((e): e is ToolCallEvent => e.kind === "call");
  if (intent?.type === "bulk" && !intent.listed) {
    const list = results.find((r) => r.name === "list_tasks" && r.outcome.kind === "ok");
    const acted = calledBefore.some((c) => c.name !== "list_tasks");
    if (list && !acted && list.outcome.kind === "ok") {
      const tasks = inScope(applyWindow(list.outcome.value.tasks, intent.filter, ctx.clock), intent.filter);
      const ids = bulkIds(intent.action, tasks);
      return ids.length ? bulkCalls(ctx, intent.action, ids) : [];
    }
  }
  // Rule add-to-named-list: after the lists were looked up, the add itself.
  if (
    (intent?.type === "add" || (intent?.type === "offer" && intent.toList)) &&
    calledBefore.length === 1 &&
    calledBefore[0]?.name === "list_lists"
  )
    return mapIntent(intent, ctx).calls.filter((c) => c.toolName !== "list_lists");
  if (calledBefore.length === 1 && calledBefore[0]?.name === "create_list") {
    const created = results.find((r) => r.name === "create_list" && r.outcome.kind === "ok");
    const add = created ? addAfterCreatedList(lastAssistantText(ctx.history), String(created.input.name ?? "")) : null;
    if (add) return [add];
    // "make a new list called garden and put the hedge in it" (rule create-then-place in organise.ts).
    if (created && intent?.type === "createList" && intent.place)
      return [{ toolName: "update_task", input: { task: intent.place, list: String(created.input.name ?? intent.name) } }];
  }
  // "show my work tasks" without a Work list: look for tasks about "work" instead.
  if (intent?.type === "list" && intent.filter.list && intent.filter.orTopic) {
    const topic = topicSteps(intent.filter, calledBefore.filter((c) => c.name === "list_tasks").length, results);
    if (topic) return [topic];
  }
  if (intent?.type === "bulkUpdate") {
    const list = results.find((r) => r.name === "list_tasks" && r.outcome.kind === "ok");
    const acted = calledBefore.some((c) => c.name !== "list_tasks");
    if (list && !acted && list.outcome.kind === "ok") {
      const tasks = inScope(applyWindow(list.outcome.value.tasks, intent.filter, ctx.clock), intent.filter).filter(
        (t) => t.status !== "completed",
      );
      if (tasks.length === 0) return [];
      if (has(ctx, "update_tasks"))
        return [{ toolName: "update_tasks", input: { ids: tasks.slice(0, 50).map((t) => t.id), ...intent.changes } }];
      return tasks.slice(0, MAX_CALLS_PER_STEP).map((t) => perTaskUpdate(ctx, intent.changes, t));
    }
  }
  if (intent && needsDueLookup(ctx, intent)) {
    const list = results.find((r) => r.name === "list_tasks");
    const acted = calledBefore.some((c) => c.name !== "list_tasks");
    if (list && !acted) {
      const found = list.outcome.kind === "ok" ? toTaskViews(list.outcome.value.tasks) : [];
      return [shiftAfterLookup(ctx, intent, intent.ref.text, found)];
    }
  }
  if (intent && needsDeedCheck(ctx, intent)) {
    const list = results.find((r) => r.name === "list_tasks");
    const acted = calledBefore.some((c) => c.name !== "list_tasks");
    if (list && !acted) {
      const found = list.outcome.kind === "ok" ? toTaskViews(list.outcome.value.tasks) : [];
      return deedTargets(ctx, intent, found)
        .filter((t) => t.fits)
        .map((t) => ({ toolName: "complete_task", input: { task: t.task ? t.task.id : t.text } }));
    }
  }
  // A change to a task the tool could not find by the user's words ("the library stuff is
  // done"): look the tasks up once and read the message against them (grounding.ts).
  if (failedWriteToGround(ctx)) return [LOOKUP];
  // Retry once, after the first batch only (after the lookup of rule done-verb-fits, the second): a retry of a retry would just be guessing.
  if (batches > (intent && needsDeedCheck(ctx, intent) ? 2 : 1)) return [];
  const retries: PlannedCall[] = [];
  for (const r of results) {
    const tried = new Set(calledBefore.filter((c) => c.name === r.name).map((c) => String(c.input.task ?? "")));
    const group = alternativesFor(r).find((g) => g.every((t) => !tried.has(t)));
    if (group) retries.push(...group.map((task) => ({ toolName: r.name, input: { ...r.input, task } })));
  }
  return retries;
}

/**
 * `classify` remembered for the last few messages: each step of a turn reads the same message
 * with the same clock again (a tool turn has two steps), and reading it is the model's largest
 * cost. Each caller gets its own copy.
 */
const classified = new Map<string, Intent[]>();
function classifyOnce(text: string, clock: Clock): Intent[] {
  const key = `${clock.timeZone}\u0000${clock.now.getTime()}\u0000${text}`;
  let intents = classified.get(key);
  if (!intents) {
    intents = classify(text, clock);
    classified.set(key, intents);
    if (classified.size > 64) classified.delete(classified.keys().next().value!);
  }
  return structuredClone(intents);
}

/** "broadband cancelled, the guy on the phone tried to upsell me": the deed alone, when it reads as one completion (grounding.ts deedBeforeTelling). */
function deedAlone(text: string, clock: Clock): string {
  const told = text ? deedBeforeTelling(text, clock) : null;
  if (!told) return text;
  const intents = classifyOnce(told.head, clock);
  const deed = intents.length === 1 && intents[0]!.type === "complete" && intents[0]!.refs.length === 1 ? intents[0]! : null;
  if (!deed) return text;
  // The whole message already read as the same completion is read whole ("every consent form is in now 🙌 even dylan's").
  const same = JSON.stringify(deed.refs);
  if (classifyOnce(text, clock).some((i) => i.type === "complete" && JSON.stringify(i.refs) === same)) return text;
  // "cooker cleaned, fridge defrosted": a piece that changes a task of its own (never "£54 job done") keeps the message whole.
  const changes = (i: Intent) =>
    !/^(?:add|offer|say|unknown|list|check|plan)$/.test(i.type) &&
    !(i.type === "complete" && i.refs.every((r) => r.kind === "phrase" && /^(?:\S+ )?(?:job|lot|it|that|all|everything)$/.test(r.text)));
  return told.pieces.some((p) => classifyOnce(p, clock).some(changes)) ? text : told.head;
}

export function planStep(conversation: Conversation, clock: Clock, available: Set<string>): Step {
  const events = conversation.events;
  let lastUser = -1;
  for (let i = events.length - 1; i >= 0; i--)
    if (events[i]?.kind === "user") {
      lastUser = i;
      break;
    }
  const userEvent = events[lastUser];
  // Runs of blanks are one blank to every reader (a pumped "    …" is no longer than a word);
  // texting spellings are their words to every reader ("r u free 2moro", textisms.ts);
  // a value corrected in passing is the corrected value ("friday, sorry i mean saturday", corrections.ts);
  // "the same day" after a change is the day just set (corrections.ts `sameDayAs`);
  // "sack off the gym" is "ditch the gym", "scrap X till january" is "put off X till january" (slang.ts);
  // "sailed thru the mot" is "passed the mot", "had a look at" is "checked" (slang.ts); "… the mot yeah? …" is "… the mot. …" (cleanup.ts withoutNodTag);
  // a change asked, then why ("and make it high priority, my TPD will end me …"), is the change (aside.ts withoutTrailingReason),
  // and a filler closing it goes ("… over to work tbh", cleanup.ts withoutClosingFiller);
  // "give me a shout about X", "nudge me re X": slang for "remind me about X" (lib/task-line/reminder-phrases.ts).
  const userText =
    userEvent?.kind === "user"
      ? sameDayAs(
          withoutClosingFiller(
            withoutTrailingReason(
              plainReminderWords(
                plainDropVerbs(
                  plainPassed(
                    plainDeedIdioms(
                      keepCorrection(
                        withoutNodTag(
                          spellOut(userEvent.text.slice(0, MAX_READ_CHARS).replace(/\s{2,}/g, (m) => (m.includes("\n") ? "\n" : " "))),
                        ),
                      ),
                    ),
                  ),
                ),
              ),
              clock,
            ),
          ),
          lastUser >= 0 ? events.slice(0, lastUser) : [],
        )
      : "";
  const read = deedAlone(userText, clock);
  const ctx: TurnContext = {
    clock,
    history: lastUser >= 0 ? events.slice(0, lastUser) : [],
    turn: lastUser >= 0 ? events.slice(lastUser + 1) : events,
    userText: read,
    intents: read ? classifyOnce(read, clock) : [{ type: "say", kind: "greeting" }],
    available,
  };
  const hasResults = ctx.turn.some((e) => e.kind === "result");
  if (!hasResults) {
    const first = firstStepOf(ctx);
    if (first.groundable) return { calls: [LOOKUP], text: "" };
    if (first.calls.length > 0) return { calls: first.calls.slice(0, MAX_CALLS_PER_STEP), text: "" };
    return { calls: [], text: first.notes.join(" ") || socialText("unclear", clock) };
  }
  const grounding = firstStepOf(ctx);
  if (grounding.groundable) {
    const called = ctx.turn.filter((e): e is ToolCallEvent => e.kind === "call");
    const lookup = ctx.turn.find((e): e is ToolResultEvent => e.kind === "result" && e.name === "list_tasks");
    const found = lookup?.outcome.kind === "ok" ? toTaskViews(lookup.outcome.value.tasks) : [];
    if (called.length === 1 && called[0]?.name === "list_tasks" && lookup) return afterLookup(ctx, grounding, found);
    // After the lists' names were looked up (rule lists-lookup): the change, read with them.
    const lists = listsOfTurn(ctx);
    if (called.length === 2 && called[1]?.name === "list_lists" && lists) {
      const g = groundMessage(ctx.userText, found, ctx.clock, lists);
      if (g?.kind === "change") return { calls: [g.change, ...(g.also ?? [])].flatMap((c) => groundedCalls(ctx, c)), text: "" };
    }
    // After the grounded change, or the readers' own calls (with their notes, e.g. "when is it due?").
    const picked = pickedAfterWhich(ctx);
    // "ping me the morning of parents evening": the reminder went on the task the add named (duplicateStep); no "couldn't find" note.
    const remindedOnDue =
      ctx.intents[0]?.type === "add" && ctx.intents[0].items.some((i) => i.remindOnDue) && called.some((c) => c.name === "update_task");
    const grounded =
      picked !== null ||
      remindedOnDue ||
      groundMessage(ctx.userText, found, ctx.clock, lists ?? [])?.kind === "change" ||
      choreForCancel(ctx, called);
    // The lists looked up for rule lists-lookup are not shown: the reply is about the change.
    const shown = { ...ctx, turn: ctx.turn.filter((e) => !((e.kind === "call" || e.kind === "result") && e.name === "list_lists")) };
    return { calls: [], text: composeReply(shown, grounded ? [] : [...grounding.notes, ...duplicateNotes(ctx, found)]) };
  }
  // "for training" right after an add: a list the lookup showed (rule LIST-AFTER-ADD, dialogue.ts) is placed now.
  const calledSoFar = ctx.turn.filter((e): e is ToolCallEvent => e.kind === "call");
  if (
    calledSoFar.length === 1 &&
    calledSoFar[0]?.name === "list_tasks" &&
    grounding.calls.length === 1 &&
    grounding.calls[0]?.toolName === "update_task" &&
    "list" in grounding.calls[0].input
  )
    return { calls: grounding.calls, text: "" };
  // "thesis" right after an add: the lists were looked up (rule LIST-NAMED-AFTER-ADD, dialogue.ts); the move
  // to the list of that name, or else what the message says on its own (never the lists themselves).
  if (calledSoFar.length === 1 && calledSoFar[0]?.name === "list_lists" && listsLookedUpForAdd(ctx)) {
    if (grounding.calls.length > 0) return { calls: grounding.calls.slice(0, MAX_CALLS_PER_STEP), text: "" };
    return { calls: [], text: grounding.notes.join(" ") || socialText("unclear", ctx.clock) };
  }
  const afterFailure = groundingAfterFailure(ctx);
  if (afterFailure) {
    const { call, result } = afterFailure;
    const acted = ctx.turn.slice(ctx.turn.indexOf(result)).some((e) => e.kind === "call");
    if (!acted) {
      const found = result.outcome.kind === "ok" ? toTaskViews(result.outcome.value.tasks) : [];
      const g = groundMessage(ctx.userText, found, ctx.clock);
      if (g?.kind === "change") return { calls: [g.change, ...(g.also ?? [])].flatMap((c) => groundedCalls(ctx, c)), text: "" };
    }
    // The reply is about the grounded change (the failed try and the lookup are not shown), or about the failure.
    const shown = acted ? ctx.turn.slice(ctx.turn.indexOf(result) + 1) : ctx.turn.filter((e) => e !== call && e !== result);
    return { calls: [], text: composeReply({ ...ctx, turn: shown }, []) };
  }
  const more = followUp(ctx).filter((c) => has(ctx, c.toolName));
  if (more.length > 0) return { calls: more, text: "" };
  const only = ctx.intents.length === 1 ? ctx.intents[0] : undefined;
  const calls = ctx.turn.filter((e): e is ToolCallEvent => e.kind === "call");
  if (only && needsDeedCheck(ctx, only) && calls.length === 1) {
    // Every deed said missed its task's verb: nothing is ticked off, and the reply says how to.
    const lookup = ctx.turn.find((e): e is ToolResultEvent => e.kind === "result" && e.name === "list_tasks");
    const found = lookup?.outcome.kind === "ok" ? toTaskViews(lookup.outcome.value.tasks) : [];
    const title = deedTargets(ctx, only, found).find((t) => !t.fits)?.task?.title;
    if (title)
      return { calls: [], text: `Okay! I haven't ticked anything off. If '${title}' is done, say "tick off ${title.toLowerCase()}".` };
  }
  // Notes (e.g. "there's no fifth task") only belong to the reply when they came with calls.
  const first = firstStepOf(ctx);
  // The lists looked up for an add (rule add-to-named-list) are not shown: the reply is about the add.
  const offered = only?.type === "offer" && only.toList === true;
  const shownTurn =
    only?.type === "add" || offered || listsLookedUpForAdd(ctx)
      ? ctx.turn.filter((e) => !((e.kind === "call" || e.kind === "result") && e.name === "list_lists"))
      : ctx.turn;
  return { calls: [], text: composeReply({ ...ctx, turn: shownTurn }, first.calls.length > 0 || offered ? first.notes : []) };
}
