/**
 * Reads edits to one task: rename ("rename X to Y"), re-describe ("add a note to X: Y"),
 * re-prioritise ("make X urgent"), re-schedule ("move X to Friday", "X is due tomorrow",
 * "postpone X by 2 days"), clear a due date, stop or skip a repeat, a reminder before it, and the
 * generic "change X to Y".
 *
 * The clause is read as words (intents/word-grammar.ts): each rule in UPDATE_RULES has a name,
 * its examples and a grammar — action words from the lexicon, the span naming the task (handed to
 * refFrom), the span holding the value (read by readValue and lib/task-line) — and the rules are
 * tried in their declared order; the first whose grammar covers the clause and whose value reads
 * wins. tests/unit/builtin/update-rules.test.ts reads every example with its own rule.
 */
import type { Clock } from "@/lib/task-line/clock";
import { baseOfPast, isBaseVerb } from "../verbs";
import { SHORT_WEEKDAYS } from "@/lib/task-line/calendar";
import { cutSpans, dueToString, extractDue } from "@/lib/task-line/dates";
import { verbWords } from "../lexicon";
import { capitalize, quoted, trimPunctuation } from "@/lib/task-line/text";
import { numberFrom, NUMBER_WORD_PATTERN } from "@/lib/task-line/numbers";
import { findReminderOff, findReminderPhrase, REMIND as REMIND_ME } from "@/lib/task-line/reminder-phrases";
import { findPriority, priorityWord } from "@/lib/task-line/priority";
import { readTaskLine } from "@/lib/task-line/read";
import { statesWhy } from "./aside";
import { refFrom } from "./refs";
import { type Changes, fieldCount, type Intent } from "./types";
import { LONGEST, matchWords, not, one, opt, type Part, pick, SPAN, spanWhere, star, type Token, tokenize } from "./word-grammar";

/** Verbs from the shared lexicon: "postpone", "push back", "defer" … and "move", "reschedule" …. */
const POSTPONE = verbWords("postpone", "base");
const DELAY = verbWords(["postpone", "push"], "base");
const MOVE = verbWords(["move", "postpone", "push"], "base");
const RAISE = verbWords("raise", "base");
const LOWER = [...verbWords("lower", "base"), "de-prioritise", "de-prioritize"];

const DUE_NOUN = one("due date", "due-date", "deadline", "due time", "date", "due day", "due");
const DESC_WORDS = ["description", "desc", "note", "notes", "detail", "details", "comment"];
const DESC_NOUN = one(...DESC_WORDS);
const NAME_NOUN = one("title", "name", "wording", "text", "label");
/** "the report's", "the reports'": a possessive after the task's words. */
const POSSESSIVE = opt(one("'s", "'"));
const NUMBER = pick(...NUMBER_WORD_PATTERN.split("|").map((n) => (n === "\\d+" ? "<n>" : n)));
const UNIT = pick("day", "days", "week", "weeks");
/** "remind me", "ping me" …: the reminder phrases of lib/task-line. */
const REMIND_PHRASES = REMIND_ME.slice(3, -1).split("|");
const QUOTE = new Set(['"', "'"]);
const startsQuoted = (s: string, before: string) => QUOTE.has(s[0] ?? "") && (before === "" || before === " ");
const quotedWords = (s: string, before: string) => startsQuoted(s, before) && s.length >= 3 && QUOTE.has(s.at(-1) ?? "");

/** `raw`: the clause as typed, before fillers such as "now" were dropped (a repeat's "… from now on"). */
type ReadContext = { clock: Clock; original: string; raw?: string };
type Read = { ref: string; changes: Changes };
/** A clause as the rules see it: lower case (its words split once), the user's casing, the clock. */
type Said = ReadContext & { text: string; tokens: Token[] };
type Reader = (m: string[], ctx: ReadContext) => Read | null;
/** `remark`: the rule reads a remark that changes nothing ("the garage can wait"): answered, never written. */
export type UpdateRule = { name: string; examples: string[]; read: (said: Said) => Read | null; remark?: true };

const words = (text: string) => text.split(" ").filter(Boolean);
const isOneOf = (list: readonly string[]) => {
  const set = new Set(list);
  return (text: string) => set.has(text);
};

const CLEARS_DUE = isOneOf(["no", "none", "nothing", "no date", "no due date", "no deadline", "not due", "unscheduled", "someday"]);
const DONE = isOneOf(["done", "complete", "completed", "finished"]);
const PENDING = isOneOf(["pending", "not done", "incomplete", "open", "todo", "to do"]);
/** Words a value may carry besides its changes ("high and due friday", "to be done"). */
const VALUE_FILLER = new Set("and due priority with a an the be is it to on by for as at instead".split(" "));
const ORDINAL_DAY = /^\d{1,2}(?:st|nd|rd|th)$/;
/** Minutes before the hour said in "ten to 5", "twenty to three". */
const MINUTES_TO = new Set(["5", "10", "20", "25", "five", "ten", "twenty"]);
const HOUR_SAID = /^(?:1[0-2]|[1-9]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)$/;
const withoutTrailingCommas = (w: string) => {
  let end = w.length;
  while (end > 0 && w[end - 1] === ",") end--;
  return w.slice(0, end);
};

/** Reads a value such as "high priority", "friday", "high and due friday" into changes. */
export function readValue(value: string, clock: Clock): Changes | null {
  let text = trimPunctuation(value.toLowerCase());
  const changes: Changes = {};
  if (CLEARS_DUE(text)) return { clearDue: true };
  const word = priorityWord(text);
  if (word) return { priority: word };
  // "fri and high", "high & tomorrow": a bare priority word beside another value.
  const parts = text.split(/ (?:and|&) |,/).map((part) => part.trim());
  const said = parts.length === 2 ? parts.map((part) => priorityWord(part)) : [];
  const bare = said.findIndex((w) => w !== null);
  if (bare >= 0) {
    const other = readValue(parts[1 - bare]!, clock);
    return other && !other.priority ? { ...other, priority: said[bare]! } : null;
  }
  const p = findPriority(text);
  if (p) {
    changes.priority = p.priority;
    text = cutSpans(text, [p.span]);
  }
  // A bare "the 30th" is a date when it is the whole value.
  const day = words(text);
  if ((day.length === 1 || (day.length === 2 && day[0] === "the")) && ORDINAL_DAY.test(day.at(-1) ?? "")) text = `on the ${day.at(-1)}`;
  // A bare "ten to 5" is a clock time when it is the whole value ("change the haircut to ten to 5").
  if (day.length === 3 && day[1] === "to" && MINUTES_TO.has(day[0] ?? "") && HOUR_SAID.test(day[2] ?? "")) text = `at ${text}`;
  // A bare hour is a clock time when it is the whole value ("move the dentist to 3", "change the call to 10:30").
  if (day.length === 1 && /^(?:1[0-2]|[1-9])(?:[:.][0-5]\d)?$/.test(day[0] ?? "")) text = `at ${text}`;
  const { due, rest, bareTime } = extractDue(text, clock);
  if (due) {
    changes.due = dueToString(due);
    if (bareTime) changes.keepDay = true;
    text = rest;
  }
  if (DONE(text)) {
    changes.status = "completed";
    text = "";
  } else if (PENDING(text)) {
    changes.status = "pending";
    text = "";
  }
  // "make it" and "set it" are fillers too ("make it high and due friday"); commas are.
  const spaced = words(text);
  const explained = spaced.every(
    (w, i) =>
      ((w === "make" || w === "set") && withoutTrailingCommas(spaced[i + 1] ?? "") === "it") ||
      w.split(",").every((part) => part === "" || VALUE_FILLER.has(part)),
  );
  return Object.keys(changes).length > 0 && explained ? changes : null;
}

function title(value: string): string {
  return capitalize(trimPunctuation(quoted(value) ?? value));
}

/** The user's casing for a span found in lower-case text (titles and descriptions keep case). */
function keepCase(ctx: ReadContext, lowerPart: string): string {
  const original = ctx.original;
  const i = original.toLowerCase().lastIndexOf(lowerPart);
  return i >= 0 ? original.slice(i, i + lowerPart.length) : lowerPart;
}

/** The words after a leading phrase of `list`, or null. */
function after(text: string, list: readonly string[]): string | null {
  for (const phrase of list) if (text === phrase || text.startsWith(`${phrase} `)) return text.slice(phrase.length).trim();
  return null;
}

const REMINDER_TARGET_LEAD = ["the start of", "the start", "of", "for"];

/**
 * A reminder before a task's due time: "remind me 30 minutes before the dentist", "remind me
 * about the standup 10 minutes before", "remind me an hour before" (the task just mentioned).
 */
/** "the night before", "the evening before": an evening on the day before (due-relative.ts), not 24 hours before the due time. */
const EVENING_BEFORE = /\bthe (?:night|evening) before\b/;

/** Words left once the reminder words go: a task's name, not "it" or nothing ("remind me the night before"). */
function namesATask(text: string): boolean {
  const p = REMIND_PHRASES.find((x) => text.startsWith(`${x} `)) ?? "";
  const rest = text
    .slice(p.length)
    .replace(EVENING_BEFORE, " ")
    .split(/\s+/)
    .filter(
      (w) =>
        w &&
        !/^(?:about|abt|bout|re|for|of|on|it|that|this|one|pls|please|thanks|beforehand|before|at|am|pm|noon|midday|\d[\d:.apm]*)$/.test(w),
    );
  return rest.length > 0;
}

function remindBefore(text: string): Read | null {
  if (!REMIND_PHRASES.some((p) => text.startsWith(`${p} `))) return null;
  // evening-before (named rule): "remind me abt the bin collection the night before", "ping me the night
  // before the mot" name the task; the add reader's due-relative reminder sets that evening on it.
  if (EVENING_BEFORE.test(text) && namesATask(text)) return null;
  const phrase = findReminderPhrase(text);
  if (phrase?.kind === "before" && phrase.start === 0) {
    // "remind me to pay rent the day before": a to-do said with its offset, read by the add reader (duplicates.ts puts it on the task).
    if (phrase.tail !== undefined && /\bto\s*$/.test(text.slice(0, phrase.end))) return null;
    const target = text.slice(phrase.end, phrase.tail).trim();
    const ref = trimPunctuation(after(target, REMINDER_TARGET_LEAD) || target);
    // "remind me 30 minutes before to call mom" is a new task, not a reference.
    if (ref.startsWith("to ")) return null;
    return { ref: ref || "it", changes: { remindBefore: phrase.minutes } };
  }
  // "remind me about <task> <amount> before": the amount is the last one to three words.
  const tokens = tokenize(text);
  const about = tokens
    ? matchWords(
        [pick(...REMIND_PHRASES), one("about", "of", "for"), SPAN, pick("before", "beforehand", "earlier", "ahead", "in advance", "prior")],
        text,
        tokens,
      )
    : null;
  if (!about) return null;
  const named = words(about[2] ?? "");
  for (let n = 1; n <= 3 && n < named.length; n++) {
    const offset = findReminderPhrase(`${about[1]} ${named.slice(-n).join(" ")} ${about[3]}`);
    if (offset?.kind === "before") return { ref: named.slice(0, -n).join(" "), changes: { remindBefore: offset.minutes } };
  }
  return null;
}

/** Words around a new repeat that say nothing more: "only tuesdays now", "every 3 days from now on". */
const REPEAT_LEAD = new Set([
  "only",
  "just",
  "now",
  "be",
  "to",
  "repeat",
  "repeating",
  "recur",
  "recurring",
  "happen",
  "happening",
  "done",
]);
const REPEAT_TAIL = [
  "from now on",
  "going forward",
  "these days",
  "from now",
  "now",
  "only",
  "instead",
  "then",
  "pls",
  "please",
  "thanks",
  "from here on",
];
const REPEAT_REPLACED = ["instead of", "rather than", "not"];

/** The rule a value says as a whole ("mon wed and fri", "every 3 days now", "monthly instead of weekly"), or null. */
function repeatValue(value: string, clock: Clock): string | null {
  let ws = words(trimPunctuation(value)).map(withoutTrailingCommas);
  while (ws.length > 1 && REPEAT_LEAD.has(ws[0]!)) ws = ws.slice(1);
  // "monthly instead of weekly", "weekly not daily": the old repeat, said to be replaced.
  for (const r of REPEAT_REPLACED) {
    const n = r.split(" ").length;
    const at = ws.findIndex((_, i) => i > 0 && ws.slice(i, i + n).join(" ") === r);
    if (at > 0 && repeatOf(ws.slice(at + n).join(" "), clock)) ws = ws.slice(0, at);
  }
  for (let changed = true; changed && ws.length > 1; ) {
    changed = false;
    for (const tail of REPEAT_TAIL) {
      const n = tail.split(" ").length;
      if (ws.length > n && ws.slice(-n).join(" ") === tail) {
        ws = ws.slice(0, -n);
        changed = true;
      }
    }
  }
  return repeatOf(ws.join(" "), clock);
}

/** The repeat rule of words that are nothing but a repeat (and the time words of its days). */
function repeatOf(value: string, clock: Clock): string | null {
  if (!value || words(value).length > 8) return null;
  const reading = readTaskLine(`x ${value}`, clock);
  return reading.recurrence && reading.title.trim().toLowerCase() === "x" ? reading.recurrence : null;
}

/**
 * Words that say a value is a repeat and not one date: "the conference is mon and tue" is two days,
 * "the gym is mon and wed now" / "… every …" / "… mondays" a new repeat.
 */
const REPEAT_MARKERS = new Set(
  "every each daily weekly fortnightly monthly yearly annually twice thrice times only now forward onwards repeat repeats repeating recur recurring mondays tuesdays wednesdays thursdays fridays saturdays sundays weekdays weekends".split(
    " ",
  ),
);
const saysRepeat = (text: string) => words(text).some((w) => REPEAT_MARKERS.has(withoutTrailingCommas(w)));

/** A reader of a new repeat: the task, then the value read by repeatValue. */
const GROUNDED_REPEAT = new Set(["every", "each", "daily", "weekly", "fortnightly", "monthly", "yearly", "annually"]);
/** "vitamins are every other day now": grounding reads it against the tasks (it picks the repeating one of two). */
const leftToGrounding = (value: string) => words(value).some((w) => GROUNDED_REPEAT.has(w));
const repeatReader =
  (refGroup: number, valueGroup: number, ground = false): Reader =>
  (m, ctx) => {
    if (ground && leftToGrounding(m[valueGroup] ?? "")) return null;
    if (!saysRepeat(m[valueGroup] ?? "") && !saysRepeat((ctx.raw ?? ctx.original).toLowerCase())) return null;
    const recurrence = repeatValue(m[valueGroup] ?? "", ctx.clock);
    return recurrence ? { ref: m[refGroup] ?? "", changes: { recurrence } } : null;
  };
const SPLIT_JOIN = new Set(["to", "into", "repeat", "recur", "repeating"]);
/** "make call mum monthly …": the task and the repeat in one span; the repeat is the longest tail that reads as one. */
const refThenRepeat =
  (group: number, needsJoin: (m: string[]) => boolean): Reader =>
  (m, ctx) => {
    const ws = words(m[group] ?? "");
    // "change the bed sheets every year" is a chore; "change the bins to every wednesday" an edit.
    const join = needsJoin(m);
    for (let k = 1; k < ws.length; k++) {
      if (join && !SPLIT_JOIN.has(ws[k]!)) continue;
      const rest = SPLIT_JOIN.has(ws[k]!) ? ws.slice(k + 1) : ws.slice(k);
      const read = repeatReader(0, 1)([ws.slice(0, k).join(" "), rest.join(" ")], ctx);
      if (read) return read;
    }
    return null;
  };

/** A rule from its grammar and the reader of its captures (1: the first span, 2: the next …). */
function rule(name: string, examples: string[], parts: Part[], read: Reader, when?: (said: Said) => boolean): UpdateRule {
  return {
    name,
    examples,
    read: (said) => {
      if (when && !when(said)) return null;
      const m = matchWords(parts, said.text, said.tokens);
      return m ? read(m, said) : null;
    },
  };
}

/** Words that make "skip" the thing a message is about ("skip is done", "skip has gone"). */
const TOLD_AFTER_SKIP = new Set([
  "is",
  "was",
  "has",
  "had",
  "got",
  "gets",
  "done",
  "booked",
  "sorted",
  "arrived",
  "came",
  "went",
  "will",
  "can",
  "isn't",
  "wasn't",
]);
/** A subject before "not fussed" ("she's", "mum is", "they"): whose mind it is, never a task's name. */
const SAYS_WHO = /\b(?:i|i'm|im|we|we're|he|he's|she|she's|they|they're|you|you're|is|are|was|were)$/;
const refIs =
  (group: number, changes: Changes): Reader =>
  (m) => ({ ref: m[group] ?? "", changes });
const titleFrom =
  (refGroup: number, valueGroup: number): Reader =>
  (m, ctx) => ({ ref: m[refGroup] ?? "", changes: { title: title(keepCase(ctx, m[valueGroup] ?? "")) } });
/** "add note to the railcard pls: …": a closing courtesy belongs to the request, not the task's name. */
const COURTESY = new Set(["pls", "please", "plz"]);
const withoutCourtesy = (ref: string) => {
  const ws = ref.trim().split(" ");
  return ws.length > 1 && COURTESY.has(ws.at(-1)!.toLowerCase()) ? ws.slice(0, -1).join(" ") : ref;
};
const describedBy =
  (refGroup: number, valueGroup: number): Reader =>
  (m, ctx) => ({
    ref: withoutCourtesy(m[refGroup] ?? ""),
    changes: { description: trimPunctuation(keepCase(ctx, m[valueGroup] ?? "")) },
  });
const firstWordNot = (list: string[]) => {
  const set = new Set(list);
  return (said: Said) => !set.has(said.tokens[0]?.w ?? "") || said.tokens.length === 1;
};

/** Priority words both readings share; "highest" is a level to set, "not important" one to be. */
const BASE_LEVELS = ["high", "low", "medium", "normal", "top", "urgent", "important", "critical", "not urgent"];
const LEVELS = [...BASE_LEVELS, "unimportant", "highest", "lowest"];
const IS_LEVELS = [...BASE_LEVELS, "not important", "unimportant"];
const withPriority = (levels: string[]) => levels.flatMap((l) => [`${l} priority`, `${l}-priority`, l]);
const CAN = one("can", "could", "will", "may");
/** "won't", "isnt gonna" …: the negated future of a remark that says when something will be ready. */
const NOT_GOING_TO = [
  "won't",
  "wont",
  "will not",
  "isn't going to",
  "isnt going to",
  "is not going to",
  "isn't gonna",
  "isnt gonna",
  "aren't gonna",
  "arent gonna",
  "ain't gonna",
  "aint gonna",
  "not gonna",
  "not going to",
];
/** The verbs of "make it friday", "stick it on sunday". */
const PLACE_IT = ["make", "change", "move", "switch", "put", "set", "do", "stick", "pop", "bung", "whack", "shove", "chuck"];
/** The nouns of "a next-week job", "a weekend thing". */
const JOB = ["job", "jobs", "thing", "task", "one"];
const HEDGE = opt(one("easily", "probably", "definitely", "defo", "deffo", "def", "prob", "probs", "totally", "just"));
/** One past participle ("sharpened", "done", "sent"): "the knives won't be sharpened till thursday". */
const PARTICIPLE = spanWhere((w) => !w.includes(" ") && baseOfPast(w) !== null);

/** The rules, in their declared precedence: the first that reads the clause wins. */
export const UPDATE_RULES: UpdateRule[] = [
  rule(
    "shift-earlier-later",
    ["the cake needs to be done a day earlier", "the report can be two days later", "the vet a week sooner"],
    [
      SPAN,
      opt(one("needs", "has", "should", "must", "can", "could", "will", "is")),
      opt(one("to")),
      opt(one("be")),
      opt(one("done", "due", "moved", "happening", "sorted")),
      NUMBER,
      UNIT,
      pick("earlier", "sooner", "later"),
    ],
    (m) => {
      const n = shiftOf(`${m[2]} ${m[3]}`) ?? 1;
      return { ref: m[1] ?? "", changes: { shiftDays: m[4] === "later" ? n : -n } };
    },
  ),
  // Reminders no longer wanted ("no need to remind me about the dentist", "forget the reminder for the flight"):
  // lib/task-line/reminder-phrases.ts findReminderOff reads the words.
  {
    name: "reminder-off",
    examples: [
      "no need to remind me about the dentist",
      "dont bother reminding me about the gym",
      "forget the reminder for the flight",
      "the vet doesnt need a reminder anymore",
    ],
    read: (said) => {
      const ref = findReminderOff(said.text);
      return ref ? { ref, changes: { clearReminder: true } } : null;
    },
  },
  // "move the reminder for the dentist to 2 hours before", "change the alert on the flight to the day before" (reminder-to-before).
  rule(
    "reminder-to-before",
    ["move the reminder for the dentist to 2 hours before", "change the alert on the flight to the day before"],
    [
      one("move", "change", "set", "make", "switch", "push", "put", "shift", "bring", "update"),
      opt(one("the", "my")),
      one("reminder", "alert", "nudge"),
      one("for", "on", "about", "of", "re"),
      SPAN,
      one("to", "for"),
      SPAN,
    ],
    (m) => {
      const phrase = findReminderPhrase(`remind me ${trimPunctuation(m[2] ?? "")}`);
      return phrase?.kind === "before" && phrase.end >= `remind me ${trimPunctuation(m[2] ?? "")}`.length - 1
        ? { ref: m[1] ?? "", changes: { remindBefore: phrase.minutes } }
        : null;
    },
  ),
  // Repeating tasks.
  rule(
    "stop-repeating",
    ["stop repeating the plants task", "don't repeat the bin day one", "no longer repeat water the ferns"],
    [
      one("stop", "don't", "do not", "no longer", "quit"),
      one("repeat", "repeating"),
      opt(one("the")),
      SPAN,
      opt(one("task", "todo", "one")),
    ],
    refIs(1, { clearRecurrence: true }),
  ),
  rule(
    "does-not-repeat",
    ["the bins dont repeat no more", "the gym doesn't need to repeat", "the plants won't repeat anymore"],
    [
      SPAN,
      one("don't", "dont", "doesn't", "doesnt", "does not", "do not", "won't", "wont", "needn't", "need not"),
      opt(one("need to", "have to", "gotta")),
      one("repeat", "recur", "be repeating", "keep repeating"),
      opt(one("no more", "any more", "anymore", "now", "again", "thanks", "pls")),
    ],
    refIs(1, { clearRecurrence: true }),
  ),
  rule(
    "should-not-repeat",
    ["the plants task should not repeat", "watering the ferns should stop repeating", "make the gym no longer repeat"],
    [
      opt(one("make")),
      opt(one("the")),
      SPAN,
      opt(one("task", "todo")),
      opt(one("should")),
      one("not", "no longer", "stop"),
      one("repeat", "repeating"),
    ],
    refIs(1, { clearRecurrence: true }),
  ),
  // A new repeat for a task the user has (rules repeat-is-now, make-repeat, should-repeat, needs-doing-repeat):
  // "the gym is mon wed and fri from now on", "make call mum monthly instead of weekly", "the radiators
  // should be every october", "the plants need doing twice a week"; the value must be a repeat as a whole.
  rule(
    "repeat-is-now",
    ["the gym one is only tuesdays now", "gym is mon wed and fri from now on", "the window cleaner is twice a month"],
    [SPAN, one("is", "are", "'s", "is now", "are now", "becomes", "goes"), SPAN],
    repeatReader(1, 2, true),
  ),
  rule(
    "make-repeat",
    ["make call mum monthly instead of weekly", "change the bins to every wednesday", "switch the plants to every 3 days"],
    [pick("make", "change", "switch", "set", "turn"), LONGEST],
    refThenRepeat(2, (m) => m[1] !== "make"),
  ),
  rule(
    "should-repeat",
    ["the radiators should be every october", "the rent should repeat on the 1st of each month", "the bins need to be every other week"],
    [
      SPAN,
      one("should", "must", "needs to", "need to", "has to", "have to", "ought to", "can", "will"),
      opt(one("be", "repeat", "recur", "happen", "be done", "be repeating", "go")),
      SPAN,
    ],
    repeatReader(1, 2),
  ),
  rule(
    "needs-doing-repeat",
    ["the plants need doing twice a week", "the filter needs changing every 3 months", "the car wants washing every fortnight"],
    [
      SPAN,
      one("need", "needs", "want", "wants", "should get", "gets", "get"),
      spanWhere((w) => !w.includes(" ") && (w === "doing" || w === "done" || w.endsWith("ing"))),
      SPAN,
    ],
    repeatReader(1, 3),
  ),
  rule(
    "skip-once",
    ["skip the plants this week", "skip this one", "skip the gym task for now"],
    [
      one("skip"),
      opt(one("the")),
      SPAN,
      opt(one("task", "todo")),
      opt(
        one(
          "this week",
          "this time",
          "this month",
          "this once",
          "next week",
          "next time",
          "next month",
          "next once",
          "once",
          "today",
          "for now",
        ),
      ),
    ],
    // "skip is done", "skip's booked": "skip" is a thing told about, never the verb.
    (m, ctx) => (TOLD_AFTER_SKIP.has((m[1] ?? "").split(" ")[0] ?? "") ? null : refIs(1, { skipOccurrence: true })(m, ctx)),
  ),
  // Titles.
  rule(
    "rename-quoted",
    ["rename 'buy milk' to 'buy oat milk'", 'change the task "call mum" to "call mum and dad"'],
    [
      one("rename", "retitle", "change", "update", "edit"),
      opt(one("the task")),
      spanWhere(quotedWords),
      one("to", "as", "into"),
      spanWhere(startsQuoted),
    ],
    (m, ctx) => {
      const value = (m[2] ?? "").slice(1);
      const inner = QUOTE.has(value.at(-1) ?? "") && value.length > 1 ? value.slice(0, -1) : value;
      return { ref: `"${(m[1] ?? "").slice(1, -1)}"`, changes: { title: title(keepCase(ctx, inner)) } };
    },
  ),
  rule(
    "rename",
    ["rename buy milk to buy oat milk", "rename dentist: Dr Patel check-up"],
    [one("rename", "retitle", "re-title", "re-name"), SPAN, one("to", "as", "into", ":"), SPAN],
    titleFrom(1, 2),
  ),
  rule(
    "title-of-to",
    ["change the title of the gym task to go running", "fix the wording on the essay one to write the essay"],
    [
      one("change", "update", "edit", "modify", "set", "fix", "correct", "alter", "make"),
      opt(one("the")),
      NAME_NOUN,
      one("of", "for", "on"),
      SPAN,
      one("to", "as", "into"),
      SPAN,
    ],
    titleFrom(1, 2),
  ),
  rule(
    "its-title-to",
    ["change the gym task's name to go running", "update the essay title to write the essay"],
    [one("change", "update", "edit", "set", "rename"), SPAN, POSSESSIVE, NAME_NOUN, one("to"), SPAN],
    titleFrom(1, 2),
  ),
  rule(
    "should-be-called",
    ["the gym task should be called go running", "buy milk should say buy oat milk"],
    [SPAN, one("should"), one("be called", "be named", "be titled", "say", "read"), SPAN],
    titleFrom(1, 2),
    // "the report's notes should say …" is a description.
    (said) => !said.tokens.some((t, i) => DESC_WORDS.includes(t.w) && said.tokens[i + 1]?.w === "should"),
  ),
  rule(
    "call-it-quoted",
    ["call the gym one 'go for a run' instead", 'call buy milk "buy oat milk"'],
    [one("call"), SPAN, spanWhere(startsQuoted), opt(one("instead"))],
    (m, ctx) => {
      const value = (m[2] ?? "").slice(1);
      const inner = QUOTE.has(value.at(-1) ?? "") && value.length > 1 ? value.slice(0, -1) : value;
      return { ref: m[1] ?? "", changes: { title: title(keepCase(ctx, inner)) } };
    },
  ),
  // Descriptions.
  rule(
    "clear-description",
    ["clear the notes on the tax return", "remove the description from the report"],
    [one("remove", "clear", "delete", "drop", "erase", "wipe"), opt(one("the")), DESC_NOUN, one("of", "from", "for", "on"), SPAN],
    refIs(1, { description: "" }),
  ),
  rule(
    "description-of-to",
    ["change the description of the report to include the charts", "set the notes for the party to bring a cake"],
    [
      one("update", "change", "set", "edit", "modify", "replace", "rewrite", "make"),
      opt(one("the")),
      DESC_NOUN,
      one("of", "for", "on"),
      SPAN,
      one("to", "as", "with", "into"),
      opt(one(":")),
      SPAN,
    ],
    describedBy(1, 2),
  ),
  rule(
    "its-description-to",
    ["set the report's notes to bring the charts", "update the party description to: bring a cake"],
    [one("set", "change", "update", "edit", "make"), SPAN, POSSESSIVE, DESC_NOUN, one("to", "as"), opt(one(":")), SPAN],
    describedBy(1, 2),
  ),
  rule(
    "note-to-task",
    ["add a note to the tax return: bring receipts", "put a comment on the party saying bring a cake"],
    [
      one("add", "put", "attach", "write", "leave", "give"),
      opt(one("a", "an", "the", "this", "some")),
      DESC_NOUN,
      one("to", "on", "for"),
      SPAN,
      one(":", "saying", "that says", "-", "reading", ","),
      SPAN,
    ],
    describedBy(1, 2),
  ),
  rule(
    "quoted-note-to-task",
    ['add a note "bring receipts" to the tax return', "write a comment saying 'bring a cake' on the party"],
    [
      one("add", "put", "write", "attach"),
      opt(one("a", "the")),
      DESC_NOUN,
      opt(one(":", "saying", "that says")),
      spanWhere(quotedWords, true),
      one("to", "on", "for"),
      SPAN,
    ],
    (m, ctx) => ({ ref: m[2] ?? "", changes: { description: trimPunctuation(keepCase(ctx, (m[1] ?? "").slice(1, -1))) } }),
  ),
  rule(
    "note-saying-to-task",
    ["add a note saying bring receipts to the tax return", "put a comment that says ring first on the plumber"],
    [
      one("add", "put", "write", "attach"),
      opt(one("a", "the")),
      one("note", "description", "comment"),
      opt(one("saying", "that says")),
      LONGEST,
      one("to", "on", "for"),
      SPAN,
    ],
    describedBy(2, 1),
  ),
  rule(
    "task-description-says",
    ["report's notes should say bring the charts", "tax return notes: bring receipts", "update the party description - bring a cake"],
    [
      opt(one("set", "change", "update", "edit", "make")),
      SPAN,
      POSSESSIVE,
      DESC_NOUN,
      one(":", "-", "should say", "should read", "should be", "to say", "is now", "is", "to", "as", "="),
      opt(one(":")),
      SPAN,
    ],
    describedBy(1, 2),
    firstWordNot(["add", "put", "attach", "write", "leave", "give", "a", "an", "the", "new"]),
  ),
  rule(
    "put-as-description",
    ['put "bring receipts" as the description of tax return', "use bring a cake as the notes for the party"],
    [one("put", "use", "set", "make", "have"), SPAN, one("as"), opt(one("the", "its")), DESC_NOUN, one("of", "for", "on", "to"), SPAN],
    (m, ctx) => ({ ref: m[2] ?? "", changes: { description: trimPunctuation(keepCase(ctx, quoted(m[1] ?? "") ?? m[1] ?? "")) } }),
  ),
  // Right after a task was mentioned: a note on it.
  rule(
    "note-on-it",
    ["add a note: thank the volunteers", "leave a comment saying ring first"],
    [
      one("add", "put", "attach", "write", "leave", "give it"),
      opt(one("a", "an", "the")),
      DESC_NOUN,
      one(":", "-", "saying", "that says", "reading"),
      SPAN,
    ],
    (m, ctx) => ({ ref: "it", changes: { description: trimPunctuation(keepCase(ctx, m[1] ?? "")) } }),
  ),
  rule("describe-colon", ["describe the report: charts and a summary"], [one("describe"), SPAN, one(":"), SPAN], describedBy(1, 2)),
  rule(
    "description-for-task",
    ["description for the report: include the charts", "notes on the move - book the van", "the description of the party is bring a cake"],
    [
      star("the", "a", "new"),
      DESC_NOUN,
      one("for", "of", "on", "to"),
      SPAN,
      one(":", "-", "should be", "is now", "is", "will be", "="),
      SPAN,
    ],
    describedBy(1, 2),
  ),
  rule("describe-as", ["describe the report as the quarterly numbers"], [one("describe"), SPAN, one("as"), SPAN], describedBy(1, 2)),
  // Several changes at once.
  rule(
    "several-changes",
    ["make it urgent and due on monday", "set the venue to high priority, due friday"],
    [one("make", "set", "mark", "change", "update", "have", "put", "switch", "move", "flag"), SPAN],
    compoundReader,
  ),
  // Due dates.
  rule(
    "give-task-a-deadline",
    ["give the report a deadline of friday", "set the essay a new due date of monday"],
    [one("give", "set", "put", "add"), not("a"), SPAN, one("a", "the"), opt(one("new")), DUE_NOUN, one("of", "for", "on"), SPAN],
    dueReader(1, 2),
  ),
  rule(
    "give-a-deadline-to-task",
    ["set a due date of monday for the tax return", "add a deadline friday to the report"],
    [one("give", "set", "put", "add"), one("a", "the"), opt(one("new")), DUE_NOUN, opt(one("of")), SPAN, one("for", "on", "to"), SPAN],
    dueReader(2, 1),
  ),
  rule(
    "got-moved-to",
    ["the party got moved to sunday", "the dentist has been pushed back to friday"],
    [
      SPAN,
      one("got", "has been", "have been", "was", "were", "is being", "has", "is"),
      one("moved", "pushed", "postponed", "rescheduled", "changed", "shifted", "put back", "brought forward", "bumped", "delayed"),
      opt(one("back", "forward")),
      one("to", "until", "till", "for", "on"),
      SPAN,
    ],
    dueReader(1, 2),
  ),
  rule(
    "is-now-on",
    ["the vet is now on the 12th", "the dentist's on friday now"],
    [SPAN, one("'s", "is", "are"), opt(one("now", "actually")), one("on", "at", "for"), SPAN, opt(one("now"))],
    dueReader(1, 2),
  ),
  rule(
    "clear-due-from",
    ["remove the due date from the report", "get rid of the deadline on the essay"],
    [
      one("remove", "clear", "delete", "drop", "unset", "take off", "take away", "get rid of"),
      opt(one("the")),
      DUE_NOUN,
      one("from", "of", "for", "on"),
      SPAN,
    ],
    refIs(1, { clearDue: true }),
  ),
  rule(
    "take-due-off",
    ["take the date off the thank you cards", "knock the deadline off the essay"],
    [one("take", "knock", "strip"), opt(one("the")), DUE_NOUN, one("off"), opt(one("of")), SPAN],
    refIs(1, { clearDue: true }),
  ),
  rule(
    "no-due-for",
    ["no deadline for the essay", "no due date on the report"],
    [one("no", "remove", "clear", "drop"), opt(one("the")), DUE_NOUN, one("for", "on", "from", "of"), SPAN],
    refIs(1, { clearDue: true }),
  ),
  rule(
    "has-no-due",
    ["the essay has no deadline", "the report doesn't need a due date anymore"],
    [
      SPAN,
      one("has", "doesn't have", "does not have", "needs", "doesn't need", "does not need", "should have"),
      one("no", "a", "any"),
      DUE_NOUN,
      opt(one("anymore", "any more")),
    ],
    refIs(1, { clearDue: true }),
  ),
  rule(
    "due-of-to",
    ["change the due date of the report to friday", "push the deadline for the essay to monday"],
    [
      one("change", "update", "set", "move", "push", "shift", "edit", "make", "adjust", "modify"),
      opt(one("the")),
      DUE_NOUN,
      one("of", "for", "on"),
      SPAN,
      one("to", "for", "as", "until", "till", "on"),
      SPAN,
    ],
    dueReader(1, 2),
  ),
  rule(
    "its-due-to",
    ["set the report's deadline to friday", "change the essay due date to monday"],
    [one("set", "change", "update", "move", "make"), SPAN, POSSESSIVE, DUE_NOUN, one("to", "for", "as"), SPAN],
    dueReader(1, 2),
  ),
  rule(
    "do-on-instead",
    ["do the report on friday instead", "schedule the dentist for monday instead"],
    [one("do", "have", "schedule", "move", "put", "make"), SPAN, one("on", "for", "to", "by"), SPAN, one("instead")],
    dueReader(1, 2),
  ),
  rule(
    "move-by",
    ["move the dentist back by two days", "push the report out by a week"],
    [one(...MOVE), SPAN, opt(one("back", "out")), one("by", "for"), SPAN],
    shiftReader,
  ),
  rule(
    "move-to",
    ["move the dentist to friday", "push the report back to monday", "move the vet visit till monday"],
    [one(...MOVE), SPAN, opt(one("back", "out", "over")), one("to", "until", "till", "for", "by", "on", "into", "onto"), SPAN],
    dueReader(1, 2),
  ),
  rule(
    "delay-days",
    ["push the report back three days", "postpone the dentist two weeks"],
    [one(...DELAY), SPAN, opt(one("back", "out")), opt(one("another")), NUMBER, UNIT, opt(one("later", "more"))],
    (m) => ({ ref: m[1] ?? "", changes: { shiftDays: shiftOf(`${m[2]} ${m[3]}`) ?? 1 } }),
  ),
  rule("postpone", ["postpone the dentist", "put off the report"], [one(...POSTPONE), SPAN], (m) => {
    const named = words(m[1] ?? "");
    return {
      ref: (named.length > 1 && (named.at(-1) === "back" || named.at(-1) === "out") ? named.slice(0, -1) : named).join(" "),
      changes: { shiftDays: 1 },
    };
  }),
  rule(
    "push-back",
    ["push the report back", "bump the dentist along a bit"],
    [one(...DELAY), SPAN, one("back", "out", "along"), opt(one("a bit", "a little"))],
    refIs(1, { shiftDays: 1 }),
  ),
  rule(
    "can-wait-days",
    ["the report can wait two more days", "the vet could probably wait for two more weeks"],
    [
      SPAN,
      CAN,
      HEDGE,
      one("wait"),
      opt(one("for")),
      opt(one("another")),
      NUMBER,
      opt(one("more", "extra")),
      UNIT,
      opt(one("more", "longer")),
    ],
    (m) => ({ ref: m[1] ?? "", changes: { shiftDays: shiftOf(`${m[2]} ${m[3]}`) ?? 1 } }),
  ),
  rule(
    "can-wait-until",
    ["the vet visit can wait till friday", "the report will wait until monday"],
    [SPAN, CAN, HEDGE, one("wait"), one("until", "till", "til", "for", "to"), SPAN],
    dueReader(1, 2, true),
  ),
  {
    // No day to move it to: a remark, answered; nothing changes (accept turns empty changes into one).
    ...rule(
      "can-wait",
      ["the garage can wait", "the report could easily wait a bit"],
      [SPAN, CAN, HEDGE, one("wait"), opt(one("a bit", "a while", "for now", "for later", "longer"))],
      refIs(1, {}),
    ),
    remark: true,
  },
  rule(
    "not-ready-until",
    ["the invoices won't be ready till friday", "the report isnt gonna be done until monday"],
    [
      SPAN,
      one(...NOT_GOING_TO),
      one("be ready", "be done", "get done", "be finished", "get finished", "be sorted", "get sorted", "happen"),
      one("until", "till", "til", "before", "b4"),
      SPAN,
    ],
    dueReader(1, 2, true),
  ),
  rule(
    "not-participle-until",
    ["the knives won't be sharpened till thursday", "the invoices wont get sent til monday"],
    [SPAN, one(...NOT_GOING_TO), one("be", "get"), PARTICIPLE, one("until", "till", "til", "before", "b4"), SPAN],
    (m, ctx) => dueReader(1, 2, true)([m[0] ?? "", m[1] ?? "", m[3] ?? ""], ctx),
  ),
  rule(
    "a-when-job-then-day",
    ["mowing the lawn is a weekend job, stick it on sunday", "the loft's a next-week thing, make it tuesday"],
    [
      SPAN,
      one("is", "'s", "are", "'re"),
      one("a", "an"),
      SPAN,
      one(...JOB),
      one(","),
      one(...PLACE_IT),
      one("it"),
      opt(one("on", "for", "to")),
      SPAN,
    ],
    // The day said last is the one; the kind of job only says why.
    (m, ctx) => dueReader(1, 2)([m[0] ?? "", m[1] ?? "", m[3] ?? ""], ctx),
  ),
  rule(
    "a-when-job",
    ["the loft is a next-week job", "washing the car is a weekend thing"],
    [SPAN, one("is", "'s", "are", "'re"), one("a", "an"), SPAN, one(...JOB)],
    (m, ctx) => dueReader(1, 2)([m[0] ?? "", m[1] ?? "", (m[2] ?? "").replaceAll("-", " ")], ctx),
  ),
  rule(
    "a-job-for-when",
    ["the freezer's a job for next week", "the loft is a task for the weekend"],
    [SPAN, one("is", "'s", "are", "'re"), one("a", "an"), one(...JOB), one("for"), SPAN],
    dueReader(1, 2),
  ),
  rule(
    "make-due",
    ["make the report due friday", "set the essay to be due monday"],
    [one("make", "set", "have"), SPAN, opt(one("be")), one("due"), SPAN],
    dueReader(1, 2),
  ),
  rule(
    "is-due",
    ["the report is due friday", "the essay needs to be done by monday"],
    [
      SPAN,
      one("'s", "is", "will be", "should be", "needs to be", "has to be", "must be", "can be"),
      one("due", "done", "finished", "completed"),
      SPAN,
    ],
    dueReader(1, 2),
    // "rota's done for december", "the cake is finished for friday": what is done now, for a day; no due.
    (said) => !/(?:'s|\bis)\s+(?:done|finished|completed)\b/.test(said.text) || /\bbe\s+(?:done|finished|completed)\b/.test(said.text),
  ),
  rule(
    "is-now-due",
    ["the party is now happening saturday", "the dentist is actually scheduled for monday"],
    [SPAN, one("'s", "is"), opt(one("now", "actually")), one("due", "happening", "scheduled"), SPAN],
    dueReader(1, 2),
  ),
  rule(
    "needs-to-happen",
    ["the report needs to be sent by friday", "the party has to happen on saturday"],
    [
      SPAN,
      one("needs to", "need to", "has to", "have to", "must", "should", "will", "is going to", "are going to", "can", "could", "ought to"),
      one(
        "happen",
        "be done",
        "be finished",
        "be ready",
        "be sent",
        "be in",
        "get done",
        "be completed",
        "be submitted",
        "take place",
        // "gmc fee needs to be paid by this thurs", "the van has to be booked in by friday".
        "be paid",
        "be booked",
        "be booked in",
        "be posted",
        "be handed in",
        "be filed",
        "be signed",
        "be renewed",
        "be ordered",
        "be returned",
        "be sorted",
        "be fixed",
      ),
      SPAN,
    ],
    dueReader(1, 2),
  ),
  rule(
    "needs-doing",
    ["the trustee report needs finishing tomorrow", "the fence needs doing by friday"],
    [
      SPAN,
      one("needs", "need"),
      one(
        "finishing",
        "doing",
        "sending",
        "sorting",
        "submitting",
        "booking",
        "paying",
        "posting",
        "handing in",
        "doing by",
        "finishing by",
      ),
      SPAN,
    ],
    dueReader(1, 2),
  ),
  rule(
    "due-for-task",
    ["deadline for the report is friday", "due date of the essay: monday"],
    [one("due date", "deadline", "due"), one("for", "of"), SPAN, one("is", "should be", "to", ":"), SPAN],
    dueReader(1, 2),
  ),
  rule(
    "task-due-colon",
    ["dentist due date: friday", "essay deadline - monday"],
    [SPAN, POSSESSIVE, DUE_NOUN, one(":", "-", "="), SPAN],
    dueReader(1, 2),
  ),
  rule(
    "can-task-be-moved",
    ["can the dentist be moved to wednesday", "should the report be pushed back to monday"],
    [
      one("can", "could", "should"),
      opt(one("we", "you")),
      SPAN,
      opt(one("be")),
      one("moved", "pushed", "rescheduled", "changed", "postponed", "shifted", "put off", "pushed back", "delayed", "brought forward"),
      opt(one("back", "forward")),
      one("to", "until", "till", "for", "on"),
      SPAN,
    ],
    dueReader(1, 2),
  ),
  rule(
    "bring-forward-to",
    ["bring the vet visit forward to tomorrow", "pull the report up to thursday"],
    [one("bring", "move", "pull", "push"), SPAN, one("forward", "earlier", "up", "ahead"), one("to", "until", "till", "for", "on"), SPAN],
    dueReader(1, 2),
  ),
  rule(
    "move-time-later",
    ["push the dentist back half an hour", "move the meeting back an hour", "put the call back 20 mins"],
    [one(...MOVE, "put", "bump", "shift", "knock", "set"), SPAN, one("back", "on", "later"), opt(one("by")), SPAN],
    shiftTimeReader(1),
  ),
  rule(
    "move-time-earlier",
    ["bring the dentist forward an hour", "move the call up half an hour"],
    [one("bring", "move", "pull", "push", "shift", "put"), SPAN, one("forward", "earlier", "up", "ahead"), opt(one("by")), SPAN],
    shiftTimeReader(-1),
  ),
  rule(
    "bring-forward-by",
    ["move the essay up a day", "bring the dentist forward by two days"],
    [one("bring", "move", "pull"), SPAN, one("forward", "earlier", "up", "ahead"), opt(one("by")), NUMBER, UNIT],
    (m) => ({ ref: m[1] ?? "", changes: { shiftDays: -(shiftOf(`${m[2]} ${m[3]}`) ?? 1) } }),
  ),
  rule(
    "task-on-instead",
    ["dentist on friday instead", "the report for monday instead"],
    [SPAN, one("on", "for", "to", "by"), SPAN, one("instead")],
    dueReader(1, 2),
    firstWordNot(["can", "could", "should"]),
  ),
  rule(
    "set-for",
    ["set the vet visit for 3pm tomorrow", "set the dentist on friday"],
    [one("set"), not("up"), SPAN, one("for", "on"), SPAN],
    dueReader(1, 2),
  ),
  // Priority.
  rule(
    "raise-lower",
    ["lower the vet visit to low priority", "raise the priority of the report", "bump up the essay"],
    [
      pick(...RAISE, ...LOWER),
      opt(one("the")),
      opt(one("priority of", "priority on", "priority for")),
      SPAN,
      opt(one("to", "down to", "up to"), SPAN),
    ],
    (m) => {
      const verb = m[1] ?? "";
      // "reduce the noise", "up the dose": verbs with other meanings need "priority" or a level.
      if (["reduce", "decrease", "increase", "up", "raise"].includes(verb) && !m[3] && !(m[0] ?? "").includes("priority")) return null;
      const priority = m[3] ? (priorityWord(m[3]) ?? findPriority(m[3])?.priority) : LOWER.includes(verb) ? "low" : "high";
      return priority ? { ref: withoutPriorityWord(m[2] ?? ""), changes: { priority } } : null;
    },
  ),
  rule(
    "bump-up-down",
    ["bump that one up", "bump the essay down a bit"],
    [one("bump"), SPAN, pick("up", "down"), opt(one("a bit", "a notch", "pls", "please"))],
    (m) => ({ ref: m[1] ?? "", changes: { priority: m[2] === "down" ? "low" : "high" } }),
  ),
  rule(
    "not-as-important",
    ["the tax return isn't as important anymore", "the garage is not that urgent now"],
    [
      SPAN,
      one("isn't", "is not", "aren't", "are not"),
      one("as", "that", "so"),
      one("important", "urgent", "pressing"),
      opt(one("anymore", "any more", "any longer", "now", "as it was", "as before")),
    ],
    refIs(1, { priority: "low" }),
  ),
  rule(
    "can-task-go-to",
    ["can the dentist go to thursday instead", "could the report move to monday"],
    [
      one("can", "could"),
      opt(one("we")),
      SPAN,
      one("go", "move", "happen", "shift", "slide"),
      opt(one("back")),
      one("to", "on", "until", "till"),
      SPAN,
      opt(one("instead")),
    ],
    dueReader(1, 2),
  ),
  rule(
    "less-or-more-important",
    ["the garage clean-up is less important now", "the essay is more urgent now"],
    [
      SPAN,
      one("'s", "is", "are", "seems", "feels"),
      opt(one("now", "a lot", "much", "a bit")),
      pick("less", "more"),
      one("important", "urgent", "pressing", "of a priority", "critical"),
      opt(one("now", "than before", "these days", "today")),
    ],
    (m) => ({ ref: m[1] ?? "", changes: { priority: m[2] === "less" ? "low" : "high" } }),
  ),
  rule(
    "priority-of-to",
    ["change the priority of the report to high", "set priority for the essay to low"],
    [
      one("change", "set", "update", "make", "put"),
      opt(one("the")),
      one("priority"),
      one("of", "for", "on"),
      SPAN,
      one("to", "as", "at"),
      SPAN,
    ],
    valueReader(1, 2),
  ),
  rule(
    "its-priority-to",
    ["set the report's priority to high", "change the essay priority to medium"],
    [one("change", "set", "update", "make", "put"), SPAN, POSSESSIVE, one("priority"), one("to", "as", "at"), SPAN],
    valueReader(1, 2),
  ),
  rule(
    "task-priority-level",
    ["vet visit priority low", "change tax return priority: medium", "the essay's priority is high"],
    [
      opt(one("change", "set", "update", "make", "put")),
      SPAN,
      POSSESSIVE,
      one("priority"),
      opt(one(":", "-", "=", "is now", "is", "should be")),
      pick("high", "low", "medium", "normal", "urgent", "top", "highest", "lowest"),
    ],
    valueReader(1, 2),
  ),
  rule(
    "priority-of-task",
    ["priority of the report: high", "priority for the essay is low"],
    [one("priority"), one("of", "for", "on"), SPAN, one(":", "-", "=", "is", "should be", "to"), SPAN],
    valueReader(1, 2),
  ),
  rule(
    "not-urgent",
    ["dentist isn't urgent anymore", "the garage is no longer a priority", "the royal mail run doesnt need to be high priority"],
    [
      SPAN,
      opt(one("'s", "is", "are")),
      one("not", "isn't", "isnt", "aren't", "no longer", "doesn't need to be", "doesnt need to be", "don't need to be", "dont need to be"),
      opt(one("that", "very", "so")),
      one("urgent", "important", "a priority", "high priority"),
      opt(one("anymore", "any more", "any longer", "now")),
    ],
    refIs(1, { priority: "low" }),
    // "book the dog groomer, not urgent": a chore said with its priority, not news of a task's (bare-add reads it).
    (said) =>
      !isBaseVerb(said.text.split(" ")[0] ?? "") ||
      /\b(?:is|are|isn't|isnt|aren't|no longer|anymore|any more|any longer|now)\b|'s\b/.test(said.text),
  ),
  rule(
    "set-level",
    ["mark the report as urgent", "bump the essay up to high priority", "flag the vet visit important"],
    [
      one("set", "make", "mark", "change", "update", "put", "flag", "move", "bump", "switch", "turn", "give", "knock", "drop"),
      SPAN,
      opt(one("up", "down")),
      star("to", "as", "at", "into", "a", "an"),
      pick(...withPriority(LEVELS)),
    ],
    // "make the shed clear out less urgent": "less" before the level lowers it.
    (m, ctx) => {
      const less = /\s(?:less|not so|not as|not that)$/.exec(m[1] ?? "");
      return less ? { ref: (m[1] ?? "").slice(0, less.index), changes: { priority: "low" } } : valueReader(1, 2)(m, ctx);
    },
  ),
  rule(
    "is-level",
    ["the report is urgent", "the essay's really important now", "the vet visit is a low priority"],
    [
      SPAN,
      one("'s", "is", "should be", "needs to be", "is now", "is actually", "has become", "became", "got"),
      opt(one("super", "very", "really", "quite", "pretty", "extremely", "so", "now")),
      pick(...withPriority(IS_LEVELS).flatMap((l) => [`a ${l}`, l])),
      opt(one("now")),
    ],
    // "bird seed's low", "the milk is low": how much is left, not a priority; the task is looked up and
    // read against its title instead (grounding rule STOCK-LOW). "should be low" asks for one.
    (m, ctx) => (m[2] === "low" && !/\b(?:should|needs to) be\b/i.test(ctx.original) ? null : valueReader(1, 2)(m, ctx)),
  ),
  rule(
    "no-rush-then-day",
    ["no rush on the tax return, do it the 20th", "no hurry with the report, stick it on monday"],
    [
      opt(one("there 's", "there is")),
      one("no"),
      one("rush", "hurry"),
      one("on", "with", "for"),
      SPAN,
      one(","),
      one(...PLACE_IT),
      one("it"),
      opt(one("on", "for", "to", "till", "until")),
      SPAN,
    ],
    // The day is the request; "no rush" only says why.
    dueReader(1, 2),
  ),
  rule(
    "no-rush",
    ["no rush on the painting", "there's no hurry with the report"],
    [opt(one("there 's", "there is")), one("no"), one("rush", "hurry", "need to rush"), one("on", "with", "for"), SPAN],
    refIs(1, { priority: "low" }),
  ),
  rule(
    "not-fussed",
    ["not fussed about the shoes really", "i'm not bothered about the car wash now"],
    [
      opt(one("i'm", "im", "i am")),
      opt(one("really", "honestly")),
      one("not"),
      opt(one("that", "too", "really", "overly", "very")),
      one("fussed", "bothered", "precious"),
      one("about", "with", "on", "re", "bout", "abt"),
      SPAN,
    ],
    // "…the shoes really, her old ones will do": the thing ends at its comma or its closing adverb.
    (m) => {
      const said = (m[1] ?? "").split(",")[0]!.trim().split(/\s+/);
      while (said.length > 1 && /^(?:really|now|tbh|anymore|honestly|tho|though)$/.test(said.at(-1)!)) said.pop();
      const ref = said.join(" ");
      return ref ? { ref, changes: { priority: "low" } } : null;
    },
  ),
  rule(
    "thing-then-not-fussed",
    ["kaydens uniform, not fussed about that now", "the car wash - not bothered tbh"],
    [
      SPAN,
      one(",", "-"),
      opt(one("i'm", "im", "i am")),
      one("not"),
      opt(one("that", "too", "really", "overly", "very")),
      one("fussed", "bothered", "precious"),
      opt(one("about", "with")),
      opt(one("that", "it", "them", "those", "that one")),
      opt(one("now", "really", "tbh", "anymore", "any more", "at all", "tho")),
    ],
    refIs(1, { priority: "low" }),
  ),
  rule(
    "thing-not-fussed-about-it",
    ["kerra's trip money not fussed bout it really"],
    [
      SPAN,
      one("not"),
      opt(one("that", "too", "really", "overly", "very")),
      one("fussed", "bothered", "precious"),
      one("about", "bout", "abt"),
      one("it", "that", "them"),
      opt(one("now", "really", "tbh", "anymore", "any more", "at all", "tho")),
    ],
    // Without a comma the thing must be a thing of two words or more, never whose mind it is ("kerra's", "she's", "mum is").
    (m) => {
      const ref = (m[1] ?? "").trim();
      return ref.split(/\s+/).length < 2 || SAYS_WHO.test(ref) || /'s$/.test(ref) ? null : { ref, changes: { priority: "low" } };
    },
  ),
  // Generic: "change X to Y", "set X to Y", "make it Y" where Y is a date, priority or status.
  rule(
    "make-it-value",
    ["do it on friday", "do this tomorrow"],
    [one(...PLACE_IT), pick("that one", "this one", "it", "that", "this"), opt(one("to", "for", "on", "as")), SPAN],
    (m, ctx) => {
      const changes = readValue(m[2] ?? "", ctx.clock);
      return changes ? { ref: m[1] ?? "it", changes } : null;
    },
  ),
  rule(
    "change-to",
    ["change buy milk to buy oat milk", "update the report to done"],
    [one("change", "update", "edit", "modify", "move"), SPAN, opt(one("back")), one("to", "for", "as", "into"), SPAN],
    genericReader,
  ),
  rule(
    "set-to",
    ["turn the report to done", "switch the essay back to pending"],
    [one("set", "switch", "turn", "put"), SPAN, opt(one("back")), one("to", "as", "into"), SPAN],
    genericReader,
  ),
];

/** "the report's priority" → "the report", "the essay priority" → "the essay". */
function withoutPriorityWord(ref: string): string {
  const named = words(ref);
  if (named.at(-1) !== "priority" || named.length < 2) return ref;
  const rest = named.slice(0, -1);
  const last = rest.at(-1) ?? "";
  if (last.endsWith("'s") || last.endsWith("s'")) rest[rest.length - 1] = last.slice(0, -2);
  return rest.join(" ");
}

function valueReader(refGroup: number, valueGroup: number): Reader {
  return (m, ctx) => {
    const changes = readValue(m[valueGroup] ?? "", ctx.clock);
    return changes ? { ref: m[refGroup] ?? "", changes } : null;
  };
}

const DUE_LEAD = ["by", "on", "for", "until", "to"];

/** `tillDay`: the value follows "till"/"until" ("can wait till sat"), so a short weekday that is the whole value is the day ("sat", "mon" are words elsewhere). */
function dueReader(refGroup: number, valueGroup: number, tillDay = false): Reader {
  return (m, ctx) => {
    const raw = m[valueGroup] ?? "";
    const value = after(raw, DUE_LEAD) || raw;
    const changes = readValue((tillDay ? SHORT_WEEKDAYS[trimPunctuation(value)] : undefined) ?? value, ctx.clock);
    return changes && (changes.due || changes.clearDue) ? { ref: m[refGroup] ?? "", changes } : null;
  };
}

const COMPOUND_LEAD = ["to", "as", "for", "at", "be"];
const PRONOUN = new Set(["it", "that", "this"]);
const COMPOUND_VALUE_WORDS = 16;

/** "X urgent and due monday": the shortest reference after which the rest reads as changes. */
function compoundReader(m: string[], ctx: ReadContext): Read | null {
  const named = words(m[1] ?? "");
  // The changes are the last few words ("urgent and due on friday the 27th at 3pm"): a longer
  // value is never all slots, and each try reads dates (bounds.test.ts).
  for (let i = Math.max(1, named.length - COMPOUND_VALUE_WORDS); i < named.length; i++) {
    const rest = named.slice(i).join(" ");
    const value = after(rest, COMPOUND_LEAD) || rest;
    const changes = readValue(value, ctx.clock);
    const ref = named.slice(0, i).join(" ");
    // Two or more changes, or one after a pronoun; single changes have their own readers.
    if (changes && (fieldCount(changes) > 1 || PRONOUN.has(ref))) return { ref, changes };
  }
  return null;
}

const ONE_DAY = isOneOf(["a day", "one day", "another day"]);

const MINUTE_UNIT: Record<string, number> = { min: 1, mins: 1, minute: 1, minutes: 1, hour: 60, hours: 60, hr: 60, hrs: 60 };
/** Whole-phrase spans of an hour ("half an hour", "quarter of an hour", "an hour and a half"). */
const HOUR_PARTS: Record<string, number> = {
  "half an hour": 30,
  "half hour": 30,
  "a half hour": 30,
  "quarter of an hour": 15,
  "a quarter of an hour": 15,
  "a quarter hour": 15,
};

/**
 * A length of time under a day, in minutes: "half an hour", "an hour", "2 hours", "45 mins", "an hour and
 * a half", "a couple of hours"; null for anything else (days and weeks are shiftOf's).
 */
export function minutesOf(text: string): number | null {
  let said = words(trimPunctuation(text.trim().toLowerCase())).join(" ");
  if (said.startsWith("by ")) said = said.slice(3);
  if (said in HOUR_PARTS) return HOUR_PARTS[said] ?? null;
  let extra = 0;
  for (const tail of [" and a half", " and a bit"]) {
    if (said.endsWith(tail)) {
      if (tail === " and a bit") return null;
      said = said.slice(0, -tail.length);
      extra = 30;
    }
  }
  const w = said.split(" ");
  const unit = MINUTE_UNIT[w.at(-1) ?? ""];
  if (!unit) return null;
  const count = w.slice(0, -1).join(" ");
  const n = count === "a couple of" || count === "couple of" || count === "a couple" ? 2 : numberFrom(count);
  if (n === null || n === undefined || n <= 0 || (unit === 1 && extra)) return null;
  const minutes = n * unit + extra;
  return minutes < 24 * 60 ? minutes : null;
}

function shiftTimeReader(sign: 1 | -1) {
  return (m: string[]): Read | null => {
    const minutes = minutesOf(m[2] ?? "");
    return minutes === null ? null : { ref: m[1] ?? "", changes: { shiftMinutes: sign * minutes } };
  };
}

function shiftOf(text: string): number | null {
  const said = words(text.trim());
  const counted = said[0] === "another" ? said.slice(1) : said;
  const unit = counted.at(-1) ?? "";
  const count = counted.slice(0, -1).join(" ");
  const known = NUMBER_WORD_PATTERN.split("|").includes(count) || /^\d+$/.test(count);
  if (!known || !["day", "days", "week", "weeks"].includes(unit)) return ONE_DAY(text.trim()) ? 1 : null;
  const n = numberFrom(count) ?? 1;
  return unit.startsWith("week") ? n * 7 : n;
}

function shiftReader(m: string[], ctx: ReadContext): Read | null {
  const minutes = minutesOf(m[2] ?? "");
  if (minutes !== null) return { ref: m[1] ?? "", changes: { shiftMinutes: minutes } };
  const shift = shiftOf(m[2] ?? "");
  if (shift !== null) return { ref: m[1] ?? "", changes: { shiftDays: shift } };
  return dueReader(1, 2)(m, ctx);
}

const RENAMING_VERB = new Set(["change", "update", "edit", "modify"]);
const SLOT_NAME = new Set(["priority", "due", "deadline"]);
// "change my stall to match", "change it to suit": what the change is for, never a name.
const POINTS_BACK = new Set([
  "then",
  "that",
  "this",
  "it",
  "there",
  "same",
  "the",
  "that",
  "one",
  "day",
  "date",
  "time",
  "match",
  "suit",
  "fit",
]);

/** "every other day not daily", "friday instead of monday": the value said, without the old one it replaces. */
export function withoutReplaced(value: string): string {
  const said = value.trim().split(/\s+/);
  const at =
    said.length >= 3 && said.at(-2) === "not"
      ? -2
      : said.length >= 4 && /^(?:instead of|rather than)$/.test(said.slice(-3, -1).join(" "))
        ? -3
        : 0;
  return at ? said.slice(0, at).join(" ") : value.trim();
}

function genericReader(m: string[], ctx: ReadContext): Read | null {
  const changes = readValue(m[2] ?? "", ctx.clock);
  if (changes) return { ref: m[1] ?? "", changes };
  // "change passmed to every other day not daily, can't keep up": the value, the old one it replaces, then why.
  const head = withoutReplaced((m[2] ?? "").split(",")[0]!);
  const read = head !== m[2] ? readValue(head, ctx.clock) : null;
  if (read && (read.recurrence || read.due)) {
    const comma = (m[2] ?? "").indexOf(",");
    const why = comma < 0 ? "" : (m[2] ?? "").slice(comma + 1).trim();
    if (why === "" || statesWhy(why.toLowerCase().match(/[a-z0-9][a-z0-9']*/g) ?? [])) return { ref: m[1] ?? "", changes: read };
    return null;
  }
  // "change X to Y" with a plain phrase is a rename, but only for change/update/edit.
  const verb = words(m[0] ?? "")[0] ?? "";
  const value = (m[2] ?? "").split(/[^a-z]+/);
  // "change it to then", "change it to that": a word that points back names no title.
  if (RENAMING_VERB.has(verb) && !value.some((w) => SLOT_NAME.has(w)) && !value.filter(Boolean).every((w) => POINTS_BACK.has(w))) {
    return { ref: m[1] ?? "", changes: { title: title(keepCase(ctx, m[2] ?? "")) } };
  }
  return null;
}

const ADD_START = [
  "add",
  "create",
  "remind me",
  "new task",
  "new todo",
  "new reminder",
  "todo",
  "to-do",
  "jot",
  "note down",
  "put down",
  "write down",
  "note to self",
  "memo",
  "make a task",
  "make a todo",
  "make a reminder",
  "make a note",
  // "new one for work - red tractor self assessment, …, has to be done by the 18th": a new task, said first.
  "new one for",
  "new job for",
  "new one on",
];
const NOTE_VERB = new Set(["add", "put", "attach", "write", "leave", "give"]);
const ARTICLE = new Set(["a", "an", "the", "this", "some"]);
const ASKING = new Set(["what", "which", "anything", "something", "everything", "who", "how", "when", "where", "i", "we", "you"]);
const THAT = new Set(["that", "this", "that one", "this one"]);
const EMPTY_REF = new Set(["a", "an", "the", "this", "that", "my", "new", "another"]);
const POSSESSED = new Set(["priority", "due", "deadline", "title", "name", "description", "note", "notes", "date"]);
const SETTING_VERB = new Set(["make", "change", "move", "switch", "put", "set", "do"]);

const WORD_CHAR = /^\w$/;
/** The clause starts with one of the phrases, its last word whole ("add" in "add:", 'add"', not in "adds"). */
const startsWithPhrase = (tokens: Token[], list: string[]) =>
  list.some((phrase) => {
    const said = phrase.split(" ");
    const last = tokens[said.length - 1]?.w ?? "";
    const lastWord = said.at(-1) ?? "";
    const whole = last === lastWord || (last.startsWith(lastWord) && !WORD_CHAR.test(last[lastWord.length] ?? ""));
    return whole && said.slice(0, -1).every((w, i) => tokens[i]?.w === w);
  });

/** "fix the boiler, it": a reference that ends in ", it". */
function endsInCommaPronoun(ref: string): boolean {
  const tokens = tokenize(ref.trim()) ?? [];
  return tokens.length >= 2 && PRONOUN.has(tokens.at(-1)?.w ?? "") && tokens.at(-2)?.w === ",";
}

/** The letters a reference starts with ("what's" → "what"). */
const firstLetters = (ref: string) => {
  const first = words(ref)[0] ?? "";
  let end = 0;
  while (end < first.length && first[end]! >= "a" && first[end]! <= "z") end++;
  return first.slice(0, end);
};

/** An edit request, or null. `text` is lower-case; `originalText` keeps the user's casing. */
export function readUpdate(text: string, originalText: string, clock: Clock, raw?: string): Intent | null {
  const first = tokenize(text);
  if (!first) return null;
  // An add command ("add book flights, it's important") is not an edit, unless it adds a note.
  const article = ARTICLE.has(first[1]?.w ?? "") ? 1 : 0;
  const addsNote = NOTE_VERB.has(first[0]?.w ?? "") && DESC_WORDS.includes(first[1 + article]?.w ?? "");
  const reminder = remindBefore(text);
  const reminded = reminder ? refFrom(reminder.ref) : null;
  if (reminder && reminded) return { type: "update", ref: reminded, changes: reminder.changes };
  if (!addsNote && startsWithPhrase(first, ADD_START)) return null;
  // "set its priority to low": the possessive readers expect "it's".
  const its = first.findIndex((tok, i) => tok.w === "its" && POSSESSED.has(first[i + 1]?.w ?? ""));
  const t = its >= 0 ? `${text.slice(0, first[its]!.at)}it's${text.slice(first[its]!.end)}` : text;
  const tokens = its >= 0 ? tokenize(t) : first;
  if (!tokens) return null;
  const said: Said = { clock, original: originalText, text: t, tokens, ...(raw ? { raw } : {}) };
  for (const updateRule of UPDATE_RULES) {
    const result = updateRule.read(said);
    if (!result) continue;
    const intent = accept(result, tokens);
    if (intent === "next") continue;
    return intent;
  }
  return null;
}

/** The checks every rule's reading passes before it is an edit: "next" tries the next rule. */
function accept(result: Read, tokens: Token[]): Intent | "next" {
  const named = result.ref.trim();
  // "fix the boiler, it's urgent": a new to-do with a priority, not an edit of "fix the boiler, it".
  if (endsInCommaPronoun(result.ref)) return "next";
  // "what is due today?" is a question, not an edit of a task called "what".
  if (ASKING.has(firstLetters(result.ref))) return "next";
  // "that's important" (about the task just mentioned) re-prioritises it; "that's fine" is not an edit.
  // "the garage can wait": a remark with nothing to change; answered, never written.
  if (Object.keys(result.changes).length === 0) return { type: "say", kind: "remark" };
  const onlyPriority = result.changes.priority !== undefined && Object.keys(result.changes).length === 1;
  if (THAT.has(named) && (onlyPriority || SETTING_VERB.has(tokens[0]?.w ?? ""))) {
    return { type: "update", ref: { kind: "pronoun" }, changes: result.changes };
  }
  if (EMPTY_REF.has(named)) return "next";
  // "make a sample candle for the gift shop, high priority": "make a …" is a new thing to make, never a task named.
  if (tokens[0]?.w === "make" && /^(?:a|an|some)\s/.test(named) && tokens.some((t) => t.w === ",")) return "next";
  // "vets called, groomer isnt important": a part that says something was done is not a second task to change.
  if (result.ref.includes(",") && result.ref.split(",").some((part) => baseOfPast(part.trim().split(" ").at(-1) ?? "") !== null))
    return "next";
  const ref = refFrom(withoutModal(result.ref).replace(NEGATED_AUX_END, ""));
  return ref ? { type: "update", ref, changes: result.changes } : "next";
}

/** "insurance doesnt (need doing till the 20th)": a negated auxiliary ends the task's name. */
const NEGATED_AUX_END = /\s(?:doesnt|doesn't|dont|don't|does not|do not|isnt|isn't|aint|ain't)$/;

/** "the roadmap can slip (to a week later)": a modal and its verb end the task's name. */
const MODAL = new Set(["can", "could", "should", "will", "would", "might", "may"]);
function withoutModal(ref: string): string {
  const ws = ref.trim().split(" ");
  const at = ws.findIndex((w, i) => i > 0 && MODAL.has(w) && i === ws.length - 2 && /^[a-z]+$/.test(ws[i + 1] ?? ""));
  return at > 0 ? ws.slice(0, at).join(" ") : ref;
}

/** Which rule reads a clause (for tests): its name and reading, or null. */
export function readUpdateRule(text: string, clock: Clock): { rule: string; intent: Intent } | null {
  const tokens = tokenize(text);
  if (!tokens) return null;
  const said: Said = { clock, original: text, text, tokens };
  for (const updateRule of UPDATE_RULES) {
    const result = updateRule.read(said);
    if (!result) continue;
    const intent = accept(result, tokens);
    if (intent !== "next") return { rule: updateRule.name, intent };
  }
  return null;
}
