/**
 * Turns the user's words for a task into a reference: an ordinal into the last list
 * ("the second one"), a pronoun ("it", "that one"), everything just listed ("them"), or a
 * cleaned phrase for the tool's forgiving matcher ("the driving license task" → "driving license").
 */
import { isBaseVerb } from "../verbs";
import { quoted, trimPunctuation } from "@/lib/task-line/text";
import { numberFrom, ordinalFrom } from "@/lib/task-line/numbers";
import type { TaskRef } from "./types";

const PRONOUN =
  /^(?:it|its|it's|that|this|that one|this one|that task|this task|the task|the one|the same one|same one|same|that item|this item|the one i just added|the one you just added|what i just added|the new one|the latest one|the latest|the new task|the one we just (?:added|talked about)|that todo|this todo)$/;

const LISTED =
  /^(?:them|those|these|all of them|them all|both|both of them|both of those|both of these|those two|these two|the two of them|all those|all these|those tasks|these tasks|all of those|all of these|the lot|everything (?:you )?(?:just )?(?:listed|showed|shown))$/;

const ORDINAL =
  /^(?:the\s+)?(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th)|last|final|top|bottom|second[- ]to[- ]last|penultimate|next[- ]to[- ]last)(?:\s+(?:one|task|item|todo|entry|thing))?(?:\s+(?:on|in|from|of)\s+(?:the|my|that|this)\s+list)?$/;

const NUMBERED = /^(?:(?:task|item|todo|number|no\.?|#)\s*)+(\d{1,3})$|^(\d{1,3})$/;

/** Parses "the second one", "the last task", "number 3", "#2". */
export function ordinalRef(text: string): TaskRef | null {
  const t = trimPunctuation(text.toLowerCase());
  const m = ORDINAL.exec(t);
  if (m) {
    const word = (m[1] ?? "").replace(/-/g, " ");
    if (/^(last|final|bottom)$/.test(word)) return { kind: "ordinal", n: 1, fromEnd: true };
    if (/to last|penultimate/.test(word)) return { kind: "ordinal", n: 2, fromEnd: true };
    if (word === "top") return { kind: "ordinal", n: 1, fromEnd: false };
    const n = ordinalFrom(word);
    return n ? { kind: "ordinal", n, fromEnd: false } : null;
  }
  // "the one at the bottom", "the one on top"
  const at = /^(?:the )?one (?:at the |on )(top|bottom)(?: of the list)?$/.exec(t);
  if (at) return { kind: "ordinal", n: 1, fromEnd: at[1] === "bottom" };
  // "number two", "no. three"
  const spelled = /^(?:number|no\.?|#) ?([a-z]+)$/.exec(t);
  const word = spelled?.[1] ? numberFrom(spelled[1]) : null;
  if (word && word > 0 && word <= 50) return { kind: "ordinal", n: word, fromEnd: false };
  const num = NUMBERED.exec(t);
  const n = Number(num?.[1] ?? num?.[2] ?? NaN);
  return Number.isFinite(n) && n > 0 ? { kind: "ordinal", n, fromEnd: false } : null;
}

export function isPronoun(text: string): boolean {
  return PRONOUN.test(trimPunctuation(text.toLowerCase()));
}

export function isListedRef(text: string): boolean {
  return LISTED.test(trimPunctuation(text.toLowerCase())) || listedCount(text) !== null;
}

/** Words around a number that say "every one of the tasks shown" ("all three", "the 3 of them", "those four"). */
const COUNTED_BEFORE = new Set(["all", "the", "those", "these", "all of", "all the"]);
const COUNTED_AFTER = new Set(["", "of them", "of those", "of these", "of em", "ones", "tasks", "things"]);

/** How many tasks a reference to the last list says there are: 2 for "both", 3 for "all three"; null when it names no number. */
export function listedCount(text: string): number | null {
  const ws = trimPunctuation(text.toLowerCase()).split(" ").filter(Boolean);
  if (ws[0] === "both" && (ws.length === 1 || COUNTED_AFTER.has(ws.slice(1).join(" ")))) return 2;
  if (["those two", "these two", "the two of them", "them both", "them two", "the pair of them", "both of em"].includes(ws.join(" ")))
    return 2;
  for (let k = 1; k <= 2 && k < ws.length; k++) {
    if (!COUNTED_BEFORE.has(ws.slice(0, k).join(" "))) continue;
    const n = numberFrom(ws[k]!);
    if (n !== null && n >= 2 && n <= 50 && COUNTED_AFTER.has(ws.slice(k + 1).join(" "))) return n;
  }
  return null;
}

/** Strips "the … task", "my", "from my list" and similar wrappers from a task phrase. */
export function cleanPhrase(text: string): string {
  const q = quoted(text);
  if (q) return q;
  let t = trimPunctuation(text.toLowerCase());
  for (let i = 0; i < 3; i++) {
    const before = t;
    t = t
      .replace(/\s+(?:from|off|on|in|out of)\s+(?:my|the)\s+(?:to-?do\s+|todo\s+|task\s+)?(?:list|tasks|todos)$/, "")
      .replace(/^(?:the|my|a|an|that|this|our|your)\s+/, "")
      .replace(/^(?:task|todo|to-do|item|reminder|one|entry)s?\s+(?:called|named|titled|about|for|to|that says|saying)\s+/, "")
      .replace(/^(?:task|todo|to-do|item|reminder)s?\s*[:-]?\s+/, "")
      .replace(/^(?:one|task|thing|item)\s+(?:about|for|to|with)\s+/, "")
      .replace(/\s+(?:task|todo|to-do|item|reminder|one|entry|thing)s?$/, "")
      .replace(/^(?:i|we) (?:need|have|had|have got) to\s+/, "")
      .replace(/\s+(?:again|too|as well|already|now|today|finally|at last|just now|earlier|yesterday|this morning|only|just)$/, "")
      .replace(/(?<=\w)'s$/, "")
      .trim();
    t = trimPunctuation(withoutVagueTail(t));
    if (t === before) break;
  }
  return t;
}

/** "the tax stuff", "the garden bits": a vague word after a name is not part of it ("pack the stuff" keeps it). */
const VAGUE_TAIL = new Set(["stuff", "bits", "business", "malarkey", "palaver"]);
const BEFORE_A_NOUN = new Set(["the", "my", "our", "your", "his", "her", "their", "some", "all", "that", "this", "any"]);
function withoutVagueTail(phrase: string): string {
  const ws = phrase.split(" ");
  if (ws.length < 2 || !VAGUE_TAIL.has(ws.at(-1)!) || BEFORE_A_NOUN.has(ws.at(-2)!)) return phrase;
  return ws.slice(0, -1).join(" ");
}

/**
 * "I finished washing the car" → "wash the car": titles are imperatives. Only used after
 * finish/complete, since elsewhere "-ing" is often an adjective ("driving licence").
 */
export function baseOfGerund(phrase: string): string {
  const [first, ...rest] = phrase.split(" ");
  if (!first || rest.length === 0 || !/[a-z]{3,}ing$/.test(first)) return phrase;
  const stem = first.slice(0, -3);
  const base = [stem, `${stem}e`, stem.replace(/(.)\1$/, "$1")].find((c) => isBaseVerb(c));
  return base ? [base, ...rest].join(" ") : phrase;
}

/** Words that name no task ("I'm done for today", "we're done here"): never a reference. */
/** Words that never name a task on their own ("done for the day", "that's everything"). */
const NOT_A_TASK_WORDS = new Set(
  "for here there now today tonight tomorrow the day week night moment and dusted with of to a an all everything it this that them things stuff lot whole else".split(
    " ",
  ),
);
/** A phrase made only of those words, read word by word (no backtracking). */
function notATask(phrase: string): boolean {
  const words = phrase.split(/\s+/).filter(Boolean);
  return words.length > 0 && words.every((w) => NOT_A_TASK_WORDS.has(w));
}

/** Words that open the exception of "all of them except the first". */
const EXCEPT_WORDS = new Set(["except", "apart", "but", "bar", "besides", "excluding", "other"]);
/** Words for "every task shown" before an exception ("all except the top one", "the lot but the last"). */
const ALL_SHOWN = new Set(["all", "everything", "every one", "everyone", "all the rest", "the rest"]);

/**
 * Rule LISTED-EXCEPT: "all of them except the first", "all but the last one", "everything apart
 * from the 2nd", "all except 1 and 3": every task of the last list but the ordinals named after
 * the exception word. Read word by word; anything else after it is no exception (null).
 */
function listedExcept(raw: string): TaskRef | null {
  const w = raw.split(/\s+/);
  const at = w.findIndex((x) => EXCEPT_WORDS.has(x));
  if (at <= 0) return null;
  const head = w.slice(0, at).join(" ");
  if (!ALL_SHOWN.has(head) && !LISTED.test(head)) return null;
  let rest = w.slice(at + 1);
  if (w[at] === "except" && rest[0] === "for") rest = rest.slice(1);
  else if (w[at] === "apart" || w[at] === "other") {
    if (rest[0] !== (w[at] === "apart" ? "from" : "than")) return null;
    rest = rest.slice(1);
  }
  const parts = rest.join(" ").split(/\s*,\s*(?:and\s+)?|\s+(?:and|&|or)\s+/);
  const except: Array<{ n: number; fromEnd: boolean }> = [];
  for (const part of parts) {
    const o = ordinalRef(part);
    if (o?.kind !== "ordinal") return null;
    except.push({ n: o.n, fromEnd: o.fromEnd });
  }
  return except.length ? { kind: "listed", except } : null;
}

/**
 * "make them all high priority except the top one": the message without its trailing exception by
 * position, and the positions left out; null when it ends in no such exception.
 */
export function trailingExcept(text: string): { head: string; except: Array<{ n: number; fromEnd: boolean }> } | null {
  const w = trimPunctuation(text.toLowerCase()).split(/\s+/);
  for (let i = w.length - 2; i >= 1 && i >= w.length - 8; i--) {
    if (!EXCEPT_WORDS.has(w[i] ?? "")) continue;
    const read = listedExcept(["all", ...w.slice(i)].join(" "));
    if (read?.kind === "listed" && read.except) return { head: w.slice(0, i).join(" "), except: read.except };
  }
  return null;
}

/** Whether a message leaves out tasks of the last list by position ("tick off all but the last one", "delete all apart from 1 and 3"). */
export function exceptsByPosition(text: string): boolean {
  const w = trimPunctuation(text.toLowerCase()).split(/\s+/);
  for (let i = 1; i < w.length; i++) {
    if (!EXCEPT_WORDS.has(w[i] ?? "")) continue;
    const rest = w.slice(i + 1);
    if (["for", "from", "than"].includes(rest[0] ?? "")) rest.shift();
    for (let k = 1; k <= 3 && k <= rest.length; k++) if (ordinalRef(rest.slice(0, k).join(" "))) return true;
  }
  return false;
}

/** A reference from a phrase: ordinal, pronoun, "them", or a cleaned phrase (null if empty). */
export function refFrom(text: string): TaskRef | null {
  const raw = trimPunctuation(text.toLowerCase());
  if (!raw) return null;
  const except = listedExcept(raw);
  if (except) return except;
  if (isPronoun(raw)) return { kind: "pronoun" };
  if (isListedRef(raw)) {
    const count = listedCount(raw);
    return count === null ? { kind: "listed" } : { kind: "listed", count };
  }
  const ordinal = ordinalRef(raw);
  if (ordinal) return ordinal;
  const phrase = cleanPhrase(text);
  if (!phrase || notATask(phrase)) return null;
  if (isPronoun(phrase)) return { kind: "pronoun" };
  return { kind: "phrase", text: phrase };
}

/**
 * Several tasks in one reference: "a, b and c" or "buy milk and walk the dog" (split only
 * where the next part starts with a verb, so "call mom and dad" stays one task).
 */
export function refsFrom(text: string): TaskRef[] {
  // "both the first two", "both 1 and 3": "both" only says there are two.
  const t = text.trim().replace(/^both\s+(?!(?:of|those|these|them)\b)(?=\S+\s)/i, "");
  const firstN = /^(?:the\s+)?(first|last|top|bottom)\s+(two|three|four|five|six|\d+)(?:\s+(?:ones|tasks|items|todos))?$/.exec(
    t.toLowerCase(),
  );
  if (firstN) {
    const n = Math.min(numberFrom(firstN[2] ?? "") ?? 0, 50);
    const fromEnd = /last|bottom/.test(firstN[1] ?? "");
    return Array.from({ length: n }, (_, i) => ({ kind: "ordinal" as const, n: i + 1, fromEnd }));
  }
  // "1 and 2", "the first and the third"
  const ordinals = t.split(/\s*,\s*(?:and\s+)?|\s+(?:and|&)\s+/);
  if (ordinals.length > 1 && ordinals.every((p) => ordinalRef(p) !== null)) return ordinals.map((p) => ordinalRef(p) as TaskRef);
  if (quoted(t) || isListedRef(t)) {
    const one = refFrom(t);
    return one ? [one] : [];
  }
  const parts = splitItems(t, false);
  return parts.map(refFrom).filter((r): r is TaskRef => r !== null);
}

/**
 * Splits "a, b and c" into items. With `forceList` (the user announced several items) every
 * comma/"and" splits; otherwise only where the next part starts with a verb.
 */
export function splitItems(text: string, forceList: boolean): string[] {
  const tokens = text.split(ITEM_SEPARATOR);
  if (tokens.length <= 1) return [text.trim()].filter(Boolean);
  const out: string[] = [];
  let current = tokens[0] ?? "";
  for (let i = 1; i + 1 < tokens.length; i += 2) {
    const sep = tokens[i] ?? " and ";
    const piece = tokens[i + 1] ?? "";
    const first = piece.trim().split(/\s+/)[0] ?? "";
    const hard = /[;\n]|then/.test(sep);
    // "flat meeting with jamie and sophie", "dentist for me and poppy": the people met with (or for) are one item's.
    const withWhom = /^\s+(?:and|&)\s+$/i.test(sep) && /\b(?:with\s+[a-z]+|for\s+(?:me|us|him|her|them))$/i.test(current.trim());
    if (!(withWhom && !isBaseVerb(first.toLowerCase())) && (hard || forceList || isBaseVerb(first.toLowerCase()))) {
      out.push(current);
      current = piece;
    } else {
      current = `${current}${sep}${piece}`;
    }
  }
  out.push(current);
  return out.map((s) => trimPunctuation(s)).filter(Boolean);
}

const ITEM_SEPARATOR = /(\s*;\s*|\s*\n\s*|,?\s+(?:and\s+)?then\s+|,\s*(?:and\s+|&\s+)?|\s+(?:and|&|\+|as well as|plus)\s+)/i;
