/**
 * Relay: an errand for someone else ("tell my brother to pick up the keys", "ask mum what she
 * wants", "tell jess ill be late", "let gemma know the meeting moved"). The assistant cannot pass
 * it on; it offers a to-do for the user instead and writes nothing unless the user says yes.
 *
 * Read word by word: [polite lead] VERB [my|our|the] NAME (one or two words) CONTINUATION, where
 * each verb has the words that may follow the person (docs/agent.md "Offers, relay").
 */
import { capitalize, trimPunctuation } from "@/lib/task-line/text";
import type { Intent } from "./types";

const set = (words: string) => new Set(words.split(" "));

/** "can you", "could u please", "pls": dropped before the verb. */
const LEADS = [
  ["can", "could", "would", "will"],
  ["you", "u"],
  ["please", "pls", "plz"],
];
const POLITE = set("please pls plz");
const OWNERS = set("my our the");
/** Words that are never the person told: "tell me", "get rid", "ask for", "get it to work". */
const NOT_SOMEONE = set(
  "me us myself you u it this that them him her round around rid back ready home there up out on in down off a an some to for about what if",
);
const FIRST_PERSON = set("i we i'll ill i'm im we're we'll i've ive i'd we've we'd");
const GREETING = set("hi hello hey happy thanks thank congrats congratulations sorry merry good well");
const QUESTION = set("what whether if when where how why about for which who");
const ONWARD = set("ask tell");

/** What may follow the person, by verb ("to", "that", "and ask", "i'll …", "hi", "know"). */
function continues(verb: string, next: string[]): boolean {
  const [a = "", b = ""] = next;
  if (a === "to" || a === "that") return verb !== "let" && verb !== "wish";
  if (a === "and") return ONWARD.has(b) && verb !== "let";
  switch (verb) {
    case "let":
      return a === "know";
    case "get":
      return false;
    case "ask":
      return QUESTION.has(a);
    case "wish":
      return GREETING.has(a);
    case "tell":
      return FIRST_PERSON.has(a) || GREETING.has(a);
    default:
      // text, message, email, warn, remind, ping: "text dad i'm on my way".
      return FIRST_PERSON.has(a);
  }
}
const VERBS = set("tell ask message msg text email warn remind ping whatsapp let get wish");

/** The words after a polite lead ("could you please …"). */
function afterLead(words: string[]): string[] {
  let k = 0;
  if (LEADS[0]!.includes(words[0] ?? "") && LEADS[1]!.includes(words[1] ?? "")) k = 2;
  if (POLITE.has(words[k] ?? "")) k++;
  return words.slice(k);
}

/** True when the clause asks the assistant to pass something on to someone else. */
export function isRelay(lower: string): boolean {
  const words = afterLead(lower.split(/\s+/).map((w) => w.replace(/[^\p{L}\p{N}']+/gu, "")));
  const verb = words[0] ?? "";
  if (!VERBS.has(verb)) return false;
  const from = OWNERS.has(words[1] ?? "") ? 2 : 1;
  // "get tom to pay", "get my brother to …"; never "get the car to the garage".
  if (verb === "get" && words[1] === "the") return false;
  for (const size of verb === "get" ? [1] : [1, 2]) {
    const name = words.slice(from, from + size);
    if (name.length < size || name.some((w) => !w || NOT_SOMEONE.has(w) || FIRST_PERSON.has(w) || QUESTION.has(w))) return false;
    if (continues(verb, words.slice(from + size))) return true;
  }
  return false;
}

/** The relay offered as a to-do for the user ("Tell jess ill be late"), or null. */
export function readRelay(raw: string): Intent | null {
  if (!isRelay(raw.toLowerCase())) return null;
  const words = raw.trim().split(/\s+/);
  const kept = words.slice(words.length - afterLead(raw.toLowerCase().trim().split(/\s+/)).length);
  const title = capitalize(trimPunctuation(kept.join(" ")));
  return title ? { type: "offer", item: { title } } : null;
}
