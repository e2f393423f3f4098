/**
 * The intent reader: turns one user message into what they asked for. Readers are tried from
 * the most specific ("rename X to Y") to the most general ("buy milk" → add), so a word like
 * "add" in "add a note to X" or "done" in "what's done?" goes to the right place.
 */
import { numberFrom } from "@/lib/task-line/numbers";
import type { Clock } from "@/lib/task-line/clock";
import { trimPunctuation } from "@/lib/task-line/text";
import { normalize } from "../text";
import { findDue } from "@/lib/task-line/dates";
import { fixCommandTypo } from "../typos";
import { FUNCTION_WORDS, INTERJECTIONS, inflect, JUDGEMENTS, saysOpinion, UNDER_WAY } from "../lexicon";
import { baseOfPast, isBaseVerb, isDoneTo, toldPast } from "../verbs";
import { addBody, findsOwnThing, LIFETIME_TOLD, readAdd } from "./add";
import { readComplete, readDelete, readListedDone, readReopen, pointsAtTask } from "./change";
import { cleanRequest, cleanRequestKeepCase, withoutNewsLead } from "./cleanup";
import {
  groupAndCommand,
  groupThenUnreadCommand,
  readBulkUpdate,
  readGroupBulk,
  readGroupQuestion,
  readGroupThenCommand,
} from "./bulk-update";
import { REMARK_SHAPE, reasonFits, saysAside, statesWhy } from "./aside";
import { gate } from "./gate";
import { readBulk, readList, readLookup, readMentionsAsk, readShowNamed } from "./list";
import { readLists, readOrganise, readSubtaskQuestion } from "./organise";
import { readPlan } from "./plan";
import { readUndo } from "./undo";
import { readRelay } from "./relay";
import { toldThenTick } from "./told-then-tick";
import { isListedRef, isPronoun, ordinalRef, refFrom, refsFrom, trailingExcept } from "./refs";
import { isOffTopic, isQuestion, readSocial } from "./social";
import { type AddItem, type Changes, fieldCount, type Intent } from "./types";
import { readUpdate, readValue } from "./update";
import { EDIT_REMARK_RULES, readEditRemark } from "./edit-remark";

export type { Intent } from "./types";

const QUESTION_START =
  /^(?:show|list|display|view|see|what|which|whats|any|anything|is there|are there|do i|did i|have i|how|tell me|give me|get me)\b/;
const MANAGEMENT_VERB =
  /^(?:add|create|delete|remove|mark|complete|rename|list|show|see|view|change|update|move|postpone|reschedule|set|make|tick|check off|cross off|reopen|unmark|search|find|edit)\b/;
const CLAUSE_SPLIT =
  /(?:(?<!\b(?:incl|inc|e\.g|i\.e|etc|vs|approx|appt|dr|mr|mrs|ms|st|no))\s*[.;!?]\s+|,?\s+and then\s+|,\s*then\s+|\s+then\s+(?=(?:add|create|delete|remove|mark|complete|show|list|rename|change|update|move|set|make)\b)|,?\s+and also\s+|,\s*(?:and\s+)?now\s+(?=\S)|\s+now\s+(?=(?:add|create|delete|remove|mark|complete|show|list|rename|change|update|move|postpone|push|set|make|tick|reopen)\b)|,\s*plus\s+|,?\s+also\s+|,\s+(?:and\s+|so\s+)?(?=(?:get rid of|scrap|bin|ditch|mark|delete|remove|complete|rename|reopen|show|list)\s|(?:make|set|move|change|put|give) (?:it|that|this)\s)|,\s+and\s+(?=(?:add|create|delete|remove|mark|complete|show|list|rename|change|update|move|postpone|set|make|tick|reopen)\b)|\s+and\s+(?=(?:add|create|delete|remove|mark|complete|show|list|rename|change|update|move|postpone|set|make|tick|reopen)\b))/;

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

const COMMAND_COLON =
  /^(complete|delete|remove|erase|finish|reopen|rename|mark|tick off|check off|cross off|update|edit|change|move|postpone|reschedule|prioriti[sz]e|deprioriti[sz]e|search|find|show|list)\s*[:-]\s+/i;

const ERRAND_FOR_ME =
  /^(?:(?:can|could|would|will) (?:you|u)|please|pls)\s+(?:please\s+)?(?:book|order|buy|get|fetch|bring|cook|make|draw|write|send|call|find|reserve|pay|drive)\s+(?:me|us)\s+(?!to\b)/;

function withoutCommandColon(text: string): string {
  return text.replace(COMMAND_COLON, "$1 ");
}

/** One clause as the readers see it. */
export type Clause = {
  /** As written (normalised). */
  raw: string;
  /** Lower case without fillers and politeness ("could you please …"). */
  lower: string;
  /** The same, in the user's casing (titles and descriptions keep it). */
  original: string;
  clock: Clock;
};

/**
 * One way of reading a clause. Readers are tried in ascending `precedence`; the first that
 * claims the clause wins. `mutates` says whether its intent can change data (the safety gate
 * lets those through only for requests); `examples` are sentences it must win — the registry
 * test fails when a reader of higher precedence claims one of them (an overlapping claim).
 */
export type IntentReader = {
  name: string;
  precedence: number;
  mutates: boolean;
  read: (c: Clause) => Intent | null;
  examples: string[];
};

/** The add reader: "add …", "remind me to …", "I need to …", "todo: …". */
function readExplicitAdd(c: Clause): Intent | null {
  const add = addBody(c.original);
  if (!add) return null;
  const body = add.body.trim();
  if (MANAGEMENT_VERB.test(body.toLowerCase()) && !findsOwnThing(body)) {
    const inner = readClause({ ...c, raw: body, lower: body.toLowerCase(), original: body });
    if (plausibleFromAddBody(inner, body.toLowerCase())) return inner;
  }
  if (!body || /^(?:a |an |new |another )?(?:task|todo|to-?do|reminder|item|something)$/i.test(body)) {
    return { type: "say", kind: "ask-title" };
  }
  // "put that on my list", "chuck one on there": a word that points at a task, not its name.
  if (/^(?:it|that|this|them|these|those|one|something|stuff)\s+(?:on|onto|in|into|to|down)\b/i.test(body))
    return { type: "say", kind: "ask-title" };
  const items = readAdd(body, c.clock, add.list, add.prefix);
  // Rule remind-about-it: "remind me about it tomorrow morning", "remind me about that at 6": a reminder
  // time for the task just talked about, never a task called "It".
  const only = items.length === 1 ? items[0] : undefined;
  if (only?.remindAt && /^(?:it|that|this)$/i.test(only.title) && /\bremind\b/i.test(add.prefix))
    return { type: "update", ref: { kind: "pronoun" }, changes: { remindAt: only.remindAt } };
  // "remind me about stuff": nothing to call the task yet.
  if (
    items.length === 1 &&
    /^(?:stuff|things|something|anything|it|that|this|them|everything|a few things|some things)$/i.test(items[0]?.title ?? "")
  )
    return { type: "say", kind: "ask-title" };
  return items.length ? { type: "add", items } : { type: "say", kind: "ask-title" };
}

/** "can you order a birthday cake for saturday?": an errand in the world, offered as a to-do. */
const ERRAND = /^(?:(?:can|could|would|will) (?:you|u) (?:please )?|please |pls )(?:order|buy|pick up|collect) (?!me\b|us\b)\S/;
function readErrand(c: Clause): Intent | null {
  const lower = c.raw.toLowerCase();
  if (!ERRAND.test(lower) || /\b(?:task|todo|to-?do|list|remind|reminder|add)\b/.test(lower)) return null;
  const body = c.original.replace(/^(?:(?:can|could|would|will) (?:you|u) (?:please )?|please |pls )/i, "").replace(/[?!.]+$/, "");
  const item = readAdd(body, c.clock)[0];
  return item && item.title ? { type: "offer", item } : null;
}

/** "<task> can go to monday", "the first one could move to friday": a move, said as a remark. */
const CAN_GO =
  /^(\S.{0,80}?) (?:can|could|should|will|may) (?:go|move|be moved|be pushed|shift|slide) (?:to|till|until|on|back to) (\S.{0,80})$/;
function readCanGo(c: Clause): Intent | null {
  const m = CAN_GO.exec(c.lower);
  if (!m) return null;
  const text = `move ${m[1]} to ${m[2]}`;
  const intent = readUpdate(text, text, c.clock);
  return intent && intent.type === "update" ? intent : null;
}

/** "first one can go to monday", "the second one …": a listed task's words never become a new title. */
const STARTS_WITH_ORDINAL =
  /^(?:the )?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|\d+(?:st|nd|rd|th)) (?:one|task|item|thing)\b/;

/**
 * The explanation gate, first rule: a new task's title must read as a to-do. Words that point at
 * a task the user already has ("the glasses one", "another week for …") or that were the user
 * talking to the assistant ("warn me …") mean the reading did not account for the message: it is
 * offered, never added. (A yes then adds exactly what was offered.)
 */
const NOT_A_NEW_TITLE =
  /\bthe [a-z]+ (?:one|thing|stuff|task)\b|\b(?:another|more|extra) (?:couple of |few )?(?:days?|weeks?|fortnight|months?|hours?)\b|^(?:warn|ping|nudge|alert|notify|tell) me\b/i;
function gatedAdd(intent: Intent | null): Intent | null {
  if (intent?.type !== "add" || intent.items.length !== 1) return intent;
  const item = intent.items[0];
  return item && NOT_A_NEW_TITLE.test(item.title) ? { type: "offer", item } : intent;
}

/** "gotta …", "got to …", "(i) need to …", "i've got to …", "chuck on …", "add …" before a chore verb that is no request word ("get", "post", not "move", "see"). */
const NEED_LEAD =
  /^(?:(?:i|we) (?:really )?(?:need|have) (?:to|2)|(?:i've|ive|i have) got (?:to|2)|(?:i've |ive )?gotta|got (?:to|2)|need (?:to|2)|have (?:to|2)|must|(?:chuck|stick|pop|whack|slap|shove) (?:on|onto|down)|bung (?:on|onto|in|down)|add) /;
const NOT_CHORE_VERBS = new Set("see know check find look show list tell ask go say think wait remember note".split(" "));
function needsChore(lower: string): boolean {
  const m = NEED_LEAD.exec(lower);
  const verb = m ? (lower.slice(m[0].length).split(/\s+/)[0] ?? "") : "";
  return verb !== "" && isBaseVerb(verb) && !NOT_CHORE_VERBS.has(verb) && !MANAGEMENT_VERB.test(verb);
}

/** Words a remark about the user's state starts with ("feeling rubbish today", "so tired tonight", "busy busy busy today"). */
const FEELING_START = new Set(
  "feeling feel felt so too very kinda sorta proper totally absolutely really pretty quite bloody knackered tired shattered exhausted stressed bored sick ill fed gutted busy hectic manic swamped slammed missing dreading".split(
    " ",
  ),
);

/** "make it low priority, …", "move that to friday …": a change of a task said before. */
const MAKE_IT = /^(?:make|move|put|push|change|set|switch|bump) (?:it|that|this|them)\b/;
/** Words of a day vented ("absolute nightmare", "total chaos", "so dead", "utterly manic"). */
const VENT_WORD = new Set(
  "nightmare nightmares chaos carnage madness mayhem disaster shambles bedlam manic mental heaving rammed dead quiet dire grim".split(" "),
);
const VENT_LEAD = new Set("so absolute absolutely utter utterly total totally such proper bloody complete".split(" "));
/** A verbless clause opening with how the day was ("so dead today", "absolute nightmare on the M60 today"). */
function vents(lower: string): boolean {
  const w = lower.split(/\s+/);
  return (
    (VENT_LEAD.has(w[0] ?? "") && VENT_WORD.has((w[1] === "a" ? w[2] : w[1]) ?? "")) ||
    (VENT_WORD.has(w[0] ?? "") && /^(?:today|tonight|again|this|all|at|on|in)$/.test(w[1] ?? ""))
  );
}

/** What the weather is doing ("freezing today", "chucking it down this morning", "tipping it down again"): told, never a to-do. */
const WEATHER_START = new Set(
  "raining snowing pouring drizzling hailing freezing boiling roasting sweltering scorching baltic chilly windy sunny foggy icy muggy".split(
    " ",
  ),
);
const saysWeather = (title: string) => {
  const w = title.toLowerCase().split(/\s+/);
  return WEATHER_START.has(w[0] ?? "") || (/^[a-z]+ing$/.test(w[0] ?? "") && w[1] === "it" && w[2] === "down");
};

/** Words news of something the user achieved starts with ("pb at parkrun this morning", "new pb today"): told, never a to-do. */
const ACHIEVED_START = new Set(["pb", "pbs", "pr", "prs", "new pb", "new pr", "personal best", "personal record"]);
/** What is counted of a day done ("three walks in the rain today", "10 miles this morning"): told, never a to-do. */
const COUNTED_DOINGS = new Set(
  (
    "walks runs miles km k laps hours goals reps sets sessions shifts lengths steps " +
    "cancellations enquiries inquiries complaints callouts deliveries bookings sales visitors customers referrals viewings no-shows"
  ).split(" "),
);
const toldAchievement = (title: string) => {
  const w = title.toLowerCase().split(/\s+/);
  const number = /^\d+$/.test(w[0] ?? "") || numberFrom(w[0] ?? "") !== null;
  // "three cancellations today", "2 new enquiries this morning": a count of what happened, told.
  const counted = number && (COUNTED_DOINGS.has(w[1] ?? "") || (w[1] === "new" && COUNTED_DOINGS.has(w[2] ?? "")));
  return counted || ACHIEVED_START.has(w[0] ?? "") || ACHIEVED_START.has(w.slice(0, 2).join(" "));
};

/** What is left of "happy friday", "weekend vibes", "lazy sunday" once the day is read: a mood, never a to-do. */
const MOOD_TITLE = new Set("happy merry vibes vibe mood chill chilled lazy good lovely nice great yay tgif fun".split(" "));
const moodOnly = (title: string) => {
  const w = title.toLowerCase().split(/\s+/);
  return w.length <= 2 && w.every((x) => MOOD_TITLE.has(x));
};

/**
 * "check the oven's off", "make sure the door's locked": an 's that is "is" (a state follows, or
 * nothing does). "pick up leo's prescription", "fix sam's bike": an 's before a noun is whose.
 */
const STATE_AFTER_IS = new Set(
  "off on in out up down done ok okay fine ready there here gone open shut closed locked empty full clean dry wet working broken on-time late back sorted still not over round around away home".split(
    " ",
  ),
);
/** "nana turns 80 next week", "school starts monday", "dad lands at 9": what happens on a day, told. */
/** Verbs of what happens on a day ("school starts monday", "the kids break up friday"). */
const EVENT_BASE = new Set("turn arrive land leave start end open close fly finish return break come go visit begin kick".split(" "));
/** …in their third-person form ("nana turns 80", "rent goes out"), and "have" ("the kids have inset day"). */
const EVENT_VERBS = new Set([...[...EVENT_BASE].map((v) => inflect(v, "third")), "have"]);
/**
 * A title that holds its own subject and verb tells, not asks: an event verb or a past form after
 * the first word ("nana turns 80", "dad checked in this morning", "bin men came early"), a verb of
 * being under way anywhere ("long weekend coming up"), a plural and a verb ("swimming lessons start
 * again"); after a first word that could be a verb, only an event verb ("rent goes out on the 1st").
 */
function tellsEvent(title: string): boolean {
  const words = title
    .toLowerCase()
    .replace(/[!?.,]+/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  if (words.some((w) => UNDER_WAY.has(w))) return true;
  // After a first word that could be a verb ("rent goes out", "rent went up"), a verb tells; "get
  // vaccinated", "have it cut" ask.
  if (isBaseVerb(words[0] ?? "")) return !CAUSATIVE.has(words[0] ?? "") && (toldVerb(words[1] ?? "") || compoundSubject(words));
  return words.slice(1).some(
    (w, i) =>
      EVENT_VERBS.has(w) ||
      // …but "spare keys cut", "shoes put away": a verb whose past is the same word is the chore done to them.
      toldPast(w) ||
      ((isBaseVerb(w) || EVENT_BASE.has(w)) && !isDoneTo(w) && isPlural(words[i] ?? "") && !isBaseVerb(words[i] ?? "")),
  );
}

/** Plurals without an -s ("bin men come at 7", "the children break up friday"). */
const PLURAL_PEOPLE = new Set("men women people children folk".split(" "));
const isPlural = (w: string) => /[^s']s$/.test(w) || PLURAL_PEOPLE.has(w);

/** An event verb or a past form that is no chore verb ("goes", "went", "came"). */
function toldVerb(w: string): boolean {
  return EVENT_VERBS.has(w) || toldPast(w);
}

/** "service light came on in the car again", "water bill went up": two nouns with no article, then a verb told. */
function compoundSubject(words: readonly string[]): boolean {
  const second = words[1] ?? "";
  return /^[a-z]+$/.test(second) && !FUNCTION_WORDS.has(second) && !isBaseVerb(second) && toldVerb(words[2] ?? "");
}

/**
 * "inset day monday", "christmas jumper day at school on the 11th", "payday thursday", "pretty quiet
 * week next week": a title whose head is a stretch of time names a day or a week (an event, a mood),
 * not a thing to do; it is offered. (Birthdays are remembered: added.)
 */
const WHERE_START = new Set("off on in at away out round over".split(" "));
const CAUSATIVE = new Set(["get", "have", "keep", "leave"]);
/** Words that make "<thing> <participle>" a statement ("the gym was packed", "rent's been paid"). */
const DONE_BY_AUX = new Set("is are was were been be being got gets has have had it's its".split(" "));
function doneBy(title: string, lower: string): string | null {
  const words = title.split(/\s+/);
  const last = (words.at(-1) ?? "").toLowerCase();
  const base = baseOfPast(last);
  if (words.length < 2 || words.length > 6 || !base || isBaseVerb(last) || !isBaseVerb(base)) return null;
  // An auxiliary, or an apostrophe that is not a possessive ("it's"), makes it a statement.
  if (words.slice(0, -1).some((w) => DONE_BY_AUX.has(w.toLowerCase()) || (w.includes("'") && !/'s$/i.test(w)))) return null;
  if (!/\b(?:by|before)\b/.test(lower)) return null;
  return `Get ${title.charAt(0).toLowerCase()}${title.slice(1)}`;
}

/** "home tomorrow", "home by 6": a place word first; "home insurance renewal" is a thing of the home. */
function startsWhere(title: string): boolean {
  const [first = "", second = ""] = title.toLowerCase().split(/\s+/);
  return (
    WHERE_START.has(first) || (first === "home" && (second === "" || HEAD_ENDS.has(second) || second === "early" || second === "late"))
  );
}
const HEAD_ENDS = new Set("at in on for with from by to".split(" "));
const TIME_HEADS = new Set("day payday week weekend month year".split(" "));
/** Time away ("annual leave friday", "day off friday"): a stretch of time too. */
const AWAY_HEADS = new Set("leave off holiday holidays hols".split(" "));
function namesADay(title: string): boolean {
  const words = (title.toLowerCase().split(/[,;:!]/)[0] ?? "")
    .replace(/[^a-z' ]+/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  const end = words.findIndex((w) => HEAD_ENDS.has(w));
  const head = (end < 0 ? words : words.slice(0, end)).at(-1) ?? "";
  return TIME_HEADS.has(head) || AWAY_HEADS.has(head);
}

function saysIs(title: string): boolean {
  const words = title.toLowerCase().split(/\s+/);
  return words.some((w, i) => {
    if (!/^[a-z]+'s$/.test(w)) return false;
    const next = (words[i + 1] ?? "").replace(/[^a-z-]/g, "");
    return !next || STATE_AFTER_IS.has(next) || next.endsWith("ing") || baseOfPast(next) !== null;
  });
}

const DETERMINERS = new Set("the my our his her their your".split(" "));
/** Verbs of saying and feeling in -s ("sophie loves the money", "dad reckons friday"). */
const SAYS_FEELS = new Set("loves likes hates wants thinks knows says reckons misses smells looks seems feels sounds".split(" "));
/**
 * A title left after its date that is the user telling, not asking (with no verb first in the message):
 * - a past form first ("the weekend went so fast" → "Went so fast");
 * - the rest of a date's 's ("tomorrow's the big day" → "S the big day");
 * - a subject and its verb: a name and a verb of saying or feeling ("sophie loves the money"), or
 *   "the"/"my", a plural and an event verb ("the kids break up next friday").
 */
function toldNotAsked(title: string): boolean {
  const w = title
    .toLowerCase()
    .replace(/[!?.,]+/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  const [first = "", second = "", third = ""] = w;
  if ((baseOfPast(first) !== null && !isBaseVerb(first)) || first === "s" || first === "'s") return true;
  if (!DETERMINERS.has(first) && SAYS_FEELS.has(second)) return true;
  return DETERMINERS.has(first) && second.endsWith("s") && EVENT_BASE.has(third);
}
/** A talk word anywhere in the message ("… monday boo", "… presents haha"). */
const talks = (raw: string) =>
  raw
    .toLowerCase()
    .split(/[^a-z]+/)
    .some((x) => INTERJECTIONS.has(x));

/** A title never starts with a subject and its verb run together ("its raining so hard today"). */
const STATEMENT_START = new Set(
  "its it's thats that's theres there's im i'm ive i've hes he's shes she's theyre they're were we're".split(" "),
);

/** Words that point at a thing already there ("the report, urgent", "my car high priority"): never a new to-do's start. */
const POINTING_START = new Set("the my that this it its it's those these his her our their your them".split(" "));

/** A bare imperative ("buy milk", "call mom tomorrow") is what people type into a to-do app. */
const underWay = (lower: string) =>
  lower.split(/\s+/).some((w, i, ws) => i > 0 && UNDER_WAY.has(w) && !/^(?:this|the)$/.test(ws[i - 1] ?? ""));

function readBareAdd(c: Clause): Intent | null {
  if (isQuestion(c.original, c.lower)) return null;
  if (STARTS_WITH_ORDINAL.test(c.lower)) return null;
  const firstWord = c.lower.split(/\s+/)[0] ?? "";
  const items = readAdd(c.original, c.clock);
  const item = items.length === 1 ? items[0] : undefined;
  const verb = (item?.title.split(/\s+/)[0] ?? "").toLowerCase();
  // rule done-by: "half term childcare sorted by fri", "christmas cards posted by the 15th": a thing
  // and what must be done to it by a day is the to-do "Get … sorted", never a deed told.
  const wanted = item?.due && !isBaseVerb(firstWord) ? doneBy(item.title, c.lower) : null;
  if (item && wanted) return { type: "add", items: [{ ...item, title: wanted }] };
  // "parents coming friday", "big storm coming friday": the date took "coming" from the title, but the
  // clause still tells what is on its way ("this coming friday" is a date). An appointment is offered.
  if (item?.due && !isBaseVerb(firstWord) && underWay(c.lower)) return item.due.includes("T") ? { type: "offer", item } : null;
  // A repeat counts as a due for a title of two words or more ("team lunch first monday of the month": the tool puts
  // it on its first occurrence); never "mondays, ugh" or "sundays with the family".
  const repeated =
    Boolean(item?.recurrence) &&
    /\s/.test(item?.title.trim() ?? "") &&
    !/^(?:with|for|at|in|on|by|and|but|so|is|are)\b/i.test(item?.title ?? "");
  // "seating plan for 10c, high priority": a thing named with its priority (no task had it: grounding came first) is a to-do;
  // "the report, urgent" names something the user has, and is left to grounding's offer.
  const rated =
    Boolean(item?.priority) &&
    !POINTING_START.has(firstWord) &&
    /\b(?:priority|prio|urgent|important)\b/.test(c.lower) &&
    !/\b(?:high|low|medium|urgent|priority|prio|important)\b/i.test(item?.title ?? "");
  if (isBaseVerb(firstWord) || (item && (item.due || item.priority || repeated) && (isBaseVerb(verb) || item.due || repeated || rated))) {
    // A sentence with its own verb ("the vet is now on the 12th") is a remark, not a to-do;
    // an imperative that contains one ("check the oven is off") is offered, not added.
    if (
      item &&
      (/\b(?:is|are|was|were|isn't|aren't|wasn't|isnt|arent|wasnt|hasn't|hasnt|haven't|havent|didn't|didnt|got|has|had|been|am)\b|'(?:m|re)\b|'s (?:a|an|so|very|really|not|still|much|getting|looking|feeling|better|worse)\b|\b(?:needs?|has|have|ought) to be\b|\b(?:should|must|will|can) be\b/i.test(
        item.title,
      ) ||
        saysIs(item.title) ||
        tellsEvent(item.title) ||
        (!isBaseVerb(firstWord) && toldNotAsked(item.title)) ||
        (item.due !== undefined && talks(c.raw)))
    )
      return isBaseVerb(firstWord) && item && !compoundSubject(item.title.toLowerCase().split(/\s+/)) ? { type: "offer", item } : null;
    // "the present can slip to saturday", "not sure the boiler needs doing this week", "buzz me an
    // hour before …": a modal, a negation or "me" in a title that does not start with a verb is
    // the user talking, not a to-do; it is left to grounding (planner.ts) or answered.
    if (
      item &&
      !isBaseVerb(firstWord) &&
      /\b(?:can|could|should|would|might|must|may|not|never|sure|wait|waits|needs|me|want|wants|it)\b/i.test(item.title)
    )
      return null;
    // "its raining so hard today", "thats annoying today": a statement about the world, never a to-do.
    if (item && !isBaseVerb(firstWord) && STATEMENT_START.has((item.title.split(/\s+/)[0] ?? "").toLowerCase())) return null;
    // "make it fri actually", "move that to monday": a change to a task said before, never a new title
    // ("make it low priority, old ones fine for now" leaves no such words in the title).
    if (/^(?:make|move|put|push|change|set|switch|bump) (?:it|that|this|them)\b/i.test(item?.title ?? c.lower) || MAKE_IT.test(c.lower))
      return null;
    // "feeling rubbish today tbh", "knackered tonight": how the user feels, never a to-do.
    if (item && !isBaseVerb(firstWord) && FEELING_START.has((item.title.split(/\s+/)[0] ?? "").toLowerCase())) return null;
    // "so dead today, like 12 customers all afternoon", "absolute nightmare on the M60 today": the day, vented.
    if (item && !isBaseVerb(firstWord) && (vents(c.lower) || vents(c.raw.toLowerCase().trim()))) return { type: "say", kind: "remark" };
    if (item && !isBaseVerb(firstWord) && saysWeather(item.title)) return null;
    if (items.some((i) => moodOnly(i.title) || toldAchievement(i.title))) return { type: "say", kind: "remark" };
    // "read miller, it's rubbish": an opinion after the comma says the user is talking, never a title.
    if (item && c.raw.includes(",") && saysOpinion(c.raw.slice(c.raw.lastIndexOf(",") + 1))) return { type: "say", kind: "remark" };
    // …and "rent day tomorrow", "wash day": a verb-like word before the day is the day's name.
    const second = (item?.title.toLowerCase().split(/[\s,]+/)[1] ?? "").replace(/[^a-z]/g, "");
    if (item && (isBaseVerb(firstWord) ? TIME_HEADS.has(second) : namesADay(item.title))) return { type: "offer", item };
    // "off work tomorrow", "on holiday next week", "in the office tomorrow": where the user will be, told;
    // a to-do's title never starts with a place word.
    if (item?.due && !isBaseVerb(firstWord) && startsWhere(item.title)) return null;
    // "the car looks filthy after the weekend": a dated title that starts with "the" and no verb is
    // about something the user has or sees, not a new to-do; offered.
    if (item?.due && firstWord === "the" && /^the\s/i.test(item.title)) return { type: "offer", item };
    // "by thursday I need the report sent": the words are the user's, not a to-do title; offer.
    if (item && /^(?:i|we)\b/i.test(item.title)) return { type: "offer", item };
    if (items.length) return { type: "add", items };
  }
  return null;
}

function readSelect(c: Clause): Intent | null {
  const pointed = c.lower.replace(/^(?:what|how) about\s+/, "");
  if (isPronoun(pointed) || isListedRef(pointed) || ordinalRef(pointed)) {
    const ref = refFrom(pointed);
    if (ref) return { type: "select", ref, text: pointed };
  }
  return null;
}

const isWh = (c: Clause) => QUESTION_START.test(c.lower);

export const INTENT_READERS: IntentReader[] = [
  {
    name: "social",
    precedence: 10,
    mutates: false,
    // Greetings are checked before the filler words ("hi", "thanks") are stripped.
    read: (c) => readSocial(trimPunctuation(c.raw.toLowerCase().replace(/[?!.]+$/, ""))) ?? readSocial(c.lower),
    examples: ["hi", "thanks!", "what can you do?", "what sort of things can you do?", "yes", "no thanks", "bye", "dont need milk anymore"],
  },
  {
    name: "plan",
    precedence: 12,
    mutates: false,
    read: (c) => readPlan(c.raw.toLowerCase().replace(/[?!.]+$/, "")) ?? readPlan(c.lower),
    examples: ["help me organise my day", "can you help me plan my week?", "plan my weekend"],
  },
  {
    name: "undo",
    precedence: 14,
    mutates: true,
    read: (c) => readUndo(c.lower),
    examples: ["undo", "undo that", "take that back", "revert that", "oops, undo"],
  },
  {
    name: "listed-done",
    precedence: 19.5,
    mutates: true,
    read: (c) => readListedDone(c.lower),
    examples: ["all three done", "got both", "the four of them are done"],
  },
  {
    name: "errand",
    precedence: 16,
    mutates: false,
    // "can you book me a flight?": a request for the assistant to act in the world, not a to-do.
    // It cannot do the errand; it offers the errand as a to-do instead (a yes adds exactly that).
    read: (c) =>
      ERRAND_FOR_ME.test(c.raw.toLowerCase()) && !/\b(?:task|todo|to-?do|list|remind|reminder)\b/.test(c.raw.toLowerCase())
        ? { type: "say", kind: "offtopic" }
        : readErrand(c),
    examples: ["can you book me a flight to Rome?", "could you order me a pizza"],
  },
  {
    name: "relay",
    precedence: 15,
    mutates: false,
    read: (c) => readRelay(c.raw),
    examples: [
      "tell my brother to pick up the keys",
      "could you message dad and ask him to look at the back gate",
      "get my brother to pick up the dry cleaning",
      "ask mum what she wants for her birthday",
      "get tom to pay the window cleaner",
      "let gemma know the meeting moved",
    ],
  },
  {
    name: "lists",
    precedence: 17,
    mutates: false,
    read: (c) => readLists(c.original),
    examples: ["which lists do I have?", "show my lists", "my lists", "what are my lists?"],
  },
  {
    name: "organise",
    precedence: 18,
    mutates: true,
    read: (c) => readOrganise(c.original, c.clock),
    examples: [
      "create a list called Garden",
      "new list: groceries",
      "add pack for the trip with subtasks passport, charger and adapter",
      "break plan the party into steps: invitations, cake, music",
      "tag call the bank with urgent",
      "take book dentist out of the work list",
      "add book the hotel as a subtask of plan the holiday",
      "under move house, add cancel the broadband",
      "make buy decorations part of the party planning",
      "put 'bring the receipts' in the description of the accountant meeting",
      "add the label urgent to the insurance renewal",
      "oh and put it on errands",
      "that one goes on the work list",
      "break the move into: boxes, van, keys",
      "the party needs: balloons, cake, playlist",
      "steps for the garden: mow, weed, fix fence",
      "under the party pls add order the cake",
    ],
  },
  {
    // "what are the subtasks of the kitchen renovation": the steps of one task, a question.
    name: "subtasks-question",
    precedence: 17.5,
    mutates: false,
    read: (c) => readSubtaskQuestion(c.original),
    examples: ["what are the subtasks of the kitchen renovation", "what's under move house", "show me the steps for the party"],
  },
  {
    // Rule GROUP-DONE-QUESTION: "is everything for today done?", "have i finished all the work stuff?": what is left of the group.
    name: "group-question",
    precedence: 18.5,
    mutates: false,
    read: (c) => readGroupQuestion(c.raw, c.clock),
    examples: ["is everything for today done?", "have i finished all the work stuff?", "is all the shopping done?"],
  },
  {
    // Rule remind-me-question: "remind me what the dentist one says", "remind me when the dentist is":
    // a question about a task put as "remind me wh…", read as that question; never a new task.
    name: "remind-me-question",
    precedence: 18.7,
    mutates: false,
    read: (c) => remindMeQuestion(c.lower, c.clock),
    examples: ["remind me what the dentist one says", "remind me when the dentist is", "can you remind me where the passport thing is"],
  },
  {
    // "did i put down the glasses already?", "is the optician thing done?": a lookup, never a change.
    name: "lookup",
    precedence: 19,
    mutates: false,
    read: (c) => readLookup(c.raw.toLowerCase(), c.clock) ?? readLookup(c.lower, c.clock),
    examples: [
      "did i put down the glasses already",
      "is the optician thing done?",
      "got anything urgent?",
      "have i got much on tomorrow",
      "whats on",
      "show work stuff",
      "do i need milk?",
      "how busy am i friday",
      "should the bins be high priority",
      "anything in the inbox",
    ],
  },
  {
    name: "bulk",
    precedence: 20,
    mutates: true,
    read: (c) =>
      readBulkUpdate(c.lower, c.clock) ??
      readGroupBulk(c.lower, c.clock) ??
      readGroupThenCommand(c.lower, c.clock) ??
      readBulk(c.lower, c.clock),
    examples: [
      "all the shopping stuff is done",
      "the whole admin list is sorted now",
      "done all my errands today",
      "tick off the errands list",
      "got everything on the shopping list, tick the lot off",
      "the overdue stuff, push it all to monday",
      "garden list isnt urgent, move everything in it to sunday",
      "push everything due today to tomorrow",
      "move all overdue tasks to monday",
      "postpone everything by a day",
      "make all the shopping tasks high priority",
      "mark all of them done",
      "delete all completed tasks",
      "complete everything due today",
    ],
  },
  {
    // Before the readers of changes: "gotta get the boiler serviced" is a to-do, not a completion
    // ("serviced" = done), "got to post the parcel" not a move. Only a need followed by a chore verb.
    name: "need-add",
    precedence: 25,
    mutates: true,
    read: (c) => (needsChore(c.lower) ? gatedAdd(readExplicitAdd(c)) : null),
    examples: ["gotta get the boiler serviced", "got to post the parcel", "need to get the car washed", "add text sarah back"],
  },
  {
    name: "update",
    precedence: 30,
    mutates: true,
    read: (c) => readUpdate(c.lower, c.original, c.clock, c.raw) ?? readCanGo(c),
    examples: [
      "move the dentist to friday",
      "make it urgent and due on monday",
      "rename buy milk to buy oat milk",
      "lower the vet visit to low priority",
      "the report can wait two more days",
      "first one can go to monday",
      "the garage clean-up is less important now",
      "make that thursday",
    ],
  },
  {
    name: "reopen",
    precedence: 40,
    mutates: true,
    read: (c) => readReopen(c.lower),
    examples: ["reopen buy milk", "the report isn't done yet", "mark the essay as not done"],
  },
  {
    name: "complete",
    precedence: 50,
    mutates: true,
    read: (c) => (isWh(c) ? null : readComplete(c.lower)),
    examples: ["mark buy milk done", "I paid the rent", "I finished reading the book", "the bike one is done"],
  },
  {
    name: "delete",
    precedence: 60,
    mutates: true,
    read: (c) => (isWh(c) ? null : readDelete(c.lower)),
    examples: ["delete the gym task", "get rid of buy milk", "the dentist appointment isn't happening anymore"],
  },
  {
    name: "offtopic-question",
    precedence: 65,
    mutates: false,
    read: (c) => (isWh(c) && isOffTopic(c.lower) ? { type: "say", kind: "offtopic" } : null),
    examples: ["what's the weather like?", "what's the capital of France?"],
  },
  {
    name: "list",
    precedence: 70,
    mutates: false,
    read: (c) => readList(c.lower, c.clock),
    examples: [
      "what's due today?",
      "show my tasks",
      "how many tasks do I have left?",
      "anything due soon?",
      "what's overdue?",
      "anything urgent on my lists",
    ],
  },
  {
    // "gym isnt a money thing", "note on passport: bring 2 photos": about a task the user has; offered, then grounded.
    name: "edit-remark",
    precedence: 75,
    mutates: false,
    read: readEditRemark,
    examples: EDIT_REMARK_RULES.flatMap((r) => r.examples),
  },
  {
    name: "add",
    precedence: 80,
    mutates: true,
    read: (c) => gatedAdd(readExplicitAdd(c)),
    examples: [
      "add milk",
      "remind me to call mom tomorrow",
      "I'd better renew my passport",
      "todo: water the plants",
      "add eggs, bread and cheese to shopping",
      "can u stick oat milk down, on shopping",
    ],
  },
  { name: "select", precedence: 90, mutates: false, read: readSelect, examples: ["the second one", "what about the last one?"] },
  {
    name: "offtopic",
    precedence: 95,
    mutates: false,
    // "pick the kids up from football tomorrow": an imperative with a date is a to-do, whatever its topic;
    // so is a noun phrase with a day and a clock time ("football practice thurs 6.30pm").
    read: (c) =>
      isOffTopic(c.lower) && !(isBaseVerb(c.lower.split(" ")[0] ?? "") && findDue(c.lower, c.clock)) && !appointment(c)
        ? { type: "say", kind: "offtopic" }
        : null,
    examples: ["sing me a song", "write me a poem"],
  },
  {
    name: "bare-add",
    precedence: 100,
    mutates: true,
    read: (c) => gatedAdd(readBareAdd(c)),
    examples: ["buy milk", "call mom tomorrow", "set up a meeting with Tom on friday at 3pm"],
  },
];

/** A statement with a day and a clock time in digits ("football practice thurs 6.30pm"): an appointment to keep, not a topic. */
function appointment(c: Clause): boolean {
  const due = /\d/.test(c.lower) && !isQuestion(c.original, c.lower) ? findDue(c.lower, c.clock) : null;
  return due?.due.hour !== undefined && due.due.date !== undefined && /[a-z]/.test(c.lower.split(" ")[0] ?? "");
}

/** Tried in this order; the order is the declared precedence, never the array's. */
const ORDERED = [...INTENT_READERS].sort((a, b) => a.precedence - b.precedence);

/** Which reader claims a clause (without the safety gate), and its intent. */
export function claim(c: Clause): { reader: IntentReader; intent: Intent } | null {
  for (const reader of ORDERED) {
    const intent = reader.read(c);
    if (intent) return { reader, intent };
  }
  return null;
}

/** Every reader that would claim the clause (for the registry's overlap test). */
export function claimants(c: Clause): string[] {
  return ORDERED.filter((r) => r.read(c) !== null).map((r) => r.name);
}

export function clauseOf(text: string, clock: Clock): Clause {
  // "compelte buy milk", "del the gym task": a misspelt or shortened command word.
  // "complete: pay the bill", "delete - gym": a colon or dash after the command word.
  return {
    raw: text,
    lower: withoutCommandColon(fixCommandTypo(cleanRequest(text))),
    original: withoutCommandColon(fixCommandTypo(cleanRequestKeepCase(text))),
    clock,
  };
}

/** Reads one clause, through the safety gate. */
function readClause(c: Clause): Intent {
  const claimed = claim(c);
  if (claimed) return gate(c, claimed.intent, claimed.reader.mutates, claimed.reader.name);
  const fallback: Intent = isQuestion(c.original, c.lower) ? { type: "say", kind: "offtopic" } : { type: "unknown", text: c.lower };
  return gate(c, fallback, false);
}

function readSingle(cleaned: string, cleanedKeepCase: string, clock: Clock, raw = cleanedKeepCase): Intent {
  return readClause({
    raw,
    lower: withoutCommandColon(fixCommandTypo(cleaned)),
    original: withoutCommandColon(fixCommandTypo(cleanedKeepCase)),
    clock,
  });
}

/**
 * Bounds on what is read (docs/agent.md "Bounds"): a message longer than this is answered with
 * "send it in shorter pieces" and never acted on; so is a clause of more words than a request has.
 * Every reader therefore sees at most MAX_MESSAGE_WORDS words, which keeps even the polynomial
 * regexes of the older readers far below the 50 ms a step (tests/unit/builtin/bounds.test.ts).
 */
export const MAX_MESSAGE_CHARS = 600;
export const MAX_MESSAGE_WORDS = 60;
export const MAX_CLAUSE_WORDS = 40;
export const MAX_CLAUSES = 8;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
const TOO_LONG: Intent = { type: "say", kind: "too-long" };

/** Reads a message into one or more intents ("add milk and show my list" → two). */
export function classify(message: string, clock: Clock): Intent[] {
  if (message.length > MAX_MESSAGE_CHARS * 2) return [TOO_LONG]; // before any regex runs on it
  const text = normalize(message);
  if (text.length > MAX_MESSAGE_CHARS || wordCount(text) > MAX_MESSAGE_WORDS) return [TOO_LONG];
  const excepted = listedThenExcept(text, clock);
  if (excepted) return excepted;
  const positions = positionsChange(text, clock) ?? pointerValue(text, clock);
  if (positions) return positions;
  const parts = positionClauses(text, clock);
  if (parts) return parts;
  const asked = questionBeforeRemark(text, clock);
  if (asked) return asked;
  const read = dayAfterItsOwn(classifyBounded(text, clock, true), text);
  // "the overdue lot, whack em on friday": a group and a pronoun for it is never a new task; ask.
  if (read.some((i) => i.type === "add" || i.type === "offer") && groupThenUnreadCommand(cleanRequest(text), clock))
    return [{ type: "say", kind: "unclear" }];
  return lookupInstead(read, text, clock) ?? whyOfAsking(sharedPriorityAfterAdd(lifetimeAfterAdd(read)));
}

/** "…: top up the float, and reprint the menus. no rush on either", "… both urgent": a priority said after the items, of them all. */
function sharedPriorityAfterAdd(read: Intent[]): Intent[] {
  const first = read[0];
  if (read.length !== 2 || first?.type !== "add" || first.items.length < 2) return read;
  const priority = priorityOfAll(read[1]!);
  return priority ? [{ ...first, items: first.items.map((i) => ({ ...i, priority: i.priority ?? priority })) }] : read;
}
const ALL_OF_THEM = /^(?:either|both|them|em|all|all of (?:them|em)|any of (?:them|em)|either of (?:them|em)|the lot|each)$/i;
function priorityOfAll(said: Intent): AddItem["priority"] {
  if (
    said.type === "update" &&
    said.ref.kind === "phrase" &&
    ALL_OF_THEM.test(said.ref.text.trim()) &&
    Object.keys(said.changes).join() === "priority"
  )
    return said.changes.priority;
  const item = said.type === "add" && said.items.length === 1 ? said.items[0] : undefined;
  if (item && ALL_OF_THEM.test(item.title.trim()) && Object.keys(item).join() === "title,priority") return item.priority;
  return undefined;
}

/** "add renew passport by march. expires in april": a sentence after an add that only tells when the thing runs out is no task. */
function lifetimeAfterAdd(read: Intent[]): Intent[] {
  const told = (i: Intent, k: number) =>
    k > 0 && read[0]?.type === "add" && i.type === "add" && i.items.every((item) => LIFETIME_TOLD.test(item.title.trim()));
  return read.some(told) ? read.filter((i, k) => !told(i, k)) : read;
}

/** A remark after a question that says why or how the user asks ("… trying to work out if i can go", "… lost track"). */
const ASKING_REMARK =
  /^(?:(?:i'?m |im )?(?:trying|tryna|wondering|just wondering|just checking)|(?:i'?ve |ive )?lost track|brain|(?:i )?can'?t remember|(?:i )?forgot|no idea|dunno|(?:i )?don'?t know|cos|coz|because|bc)\b/i;

/**
 * Rule REMARK-AFTER-QUESTION: "anything on next weekend? trying to work out if i can go to the christmas market",
 * "when's the kapoor viewing again? lost track": a question about the user's tasks, then after the last "?" a remark
 * of why or how they ask (ASKING_REMARK, or a statement with no request, aside.ts statesWhy). The question is read alone.
 */
function questionBeforeRemark(text: string, clock: Clock): Intent[] | null {
  const at = text.lastIndexOf("?");
  const tail = text.slice(at + 1).trim();
  if (at <= 0 || !tail) return null;
  const words = tail.toLowerCase().match(/[a-z0-9][a-z0-9']*/g) ?? [];
  // "…? is it tues or weds, she's asking": a second question, or a day, may be what the question is about.
  if (words.length === 0 || words.length > 20 || QUESTION_OPENER.test(words[0]!) || findDue(tail, clock) !== null) return null;
  if (!ASKING_REMARK.test(tail) && (CHANGE_FIRST_WORD.test(words[0]!) || isBaseVerb(words[0]!) || !statesWhy(words))) return null;
  const read = classifyBounded(text.slice(0, at + 1), clock, true);
  return read.length === 1 && read[0]!.type === "list" ? read : null;
}
const QUESTION_OPENER =
  /^(?:is|are|was|were|do|does|did|what|whats|what's|when|whens|when's|where|which|who|why|how|have|has|can|could|should|will|would)$/;
/** Words a request opens with ("add", "remind", "put", "tick"): never a remark after a question. */
const CHANGE_FIRST_WORD =
  /^(?:add|remind|put|stick|pop|make|move|push|bump|set|change|tick|mark|delete|cancel|also|and|plus|can|could|pls|please)$/;

/** What a user needs the answer for ("… need to plan around the school run", "… need to work out my week"). */
const ASKING_FOR =
  /^(?:plan(?: around| ahead| my| the (?:day|week|weekend|morning|afternoon|evening))|work out|figure out|know|decide|organise (?:my|the) (?:day|week|weekend))\b/i;

/** A need that waits on the answer ("… need to tell kyle which day he's got no lift"). */
const WAITS_ON_ANSWER = /\b(?:which|when|what time|what day|where)\b/i;

/**
 * Rule WHY-OF-ASKING: "what's on tomorrow?? need to plan around the school run", "when's the van mot again? need to
 * tell kyle which day he's got no lift": after a question about the user's tasks, a need to plan or to know, or one
 * that waits on the answer, is why they ask, not a task to add ("… need to book the vet too" is one).
 */
function whyOfAsking(read: Intent[]): Intent[] {
  if (!read.some((i) => i.type === "list")) return read;
  const why = (i: Intent) => i.type === "add" && i.items.every((item) => ASKING_FOR.test(item.title) || WAITS_ON_ANSWER.test(item.title));
  return read.some(why) ? read.filter((i) => !why(i)) : read;
}

/**
 * "show me the passport", "what about the nappies", "anything with book in it": when nothing else read
 * the message (or read it as a new task, or as every task for "what about X"), the things it names are
 * looked up (rules SHOW-NAMED and MENTIONS-ASK in list.ts). Reads only.
 */
function lookupInstead(read: Intent[], text: string, clock: Clock): Intent[] | null {
  const only = read.length === 1 ? read[0] : undefined;
  const lower = cleanRequest(text);
  const unread =
    only?.type === "unknown" ||
    only?.type === "offer" ||
    only?.type === "add" ||
    (only?.type === "say" && (only.kind === "offtopic" || only.kind === "unclear")) ||
    (only?.type === "list" && Object.keys(only.filter).length === 0 && /^(?:what|how) about\s/.test(lower));
  if (!unread) return null;
  const mentions = readMentionsAsk(text);
  const shown = mentions ? [mentions] : readShowNamed(lower, clock);
  if (shown) return shown;
  const things = only?.type === "unknown" || (only?.type === "say" && only.kind === "unclear") ? thingsForList(text) : null;
  return things ? [things] : null;
}

/** Words that start no thing to get ("i", "we", "it's", "what") in rule things-for-list. */
const NOT_A_THING = new Set(
  "i we you he she they it it's its im i'm what whats wats wot when whens where wheres why how hows who whos which is are was can could should anything any owt show list see tell give find".split(
    " ",
  ),
);
/**
 * Rule things-for-list: "onion sets and compost for the allotment", "oat milk and napkins for the cafe": things
 * (no verb first), then "for the NAME" — offered, and added into the user's list of that name when there
 * is one (planner.ts, add-to-named-list.ts). Never a question; at most ten words.
 */
function thingsForList(text: string): Intent | null {
  const said = cleanRequestKeepCase(text).trim();
  const w = said.toLowerCase().split(/\s+/).filter(Boolean);
  if (said.includes("?") || w.length < 3 || w.length > 10 || isBaseVerb(w[0]!) || NOT_A_THING.has(w[0]!)) return null;
  const n = w.length;
  const join = /^(?:the|my|our)$/.test(w[n - 2]!) ? n - 3 : n - 2;
  // "for" says what the things are for; "on/in the allotment" says where something is ("weeds everywhere on the allotment").
  if (join < 1 || w[join] !== "for" || !/^[a-z][a-z-]*$/.test(w[n - 1]!)) return null;
  if (w.slice(0, join).some((x) => baseOfPast(x) !== null && !isBaseVerb(x))) return null;
  return { type: "offer", item: { title: said.charAt(0).toUpperCase() + said.slice(1) }, toList: true };
}

/**
 * Rule DAY-AFTER-ITS-OWN: "move them all to the day after", "can they go to the next day?": the tasks
 * shown (or "it") a day later than each one's own day, never all to tomorrow.
 */
function dayAfterItsOwn(read: Intent[], text: string): Intent[] {
  const only = read.length === 1 ? read[0] : undefined;
  if (only?.type !== "update" || (only.ref.kind !== "listed" && only.ref.kind !== "pronoun") || fieldCount(only.changes) !== 1) return read;
  if (!only.changes.due || !/\bthe (?:day after|next day|following day)\W*$/.test(text.toLowerCase())) return read;
  return [{ ...only, changes: { shiftDays: 1 } }];
}

/** The words a clause about a position starts with: "second one's", "the 1st", "top one". */
function startsWithPosition(clause: string): boolean {
  const w = clause.toLowerCase().replace(/'s\b/g, "").split(/\s+/).filter(Boolean);
  for (let k = Math.min(3, w.length - 1); k >= 1; k--) if (ordinalRef(w.slice(0, k).join(" "))) return true;
  return false;
}

/**
 * Rule position-clauses: "second one's done, first one can wait till monday", "the top one is
 * urgent; the last one can go": clauses split at a comma, a semicolon or "and", each starting with
 * a position in the list shown, each read on its own. Only when every clause reads as exactly one
 * change of a position (a finish, an edit, a delete); anything else is not read here.
 */
function positionClauses(text: string, clock: Clock): Intent[] | null {
  if (text.includes("?") || text.length > 160) return null;
  const parts = text
    .split(/\s*[,;]\s*(?:and\s+|then\s+)?|\s+and\s+(?:then\s+)?/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 2 || parts.length > 4 || !parts.every(startsWithPosition)) return null;
  const out: Intent[] = [];
  for (const part of parts) {
    const read = classifyBounded(part, clock, true);
    const one = read.length === 1 ? read[0] : undefined;
    if (!one || (one.type !== "complete" && one.type !== "update" && one.type !== "delete")) return null;
    const refs = one.type === "update" ? [one.ref] : one.refs;
    if (refs.length === 0 || !refs.every((r) => r.kind === "ordinal")) return null;
    out.push(one);
  }
  return out;
}

/** Verbs before positions ("make the 2nd and 3rd low priority") and the words between them and the value. */
const POSITION_VERBS = new Set("make set mark move push put shift bump".split(" "));
const POSITION_LINK =
  /^(?:(?:are|is|r|can|could|should|will)\s+)?(?:all\s+|both\s+)?(?:be\s+|wait\s+|go\s+|move\s+)?(?:(?:to|till|til|until|on|for|as|at)\s+)?/;

/**
 * Rule POSITIONS-CHANGE: "2nd and 3rd are low priority", "the last two can wait till next week",
 * "make the first two urgent": one day or one priority for several positions of the list shown,
 * one change each. Only positions and one such value; a question, a state ("are done") or any
 * other word is not read here.
 */
function positionsChange(text: string, clock: Clock): Intent[] | null {
  if (text.includes("?")) return null;
  const w = cleanRequest(text).split(/\s+/).filter(Boolean);
  const lead = POSITION_VERBS.has(w[0] ?? "") ? 1 : 0;
  for (let i = lead + 1; i < w.length && i <= lead + 6; i++) {
    const refs = refsFrom(w.slice(lead, i).join(" "));
    if (refs.length < 2 || !refs.every((r) => r.kind === "ordinal")) continue;
    const value = w.slice(i).join(" ").replace(POSITION_LINK, "");
    const changes = value ? readValue(value, clock) : null;
    if (!changes || fieldCount(changes) !== 1 || !(changes.priority || changes.due)) return null;
    return refs.map((ref) => ({ type: "update", ref, changes: { ...changes } }));
  }
  return null;
}

/**
 * Rule POINTER-VALUE: "both high priority", "it friday", "the first one urgent", "all of them low
 * priority": a word that points at tasks (a pronoun, "both", "those two", an ordinal), then one day or
 * one priority, is that change to the tasks pointed at; the pointer is never a new task's title.
 */
function pointerValue(text: string, clock: Clock): Intent[] | null {
  if (text.includes("?")) return null;
  const w = cleanRequest(text).split(/\s+/).filter(Boolean);
  for (let i = 1; i < w.length && i <= 5; i++) {
    const head = w.slice(0, i).join(" ");
    if (!isPronoun(head) && !isListedRef(head) && !ordinalRef(head)) continue;
    const ref = refFrom(head);
    const value = w.slice(i).join(" ").replace(POSITION_LINK, "");
    const changes = ref && value ? readValue(value, clock) : null;
    if (!ref || !changes || fieldCount(changes) !== 1 || !(changes.priority || changes.due)) continue;
    return [{ type: "update", ref, changes }];
  }
  return null;
}

/**
 * Rule LISTED-EXCEPT, trailing: "make them all high priority except the top one", "move them all to
 * friday but the last one": the request about every task shown, less the positions named. Only a
 * request that reads as exactly one change of "them" takes the exception; anything else is not read here.
 */
function listedThenExcept(text: string, clock: Clock): Intent[] | null {
  const cut = trailingExcept(text);
  if (!cut) return null;
  const read = classifyBounded(cut.head, clock, true);
  const only = read.length === 1 ? read[0] : undefined;
  if (only?.type === "update" && only.ref.kind === "listed" && !only.ref.except && only.ref.count === undefined)
    return [{ ...only, ref: { kind: "listed", except: cut.except } }];
  if (
    (only?.type === "complete" || only?.type === "delete" || only?.type === "reopen") &&
    only.refs.length === 1 &&
    only.refs[0]?.kind === "listed" &&
    !only.refs[0].except &&
    only.refs[0].count === undefined
  )
    return [{ ...only, refs: [{ kind: "listed", except: cut.except }] }];
  // "mark them all done except the second": "them all" read as the whole list shown.
  if (only?.type === "bulk" && only.listed) return [{ type: only.action, refs: [{ kind: "listed", except: cut.except }] }];
  return null;
}

/** A clause that asks for an add in words ("add …", "stick … on", "need to …") or starts with a chore's verb. */
const addedByVerb = (lower: string) => isBaseVerb(lower.split(/\s+/, 1)[0] ?? "") || addBody(lower) !== null;

function classifyBounded(typed: string, clock: Clock, answerFirst: boolean): Intent[] {
  const text = withoutNewsLead(typed);
  // "yes, add milk": the answer word is read once, not again for "yes yes yes …".
  const yesNo = answerFirst
    ? /^(?:yes|yeah|yep|no|nope|nah|ok|okay)(?:,? (?:please|pls|plz|thanks|ta))?[,!.]?\s(?!(?:need|longer|more|rush|point|way|worries|problem)\b)(.+)$/i.exec(
        text,
      )
    : null;
  if (yesNo && yesNo[1]) {
    // "no thanks but add a haircut", "yes but make it friday": the "but" joins the answer to the rest.
    const after = yesNo[1].trim().replace(/^but\s+(?=\S)/i, "");
    const rest = classifyBounded(after, clock, false);
    // no-thing-statement: "no changes needed today thanks", "no milk this week": "no" before a thing
    // (no comma, no verb after it) says there is none; it is never a to-do of that thing.
    const first = rest.length === 1 ? rest[0] : undefined;
    if (
      /^(?:no|nope|nah)\s/i.test(text) &&
      after === yesNo[1].trim() &&
      first?.type === "add" &&
      first.items.length === 1 &&
      !isBaseVerb(after.split(/\s+/)[0]?.toLowerCase() ?? "")
    )
      return [{ type: "say", kind: "remark" }];
    if (rest.every(isKnown) && !rest.some((i) => i.type === "confirm" || i.type === "deny")) return rest;
    // "yes please, for friday": what follows the answer is read on its own (the planner applies a
    // bare slot to the task just talked about); the answer word never becomes a title.
    if (rest.length === 1 && rest[0]?.type === "unknown" && findDue(yesNo[1], clock)) return rest;
  }
  // "yeah nah i did it friday, tick it off": the tick, and only the telling of the deed beside it.
  const ticked = toldThenTick(text);
  if (ticked) return ticked;
  // "todays stuff, move it to tmrw": a group, then a command about it, is one request, not two
  // clauses (rule GROUP-THEN-COMMAND in bulk-update.ts); the mood is the command's ("anything overdue, bump them …").
  const grouped = readGroupThenCommand(cleanRequest(text), clock);
  const command = grouped ? groupAndCommand(text)?.[1] : undefined;
  if (grouped && command) return [gate({ raw: command, lower: cleanRequest(command), original: command, clock }, grouped, true, "bulk")];
  // "hold on, make it friday", "no wait, move it to monday": a word that takes back, then the request (rule TAKE-BACK-LEAD).
  const takeBack = answerFirst ? TAKE_BACK_LEAD.find((lead) => text.toLowerCase().startsWith(`${lead}, `)) : undefined;
  if (takeBack) {
    const rest = classifyBounded(text.slice(takeBack.length + 2).trim(), clock, false);
    if (rest.every(isKnown) && rest.every((i) => i.type !== "say" && i.type !== "select" && i.type !== "offer" && i.type !== "add"))
      return rest;
  }
  // "undo that, wrong one", "my bad, undo that": the undo, and a remark about the mistake (rule UNDO-WITH-REMARK).
  const halves = text.split(/[,.!]\s+/);
  if (
    halves.length === 2 &&
    ((readUndo(cleanRequest(halves[0] ?? "")) && mistakeRemark(halves[1] ?? "")) ||
      (readUndo(cleanRequest(halves[1] ?? "")) && mistakeRemark(halves[0] ?? "")))
  )
    return [{ type: "undo" }];
  // "bike shop cant do sat, moving the bike service to monday": a remark, then the request (rule REMARK-THEN-REQUEST).
  const request = answerFirst ? remarkThenRequest(text, clock) : null;
  if (request) return request;
  const said = answerFirst ? saidThenAddIt(text, clock) : null;
  if (said) return said;
  const asked = answerFirst ? (requestThenAside(text, clock) ?? bulkThenSameAside(text, clock) ?? bulkThenReason(text, clock)) : null;
  if (asked) return asked;
  const clauses = text
    .split(CLAUSE_SPLIT)
    .map((c) => c.trim())
    .filter(Boolean);
  // Never split inside a quoted title ("add "call mum, then dad"").
  const splitsQuote = clauses.some((c) => (c.match(/"/g) ?? []).length % 2 === 1);
  // "add a task: X and delete Y" — after "add …:" the rest is the new task's wording.
  const labelledAdd = /^(?:(?:please|pls|can you|could you)\s+)?(?:add|create|new)\b[^:"]{0,30}:\s*\S/i.test(text);
  // Each clause of a split message is capped; read whole, the message cap applies.
  if (
    clauses.length > MAX_CLAUSES ||
    (clauses.length > 1 && !splitsQuote && !labelledAdd && clauses.some((c) => wordCount(c) > MAX_CLAUSE_WORDS))
  )
    return [TOO_LONG];
  if (clauses.length > 1 && !splitsQuote && !labelledAdd) {
    // A clause the user ended with "?" ("grandma tomorrow? no today is fine") is asked: its add is offered.
    let at = 0;
    // What ends each clause: "?" asks it; "." or "!" ends a sentence ("new client!! gert lush. add …").
    const ends = clauses.map((c) => {
      const i = text.indexOf(c, at);
      at = i < 0 ? at : i + c.length;
      return /^\s*([?.!])/.exec(text.slice(at))?.[1] ?? "";
    });
    const asked = ends.map((e) => e === "?");
    const intents = clauses.map((c, k): Intent => {
      const read = readSingle(cleanRequest(c), cleanRequestKeepCase(c), clock, c);
      // "what've i got on for work this week? brain's mince": words after a question, with no verb asking for an
      // add, say how the user is; they are never a task.
      if (k > 0 && asked[k - 1] && read.type === "add" && !addedByVerb(cleanRequest(c))) return { type: "say", kind: "remark" };
      return asked[k] && read.type === "add" && read.items.length === 1 && read.items[0] ? { type: "offer", item: read.items[0] } : read;
    });
    const useful = intents.filter(
      (i, k) =>
        !(i.type === "say" && (i.kind === "thanks" || i.kind === "greeting")) &&
        // "new client!! gert lush. add a meet and greet …": news, a sentence of its own before a request, says why; the
        // request is read. Never a clause ("if that happens, move it to friday" asks nothing yet).
        !(
          i.type === "say" &&
          i.kind === "remark" &&
          (ends[k] === "." || ends[k] === "!") &&
          !/^(?:if|when|unless|in case|once|should)\b/i.test(clauses[k] ?? "") &&
          intents.slice(k + 1).some((j) => isKnown(j) && j.type !== "say" && j.type !== "select")
        ) &&
        !(k > 0 && pointsBackToDay(cleanRequest(clauses[k] ?? ""))) &&
        !(k > 0 && trailingRemark(i, clauses[k] ?? "", clock)) &&
        // "sent off the mrcp application!! paid the fee n everything": how the deed before was done, not a second one.
        !(k > 0 && i.type === "complete" && intents[k - 1]?.type === "complete" && AND_EVERYTHING.test(clauses[k] ?? "")),
    );
    if (useful.length > 0 && useful.every((i) => isKnown(i) && i.type !== "say" && i.type !== "select")) return useful;
  }
  const whole = readSingle(cleanRequest(text), cleanRequestKeepCase(text), clock, text);
  // "i'm knackered, kick everything due today over to tomorrow": a short aside before the request.
  const aside = ASIDE.exec(text);
  if (answerFirst && aside && aside[1] && (whole.type === "unknown" || whole.type === "say")) {
    const rest = classifyBounded(aside[1], clock, false);
    if (rest.every(isKnown) && rest.every((i) => i.type !== "say" && i.type !== "select" && i.type !== "offer")) return rest;
  }
  return [whole];
}

/** "… n everything", "… and all that": the rest of a deed, told loosely. */
const AND_EVERYTHING = /\b(?:n|and|&) (?:everything|all that|that(?=\s*(?:,|$)))/i;

/** "remind me what|when|where …": the question after "remind me". */
const REMIND_WH = /^(?:(?:can|could|would) (?:you|u) |pls |please )?remind me (what|when|where|which|who) (.+)$/;
const SAYS = /^(?:says|say|said)$/;
const COPULA_END = /^(?:is|are|was|were)$/;

/**
 * Rule remind-me-question: "remind me what the dentist one says" asks what the task says ("what is
 * the dentist one about"); "remind me when the dentist is" asks its day ("when is the dentist"). Only
 * a reading that looks tasks up counts; anything else is left to the other readers.
 */
function remindMeQuestion(lower: string, clock: Clock): Intent | null {
  const m = REMIND_WH.exec(lower.replace(/[?!.]+$/, "").trim());
  if (!m?.[1] || !m[2]) return null;
  const wh = m[1];
  const body = m[2].split(/\s+/).slice(0, 16);
  const last = body.at(-1) ?? "";
  const core = body.slice(0, -1).join(" ");
  const question =
    wh === "what" && SAYS.test(last) && core
      ? `what is ${core} about`
      : COPULA_END.test(last) && core
        ? `${wh} ${last} ${core}`
        : `${wh} ${body.join(" ")}`;
  const read = classifyBounded(question, clock, false);
  return read.length === 1 && read[0]?.type === "list" ? read[0] : null;
}

/** "council changed it", "they moved it": a told deed (a past verb) done to "it" — news, never a to-do. */
function pastDeed(tail: string): boolean {
  const w: string[] = tail.toLowerCase().match(/[a-z']+/g) ?? [];
  const it = w.indexOf("it");
  return it >= 2 && w.length <= 6 && it === w.length - 1 && /ed$/.test(w[it - 1] ?? "");
}

/**
 * Rule ASIDE-ABOUT-IT: "shift the essay to tmrw, ill crack on with it then": a request, then after
 * its one comma a remark about "it" (the task the request named) that asks for nothing: the
 * request alone is read. Only when the request reads as changes of named tasks (update, complete, reopen).
 */
function requestThenAside(text: string, clock: Clock): Intent[] | null {
  const comma = text.indexOf(",");
  // "band booking needs doing by march 1st or they'll all be taken": a consequence said without a comma.
  const or = comma < 0 ? text.indexOf(" or ") : -1;
  if (or > 0 && text.indexOf(" or ", or + 1) < 0) return requestThenAside(`${text.slice(0, or)},${text.slice(or)}`, clock);
  if (comma <= 0 || text.indexOf(",", comma + 1) >= 0) return null;
  const tail = cleanRequest(text.slice(comma + 1));
  // "…, no one sees them anyway", "…, or maisie loses her spot": a reason by its shape (aside.ts statesWhy).
  const words = tail.toLowerCase().match(/[a-z0-9][a-z0-9']*/g) ?? [];
  // "actually make it friday, fair's on the saturday": after a change of "it", when another thing is on is why.
  const thingIsOn =
    MAKE_IT.test(cleanRequest(text.slice(0, comma))) && /^[a-z]+'s$/.test(words[0] ?? "") && /^(?:on|at)$/.test(words[1] ?? "");
  const reason = words.length >= 2 && words.length <= 20 && !tail.includes("?") && (statesWhy(words) || thingIsOn);
  if (!reason && !tail.split(/\s+/).some((w) => ["it", "it's", "its", "it'll"].includes(w)) && !saysAside(tail, clock)) return null;
  const aside = classifyBounded(tail, clock, false);
  if (reason && (thingIsOn || aside.every((i) => i.type === "unknown" || i.type === "say" || i.type === "offer"))) {
    const head = classifyBounded(text.slice(0, comma), clock, false);
    const one = head.length === 1 ? head[0] : undefined;
    // "remind me to ring the vet at 8 tomorrow, surgery doesnt open before then": a to-do with its day, and why then.
    const item = one?.type === "add" && one.items.length === 1 ? one.items[0] : undefined;
    // "remind me the night before the mot, i will forget otherwise": a reminder counted from its due is a reminder too.
    const before = item?.remindOnDue ? item.remindOnDue.days * 1440 : undefined;
    const slots = item
      ? { due: item.due, priority: item.priority, recurrence: item.recurrence, remindAt: item.remindAt, remindBefore: before }
      : null;
    const said = slots ? (Object.fromEntries(Object.entries(slots).filter(([, v]) => v !== undefined)) as Changes) : null;
    const changes = one?.type === "update" ? one.changes : said;
    if (changes && reasonFits(words, tail, changes, clock)) return head;
    // "4 dozen mince pies made n in the freezer, kitchen looks like a bomb hit it": a deed, then how it left things —
    // never a second deed, a need or a day ("…, recycling's sorted too", "…, tyres need doing next").
    if (head.length > 0 && head.every((i) => i.type === "complete") && !DEED_OR_NEED.test(tail) && !findDue(tail, clock)) return head;
  }
  // "…, it's dripping again": a remark, or words no reader takes, with no day and no question in them.
  // "…, council changed it": a told deed about "it" is offered as a to-do when alone; after a request it is the aside.
  const plain = !tail.includes("?") && !findDue(tail, clock);
  const remark =
    aside[0]?.type === "say"
      ? aside[0].kind === "remark"
      : (aside[0]?.type === "unknown" || (aside[0]?.type === "offer" && pastDeed(tail))) && plain;
  if (!REMARK_SHAPE.test(tail) && (aside.length !== 1 || !remark)) return null;
  const head = classifyBounded(text.slice(0, comma), clock, false);
  // "order a new pipe bender, mine's snapped": a new thing, and why (the user's own one is broken).
  const why = /^(?:mine|mines|mine's|ours|the old one's|old one's|the old one)\b/.test(tail);
  return head.length > 0 &&
    head.every((i) => i.type === "update" || i.type === "complete" || i.type === "reopen" || (why && i.type === "add"))
    ? head
    : null;
}

/** Words that make a remark after a deed a second deed or a need of its own. */
const DEED_OR_NEED =
  /\b(?:done|finished|sorted|booked|paid|sent|fixed|ordered|cancelled|canceled|need|needs|next|too|also|still|tomorrow|later|and)\b/;

/** "…, pop it on the home list pls", "…, could you pop that in for me", "…, add that": add what was just said. */
const ADD_IT =
  /^(?:(?:can|could|would) (?:you|u) (?:just )?|pls |please |and |so |just )?(?:add|put|pop|stick|bung|whack|jot|chuck|shove) (?:it|that|this)(?: (?:in|down|up)(?= for me\b|$))?(.*)$/;

/**
 * Rule SAID-THEN-ADD-IT: "callum's got the dentist tuesday at half 3, pop it on the home list pls", "every monday
 * i need to check the van stock, add that": something said, then a request to add it — read as "add <what was
 * said> <where and when the request says>". Only when that reads as exactly one new task, and what was said is
 * no request or question of its own ("the garage light, stick it on my work list" moves a task: not read here).
 */
function saidThenAddIt(text: string, clock: Clock): Intent[] | null {
  // "…, put it on work" or "…. put it on work": the request after the last comma or the last sentence's end.
  const end = Math.max(text.lastIndexOf(","), ...[...text.matchAll(/[.!](?=\s)/g)].map((s) => s.index));
  if (end <= 0 || text.includes("?")) return null;
  const m = ADD_IT.exec(cleanRequest(text.slice(end + 1)).toLowerCase());
  // "…, can u add that so i stop forgetting": why after the request says nothing of where or when.
  const rest = (m?.[1] ?? "").replace(/\s+(?:so|cos|coz|because|as) (?:i|we)\b.*$/, "").trim();
  // "…, put it back" takes a tick back; only where and when it goes follow "add it".
  // "…, add that as a repeating one": a repeat asked of what was said, which says its own days.
  const asRepeat = /^as an? (?:repeating|recurring|regular|weekly|repeat)(?: one| thing| task)?$/.test(rest);
  if (!m || rest.split(/\s+/).length > 8 || !(asRepeat || /^(?:$|(?:on|onto|in|into|to|for|down)\b)/.test(rest))) return null;
  // "i'm doing after school club every wednesday now": what the user does is the task, not their doing it.
  const head = text
    .slice(0, end)
    .replace(NEWS_OPENER, "")
    .replace(/^(?:i'm|im|i am) (?:doing|running|on|at) (?=\S+ \S)/i, "")
    .trim();
  const own = classifyBounded(head, clock, false);
  if (
    own.length !== 1 ||
    !own.every((i) => i.type === "unknown" || (i.type === "say" && i.kind === "remark") || i.type === "offer" || i.type === "add")
  )
    return null;
  const read = classifyBounded(`add ${head}${rest && !asRepeat ? ` ${rest}` : ""}`, clock, false);
  const one = read.length === 1 ? read[0] : undefined;
  if (one?.type !== "add" || (asRepeat && !one.items.every((i) => i.recurrence))) return null;
  const item = one.items.length === 1 ? one.items[0] : oneThingSaid(one.items);
  return item ? [{ ...one, items: [item] }] : null;
}

/** "new order!! …", "new job: …": news that a thing came in, before the thing itself. */
const NEWS_OPENER = /^new (?:order|job|booking|enquiry|one)\b[\s!:.-]*/i;

/**
 * "sian wants a 30th birthday cake, gin theme, for sat the 12th. put it on work": "it" is one thing, so the
 * parts after the first are its details — each a few words naming no chore of its own — and become its note.
 */
function oneThingSaid(items: AddItem[]): AddItem | null {
  const [first, ...details] = items;
  if (!first || details.length > 2) return null;
  const words = details.map((d) => d.title.toLowerCase().split(/\s+/));
  if (words.some((w) => w.length > 3 || isBaseVerb(w[0] ?? ""))) return null;
  const dues = new Set(items.flatMap((i) => (i.due ? [i.due] : [])));
  if (dues.size > 1 || details.some((d) => d.recurrence || d.remindAt || (d.priority && first.priority))) return null;
  const note = details.map((d) => d.title).join(", ");
  const due = [...dues][0];
  const priority = first.priority ?? details.find((d) => d.priority)?.priority;
  return {
    ...first,
    ...(due ? { due } : {}),
    ...(priority ? { priority } : {}),
    description: first.description ? `${first.description}; ${note}` : note,
  };
}

/**
 * Rule BULK-SAME-ASIDE: "make all the shopping low priority, its not urgent": a change of a group,
 * then an aside about "it" that only says the same priority again; the group's change alone.
 */
function bulkThenSameAside(text: string, clock: Clock): Intent[] | null {
  const comma = text.indexOf(",");
  if (comma <= 0 || text.indexOf(",", comma + 1) >= 0) return null;
  const head = classifyBounded(text.slice(0, comma), clock, false);
  const bulk = head.length === 1 && head[0]?.type === "bulkUpdate" ? head[0] : null;
  if (!bulk?.changes.priority) return null;
  const aside = classifyBounded(cleanRequest(text.slice(comma + 1)), clock, false);
  const same = aside.length === 1 && aside[0]?.type === "update" && aside[0].ref.kind === "pronoun" ? aside[0].changes : null;
  return same && fieldCount(same) === 1 && same.priority === bulk.changes.priority ? head : null;
}

/** Words after "as" that open a reason ("… as i'm off sick", "… as it's raining"). */
const AS_SUBJECT = new Set("i im i'm ive i've we we're were it its it's there theres there's the my our".split(" "));
/** Words that open a piece that is not a reason: an exception, a second request, a correction, "too". */
const NOT_REASON_LEAD = new Set(
  "not except apart but bar besides excluding other leave keep skip only just and or plus also then actually instead no nope nah rather make".split(
    " ",
  ),
);
const NOT_REASON_WORD = new Set("except apart excluding besides too also instead rather".split(" "));

/** The request and the reason said after it: at the message's one comma, or at "because/cos/since/as …". */
function splitReasonAfter(text: string): { head: string; tail: string; byWord: boolean } | null {
  const lower = text.toLowerCase();
  const comma = lower.indexOf(",");
  if (comma > 0) {
    if (lower.indexOf(",", comma + 1) >= 0) return null;
    const tail = text.slice(comma + 1).trim();
    return { head: text.slice(0, comma), tail, byWord: /^(?:because|cos|coz|cause|since|as)\s/i.test(tail) };
  }
  const w = lower.split(/\s+/);
  for (let i = 2; i < w.length - 1; i++) {
    const word = w[i] ?? "";
    if (["because", "cos", "coz", "cause", "since"].includes(word) || (word === "as" && AS_SUBJECT.has(w[i + 1] ?? "")))
      return { head: w.slice(0, i).join(" "), tail: w.slice(i + 1).join(" "), byWord: true };
  }
  return null;
}

/**
 * Rule BULK-REASON: "make all the work stuff high priority, its urgent", "move todays stuff to tomorrow
 * as im off sick", "push all the diy stuff to saturday, the weather's rubbish till then": a change of a
 * group the request names (a day, list, label or scope; never a bare "everything"), then a reason that
 * asks for nothing — no question, no request, no day, no exception, no other priority; the change alone.
 */
function bulkThenReason(text: string, clock: Clock): Intent[] | null {
  const split = splitReasonAfter(text);
  if (!split) return null;
  const tail = cleanRequest(split.tail.replace(/^(?:because|cos|coz|cause|since|as)\s+/i, ""));
  const words: string[] = tail.match(/[a-z0-9']+/g) ?? [];
  if (words.length === 0 || words.length > 12 || split.tail.includes("?")) return null;
  const head = classifyBounded(split.head, clock, false);
  const bulk = head.length === 1 && head[0]?.type === "bulkUpdate" ? head[0] : null;
  const f = bulk?.filter;
  if (!bulk || !f || f.except || !(f.due || f.window || f.scope || f.label || f.list)) return null;
  // "move todays stuff to tomorrow, its not urgent": a second change of "it" beside the group's: which tasks? Ask.
  const aside = classifyBounded(tail, clock, false);
  if (aside.length === 1 && aside[0]?.type === "update" && aside[0].ref.kind === "pronoun") {
    const same = fieldCount(aside[0].changes) === 1 && aside[0].changes.priority && aside[0].changes.priority === bulk.changes.priority;
    if (!same) return [{ type: "say", kind: "unclear" }];
  }
  // "…, its urgent", "…, no rush" repeat the priority; any other priority word in the reason is not read here.
  const said = readValue(tail.replace(/^(?:it'?s|they'?re|theyre|its all|it's all)\s+/, ""), clock);
  if (said?.priority && fieldCount(said) === 1 && said.priority === bulk.changes.priority) return head;
  if (NOT_REASON_LEAD.has(words[0] ?? "") || words.some((x) => NOT_REASON_WORD.has(x))) return null;
  // A day after a comma may correct the request ("…, actually friday"); after "as/because" it is the reason's own ("as im away this weekend").
  if ((!split.byWord && findDue(tail, clock)) || !onlyRemark(tail, words, clock)) return null;
  if (/\b(?:urgent|priority|prio|important|high|low)\b/.test(tail)) return null;
  return head;
}

function trailingRemark(read: Intent, clause: string, clock: Clock): boolean {
  const told = read.type === "unknown" || (read.type === "say" && read.kind === "remark");
  return (told || REMARK_SHAPE.test(cleanRequest(clause))) && saysAside(clause, clock);
}

const SETTING_VERB = new Set(["change", "make", "move", "set", "put", "switch", "update", "do"]);
const THEN_WORDS = new Set(["then", "that day", "that date", "that", "the same"]);
/**
 * "…due on the 3rd, change it to then": a later clause that only points back at the day just said
 * (a change verb, "it", then "then") adds nothing; it is never a rename to "Then".
 */
function pointsBackToDay(clause: string): boolean {
  const w = clause.split(/\s+/).filter(Boolean);
  if (!SETTING_VERB.has(w[0] ?? "") || (w[1] !== "it" && w[1] !== "that")) return false;
  const rest = w.slice(w[2] === "to" || w[2] === "for" ? 3 : 2).join(" ");
  return THEN_WORDS.has(rest);
}

/** A short remark about the user before a comma ("i'm knackered, …", "ugh, …"); group 1 is the rest. */
const ASIDE = /^(?:i'm|im|i am|ugh|argh|phew|honestly|god|man|oh well|right|ok so|okay so)\b[^,]{0,30},\s*(\S.*)$/i;

/** Words before a comma that take back what was just said ("hold on, make it friday"). */
const TAKE_BACK_LEAD = ["hold on", "hang on", "wait", "no wait", "oh wait", "actually", "on second thought", "on second thoughts", "hmm"];

/** Words that only say the change just made was a mistake ("wrong one", "my bad", "sorry"). */
const MISTAKE_WORDS = new Set("wrong one task thing my bad mistake sorry soz oops whoops that was not it the".split(" "));
function mistakeRemark(text: string): boolean {
  const w: string[] = text.toLowerCase().match(/[a-z']+/g) ?? [];
  return (
    w.length > 0 &&
    w.length <= 5 &&
    w.every((x) => MISTAKE_WORDS.has(x)) &&
    (w.includes("wrong") || w.includes("bad") || w.includes("mistake"))
  );
}

/**
 * Rule REMARK-THEN-REQUEST: a remark, then a request that stands on its own ("bike shop cant do
 * sat, moving the bike service to monday", "ive got a meeting thursday so move the dentist to
 * friday"), or a request with its reason after it ("move the gutters to sunday because of the
 * rain"). The remark is only read for what the request points back at: "it"/"that" is the task
 * the remark names ("boss wants the report earlier, make it wednesday"), "then" its day ("my
 * brother is coming sunday so the plants can wait until then"). The request must read as
 * changes of named tasks (update, complete, reopen) and nothing else; anything else is not read
 * here, so a remark alone ("bike shop cant do sat") writes nothing.
 */
export function remarkThenRequest(text: string, clock: Clock): Intent[] | null {
  const split = splitRemark(text, clock);
  if (!split) return null;
  const { remark, request, reason } = split;
  const remarkWords: string[] = remark.toLowerCase().match(/[a-z0-9']+/g) ?? [];
  if (remarkWords.length === 0 || remarkWords.length > 20 || wordCount(request) > 16) return null;
  // "if the optician calls, move it to friday": a condition, not a remark — nothing is done yet.
  // "eye test is more important than the hair one, make it high": two tasks compared; "it" is not read here.
  if (CONDITION.has(remarkWords[0] ?? "") || remarkWords.includes("than")) return null;
  // A reason ("since …", "… because …") is a remark by its word; anything else must read as asking for nothing.
  if (reason ? isQuestion(remark, remark.toLowerCase()) : !onlyRemark(remark, remarkWords, clock)) return null;
  let w: string[] = request.toLowerCase().match(/[a-z0-9'#]+/g) ?? [];
  while (w.length && REQUEST_LEAD.has(w[0] ?? "")) w.shift();
  if (w[0] && GERUND[w[0]]) w[0] = GERUND[w[0]] ?? w[0];
  // "then" is the remark's day, "it"/"that" the task it names.
  if (w.includes("then")) {
    const due = findDue(remark, clock);
    const at = w.indexOf("then");
    if (!due || !["by", "till", "til", "until", "to", "for", "on", "before"].includes(w[at - 1] ?? "")) return null;
    const span = due.spans[0];
    if (!span) return null;
    const day = remark
      .slice(span.index, span.index + span.length)
      .toLowerCase()
      .split(/\s+/);
    while (["on", "by", "at", "for"].includes(day[0] ?? "")) day.shift();
    w.splice(at, 1, ...day);
  }
  // "do it by then", "get it done by the 15th": the day it is due.
  if (["do", "get", "finish", "have"].includes(w[0] ?? "") && ["it", "that", "this"].includes(w[1] ?? "")) {
    const by = w.findIndex((x) => x === "by" || x === "before");
    if (by > 1 && w.slice(2, by).every((x) => x === "done" || x === "sorted")) w = ["make", w[1] ?? "it", "due", ...w.slice(by + 1)];
  }
  // "the photos arent that urgent, set them to low": "them" for a plural thing the remark names.
  const plural = (antecedent(remarkWords)?.at(-1) ?? "").endsWith("s");
  const pronoun = w.findIndex((x) => x === "it" || x === "that" || x === "this" || (x === "them" && plural));
  if (pronoun >= 0) {
    const named = antecedent(remarkWords);
    // Rule REMARK-ABOUT-IT: "cant be bothered with that today, move it to tmrw": the remark names no
    // task either, so "it" is the task just shown or talked about (resolved, or asked, like any "it").
    if (!named && remarkWords.some((x) => x === "it" || x === "that" || x === "this")) {
      const read = classifyBounded(w.join(" "), clock, false);
      const onIt = (i: Intent) =>
        (i.type === "update" && i.ref.kind === "pronoun") ||
        ((i.type === "complete" || i.type === "reopen") && i.refs.length === 1 && i.refs[0]?.kind === "pronoun");
      return read.length === 1 && read.every(onIt) ? read : null;
    }
    if (!named) return null;
    w = [...w.slice(0, pronoun), "the", ...named, ...w.slice(pronoun + 1)];
  }
  if (w.length < 2) return null;
  const named = (i: Intent) =>
    ((i.type === "complete" || i.type === "reopen") && i.refs.every((r) => r.kind === "phrase")) ||
    (i.type === "update" && i.ref.kind === "phrase") ||
    // "cant face today, move todays stuff to tomorrow": a group the request narrows itself, never a bare "everything".
    (i.type === "bulkUpdate" && Boolean(i.filter.due || i.filter.window || i.filter.scope || i.filter.label || i.filter.list));
  const read = classifyBounded(w.join(" "), clock, false);
  if (read.length > 0 && read.every(named)) return read;
  // "the gutters can be low priority": said of the task, read as "make the gutters low priority".
  const modal = w.findIndex((x, i) => ["can", "could", "should"].includes(x) && w[i + 1] === "be");
  if (modal > 0 && modal <= 4 && (w[0] === "the" || w[0] === "my")) {
    const made = classifyBounded(["make", ...w.slice(0, modal), ...w.slice(modal + 2)].join(" "), clock, false);
    if (made.length === 1 && made[0]?.type === "update" && made[0].ref.kind === "phrase" && !made[0].changes.title) return made;
  }
  // "make the report wednesday" is read as a new title: a day after the task is a move.
  const at = w.indexOf("the");
  if (pronoun >= 0 && ["make", "have", "put", "set"].includes(w[0] ?? "") && at === 1) {
    const rest = w.slice(2 + (antecedent(remarkWords)?.length ?? 0)).join(" ");
    const due = rest ? findDue(rest, clock) : null;
    const covered = due ? due.spans.reduce((n, sp) => n + sp.length, 0) : 0;
    if (due && covered >= rest.replace(/^(?:on|for|to) /, "").length) {
      const moved = classifyBounded(
        `move ${w.slice(1, w.length - rest.split(" ").length).join(" ")} to ${rest.replace(/^(?:on|for|to) /, "")}`,
        clock,
        false,
      );
      if (moved.length > 0 && moved.every(named)) return moved;
    }
  }
  return null;
}

/** Whether a piece asks for nothing itself: no question, no command, no change of a task. */
function onlyRemark(remark: string, w: string[], clock: Clock): boolean {
  // "can't face today": a negated modal that opens a remark without a question mark tells, it does not ask.
  const tells = !remark.includes("?") && /^(?:i\s+)?(?:can't|cant|cannot|couldn't|couldnt)\s+(?!you\b|u\b|ya\b)/.test(remark.toLowerCase());
  if ((isQuestion(remark, remark.toLowerCase()) && !tells) || isBaseVerb(w[0] ?? "") || MANAGEMENT_VERB.test(remark.toLowerCase()))
    return false;
  const read = classifyBounded(remark, clock, false);
  return read.every((i) => ["unknown", "say", "offer", "add", "list"].includes(i.type) && !(i.type === "say" && i.kind === "too-long"));
}

/** Verbs of moving a task that may start the request after "so" ("… so push the boiler to thursday"). */
const MOVE_VERB = new Set("push shift bump shove stick put pop bring knock kick slide".split(" "));

/** Words that open a condition ("if the optician calls, …"): what follows waits on it. */
const CONDITION = new Set("if when once unless whenever maybe perhaps assuming provided incase".split(" "));

/** Words before the request that say nothing more ("so", "and", "i'm", "gonna"). */
const REQUEST_LEAD = new Set("so and but then im i'm ill i'll gonna going to just please pls can you could u".split(" "));

/** "moving the bike service to monday": the request said as what the user is doing. */
const GERUND: Record<string, string> = {
  moving: "move",
  pushing: "push",
  shifting: "shift",
  bumping: "bump",
  changing: "change",
  making: "make",
  putting: "put",
  setting: "set",
  marking: "mark",
};

/** Where a remark ends and the request begins: the first comma, else " so "; or a reason after the request. */
function splitRemark(text: string, clock: Clock): { remark: string; request: string; reason: boolean } | null {
  const lower = text.toLowerCase();
  for (const reason of [" because ", " cos ", " coz ", " cause ", " since "]) {
    const at = lower.indexOf(reason);
    if (at > 0) return { remark: text.slice(at + reason.length), request: text.slice(0, at).replace(/,\s*$/, ""), reason: true };
  }
  // "boss says the report is top priority now": who said it, then what they said.
  for (const said of [" says ", " said ", " reckons "]) {
    const at = lower.indexOf(said);
    if (at > 0 && lower.slice(0, at).split(" ").length <= 3 && !lower.includes(","))
      return { remark: text.slice(0, at), request: text.slice(at + said.length).replace(/^that /i, ""), reason: false };
  }
  const comma = text.indexOf(",");
  if (comma > 0 && text.indexOf(",", comma + 1) < 0) {
    const first = text.slice(0, comma);
    const remark = first.replace(/^(?:since|as|because|cos|coz) /i, "");
    return { remark, request: text.slice(comma + 1).trim(), reason: remark !== first };
  }
  // "the tap's getting worse, there's water all down the cupboard now, make it urgent pls": two remarks, then a
  // change of "it" after the last comma. "It" is what the first remark names ("fittings arent urgent, got plenty in
  // the van, make it low" is the fittings, never the van); the second only tells.
  const last = text.lastIndexOf(",");
  const middle = text.slice(comma + 1, last);
  const middleWords = middle.toLowerCase().match(/[a-z0-9][a-z0-9']*/g) ?? [];
  if (
    comma > 0 &&
    text.indexOf(",", comma + 1) === last &&
    MAKE_IT.test(cleanRequest(text.slice(last + 1))) &&
    (saysAside(middle, clock) || statesWhy(middleWords))
  )
    return { remark: text.slice(0, comma), request: text.slice(last + 1).trim(), reason: false };
  const so = lower.indexOf(" so ");
  // "i'm so tired today": "so" before a word that starts no request is "very", not "and therefore".
  const after = lower.slice(so + 4).split(" ")[0] ?? "";
  const startsRequest =
    isBaseVerb(after) ||
    MANAGEMENT_VERB.test(after) ||
    MOVE_VERB.has(after) ||
    after in GERUND ||
    REQUEST_LEAD.has(after) ||
    ["the", "my", "it", "that"].includes(after);
  if (so > 0 && lower.indexOf(" so ", so + 1) < 0 && startsRequest)
    return { remark: text.slice(0, so), request: text.slice(so + 4), reason: false };
  return null;
}

/** Words that end the name of a task in a remark ("the report earlier", "dentist called"). */
const NAME_ENDS = new Set(
  (
    "is isnt isn't was wasnt wasn't are arent aren't can cant can't could couldnt should will wont won't would has have had " +
    "needs need wants want runs run ran called calls rang moved said says actually really now still earlier later sooner " +
    "today tomorrow tonight on by at in for to from till until so and but got gets doesnt doesn't dont don't did didnt " +
    "closed shut booked cancelled canceled changed due expires ends starts anymore"
  ).split(" "),
);
/** Words a remark's task name never starts with. */
const NOT_A_NAME = new Set(
  "i im i'm ive i've we it its it's they he she you just ok okay so oh well boss thanks thank ta cheers great cool nice".split(" "),
);

/** The task a remark names: the words after its first "the"/"my", else from its start, up to a verb or adverb. */
function antecedent(w: string[]): string[] | null {
  const article = w.findIndex((x) => x === "the" || x === "my");
  // "not stressing over hargreaves anymore", "sick of waiting on the plumber": what a feeling is about.
  const about =
    article < 0 && /^(?:not|no|so|sick|fed|bored|done|over|worried|stressing|stressed)$/.test(w[0] ?? "")
      ? w.findIndex((x, i) => i > 0 && /^(?:about|over|with|of|on)$/.test(x))
      : -1;
  const from = article >= 0 ? article + 1 : about > 0 ? about + 1 : 0;
  if (article < 0 && about < 0 && NOT_A_NAME.has(w[0] ?? "")) return null;
  const name: string[] = [];
  const rest = w.slice(from);
  for (const [k, x] of rest.entries()) {
    if (NAME_ENDS.has(x)) break;
    // "cat litter's getting low": the "'s" is "is" when a verb in -ing or a state follows ("mum's card" stays a name).
    const next = rest[k + 1] ?? "";
    if (x.endsWith("'s") && x.length > 2 && (NAME_ENDS.has(next) || /^[a-z]{2,}ing$/.test(next) || JUDGEMENTS.has(next))) {
      name.push(x.slice(0, -2));
      break;
    }
    name.push(x);
  }
  return name.length >= 1 && name.length <= 3 && !name.some((x) => NOT_A_NAME.has(x)) ? name : null;
}
