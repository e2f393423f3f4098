/**
 * What a careful model tries when a task reference fails: "buy milk and walk the dog" as two
 * tasks, "pay the phone bill" as "phone bill", or the one exact-title candidate of an
 * ambiguous match. Shared by the planner (to retry) and the replies (to hide what was retried).
 */
import { trimPunctuation } from "@/lib/task-line/text";
import { baseOfPast, isBaseVerb, isContactVerb } from "./verbs";
import type { ToolResultEvent } from "./prompt-reader";
import { looksLikeId } from "./references";
import { FUNCTION_WORDS } from "./lexicon";

const SINGLE_TASK_TOOLS = new Set(["complete_task", "update_task", "delete_task"]);

function normalizeTitle(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, " ")
    .replace(/\b(?:the|a|an|my)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Words that open when or by what means a deed was done, never what it was done to ("… last night", "… on my lunch",
 * "… when i dropped the trailer", "… on the club app"). Never where: "watered the plants at home" is not 'Water the office plants'.
 */
const CIRCUMSTANCE =
  /^(?:today|tonight|yesterday|yday|yest|earlier|finally|at last|just now|for once|this (?:morning|morn|afternoon|evening|arvo)|online|over the phone|on the (?:[a-z]+ )?(?:app|website|site|portal)|via [a-z]+|by (?:card|phone|bank transfer|transfer)|last (?:night|week)|on (?:my|the|our) (?:lunch|lunch break|break|dinner break|day off)|on (?:my|me|the|our) way\b|at (?:lunch|lunchtime|\d)|(?:when|while|whilst|after|before|once) (?:i|we|he|she|they)\b|thank (?:god|goodness|heavens))/;

/** The deed said before its circumstance (CIRCUMSTANCE), when a verb and a word are left; null when there is none. */
function withoutCircumstance(part: string): string | null {
  const words = part.split(/\s+/);
  for (let k = 2; k < words.length; k++) {
    if (CIRCUMSTANCE.test(words.slice(k).join(" ").toLowerCase())) return trimPunctuation(words.slice(0, k).join(" "));
  }
  return null;
}

/** Verbs of fetching or buying a thing, whose "from …" names the shop, never the task. */
const FETCHED = /^(?:get|buy|grab|pick|collect|order|fetch)$/i;
/** "2 bags of", "a couple of", "a box of": how much, before what was bought. */
const AMOUNT =
  /^(?:(?:\d+|a|an|one|two|three|four|five|six|a couple|a few|couple|few|some|loads)\s+(?:(?:big|small|large|more)\s+)?(?:(?:bags?|boxes|box|packs?|tins?|bottles?|cans?|tubs?|sacks?|rolls?|lots?|of)\s+)?(?:of\s+)?)/i;

/** "2 bags of layers pellets from mole valley" → "layers pellets"; null when nothing of the thing is left. */
function withoutAmountAndShop(object: string): string | null {
  const words = object.replace(AMOUNT, "").split(/\s+/).filter(Boolean);
  const from = words.findIndex((w, i) => i > 0 && /^(?:from|off|at)$/i.test(w) && words.length - i <= 4);
  const thing = from > 0 ? words.slice(0, from) : words;
  return thing.length > 0 ? thing.join(" ") : null;
}

/** Groups of alternative `task` values, most promising first. */
export function alternativesFor(result: ToolResultEvent): string[][] {
  const task = typeof result.input.task === "string" ? result.input.task : "";
  if (!SINGLE_TASK_TOOLS.has(result.name) || !task || result.outcome.kind !== "fail") return [];
  const outcome = result.outcome;
  if (outcome.code === "ambiguous") {
    const wanted = normalizeTitle(task);
    const exact = outcome.candidates.filter((c) => normalizeTitle(c.title) === wanted);
    if (exact.length === 1 && exact[0]) return [[exact[0].id]];
    // "orchids" beside "Repot the orchids" and "Buy orchid food": the one title with every word as written.
    const words = wanted.split(" ").filter(Boolean);
    const asWritten = outcome.candidates.filter((c) => {
      const own = new Set(normalizeTitle(c.title).split(" "));
      return words.length > 0 && words.every((w) => own.has(w));
    });
    if (asWritten.length === 1 && asWritten[0]) return [[asWritten[0].id]];
    // Completing: only one candidate is still open. Reopening: only one is completed.
    const reopening = result.name === "update_task" && result.input.status === "pending";
    const completing = result.name === "complete_task" || (result.name === "update_task" && result.input.status === "completed");
    if (completing || reopening) {
      const fitting = outcome.candidates.filter((c) => (completing ? c.status !== "completed" : c.status === "completed"));
      if (fitting.length === 1 && fitting[0]) return [[fitting[0].id]];
    }
    return [];
  }
  if (outcome.code !== "not_found" || looksLikeId(task)) return [];
  const groups: string[][] = [];
  const parts = task
    .split(/(?<!\s)\s*,\s*(?:and\s+)?|(?<!\s)\s+and\s+|(?<!\s)\s*&\s*/)
    .map(trimPunctuation)
    .filter(Boolean);
  // "lenses up, its": a part of function words only ("its") names no task, so the parts are not tried.
  const named = (part: string) =>
    part
      .toLowerCase()
      .split(/\s+/)
      .some((w) => !FUNCTION_WORDS.has(w));
  // "winter menu last night", "check the trailer tyres at the truck stop": the deed without when or where it was done.
  // Only for a deed told: a change's words name which task ("the meeting at the office").
  const bare = parts.map((p) => withoutCircumstance(p) ?? p);
  if (result.name === "complete_task" && bare.some((p, i) => p !== parts[i]) && bare.every(named)) groups.push(bare);
  if (parts.length > 1 && parts.every(named)) groups.push(parts);
  let words = task.split(/\s+/);
  // "rang the bank" (a deed told: "rang the bank earlier, all done"): the verb's base form ("ring the bank"), which match.ts knows.
  const base = baseOfPast(words[0] ?? "");
  if (words.length > 1 && base && base !== words[0]?.toLowerCase() && isBaseVerb(base)) {
    words = [base, ...words.slice(1)];
    groups.push([words.join(" ")]);
  }
  // "got 2 bags of layers pellets from mole valley": what was bought, without how much and the shop it came from
  // (the reader may have left the "got" off already); tried before the whole of what was got.
  const fetched = FETCHED.test(words[0] ?? "") ? words.slice(1).join(" ") : AMOUNT.test(task) ? task : null;
  const bought = result.name === "complete_task" && fetched ? withoutAmountAndShop(fetched) : null;
  if (bought && bought !== task && bought !== fetched) groups.push([bought]);
  // "phone mum" found no "Call/Ring mum" (match.ts knows those verbs): "mum" alone would find "Visit mum".
  if (words.length > 1 && isBaseVerb(words[0] ?? "") && !isContactVerb(words[0] ?? "")) {
    const object = words
      .slice(1)
      .join(" ")
      // "my"/"our" stay: "my kitchen" is never "the office kitchen" (match.ts ownedElsewhere).
      .replace(/^(?:the|a|an|some|up|out|off)\s+/, "");
    if (object && object.split(/\s+/).length >= 1) groups.push([object]);
  }
  return groups;
}

/** Task values a later call may use to retry this result. */
export function retryTargets(result: ToolResultEvent): Set<string> {
  return new Set(alternativesFor(result).flat());
}
