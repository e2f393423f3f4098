/** "undo", "undo that", "take that back", "revert that": revert what the previous turn changed. */
import { verbs } from "../lexicon";
import type { Intent } from "./types";

const UNDO = new RegExp(
  `^(?:(?:oops|whoops|no|nope|wait|sorry|hmm|ugh)[,!.]*\\s+)*(?:please\\s+)?(?:${verbs("undo", "base")})(?:\\s+(?:that|it|this|those|them|everything|all of that|the last (?:change|changes|thing|one|action|step)|(?:my|your) last (?:change|changes|request|action)|what you (?:just )?did|what i (?:just )?(?:said|asked|did)|the changes?|it all))?(?:\\s+(?:please|now|again))?$|^(?:take|put)\\s+(?:that|it|this|those|them|everything)\\s+back(?:\\s+(?:please|to how it was|the way it was|as it was))?$|^(?:change|put|set)\\s+(?:it|that|them|everything)\\s+back(?:\\s+(?:to how it was|the way it was|as it was|like before))?$|^(?:go\\s+back|revert\\s+to\\s+before|restore\\s+(?:it|that|everything)\\s+(?:to\\s+)?(?:how|the way)\\s+it\\s+was)$`,
);

/** Words a user puts before "undo that" when taking back the last change ("oops no it isnt, undo that"). */
const BEFORE_UNDO = new Set(
  "oops whoops no nope nah wait sorry soz hmm ugh argh actually it its it's isnt isn't is not wasnt wasn't i havent haven't didnt didn't done yet my bad mistake wrong that was pls please can you could u just".split(
    " ",
  ),
);
const AFTER_UNDO = new Set(["that", "it", "this", "please", "pls", "thanks", "ta"]);

/** "oops no it isnt, undo that": an undo at the end, after words that only take the change back. */
function undoAtEnd(text: string): boolean {
  const w = text.toLowerCase().match(/[a-z']+/g) ?? [];
  while (w.length && AFTER_UNDO.has(w.at(-1) ?? "")) w.pop();
  if (w.pop() !== "undo") return false;
  // "oh wait she didnt pick up, undo": a denial of what was done, then the undo after a comma.
  const subject = w.find((x) => !BEFORE_UNDO.has(x));
  const denied = text.includes(",") && w.length <= 10 && /^(?:she|he|they)$/.test(subject ?? "") && w.some((x) => NEGATED.has(x));
  return (w.length <= 8 && w.every((x) => BEFORE_UNDO.has(x))) || denied;
}

/** Words after "put it back" that only say "as before" ("put it back how it was", "set that back to how it was before"). */
const AS_BEFORE = new Set("how it was the way to like before as were where please pls again".split(" "));

/** "put it back how it was", "nah put it back where it was": the last change taken back. */
function backAsBefore(text: string): boolean {
  const w = text.toLowerCase().match(/[a-z']+/g) ?? [];
  while (w.length > 3 && BEFORE_UNDO.has(w[0] ?? "") && w[0] !== "put") w.shift();
  return (
    /^(?:put|change|set|turn)$/.test(w[0] ?? "") &&
    /^(?:it|that|them|this|everything)$/.test(w[1] ?? "") &&
    w[2] === "back" &&
    w.length <= 10 &&
    w.slice(3).every((x) => AS_BEFORE.has(x))
  );
}

/** Verbs that drop the last change when their object says so ("scrap that last change", "ditch my last edit"). */
const DROP_VERB = new Set("undo revert reverse scrap cancel ditch drop bin forget nix".split(" "));
const CHANGE_NOUN = new Set("change changes edit edits update updates".split(" "));
const LAST_WORD = new Set("last latest previous recent".split(" "));
/** Nouns that name the change only after "last" ("undo that last bit", "scrap the last thing"). */
const LAST_NOUN = new Set("bit bits thing things step action".split(" "));
/** Verbs that only ever take a change back, never a task: "undo the last thing" (not "bin the last thing"). */
const ONLY_UNDO = new Set("undo revert reverse".split(" "));

/**
 * last-change (named rule): "scrap that last change", "nah cancel the last edit", "ditch my last
 * update pls": a verb that drops something, and an object that is the change itself (a change
 * noun, "last" or not; "bit", "thing", "step" only after "last": "undo that last bit") — never a
 * task, so never a delete of one called "change".
 */
function dropLastChange(text: string): boolean {
  const w = text.toLowerCase().match(/[a-z']+/g) ?? [];
  while (w.length && AFTER_UNDO.has(w.at(-1) ?? "")) w.pop();
  while (w.length > 2 && BEFORE_UNDO.has(w[0] ?? "") && !DROP_VERB.has(w[0] ?? "")) w.shift();
  if (w.length > 5 || !DROP_VERB.has(w[0] ?? "")) return false;
  let i = 1;
  if (/^(?:that|the|my|your|this)$/.test(w[i] ?? "")) i++;
  if (w[i] === "most" && w[i + 1] === "recent") i++;
  const last = LAST_WORD.has(w[i] ?? "");
  if (last) i++;
  return (
    i === w.length - 1 &&
    (CHANGE_NOUN.has(w[i] ?? "") || (last && LAST_NOUN.has(w[i] ?? "") && (ONLY_UNDO.has(w[0] ?? "") || /^bits?$/.test(w[i] ?? ""))))
  );
}

export function readUndo(text: string): Intent | null {
  return UNDO.test(text) || undoAtEnd(text) || backAsBefore(text) || dropLastChange(text) ? { type: "undo" } : null;
}

/** Words a take-back is made of ("wait, don't", "hang on, no don't do that", "actually no leave it where it was"). */
const TAKE_BACK_WORDS = new Set(
  "wait hang hold on no nah nope noo actually oh oops sorry soz hmm um erm ugh argh don't dont do not that it this please pls i said leave keep where as how was like before changed my mind scratch cancel stop yet".split(
    " ",
  ),
);

/**
 * take-back (named rule): "wait, don't", "no wait", "hang on, don't do that", "changed my mind", "not yet",
 * "scratch that", "actually no leave it where it was" — words that only retract, with one that
 * says so: "don't", "wait" beside a no, "changed my mind", "scratch/cancel that", or "leave it"
 * after a no. Only a retraction: the planner takes back the previous turn's change with it, and
 * only when that turn changed something and asked nothing (planner.ts firstStepOf).
 */
export function takesBack(text: string): boolean {
  if (text.length > 80) return false;
  // Digits are words too: "no wait, 11" is a new value, not a take-back.
  const w: string[] = text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
  if (w.length === 0 || w.length > 10 || !w.every((x) => TAKE_BACK_WORDS.has(x))) return false;
  const has = (x: string) => w.includes(x);
  const no = has("no") || has("nah") || has("nope") || has("noo");
  const dont = has("don't") || has("dont") || (has("do") && has("not"));
  const changedMind = /\bchanged my mind\b/.test(w.join(" "));
  const scratch = /^(?:scratch|cancel) that$/.test(w.filter((x) => x !== "actually" && x !== "no" && x !== "oh").join(" "));
  const leaveAsWas = has("leave") && (no || has("was"));
  // "no wait, not yet", "not yet": the change came too soon.
  const notYet = /\bnot yet$/.test(w.join(" "));
  return dont || (has("wait") && no) || changedMind || scratch || leaveAsWas || notYet;
}

const DENY_OPEN = new Set("oops oh ah wait hang on no nah nope noo actually sorry soz um erm hmm".split(" "));
const DENY_NO = new Set(["no", "nah", "nope", "noo", "oops"]);
const NEGATED = new Set("didn't didnt hasn't hasnt haven't havent wasn't wasnt isn't isnt weren't werent aren't arent".split(" "));
/** "it's not done": "not" denies only a state ("not the gas bill, the water bill" names another task). */
const NOT_STATE = new Set("done finished sorted complete completed yet really actually".split(" "));
/** Words of a correction that names the task meant: never a bare denial. */
const MEANT = new Set("meant mean instead other rather".split(" "));

/**
 * deed-denied (named rule): "oops no she didn't answer", "nah it isn't done", "no wait, he hasn't paid",
 * "oops, wrong one" — a no, then a short clause that denies: right after a task was ticked off, that tick is taken back
 * (planner.ts firstStepOf). Anything else after the no ("no, the gym one") is never a denial.
 */
export function deniesDeed(text: string): boolean {
  const w: string[] = text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
  if (w.length > 12) return false;
  // "scratch that, not done": the opening takes the tick back like a no.
  const scratch = /^(?:scratch|cancel)$/.test(w[0] ?? "") && w[1] === "that";
  let i = scratch ? 2 : 0;
  let no = scratch;
  while (i < w.length && DENY_OPEN.has(w[i] ?? "")) no = DENY_NO.has(w[i++] ?? "") || no;
  // "wait no, that was the wrong one", "oops wrong task": the tick was a mistake.
  const rest = w.slice(i);
  if (!no || rest.length === 0 || rest.some((x) => MEANT.has(x))) return false;
  // "wrong one" closes the message: "oops wrong one, the printer" names the task meant (a correction).
  return rest.some(
    (x, k) => NEGATED.has(x) || (x === "wrong" && k >= rest.length - 2) || (x === "not" && NOT_STATE.has(rest[k + 1] ?? "")),
  );
}
