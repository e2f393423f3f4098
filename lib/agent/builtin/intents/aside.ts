/**
 * Remarks said after a request (rule TRAILING-REMARK, docs/agent.md): statements that tell and ask
 * nothing, so the request beside them is read alone, by the readers and by grounding.
 */
import type { Clock } from "@/lib/task-line/clock";
import { findDue } from "@/lib/task-line/dates";
import { baseOfPast, isBaseVerb, toldPast } from "../verbs";
import type { Changes } from "./types";

/** Who a statement is about, opening it: "i've got the day off", "these have another 100 miles in them". */
const STATEMENT_SUBJECT =
  /^(?:i've|ive|i'm|im|i|mine's|mines|mine|ours|most people|some people|people|everyone's|everyone|everybody|nobody|we've|we're|were|we|these|those|they|they're|theyre|they've|she|she's|shes|he|he's|hes|there's|theres|that's|thats|it's|its|it|my (?:back|feet|head|hands|legs|knees|arms|body|brain|eyes|shoulders?)(?:'s)?)\s/;
/**
 * Remarks by their shape: "no backing out now", "same pegasus as before", "only took me three days", "bit
 * pricier this year", "went for the 10kg bag this time", "fingers crossed it stays gone", "cost a fortune",
 * "never leaving it this late again", "fire safety was painfully dull".
 */
export const REMARK_SHAPE =
  /^(?:no [a-z]+ing(?: [a-z]+)?(?: now)?|same (?:[a-z]+ )?(?:as|like) (?:before|last time|always|usual|ever|(?:this|last) (?:season|year|term|time|week|month))|all (?:two|three|four|five|six|seven|eight|nine|ten|\d+) (?:of them )?[a-z]+ing\b.*|(?:only |it |that )?took (?:me |us |him |her |them )?(?:ages|forever|hours|all day|all morning|all afternoon|all evening|about|nearly|over|like|a|an|\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b.*|(?:it |that )?cost (?:a fortune|a bomb|an arm and a leg|loads|a lot|me|us|more|less|\d+)\b.*|never (?:again|[a-z]+ing\b.*)|(?:the |my |our )?[a-z]+(?: [a-z]+)? (?:was|were) (?!done|finished|sorted|completed|booked|paid|sent|cancelled|canceled|moved|changed|postponed|fixed|ordered)(?:a bit |so |really |very |painfully |pretty |quite |well |dead |super )?[a-z]+(?: but [a-z ]+)?|(?:a )?(?:bit|little|lot|way|much|slightly|tad) [a-z]+er\b(?: than [a-z ]+)?(?: this (?:year|time|month))?|(?:went|gone|opted|settled) (?:for|with) (?:the|a|an) [a-z0-9 ]{1,30}?(?: this time)?|fingers crossed\b.*|(?:all )?\d+ of (?:them|those|em|'em)\b.*|\d+ (?:plus|in total|altogether|total|in all)\b.*|(?:stuck|stayed) with\b.*|no more [a-z]+\b.*|forgot to (?:tick|mark|check|cross|say|update)\b.*|one (?:less|fewer) (?:thing|job|worry)\b.*|£?\d+(?:\.\d+)? (?:quid |pounds? |grand )?(?:gone|down the drain|well spent|lighter|poorer)\b.*|[a-z ]{1,30} (?:till|until|til) then|(?:did|done|sorted|fixed|finished) (?:it|that|them) (?:earlier|this morning|yesterday|last night|just now|before|already|at lunch|on my break|after work)|(?:ouch|oof|phew|yikes|eek|ugh|urgh|argh|yay|woo+|woohoo|hooray|omg|wow|lol|haha+|bliss|nightmare|typical|classic|brilliant|lovely|result|get in)(?: (?:lol|haha+|tbh|honestly|really))?)$/;

/** A word of relief or a shrug closing a remark ("thank god", "lol", "apparently"). */
const CLOSING_WORD = / (?:thank god|thank goodness|thankfully|lol|tbh|ofc|mind|apparently|haha|obvs|honestly)$/;

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
  const said = clause
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s'?]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  // "…, same driver as last time thank god": closing words of relief or a shrug add nothing.
  let t = said;
  for (let k = 0; k < 3; k++) t = t.replace(CLOSING_WORD, "");
  // "…. not even an advisory", "…, not even a scratch": how little there was, never a correction.
  if (/^not even (?:a|an|one|any|a single) [a-z]+$/.test(t)) return true;
  // "…, i meant the vet", "…, not the big one", "…, sorry wrong one": a correction, never an aside.
  if (TAKES_BACK.test(t)) return false;
  // "…, daily is overkill": a verdict on a word of the request, not a change.
  if (VERDICT.test(t)) return true;
  // "…, we're doing it weekly", "…, they're home" (a list or label): words that could be the change itself.
  if (SLOT_WORDS.test(t)) return false;
  if (REMARK_SHAPE.test(t)) return true;
  // "…. saw it in the garden last night": what the user did or saw, and when, told without a subject.
  if (!t.includes("?") && toldPast(t.split(" ")[0] ?? "") && PAST_TIME.test(t)) return true;
  if (t.includes("?") || !STATEMENT_SUBJECT.test(t) || findDue(t, clock)) return false;
  // "…, it's elm", "…, they're home": one word after the subject may name a list or a label; one done to it
  // ("mine's snapped") tells.
  const rest = t
    .replace(STATEMENT_SUBJECT, "")
    .split(" ")
    .filter((w) => !/^(?:now|again|too|then|though|tho|anyway|lol|obvs|tbh|really|actually)$/.test(w));
  return rest.length >= 2 || /(?:ed|^broken|^stolen|^gone|^worn|^torn|^bust|^dead)$/.test(rest[0] ?? "");
}

/** Times already past ("last night", "yesterday", "this morning"): when something told happened. */
const PAST_TIME = /\b(?:last (?:night|week|weekend|month|time)|yesterday|this morning|earlier|the other day|just now)$/;

/** "payday's not till thursday", "im not a bank": "not" said of a subject is a statement, not a correction ("…, not the big one"). */
function statedNot(tail: string[], i: number): boolean {
  // "not getting paid till thurs": the user's state, its subject left out.
  if (i === 0 && tail[0] === "not") return /[a-z]{3}ing$/.test(tail[1] ?? "") && tail.length >= 3;
  // "fiesta's not actually due till jan": "actually" after a statement's "not" only stresses it.
  if (tail[i] === "actually") return i > 1 && tail[i - 1] === "not" && statedNot(tail, i - 1);
  // "…, its a staffroom thing not a home thing": what a thing is, and what it is not.
  if (tail[i] === "not" && i >= 3 && /^(?:it's|its|that's|thats)$/.test(tail[0] ?? "") && /^(?:a|an|the|my)$/.test(tail[i + 1] ?? ""))
    return true;
  // "…, i dont want to lose her over winter": a person's own "don't" is a statement of theirs.
  if (/^(?:don't|dont|doesn't|doesnt|didn't|didnt)$/.test(tail[i] ?? "")) return i > 0 && /^(?:i|we|you|they|he|she)$/.test(tail[i - 1]!);
  return tail[i] === "not" && i > 0 && (SUBJECT_VERB.test(tail[i - 1]!) || /^(?:i'm|im)$/.test(tail[i - 1]!));
}

/** Pronouns and joining words: never the name of a thing that wants. */
const NOT_A_THING = /^(?:i|we|you|he|she|they|it|and|also|plus|then|or|but|so)$/;

/** A tail that takes the change back or points elsewhere ("…, i mean the other one", "…, no wait"): never a reason. */
export const WHY_NOT = /^(?:mean|meant|wrong|other|instead|actually|sorry|wait|not|don't|dont)$/;
/** Words that open a consequence or a circumstance said as the reason ("…, or she loses her spot", "…, before i start the edit"). */
const WHY_LEAD = /^(?:or|else|before|after|when|while|until|till|til|so|since|because|cos|coz|as)$/;
/** A verb said of a subject: a copula, an auxiliary or a modal ("is", "will", "won't", "they'll", "place's"). */
const SUBJECT_VERB =
  /^(?:is|are|was|were|am|be|been|will|would|won't|wont|can|can't|cant|cannot|could|couldn't|couldnt|might|may|does|doesn't|doesnt|do|don't|dont|didn't|didnt|isn't|isnt|aren't|arent|wasn't|wasnt|has|have|had|hasn't|hasnt|haven't|havent|got|gets|[a-z]+'ll|[a-z]+'s|[a-z]+'re|[a-z]+'ve|(?:is|was|can|will|did|does|dis|has|have|would|could)nae)$/;
/** "far too windy", "way too cold", "too much on": a state said without its subject. */
const DEGREE_LEAD = /^(?:far|way|too|so|bit|much)$/;
/** A word that asks for a change of its own: never said inside a reason. */
const ASKS_CHANGE =
  /^(?:make|set|change|move|shift|push|bump|knock|put|remind|reminder|tag|label|repeat|rename|delete|remove|cancel|add|untag|mark|tick|flag|note|list)$/;
/** Present verbs of how a thing is, not in the chore verbs ("the new bedding lasts way longer", "the tip shuts at 4"). */
const STATE_VERB =
  /^(?:lasts|shuts|opens|closes|costs|works|runs|fits|ends|stays|seems|looks|sounds|feels|smells|tastes|stinks|reeks|hurts|aches)$/;
/** How often or how surely, between a subject and its verb ("i always forget", "we usually get"). */
const HOW_OFTEN =
  /^(?:always|usually|normally|often|sometimes|generally|just|still|really|literally|totally|defo|def|probably|never|nearly|almost|only|even)$/;
/** Verbs of the mind, no chores ("i always forget parentpay", "we hate the cold"). */
const MIND_VERB = /^(?:forget|lose|miss|hate|love|like|know|think|reckon|prefer|struggle|panic|worry|mean)$/;
/** Changes told done: a second change, never a reason ("…, moved the dentist to monday"). */
const CHANGE_TOLD =
  /^(?:moved|pushed|bumped|changed|shifted|made|set|put|added|deleted|removed|cancelled|canceled|renamed|switched|swapped|marked|ticked)$/;
/** A present verb of a subject ("no one sees them", "the hire place shuts", "maisie loses her spot"). */
function presentVerb(w: string): boolean {
  return /[^s]s$/.test(w) && (isBaseVerb(w.slice(0, -1)) || (/(?:ch|sh|ss|x|o)es$/.test(w) && isBaseVerb(w.slice(0, -2))));
}

/**
 * A statement of why, by its shape (rule WHY-AFTER-CHANGE, its wider half): a subject and its verb ("no one sees them
 * anyway", "the pile of washing is getting ridiculous", "his old ones will do for now"), a consequence or circumstance
 * ("or maisie loses her spot", "before i start the final edit"), or a state without a subject ("far too windy").
 */
export function statesWhy(tail: string[]): boolean {
  const first = tail[0] ?? "";
  // "can't keep up on nights", "couldnt face it": what the user cannot do, the "i" left out (its verb is no request).
  if (/^(?:can't|cant|cannot|couldn't|couldnt)$/.test(first) && /^[a-z]+$/.test(tail[1] ?? "") && !tail.some((w) => WHY_NOT.test(w)))
    return tail.length >= 3;
  // "always forget after a long day", "never remember the bins": how often the user does a thing of the mind, the "i" left out.
  if (/^(?:always|never|usually|normally|keep)$/.test(first) && MIND_VERB.test((tail[1] ?? "").replace(/ing$/, "")))
    return tail.length >= 2;
  // "skint til payday", "knackered after nights", "loads of time yet": the user's state or time, told without "i'm".
  if (/^(?:skint|broke|knackered|shattered|swamped|snowed|exhausted|loads|plenty|ages|heaps)$/.test(first) && tail.length >= 3)
    return !tail.some((w) => ASKS_CHANGE.test(w) || WHY_NOT.test(w));
  // "…, and the gate", "…, the gate too": a second thing for the same change.
  if (
    tail.some((w, i) => (WHY_NOT.test(w) && !statedNot(tail, i)) || ASKS_CHANGE.test(w)) ||
    /^(?:and|also|plus|then|n|&)$/.test(first) ||
    /^(?:too|also)$/.test(tail.at(-1) ?? "")
  )
    return false;
  // "forecast says its lashing down", "the email said": a thing's word, even where the thing is also a verb.
  if (/^(?:says|said|reckons|shows|showed)$/.test(tail[1] ?? "") && !isBaseVerb(tail[1]!)) return tail.length >= 3;
  // "met office says a storm's coming": a thing of two words, and what it says.
  if (/^(?:says|said|reckons)$/.test(tail[2] ?? "") && !isBaseVerb(first) && !isBaseVerb(tail[1] ?? "")) return tail.length >= 4;
  // "make it low priority", "send it monday": a request, not a reason.
  if (isBaseVerb(first) && !SUBJECT_VERB.test(first)) return false;
  // "missed the AAH cut off for tuesday", "found half a bag behind the mower": what the user did, told without a
  // subject; never a change told done ("moved the dentist to monday").
  if ((toldPast(first) || /^(?:[a-z]{3,}ed|forgot|lost)$/.test(first)) && !isBaseVerb(first) && !CHANGE_TOLD.test(first))
    return tail.length >= 3;
  // "…, or maisie loses her spot": the lead, then a statement of its own (never "…, or saturday").
  // "…, before i open", "…, when we're back": the lead and a pronoun open a clause of their own.
  // "…, bc money", "…, cos of mocks": "because" and what it is for, a word is enough.
  if (/^(?:because|bc|cos|coz|cuz)$/.test(first)) return tail.length >= 2 && !tail.some((w) => ASKS_CHANGE.test(w));
  if (WHY_LEAD.test(first) && /^(?:i|we|you|he|she|they|i'm|im|we're|they're)$/.test(tail[1] ?? "")) return tail.length >= 3;
  if (WHY_LEAD.test(first)) return tail.length >= 3 && statesWhy(tail.slice(1));
  // "bloke wants a price by friday", "sarah reckons it'll rain": someone, and what they want or think.
  if (!isBaseVerb(first) && /^(?:wants|says|reckons|likes|hates|loves|thinks|knows|expects)$/.test(tail[1] ?? "")) return tail.length >= 3;
  // "exams office want the names by tues", "the council need it back": a thing of two words, and what it wants.
  const who = /^(?:the|my|our|his|her|their)$/.test(first) ? tail.slice(1) : tail;
  if (
    who.length >= 4 &&
    /^[a-z]+$/.test(who[0]!) &&
    !NOT_A_THING.test(who[0]!) &&
    !isBaseVerb(who[0]!) &&
    !isBaseVerb(who[1] ?? "") &&
    /^(?:want|wants|need|needs|expect|expects|say|says|reckon|reckons)$/.test(who[2] ?? "")
  )
    return true;
  // "been on nights since wed …", "want a clear run at the vat": the user's state or wish, told without "i".
  if (first === "been" || (/^(?:want|wanted)$/.test(first) && /^(?:a|an|the|some)$/.test(tail[1] ?? ""))) return tail.length >= 3;
  if (DEGREE_LEAD.test(first)) return tail.length >= 2;
  // "sarah's putting a big order in monday", "dave's been ignoring my texts": a name, its verb, then more.
  // "school's texted twice now": a name, "has", and what they did.
  if (
    /^[a-z]+'s$/.test(first) &&
    (/[a-z]{2}ing$/.test(tail[1] ?? "") ||
      /^(?:not|been|got|gone|off|away|back|in|on|out|stuck|busy|ill|sick|poorly|abroad|closed|shut|full|chill|fine|easy|ok|okay|happy|cool|mon|monday|tue|tues|tuesday|wed|weds|wednesday|thu|thur|thurs|thursday|fri|friday|sat|saturday|sun|sunday|tomorrow|tmrw)$/.test(
        tail[1] ?? "",
      ) ||
      (baseOfPast(tail[1] ?? "") !== null && !CHANGE_TOLD.test(tail[1]!)))
  )
    return tail.length >= 3;
  // "boilers making that clunking noise again": a thing and what it is doing, the "is" left out.
  // "slots going fast", "whole whatsapp grp panicking": "going", "doing", "being" too, up to three words of the thing.
  const ing = tail.findIndex((w, k) => k >= 1 && k <= 3 && /[a-z]{3}ing$|^(?:going|doing|being)$/.test(w) && !isBaseVerb(w));
  if (ing >= 1 && tail.slice(0, ing).every((w) => /^[a-z]+$/.test(w) && !isBaseVerb(w) && !/^(?:and|or|to|not|no)$/.test(w)))
    return tail.length >= 3;
  // "thats when the venue wants it", "they'll all be taken": a subject and its verb in one word.
  // "she'll sulk", "we're out": a pronoun's own, one word after it is enough.
  if (
    /^(?:i'll|you'll|he'll|she'll|we'll|they'll|it'll|we're|they're|she's|he's|i'd|we'd|she'd|he'd|they'd)$/.test(first) &&
    /^[a-z]+$/.test(tail[1] ?? "")
  )
    return true;
  if (/^(?:thats|that's|its|it's|theres|there's|i'm|im|[a-z]+'ll|[a-z]+'re|[a-z]+'ve)$/.test(first)) return tail.length >= 3;
  // "i start the final edit", "they take me off the rota": a pronoun and its verb; "pritchards get very busy": a name.
  // "i always forget to empty the boot": how often, between them.
  const verb = HOW_OFTEN.test(tail[1] ?? "") ? 2 : 1;
  // "i nearly missed it": a pronoun and what befell it, never a change told done ("i moved it to friday").
  const v = tail[verb] ?? "";
  if (
    /^(?:i|we|you|they)$/.test(first) &&
    (isBaseVerb(v) || MIND_VERB.test(v) || ((toldPast(v) || /^[a-z]{3,}ed$/.test(v)) && !CHANGE_TOLD.test(v)))
  )
    return tail.length >= verb + 2;
  // "she needs it for work", "he wants it back": he or she, and a present verb of theirs.
  if (/^(?:he|she)$/.test(first) && (presentVerb(v) || /^(?:needs|wants|has|does|says|goes)$/.test(v))) return tail.length >= verb + 2;
  if (/^[a-z]+s$/.test(first) && !isBaseVerb(first) && isBaseVerb(tail[1] ?? "") && !ASKS_CHANGE.test(tail[1]!)) return tail.length >= 3;
  return tail.slice(1, 6).some((w) => SUBJECT_VERB.test(w) || presentVerb(w) || STATE_VERB.test(w) || toldPast(w));
}

/** The slots a reason may follow: a day, a priority, a repeat, a reminder (never words the change writes, as a note or a name). */
const REASON_SLOTS = new Set([
  "due",
  "clearDue",
  "shiftDays",
  "shiftMinutes",
  "keepDay",
  "priority",
  "recurrence",
  "remindAt",
  "remindBefore",
]);

/**
 * Whether a reason (statesWhy) fits the change said before it: a change of slots only (REASON_SLOTS), with nothing
 * done said in it, no word of a slot the change does not set, and a day of its own ("…, far too windy this week") only
 * after a change of day or priority — never a clock time after a change of day ("…, i'm free at 3"), nor a day of "it".
 */
export function reasonFits(tail: string[], said: string, c: Changes, clock: Clock): boolean {
  const keys = Object.keys(c);
  if (keys.length === 0 || keys.some((k) => !REASON_SLOTS.has(k))) return false;
  // "…, so need it done asap": a deed wanted, never one told.
  const wanted = (i: number) =>
    /^(?:it|them|this|that)$/.test(tail[i - 1] ?? "") && /^(?:need|needs|want|wants|get|got)$/.test(tail[i - 2] ?? "");
  if (tail.some((w, i) => /^(?:done|finished|completed|ticked|sorted|cancelled|canceled)$/.test(w) && !wanted(i))) return false;
  if (!c.priority && tail.some((w) => /^(?:urgent|important|priority|prio|asap)$/.test(w))) return false;
  if (!c.recurrence && tail.some((w) => /^(?:every|each|daily|weekly|fortnightly|monthly|yearly|annually)$/.test(w))) return false;
  if (!findDue(said, clock)) return true;
  if (/^(?:it|it's|its|that|this|they|them)$/.test(tail[0] ?? "")) return false;
  const day = c.due !== undefined || c.shiftDays !== undefined || c.clearDue === true;
  return (day && !/\d\s*(?:am|pm)\b|\d[:.]\d\d|\bat \d/.test(said.toLowerCase())) || (c.priority !== undefined && !day);
}

/** A need said: the tail is then a to-do of its own ("…, i've got to ring the bank"), never only why. */
const NEEDS = /\b(?:need|needs|got to|gotta|have to|has to|must|want to|wanna|should)\b/;
/** "…, he don't need em till sat": someone's need denied is why, never a second request. */
const NEED_DENIED = /^[a-z]+ (?:don'?t|doesn'?t|won'?t|didn'?t) need\b/;
/** A change asked of a task, first ("and remind me friday evening pls", "make it high priority", "take off the swimming lessons"). */
const CHANGE_FIRST =
  /^(?:(?:and|so|oh|ah|ok|okay|actually|also|just|pls|please|can you|could you|can u|could u)\s+)*(?:remind|make|move|push|bump|put|set|change|knock|drop|tick|mark|cross|delete|cancel|take|shift|pop|stick|switch)\b/;
/** "can the sallys order wait till fri", "the mot booking can wait till the 12th": a move asked in other words. */
function canWait(head: string): boolean {
  const w = head.split(/\s+/);
  const at = w.findIndex((x, i) => x === "wait" && /^(?:till|til|until|to|for)$/.test(w[i + 1] ?? ""));
  return at > 0 && w.slice(0, at).some((x) => /^(?:can|could|will)$/.test(x));
}
/** Words that make the head more than a change of slots: the tail may be its note, its name, or what it is. */
const HEAD_WRITES = /\b(?:note|notes|description|details|rename|call it|title|saying|say|says|add|new)\b/;
/** Whose state a reason after "it" tells: the user's or another person's, never a thing "it" might mean. */
const PERSON_FIRST =
  /^(?:i|i'll|ill|i'm|im|i've|ive|i'd|we|we're|we'll|we've|my|our|she|she's|he|he's|they|they're|they've|it|it's|its|nobody|nobody's|everyone|everyone's|everybody's|someone's|somebody's)$/;

/**
 * "and remind me friday evening pls, i'll forget the cake tin otherwise", "and make it high priority, my TPD will
 * end me if it's late again", "take off the swimming lessons, jo's gone and booked them herself": a change asked,
 * then after the last comma why — a statement (statesWhy) with no day, no need and no question of its own. The
 * change alone is read (planner.ts); after "it" only a reason about a person, which cannot be what "it" means.
 */
export function withoutTrailingReason(text: string, clock: Clock): string {
  // After the last comma, or the last full stop ("remind me the night before the mot. i always forget …").
  const comma = Math.max(text.lastIndexOf(","), text.lastIndexOf(". "), text.lastIndexOf("! "));
  if (comma <= 0) return text;
  const head = text.slice(0, comma).toLowerCase().trim();
  const tail = text.slice(comma + 1).trim();
  const words = tail.toLowerCase().match(/[a-z0-9][a-z0-9']*/g) ?? [];
  // "…, met office says a storm's coming thurs": what someone or something says is why, never the thing "that"
  // points to, and its day is theirs.
  // Only after a change of its own ("make that high"): in "move the tb test, vet says thursday" the day is the move.
  const someoneSays =
    /\b(?:high|low|urgent|medium|important|priority|prio)\b/.test(text.slice(0, comma).toLowerCase()) &&
    (/^(?:says|said|reckons)$/.test(words[1] ?? "") || /^(?:says|said|reckons)$/.test(words[2] ?? ""));
  // "…, last quarter i nearly missed it": a time gone by tells why; a day to come could be the change.
  const ahead = tail.replace(/\blast (?:week|month|quarter|year|time|night)\b/gi, "");
  // A day in the tail could be the change, unless the change has its own ("…wait till fri, not getting paid till thurs").
  const dayOwn = findDue(head, clock) !== null || /\b(?:night|day|morning|evening|week) before\b/.test(head);
  if (
    words.length < 3 ||
    words.length > 20 ||
    /\?|:(?!\d)/.test(text) ||
    (NEEDS.test(tail.toLowerCase()) &&
      !(NEED_DENIED.test(tail.toLowerCase()) && !NEEDS.test(tail.toLowerCase().replace(NEED_DENIED, "")))) ||
    (!dayOwn && !someoneSays && findDue(ahead, clock))
  )
    return text;
  if (!(CHANGE_FIRST.test(head) || (dayOwn && canWait(head))) || HEAD_WRITES.test(head)) return text;
  // "actually make that friday, the fair's on saturday": a thing's own day, after a change with a day of its own, is why.
  const eventOwnDay = dayOwn && findDue(ahead, clock) !== null && !/^(?:it|that|this|they|them|those)\b/.test(words[0] ?? "");
  if (/\b(?:it|that|them|this)\b/.test(head) && !PERSON_FIRST.test(words[0] ?? "") && !eventOwnDay && !someoneSays) return text;
  return statesWhy(ahead.toLowerCase().match(/[a-z0-9][a-z0-9']*/g) ?? []) ? text.slice(0, comma) : text;
}
