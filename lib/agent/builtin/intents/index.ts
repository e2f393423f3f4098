/**
 * The intent reader: turns one user message into what they asked for. Readers are tried from
 * the most specific ("rename X to Y") to the most general ("buy milk" → add), so a word like
 * "add" in "add a note to X" or "done" in "what's done?" goes to the right place.
 */
import type { Clock } from "../clock";
import { normalize, trimPunctuation } from "../text";
import { fixCommandTypo } from "../typos";
import { isBaseVerb } from "../verbs";
import { addBody, readAdd } from "./add";
import { readComplete, readDelete, readReopen, pointsAtTask } from "./change";
import { cleanRequest, cleanRequestKeepCase } from "./cleanup";
import { readBulk, readList } from "./list";
import { isListedRef, isPronoun, ordinalRef, refFrom } from "./refs";
import { isOffTopic, isQuestion, readSocial } from "./social";
import type { Intent } from "./types";
import { readUpdate } from "./update";

export type { Intent } from "./types";

const QUESTION_START = /^(?:show|list|display|view|see|what|which|whats|any|anything|is there|are there|do i|did i|have i|how|tell me|give me|get me)\b/;
const MANAGEMENT_VERB = /^(?:add|create|delete|remove|mark|complete|rename|list|show|see|view|change|update|move|postpone|reschedule|set|make|tick|check off|cross off|reopen|unmark|search|find|edit)\b/;
const CLAUSE_SPLIT = /(?:(?<!\b(?:incl|inc|e\.g|i\.e|etc|vs|approx|appt|dr|mr|mrs|ms|st|no))\s*[.;!?]\s+|,?\s+and then\s+|,\s*then\s+|\s+then\s+(?=(?:add|create|delete|remove|mark|complete|show|list|rename|change|update|move|set|make)\b)|,?\s+and also\s+|,?\s+also\s+|,\s+(?:and\s+)?(?=(?:mark|delete|remove|complete|rename|reopen|show|list)\s|(?:make|set|move|change|put|give) (?:it|that|this)\s)|,\s+and\s+(?=(?:add|create|delete|remove|mark|complete|show|list|rename|change|update|move|postpone|set|make|tick|reopen)\b)|\s+and\s+(?=(?:add|create|delete|remove|mark|complete|show|list|rename|change|update|move|postpone|set|make|tick|reopen)\b))/;

function isKnown(intent: Intent): boolean {
  return intent.type !== "unknown";
}

/** A complete/delete reading of "I need to finish the report" is really a new to-do. */
function plausibleFromAddBody(intent: Intent, body: string): boolean {
  if (intent.type === "unknown" || intent.type === "add" || intent.type === "say") return false;
  if (intent.type === "complete" || intent.type === "delete") {
    return pointsAtTask(body) || intent.refs.every((r) => r.kind !== "phrase");
  }
  return true;
}

const COMMAND_COLON = /^(complete|delete|remove|erase|finish|reopen|rename|mark|tick off|check off|cross off|update|edit|change|move|postpone|reschedule|prioriti[sz]e|deprioriti[sz]e|search|find|show|list)\s*[:-]\s+/i;

const ERRAND_FOR_ME =
  /^(?:(?:can|could|would|will) (?:you|u)|please|pls)\s+(?:please\s+)?(?:book|order|buy|get|fetch|bring|cook|make|draw|write|send|call|find|reserve|pay|drive)\s+(?:me|us)\s+(?!to\b)/;

function withoutCommandColon(text: string): string {
  return text.replace(COMMAND_COLON, "$1 ");
}

function readSingle(cleaned: string, cleanedKeepCase: string, clock: Clock, raw = cleanedKeepCase): Intent {
  // Greetings are checked before the filler words ("hi", "thanks") are stripped.
  const social = readSocial(trimPunctuation(raw.toLowerCase().replace(/[?!.]+$/, ""))) ?? readSocial(cleaned);
  if (social) return social;
  // "can you book me a flight?": a request for the assistant to act in the world, not a to-do.
  if (ERRAND_FOR_ME.test(raw.toLowerCase()) && !/\b(?:task|todo|to-?do|list|remind|reminder)\b/.test(raw.toLowerCase())) return { type: "say", kind: "offtopic" };
  // "compelte buy milk", "del the gym task": a misspelt or shortened command word.
  // "complete: pay the bill", "delete - gym": a colon or dash after the command word.
  const lower = withoutCommandColon(fixCommandTypo(cleaned));
  const original = withoutCommandColon(fixCommandTypo(cleanedKeepCase));
  const bulk = readBulk(lower, clock);
  if (bulk) return bulk;
  const update = readUpdate(lower, original, clock);
  if (update) return update;
  const reopen = readReopen(lower);
  if (reopen) return reopen;
  const looksLikeQuestion = QUESTION_START.test(lower);
  if (!looksLikeQuestion) {
    const complete = readComplete(lower);
    if (complete) return complete;
    const del = readDelete(lower);
    if (del) return del;
  }
  if (looksLikeQuestion && isOffTopic(lower)) return { type: "say", kind: "offtopic" };
  const list = readList(lower, clock);
  if (list) return list;

  const add = addBody(original);
  if (add) {
    const body = add.body.trim();
    if (MANAGEMENT_VERB.test(body.toLowerCase())) {
      const inner = readSingle(body.toLowerCase(), body, clock);
      if (plausibleFromAddBody(inner, body.toLowerCase())) return inner;
    }
    if (!body || /^(?:a |an |new |another )?(?:task|todo|to-?do|reminder|item|something)$/i.test(body)) {
      return { type: "say", kind: "ask-title" };
    }
    const items = readAdd(body, clock, add.list, add.prefix);
    return items.length ? { type: "add", items } : { type: "say", kind: "ask-title" };
  }

  const pointed = lower.replace(/^(?:what|how) about\s+/, "");
  if (isPronoun(pointed) || isListedRef(pointed) || ordinalRef(pointed)) {
    const ref = refFrom(pointed);
    if (ref) return { type: "select", ref, text: pointed };
  }
  if (isOffTopic(lower)) return { type: "say", kind: "offtopic" };
  const question = isQuestion(original, lower);
  const firstWord = lower.split(/\s+/)[0] ?? "";
  if (!question) {
    // A bare imperative ("buy milk", "call mom tomorrow") is what people type into a to-do app.
    const items = readAdd(original, clock);
    const item = items.length === 1 ? items[0] : undefined;
    const verb = (item?.title.split(/\s+/)[0] ?? "").toLowerCase();
    if (isBaseVerb(firstWord) || (item && (item.due || item.priority) && (isBaseVerb(verb) || item.due))) {
      if (items.length) return { type: "add", items };
    }
  }
  if (question) return { type: "say", kind: "offtopic" };
  return { type: "unknown", text: lower };
}

/** Reads a message into one or more intents ("add milk and show my list" → two). */
export function classify(message: string, clock: Clock): Intent[] {
  const text = normalize(message);
  const yesNo = /^(?:yes|yeah|yep|no|nope|nah|ok|okay)[,!.]?\s+(.+)$/i.exec(text);
  if (yesNo && yesNo[1]) {
    const rest = classify(yesNo[1], clock);
    if (rest.every(isKnown) && !rest.some((i) => i.type === "confirm" || i.type === "deny")) return rest;
  }
  const clauses = text.split(CLAUSE_SPLIT).map((c) => c.trim()).filter(Boolean);
  // Never split inside a quoted title ("add "call mum, then dad"").
  const splitsQuote = clauses.some((c) => (c.match(/"/g) ?? []).length % 2 === 1);
  // "add a task: X and delete Y" — after "add …:" the rest is the new task's wording.
  const labelledAdd = /^(?:(?:please|pls|can you|could you)\s+)?(?:add|create|new)\b[^:"]{0,30}:\s*\S/i.test(text);
  if (clauses.length > 1 && !splitsQuote && !labelledAdd) {
    const intents = clauses.map((c) => readSingle(cleanRequest(c), cleanRequestKeepCase(c), clock, c));
    const useful = intents.filter((i) => !(i.type === "say" && (i.kind === "thanks" || i.kind === "greeting")));
    if (useful.length > 0 && useful.every((i) => isKnown(i) && i.type !== "say" && i.type !== "select")) return useful;
  }
  return [readSingle(cleanRequest(text), cleanRequestKeepCase(text), clock, text)];
}
