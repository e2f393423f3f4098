/**
 * Remarks said after a request (rule TRAILING-REMARK, docs/agent.md): statements that tell and ask
 * nothing, so the request beside them is read alone, by the readers and by grounding.
 */
import type { Clock } from "@/lib/task-line/clock";
import { findDue } from "@/lib/task-line/dates";

/** Who a statement is about, opening it: "i've got the day off", "these have another 100 miles in them". */
const STATEMENT_SUBJECT =
  /^(?:i've|ive|i'm|im|i|mine's|mines|mine|ours|most people|some people|people|everyone's|everyone|everybody|nobody|we've|we're|were|we|these|those|they|they're|theyre|they've|she|she's|shes|he|he's|hes|there's|theres|that's|thats|it's|its|it|my (?:back|feet|head|hands|legs|knees|arms|body|brain|eyes|shoulders?)(?:'s)?)\s/;
/**
 * Remarks by their shape: "no backing out now", "same pegasus as before", "only took me three days", "bit
 * pricier this year", "went for the 10kg bag this time", "fingers crossed it stays gone", "cost a fortune",
 * "never leaving it this late again", "fire safety was painfully dull".
 */
export const REMARK_SHAPE =
  /^(?:no [a-z]+ing(?: [a-z]+)?(?: now)?|same (?:[a-z]+ )?(?:as|like) (?:before|last time|always|usual|ever|(?:this|last) (?:season|year|term|time|week|month))|all (?:two|three|four|five|six|seven|eight|nine|ten|\d+) (?:of them )?[a-z]+ing\b.*|(?:only |it |that )?took (?:me |us |him |her |them )?(?:ages|forever|hours|all day|all morning|all afternoon|all evening|about|nearly|over|like|a|an|\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b.*|(?:it |that )?cost (?:a fortune|a bomb|an arm and a leg|loads|a lot|me|us|more|less|\d+)\b.*|never (?:again|[a-z]+ing\b.*)|(?:the |my |our )?[a-z]+(?: [a-z]+)? (?:was|were) (?!done|finished|sorted|completed|booked|paid|sent|cancelled|canceled|moved|changed|postponed|fixed|ordered)(?:a bit |so |really |very |painfully |pretty |quite |well |dead |super )?[a-z]+(?: but [a-z ]+)?|(?:a )?(?:bit|little|lot|way|much|slightly|tad) [a-z]+er\b(?: than [a-z ]+)?(?: this (?:year|time|month))?|(?:went|gone|opted|settled) (?:for|with) (?:the|a|an) [a-z0-9 ]{1,30}?(?: this time)?|fingers crossed\b.*|(?:all )?\d+ of (?:them|those|em|'em)\b.*|\d+ (?:plus|in total|altogether|total|in all)\b.*|(?:stuck|stayed) with\b.*|no more [a-z]+\b.*|forgot to (?:tick|mark|check|cross|say|update)\b.*|[a-z ]{1,30} (?:till|until|til) then|(?:did|done|sorted|fixed|finished) (?:it|that|them) (?:earlier|this morning|yesterday|last night|just now|before|already|at lunch|on my break|after work)|(?:ouch|oof|phew|yikes|eek|ugh|urgh|argh|yay|woo+|woohoo|hooray|omg|wow|lol|haha+|bliss|nightmare|typical|classic|brilliant|lovely|result|get in)(?: (?:lol|haha+|tbh|honestly|really))?)$/;

/** "daily is overkill", "weekly was a bit much": a verdict on one word. */
const VERDICT =
  /^[a-z]+ (?:is|was|'s|seems|felt) (?:(?:a bit |way |just |bit )?(?:overkill|too much|much|excessive|pointless|silly|daft|mad|too often|too many))$/;
const SLOT_WORDS =
  /\b(?:belong|belongs|go|goes|live|lives|sit|sits|should|shouldn't|need|needs|want|wants|meant|supposed|daily|weekly|fortnightly|monthly|yearly|annually|every|each|repeat|repeats|repeating|urgent|important|priority|prio|asap|list|label|tag|tagged|remind|reminder|due|deadline|delete|remove|cancel|cancelled)\b/;
const TAKES_BACK =
  /\b(?:mean|meant|wrong|other one|instead|actually|sorry|wait|not|don't|dont|didn't|didnt|isn't|isnt|haven't|havent|hasn't|hasnt|undo|scratch that|changed my mind|never ?mind|nvm|oops|whoops)\b/;

/**
 * Rule TRAILING-REMARK: a statement said after the request ("…, i've got the day off", "… DONE. no
 * backing out now", "…, same pegasus as before") that no reader takes, with no day and no question
 * in it, only tells; the request is read alone.
 */
export function saysAside(clause: string, clock: Clock): boolean {
  const t = clause
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s'?]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  // "…, i meant the vet", "…, not the big one", "…, sorry wrong one": a correction, never an aside.
  if (TAKES_BACK.test(t)) return false;
  // "…, daily is overkill": a verdict on a word of the request, not a change.
  if (VERDICT.test(t)) return true;
  // "…, we're doing it weekly", "…, they're home" (a list or label): words that could be the change itself.
  if (SLOT_WORDS.test(t)) return false;
  if (REMARK_SHAPE.test(t)) return true;
  if (t.includes("?") || !STATEMENT_SUBJECT.test(t) || findDue(t, clock)) return false;
  // "…, it's elm", "…, they're home": one word after the subject may name a list or a label; one done to it
  // ("mine's snapped") tells.
  const rest = t
    .replace(STATEMENT_SUBJECT, "")
    .split(" ")
    .filter((w) => !/^(?:now|again|too|then|though|tho|anyway|lol|obvs|tbh|really|actually)$/.test(w));
  return rest.length >= 2 || /(?:ed|^broken|^stolen|^gone|^worn|^torn|^bust|^dead)$/.test(rest[0] ?? "");
}
