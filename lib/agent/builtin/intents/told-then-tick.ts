/**
 * Rule TOLD-THEN-TICK (issue 24, w25): "yeah nah i did it friday, tick it off", "ok tick that off, i put it
 * through on friday from the shop", "oh no i did actually, rang them thursday. tick it off": a plain
 * command to tick off the task just talked about, and beside it only the telling that (and when, where,
 * how) it was done. Read as the tick alone; anything else beside the command (a request, a question, a
 * denial, a plan) leaves the message to the other readers.
 */
import { isBaseVerb, toldPast } from "../verbs";
import type { Intent } from "./types";

/** "tick it off", "can you cross that one off", "mark it as done pls". */
const TICK_IT =
  /^(?:(?:ok|okay|so|and|yeah|yep|yes|right|just|pls|please|can you|could you|can u|could u|you can|u can|go on)\s+)*(?:tick|cross|check|mark|strike)\s+(?:it|that|that one|this|this one)\s+(?:off|done|as done|complete|as complete|completed|as completed)(?:\s+(?:then|now|pls|please|thanks|ta|for me|too))*$/;
/** Words that open a telling and say nothing ("oh no i did actually", "yeah nah"). */
const FILLER = new Set("oh ok okay yeah yep yes nah no well so actually just um erm aye ah right wait lol".split(" "));
/** Who did it: the user, or someone named as "they"/"he"/"she". */
const DOER = new Set("i we i've ive we've they he she".split(" "));
/** The deed told outright ("did it", "done it", "had them"). */
const DEED = new Set("did done had finished sorted".split(" "));
/** A telling that takes back, plans or wishes is no telling of a deed. */
const NOT_TOLD =
  /\b(?:not|never|didn't|didnt|haven't|havent|hasn't|hasnt|won't|wont|will|i'll|ill|gonna|going|need|needs|should|want|wanna|meant|supposed|might|may|tomorrow|later|yet)\b|n't\b/;

/** A clause that only tells the deed was done: a past form or "did/done", no request first, nothing planned or denied. */
function tellsDeed(clause: string): boolean {
  if (NOT_TOLD.test(clause)) return false;
  // "oh hang on yeah i did": a pause before the telling.
  const words = clause.replace(/^(?:(?:oh|ah|no) )?(?:hang|hold) on\b/, "").match(/[a-z0-9][a-z0-9'-]*/g) ?? [];
  let k = 0;
  while (k < words.length && FILLER.has(words[k]!)) k++;
  const first = words[k];
  if (first === undefined) return false;
  // "put it on friday, tick it off" asks; "i put it through on friday" tells.
  if (isBaseVerb(first) && !DEED.has(first)) return false;
  if (DOER.has(first)) return words.length > k + 1;
  // "it's booked for the 8th", "that's done": what it is now it was done.
  if (/^(?:it's|its|that's|thats)$/.test(first) && (DEED.has(words[k + 1] ?? "") || toldPast(words[k + 1] ?? ""))) return true;
  if (DEED.has(first) || toldPast(first)) return true;
  // "co-op had them yesterday": someone did it to "it"; "charger is packed, mark it done" names the thing itself (not read here).
  return words.slice(k + 1).some((w, j, ws) => (DEED.has(w) || toldPast(w)) && /^(?:it|them|that|one)$/.test(ws[j + 1] ?? ""));
}

export function toldThenTick(text: string): Intent[] | null {
  // "no? ok well i just did on the phone, tick it off": a surprised word asked back opens the telling.
  const lower = text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/^(?:no|oh|really|eh|huh|what|seriously|aye)\?+\s*/, "")
    // "ok tick that off i did it at lunch": the telling after the command, without its comma.
    .replace(/\b(tick|cross|mark) (it|that|this) (off|done) (?=(?:i|we|he|she|they) )/, "$1 $2 $3, ");
  if (lower.includes("?")) return null;
  const clauses = lower
    .split(/[,;!]+|\.(?:\s|$)/)
    .map((c) =>
      c
        .replace(/[^a-z0-9' -]/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean);
  if (clauses.length < 2 || clauses.length > 4) return null;
  const ticks = clauses.filter((c) => TICK_IT.test(c));
  if (ticks.length !== 1) return null;
  // "ah ok, did it yesterday actually, tick it off": a clause of fillers alone only opens the telling.
  const fillers = (c: string) => c.split(" ").every((w) => FILLER.has(w));
  const told = clauses.filter((c) => !TICK_IT.test(c) && !fillers(c));
  // "oh i did, fri after period 5, tick it off": when it was done, its own clause beside the deed.
  const deeds = told.filter((c) => !tellsWhen(c));
  return deeds.length > 0 && deeds.every(tellsDeed) ? [{ type: "complete", refs: [{ kind: "pronoun" }] }] : null;
}

/** When a deed was done, said alone: "fri after period 5", "yesterday at lunch", "this morning" (no verb, six words at most). */
const WHEN_FIRST =
  /^(?:mon|monday|tue|tues|tuesday|wed|weds|wednesday|thu|thur|thurs|thursday|fri|friday|sat|saturday|sun|sunday|yesterday|yday|earlier|this|last|first|straight|on|at|after|before|during|in)$/;
function tellsWhen(clause: string): boolean {
  const words = clause.split(" ");
  return words.length <= 6 && WHEN_FIRST.test(words[0]!) && !words.some((w) => isBaseVerb(w) || NOT_TOLD.test(w));
}
