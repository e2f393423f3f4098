/**
 * Reads questions about the list ("what's overdue?", "show my completed tasks", "anything due
 * tomorrow?", "search for email tasks") into list_tasks filters, and bulk requests
 * ("complete all tasks due today", "clear all completed tasks") into a filter plus an action.
 */
import { type CivilDate, addDays, weekdayOf } from "@/lib/task-line/calendar";
import type { Clock } from "@/lib/task-line/clock";
import { findDue } from "@/lib/task-line/dates";
import { trimPunctuation } from "@/lib/task-line/text";
import { findPriority } from "@/lib/task-line/priority";
import { isListedRef, ordinalRef } from "./refs";
import type { Intent, ListFilter } from "./types";

const TASK_WORDS =
  /\b(?:tasks?|todos?|to-?dos?|to do's|to do list|to-?do list|list|items?|reminders?|agenda|plate|schedule|things? (?:to do|i need to do|left)|chores|errands|(?:need|have|got|left|there) to (?:do|get done)|should i (?:do|work on|focus on)|work on next)\b/;
/** Verbs that ask to see the list; those that are also chores ("check the tyres", "read chapter 5") only with "me" or a list noun. */
const SHOW =
  /^(?:(?:show|list|display|view|see|pull up|bring up|remind me of|what about|how about)(?:\s+(?:me|us|out))?|(?:get|give|print|read|open|check|tell|go over|go through|review)\s+(?:me|us)|(?:get|print|read|open|check|go over|go through|review|read out)(?=\s+(?:(?:my|the|all|all of my|all my)\s+)?(?:tasks|todos|to-?dos|list|to-?do list|agenda|schedule|reminders|everything|what)\b))\b\s*/;
const QUESTION =
  /^(?:what(?:'s| is| are| do| did| have| should| else|s)?|which|whats|anything|any|is there(?: anything)?|are there(?: any)?|do i have|have i got|did i|how many|how much|got any|tasks|todos|my|am i|are we|was i|is anything|is something)\b/;
const DUE_WORDS =
  /\b(?:due|overdue|late|behind|miss|forgotten|slipped|past due|today|tonight|tomorrow|this week|next week|upcoming|coming up|soon|next few days|coming days|missed|pending|open|outstanding|unfinished|incomplete|remaining|left|completed|finished|done|high|low|urgent|important|priority|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/;

/** Words that only narrow a list ("overdue", "today's", "high priority"), before a noun for tasks. */
const FILTER_ADJECTIVES =
  "(?:today's|tomorrow's|tonight's|this week's|next week's|this weekend's|the weekend's|overdue|late|pending|open|outstanding|unfinished|incomplete|remaining|completed|finished|done|closed|high|low|medium|normal|urgent|important|top|priority|prio|upcoming|current|active|ticked|checked|due (?:today|tomorrow|this week|next week|soon))";
const FILTERED_NOUN = new RegExp(
  `^(?:(?:my|all|the|any|only|just|all my|all the|all of my)\\s+)?(?:${FILTER_ADJECTIVES}(?:\\s*-\\s*|\\s+))+(?:tasks?|todos?|to-?dos?|items?|ones|stuff|reminders?|chores|errands|things)$`,
);
const EVERYTHING_FILTERED =
  /^(?:everything|anything|all|stuff|things|tasks|todos)\s+(?:(?:that's|that is|which is|i have|i've got)\s+)?(?:due|overdue|pending|open|outstanding|left|remaining|unfinished|completed|finished|done|for (?:today|tomorrow|this week|next week))\b/;

const NEGATED = /\b(?:haven't|have not|hasn't|has not|didn't|did not|not yet|yet to|still to|not)\b/;

function pendingWords(t: string): boolean {
  if (NEGATED.test(t) && /\b(?:done|finished|completed|complete|do)\b/.test(t)) return true;
  return /\b(?:pending|open|outstanding|unfinished|incomplete|not done|not completed|not finished|undone|remaining|left|to do|todo|active|current|still (?:need|have)|need to do|have to do|should i do|on my plate|next)\b/.test(
    t,
  );
}

function completedWords(t: string): boolean {
  if (NEGATED.test(t)) return false;
  return (
    /\b(?:completed|complete|finished|done|closed|ticked off|checked off|accomplished|did i (?:do|finish|complete))\b/.test(t) &&
    !/\bnot (?:done|completed|finished|complete)\b/.test(t) &&
    !/\b(?:need|have) to (?:get )?(?:done|finish|complete)/.test(t)
  );
}

/** Works out a list filter from the words of a request. */
export function readFilter(text: string, clock: Clock): ListFilter {
  const t = ` ${text} `;
  const filter: ListFilter = {};
  const alsoFinished =
    /\b(?:incl(?:uding|\.)?|inc|with|and|plus|as well as|even|also)\s+(?:the\s+)?(?:completed|done|finished|closed|ticked off)(?:\s+ones)?\b/.test(
      t,
    );
  if (alsoFinished || (/\b(?:all|every|everything)\b/.test(t) && !pendingWords(t) && !completedWords(t))) filter.status = "all";
  else if (pendingWords(t) && !/\b(?:done|completed|finished) (?:and|or) (?:pending|open)\b/.test(t)) filter.status = "pending";
  else if (completedWords(t)) filter.status = "completed";

  if (/\b(?:overdue|late|past due|past their due|miss|missed|behind|forgot|forgotten|slipped)\b/.test(t)) filter.due = "overdue";
  else if (/\b(?:today|tonight|this evening|this morning|this afternoon|today's)\b/.test(t)) filter.due = "today";
  else if (/\bthis week\b|\bweek\b/.test(t) && !/\bnext week\b/.test(t)) filter.due = "this_week";
  else if (/\b(?:upcoming|coming up|soon|in the future|ahead|later|next (?:few|couple of|couple) days|coming days|days ahead)\b/.test(t))
    filter.due = "upcoming";
  else {
    const window = readWindow(text, clock);
    if (window) filter.window = window;
  }
  if (filter.due && filter.due !== "today" && !filter.status) filter.status = "pending";
  if (filter.window && !filter.status) filter.status = "pending";

  const p = findPriority(text);
  if (p) filter.priority = p.priority;
  const query = readQuery(text);
  if (query) filter.query = query;
  if (/^how many\b/.test(text)) filter.count = true;
  return filter;
}

function readWindow(text: string, clock: Clock): ListFilter["window"] {
  if (/\bnext week\b/.test(text)) {
    const monday = addDays(clock.today, (8 - weekdayOf(clock.today)) % 7 || 7);
    return { from: monday, to: addDays(monday, 6), label: "next week" };
  }
  if (/\b(?:this |the )?weekend\b/.test(text)) {
    const sat = addDays(clock.today, (6 - weekdayOf(clock.today) + 7) % 7);
    const from: CivilDate = weekdayOf(clock.today) === 0 ? clock.today : sat;
    return { from, to: weekdayOf(clock.today) === 0 ? clock.today : addDays(sat, 1), label: "this weekend" };
  }
  const m = findDue(text, clock);
  if (!m) return undefined;
  const label = trimPunctuation(text.slice(m.spans[0]?.index ?? 0, (m.spans[0]?.index ?? 0) + (m.spans[0]?.length ?? 0))).replace(
    /^(?:due|by|on|for|before|until|in)\s+/,
    "",
  );
  return { from: m.due.date, to: m.due.date, label };
}

/** "tasks about X", "search for X", "anything mentioning X", "the email tasks". */
export function readQuery(text: string): string | null {
  const m =
    /\bwith\s+(.+?)\s+in\s+(?:the\s+|their\s+|its\s+)?(?:title|name|description|text)s?\b/.exec(text) ??
    /\b(?:a|any|the)\s+(?:task|todo|to-?do|reminder)s?\s+(?:to|for|about|called|named|mentioning)\s+(.+)$/.exec(text) ??
    /\b(?:about|regarding|related to|relating to|mentioning|containing|that mention|that contain|with the word|matching|involving|concerning|to do with|called|named|titled|that have|that say|saying)\s+(.+)$/.exec(
      text,
    ) ??
    /^(?:search|find|look|lookup|look up|filter|grep)(?:\s+(?:for|up|me))?\s+(.+)$/.exec(text) ??
    /\b(?:tasks?|todos?|to-?dos?|items?|ones?|anything|something)\s+(?:with|re|on|that (?:has|have|says?))\s+(?!(?:no|a|an|high|low|medium|priority|due|any|today|tomorrow)\b)(.+)$/.exec(
      text,
    );
  if (!m || !m[1]) return null;
  let q = m[1]
    .replace(/\b(?:in (?:the )?(?:title|name|description)s?|in them|in it)\b/g, "")
    .replace(/\b(?:my|the|all|any|some|of)\b/g, "")
    .replace(/\b(?:tasks?|todos?|to-?dos?|items?|reminders?|things?|ones?|list)\b/g, "")
    .replace(/\b(?:please|again)\b/g, "");
  q = trimPunctuation(q.replace(/\s+/g, " "));
  const meaningful = q
    .replace(new RegExp(DUE_WORDS.source, "g"), "")
    .replace(/\b(?:me|now|everything|all|this|next|week|month|that|are|is|i|have|in|on|by|with|and|or|to|be|do)\b/g, "")
    .trim();
  return meaningful ? q : null;
}

/** Words after "what's on my …" that are the whole to-do list, not one of the user's lists. */
const NOT_A_LIST =
  /^(?:list|lists|todo|to-do|todos|to-dos|task|tasks|agenda|plate|schedule|calendar|mind|whole|full|entire|main|usual|own|store|today|tomorrow|it|there|that|this|the|my|for|today's)$/;

/** "show my groceries list", "what's in groceries", "what's tagged urgent?". */
function readOrganised(t: string, clock: Clock): Intent | null {
  const label =
    /^(?:what(?:'s| is| are|s)|which (?:tasks|todos|ones|things|items)(?: are)?|(?:show|list|find)(?: me)?(?: (?:my|the|all))?(?: (?:tasks|todos|things|items|everything))?|anything|everything|tasks|todos)\s+(?:tagged|labell?ed|marked)\s+(?:as\s+|with\s+)?#?([\p{L}\p{N}][\p{L}\p{N}_-]*)\s*\??$/u.exec(
      t,
    );
  if (label && label[1]) return { type: "list", filter: { label: label[1] } };
  // "what's in #errands?", "show #errands".
  const hashtag =
    /^(?:what(?:'s| is|s)\s+(?:in|on|under)|(?:show|list)(?: me)?(?: (?:my|the|all))?(?: (?:tasks|todos|things|items|everything))?(?: (?:in|under|with))?)\s+#([\p{L}\p{N}][\p{L}\p{N}_-]*)\s*\??$/u.exec(
      t,
    );
  if (hashtag && hashtag[1]) return { type: "list", filter: { label: hashtag[1] } };
  const shown =
    /^(?:show|open|view|display|pull up|bring up|list|read)(?: me)?\s+(?:my|the)\s+([\p{L}\p{N}][\p{L}\p{N}_-]*)\s+list\s*\??$/u.exec(t) ??
    /^what(?:'s| is|s)\s+(?:in|on)\s+(?:my\s+|the\s+)?([\p{L}\p{N}][\p{L}\p{N}_-]*)(?:\s+list)?\s*\??$/u.exec(t);
  if (shown && shown[1] && !NOT_A_LIST.test(shown[1])) return { type: "list", filter: { list: shown[1] } };
  // "show my work tasks": a word that is no filter names one of the user's lists (or, when there
  // is no such list, a topic: the planner then searches for it).
  const named =
    /^(?:show|view|display|see|list)(?: me)?\s+(?:my|the)\s+([\p{L}][\p{L}\p{N}_-]*)\s+(?:tasks|todos|to-?dos|items|things|stuff)\s*\??$/u.exec(
      t,
    );
  if (named && named[1] && !NOT_A_LIST.test(named[1]) && Object.keys(readFilter(named[1], clock)).length === 0)
    return { type: "list", filter: { list: named[1], orTopic: true } };
  return null;
}

/** A list request, or null. */
export function readList(text: string, clock: Clock): Intent | null {
  const t = text;
  const organised = readOrganised(t, clock);
  if (organised) return organised;
  if (/^(?:search|find|look for|look up|lookup|filter|grep)\b/.test(t)) {
    const filter = readFilter(t, clock);
    const q = readQuery(t);
    if (q) return { type: "list", filter: { ...filter, query: q } };
  }
  // A bare noun phrase: "overdue tasks", "today's tasks", "high priority ones", "everything due this week".
  if (FILTERED_NOUN.test(t) || EVERYTHING_FILTERED.test(t)) return { type: "list", filter: readFilter(t, clock) };
  // "what did I finish yesterday?", "what have I done so far?": the finished ones.
  if (
    /^(?:what|which)(?:\s+(?:tasks|things|stuff))?\s+(?:did|have|had)\s+(?:i|we)\s+(?:already\s+|actually\s+)?(?:finish|finished|complete|completed|do|done|get done|got done|tick off|ticked off|cross off|crossed off|manage|managed)\b/.test(
      t,
    )
  ) {
    return { type: "list", filter: { status: "completed" } };
  }
  // "is the report due today?", "are the taxes due this week?": look the task up.
  const due = /^(?:is|are)\s+(?:the\s+|my\s+)?(.+?)\s+(?:due|happening|scheduled)\b/.exec(t);
  if (due && due[1] && !/^(?:it|that|this|they|anything|something|everything|there)$/.test(due[1]))
    return { type: "list", filter: { query: due[1] } };
  // "when is the dentist?", "when's my essay due?": look the task up.
  const when =
    /^when(?:'s| is| are| was|s)\s+(?:the\s+|my\s+)?(.+?)(?:\s+(?:task|todo|reminder))?(?:\s+(?:due|happening|scheduled|on))?$/.exec(t);
  if (when && when[1] && !/^(?:it|that|this|they|them|everything|all|anything)$/.test(when[1]))
    return { type: "list", filter: { query: when[1] } };
  // "where's the fence task?", "where is my dentist reminder": a search.
  const where = /^where(?:'s| is| are|s)\s+(?:the\s+|my\s+)?(.+?)\s*(?:tasks?|todos?|to-?dos?|items?|reminders?|ones?)?$/.exec(t);
  if (where && where[1] && !/^(?:it|that|this|they|them|everything|all)$/.test(where[1]))
    return { type: "list", filter: { query: where[1] } };
  // "sort my tasks by priority": the list comes back sorted by status and due date.
  if (
    /^(?:sort|order|arrange|organi[sz]e)\s+(?:(?:my|the|all)\s+)?(?:(?:tasks|todos|to-?dos|list|them|everything)\s+)?by\s+(?:priority|due date|date|deadline|importance|status)$/.test(
      t,
    )
  ) {
    return { type: "list", filter: { status: "all" } };
  }
  const shows = SHOW.test(t);
  const asks = QUESTION.test(t);
  if (!shows && !asks) return null;
  const rest = t.replace(SHOW, "");
  // "what about the second one?" points at a listed task; it is not a new list.
  if (ordinalRef(rest)) return null;
  const aboutTasks =
    TASK_WORDS.test(t) ||
    (shows && /^(?:what|whatever)\s+(?:i've got|i have|i've|i got|there is|is there|there's|'s there)\b/.test(rest)) ||
    DUE_WORDS.test(t) ||
    /^(?:everything|all|it all|them all)$/.test(rest) ||
    (asks && readQuery(t) !== null);
  if (!aboutTasks) return null;
  if (asks && !shows && !/\b(?:i|my|me|we|our|there|tasks?|todos?|list|agenda|plate|schedule)\b/.test(t) && !DUE_WORDS.test(t)) return null;
  return { type: "list", filter: readFilter(rest, clock) };
}

const BULK_COMPLETE =
  /^(?:mark|set|tick|check|cross|complete|finish|close|tick off|check off|cross off)\s+(?:off\s+)?(?:(them all|all of them|both|both of them|all of those|those|these|them)|all|every|everything|each|the whole lot|the lot)\b(.*?)(?:\s+(?:as\s+)?(?:done|complete|completed|finished|off))?$/;
const BULK_COMPLETE_STATEMENT =
  /^(?:(?:i(?:'ve| have)?\s+)?(?:finished|completed|done|did)\s+(?:all|everything|every)\b(.*)|(?:everything|all (?:of )?(?:my |the )?(?:tasks|todos|of them|them))(?:'s|\s+(?:is|are))\s+(?:all\s+)?(?:done|finished|complete|completed)(.*))$/;
const BULK_DELETE =
  /^(?:delete|remove|clear|clean up|clean out|get rid of|purge|erase|wipe|trash|archive|drop|nuke|bin|empty|clear out)\s+(?:out\s+)?(.*)$/;
const BULK_REOPEN = /^(?:reopen|unmark|uncheck|untick|restore)\s+(?:all|every|everything)\b(.*)$/;

const BULK_KIND =
  /^(?:the |my |any |all (?:the |my )?)?(?:completed|done|finished|closed|old|checked|ticked(?: off)?|checked off|overdue|late|low[- ]priority|high[- ]priority|medium[- ]priority|low|high)(?: (?:tasks|todos|to-?dos|items|ones|stuff|things|ones on my list))?$/;

/** A request about many tasks at once, or null. */
export function readBulk(text: string, clock: Clock): Intent | null {
  const reopen = BULK_REOPEN.exec(text);
  if (reopen) return bulk("reopen", reopen[1] ?? "", clock, "completed");
  const listed = BULK_COMPLETE.exec(text);
  if (listed && listed[1]) return { type: "bulk", action: "complete", filter: {}, listed: true };
  const complete = listed
    ? { words: listed[2] ?? "" }
    : ((m) => (m ? { words: m[1] ?? m[2] ?? "" } : null))(BULK_COMPLETE_STATEMENT.exec(text));
  if (complete) {
    if (/\b(?:pending|not done|as pending|incomplete)\s*$/.test(text)) return bulk("reopen", complete.words, clock, "completed");
    return bulk("complete", complete.words, clock, "pending");
  }
  const del = BULK_DELETE.exec(text);
  if (del) {
    const what = del[1] ?? "";
    if (isListedRef(what.replace(/\s+(?:from|off) (?:my|the) list$/, "")))
      return { type: "bulk", action: "delete", filter: {}, listed: true };
    // "all …", "my whole list", or a status/priority/due word before a plural noun ("the done ones",
    // "old tasks") — but not one task that merely contains such a word ("the old shopping list task").
    const everything =
      /^(?:all|every|everything|each|the lot)\b/.test(what) || /^(?:my|the) (?:whole |entire )?(?:(?:to-?do|task) )?list$/.test(what);
    const byKind = BULK_KIND.test(what);
    if ((everything && /\b(?:tasks|todos|to-?dos|items|ones|list|everything|all|every|them|lot|stuff)\b/.test(what)) || byKind) {
      // "old" tasks are the finished ones; nothing else on the list says how old a task is.
      return bulk("delete", what.replace(/\bold\b/, "completed"), clock, "all");
    }
  }
  return null;
}

function bulk(action: "complete" | "delete" | "reopen", words: string, clock: Clock, defaultStatus: ListFilter["status"]): Intent {
  const w = trimPunctuation(words);
  if (isListedRef(w) || /^(?:of them|them|those|these)$/.test(w)) return { type: "bulk", action, filter: {}, listed: true };
  const filter = readFilter(w, clock);
  delete filter.query;
  delete filter.count;
  // "everything in groceries", "all #errands": one of the user's lists or labels.
  const inList =
    /\bin\s+(?:my\s+|the\s+)?([\p{L}\p{N}][\p{L}\p{N}_-]*)(?:\s+list)?$/u.exec(w) ??
    /\b(?:on|from)\s+(?:my|the)\s+([\p{L}\p{N}][\p{L}\p{N}_-]*)\s+list$/u.exec(w);
  if (inList?.[1] && !/^(?:it|that|this|there|total|general|inbox|list|progress|time)$/.test(inList[1])) filter.list = inList[1];
  const label = /#([\p{L}\p{N}][\p{L}\p{N}_-]*)/u.exec(w);
  if (label?.[1]) filter.label = label[1];
  if (!filter.status || (action === "complete" && filter.status === "all")) filter.status = defaultStatus;
  if (action === "complete") filter.status = "pending";
  if (action === "reopen") filter.status = "completed";
  return { type: "bulk", action, filter, listed: false };
}
