/**
 * Re-scheduling and re-prioritising many tasks at once, by what they have in common:
 * "push everything due today to tomorrow", "move all overdue tasks to monday", "postpone
 * everything by a day", "make all the shopping tasks high priority", "everything from today can
 * wait till tomorrow". A bulk request needs a quantifier ("all", "everything", "every") or a
 * plural noun with a filter word ("today's tasks", "the overdue ones"); "move the overdue
 * report" is about one task and is left to the single-task readers.
 */
import type { Clock } from "@/lib/task-line/clock";
import { verbs } from "../lexicon";
import { isBaseVerb } from "../verbs";
import { trimPunctuation } from "@/lib/task-line/text";
import { NUMBER_WORD_PATTERN, numberFrom } from "@/lib/task-line/numbers";
import { readFilter } from "./list";
import { findPriority, priorityWord } from "@/lib/task-line/priority";
import { type BulkChanges, fieldCount, type Intent, type ListFilter } from "./types";
import { readValue } from "./update";
import { baseOfGerund, exceptsByPosition } from "./refs";

const NOUN = "(?:tasks|todos|to-?dos|items|ones|things|stuff|bits|lot|chores|errands|reminders|jobs|deadlines)";
const QUANT =
  /^(?:all(?:\s+of)?(?:\s+(?:my|the|those|these|our))?|every(?:thing)?|(?:each|every\s+(?:single\s+)?one)(?:\s+of)?(?:\s+(?:my|the))?|the\s+whole\s+lot|the\s+lot|anything|the\s+rest(?:\s+of\s+(?:my|the))?|(?:all\s+(?:of\s+)?)?(?:the|my|our)\s+(?:whole|entire))\b\s*/;
const FILTER_WORD =
  /\b(?:today'?s?|tomorrow'?s?|tonight'?s?|this\s+week'?s?|overdue|late|high|low|medium|urgent|important|priority|pending|open|completed|finished|done|closed|due|from|for|that'?s|that\s+is|that\s+are|which\s+(?:is|are)|left|remaining|outstanding|this|next|week|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday|on|my|the|of|i\s+have|i've\s+got)\b/g;
const PLURAL_FILTERED = new RegExp(
  `^(?:(?:my|the|all)\\s+)*(?:today's|tomorrow's|tonight's|this week's|overdue|late|high[- ]priority|low[- ]priority|urgent|important|outstanding|remaining)\\s+${NOUN}(?:\\s+.*)?$`,
);

/** "that i've ticked off", "we finished", "i did": a relative clause that means the finished tasks. */
const DONE_CLAUSE =
  /\b(?:(?:that|which)\s+)?(?:i|we)(?:'ve|ve|\s+have)?\s+(?:already\s+)?(?:ticked off|ticked|checked off|crossed off|done|finished|completed|did)\b/;

/** "except (for) X", "apart from X", "but not X", "other than X", "not including X": X is left out. */
const EXCEPTION = /\s+(?:except(?:\s+for)?|apart\s+from|but\s+not|other\s+than|not\s+including|excluding|besides)\s+(\S.*)$/;

/** ", (but) not X" closing a request (one comma): X is left out. */
const COMMA_NOT = /^([^,]+),\s+(?:but\s+)?not\s+([^,]+)$/;
/** Words after an exception that name nothing: "…except the milk tho". */
const EXCEPT_TAIL = /\s+(?:tho|though|obvs|obviously|ofc|pls|please|thanks|ta)$/;

/** One word after "all" that is not a group: "all of it", "everything else", "everything now". */
const NOT_A_GROUP =
  /^(?:it|them|that|this|those|these|else|now|again|good|fine|ok|okay|set|sorted|finished|complete|completed|done|pending|open|gone|there|here|then|day|week|tasks?|everything|right|well|in|off|out|over|up|down|together|at|once)$/;

/** Words before "list" that name no list of the user's ("the whole list", "my to-do list"). */
const NOT_A_LIST =
  /^(?:it|that|this|them|there|my|our|your|the|me|today|tomorrow|time|list|inbox|to-?do|todo|task|whole|entire|shopping-list)$/;

/** The tasks a bulk phrase names, as a filter; null when it names no group. */
export function bulkTarget(phrase: string, clock: Clock): ListFilter | null {
  const said = trimPunctuation(phrase.toLowerCase());
  // "all the work ones apart from the report": the group, less the tasks named after the exception.
  const cut = EXCEPTION.exec(said);
  // "everything except the 2nd": tasks of the list shown, by position (rule LISTED-EXCEPT in refs.ts).
  if (cut?.[1] && cut.index > 0 && exceptsByPosition(said)) return null;
  if (cut?.[1] && cut.index > 0) {
    const filter = bulkTarget(said.slice(0, cut.index), clock);
    const except = cut[1].replace(/^(?:the|my|our)\s+/, "").replace(/\s+(?:one|ones|task|thing|stuff)$/, "");
    return filter && except ? { ...filter, except } : null;
  }
  const t = said.replace(/\s+all$/, "");
  // "the errands list", "errands list": the whole of a list.
  const whole =
    /^(?:(?:the|my|our)\s+)?(?:(?:whole|entire)\s+)?([\p{L}\p{N}][\p{L}\p{N}_-]*(?:\s[\p{L}\p{N}][\p{L}\p{N}_-]*)?)\s+list$/u.exec(t);
  if (whole?.[1] && !NOT_A_LIST.test(whole[1])) return { status: "pending", scope: whole[1] };
  const quantified = QUANT.exec(t);
  if (!quantified && !PLURAL_FILTERED.test(t)) return null;
  const rest = quantified ? t.slice(quantified[0].length) : t;
  // "all of them" points at the last list, not a filter: the single-task readers handle it.
  if (/^(?:of\s+)?(?:them|those|these)$/.test(rest)) return null;
  // "all #errands", "everything in groceries": one of the user's labels or lists.
  const label =
    /^#([\p{L}\p{N}][\p{L}\p{N}_-]*)(?:\s+(?:tasks|todos|items|ones|things|stuff))?$/u.exec(rest) ??
    // "everything tagged work", "all the stuff labelled #errands", "everything with the work label".
    /^(?:(?:the\s+)?(?:tasks|todos|items|ones|things|stuff)\s+)?(?:tagged|labell?ed|marked)\s+(?:as\s+|with\s+)?#?([\p{L}\p{N}][\p{L}\p{N}_-]*)$/u.exec(
      rest,
    ) ??
    /^with\s+(?:the\s+|a\s+)?#?([\p{L}\p{N}][\p{L}\p{N}_-]*)\s+(?:label|tag)$/u.exec(rest);
  if (quantified && label?.[1]) return { status: "pending", label: label[1] };
  // "everything on the errands list", "the whole admin list", "all in groceries": a list, or a label of that name.
  const where = rest.replace(
    /^(?:(?:tasks?|todos?|jobs?|items?|things?|ones?|stuff)\s+)?(?:(?:that's|that\s+is|which\s+is|that\s+are|which\s+are)\s+)?/,
    "",
  );
  const list =
    /^(?:(?:in|on|from)\s+)?(?:my\s+|the\s+)?(?:(?:whole|entire)\s+)?([\p{L}\p{N}][\p{L}\p{N}_-]*(?:\s[\p{L}\p{N}][\p{L}\p{N}_-]*)?)\s+list$/u.exec(
      where,
    ) ?? /^(?:in|on|from)\s+(?:my\s+|the\s+)?([\p{L}\p{N}][\p{L}\p{N}_-]*)$/u.exec(where);
  if (quantified && list?.[1] && !NOT_A_LIST.test(list[1])) return { status: "pending", scope: list[1] };
  // "all of the shopping", "all the admin": one plain word that no filter reads names a list or label.
  if (
    quantified &&
    /^[a-z]+$/.test(rest) &&
    !NOT_A_GROUP.test(rest) &&
    !FILTER_WORD.test(` ${rest} `) &&
    !new RegExp(`^${NOUN}$`).test(rest)
  )
    return { status: "pending", scope: rest };
  if (
    rest &&
    !new RegExp(
      `\\b${NOUN}\\b|^(?:that|which|due|from|for|overdue|today|tomorrow's|tonight's|i|else|left|remaining|on|with|high|low|urgent)`,
    ).test(rest)
  )
    return null;
  const filter = readFilter(rest, clock);
  delete filter.count;
  delete filter.query;
  // Words that are neither filters nor "tasks" name a topic: "all the shopping tasks".
  // "errands" and "chores" may name a list or label of that name; the other nouns just say "tasks".
  // "all the stuff i've ticked off", "everything we finished": the finished tasks.
  const done = DONE_CLAUSE.exec(rest);
  if (done) filter.status = "completed";
  const topic = rest
    .replace(DONE_CLAUSE, " ")
    .replace(
      /\b(?:tasks?|todos?|to-?dos?|items?|ones?|things?|stuff|bits?|reminders?|jobs?|deadlines?|lot|tagged|labell?ed|lists?)\b/g,
      " ",
    )
    .replace(FILTER_WORD, " ")
    .replace(/\b(?:a|an|and|with|in|at|by|to|is|are|i|me|set|else)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  // Words the filters did not explain and that name nothing ("'ve got"): not a group this reader knows.
  if (/[^\p{L}\p{N}\s&-]/u.test(topic)) return null;
  // "all of it", "all that": a pronoun points at tasks talked about, it never names a list, label or topic.
  if (/^(?:it|that|this|those|these|them|they)$/.test(topic)) return null;
  // With a day range only one plain word can be a list or label ("tomorrow's work stuff").
  if (
    topic &&
    !/\d/.test(topic) &&
    (!filter.window || (/^[a-z]+$/.test(topic) && !numberFrom(topic) && !/^(?:days?|weeks?|months?|fortnight)$/.test(topic)))
  )
    filter.scope = topic;
  if (findPriority(rest)) filter.priority = findPriority(rest)?.priority;
  filter.status = filter.status === "completed" ? "completed" : "pending";
  return filter;
}

const MOVE = verbs(["move", "postpone", "push", "advance"], "base");
const DELAY = verbs("postpone", "base");
const ADVANCE = verbs("advance", "base");
const SET = verbs("set", "base");
const RAISE = verbs("raise", "base");
const LOWER = verbs("lower", "base");

function amountDays(text: string): number | null {
  const m = new RegExp(
    `^(?:by\\s+|for\\s+)?(?:another\\s+)?(${NUMBER_WORD_PATTERN})\\s+(days?|weeks?)(?:\\s+(?:later|more|back|forward|out|on))?$`,
  ).exec(text.trim());
  if (!m) return null;
  const n = numberFrom(m[1] ?? "") ?? 1;
  return (m[2] ?? "").startsWith("week") ? n * 7 : n;
}

/** Splits "T to V" at the separator whose right side reads as a date; tries the rightmost first. */
function splitAtDate(text: string, clock: Clock): { target: string; due: string } | null {
  const seps = [...text.matchAll(/\s+(?:back\s+|out\s+|over\s+|forward\s+)?(?:to|until|till|til|for|on|into|onto|by)\s+/g)].reverse();
  for (const sep of seps) {
    const value = text.slice((sep.index ?? 0) + sep[0].length);
    const changes = readValue(value, clock);
    if (changes?.due && fieldCount(changes) === 1) return { target: text.slice(0, sep.index), due: changes.due };
  }
  return null;
}

function result(filter: ListFilter | null, changes: BulkChanges): Intent | null {
  return filter ? { type: "bulkUpdate", filter, changes } : null;
}

/** A bulk re-schedule or re-prioritise, or null. `text` is the cleaned, lower-case clause. */
export function readBulkUpdate(heard: string, clock: Clock): Intent | null {
  // "make all the shopping list low priority, not the milk tho": a "not X" after the request's one comma is its exception.
  // "…, not today", "…, not urgent" say a value, never a task to leave out.
  const not = COMMA_NOT.exec(heard);
  const excepting = not?.[1] && not[2] && !readValue(not[2], clock) ? `${not[1]} except ${not[2]}` : heard;
  const said = EXCEPTION.test(excepting) ? excepting.replace(EXCEPT_TAIL, "") : excepting;
  // "move everything for today to tomorrow except calling jen": the exception said after the whole request.
  const cut = EXCEPTION.exec(said);
  if (cut?.[1] && cut.index > 0 && !exceptsByPosition(said)) {
    const read = readBulkUpdateWhole(said.slice(0, cut.index), clock);
    const except = baseOfGerund(cut[1].replace(/^(?:the|my|our)\s+/, "").replace(/\s+(?:one|ones|task|thing|stuff)$/, ""));
    if (read?.type === "bulkUpdate" && !read.filter.except && except)
      return nextWeekIfToday({ ...read, filter: { ...read.filter, except } }, said, clock);
  }
  return nextWeekIfToday(readBulkUpdateWhole(said, clock), said, clock);
}

const WEEKDAY = /\b(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\b/;

/**
 * "push all of today's to monday" said on a Monday: a group moved to a weekday named is moved
 * away from today, so the weekday is next week's (a move to today is no move).
 */
function nextWeekIfToday(read: Intent | null, said: string, clock: Clock): Intent | null {
  if (read?.type !== "bulkUpdate" || !read.changes.due || read.filter.due === "overdue") return read;
  const today = readValue("today", clock)?.due;
  // "today" said as where the group comes from ("everything from today to friday") is no move to today.
  const target = said.replace(/\btoday'?s\b/g, "").replace(/\b(?:from|for|of|due)\s+today\b/g, "");
  if (!today || read.changes.due !== today || !WEEKDAY.test(said) || /\btoday\b/.test(target)) return read;
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 7);
  return { ...read, changes: { ...read.changes, due: day.toISOString().slice(0, 10) } };
}

/** "(would you) mind moving all of today's stuff to saturday": the request said as what the user minds. */
function withoutMindLead(text: string): string {
  const m = /^(?:(?:would|do)\s+(?:you|u|ya)\s+)?mind\s+(\S+ing)\s+(.+)$/.exec(text);
  if (!m?.[1] || !m[2]) return text;
  const stem = m[1].slice(0, -3);
  const verb = [stem, `${stem}e`, stem.replace(/(.)\1$/, "$1")].find((c) => BULK_VERB.test(c) || PLACING.has(c));
  if (verb) return `${verb} ${m[2]}`;
  const base = baseOfGerund(`${m[1]} ${m[2]}`);
  return base === `${m[1]} ${m[2]}` ? text : base;
}

/** "put everything for tomorrow back 2 days": a placing verb with an amount back or forward is a move by that amount. */
function withShiftVerb(text: string): string {
  const w = text.split(" ");
  if (!PLACING.has(w[0] ?? "") || !/\s(?:back|out|forward)\s+(?:by\s+)?(?:\S+\s+)?(?:days?|weeks?)$/.test(text)) return text;
  return ["push", ...w.slice(1)].join(" ");
}
const BULK_VERB = new RegExp(`^(?:${verbs(["move", "postpone", "push", "advance", "set"], "base")})$`);
const PLACING = new Set("put stick shove bung shift bump slide knock kick bring".split(" "));

function readBulkUpdateWhole(said: string, clock: Clock): Intent | null {
  // "… till sat", "… to sun": a weekday, never the verb or the star.
  const text = withoutMindLead(fixQuantTypos(said))
    .replace(/\s+(?:will|would|could|can)\s+(?:ya|you|u)$/, "")
    .replace(
      /\b(to|till|til|until|on|by|for|next|this)\s+(sat|sun)$/,
      (_, p: string, d: string) => `${p} ${d}${d === "sat" ? "urday" : "day"}`,
    );
  let m = new RegExp(`^(${MOVE})\\s+(.+)$`).exec(withShiftVerb(text));
  if (m && m[1] && m[2]) {
    const verb = m[1];
    const body = m[2];
    const sign = new RegExp(`^${ADVANCE}$`).test(verb) || /\s(?:forward|earlier|up)\b/.test(body) ? -1 : 1;
    const shift =
      /^(.+?)\s+((?:back\s+|out\s+|forward\s+)?(?:by\s+|for\s+)?(?:another\s+)?(?:\S+\s+)?(?:days?|weeks?)(?:\s+(?:later|more|back|forward|out|on))?)$/.exec(
        body,
      );
    if (shift && shift[1] && shift[2]) {
      const days = amountDays(shift[2].replace(/^(?:back|out|forward)\s+/, ""));
      if (days !== null) return result(bulkTarget(shift[1].replace(/\s+(?:back|out|forward)$/, ""), clock), { shiftDays: sign * days });
    }
    // "bump all of tomorrow's to the day after": one day later than the day the group is due.
    const after = /^(.+?)\s+(?:back\s+|over\s+)?(?:to|till|until|for)\s+the\s+(?:day\s+after|next\s+day|following\s+day)$/.exec(body);
    const group = after?.[1] ? bulkTarget(after[1], clock) : null;
    const oneDay = group?.window && JSON.stringify(group.window.from) === JSON.stringify(group.window.to);
    // "push each of the school things to the day after": a group the request narrows, each a day after its own (undated ones stay).
    const narrowed = group && (group.scope || group.label || group.list || group.due === "overdue");
    if (group && (group.due === "today" || oneDay || narrowed)) return result(group, { shiftDays: 1 });
    if (after) return null;
    const dated = splitAtDate(body, clock);
    if (dated) return result(bulkTarget(dated.target.replace(/\s+(?:back|out|over|forward)$/, ""), clock), { due: dated.due });
    if (new RegExp(`^${DELAY}$`).test(verb)) return result(bulkTarget(body.replace(/\s+(?:back|out)$/, ""), clock), { shiftDays: 1 });
  }
  // "put everything thats overdue on today", "shove all the kids stuff on saturday": a placing verb with a day.
  m = /^(?:put|stick|shove|bung|chuck|whack|pop|shift|bump|slide)\s+(.+)$/.exec(text);
  if (m?.[1]) {
    const dated = splitAtDate(m[1], clock);
    if (dated) return result(bulkTarget(dated.target.replace(/\s+(?:back|out|over|forward)$/, ""), clock), { due: dated.due });
  }
  // "make all the shopping tasks high priority", "set everything overdue to low".
  m = new RegExp(
    `^(?:${SET})\\s+(.+?)\\s+(?:to\\s+|as\\s+|at\\s+)?((?:a\\s+)?(?:high|low|medium|normal|top|urgent|important|not urgent|unimportant)(?:[- ]prio(?:rity)?)?)$`,
  ).exec(text);
  if (m && m[1] && m[2]) {
    const word = m[2].replace(/[- ]prio$/, "");
    const priority = priorityWord(word) ?? findPriority(word)?.priority;
    if (priority) return result(bulkTarget(m[1], clock), { priority });
  }
  m = new RegExp(`^(${RAISE}|${LOWER})\\s+(?:the\\s+priority\\s+(?:of|on)\\s+)?(.+?)(?:\\s+to\\s+(.+))?$`).exec(text);
  if (m && m[1] && m[2]) {
    const priority = m[3] ? priorityWord(m[3]) : new RegExp(`^${LOWER}$`).test(m[1]) ? "low" : "high";
    if (priority) return result(bulkTarget(m[2], clock), { priority });
  }
  // "none of the garden stuff is urgent", "none of the shopping is urgent anymore": the same (rule NEGATED-GROUP).
  m =
    /^(nothing|none\s+of)\s+(.+?)\s+(?:is|are|'s|r)\s+(?:really\s+|that\s+)?(?:urgent|important|a priority|high priority)(?:\s+(?:any\s?more|now|tbh|really|atm|at the moment|either))?$/.exec(
      text,
    );
  if (m?.[1] && m[2]) {
    const group = m[1] === "nothing" ? `everything ${m[2]}` : /^(?:the|my|our)\s/.test(m[2]) ? `all ${m[2]}` : null;
    // Only the urgent ones of the group come down; a low one is never raised.
    const filter = group ? bulkTarget(group, clock) : null;
    if (filter) return result({ ...filter, priority: "high" }, { priority: "medium" });
    // "none of those are urgent": the tasks shown, some perhaps low already; which to change is asked, never guessed.
    return /^(?:them|those|these|it|that)$/.test(m[2]) ? { type: "say", kind: "unclear" } : null;
  }
  // "everything tagged work is urgent from now on", "all the errands stuff is low priority now".
  m =
    /^(.+?)\s+(?:is|are|'s|should be|can be|can all be|becomes?|goes|(?:can|could|should)\s+(?:all\s+)?(?:go|drop|come down|go down)\s+to)\s+(?:all\s+)?((?:a\s+)?(?:high|low|medium|normal|top|urgent|important|not urgent|unimportant)(?:[- ]prio(?:rity)?)?)(?:\s+(?:now|from now on|going forward|too|as well|this week|for now|for the moment|today))?$/.exec(
      text,
    );
  if (m && m[1] && m[2]) {
    const word = m[2].replace(/[- ]prio$/, "");
    const priority = priorityWord(word) ?? findPriority(word)?.priority;
    // "wedding stuff is all top priority": "all" after the verb quantifies a plural noun said without one.
    const allAfter = / all /.test(` ${text.slice(m[1].length).trim()} `) && new RegExp(`\\s${NOUN}$`).test(` ${m[1]}`);
    const group = bulkTarget(m[1], clock) ?? (allAfter && !QUANT.test(m[1]) ? bulkTarget(`all ${m[1]}`, clock) : null);
    if (priority) return result(group, { priority });
  }
  // "knock the whole work list down to low priority", "bump all the kids stuff up to high".
  m =
    /^(?:knock|drop|bump|bring|take|put|turn|move)\s+(.+?)\s+(?:down|up)\s+to\s+((?:high|low|medium|normal|top|urgent)(?:[- ]prio(?:rity)?)?)$/.exec(
      text,
    );
  if (m?.[1] && m[2]) {
    const priority = priorityWord(m[2].replace(/[- ]prio$/, "")) ?? findPriority(m[2])?.priority;
    if (priority) return result(bulkTarget(m[1], clock), { priority });
  }
  // "nothing on the errands list is urgent anymore": back to normal priority.
  // "can everything overdue go to tomorrow": the same, asked.
  const asked =
    /^(?:can|could)\s+((?:all|every|everything|the\s+whole)\b.+?)\s+(?:all\s+)?(go|move|wait|be moved|shift|be due)\s+(.+)$/.exec(text);
  if (asked?.[1] && asked[2] && asked[3]) return readBulkUpdateWhole(`${asked[1]} can ${asked[2]} ${asked[3]}`, clock);
  // "everything due today can wait till tomorrow", "all my overdue tasks should move to friday".
  m =
    /^(.+?)\s+(?:can|could|should|will|may|must|needs? to)\s+(?:all\s+)?(?:wait|move|go|be moved|be pushed|be postponed|shift|slide|be due)(?:\s+(?:back|over))?\s+(?:to|until|till|til|for|on|by)\s+(.+)$/.exec(
      text,
    );
  if (m && m[1] && m[2]) {
    const changes = readValue(m[2], clock);
    if (changes?.due && fieldCount(changes) === 1) return result(bulkTarget(m[1], clock), { due: changes.due });
  }
  // Rule BARE-GROUP-MOVE: "everything overdue to today", "all the garden stuff to friday", "all the shopping
  // list low priority": a group named by a quantifier and what it becomes, the verb left out; never a bare "everything".
  if (QUANT.test(text)) {
    const bare = bareGroupChange(text, clock);
    if (bare) return bare;
  }
  // "clear the due dates from all completed tasks"
  m = /^(?:clear|remove|drop|delete|unset)\s+(?:the\s+)?(?:due\s+dates?|deadlines?|dates)\s+(?:from|of|on|for)\s+(.+)$/.exec(text);
  if (m && m[1]) return result(bulkTarget(m[1], clock), { clearDue: true });
  return null;
}

function bareGroupChange(text: string, clock: Clock): Intent | null {
  const narrowed = (f: ListFilter | null) => (f && (f.due || f.window || f.scope || f.label || f.list) ? f : null);
  const seps = [...text.matchAll(/\s+(?:to|till|til|until)\s+/g)].reverse();
  for (const sep of seps) {
    const changes = readValue(text.slice((sep.index ?? 0) + sep[0].length), clock);
    if (changes?.due && fieldCount(changes) === 1)
      return result(narrowed(bulkTarget(text.slice(0, sep.index), clock)), { due: changes.due });
  }
  const m = /^(.+?)\s+(?:to\s+|as\s+)?(?:all\s+)?(high|low|medium|normal|top)[- ]prio(?:rity)?$/.exec(text);
  const priority = m?.[2] ? priorityWord(m[2]) : null;
  return m?.[1] && priority ? result(narrowed(bulkTarget(m[1], clock)), { priority }) : null;
}

/** A word's simple singular, for comparing names: "errands" → "errand", "groceries" → "grocery". */
function stem(word: string): string {
  return word
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "")
    .replace(/ies$/, "y")
    .replace(/(?<=[^s])s$/, "");
}

/**
 * The tasks a filter's `scope` keeps: those in the list or with the label of that name; when no
 * task is in such a list or has such a label, those with every scope word in their title. The
 * scope is exactly what was said: nothing outside it is ever kept.
 */
export function inScope<T extends { title: string; list?: string | null; labels?: string[] }>(tasks: T[], filter: ListFilter): T[] {
  const kept = inNamedScope(tasks, filter);
  if (!filter.except) return kept;
  // An exception that names no task in the group means the group is not what the user thinks: act on none.
  // "except the gym and the meds": each thing named is left out, and each must name a task of the group.
  const named = (words: string[]) => (t: T) => {
    const title = new Set(t.title.split(/\s+/).map(stem));
    return words.every((w) => title.has(w));
  };
  const whole = filter.except.split(/\s+/).map(stem).filter(Boolean);
  const parts = filter.except
    .split(/\s*(?:,|&|\band\b|\bor\b)\s*/)
    .map((p) =>
      p
        .replace(/^(?:the|my|our)\s+/, "")
        .split(/\s+/)
        .map(stem)
        .filter(Boolean),
    )
    .filter((p) => p.length > 0);
  const groups = kept.some(named(whole)) || parts.length < 2 ? [whole] : parts;
  if (!groups.every((g) => kept.some(named(g)))) return [];
  const left = kept.filter((t) => !groups.some((g) => named(g)(t)));
  return left.length < kept.length ? left : [];
}

function inNamedScope<T extends { title: string; list?: string | null; labels?: string[] }>(tasks: T[], filter: ListFilter): T[] {
  if (!filter.scope) return tasks;
  const words = filter.scope.split(/\s+/).map(stem).filter(Boolean);
  const name = words.join("");
  const named = tasks.filter((t) => (t.list && stem(t.list) === name) || (t.labels ?? []).some((l) => stem(l) === name));
  if (named.length) return named;
  return tasks.filter((t) => {
    const title = new Set(t.title.split(/\s+/).map(stem));
    return words.every((w) => title.has(w));
  });
}

/** Misspelt quantifiers, word by word ("evrything on the shopping list"). */
const QUANT_TYPOS: Record<string, string> = {
  evrything: "everything",
  everythin: "everything",
  evrythin: "everything",
  everyting: "everything",
  evrythng: "everything",
  everythng: "everything",
  erryting: "everything",
  errything: "everything",
  evry: "every",
  todays: "today's",
  tomorrows: "tomorrow's",
  tonights: "tonight's",
  thats: "that's",
};

function fixQuantTypos(text: string): string {
  return text
    .replace(/\bevery single\b/g, "every")
    .split(" ")
    .map((w) => QUANT_TYPOS[w] ?? w)
    .join(" ");
}

/** Words after a group that say when or how it went, not which tasks: "done all my errands today woo". */
const AFTERWORDS = new Set([
  "lol",
  "haha",
  "woo",
  "woohoo",
  "yay",
  "finally",
  "now",
  "already",
  "too",
  "aswell",
  "anyway",
  "innit",
  "actually",
  "tbh",
  "honestly",
  "btw",
  "thankfully",
  "!",
]);
/** An exception means the reading does not account for the message: never acted on here. */
const EXCEPT = new Set([
  "except",
  "apart",
  "besides",
  "excluding",
  "bar",
  "but",
  "other",
  "nothing",
  "none",
  "not",
  "isnt",
  "isn't",
  "arent",
  "aren't",
]);

/** "is done", "are all sorted", "'s finished": a group's state, as the words after it. */
const DONE_STATE =
  /^(?:(?:is|are|'s|s|were|was|have been|has been|got|be)\s+)?(?:all\s+)?(?:done|sorted|sorted out|finished|complete|completed|dealt with|taken care of|handled|ticked off|bought|paid|cleared|in the bag)$/;
/** "done", "smashed", "got through": the user did a group ("done all my errands"). */
const DID =
  /^(?:i(?:'ve|ve| have)?\s+)?(?:just\s+|finally\s+)?(?:done|did|finished|completed|smashed|nailed|cleared|got through|knocked out|blitzed|ticked off|bought|got|picked up|grabbed|collected|sorted|sorted out)$/;
/** Words after what was done that say when or where, not which tasks: "… on the way home", "… at lunch". */
const DID_WHEN =
  /\s+(?:today|tonight|this morning|this afternoon|this evening|earlier|yesterday|at lunch|in town|at the shops|on the way (?:home|back|in|to work))$/;
/** "done", "finished", "old" before "stuff/ones/…": the finished tasks of a group. */
const FINISHED_KIND = /\b(?:done|finished|completed|ticked off|ticked|old)\s+(?=(?:stuff|ones|things|tasks|bits|items)\b)/;
/** "tick off", "mark", "cross off": a command to complete a group. */
const TICK = /^(?:tick|mark|check|cross|complete|finish|close)(?:\s+off)?$/;
const TICK_TAIL = /\s+(?:off|done|as done|complete|as complete|completed|as completed|finished|as finished)$/;
const DELETE = /^(?:delete|remove|clear|clear out|clean out|get rid of|wipe|bin|ditch|scrap|nuke|trash|drop|axe)$/;

/**
 * The group a bulk completion or deletion names, or null: one of the user's lists or labels
 * ("the shopping list", "all the home stuff", "everything tagged kids"), a day ("today's",
 * "overdue"), or finished tasks. A phrase with a quantifier that names no group is left to the
 * general bulk reader (list.ts), so "complete everything" is read there.
 */
function groupOf(phrase: string, clock: Clock, quantified: boolean): ListFilter | null {
  const t = phrase.replace(/^(?:the|my|our)\s+(?=\S+\s+list$)/, "the whole ");
  const filter = bulkTarget(quantified && !QUANT.test(t) ? `all ${t}` : t, clock);
  if (!filter) return null;
  return filter.scope || filter.label || filter.due || filter.window || filter.priority ? filter : null;
}

/** Splits "<group> <tail>" at the first word where `tail` matches the rest; group and tail. */
function splitTail(words: string[], tail: RegExp): { group: string; quantified: boolean } | null {
  for (let i = 1; i < words.length; i++) {
    const rest = words.slice(i).join(" ");
    const all = / all /.test(` ${rest} `);
    if (tail.test(rest)) return { group: words.slice(0, i).join(" "), quantified: all };
  }
  return null;
}

/** One comma-free piece: a completion or deletion of a group, or null. */
function readGroupAction(text: string, clock: Clock): Intent | null {
  const words = fixQuantTypos(text)
    .replace(/\s+for\s+(?:the\s+)?(?:week|day|today|now|the moment)$/, "")
    .split(/\s+/);
  while (words.length > 2 && AFTERWORDS.has(words[words.length - 1] ?? "")) words.pop();
  // "everything on my home list is done except the gutters": read without the exception, then leave it out.
  const cut = EXCEPTION.exec(words.join(" "));
  if (cut?.[1] && cut.index > 0 && exceptsByPosition(words.join(" "))) return null;
  if (cut?.[1] && cut.index > 0) {
    const read = readGroupAction(words.join(" ").slice(0, cut.index), clock);
    const except = cut[1].replace(/^(?:the|my|our)\s+/, "").replace(/\s+(?:one|ones|task|thing|stuff)$/, "");
    return read?.type === "bulk" && except && !read.filter.except ? { ...read, filter: { ...read.filter, except } } : null;
  }
  if (words.some((w) => EXCEPT.has(w))) return null;
  const bulk = (action: "complete" | "delete", filter: ListFilter | null): Intent | null =>
    filter ? { type: "bulk", action, filter, listed: false } : null;
  // "all the shopping stuff is done", "the whole admin list is sorted now"
  const state = splitTail(words, DONE_STATE);
  const stated = state ? groupOf(state.group, clock, state.quantified) : null;
  if (stated) return bulk("complete", stated);
  // "done all my errands today", "smashed the whole diy list"
  for (let i = Math.min(4, words.length - 1); i >= 1; i--) {
    if (!DID.test(words.slice(0, i).join(" "))) continue;
    const rest = words.slice(i).join(" ");
    // "today" after what was done says when, unless it says which ("everything that's due today").
    const group = /\b(?:due|for|that'?s|thats|which)\b/.test(rest) ? rest : rest.replace(DID_WHEN, "");
    if (QUANT.test(group)) return bulk("complete", groupOf(group, clock, false));
  }
  // "tick off the errands list", "mark everything in the party list done", "tick the whole lot on the shopping list off"
  for (let i = Math.min(2, words.length - 1); i >= 1; i--) {
    if (!TICK.test(words.slice(0, i).join(" "))) continue;
    const group = words.slice(i).join(" ").replace(TICK_TAIL, "");
    return bulk("complete", groupOf(group, clock, false));
  }
  // "delete everything on the camping list", "clear the done stuff off my shopping list"
  for (let i = Math.min(3, words.length - 1); i >= 1; i--) {
    if (!DELETE.test(words.slice(0, i).join(" "))) continue;
    let group = words
      .slice(i)
      .join(" ")
      .replace(/^out\s+/, "");
    const off = /^(.+?)\s+(?:off|from)\s+((?:my|the)\s+\S+(?:\s\S+)?\s+list)$/.exec(group);
    if (off?.[1] && off[2]) group = `${off[1]} on ${off[2]}`;
    // "the done stuff on my shopping list": the finished tasks of that group.
    const finished = FINISHED_KIND.test(group);
    const kind = group.replace(FINISHED_KIND, "");
    const filter = groupOf(kind, clock, finished && !QUANT.test(kind));
    if (!filter?.scope && !filter?.label) return null;
    filter.status = finished || /\b(?:done|finished|completed|ticked off)$/.test(group) ? "completed" : "all";
    return bulk("delete", filter);
  }
  return null;
}

/**
 * A completion or deletion of a named group said casually: "all the shopping stuff is done",
 * "the whole admin list is sorted", "done all my errands today", "tick off the errands list",
 * "got everything on the shopping list, tick the lot off", "wipe all the xmas stuff, not doing
 * it this year". A remark after a comma is left out; two groups, or a group with an exception
 * ("… except the gutters"), are not read here.
 */
export function readGroupBulk(text: string, clock: Clock): Intent | null {
  // "all exam stuff done!! free at last": a "!" or "." before more words ends a piece too.
  const pieces = trimPunctuation(text)
    .split(/\s*(?:[,;]|[!.]+(?=\s))\s*/)
    .filter(Boolean);
  const read = pieces.map((p) => readGroupAction(trimPunctuation(p), clock));
  const groups = read.filter((r): r is Intent & { type: "bulk" } => r?.type === "bulk");
  if (groups.length !== 1 || !groups[0]) return null;
  const group = groups[0];
  // "got everything on the shopping list, tick the lot off": the other piece points at the same group.
  const others = pieces.filter((_, i) => read[i] !== group);
  if (others.some((p) => /\b(?:except|apart|besides|excluding|but|and|also|plus|add|move|push|delete|remove)\b/.test(p))) return null;
  return group;
}

/* ---- A group, then a command about it (rule GROUP-THEN-COMMAND) ---- */

/** Words before a group that only say how the user feels: "cant face anything today", "cba with todays lot". */
const GROUP_LEADS = [
  "i cant face",
  "i can't face",
  "cant face",
  "can't face",
  "cba with",
  "cba",
  "im not doing",
  "i'm not doing",
  "not doing",
  "not gonna do",
  "honestly",
  "tbh",
  "ugh",
  "ok",
  "okay",
  "right",
  "so",
  "just",
  "well",
  "and",
].map((p) => p.split(" "));

/** Words after a group that remark on it and ask for nothing: "isnt urgent", "can all wait", "isn't happening today". */
const GROUP_REMARK = new Set(
  "is isnt isn't are arent aren't r not can could all wait way urgent important happening today this week really that so too much any more anymore gonna going to be a priority lol tbh honestly now til till until for the weekend next tomorrow tmrw monday tuesday wednesday thursday friday saturday sunday after".split(
    " ",
  ),
);

/** Words at the end of a group's piece that say nothing about it: "not doing anything today lol". */
const GROUP_AFTERWORDS = new Set(["lol", "haha", "tbh", "honestly", "tho", "though", "really", "pls", "please"]);

/** Words that make a phrase name several tasks: a quantifier, a plural noun, a list or a label. */
const GROUP_WORD = new Set(
  "all everything anything every whole lot tasks todos items ones things stuff bits jobs chores errands reminders list lists tagged labelled labeled".split(
    " ",
  ),
);

/** The command's object when it points back at the group: "it all", "them", "em", "the lot", "everything in it". */
const GROUP_PRONOUNS = [
  "everything in it",
  "everything on it",
  "all of it",
  "all of them",
  "all of em",
  "all of those",
  "the whole lot",
  "the lot",
  "it all",
  "them all",
  "em all",
  "those all",
  "all",
  "everything",
  "them",
  "em",
  "'em",
  "it",
  "those",
  "these",
].map((p) => p.split(" "));

/** Verbs that give the group a day, a priority or a state; each is read with the value after the pronoun. */
const GROUP_SET_VERBS = new Set(
  "move push bump shove stick put shift chuck whack bung pop plonk throw do punt kick slide reschedule switch make set mark change turn have leave".split(
    " ",
  ),
);
const GROUP_TICK_VERBS = new Set("tick check cross complete finish close".split(" "));
const GROUP_DELETE_VERBS = [["get", "rid", "of"], ["delete"], ["remove"], ["bin"], ["ditch"], ["scrap"], ["trash"], ["clear"]];
/** Between a pronoun that comes first and its value: "it can all be low priority", "they should go to friday". */
const GROUP_LINKS = [
  "can all be",
  "can be",
  "should all be",
  "should be",
  "can all go to",
  "can go to",
  "can all wait till",
  "can all wait until",
  "can wait till",
  "can wait until",
  "is",
  "are",
].map((p) => p.split(" "));
const COMMAND_FILLERS = new Set(["just", "so", "then", "pls", "please", "plz", "ok", "okay", "and", "now", "tbh", "lol", "thanks", "x"]);

function startsWith(words: string[], phrase: string[], at = 0): boolean {
  return phrase.every((w, i) => words[at + i] === w);
}

/** The group a piece names, allowing feeling words before it and a remark after it; null when it names none. */
function leadingGroup(piece: string, clock: Clock): ListFilter | null {
  const words = piece.split(/\s+/).filter(Boolean);
  for (let dropped = true; dropped; ) {
    dropped = false;
    for (const lead of GROUP_LEADS)
      if (words.length > lead.length && startsWith(words, lead)) {
        words.splice(0, lead.length);
        dropped = true;
      }
  }
  while (words.length > 1 && GROUP_AFTERWORDS.has(words.at(-1) ?? "")) words.pop();
  for (let k = words.length; k >= 1; k--) {
    if (!words.slice(k).every((w) => GROUP_REMARK.has(w))) continue;
    const phrase = words.slice(0, k);
    // "can all wait til the weekend" is the remark's: its day never narrows the group.
    if (phrase.includes("wait")) continue;
    // "garden list" as said; "the overdue stuff" as "all the overdue stuff".
    const filter = groupOf(phrase.join(" "), clock, false) ?? groupOf(phrase.join(" "), clock, true);
    // "the milk" is one task and "that's important" a remark: a group has a quantifier, a plural noun, a list or a label.
    // A remark word read as part of a list or title scope ("today's tasks r too much") is the remark's, not the group's.
    const remarkInScope = filter?.scope?.split(" ").some((w) => GROUP_REMARK.has(w));
    if (filter && !remarkInScope && phrase.some((w) => GROUP_WORD.has(w) || w.startsWith("#"))) return filter;
  }
  return null;
}

/** A command about a group said before it: the pronoun's place, the verb's kind and the value; null when not one. */
function groupCommand(piece: string, clock: Clock): { action: "set" | "complete" | "delete"; changes: BulkChanges | null } | null {
  const w = piece.split(/\s+/).filter(Boolean);
  while (w.length && COMMAND_FILLERS.has(w[0] ?? "")) w.shift();
  while (w.length && COMMAND_FILLERS.has(w.at(-1) ?? "")) w.pop();
  const pronounAt = (i: number) => GROUP_PRONOUNS.find((p) => startsWith(w, p, i));
  const valueOf = (rest: string[]): BulkChanges | "completed" | null => {
    const tail = [...rest];
    if (tail[0] === "all") tail.shift();
    const value = tail.join(" ").replace(/^(?:back\s+|over\s+)?(?:to|till|til|until|on|onto|for|into)\s+/, "");
    if (!value) return null;
    const changes = readValue(value, clock);
    if (!changes) return null;
    if (fieldCount(changes) !== 1) return null;
    if (changes.status === "completed") return "completed";
    if (changes.due) return { due: changes.due };
    if (changes.priority) return { priority: changes.priority };
    return null;
  };
  const asCommand = (value: BulkChanges | "completed" | null) =>
    value === "completed" ? { action: "complete" as const, changes: null } : value ? { action: "set" as const, changes: value } : null;
  // "get rid of them", "bin the lot": a delete of the whole group, nothing after it.
  const del = GROUP_DELETE_VERBS.find((v) => startsWith(w, v));
  if (del) {
    const p = pronounAt(del.length);
    return p && del.length + p.length === w.length ? { action: "delete", changes: null } : null;
  }
  const head = w[0] ?? "";
  if (GROUP_TICK_VERBS.has(head)) {
    const p = pronounAt(1);
    const rest = p ? w.slice(1 + p.length) : [];
    if (rest[0] === "all") rest.shift();
    return p && (rest.length === 0 || ["off", "done", "as done", "complete"].includes(rest.join(" ")))
      ? { action: "complete", changes: null }
      : null;
  }
  if (GROUP_SET_VERBS.has(head)) {
    const p = pronounAt(1);
    // "move to friday": the object left out.
    if (!p) return ["to", "till", "until", "on"].includes(w[1] ?? "") ? asCommand(valueOf(w.slice(1))) : null;
    return asCommand(valueOf(w.slice(1 + p.length)));
  }
  // "the #home ones - high priority": a priority alone is said of the group.
  const alone = valueOf(w);
  if (alone && alone !== "completed" && alone.priority) return asCommand(alone);
  // "it can all be low priority", "all of it low priority": the pronoun first.
  const p = pronounAt(0);
  if (!p || p.join(" ") === "all") return null;
  const rest = w.slice(p.length);
  const link = GROUP_LINKS.find((l) => startsWith(rest, l));
  return asCommand(valueOf(link ? rest.slice(link.length) : rest));
}

/** The two pieces of "<group>, <command>" (split at a comma, a dash, a full stop or "…"), or null. */
export function groupAndCommand(text: string): [string, string] | null {
  const pieces = trimPunctuation(text)
    .split(/\s*(?:[,;:]|\.{2,}|…|\s[-–—]+\s|\.\s)\s*/)
    .map((p) => trimPunctuation(p))
    .filter(Boolean);
  return pieces.length === 2 && pieces[0] && pieces[1] ? [pieces[0], pieces[1]] : null;
}

/**
 * A group, then a piece that points back at it ("it", "them", "em", "the lot") but is not a command
 * this rule reads: "the overdue lot, whack em on friday" with an unknown verb. Such a message is
 * about the group, never a new task; the caller asks instead of adding.
 */
export function groupThenUnreadCommand(said: string, clock: Clock): boolean {
  const pieces = groupAndCommand(fixQuantTypos(said.toLowerCase()));
  if (!pieces || !leadingGroup(pieces[0], clock)) return false;
  const w = pieces[1].split(/\s+/);
  return GROUP_PRONOUNS.some((p) => p.join(" ") !== "all" && w.some((_, i) => startsWith(w, p, i)));
}

/**
 * Rule GROUP-THEN-COMMAND: a group, then a command whose object is a pronoun for it, in two
 * pieces (split at a comma, a dash, a full stop or "…"). Examples: "the overdue stuff, push it
 * all to monday"; "garden list isnt urgent, move everything in it to sunday"; "everything thats
 * late, just make it due friday"; "cant face anything today, shove it all to tmrw"; "the low
 * priority ones, mark them all done"; "the overdue ones, get rid of them". Both pieces must be
 * read whole (known feeling words before the group, a remark after it, fillers around the
 * command); anything else is not read here, so a partial reading never writes.
 */
export function readGroupThenCommand(said: string, clock: Clock): Intent | null {
  const pieces = groupAndCommand(fixQuantTypos(said.toLowerCase()));
  if (!pieces) return null;
  // "move todays stuff to tomorrow, its not urgent": a first piece that is a request itself is no group.
  if (readBulkUpdate(pieces[0], clock) || isBaseVerb(pieces[0].split(" ")[0] ?? "")) return null;
  const filter = leadingGroup(pieces[0], clock);
  if (!filter) return null;
  const command = groupCommand(pieces[1], clock);
  if (!command) return null;
  if (command.action === "set") return command.changes ? { type: "bulkUpdate", filter, changes: command.changes } : null;
  if (command.action === "delete") return { type: "bulk", action: "delete", filter, listed: false };
  return { type: "bulk", action: "complete", filter, listed: false };
}

/* ---- A question whether a group is done (rule GROUP-DONE-QUESTION) ---- */

const GROUP_DONE_WORDS = "done|finished|sorted|complete|completed|ticked off|dealt with";
const IS_GROUP_DONE = new RegExp(
  `^(?:is|are)\\s+(.+?)\\s+(all\\s+)?(?:${GROUP_DONE_WORDS})((?:\\s+(?:for|from)\\s+(?:today|tonight|tomorrow|this week))?)(?:\\s+(?:yet|now|then|already))?\\s*\\??$`,
);
const HAVE_I_DONE_GROUP =
  /^(?:have|did)\s+(?:i|we)\s+(?:(?:already|actually)\s+)?(?:done|finished|completed|sorted|do|finish|complete|sort|got through|get through|ticked off|tick off)\s+(.+?)(?:\s+(?:yet|already|then))?\s*\??$/;

/**
 * "is everything for today done?", "is all the shopping done?", "have i finished all the work stuff?":
 * a question about a group; it only reads, and shows what of the group is still to do.
 */
export function readGroupQuestion(said: string, clock: Clock): Intent | null {
  const text = fixQuantTypos(trimPunctuation(said.toLowerCase()).replace(/\s+/g, " "));
  const is = IS_GROUP_DONE.exec(`${text}?`);
  const have = is ? null : HAVE_I_DONE_GROUP.exec(text);
  // "is the shopping all done?": "all" after the group quantifies it.
  const phrase = is?.[1] ? `${is[2] && !QUANT.test(is[1]) ? "all " : ""}${is[1]}${is[3] ?? ""}` : have?.[1];
  // "did i finish anything today" asks what was done, not what is left: only "all"/"every" make a group here.
  if (!phrase || !QUANT.test(phrase) || /^(?:anything|any)\b/.test(phrase)) return null;
  const filter = bulkTarget(phrase, clock);
  if (!filter || filter.except || filter.status === "completed") return null;
  if (filter.scope) {
    const { scope, ...rest } = filter;
    return { type: "list", filter: { ...rest, list: scope, orTopic: true, status: "pending" } };
  }
  return { type: "list", filter: { ...filter, status: "pending" } };
}
