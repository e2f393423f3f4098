/**
 * A value corrected inside one message: "make it high... actually no, low", "move the haircut to
 * friday, sorry i mean saturday", "change the vet to 10am... no wait 11am". When a correction
 * marker ("actually no", "sorry i mean", "no wait", "no sorry" …) is followed by a value of the same
 * kind as a value said before it (a day, a clock time, a priority), the later value takes the earlier
 * one's place and the marker goes: "make it low", "move the haircut to saturday". Anything else is
 * left as typed (a marker with no value of its kind on both sides changes nothing), so the readers
 * never see the first value nor the marker as part of a title. Token by token, no regex over the
 * sentence.
 */
import type { ConversationEvent } from "./prompt-reader";
import { parts } from "./textisms";

/** Correction markers, as word sequences (punctuation around the words is ignored). */
const MARKERS: readonly (readonly string[])[] = [
  ["actually", "no"],
  ["no", "actually"],
  ["sorry", "i", "mean"],
  ["sorry", "i", "meant"],
  ["no", "sorry"],
  ["sorry", "no"],
  ["no", "wait"],
  ["wait", "no"],
  ["i", "mean"],
  ["i", "meant"],
  ["or", "rather"],
  ["make", "that"],
  ["scratch", "that"],
  // Last: "high priority... actually low", "fence to monday, no tuesday" (the value after it says it is a correction).
  ["actually"],
  ["no"],
];

const DAY_WORDS = new Set(
  "today tomorrow tonight tmrw tmr tomoz monday tuesday wednesday thursday friday saturday sunday mon tue tues wed weds thu thur thurs fri sat sun".split(
    " ",
  ),
);
const PRIORITY_WORDS = new Set("high low medium normal urgent top".split(" "));
const CLOCK = /^\d{1,2}(?::\d{2})?(?:am|pm)?$/;

type Kind = "day" | "time" | "priority";

function kindOf(word: string, loose: boolean): Kind | null {
  if (DAY_WORDS.has(word)) return "day";
  if (PRIORITY_WORDS.has(word)) return "priority";
  // A clock time: "10am", "3:30pm"; a bare number only as the corrected value after a time ("10am... no wait 11").
  if (CLOCK.test(word) && (loose || /[a-z:]/.test(word))) return "time";
  return null;
}

/** The index just past a marker starting at `k`, or -1. */
function markerEnd(cores: readonly string[], k: number): number {
  for (const marker of MARKERS) {
    if (marker.every((w, i) => cores[k + i] === w)) return k + marker.length;
  }
  return -1;
}

/** The message with a value corrected in passing replaced by its correction (else as typed). */
export function keepCorrection(text: string): string {
  const tokens = text.split(" ");
  if (tokens.length < 4 || tokens.length > 200) return text;
  const cores = tokens.map((t) => parts(t)[1].toLowerCase());
  for (let k = 1; k < tokens.length; k++) {
    const end = markerEnd(cores, k);
    if (end < 0 || end >= tokens.length) continue;
    const kind = kindOf(cores[end]!, true);
    if (kind === null) continue;
    let before = -1;
    for (let i = k - 1; i >= 0 && before < 0; i--) if (kindOf(cores[i]!, false) === kind) before = i;
    if (before < 0) continue;
    const [lead, , trail] = parts(tokens[before]!);
    const [, typed, valueTrail] = parts(tokens[end]!);
    // "3pm... no wait 4" keeps the half of the day: "4pm".
    const half = /^\d+$/.test(typed) ? (/(?:am|pm)$/.exec(cores[before]!)?.[0] ?? "") : "";
    const value = typed + half;
    const kept = [...tokens.slice(0, before), lead + value + trail, ...tokens.slice(before + 1, k)];
    // The punctuation before the marker goes ("low priority... actually no, medium"); the corrected value's stays.
    const last = kept.length - 1;
    const [lastLead, lastCore] = parts(kept[last]!);
    kept[last] = lastLead + lastCore + valueTrail;
    return [...kept, ...tokens.slice(end + 1)].join(" ");
  }
  return text;
}

/**
 * A message that corrects itself after a marker ("make the dentist high priority, i mean the doctor"):
 * the words before the marker (their trailing punctuation gone) and the words after it; null when no
 * marker stands after the first two words or nothing follows it. Markers of one word ("actually", "no")
 * only after a comma or dots, so "no" in "no rush" or a title is never one.
 */
export function correctionSplit(text: string): { head: string; tail: string } | null {
  const tokens = text.split(" ");
  if (tokens.length < 4 || tokens.length > 60) return null;
  const cores = tokens.map((t) => parts(t)[1].toLowerCase());
  for (let k = 2; k < tokens.length; k++) {
    const end = markerEnd(cores, k);
    if (end < 0 || end >= tokens.length) continue;
    if (end - k === 1 && !/[,.;]$/.test(tokens[k - 1]!)) continue;
    let head = tokens.slice(0, k).join(" ");
    // Punctuation before the marker goes ("…, i mean"), one character at a time (no backtracking).
    while (head && " ,.;:!-".includes(head.at(-1)!)) head = head.slice(0, -1);
    return { head, tail: tokens.slice(end).join(" ") };
  }
  return null;
}

/**
 * "and the tv licence to the same day" right after a change: "the same day" is the day the last
 * turn set (one day only: several different days, or none, leave the words as typed).
 */
export function sameDayAs(text: string, history: readonly ConversationEvent[]): string {
  const tokens = text.split(" ");
  const cores = tokens.map((t) => parts(t)[1].toLowerCase());
  // "the same day", "to same day"; never a title's words ("order same day delivery").
  const at = cores.findIndex((w, k) => w === "same" && cores[k + 1] === "day" && ["the", "to", "on", "for"].includes(cores[k - 1] ?? ""));
  if (at < 0) return text;
  let lastUser = history.length;
  while (lastUser > 0 && history[lastUser - 1]!.kind !== "user") lastUser--;
  const days = new Set<string>();
  for (const e of history.slice(lastUser)) {
    if (e.kind !== "result" || e.outcome.kind !== "ok" || (e.name !== "update_task" && e.name !== "add_task")) continue;
    const due = e.input.due;
    if (typeof due === "string" && /^\d{4}-\d{2}-\d{2}/.test(due)) days.add(due.slice(0, 10));
  }
  if (days.size !== 1) return text;
  const [day] = [...days];
  const from = cores[at - 1] === "the" ? at - 1 : at;
  const trail = parts(tokens[at + 1]!)[2];
  return [...tokens.slice(0, from), day + trail, ...tokens.slice(at + 2)].join(" ");
}
