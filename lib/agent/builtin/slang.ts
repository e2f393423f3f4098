/**
 * Slang verbs of dropping a task, read as the plain verb they stand for, token by token:
 * - "sack off the gym", "sack the gym off": "ditch" (a soft delete: the task goes when one is
 *   named, a chore to add is asked about), unless "it" follows ("sack off the gym, do it sat");
 * - a drop verb with "till/until" after it ("sack off the garage till the new year", "scrap the
 *   gym until january") puts the task off to that day: "put off".
 * Only the verb at the head of the message (after a filler or two) is read; anything else is left as typed.
 */
import { parts } from "./textisms";

/** Words before the verb that ask for nothing ("erm", "right so", "can you"). */
const LEAD = new Set("erm um ok okay right so basically tbh just pls please can could you u and oh yeah".split(" "));
/** Verbs of dropping a task, as word sequences (not "drop", "bin", "cancel": "drop the kids off until 3", "bin day until christmas"). */
const DROP: readonly (readonly string[])[] = [["sack", "off"], ["bin", "off"], ["scrap"], ["ditch"], ["sack"]];
const TILL = new Set(["till", "until", "til", "'til", "'till"]);

const core = (t: string) => parts(t)[1].toLowerCase();

/** The message with a slang drop verb read as its plain verb (else as typed). */
export function plainDropVerbs(text: string): string {
  const tokens = text.split(" ");
  if (tokens.length > 200) return text;
  const cores = tokens.map(core);
  let at = 0;
  while (at < 4 && LEAD.has(cores[at] ?? "")) at++;
  const verb = DROP.find((v) => v.every((w, i) => cores[at + i] === w));
  if (!verb) return text;
  const rest = cores.slice(at + verb.length);
  const till = rest.findIndex((w) => TILL.has(w));
  // "sack the gym off": the particle after the object goes with the verb.
  const offAt = verb.length === 1 && verb[0] === "sack" ? rest.indexOf("off") : -1;
  const dropOff = (words: string[]) => (offAt >= 0 ? words.filter((_, i) => i !== at + 1 + offAt) : words);
  if (till > 0) return dropOff([...tokens.slice(0, at), "put off", ...tokens.slice(at + verb.length)]).join(" ");
  // "sack off the gym, do it sat instead": the task lives on ("it"), so the drop is no delete; left as typed.
  if (verb[0] === "sack" && !rest.includes("it"))
    return dropOff([...tokens.slice(0, at), "ditch", ...tokens.slice(at + verb.length)]).join(" ");
  return text;
}

/** A test got through, told by how easily: "sailed thru the mot", "van flew through its mot", "scraped through the inspection". */
const GOT_THROUGH = /\b(?:sailed|flew|breezed|whizzed|scraped)\s+(?:through|thru)\b/gi;

/** The message with a test got through said as "passed" (a deed the readers and grounding know); else as typed. */
export function plainPassed(text: string): string {
  return text.replace(GOT_THROUGH, "passed");
}

/** "done n dusted" (done and dusted), "had a look at the rota" (checked the rota): a deed said by an idiom. */
const DEED_IDIOMS: readonly [RegExp, string][] = [
  [/\bdone (?:n|&|an|'n'|'n|n') dusted\b/gi, "done and dusted"],
  [/\b(?:had|took) a (?:quick |proper )?(?:look|gander|butchers|squiz|peek) (?:at|over|through|thru)\b/gi, "checked"],
];

/** The message with a deed's idiom said in the plain words the readers and grounding know; else as typed. */
export function plainDeedIdioms(text: string): string {
  return DEED_IDIOMS.reduce((t, [re, plain]) => t.replace(re, plain), text);
}
