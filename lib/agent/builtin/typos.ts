/**
 * Forgives a misspelt command word at the start of a request ("compelte buy milk",
 * "delte the gym task", "shwo my tasks") and a few abbreviations ("del", "rm"). Only the first
 * word is corrected, and only when it is not itself a word the readers know, so a chore such as
 * "park the car" is never turned into "mark the car".
 */
import { baseVerbBySwap, isBaseVerb } from "./verbs";
import { editDistance } from "@/lib/tasks/match";

const COMMANDS = [
  "add",
  "create",
  "delete",
  "remove",
  "complete",
  "mark",
  "rename",
  "change",
  "update",
  "reschedule",
  "postpone",
  "prioritise",
  "prioritize",
  "reopen",
  "show",
  "list",
  "search",
  "finish",
  "remind",
  "move",
  "edit",
  "erase",
  "uncheck",
  "untick",
  "display",
  "finished",
  "completed",
  "deleted",
];

const ABBREVIATIONS: Record<string, string> = {
  del: "delete",
  rm: "remove",
  rmv: "remove",
  dlt: "delete",
  cmplt: "complete",
  upd: "update",
  ls: "list",
  // The add word and its intros, typed fast ("ad milk", "addd milk", "nede to call mum").
  ad: "add",
  addd: "add",
  adn: "add",
  nede: "need",
  ned: "need",
  neeed: "need",
  remidn: "remind",
  reminde: "remind",
  rmind: "remind",
  remnd: "remind",
};

/** Real words one edit away from a command: never "corrected". */
const REAL_WORDS = new Set([
  "compete",
  "crate",
  "rewind",
  "remote",
  "lust",
  "lost",
  "last",
  "least",
  "mask",
  "mart",
  "meta",
  "shop",
  "snow",
  "slow",
  "dove",
  "move",
  "love",
  "movie",
]);

function isSwap(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  const diff = [...a].map((c, i) => (c === b[i] ? -1 : i)).filter((i) => i >= 0);
  return diff.length === 2 && diff[1] === (diff[0] ?? 0) + 1 && a[diff[0] ?? 0] === b[diff[1] ?? 0] && a[diff[1] ?? 0] === b[diff[0] ?? 0];
}

/** The command a misspelt first word stands for, or null. */
export function correctCommand(word: string): string | null {
  const w = word.toLowerCase();
  const abbreviation = ABBREVIATIONS[w];
  if (abbreviation) return abbreviation;
  if (w.length < 4 || !/^[a-z]+$/.test(w) || COMMANDS.includes(w) || isBaseVerb(w) || REAL_WORDS.has(w)) return null;
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const c of COMMANDS) {
    if (c.length < 4) continue;
    const allowed = w.length <= 4 ? 0 : w.length >= 8 ? 2 : 1;
    const d = allowed === 0 ? (isSwap(w, c) ? 1 : 2) : editDistance(w, c, allowed);
    if ((allowed === 0 ? d === 1 : d <= allowed) && d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  // "tkae the bins out", "wsah the car": a chore verb with two letters swapped.
  return best ?? baseVerbBySwap(w);
}

/** Misspelt little words inside a request ("hoover teh lounge"), to their spelling. */
const WORD_TYPOS: Readonly<Record<string, string>> = { teh: "the", hte: "the", adn: "and" };

/** Replaces a misspelt command at the start of `text` (either casing); other text is untouched. */
export function fixCommandTypo(text: string): string {
  const m = /^([A-Za-z]+)(?=\s|$)/.exec(text);
  if (!m || !m[1]) return text;
  const fixed = correctCommand(m[1]);
  const first = fixed ?? m[1];
  const rest = text.slice(m[1].length).replace(/(?<=\s)[a-z]{3}(?=\s|$)/g, (w) => WORD_TYPOS[w] ?? w);
  return first + rest;
}
