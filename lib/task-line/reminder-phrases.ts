/**
 * Reminder phrases in what people type, as structure only: "remind me at 5pm to call mom",
 * "remind me tomorrow morning to …", "call mom at 6, remind me 30 minutes before", "remind me to
 * call mom". It says where the phrase is (to cut from the title), whether the reminder is an
 * offset before the due time, and where its own time words are; reading those words as a date
 * is the caller's date parser's job (the built-in model's chrono layer), so there is one
 * reading of dates in the app. Pure and shared by the built-in model and quick add.
 */

import { numberFrom } from "./numbers";

export type ReminderPhrase =
  /**
   * "remind me 30 minutes before": remindAt = due − minutes. "remind me to pay rent the day before":
   * the offset closes the line, from `tail` to its end, cut as well as the lead.
   */
  | { kind: "before"; minutes: number; start: number; end: number; tail?: number }
  /**
   * "remind me <when> to …" (`when` is the span of the time words, e.g. "at 5pm"), or "remind me
   * to …" with no time words of its own (`when` null: the reminder goes off at the task's due time).
   */
  | { kind: "at"; when: { start: number; end: number } | null; start: number; end: number };

const UNITS: Record<string, number> = {
  minute: 1,
  min: 1,
  mins: 1,
  minutes: 1,
  hour: 60,
  hr: 60,
  hrs: 60,
  hours: 60,
  day: 1440,
  days: 1440,
  week: 10080,
  weeks: 10080,
};

/** The words that ask for a reminder ("remind me", "ping me", "set a reminder" …), as a regex source. */
export const REMIND = "(?:remind me|ping me|nudge me|alert me|notify me|give me a reminder|set a reminder|with a reminder|add a reminder)";
const AMOUNT = "(\\d{1,4}|an?|one|two|three|four|five|ten|fifteen|twenty|thirty|forty-five|half)";
const UNIT = "(minutes?|mins?|hours?|hrs?|days?|weeks?)";

const BEFORE = new RegExp(
  `\\b${REMIND}\\s+(?:about\\s+)?(?:${AMOUNT}\\s+${UNIT}|(an?\\s+hour|half an hour|the day|the night|the evening|the week))\\s+(?:before(?:hand)?|earlier|ahead|in advance|prior)\\b`,
  "i",
);
/** "remind me to pay rent the day before": the offset closing a line that "remind me to/about" opens. */
const BEFORE_AT_END = new RegExp(
  `\\s(?:${AMOUNT}\\s+${UNIT}|(an?\\s+hour|half an hour|the day|the night|the evening|the week))\\s+(?:before(?:hand)?|earlier|ahead|in advance|prior)\\s*[.!]?$`,
  "i",
);
const THE_BEFORE: Record<string, number> = {
  "a hour": 60,
  "an hour": 60,
  "half an hour": 30,
  "the day": 1440,
  "the night": 1440,
  "the evening": 1440,
  "the week": 10080,
};
/** "remind me <when> to <task>", "alert me tomorrow at 10 about <task>": the time words sit between "remind me" and "to" or "about". */
// eslint-disable-next-line regexp/no-super-linear-backtracking -- the time words are capped at 60 characters
const WHEN_TO = new RegExp(`\\b${REMIND}\\s+((?!to\\b|about\\b)(?:(?!\\b(?:to|about)\\b).){1,60}?)\\s+(?:to|about)\\s+`, "i");
/** "remind me to <task>" / "…, remind me" / "remind me about <task>". */
// eslint-disable-next-line regexp/no-super-linear-move -- quadratic only in a run of blanks, which every reader collapses first
const PLAIN = new RegExp(`(?:\\b${REMIND}\\s+(?:to|about|that)\\s+|[,;]?\\s*(?:and\\s+)?\\b${REMIND}\\s*(?:[.!]\\s*)?$)`, "i");

/** "…, remind me at 9", "… ping me at 7.30pm": the reminder's clock time closing the line. */
const AT_END = new RegExp(
  `\\b${REMIND}\\s+(at\\s+(?:\\d{1,2}(?:[:.]\\d{2})?\\s?(?:am|pm)?|noon|midday|lunch ?time|lunch|tea ?time|bed ?time|half (?:past )?[a-z0-9]+|quarter (?:past|to) [a-z0-9]+))\\s*[.!]?$`,
  "i",
);

/** The count in "30 minutes", "two hours", "half (an hour)"; the words come from numbers.ts. */
function amount(word: string): number {
  return word.toLowerCase() === "half" ? 0.5 : (numberFrom(word) ?? Number.NaN);
}

/** The minutes of an offset matched by BEFORE or BEFORE_AT_END (amount and unit, or "the day"); null beyond four weeks. */
function offsetOf(m: RegExpExecArray): number | null {
  const minutes = m[3] ? THE_BEFORE[m[3].toLowerCase().replace(/\s+/g, " ")] : amount(m[1]!) * (UNITS[m[2]!.toLowerCase()] ?? 1);
  return minutes && minutes > 0 && minutes <= 60 * 24 * 28 ? minutes : null;
}

/** The first reminder phrase in `text`, or null. */
export function findReminderPhrase(text: string): ReminderPhrase | null {
  const before = BEFORE.exec(text);
  if (before) {
    const minutes = offsetOf(before);
    if (minutes) {
      const start =
        before.index > 0 && /[,;]\s*$/.test(text.slice(0, before.index)) ? text.slice(0, before.index).search(/[,;]\s*$/) : before.index;
      return { kind: "before", minutes: Math.round(minutes), start, end: before.index + before[0].length };
    }
  }
  const whenTo = WHEN_TO.exec(text);
  if (whenTo) {
    const whenStart = whenTo.index + whenTo[0].indexOf(whenTo[1]!);
    return {
      kind: "at",
      when: { start: whenStart, end: whenStart + whenTo[1]!.length },
      start: whenTo.index,
      end: whenTo.index + whenTo[0].length,
    };
  }
  // "renew the car tax tomorrow remind me at 9": a clock time after "remind me", ending the line.
  const atEnd = AT_END.exec(text);
  if (atEnd) {
    const whenStart = atEnd.index + atEnd[0].indexOf(atEnd[1]!);
    // The words joining it to the task go with it ("…, and remind me at 9").
    const before = text.slice(0, atEnd.index).trimEnd();
    const joined = (/(?:^|[\s,;])and$/i.test(before) ? before.slice(0, -3) : before).trimEnd();
    const head = joined.endsWith(",") || joined.endsWith(";") ? joined.slice(0, -1) : joined;
    const start = head.length;
    return { kind: "at", when: { start: whenStart, end: whenStart + atEnd[1]!.length }, start, end: atEnd.index + atEnd[0].length };
  }
  const plain = PLAIN.exec(text);
  const end = plain ? plain.index + plain[0].length : -1;
  const tail = plain && plain.index === 0 ? BEFORE_AT_END.exec(text.slice(end)) : null;
  if (plain && tail) {
    const minutes = offsetOf(tail);
    if (minutes && tail.index > 0) return { kind: "before", minutes: Math.round(minutes), start: 0, end, tail: end + tail.index };
  }
  if (plain) return { kind: "at", when: null, start: plain.index, end };
  return null;
}

/**
 * Slang for "remind me" at the start of a message, word by word: "give me a shout about the gas
 * bill at 2", "gimme a nudge re the parcel", "buzz me when it's time for yoga", "holler at me
 * about …". Each lead (its words) is read as "remind me", and the word after it ("re", "abt",
 * "when it's time for") as "about"; any other message is returned as it is.
 */
const SLANG_LEADS: readonly (readonly string[])[] = [
  ..."give gimme giv"
    .split(" ")
    .flatMap((give) =>
      (give === "gimme" ? [[]] : [["me"], ["us"]]).flatMap((who) =>
        "shout nudge buzz ping holler reminder".split(" ").map((noun) => [give, ...who, "a", noun]),
      ),
    ),
  ...["give me", "give us", "gimme"].flatMap((give) => [`${give} a heads up`, `${give} a heads-up`].map((p) => p.split(" "))),
  ["shout", "at", "me"],
  ["holla", "at", "me"],
  ["holla", "at", "us"],
  ["poke", "me"],
  ["jog", "my", "memory"],
  ["holler", "at", "me"],
  ["holler", "at", "us"],
  ["shout", "me"],
  ["buzz", "me"],
  ["nudge", "me"],
  ["ping", "me"],
  ["bug", "me"],
];
/** Leads that carry their own "about": "heads up on the vet appt 2 hours before" (wave 8). */
const SLANG_LEADS_ABOUT: readonly (readonly string[])[] = [
  ...["heads up", "heads-up"].flatMap((h) => ["on", "about", "re", "for", "abt"].map((about) => [...h.split(" "), about])),
  // "pop a reminder on the flu jab for 8am", "stick a reminder on the gas bill" (issue 24, w11).
  ..."put pop stick slap whack bung chuck set add".split(" ").flatMap((verb) => ["on", "for"].map((on) => [verb, "a", "reminder", on])),
];
const SLANG_ABOUT: readonly (readonly string[])[] = [
  ["re"],
  ["re:"],
  ["abt"],
  ["bout"],
  ["when", "it's", "time", "for"],
  ["when", "its", "time", "for"],
  ["when", "it", "is", "time", "for"],
];
const POLITE = new Set(["pls", "please", "plz", "can", "could", "u", "you", "ya", "just"]);

const startsWith = (ws: readonly string[], at: number, phrase: readonly string[]) => phrase.every((p, i) => ws[at + i] === p);

export function plainReminderWords(text: string): string {
  const ws = text.split(" ");
  const lower = ws.map((w) => w.toLowerCase());
  let at = 0;
  while (at < 3 && POLITE.has(lower[at] ?? "")) at++;
  const withAbout = SLANG_LEADS_ABOUT.find((p) => startsWith(lower, at, p));
  if (withAbout && withAbout.length < ws.length - at)
    return [...ws.slice(0, at), "remind", "me", "about", ...ws.slice(at + withAbout.length)].join(" ");
  const lead = SLANG_LEADS.find((p) => startsWith(lower, at, p));
  if (!lead) return text;
  const rest = at + lead.length;
  const about = SLANG_ABOUT.find((p) => startsWith(lower, rest, p));
  const tail = about ? ["about", ...ws.slice(rest + about.length)] : ws.slice(rest);
  if (tail.length === 0) return text;
  return [...ws.slice(0, at), "remind", "me", ...tail].join(" ");
}

/**
 * reminder-off (named rule): the user no longer wants a reminder on a task, read word by word —
 * "no need to remind me about the dentist", "dont bother reminding me about X", "stop pinging me
 * about X", "i don't need a reminder for X", "forget/ditch/cancel the reminder for X", "no more
 * reminders for X", "X doesn't need a reminder". Returns the words naming the task (trailing
 * "anymore", "thanks", "…, i'll remember" dropped), or null. Never "don't forget to remind me …",
 * "no need to remind me" alone (nothing named: a plain no) or "don't remind me to …" (a to-do).
 */
const OFF_NEG: readonly string[] = [
  "no need to",
  "there's no need to",
  "theres no need to",
  "there is no need to",
  "don't",
  "dont",
  "do not",
  "not",
  "can you not",
  "could you not",
  "can u not",
  "could u not",
  "you don't need to",
  "you dont need to",
  "you don't have to",
  "you dont have to",
  "you needn't",
  "don't bother",
  "dont bother",
  "no point",
  "no point in",
  "stop",
  "quit",
  "you can stop",
  "pls stop",
  "please stop",
  "don't keep",
  "dont keep",
  "no more",
];
const OFF_VERB: readonly string[] =
  "remind reminding ping pinging nudge nudging nag nagging bug bugging alert alerting notify notifying".split(" ");
const OFF_WHO = new Set(["me", "us"]);
const OFF_NEED: readonly string[] = [
  "i don't need",
  "i dont need",
  "don't need",
  "dont need",
  "i do not need",
  "i no longer need",
  "no longer need",
  "no need for",
  "i don't want",
  "i dont want",
  "don't want",
  "dont want",
];
const OFF_ACT: readonly string[] = [
  "forget",
  "ditch",
  "drop",
  "scrap",
  "kill",
  "cancel",
  "remove",
  "delete",
  "clear",
  "lose",
  "bin",
  "axe",
  "nix",
  "mute",
  "unset",
  "stop",
  "disable",
  "turn off",
  "switch off",
  "get rid of",
  "no more",
  "no",
];
const OFF_THE = new Set(["the", "my", "that", "this", "a", "an", "any", "those", "these"]);
const OFF_NOUN = new Set(["reminder", "reminders", "alert", "alerts", "alarm", "alarms", "nudge", "nudges", "reminding", "ping", "pings"]);
const OFF_ABOUT = new Set(["about", "of", "for", "on", "re", "abt", "from", "regarding", "with"]);
const OFF_FILLER_LEAD = new Set([
  "oh",
  "ok",
  "okay",
  "actually",
  "and",
  "but",
  "nah",
  "no",
  "please",
  "pls",
  "also",
  "so",
  "right",
  "just",
  "um",
  "erm",
]);
const OFF_TAIL = new Set([
  "anymore",
  "now",
  "thanks",
  "thx",
  "ta",
  "pls",
  "please",
  "either",
  "cheers",
  "then",
  "mate",
  "again",
  "any",
  "more",
]);
const OFF_SUFFIX: readonly string[] = [
  "doesn't need a reminder",
  "doesnt need a reminder",
  "don't need a reminder",
  "dont need a reminder",
  "doesn't need reminders",
  "doesnt need reminders",
  "needs no reminder",
  "no longer needs a reminder",
  "doesn't need reminding about",
];

/** `word` without the marks of `marks` at its end. */
function trimEnd(word: string, marks: string): string {
  let end = word.length;
  while (end > 0 && marks.includes(word[end - 1]!)) end--;
  return word.slice(0, end);
}

/** The index after `phrase` (its words) at `at` in `ws`, or -1. */
function afterPhrase(ws: readonly string[], at: number, phrase: string): number {
  const p = phrase.split(" ");
  return p.every((w, i) => ws[at + i] === w) ? at + p.length : -1;
}

/** The first of `phrases` said at `at`, the longest first: the index after it, or -1. */
function afterAny(ws: readonly string[], at: number, phrases: readonly string[]): number {
  let best = -1;
  for (const p of phrases) best = Math.max(best, afterPhrase(ws, at, p));
  return best;
}

/** Where the reminder-off lead ending at a joining word ("about") is over, from word `at`; -1 when none. */
function offLead(ws: readonly string[], at: number): number {
  // "no need to remind me", "stop reminding me", "dont bother pinging us"
  const neg = afterAny(ws, at, OFF_NEG);
  if (neg >= 0 && OFF_VERB.includes(ws[neg] ?? "")) {
    const who = OFF_WHO.has(ws[neg + 1] ?? "") ? neg + 2 : -1;
    if (who >= 0) return who;
  }
  // "i don't need (a) reminder(s)", "i don't need reminding", "i don't need to be reminded"
  const need = afterAny(ws, at, OFF_NEED);
  if (need >= 0) {
    if (afterPhrase(ws, need, "to be reminded") >= 0) return need + 3;
    const n = OFF_THE.has(ws[need] ?? "") ? need + 1 : need;
    if (OFF_NOUN.has(ws[n] ?? "")) return n + 1;
  }
  // "forget the reminder", "no more reminders", "cancel my alerts"
  const act = afterAny(ws, at, OFF_ACT);
  if (act >= 0) {
    const n = OFF_THE.has(ws[act] ?? "") ? act + 1 : act;
    if (OFF_NOUN.has(ws[n] ?? "") && ws[n] !== "reminding") return n + 1;
  }
  return -1;
}

/** The task words of a reminder-off request (see above), or null. */
export function findReminderOff(text: string): string | null {
  const ws = text.toLowerCase().replace(/[’‘]/g, "'").split(" ").filter(Boolean);
  if (ws.length > 30) return null;
  // "X doesn't need a reminder (anymore)"
  for (const suffix of OFF_SUFFIX) {
    const p = suffix.split(" ");
    for (let i = 1; i + p.length <= ws.length; i++) {
      if (afterPhrase(ws, i, suffix) < 0) continue;
      const rest = ws.slice(i + p.length).map((w) => trimEnd(w, ".,!"));
      if (rest.every((w) => OFF_TAIL.has(w))) return taskWords(ws.slice(0, i));
    }
  }
  let at = 0;
  while (at < 3 && OFF_FILLER_LEAD.has(trimEnd(ws[at] ?? "", ",!."))) {
    if (offLead(ws, at) >= 0) break;
    at++;
  }
  const lead = offLead(ws, at);
  if (lead < 0) return null;
  let about = lead;
  if (ws[about] === "anymore") about++;
  if (!OFF_ABOUT.has(ws[about] ?? "")) return null;
  return taskWords(ws.slice(about + 1));
}

/** The words naming the task: up to a comma or a closing filler ("anymore", "thanks"). */
function taskWords(ws: readonly string[]): string | null {
  const out: string[] = [];
  for (const raw of ws) {
    const w = trimEnd(raw, ".!?");
    const comma = w.endsWith(",");
    const word = comma ? trimEnd(w, ",") : w;
    if (word) out.push(word);
    if (comma) break;
  }
  while (out.length > 0 && OFF_TAIL.has(out.at(-1)!)) out.pop();
  if (afterPhrase(out, Math.max(0, out.length - 2), "after all") >= 0) out.splice(-2);
  return out.length > 0 && out.length <= 8 ? out.join(" ") : null;
}
