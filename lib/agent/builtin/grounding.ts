/**
 * Grounding: what a message refers to in the user's own data, and the explanation gate.
 *
 * The clause readers (intents/) read a message without the user's data. When their reading is
 * not a confident request (an offer, an answer, a question back), the planner looks the user's
 * tasks up once (list_tasks) and reads the message again here, against what it found:
 *
 * 1. **Mention**: the words that name one task ("the glasses", "the glasses one", "optician",
 *    "pension stuff"), matched on content words (inflections, word order; articles and the
 *    "one/thing/stuff" tail belong to the mention). Two tasks named equally well → ask.
 * 2. **Slots**: the rest is read as token rules (RULES below, tried in the declared order), each
 *    taking the tokens it explains: a shift ("another week"), a reminder ("warn me two hours
 *    before"), a repeat, a list ("goes in the errands list"), a label taken off or put on, a
 *    priority, "done/sorted", a new day.
 * 3. **Gate**: the reading writes only when every token left is a known filler or action word
 *    (LEXICON) and no negation, relay, hypothetical or genuine question is present. Otherwise
 *    nothing is written and the planner keeps the readers' own answer or offer.
 *
 * Regexes here only recognise single tokens or fixed short token sequences (no nested quantifiers).
 */
import { findReminderPhrase } from "@/lib/task-line/reminder-phrases";
import type { Clock } from "@/lib/task-line/clock";
import { diffDays, SHORT_WEEKDAYS } from "@/lib/task-line/calendar";
import { dueToString, findDue, reminderTime } from "@/lib/task-line/dates";
import { numberFrom } from "@/lib/task-line/numbers";
import type { Changes, Priority } from "./intents/types";
import type { TaskView } from "./prompt-reader";
import { readTaskLine } from "@/lib/task-line/read";
import { capitalize } from "@/lib/task-line/text";
import { commaBeforeWhy } from "./text";
import { baseOfPast, getsAThing, isBaseVerb, isContactVerb, isPastForm, sameChore, toldPast } from "./verbs";
import { FUNCTION_WORDS, OPINION_ASKED, OPINION_WORDS, saysOpinion, shortFormOf } from "./lexicon";
import { compoundHead, editDistance, initialsRun } from "@/lib/tasks/match";
import { othersNews } from "./intents/gate";
import { reasonFits, saysAside, statesWhy, WHY_NOT } from "./intents/aside";
import { correctionSplit } from "./corrections";
import { listNamed } from "./intents/list-tail";

export type GroundedChange = { task: TaskView; changes: Changes };
export type Grounding =
  | { kind: "change"; change: GroundedChange; also?: GroundedChange[] }
  | { kind: "ambiguous"; tasks: TaskView[] }
  /** rule date-of-what-for: a day told of what a task is for ("mum's birthday is on the 14th"); nothing to write. */
  | { kind: "whatFor"; task: TaskView; due: string }
  | null;

/** Title verbs of sending a thing, and how it went (SENT_BY): "on the whatsapp group", "by email", "in the post". */
const SENDS: ReadonlySet<string> = new Set(["send", "post", "email", "mail", "share", "circulate", "publish", "forward"]);
const SENT_BY =
  /^(?:on (?:the |our |my )?(?:[a-z]+ )?(?:group|chat|channel|whatsapp|facebook|website|site|newsletter|email|app)|by (?:e-?mail|text|post|whatsapp)|via [a-z]+|in the post|over (?:e-?mail|whatsapp|text))(?: (?:earlier|today|yesterday|this morning|last night|just now|already|at last|finally))?$/;
/** A clause told in the past by its subject ("he was v brave", "they were lovely about it"). */
const TOLD_PAST = /^(?:he|she|they|it|we|i|everyone|everybody) (?:was|were|did|had|went|got)\b/;
/** Words that never name a task on their own (lexicon.ts). */
const STOP = FUNCTION_WORDS;

/**
 * The lexicon the gate accounts words with: informal action words (with inflections and common
 * typos), fillers and slot words. A word left over after the mention and the slots must be here.
 */
const LEXICON = {
  /** Words that ask for a change, in any form ("make", "goes", "put", "shove", "stick"…). */
  action: (
    "make makes made making set sets setting change changes changed update put puts putting move moves moved moving " +
    "shift shifts shifted push pushes pushed pushing bump bumped kick kicked knock knocked slide slid stick sticks stuck pop popped shove shoved chuck chucked bung bunged whack whacked slap slapped plonk plonked " +
    "go goes going went belong belongs belonged file filed turn turns turned mark marked flag flagged give gave take took taken drop dropped " +
    "remove removed removing pull pulled strip stripped lose lost clear cleared get rid untag unlabel tag tagged label labelled labeled add added " +
    "happen happens happening repeat repeats repeating recur recurs recurring remind reminds reminded warn ping nudge alert notify buzz " +
    "wait waits slip slips slipped doing take takes taking live lives sit sits " +
    "wait waits can't cannot need needs needed want wanted give extend extended delay delayed postpone postponed reschedule rescheduled " +
    // "the plumber can't come until thursday", "i'd rather do the timesheet tomorrow": the day is the change.
    "come comes coming do bring brings brought bringing snooze snoozes snoozed " +
    // issue 24 wave 10, news of a change: "the offsite got moved", "sack off the car wash till the weekend".
    "sack sacked rearranged rebooked"
  ).split(" "),
  /** Fillers: politeness, hedges and connecting words a request can carry. */
  filler: (
    "please pls plz can could would will you u just so now then also actually tbh honestly really right ok okay yeah yep um hmm well " +
    "i i'm i'll we me my the a an it that this to for of in on at by with from into onto off out up about and be is are was should " +
    "let's lets let super very quite pretty extremely seriously definitely ugh argh phew ah meh gosh blimey crikey damn " +
    "from_now_on now anyway anyways mate cheers thanks ta think guess suppose reckon more bit lot please kindly instead either " +
    "list label tag priority due date deadline time reminder before beforehand ahead advance it's its one thing stuff task " +
    "r gonna gotta wanna lol ngl tho though abt bout prob probs rn atm x anymore whatever finally morning afternoon evening night v " +
    "i'd rather prefer sooner " +
    // "by wednesday latest", "by friday at the latest".
    "latest " +
    // w21: sentence adverbs ("legally the deposit has to go back by the 3rd").
    "legally technically officially apparently basically " +
    // w22: "all the hampers are packed".
    "all " +
    // issue 24 wave 8: hedges of everyday edits ("kinda urgent", "obvs", "only weekdays now", "like thurs").
    "kinda sorta obvs innit tbf defo only like theres there's than thought expected whenever proper"
  ).split(" "),
  negator: (
    "don't dont not never no nope nothing didn't doesn't won't shouldn't isn't aren't wasn't hasn't haven't " +
    "didnt doesnt wont shouldnt isnt arent wasnt hasnt havent aint ain't"
  ).split(" "),
  relay: "tell ask message text email whatsapp call ring".split(" "),
  hypothetical: "if maybe perhaps might wonder whether someday sometime eventually".split(" "),
  question: "what which when where who why how did does do is are was were has have".split(" "),
  /** Short and casual day words, read as the date reader knows them ("bump X to fri", "isnt til thurs"). */
  dayWord: {
    ...SHORT_WEEKDAYS,
    til: "till",
    tmrw: "tomorrow",
    tmr: "tomorrow",
    tmoz: "tomorrow",
    tomoz: "tomorrow",
    "2moro": "tomorrow",
  } as Record<string, string>,
};

const ACTION = new Set(LEXICON.action);
const FILLER = new Set(LEXICON.filler);
const NEGATOR = new Set(LEXICON.negator);
const HYPOTHETICAL = new Set(LEXICON.hypothetical);

/** A word in a rough base form: "glasses" → "glass", "tomatoes" → "tomato", "booked" → "book". */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/'s$/, "");
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(?:ss|sh|ch|x|o)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  else return w;
  // "mopping" → "mop", "trimmed" → "trim" (never "fill", "press", "buzz", "stuff").
  const last = w.at(-1) ?? "";
  return w.length > 3 && last === w.at(-2) && !/[aeiouylsfz]/.test(last) ? w.slice(0, -1) : w;
}

/** Two stems for the same word, allowing a shortened or longer form ("licence"/"licences", "present"/"presents"). */
function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length >= 5 && b.length >= 5 && (a.startsWith(b) || b.startsWith(a))) return true;
  return nounOfVerb(a, b) || nounOfVerb(b, a) || shortFormOf(a, b);
}

/** "registration" of "register", "renovation" of "renovate", "arrival" of "arrive": a noun made of the verb. */
function nounOfVerb(noun: string, verb: string): boolean {
  const root = /^([a-z]{4,}?)(?:ation|ition|ion|ment|al)$/.exec(noun)?.[1];
  return root !== undefined && verb.length >= 4 && verb.replace(/(?:ate|er|e)$/, (m) => (m === "er" ? "r" : "")) === root;
}

type Token = { w: string; stem: string; used: boolean };

/** "when they open", "once the surgery opens", "when i get in": a time said by what happens then. */
const WHEN_OPEN =
  /^(?:when|once) (?:they|it|she|he|the \S+|\S+) (?:open|opens|reopen|reopens|are open|is open|open up|opens up|get in|gets in|are in|is in)$|^(?:when|once) i (?:get in|get up|wake up|get home|get back|finish work)$|^when (?:the )?(?:parents|kids|children|everyone|people|staff|they|customers) (?:are|is) (?:at|in|around|about|back|home)(?: [a-z]+){0,3}$/;

function tokenize(text: string): Token[] {
  const words =
    text
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .match(/#?[a-z0-9][a-z0-9'-]*/g) ?? [];
  return words.slice(0, 60).map((w) => ({ w: w.replace(/'$/, ""), stem: stem(w.replace(/^#/, "")), used: false }));
}

/** Content words of a title: what can name it. */
function contentStems(title: string): string[] {
  // "the memory box" names "Sort the memory-box project": a hyphened word's parts are its words too.
  return tokenize(title)
    .filter((t) => !STOP.has(t.w) && !/^\d+$/.test(t.w))
    .flatMap((t) => (/^[a-z]{3,}(?:-[a-z]{3,})+$/.test(t.w) ? [t.stem, ...t.w.split("-").map(stem)] : [t.stem]));
}

/** "the trip one", "the birthday thing": words that name a task as a task. */
const TASK_NOUN = new Set(["one", "thing", "stuff", "bit", "bits", "task", "job", "todo"]);
/** Words that start what a task is for ("Pack for the trip", "Buy a gift for Sam's wedding"). */
const FOR_WORD = new Set(["for", "before", "after", "about"]);
/** "the vet visit is due tomorrow", "the report is now friday", "the loft is a next-week job": a task's own due, said. */
const OWN_DUE = new Set([..."due deadline now moved pushed changed should can could needs need must".split(" "), ...TASK_NOUN]);

/**
 * A day told of a thing, not asked for: "X is/'s/are on <day>" with no word of a task's own due
 * ("due", "now", "can be", "the X one"). Lower-case text.
 */
export function toldDayOfThing(text: string): boolean {
  const words = tokenize(text).map((t) => t.w);
  return (
    words.some((w) => w === "is" || w === "are" || w.endsWith("'s")) &&
    !words.some((w) => OWN_DUE.has(w)) &&
    !isBaseVerb(words.find((w) => !FILLER.has(w) && !STOP.has(w)) ?? "")
  );
}

/**
 * rule date-of-what-for: a day told of the thing a task is for is that thing's day, not the task's;
 * only a request changes the task's due. The thing is named by the words after the title's "for"
 * ("trip's in 6 days" beside "Pack for the trip", "the wedding's on the 5th" beside "Buy a gift for
 * the wedding"), or by words that only qualify the object of a title that
 * starts with a verb, unless the message asks ("our anniversary is the 8th" beside "Order anniversary
 * flowers", "the train was delayed again" beside "Expense the train tickets"). Never when the message
 * names the title's verb or its object's head noun (the last word before "for"), or says "the X one".
 */
function namesOnlyWhatFor(tokens: Token[], mention: Mention): boolean {
  if (TASK_NOUN.has(tokens[mention.to + 1]?.w ?? "")) return false;
  // "MOT is the day after tomorrow now": a day that changed is the task's new day.
  if (tokens.some((t) => /^(?:now|moved|changed|rescheduled|instead)$/.test(t.w))) return false;
  const words = tokenize(mention.task.title);
  const at = words.findIndex((t) => FOR_WORD.has(t.w));
  const object = (at < 0 ? words : words.slice(0, at)).filter((t) => !STOP.has(t.w));
  const verb = object[0];
  if (!verb) return false;
  const head = new Set([verb.stem, object.at(-1)!.stem]);
  const after = new Set((at < 0 ? [] : words.slice(at + 1)).filter((t) => !STOP.has(t.w)).map((t) => t.stem));
  const named = tokens
    .slice(mention.from, mention.to + 1)
    .filter((t) => !STOP.has(t.w))
    .map((t) => t.stem);
  if (named.length === 0 || named.some((x) => head.has(x))) return false;
  // "hoover back to sam tomorrow" of "Return the hoover to Sam": the task's own act or object said anywhere names the task.
  const acts = new Set(sameActs(verb.stem));
  if (tokens.some((t) => head.has(t.stem) || acts.has(t.stem))) return false;
  if (named.some((x) => after.has(x))) return !tokens.some((t) => ACTION.has(t.w));
  // "the train was delayed again" beside "Expense the train tickets": news of the train, not of the task.
  const qualifier = new Set(object.slice(1, -1).map((t) => t.stem));
  const asks = tokens.slice(0, mention.from).some((t) => ACTION.has(t.w) || isBaseVerb(t.w));
  return isBaseVerb(verb.w) && named.every((x) => qualifier.has(x)) && !asks && !tokens.some((t) => OWN_DUE.has(t.w));
}

/** Words that are slots, never a task's name ("week", "urgent", "friday", "list"). */
const SLOT_WORD =
  /^(?:day|week|fortnight|month|year|hour|minute|min|today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun|weekend|morning|afternoon|evening|night|urgent|important|priority|high|low|medium|whenever|list|label|tag|inbox|every|daily|weekly|fortnightly|biweekly|monthly|yearly|annually|another|extra|more|later|earlier|before|after|done|sorted|finished|next|last|first|second|third)$/;

/** Month names: "in march" is a time, never a list. */
const MONTHS = new Set(
  "january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec".split(
    " ",
  ),
);

type Mention = { task: TaskView; score: number; from: number; to: number };

/** The stem of a title's first word when it is a verb ("Book the van in" → "book"). */
function verbStem(title: string): string | undefined {
  const head = tokenize(title)[0];
  return head && !STOP.has(head.w) && isBaseVerb(head.w) ? head.stem : undefined;
}

/** The words of a title that own the word after them ("Dad's" in "… about Dad's boiler"), without the "'s". */
export function ownersIn(title: string): Set<string> {
  const words = tokenize(title);
  return new Set(words.flatMap((t, k) => (/'s$/.test(t.w) && k + 1 < words.length ? [t.w.slice(0, -2)] : [])));
}

/** The task the tokens name best; null when none, several when tied. */
function findMention(tokens: Token[], tasks: TaskView[]): Mention[] {
  const found: Mention[] = [];
  // "ear defenders" of 'Order ear defenders …' never names 'EHCP annual review' by its initials: a word of a title is that word.
  const titleWords = new Set(tasks.flatMap((t) => contentStems(t.title)));
  for (const task of tasks) {
    const stems = contentStems(task.title);
    if (stems.length === 0) continue;
    const hit: number[] = [];
    const matched = new Set<string>();
    const owners = ownersIn(task.title);
    tokens.forEach((t, i) => {
      // "tag the cake #leo": a hashtag is a label said, never a title's word ("Read with Leo").
      if (STOP.has(t.w) || SLOT_WORD.test(t.stem) || ACTION.has(t.w) || t.w.startsWith("#")) return;
      // "phone dad" never names "Phone British Gas about Dad's boiler": whom a verb is done to is not an owner.
      if (i > 0 && owners.has(t.w) && (isBaseVerb(tokens[i - 1]!.w) || isContactVerb(tokens[i - 1]!.w))) return;
      // "bulbs are bought" names "Buy bulbs" (the past of its verb), not "Plant bulbs".
      const done = i > 0 && COPULA.test(tokens[i - 1]!.w) && baseOfPast(t.w);
      // "pump the balls" names "Pump up the footballs": a word that is a title compound's head (match.ts compoundHead).
      // "do my books" never names "Book the van in": after "my/the" the verb's own word is a thing ("the photos" may
      // still name "Photograph the cakes").
      const thing = i > 0 && /^(?:my|the|a|an|our|your|his|her|their|some)$/.test(tokens[i - 1]!.w);
      const s =
        stems.find((x) => (sameStem(x, t.stem) || x === done) && !(thing && x === t.stem && x === verbStem(task.title))) ??
        stems.find((x) => compoundHead(t.stem, x));
      if (s) {
        hit.push(i);
        matched.add(s);
        return;
      }
      // "toms PR" of "Review Tom's pull request": the initials of title words next to each other.
      const initials = titleWords.has(t.stem) ? null : initialsRun(t.w, stems);
      if (initials) {
        hit.push(i);
        for (const x of initials) matched.add(x);
      }
    });
    if (hit.length === 0) continue;
    // "phone dad" of "Phone British Gas about …": only the title's verb said, then an object of the message's own.
    const after = tokens[hit[0]! + 1];
    if (matched.size === 1 && matched.has(verbStem(task.title) ?? "") && after && owners.has(after.w)) continue;
    // A mention is one run of words from the first match: a match far after it is something else.
    const from = hit[0]!;
    let to = from;
    // "call the boiler task boiler service instead": "task/one/item" closes the mention.
    for (const i of hit.slice(1)) {
      if (i - to > 2 || tokens.slice(to + 1, i).some((t) => /^(?:one|task|item)$/.test(t.w))) break;
      to = i;
    }
    // "tins can be picked up" names "Collect the tins", not "Pick up my prescription": a title's verb
    // matched by the message's verb weighs half a word.
    const verb = verbStem(task.title);
    const weight = [...matched].reduce((n, x) => n + (x === verb ? 0.5 : 1), 0);
    found.push({ task, score: weight / Math.max(stems.length, 1) + weight, from, to });
  }
  if (found.length === 0) return typoMention(tokens, tasks);
  const best = Math.max(...found.map((f) => f.score));
  return found.filter((f) => f.score === best);
}

/**
 * typo-mention (issue 24, wave 10): when no word names a task, one long word typed a letter or two
 * off a title's long word ("electrican" for "Book the electrician", "prescriptoin") names it: both
 * six letters or more, the same first letter, one edit (two from nine letters). Only when nothing
 * matched as typed, so a word that names one task as typed is never read as another's typo.
 */
function typoMention(tokens: Token[], tasks: TaskView[]): Mention[] {
  const found: Mention[] = [];
  for (const task of tasks) {
    const stems = contentStems(task.title).filter((x) => x.length >= 6);
    const at = tokens.findIndex((t) => {
      if (t.stem.length < 6 || STOP.has(t.w) || SLOT_WORD.test(t.stem) || ACTION.has(t.w)) return false;
      return stems.some((x) => x[0] === t.stem[0] && typoClose(x, t.stem));
    });
    if (at >= 0) found.push({ task, score: 1, from: at, to: at });
  }
  return found;
}
function typoClose(a: string, b: string): boolean {
  const allowed = Math.min(a.length, b.length) >= 9 ? 2 : 1;
  return Math.abs(a.length - b.length) <= allowed && editDistance(a, b) <= allowed;
}

/**
 * rule question-names-task (w14): the tasks a question names ("can the florist wait?", "is the cake
 * before or after the florist", "did i get the euros"), best first, at most three. Each is the best
 * mention of the words not yet taken, named by at least one word of its title that is not a verb
 * ("did i get the euros" names 'Exchange euros', never 'Get the car MOT done').
 */
export function tasksAskedAbout(text: string, tasks: TaskView[]): TaskView[] {
  const tokens = tokenize(text);
  const out: TaskView[] = [];
  for (let round = 0; round < 3 && out.length < 3; round++) {
    const left = tokens.map((t) => (t.used ? { ...t, w: "the", stem: "the" } : t));
    const mentions = findMention(
      left,
      tasks.filter((t) => !out.includes(t)),
    ).filter((m) => {
      const stems = contentStems(m.task.title);
      return left.slice(m.from, m.to + 1).some((t) => !isBaseVerb(t.w) && stems.some((x) => sameStem(x, t.stem)));
    });
    if (mentions.length === 0 || mentions.length > 3) break;
    for (const m of mentions) {
      if (out.length < 3) out.push(m.task);
      takeMention(tokens, m);
    }
  }
  return out;
}

/** Marks the mention's tokens used, with its articles before and its "one/thing/stuff/'s" after. */
function takeMention(tokens: Token[], m: Mention): void {
  let from = m.from;
  let to = m.to;
  const title = new Set(tokenize(m.task.title).map((t) => t.stem));
  // A hashtag is a label said, never the name's ("tag the cake #leo" of "Order Leo's cake").
  const named = (t: Token) => title.has(t.stem) && !t.w.startsWith("#");
  while (from > 0 && (/^(?:the|my|that|this|our|those|these)$/.test(tokens[from - 1]!.w) || named(tokens[from - 1]!))) from--;
  while (
    to + 1 < tokens.length &&
    (/^(?:one|thing|things|stuff|task|bit|job|appointment|appt|booking|form|forms|bill|errand|business|pickup|renewal|reply|call|visit|email|trip|sesh|session)$/.test(
      tokens[to + 1]!.w.replace(/'s$/, ""),
    ) ||
      named(tokens[to + 1]!))
  ) {
    to++;
    // "call the boiler task boiler service instead": "task/one/item" closes the mention.
    if (/^(?:one|task|item)$/.test(tokens[to]!.w)) break;
  }
  // "vet's booked bella in for thursday": a told deed between the title's words ("booked") is no part of the name.
  for (let i = from; i <= to; i++) if (!toldInside(tokens[i]!, title)) tokens[i]!.used = true;
}

/** A past form inside a mention that is none of the title's words ("booked" in "vet's booked bella"): what happened. */
function toldInside(t: Token, title: Set<string>): boolean {
  return !title.has(t.stem) && baseOfPast(t.w) !== null && !isBaseVerb(t.w);
}

/** The message's words as typed (casing kept), one for each token of tokenize(). */
function typedWords(text: string): Array<{ w: string; index: number }> {
  return [...text.replace(/[’‘]/g, "'").matchAll(/#?[a-z0-9][a-z0-9'-]*/gi)].slice(0, 60).map((m) => ({ w: m[0], index: m.index }));
}

/** What kind of thing it is ("its chapel stuff", "it's a work thing"): said beside a placing request, it is why. */
const KIND_SAID = "(?:its|it's|it|that's|thats)(?: is)?(?: a| an)?(?: [a-z]+){1,2} (?:stuff|thing|things|job|business|matter)";
/** Verbs that place a task on a list ("stick it in home"). */
const PLACING = "(?:stick|put|pop|move|bung|shove|chuck|whack)";
/** A request to place the task on a list ("stick it in home", "pop that on work"), perhaps after what kind it is. */
const PLACES_IT = new RegExp(`^(?:${KIND_SAID} )?${PLACING} (?:it|that|them|this) (?:in|on|into|onto|to|under)\\b`);
/** "…, its the business van, shove it …": what the thing is, named. */
const KIND_NAMED = "(?:its|it's|that's|thats) the(?: [a-z]+){1,2}";
const KIND_BEFORE = new RegExp(`(?:^| )(?:${KIND_SAID}|${KIND_NAMED})$`);

/** Words that say the title is misspelt ("typo in the gorceries one, should be groceries"): a rename, never a note. */
const TYPO_WORD = /^(?:typo|typos|misspelt|misspelled|spelling|spelt|spelled)$/;
/** Words that say the rest of the message is a note on the task. */
const NOTE_WORD = /^(?:note|notes|details|detail|add|jot|down|write|put|info|remember)$/;
/** Words a note may start with after " - " ("school trip - remember to bring the form"). */
const NOTE_LEAD = /^(?:remember|don't|dont|bring|ask|take|need|needs|it's|its|they're|theyre|he's|hes|she's|shes|note)$/;
/**
 * A detail for the task after " - ": what someone likes or needs ("she likes gin"), what a thing is
 * called, its number or code ("engineer is called Raj", "ref 4471"). Anything else after a dash
 * ("bins - fox got into them again", "bins - they stink") is a remark, never written.
 */
const DETAIL =
  /^(?:he|she|they|he's|she's|they're|hes|shes|theyre)\s+(?:likes?|loves?|wants?|prefers?|needs?|hates?|is allergic|are allergic|'s allergic)\b|\b(?:called|named|number|code|ref|reference)\b/;
/** How long a priority holds ("urgent this week", "top priority for now"): said with it, never a due date. */
const PRIORITY_SPAN = ["this week", "this month", "for now", "for the moment", "at the moment", "right now", "today"].map((f) =>
  f.split(" "),
);
/** The leads of NOTE_LEAD that tell what to do ("…, bring the form"), not why ("…, it's broken"). */
const NOTE_ASKS = /^(?:remember|don't|dont|bring|ask|take|need|needs|note)$/;
/** Words the new title never ends with ("call the gym one cancel membership instead"). */
const TITLE_TAIL = /^(?:instead|pls|please|thanks|ta|lol|tbh|now)$/;
/** "running low", "getting low": how much is left, of anything. */
const RUNNING = new Set("running getting run ran gone going bit very really quite so too".split(" "));
const firstWordOf = (title: string) => (title.trim().split(/\s+/)[0] ?? "").toLowerCase();
/** Words a clause of its own starts with ("it stinks", "something's leaking"). */
const SUBJECT = /^(?:it|they|he|she|something|someone|somebody|everything|everyone)(?:'s|s)?$|^(?:we|we're|were|i|i'm|im|they're|theyre)$/;
/** A copula: "the bins are out", "mum's been called". */
const COPULA = /^(?:is|are|was|were|been|be|'s|got|its|it's)$/;
/** Verbs whose object may be the one who did it ("mum called" = mum phoned): their bare participle is not a completion. */
const TWO_WAY_VERB = /^(?:call|ring|phone|text|email|message|ask|tell|visit|meet|see|pay|reply|answer|respond|write|contact|speak|talk)$/;

/** Verbs said of a thing as a clause of its own ("car fails without it", "the van won't start"). */
const FINITE =
  /^(?:won't|wont|can't|cant|doesn't|doesnt|isn't|isnt|will|can|has|had|needs|goes|keeps|fails|breaks|stinks|leaks|runs|dies|expires|ends|starts|closes|shuts)$/;
/** "car fails without it", "the van won't start": a thing, then a verb of its own (rule WHY-NOT-NOTE). */
function saysItsOwnVerb(rest: Token[]): boolean {
  const k = /^(?:the|my|our|his|her|their)$/.test(rest[0]?.w ?? "") ? 1 : 0;
  return rest.length >= k + 2 && !ACTION.has(rest[k]!.w) && (FINITE.test(rest[k + 1]!.w) || toldPast(rest[k + 1]!.w));
}

/** Task verbs that "get back to" someone does ("Reply to the Chens", "Email Sam", "Ring the school back"). */
const REPLY_VERB = /^(?:reply|respond|answer|email|text|message|write|call|ring|phone)$/;
/** "the bins are out" (Put the bins out), "mums been called" (Call mum), "dentists booked" (Book dentist). */
function statesDone(tokens: Token[], task: TaskView): number[] | null {
  const title = tokenize(task.title);
  const verb = title[0]?.w ?? "";
  // "need the bike fixed by tomorrow" is a wish, not a state.
  if (tokens.some((t) => /^(?:need|needs|want|wants|gotta|must)$/.test(t.w))) return null;
  // "pete did the gas check" (Gas safety check for B&B): a task named as a thing, and "did" before it.
  if (!isBaseVerb(verb)) return didTheThing(tokens, title);
  // "Take the bins out", "Get the decorations down from the loft": the particle after the thing (never the verb's own: "Back up …").
  // "Put up the shelves", "Take down the tree": the verb's own "up/down" for things put up or taken down ("shelves are up").
  const particle =
    (/^(?:put|hang|take|pin)$/.test(verb) && /^(?:up|down)$/.test(title[1]?.w ?? "") ? title[1]!.w : null) ??
    // "Send out the fixtures": "the fixtures went out".
    (SENDS.has(verb) && title[1]?.w === "out" ? "out" : null) ??
    title.slice(2).find((t) => /^(?:out|in|up|away|off|back|down)$/.test(t.w))?.w ??
    null;
  for (let i = 0; i < tokens.length; i++) {
    const w = tokens[i]!.w;
    // "got back to the chens" (Reply to the Chen family): "get back to" someone is the reply itself.
    if (/^(?:got|gotten)$/.test(w) && tokens[i + 1]?.w === "back" && tokens[i + 2]?.w === "to" && REPLY_VERB.test(verb)) return [i, i + 2];
    // "the post should be checked" is a wish, not a state.
    if (/^(?:should|must|needs|need|to|will|can|could|gotta)$/.test(tokens[i - 2]?.w ?? "")) continue;
    // "the dishwasher is being emptied", "the car's getting washed": under way, not done.
    if (/^(?:being|getting)$/.test(tokens[i - 1]?.w ?? "")) continue;
    // "get it booked by friday", "get the train booked": asked for, not done ("got it booked" is done).
    if (tokens.slice(Math.max(0, i - 4), i).some((t) => t.w === "get")) continue;
    const after = COPULA.test(tokens[i - 1]?.w ?? "") || /'s$/.test(tokens[i - 1]?.w ?? "");
    if (particle && w === particle && after) return [i - 1, i];
    if (particle === "out" && w === "out" && tokens[i - 1]?.w === "went" && i >= 2) return [i - 1, i];
    // "recycling's gone down", "the bins have gone out": what was taken down or out has gone there.
    if (
      particle &&
      w === particle &&
      tokens[i - 1]?.w === "gone" &&
      (COPULA.test(tokens[i - 2]?.w ?? "") || /'s$/.test(tokens[i - 2]?.w ?? ""))
    )
      return [i - 2, i];
    // "new chain's on" (Replace the chain on the road bike): a part fitted is on.
    if (
      w === "on" &&
      after &&
      i === tokens.length - 1 &&
      sameChore(verb, "replace") &&
      tokens[i - 1]?.w.replace(/'s$/, "") !== tokens[i - 1]?.w
    )
      return [i - 1, i];
    const past = baseOfPast(w);
    // "brochure proofread", "miller paper read": a verb whose past is its own form, closing the message after the thing.
    const sameForm =
      w === verb && SAME_FORM_PAST.has(w) && i === tokens.length - 1 && i > 0 && title.some((t) => t.stem === tokens[i - 1]!.stem);
    if ((past === verb && w !== verb) || sameForm) {
      // "mum called" may say mum phoned; "mums been called" / "called mum" say it was done.
      if (!after && i > 0 && TWO_WAY_VERB.test(verb)) continue;
      return after ? [i - 1, i] : [i, i];
    }
    // "energy's set up at the new flat" (Set up energy at the new flat), "kitchen's all boxed up" (Pack the kitchen boxes):
    // the verb and its particle as the state it leaves; where, in the title's words.
    const allAfter = tokens[i - 1]?.w === "all" && (COPULA.test(tokens[i - 2]?.w ?? "") || /'s$/.test(tokens[i - 2]?.w ?? ""));
    const ownParticle = /^(?:up|down|out|off)$/.test(title[1]?.w ?? "") ? title[1]!.w : verb === "pack" ? "up" : null;
    const phrasal = (w === verb && SAME_FORM_PAST.has(w)) || (verb === "pack" && /^(?:boxed|packed)$/.test(w));
    if (phrasal && ownParticle && tokens[i + 1]?.w === ownParticle && (after || allAfter)) {
      const rest = tokens.slice(i + 2);
      const where = rest.length > 0 && rest.every((t) => STOP.has(t.w) || title.some((x) => x.stem === t.stem));
      return [allAfter ? i - 2 : i - 1, where ? tokens.length - 1 : i + 1];
    }
    // "the bathroom's clean": the chore's verb as the state it leaves.
    if (w === verb && after && /^(?:clean|tidy|empty|fix|sort)$/.test(verb)) return [i - 1, i];
    // "garlic's in the ground", "the bulbs are in" (Plant the garlic): what was planted is in.
    if (w === "in" && after && /^(?:plant|sow)$/.test(verb)) {
      const ground = /^(?:the|a)$/.test(tokens[i + 1]?.w ?? "") && /^(?:ground|soil|bed|beds)$/.test(tokens[i + 2]?.w ?? "");
      return [i - 1, ground ? i + 2 : i];
    }
    // "boiler's in at mrs patel's" (Fit the new boiler at Mrs Patel's): what was fitted is in; where, in the title's words.
    if (w === "in" && after && /^(?:fit|install)$/.test(verb)) {
      let end = i;
      if (
        tokens[i + 1]?.w === "at" &&
        tokens.length > i + 2 &&
        tokens.slice(i + 2).every((t) => STOP.has(t.w) || title.some((x) => x.stem === t.stem))
      )
        end = tokens.length - 1;
      return [i - 1, end];
    }
    // "car seat's in dan's car now" (Swap the car seat into Dan's car): what was to go into a place is in it.
    if (w === "in" && after && /^(?:swap|move|put|transfer|load|get)$/.test(verb) && title.some((t) => t.w === "into")) {
      const rest = tokens.slice(i + 1);
      const place = rest.filter((t) => !STOP.has(t.w) && t.w !== "now");
      if (place.length > 0 && rest.every((t) => STOP.has(t.w) || t.w === "now" || title.some((x) => x.stem === t.stem)))
        return [i - 1, tokens.length - 1];
    }
    // "stair gate is up at last" (Fit the stair gate), "the shelves are up" (Put up the shelves): what was fitted is up.
    if (w === "up" && after && (/^(?:fit|install|hang|mount|erect)$/.test(verb) || (verb === "put" && title[1]?.w === "up")))
      return [i - 1, i];
    // "the uniforms are in the wash" (Wash the uniforms): what was put in to wash is in.
    if (w === "in" && after && verb === "wash" && tokens[i + 1]?.w === "the" && /^(?:wash|machine|washer)$/.test(tokens[i + 2]?.w ?? ""))
      return [i - 1, i + 2];
    // "the card machine's working again" (Fix the card machine): what was fixed works; "printers working
    // again" drops the 's after the title's own word.
    const own = title.some((t) => t.stem === tokens[i - 1]?.stem);
    if (w === "working" && (after || own) && sameChore(verb, "fix")) {
      const from = after ? i - 1 : i;
      return tokens[i + 1]?.w === "again" ? [from, i + 1] : [from, i];
    }
    // "shower in room 1's fixed" (Get plumber for dripping shower in room 1): the thing a fault was on, mended.
    if (/^(?:fixed|mended|repaired)$/.test(w) && after && title.some((t) => FAULT.test(t.w))) return [i - 1, i];
    // "fairy lights work again": said in the present, only with "again".
    if ((w === "work" || w === "works") && own && tokens[i + 1]?.w === "again" && sameChore(verb, "fix")) return [i, i + 1];
    // "pat's parcel has gone" (Send the parcel to Auntie Pat): what was sent has gone.
    if (w === "gone" && (after || /^(?:has|have)$/.test(tokens[i - 1]?.w ?? "")) && tokens[i + 1]?.w !== "to" && sameChore(verb, "give"))
      return [i - 1, i];
    // "max is back from the groomer" (Pick up Max from the groomer): who or what was fetched is back.
    if (w === "back" && after && /^(?:pick|collect|fetch)$/.test(verb)) {
      const subject = COPULA.test(tokens[i - 1]!.w) ? (tokens[i - 2]?.w ?? "") : tokens[i - 1]!.w.replace(/'s$/, "");
      if (title.slice(1).some((t) => t.stem === stem(subject))) {
        const from = tokens[i + 1]?.w === "from" && tokens.length - i <= 5 ? tokens.length - 1 : i;
        return [i - 1, from];
      }
    }
    // "the menu's up on insta" (Post the new menu on instagram): what was posted is up; "marsh site is live" (Deploy …);
    if (w === "up" && after && sameChore(verb, "publish")) return [i - 1, i];
    // "preorders are live" (Set up the preorder page): what was set up is live too.
    if (w === "live" && after && (sameChore(verb, "deploy") || (verb === "set" && title[1]?.w === "up"))) return [i - 1, i];
    // "the crown finally paid up" (Chase the Crown for payment): the one chased for money paid.
    const forMoney = /^(?:invoice|bill)$/.test(verb) || title.some((t) => MONEY.test(t.w));
    if (w === "paid" && CHASED.test(verb) && forMoney && tokens.slice(0, i).some((t) => title.slice(1).some((x) => x.stem === t.stem)))
      return [i, tokens[i + 1]?.w === "up" ? i + 1 : i];
    // "farm shop order's gone in", "the order's in" (Order breakfast stuff from farm shop): the order placed.
    if (
      verb === "order" &&
      w === "in" &&
      (tokens[i - 1]?.w === "order's" ||
        (/^(?:is|gone)$/.test(tokens[i - 1]?.w ?? "") && /^(?:order|order's)$/.test(tokens[i - 2]?.w ?? "")) ||
        (tokens[i - 1]?.w === "gone" && tokens[i - 2]?.w === "has" && tokens[i - 3]?.w === "order"))
    )
      return [tokens.findLastIndex((t, k) => k < i && /^order/.test(t.w)), i];
    // "camhs finally rang back re tyler" (Chase CAMHS referral for Tyler): the one chased got back.
    // Only a chase (never "Invoice …", "Remind dad …"), and the one chased named right before ("camhs finally rang").
    const chased = tokens.slice(0, i).findLast((t) => !FILLER.has(t.w));
    if (
      /^(?:chase|nag|hassle)$/.test(verb) &&
      (w === "got"
        ? tokens[i + 1]?.w === "back" && tokens[i + 2]?.w === "to"
        : /^(?:rang|called|phoned|emailed|texted|rung)$/.test(w)
          ? tokens[i + 1]?.w === "back"
          : /^(?:replied|answered|responded)$/.test(w)) &&
      chased !== undefined &&
      !STOP.has(chased.w) &&
      title.slice(1).some((x) => x.stem === chased.stem)
    )
      return [i, tokens[i + 1]?.w === "back" ? (tokens[i + 2]?.w === "to" ? i + 2 : i + 1) : i];
    // "chapter 3 is with okafor now" (Send chapter 3 to Dr Okafor): what was sent or given is with whom it went to;
    // "setlist's gone to dan" (Send the setlist to Dan): it went to whom it was for.
    // "sofa's gone to the tip" (Take the old sofa to the tip): it went where it was to be taken.
    const gone = w === "gone" && tokens[i + 1]?.w === "to";
    if ((w === "with" || gone) && after && (sameChore(verb, "give") || (gone && verb === "take"))) {
      const to = title.findIndex((t) => t.w === "to");
      const at = gone ? (/^(?:the|a|my)$/.test(tokens[i + 2]?.w ?? "") ? i + 3 : i + 2) : i + 1;
      const who = tokens[at]?.stem;
      if (to > 0 && who && title.slice(to + 1).some((t) => t.stem === who)) return [i - 1, at];
    }
    // "landlord has my notice" (Give the landlord notice), "lumen have their quote" (Send quote to Lumen Media):
    // whom it was for has it.
    // "luna's had her drops", "luna has had her drops" (Give Luna her eye drops): whom it was for has had it.
    const hadIt = w === "had" && i > 0 && (/'s$/.test(tokens[i - 1]!.w) || /^(?:has|have)$/.test(tokens[i - 1]!.w));
    // "biscuit's had his jabs" (Take Biscuit to the vet for his jabs), "alfie's had his jab" (Book Alfie's MMR jab).
    const takenFor = hadIt && /^(?:take|bring|book)$/.test(verb);
    if ((/^(?:has|have|got)$/.test(w) || hadIt) && i > 0 && (sameChore(verb, "give") || takenFor) && tokens[i + 1]?.w !== "had") {
      const who = hadIt && /^(?:has|have)$/.test(tokens[i - 1]!.w) ? tokens[i - 2] : tokens[i - 1];
      const holder = who !== undefined && title.slice(1).some((t) => t.stem === who.stem);
      const at = /^(?:my|the|their|his|her|our|your)$/.test(tokens[i + 1]?.w ?? "") ? i + 2 : i + 1;
      const thing = tokens[at];
      if (holder && thing && tokens.length === at + 1 && title.slice(1).some((t) => t.stem === thing.stem)) return [i - 1, at];
    }
    // "the library books are back" (Return the library books): said of the thing returned itself, never
    // of someone in its title ("mum's back" beside "Return mum's call").
    if (verb === "return" && w === "back" && after) {
      const subject = COPULA.test(tokens[i - 1]!.w) ? (tokens[i - 2]?.w ?? "") : tokens[i - 1]!.w.replace(/'s$/, "");
      if (stem(subject) === stem(title.at(-1)!.w)) return [i - 1, i];
    }
  }
  return null;
}

/** Words of a task about a fault to mend ("Get plumber for dripping shower", "Sort the leaking tap"). */
const FAULT = /^(?:fix|repair|mend|plumber|electrician|mechanic|engineer|dripping|leaking|leaky|leak|drip|broken|faulty|blocked)$/;

/**
 * "did the gas check", "pete did the gas check": "did" told of a thing-named task. Never asked: not after "you"
 * or "have", not after a filler ("so did the gas check go ok" asks), and no verb after the thing ("… go ok", "… happen").
 */
function didTheThing(tokens: Token[], title: Token[]): number[] | null {
  const at = tokens.findIndex((t, i) => {
    if (t.w !== "did" || /^(?:you|u|have|has)$/.test(tokens[i - 1]?.w ?? "")) return false;
    const next = /^(?:the|my|our|his|her|their)$/.test(tokens[i + 1]?.w ?? "") ? tokens[i + 2] : tokens[i + 1];
    return next !== undefined && title.some((x) => x.stem === next.stem);
  });
  if (at < 0) return null;
  const own = (t: Token) => title.some((x) => x.stem === t.stem);
  if (tokens.slice(at + 1).some((t) => isBaseVerb(t.w) && !own(t))) return null;
  // "pete did …", "the engineer did …": who did it, before; never a filler or a joining word.
  const who = tokens.slice(0, at);
  if (who.some((t) => FILLER.has(t.w) || (STOP.has(t.w) && t.w !== "the"))) return null;
  return who.length <= 2 && who.every((t) => !own(t) && !isBaseVerb(t.w)) ? [0, at] : null;
}

/** "…till march", "…until the end of next year": how long a renewal holds, never a new date. */
const HOLDS_UNTIL = /^(?:till|til|until|to)$/;
const UNTIL_WORD =
  /^(?:the|end|of|next|year|month|summer|spring|autumn|winter|christmas|xmas|easter|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|\d{4})$/;
/** Verbs whose deed holds for a while ("parking permit renewed till march", "insurance paid up to may"). */
// Never "book": "dentist is booked up till january" says the dentist is full.
const HOLDS = /^(?:renew|pay|extend|insure|tax|license|licence|subscribe)$/;

/**
 * Rule DONE-TAIL: what may follow a chore said done and is not the task — "at last", who it was done with
 * ("swapped the night shift with priya": one or two words, none of the task's title), and how long
 * a renewal holds ("permit renewed till march").
 */
function doneTail(tokens: Token[], after: number, task: TaskView, clock: Clock): void {
  // "shelves are up at last": relief, never a day.
  const n = tokens.length;
  // "sofa sold for 80 quid", "got the tickets for a tenner": what it went for, never a day.
  const price = tokens.findIndex((t, i) => i > after && t.w === "for");
  const amount = price > 0 ? words(tokens.slice(price + 1)) : [];
  if (
    price > 0 &&
    amount.length >= 2 &&
    amount.length <= 3 &&
    (/^\d+k?$/.test(amount[0]!) || /^(?:a|one|two|five|ten|twenty|fifty)$/.test(amount[0]!)) &&
    amount.slice(1).every((w) => /^(?:quid|pounds?|dollars?|bucks|euros?|grand|tenner|fiver|song|hundred)$/.test(w)) &&
    (sameChore(tokenize(task.title)[0]?.w ?? "", "sell") || getsAThing(tokenize(task.title)[0]?.w ?? ""))
  )
    take(tokens, price, n - 1);
  // "max is booked in at the groomers for the 9th", "table's booked for friday": when the booking is for, never a new date.
  const on = tokens.findIndex((t, i) => i > after && /^(?:for|on)$/.test(t.w));
  if (on > 0 && n - on <= 5 && sameChore(tokenize(task.title)[0]?.w ?? "", "book") && !tokens.slice(on).some((t) => t.used)) {
    const said = findDue(words(tokens.slice(on + 1)).join(" "), clock);
    if (said && said.spans.length === 1 && said.spans[0]!.index === 0) {
      take(tokens, on, n - 1);
      // "mias jabs are booked in at the surgery for the 14th": where the booking is, before when.
      const at = tokens.findIndex((t, i) => i > after && i < on && t.w === "at");
      if (at > 0 && on - at <= 4 && !tokens.slice(at, on).some((t) => t.used || isBaseVerb(t.w))) take(tokens, at, on - 1);
    }
  }
  if (n > after + 2 && tokens[n - 2]!.w === "at" && tokens[n - 1]!.w === "last" && !tokens[n - 1]!.used) take(tokens, n - 2, n - 1);
  // The tail ends the message, after the deed or after the thing named ("swapped the night shift with priya").
  const from = tokens.findLastIndex((t, i) => i >= after - 1 && (t.w === "with" || HOLDS_UNTIL.test(t.w)));
  const rest = from < 0 ? [] : tokens.slice(from);
  if (rest.length < 2 || rest.length > 6 || rest.some((t) => t.used)) return;
  const title = tokenize(task.title);
  const first = rest[0]!.w;
  if (first === "with" && rest.length <= 3) {
    const who = rest.slice(1).filter((t) => !/^(?:my|the|our|his|her|their)$/.test(t.w));
    if (who.length === 1 && !title.some((t) => t.stem === who[0]!.stem) && !isBaseVerb(who[0]!.w)) take(tokens, from, tokens.length - 1);
  } else if (HOLDS_UNTIL.test(first) && sameChoreAny(title[0]?.w ?? "") && rest.slice(1).every((t) => UNTIL_WORD.test(t.w)))
    take(tokens, from, tokens.length - 1);
}

/** "beds done in rooms 2 and 3" of 'Change beds in rooms 2 and 3': the rest of the task's own name (its numbers too), said after the deed to the end. */
function restOfName(tokens: Token[], from: number, task: TaskView): void {
  const title = tokenize(task.title);
  const rest = tokens.slice(from);
  if (rest.length === 0 || rest.some((t) => t.used)) return;
  // "in 2 n 3 finally": "n" is "and", and a filler may close it.
  const joins = (w: string) => STOP.has(w) || w === "n" || FILLER.has(w);
  if (!rest.every((t) => joins(t.w) || title.some((x) => x.stem === t.stem))) return;
  if (rest.some((t) => !joins(t.w))) take(tokens, from, tokens.length - 1);
}

const sameChoreAny = (verb: string) => HOLDS.test(verb) || ["renew", "pay"].some((v) => sameChore(verb, v));

/** Verbs whose past participle is their base form ("proofread", "read", "put"). */
const SAME_FORM_PAST = new Set("read proofread reread put cut set shut hit quit spread reset upset broadcast forecast".split(" "));
/** Verbs of getting someone to pay ("Chase the Crown for payment", "Invoice Acme"): done when they paid. */
const CHASED = /^(?:chase|remind|nag|hassle|invoice|bill)$/;
const MONEY = /^(?:payment|payments|pay|money|cash|invoice|invoices|bill|bills|fee|fees|owed|owes|debt|rent|deposit)$/;

/** Letters to change, add or drop to turn one word into the other (a typo is one or two). */
const DAYS_IN: Record<string, number> = { day: 1, week: 7, fortnight: 14 };
/** Minutes in a unit of "half an hour later", "pushed back 20 mins". */
const MINUTES_IN: Record<string, number> = { hour: 60, hours: 60, hr: 60, hrs: 60, minute: 1, minutes: 1, min: 1, mins: 1 };

/** A count from the task-line's number table ("a couple", "three", "10"); digits up to 999. */
const numberOf = (w: string): number | null => (/^\d+$/.test(w) ? (w.length <= 3 ? Number(w) : null) : numberFrom(w));

type Rule = { name: string; examples: string[]; read: (tokens: Token[], ctx: RuleContext) => boolean };
/** `lists`: the names of the user's lists known to this reading (listed, or of the tasks found). */
type RuleContext = { clock: Clock; task: TaskView; changes: Changes; text: () => string; lists: string[] };

const words = (tokens: Token[]) => tokens.map((t) => t.w);
/** "aren't work", "isnt a money thing": a negator, then one of the task's labels. */
function deniesLabel(tokens: Token[], task: TaskView): boolean {
  // The task's list too: "the windows arent work, theyre home" (list-not in label-not).
  const labels = [...(task.labels ?? []), ...(task.list ? [task.list] : [])].map((l) => l.toLowerCase());
  return tokens.some(
    (t, i) => NEGATOR.has(t.w) && labels.includes((/^(?:a|an)$/.test(tokens[i + 1]?.w ?? "") ? tokens[i + 2] : tokens[i + 1])?.w ?? ""),
  );
}

/**
 * After a label said not to fit: ", they're home (stuff)" ending the message is the label meant
 * instead; any other "it's …/they're …" is the reason ("its fun lol"), explained and not written.
 */
function insteadLabel(tokens: Token[], from: number, changes: Changes): void {
  let k = from;
  // "lanyards arent a work thing actually, its for the club": a hedge before the reason.
  while (k < tokens.length && /^(?:actually|tbh|honestly|really|lol|tho|though|just)$/.test(tokens[k]!.w)) tokens[k++]!.used = true;
  if (!/^(?:they're|theyre|it's|its|that's|thats|it|they)$/.test(tokens[k]?.w ?? "")) return;
  k++;
  if (/^(?:is|are|a|an)$/.test(tokens[k]?.w ?? "")) k++;
  const name = tokens[k];
  const end = /^(?:stuff|thing|things|job|jobs|related)$/.test(tokens[k + 1]?.w ?? "") ? k + 1 : k;
  const swap = name && !name.used && !STOP.has(name.w) && !SLOT_WORD.test(name.stem) && /^[a-z][a-z-]*$/.test(name.w);
  if (swap && end === tokens.length - 1) changes.labels = [name.w];
  else if (tokens.slice(from).some((t) => t.used)) return;
  take(tokens, from, tokens.length - 1);
}

const take = (tokens: Token[], from: number, to: number) => {
  for (let i = from; i <= to; i++) tokens[i]!.used = true;
};
/** Index of the first unused token among `set`, from `start`. */
const findWord = (tokens: Token[], set: RegExp, start = 0) => {
  for (let i = start; i < tokens.length; i++) if (!tokens[i]!.used && set.test(tokens[i]!.w)) return i;
  return -1;
};

/** "#fun and #jo", "#home #diy": two or more tags in a run to the end of the message; the labels and the last token. */
function hashSeries(tokens: Token[], from: number): { labels: string[]; end: number } | null {
  if (from < 0) return null;
  const labels: string[] = [];
  let end = from;
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.used) break;
    if (/^#[a-z0-9]/.test(t.w)) {
      labels.push(t.w.slice(1));
      end = i;
    } else if (t.w !== "and") break;
  }
  return labels.length > 1 && end === tokens.length - 1 ? { labels, end } : null;
}

/**
 * "remind me about the vet appt 2 hours before": the task named between "remind me about" and its
 * "… before". Read without the mention (and its "about"), the words are "remind me 2 hours before".
 */
function beforeAfterMention(tokens: Token[], ctx: RuleContext, said: string[]): boolean {
  const kept: number[] = [];
  said.forEach((w, i) => {
    if (w === "_" || w === "~") return;
    if (/^(?:about|abt|re|on|for)$/.test(w) && said[i + 1] === "_") return;
    kept.push(i);
  });
  const text = kept.map((i) => said[i]).join(" ");
  const phrase = findReminderPhrase(text);
  if (phrase?.kind !== "before") return false;
  const from = text.slice(0, phrase.start).split(" ").filter(Boolean).length;
  const to = text.slice(0, phrase.end).split(" ").filter(Boolean).length;
  for (const i of kept.slice(from, to)) tokens[i]!.used = true;
  said.forEach((w, i) => {
    if (w === "~" || (/^(?:about|abt|re|on|for)$/.test(w) && said[i + 1] === "_")) tokens[i]!.used = true;
  });
  ctx.changes.remindBefore = phrase.minutes;
  return true;
}

/**
 * "the window cleaner comes every 4 weeks", "christmas is at nan's every other year": how often
 * something happens, told (an event verb, or "is at" a place), with no word asking for a change
 * ("should", "needs", "now"): news of the world, not a repeat for the task.
 */
const HAPPENING = new Set("comes come arrives arrive visits visit turns shows calls rings".split(" "));
function toldRepeat(tokens: Token[]): boolean {
  if (tokens.some((t) => OWN_DUE.has(t.w) || t.w === "make" || t.w === "set")) return false;
  return tokens.some((t, i) => (i > 0 && HAPPENING.has(t.w)) || (COPULA.test(t.w) && tokens[i + 1]?.w === "at"));
}

/** A day said in the plural ("mondays", "weekdays"): the day it repeats on. */
const PLURAL_DAY = /^(?:weekdays|weekends|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)$/;

/**
 * "the gym is mondays and thursdays now", "walking the dog is only weekdays", "mopping is weekends
 * only": days in the plural are the days the task repeats on, read as "every monday and thursday"
 * by the task-line reader.
 */
function pluralDays(tokens: Token[], ctx: RuleContext): boolean {
  const at = findWord(tokens, PLURAL_DAY);
  if (at < 0) return false;
  let end = at;
  const days = [tokens[at]!.w];
  for (;;) {
    const gap = tokens[end + 1]?.w === "and" ? 2 : 1;
    const next = tokens[end + gap];
    if (!next || next.used || !PLURAL_DAY.test(next.w)) break;
    end += gap;
    days.push(next.w);
  }
  const reading = readTaskLine(`x every ${days.map((d) => d.slice(0, -1)).join(" and ")}`, ctx.clock);
  if (!reading.recurrence || reading.title.trim().toLowerCase() !== "x") return false;
  const from = /^(?:on|at)$/.test(tokens[at - 1]?.w ?? "") && !tokens[at - 1]!.used ? at - 1 : at;
  take(tokens, from, end);
  ctx.changes.recurrence = reading.recurrence;
  return true;
}

const NTH = /^(?:first|1st|second|2nd|third|3rd|fourth|4th|last)$/;
const WEEKDAY_WORD = /^(?:mon|monday|tue|tues|tuesday|wed|weds|wednesday|thu|thur|thurs|thursday|fri|friday|sat|saturday|sun|sunday)$/;

/**
 * month-weekday: "the boiler one should be first monday of the month", "bins last friday of every
 * month": an nth weekday of the month is a monthly repeat without "every" (read by the task-line
 * reader); never when it is told as news ("the boiler man comes first monday of the month").
 */
function monthWeekday(tokens: Token[], ctx: RuleContext): boolean {
  const at = findWord(tokens, NTH);
  if (at < 0 || !WEEKDAY_WORD.test(tokens[at + 1]?.w ?? "") || tokens[at + 2]?.w !== "of" || toldRepeat(tokens)) return false;
  const end = /^(?:the|every|each)$/.test(tokens[at + 3]?.w ?? "") ? at + 4 : at + 3;
  if (tokens[end]?.w !== "month" || tokens.slice(at, end + 1).some((t) => t.used)) return false;
  const reading = readTaskLine(
    `x every ${words(tokens)
      .slice(at, end + 1)
      .join(" ")}`,
    ctx.clock,
  );
  if (!reading.recurrence?.includes("MONTHLY") || reading.title.trim().toLowerCase() !== "x") return false;
  const from = /^(?:on|the|every|each)$/.test(tokens[at - 1]?.w ?? "") && !tokens[at - 1]!.used ? at - 1 : at;
  take(tokens, from, end);
  ctx.changes.recurrence = reading.recurrence;
  return true;
}

/**
 * The slot rules, in their declared precedence (earlier rules take their tokens first).
 * Each names its examples; tests/unit/builtin/grounding.test.ts reads every example.
 */
export const RULES: Rule[] = [
  {
    name: "list-place-it",
    examples: ["the fence, its a garden thing, stick it in errands", "the fence, pop it on errands"],
    read: (tokens, ctx) => {
      // "…, stick it in home": a placing verb, "it", and one of the user's lists ending the message.
      const v = findWord(tokens, new RegExp(`^${PLACING}$`));
      // "shove it over on the work list": "over" goes with the move.
      const over = /^(?:over|across|back)$/.test(tokens[v + 2]?.w ?? "") ? 1 : 0;
      if (
        v < 1 ||
        !/^(?:it|that|them|this)$/.test(tokens[v + 1]?.w ?? "") ||
        !/^(?:in|on|into|onto|to|under)$/.test(tokens[v + 2 + over]?.w ?? "")
      )
        return false;
      let k = v + 3 + over;
      if (/^(?:the|my|our)$/.test(tokens[k]?.w ?? "")) k++;
      const name = tokens[k];
      const list = name && !name.used ? listNamed(name.w, ctx.lists) : null;
      if (!list || list.toLowerCase() === (ctx.task.list ?? "").toLowerCase()) return false;
      let end = tokens[k + 1]?.w === "list" ? k + 1 : k;
      while (end + 1 < tokens.length && FILLER.has(tokens[end + 1]!.w) && !tokens[end + 1]!.used) end++;
      if (end !== tokens.length - 1) return false;
      take(tokens, v, end);
      // "…, its chapel stuff, stick it in home": what kind of thing it is, said just before, is why.
      const said = KIND_BEFORE.exec(
        tokens
          .slice(Math.max(0, v - 5), v)
          .map((t) => t.w)
          .join(" "),
      );
      const from = said ? v - said[0].trim().split(" ").length : v;
      if (from < v && tokens.slice(from, v).every((t) => !t.used)) take(tokens, from, v - 1);
      ctx.changes.list = list;
      return true;
    },
  },
  {
    name: "note",
    examples: [
      "note on the optician: bring 2 photos",
      "the fence - remember to get the green paint",
      "add to the report one that the figures are in the shared drive",
      "gas bill: use the joint account",
      "the plumber one, ticket number is 42",
      "the fence is urgent now, it wobbles in the wind",
    ],
    read: (tokens, ctx) => {
      if (tokens.some((t) => TYPO_WORD.test(t.w))) return false;
      const typed = typedWords(ctx.text());
      const raw = ctx.text().replace(/[’‘]/g, "'");
      // Where the note starts: after ":", " - " or "," following the mention, or after "that/saying" in "add to X that …".
      let at = -1;
      let start = -1;
      let atSep = "";
      // "donna's put the chair rent up again": a note word said as what someone has done is none.
      const explicitBefore = (k: number) =>
        tokens.slice(0, k).some((t, i) => !t.used && NOTE_WORD.test(t.w) && !/'s$|^(?:has|have|had|'ve)$/.test(tokens[i - 1]?.w ?? ""));
      for (let k = 1; k < tokens.length && at < 0; k++) {
        const gap = raw.slice(typed[k - 1]!.index + typed[k - 1]!.w.length, typed[k]!.index);
        const sep = gap.includes(":") ? ":" : gap.includes(" - ") || gap.includes(" – ") ? "-" : gap.includes(",") ? "," : "";
        const said = /^(?:that|saying)$/.test(tokens[k]!.w) && explicitBefore(k);
        if (!sep && !said) continue;
        if (!tokens.slice(0, k).some((t) => t.used) || tokens.slice(k).some((t) => t.used)) continue;
        // "the gutters aren't work, they're home": a label said not to fit, then the one meant (label-not).
        if (deniesLabel(tokens.slice(0, k), ctx.task)) continue;
        const rest = tokens.slice(said ? k + 1 : k);
        if (rest.length === 0) continue;
        const restText = rest.map((t) => t.w).join(" ");
        if (!said && !explicitBefore(k) && saysOpinion(restText)) continue;
        // "…, its chapel stuff, stick it in home": a request to place it is no note (list-place-it).
        if (!said && !explicitBefore(k) && PLACES_IT.test(restText)) continue;
        // "…, its urgent": "it's" leads a note only when no slot word follows ("…, its the blue door").
        const lead = NOTE_LEAD.test(rest[0]!.w) && !(COPULA.test(rest[0]!.w) && rest.some((t) => SLOT_WORD.test(t.stem)));
        const explicit = said || explicitBefore(k) || lead;
        // Without a note word, the rest must not be a change ("acme invoice - make it next tues").
        const plain =
          !findDue(restText, ctx.clock) &&
          !rest.some((t) => SLOT_WORD.test(t.stem)) &&
          !ACTION.has(rest[0]!.w) &&
          (sep === ":" ||
            // "gas check - engineer is called Raj", "sue's present - she likes gin": after a bare mention, a
            // statement of how things are; news told in the past ("bins - fox got into them again") is a remark.
            (sep === "-" && !tokens.slice(0, k).some((t) => SLOT_WORD.test(t.stem)) && DETAIL.test(restText)) ||
            (sep === "," &&
              // "biscuit's had his jabs, he was v brave": how it went, told in the past, is no note.
              !TOLD_PAST.test(restText) &&
              (rest.some((t) => COPULA.test(t.w) || t.w === "it's" || t.w === "its") ||
                // "the fridge is urgent now, it stinks": a change, then why, said as a clause of its own.
                ((SUBJECT.test(rest[0]!.w) || saysItsOwnVerb(rest)) && tokens.slice(0, k).some((t) => SLOT_WORD.test(t.stem))))));
        if ((!explicit && !plain) || (sep === "," && !said && findDue(restText, ctx.clock))) continue;
        at = k;
        start = said ? k + 1 : k;
        atSep = sep;
      }
      if (at < 0) return false;
      // Rule WHY-NOT-NOTE: "the fridge is urgent now, it stinks" — a clause after a change, with no
      // note word, says why: explained, never written into the description.
      const before = tokens.slice(0, at);
      const asked = before.some((t) => SLOT_WORD.test(t.stem)) || findDue(words(before).join(" "), ctx.clock) !== null;
      if (asked && atSep === "," && !explicitBefore(at) && !NOTE_ASKS.test(tokens[at]!.w)) {
        take(tokens, at, tokens.length - 1);
        return true;
      }
      const note = raw.slice(typed[start]!.index).trim();
      tokens.forEach((t, i) => {
        if (i >= at || NOTE_WORD.test(t.w)) t.used = true;
      });
      ctx.changes.description = ctx.task.description ? `${ctx.task.description}\n${note}` : note;
      return true;
    },
  },
  {
    name: "rename",
    examples: [
      "the plumber one should say ring dave about the boiler",
      "name the fence one paint the shed instead",
      "its Sarah not Sarha",
      "the optician is actually the dentist",
      "name the fish tank task scrub the filter",
      "make the fence one say paint the shed",
      "typo in the sarha one, should be Sarah",
    ],
    read: (tokens, ctx) => {
      const typed = typedWords(ctx.text());
      const lastUsed = tokens.reduce((n, t, i) => (t.used ? i : n), -1);
      const titleFrom = (k: number) => {
        let end = tokens.length;
        while (end > k && TITLE_TAIL.test(tokens[end - 1]!.w)) end--;
        return end > k
          ? typed
              .slice(k, end)
              .map((t) => t.w.replace(/^'|'$/g, ""))
              .join(" ")
          : "";
      };
      let k = -1;
      let cue: number[] = [];
      // "X should say/read Y", "X should be called Y", "X is actually Y", "X should be Y Z".
      for (let i = 1; i < tokens.length; i++) {
        const w = tokens[i]!.w;
        const prev = tokens[i - 1]!.w;
        const longTitle = w === "be" && prev === "should" && tokens.length - i > 2;
        // "make the sams bday one say sams 30th party": "make/have X say Y".
        const makeSay = /^(?:say|read)$/.test(w) && tokens[i - 1]!.used && /^(?:make|have|get)$/.test(tokens[0]!.w);
        if (makeSay) tokens[0]!.used = true;
        if (
          makeSay ||
          (/^(?:say|read|called|named)$/.test(w) && /^(?:should|to|be|now)$/.test(prev)) ||
          (w === "actually" && COPULA.test(prev)) ||
          longTitle
        ) {
          k = i + 1;
          cue = [i - 1, i];
          break;
        }
      }
      // "call the gym one cancel membership instead".
      // "call the tickets task print the concert tickets": the mention ends in "task/one".
      const tailed = /^(?:task|one|item)$/.test(tokens[lastUsed]?.w ?? "");
      if (
        k < 0 &&
        /^(?:call|name|title|retitle)$/.test(tokens[0]?.w ?? "") &&
        tokens[1]?.used &&
        (tokens.at(-1)?.w === "instead" || tailed)
      ) {
        k = lastUsed + 1;
        cue = [0, 0];
      }
      if (k > lastUsed && k < tokens.length) {
        const title = titleFrom(k);
        const words = tokens.slice(k).map((t) => t.w);
        // "should be under work", "should be in errands": a place, never a title.
        const place = /^(?:under|in|into|on|onto|at|for|by|part|with|without|done|finished|sorted)$/.test(words[0] ?? "");
        // "should be book 8 week jabs and flu jab": a slot word the title already has ("8 week") is part of the name.
        const own = new Set(tokenize(ctx.task.title).map((t) => t.w));
        const slot = (w: string) => (SLOT_WORD.test(w) || NEGATOR.has(w)) && !own.has(w);
        if (!title || place || findDue(title, ctx.clock) || words.some(slot)) return false;
        // "the bathroom is actually disgusting": after "is actually" only a name for the task renames
        // it ("the electrician one is actually the plumber", "… is actually ring the vet"); "… is actually Sam's" does not.
        const named =
          /^(?:task|one|item|thing)$/.test(tokens[lastUsed]?.w ?? "") || /^(?:the|my)$/.test(words[0] ?? "") || isBaseVerb(words[0] ?? "");
        if (tokens[cue[1]!]!.w === "actually" && !named) return false;
        take(tokens, cue[0]!, cue[1]!);
        take(tokens, k, tokens.length - 1);
        ctx.changes.title = capitalize(title);
        return true;
      }
      // "typo in the gorceries one, should be groceries": the title word closest to the last word is respelt.
      const typo = findWord(tokens, TYPO_WORD);
      const spelt = tokens.at(-1)!;
      if (typo >= 0 && !spelt.used && /^(?:be|is|its|it's|say|read)$/.test(tokens.at(-2)?.w ?? "") && /^[a-z]+$/.test(spelt.w)) {
        const words = ctx.task.title.split(" ");
        const at = words.findIndex((w) => w.toLowerCase() !== spelt.w && editDistance(w.toLowerCase(), spelt.w) <= 2);
        if (at < 0) return false;
        words[at] = typed[tokens.length - 1]!.w;
        // "spelling mistake in resturant": the noun after the typo word is part of it.
        take(tokens, typo, /^(?:mistake|mistakes|error|fail)$/.test(tokens[typo + 1]?.w ?? "") ? typo + 1 : typo);
        take(tokens, tokens.length - 2, tokens.length - 1);
        ctx.changes.title = words.join(" ");
        return true;
      }
      // A typo: "its Sarah not Sarha", "sarah not sarha".
      const not = findWord(tokens, /^not$/);
      const wrong = tokens[not + 1];
      const right = tokens[not - 1];
      if (not > 0 && wrong?.used && right && !right.used && not + 2 === tokens.length) {
        const words = ctx.task.title.split(" ");
        const at = words.findIndex((w) => w.toLowerCase() === wrong.w);
        if (at < 0) return false;
        words[at] = typed[not - 1]!.w;
        take(tokens, not - 1, not);
        ctx.changes.title = words.join(" ");
        return true;
      }
      return false;
    },
  },
  {
    // "the dentist got pushed back half an hour", "dentist is an hour later now": the task's due time moved by that long.
    name: "shift-time",
    examples: [
      "the optician got pushed back half an hour",
      "the optician is an hour later now",
      "the optician was brought forward 20 mins",
    ],
    read: (tokens, ctx) => {
      for (let i = 0; i < tokens.length; i++) {
        const per = MINUTES_IN[tokens[i]!.w];
        if (!per || tokens[i]!.used) continue;
        const w = (k: number) => tokens[k]?.w ?? "";
        let from = i - 1;
        let n: number | null = null;
        if (w(i - 1) === "an" && w(i - 2) === "half") [n, from] = [0.5, i - 2];
        else if (w(i - 1) === "an" && w(i - 2) === "of" && w(i - 3) === "quarter") [n, from] = [0.25, w(i - 4) === "a" ? i - 4 : i - 3];
        else if (w(i - 1) === "half" && per === 60) [n, from] = [0.5, w(i - 2) === "a" ? i - 2 : i - 1];
        else if (w(i - 1) === "of" && w(i - 2) === "couple") [n, from] = [2, w(i - 3) === "a" ? i - 3 : i - 2];
        else n = numberOf(w(i - 1));
        if (n === null || n <= 0 || from < 0) continue;
        let to = i;
        let minutes = n * per;
        if (per === 60 && w(i + 1) === "and" && w(i + 2) === "a" && w(i + 3) === "half") [minutes, to] = [minutes + 30, i + 3];
        const lead = w(from - 1) === "by" ? from - 2 : from - 1;
        const before = w(lead);
        const after = w(to + 1);
        // "a heads up an hour before …" is a reminder's offset, never a move.
        if (/^(?:before|beforehand|ahead|prior|early)$/.test(after)) continue;
        const earlier = /^(?:forward|earlier|sooner)$/.test(before) || /^(?:earlier|sooner|forward)$/.test(after);
        const later = /^(?:back|later|pushed|bumped|delayed|postponed)$/.test(before) || /^(?:later|back)$/.test(after);
        if ((!earlier && !later) || minutes >= 24 * 60) continue;
        take(tokens, Math.max(lead, 0), /^(?:later|earlier|sooner|back|forward)$/.test(after) ? to + 1 : to);
        ctx.changes.shiftMinutes = (earlier ? -1 : 1) * minutes;
        return true;
      }
      return false;
    },
  },
  {
    name: "shift",
    examples: [
      "I need another week for the glasses",
      "the tax form can wait another fortnight tbh",
      "give the report two more days",
      "the report can be pushed a couple days",
      "the fence can go back a day",
    ],
    read: (tokens, ctx) => {
      // "another|extra|more|a further [n] day/week/fortnight", "[n] more days", "[n] days later".
      for (let i = 0; i < tokens.length; i++) {
        const t = tokens[i]!;
        const unit = DAYS_IN[t.stem];
        if (!unit || t.used) continue;
        let n = 1;
        let from = i;
        let marked = false;
        const prev = tokens[i - 1]?.w ?? "";
        const prev2 = tokens[i - 2]?.w ?? "";
        if (/^(?:more|extra|later)$/.test(tokens[i + 1]?.w ?? "")) marked = true;
        if (/^(?:another|extra|more|further)$/.test(prev)) {
          marked = true;
          from = i - 1;
          const before = numberOf(prev2);
          if (before !== null && !/^(?:another)$/.test(prev)) {
            n = before;
            from = i - 2;
            if (/^(?:a|an)$/.test(tokens[i - 3]?.w ?? "") && prev2 === "couple") from = i - 3;
          } else if (prev === "another") {
            n = 1;
          }
        } else {
          const num = numberOf(prev);
          if (num !== null) {
            n = num;
            from = i - 1;
            if (prev === "couple" && /^(?:a)$/.test(prev2)) from = i - 2;
          }
        }
        // "another two weeks"
        if (prev2 === "another" && numberOf(prev) !== null) {
          marked = true;
          n = numberOf(prev)!;
          from = i - 2;
        }
        // "another couple of days", "a couple of weeks more"
        if (prev === "of" && prev2 === "couple") {
          n = 2;
          from = i - 2;
          if (/^(?:a|another|more|extra)$/.test(tokens[i - 3]?.w ?? "")) from = i - 3;
          if (/^(?:another|more|extra)$/.test(tokens[i - 3]?.w ?? "") || /^(?:another|more|extra)$/.test(tokens[i - 4]?.w ?? "")) {
            marked = true;
            if (tokens[i - 4]?.w === "another") from = i - 4;
          }
        }
        // "pushed a couple days", "bring it forward a day", "a day earlier": a count after a verb of moving.
        const mover = /^(?:by|back|forward|pushed|push|bumped|bump|moved|move|shifted|shift|delayed|delay|postponed|postpone|slide|slid)$/;
        const earlier = tokens[from - 1]?.w === "forward" || /^(?:earlier|sooner)$/.test(tokens[i + 1]?.w ?? "");
        if (!marked && !mover.test(tokens[from - 1]?.w ?? "") && !earlier) continue;
        const to = /^(?:more|extra|later|earlier|sooner)$/.test(tokens[i + 1]?.w ?? "") ? i + 1 : i;
        take(tokens, Math.max(from, 0), to);
        if (mover.test(tokens[from - 1]?.w ?? "")) tokens[from - 1]!.used = true;
        ctx.changes.shiftDays = (earlier ? -1 : 1) * n * unit;
        return true;
      }
      return false;
    },
  },
  {
    name: "reminder-before",
    examples: [
      "warn me two hours before the optician",
      "ping me a day before the tv licence",
      "give me a heads up an hour before the gas bill",
      "i want a reminder the day before the vet",
      "remind me about the vet appt 2 hours before pls",
    ],
    read: (tokens, ctx) => {
      // Other ways to ask for a reminder become "remind me", keeping one word a token ("~" for the rest).
      const text = words(tokens)
        .map((w, i) => (tokens[i]!.used ? "_" : w))
        .join(" ")
        .replace(/\bgive me a (?:heads up|shout)\b/g, "~ ~ ~ remind me")
        .replace(/\bgive me a (?:nudge|buzz|ping|reminder)\b/g, "~ ~ remind me")
        .replace(/\b(?:i want|i'd like|i need) a reminder\b/g, "~ ~ remind me")
        .replace(/\b(?:warn|buzz) me\b/g, "remind me");
      // "the night before", "the evening before": an evening on the day before, read by the add reader (evening-before).
      if (/\bthe (?:night|evening) before\b/.test(text)) return false;
      const phrase = findReminderPhrase(text);
      if (phrase?.kind !== "before") return beforeAfterMention(tokens, ctx, text.split(" "));
      // The tokens the phrase covers: count the words up to its end.
      const upto = text.slice(0, phrase.end).split(" ").length;
      const start = text.slice(0, phrase.start).split(" ").filter(Boolean).length;
      take(tokens, start, Math.min(upto, tokens.length) - 1);
      text.split(" ").forEach((w, i) => {
        if (w === "~" && tokens[i]) tokens[i].used = true;
      });
      ctx.changes.remindBefore = phrase.minutes;
      return true;
    },
  },
  {
    name: "reminder-off",
    examples: ["no reminder for the gym", "dont need the reminder on the gym anymore", "turn off the reminder for the gym"],
    read: (tokens, ctx) => {
      if (!ctx.task.remindAt) return false;
      const at = findWord(tokens, /^(?:reminder|reminders|reminding|alert|alarm|ping)$/);
      if (at < 0) return false;
      const off = findWord(tokens, /^(?:no|not|don't|dont|stop|cancel|remove|drop|clear|delete|kill|off|scrap|lose|ditch)$/);
      if (off < 0 || Math.abs(off - at) > 4) return false;
      take(tokens, Math.min(off, at), Math.max(off, at));
      const more = findWord(tokens, /^(?:anymore|longer|need|needed|turn|take)$/);
      if (more >= 0) tokens[more]!.used = true;
      ctx.changes.clearReminder = true;
      return true;
    },
  },
  {
    name: "repeat-off",
    examples: [
      "stop the gym repeating",
      "the gym doesnt repeat anymore",
      "cancel the repeat on the gym one",
      "no more repeats for the gym",
      "turn off the repeat on the gym",
      "take the repeat off the gym",
      "the gym doesn't need doing every week anymore",
      "the gym isn't weekly any more",
    ],
    read: (tokens, ctx) => {
      if (!ctx.task.repeats) return false;
      let at = findWord(tokens, /^(?:repeat|repeats|repeating|repeated|recur|recurs|recurring|repetition)$/);
      // "the bins aren't weekly any more": the repeat said by its adverb, when no other repeat is said ("weekly not daily").
      const adverbs = tokens.filter((t) => REPEAT_ADVERB.test(t.w) || t.w === "every").length;
      if (at < 0 && adverbs === 1) at = findWord(tokens, REPEAT_ADVERB);
      // "the garden doesn't need doing every week anymore": the repeat said as "every <unit>".
      const every = at < 0 && adverbs === 1 ? findWord(tokens, /^every$/) : -1;
      const unit = every >= 0 && /^(?:day|week|fortnight|month|year|morning|night|evening|weekend)$/.test(tokens[every + 1]?.w ?? "");
      if (unit) at = every;
      if (at < 0) return false;
      const off = findWord(
        tokens,
        /^(?:stop|stops|cancel|remove|drop|end|no|not|don't|dont|doesn't|doesnt|shouldn't|shouldnt|won't|wont|isn't|isnt|aren't|arent|never|needn't|scrap|kill|off|ditch|delete|clear)$/,
      );
      if (off < 0 || Math.abs(off - at) > 4) return false;
      take(tokens, Math.min(off, at), Math.max(off, at));
      if (unit) tokens[every + 1]!.used = true;
      // "turn off the repeat on the bins", "take the repeat off the bins": the verb of "off" goes with it.
      const verb = findWord(tokens, /^(?:turn|switch|take|get)$/);
      if (tokens[off]!.w === "off" && verb >= 0 && verb < at && Math.abs(verb - off) <= 4) tokens[verb]!.used = true;
      const more = findWord(tokens, /^(?:anymore|longer|more|again)$/);
      if (more >= 0) tokens[more]!.used = true;
      ctx.changes.clearRecurrence = true;
      return true;
    },
  },
  {
    name: "repeat",
    examples: [
      "make the glasses one repeat every year",
      "the bins should happen every week",
      "the fish tank needs doing every fortnight",
      "the fish tank is only weekdays now",
      "the gym is mondays and thursdays now",
      "the fence is weekends only",
    ],
    read: (tokens, ctx) => {
      const at = findWord(tokens, /^(?:every|each|daily|weekly|fortnightly|monthly|yearly|annually)$/);
      if (at < 0) return pluralDays(tokens, ctx) || monthWeekday(tokens, ctx);
      if (toldRepeat(tokens)) return false;
      // Two weeks apart, which the task-line reader has no word for.
      const fortnight = /^(?:fortnightly|every (?:fortnight|other week|two weeks|2 weeks))/.exec(
        words(tokens)
          .slice(at, at + 3)
          .join(" "),
      );
      if (fortnight) {
        ctx.changes.recurrence = "FREQ=WEEKLY;INTERVAL=2";
        take(tokens, at, at + fortnight[0].split(" ").length - 1);
        const r = findWord(tokens, /^(?:repeat|repeats|repeating|recur|recurs|recurring)$/);
        if (r >= 0) tokens[r]!.used = true;
        return true;
      }
      const tail = words(tokens).slice(at, at + 4);
      for (let n = tail.length; n >= 1; n--) {
        const reading = readTaskLine(`x ${tail.slice(0, n).join(" ")}`, ctx.clock);
        if (reading.recurrence && reading.title.trim().toLowerCase() === "x") {
          ctx.changes.recurrence = reading.recurrence;
          take(tokens, at, at + n - 1);
          // "weekly not daily": the old repeat, said to be replaced.
          const not = findWord(tokens, /^not$/);
          if (not >= 0 && /^(?:daily|weekly|fortnightly|monthly|yearly|annually|every)$/.test(tokens[not + 1]?.w ?? ""))
            take(tokens, not, not + 1);
          const r = findWord(tokens, /^(?:repeat|repeats|repeating|recur|recurs|recurring)$/);
          if (r >= 0) tokens[r]!.used = true;
          return true;
        }
      }
      return false;
    },
  },
  {
    name: "list-out",
    examples: [
      "move the library books back to the inbox",
      "stick the library books in the inbox",
      "pull the library books out of errands",
      "the library books dont belong in errands",
      "library books shouldnt be on the errands list",
    ],
    read: (tokens, ctx) => {
      // Rule list-out: the task leaves the list it is in for the Inbox — "(back) to/into/in the
      // inbox", "out of/off NAME (list)" and "doesn't belong in NAME" where NAME is its own list.
      const own = ctx.task.list ?? "";
      if (!own) return false;
      // "…shouldnt be in work, …, stick it in home": the list said to go to wins (list-place-it).
      const placed = ctx.changes.list;
      const inbox = findWord(tokens, /^inbox$/);
      if (inbox >= 1) {
        let from = inbox - 1;
        while (from > 0 && /^(?:the|my)$/.test(tokens[from]!.w)) from--;
        if (!/^(?:to|into|in|onto)$/.test(tokens[from]!.w) || tokens[from]!.used) return false;
        if (from > 0 && tokens[from - 1]!.w === "back" && !tokens[from - 1]!.used) from--;
        take(tokens, from, inbox);
        ctx.changes.list = placed ?? "inbox";
        return true;
      }
      const named = (k: number) => {
        let j = k;
        while (/^(?:the|my)$/.test(tokens[j]?.w ?? "")) j++;
        const t = tokens[j];
        if (!t || t.used || listNamed(t.w, [own]) === null) return -1;
        return tokens[j + 1]?.w === "list" && !tokens[j + 1]!.used ? j + 1 : j;
      };
      for (let i = 0; i < tokens.length; i++) {
        if (tokens[i]!.used) continue;
        const w = tokens[i]!.w;
        // "out of errands", "off the work list".
        const out = w === "out" && tokens[i + 1]?.w === "of" ? i + 2 : w === "off" ? i + 1 : -1;
        if (out > 0) {
          const end = named(out);
          if (end < 0) continue;
          take(tokens, i, end);
          ctx.changes.list = placed ?? "inbox";
          return true;
        }
        // "doesn't belong in shopping", "shouldn't be on the shopping list".
        if (
          NEGATOR.has(w) &&
          /^(?:belong|go|be|live|sit)$/.test(tokens[i + 1]?.w ?? "") &&
          /^(?:in|on|under)$/.test(tokens[i + 2]?.w ?? "")
        ) {
          const end = named(i + 3);
          if (end < 0) continue;
          take(tokens, i, end);
          ctx.changes.list = placed ?? "inbox";
          return true;
        }
      }
      return false;
    },
  },
  {
    name: "list",
    examples: ["the glasses one goes in the errands list", "put the pension stuff on my admin list", "the fence is for the garden list"],
    read: (tokens, ctx) => {
      const at = findWord(tokens, /^list$/);
      if (at < 1) return false;
      let from = at - 1;
      const name: string[] = [];
      // "put the big shop on dad's list" (Do Dad's big shop, a list Dad): the word before "list" names the list, though the title has it too.
      const own = (i: number) => i === at - 1 && listNamed(tokens[i]!.w, ctx.lists) !== null;
      while (
        from >= 0 &&
        (!tokens[from]!.used || own(from)) &&
        !/^(?:in|into|to|on|onto|under|the|my|our|your)$/.test(tokens[from]!.w) &&
        name.length < 3
      )
        name.unshift(tokens[from--]!.w);
      while (from >= 0 && /^(?:the|my|our|your)$/.test(tokens[from]!.w)) from--;
      // "take the skirting job off the home list": out of the list the task is in, to the Inbox.
      const out = from >= 0 && /^(?:off|from)$/.test(tokens[from]!.w) && (ctx.task.list ?? "").toLowerCase() === name.join(" ");
      if (name.length === 0 || from < 0 || (!out && !/^(?:in|into|to|on|onto|under|for)$/.test(tokens[from]!.w))) return false;
      take(tokens, from, at);
      ctx.changes.list = out
        ? "inbox"
        : name.length === 1 && /'s$/.test(name[0]!)
          ? (listNamed(name[0]!, ctx.lists) ?? name[0]!)
          : name.join(" ");
      return true;
    },
  },
  {
    name: "list-belongs",
    examples: [
      "the report belongs on work",
      "the fence goes in garden",
      "the tax form lives under admin",
      "the report should be under work",
      "the gutters go under home not work",
      "the fence should live in garden",
    ],
    read: (tokens, ctx) => {
      // "X belongs on NAME", "X goes in NAME (list)": the task named, a verb of where it belongs, one name ending the message.
      let v = findWord(tokens, /^(?:belong|belongs|go|goes|live|lives|sits)$/);
      // "the team lunch should be under work": "should/can be" as the verb.
      const be = findWord(tokens, /^be$/);
      if (v < 0 && be >= 2 && /^(?:should|can|could|must)$/.test(tokens[be - 1]!.w) && tokens[be - 2]!.used) {
        tokens[be - 1]!.used = true;
        v = be;
      }
      // "the olive oil should live in shopping": a modal between the task and the verb.
      if (v >= 2 && /^(?:should|can|could|must|will)$/.test(tokens[v - 1]!.w) && tokens[v - 2]!.used) tokens[v - 1]!.used = true;
      if (v < 1 || !tokens[v - 1]!.used || !/^(?:in|on|into|onto|under)$/.test(tokens[v + 1]?.w ?? "")) return false;
      let k = v + 2;
      if (/^(?:the|my|our)$/.test(tokens[k]?.w ?? "")) k++;
      const name = tokens[k];
      let end = k;
      if (tokens[k + 1]?.w === "list") end = k + 1;
      // "the passport goes under personal not work": the list (or label) it is in now, said to be wrong.
      const old = tokens[end + 2]?.w ?? "";
      const was = [ctx.task.list ?? "", ...(ctx.task.labels ?? [])].map((x) => x.toLowerCase());
      if (tokens[end + 1]?.w === "not" && old && was.includes(old)) end += tokens[end + 3]?.w === "list" ? 3 : 2;
      while (end + 1 < tokens.length && FILLER.has(tokens[end + 1]!.w) && !tokens[end + 1]!.used) end++;
      if (!name || name.used || end !== tokens.length - 1) return false;
      if (STOP.has(name.w) || SLOT_WORD.test(name.stem) || MONTHS.has(name.w) || !/^[a-z][a-z-]*$/.test(name.w)) return false;
      if (findDue(`${tokens[v + 1]!.w} ${name.w}`, ctx.clock)) return false;
      take(tokens, v, end);
      ctx.changes.list = name.w;
      return true;
    },
  },
  {
    name: "rank",
    examples: [
      "bump the fence up the list",
      "move the report to the top",
      "the fence can go to the bottom of the list",
      "bump the plumber up pls",
      "the fence can drop down the list",
      "put the gas bill first",
      "the report just jumped to the top",
    ],
    read: (tokens, ctx) => {
      // "up the list", "to the top (of the list/pile)" → high; "down the list", "to the bottom" → low.
      const words = tokens.map((t) => (t.used ? "" : t.w));
      const at = (seq: string[]) => words.findIndex((_, i) => seq.every((x, j) => x.split("|").includes(words[i + j] ?? "")));
      const verb = findWord(
        tokens,
        /^(?:bump|bumped|move|moved|push|pushed|put|shove|stick|send|shift|go|goes|bring|pull|drop|dropped|slide|slid|sink|fall|jump|jumped|jumps|shot|leapt)$/,
      );
      if (verb < 0) return false;
      // "put the electric bill first": "first/last" ending the message, after the task named.
      const end = findWord(tokens, /^(?:first|last)$/, verb + 1);
      if (
        end > verb &&
        /^(?:put|move|stick|bump)$/.test(tokens[verb]!.w) &&
        tokens[end - 1]!.used &&
        tokens.slice(end + 1).every((t) => t.used || FILLER.has(t.w))
      ) {
        take(tokens, end, end);
        tokens[verb]!.used = true;
        ctx.changes.priority = tokens[end]!.w === "first" ? "high" : "low";
        return true;
      }
      // "bump the claim up (pls)": a bare "up/down" after the task named, nothing after it but fillers.
      if (/^(?:bump|bumped)$/.test(tokens[verb]!.w)) {
        const dir = findWord(tokens, /^(?:up|down)$/, verb + 1);
        if (dir > verb && tokens[dir - 1]!.used && tokens.slice(dir + 1).every((t) => t.used || FILLER.has(t.w))) {
          take(tokens, dir, dir);
          tokens[verb]!.used = true;
          ctx.changes.priority = tokens[dir]!.w === "up" ? "high" : "low";
          return true;
        }
      }
      const spans: Array<[string[], Priority]> = [
        [["up", "the", "list|order|pile|queue"], "high"],
        [["to", "the", "top"], "high"],
        [["down", "the", "list|order|pile|queue"], "low"],
        [["to", "the", "bottom"], "low"],
      ];
      for (const [seq, priority] of spans) {
        const i = at(seq);
        if (i < 0) continue;
        let end = i + seq.length - 1;
        if (seq[1] === "the" && seq.length === 3 && words[end + 1] === "of" && /^(?:the|my)$/.test(words[end + 2] ?? "")) {
          if (!/^(?:list|pile|queue|order|heap)$/.test(words[end + 3] ?? "")) return false;
          end += 3;
        }
        if (words[end + 1] === "priority" || words[end + 1] === "prio") return false;
        take(tokens, i, end);
        tokens[verb]!.used = true;
        ctx.changes.priority = priority;
        return true;
      }
      return false;
    },
  },
  {
    // arrow-list: "clean the gutters -> errands list", "gutters -> home": after an arrow, one of the
    // user's lists ending the message (never a new title; an unknown name is no reading).
    name: "arrow-list",
    examples: [],
    read: (tokens, ctx) => {
      const text = ctx.text().replace(/→/g, "->");
      const at = text.indexOf("->");
      if (at < 0 || text.indexOf("->", at + 2) >= 0) return false;
      const k = tokenize(text.slice(0, at)).length;
      const name = tokens[k];
      const last = tokens[k + 1]?.w === "list" ? k + 1 : k;
      const list = name && !name.used ? listNamed(name.w, ctx.lists) : null;
      if (!list || last !== tokens.length - 1 || list === ctx.task.list) return false;
      take(tokens, k, last);
      ctx.changes.list = list;
      return true;
    },
  },
  {
    name: "list-bare",
    examples: ["put the tv licence in admin", "move the fish tank into chores", "move the fence to home", "move the fence over to home"],
    read: (tokens, ctx) => {
      // "put X in NAME": a placing verb first, the task named, then "in/into/onto NAME" ending the
      // message; "move/shift X to NAME" too, when NAME is no time (an unknown list is an error, never created).
      if (!/^(?:put|move|file|stick|pop|shove|chuck|bung|shift)$/.test(tokens[0]?.w ?? "") || tokens.length < 4) return false;
      let n = tokens.length;
      // "… to home pls": a closing courtesy is explained.
      if (/^(?:pls|plz|please|thanks|thx|ta)$/.test(tokens[n - 1]!.w) && !tokens[n - 1]!.used) {
        n--;
        take(tokens, n, n);
      }
      // "move the insurance task to maple court": a list of the user's named by two words.
      const pair = n >= 5 && !tokens[n - 2]!.used ? listNamed(`${tokens[n - 2]!.w} ${tokens[n - 1]!.w}`, ctx.lists) : null;
      if (pair) n--;
      const name = pair ? { ...tokens[n - 1]!, w: pair.toLowerCase() } : tokens[n - 1]!;
      const prep = tokens[n - 2]!;
      // "stick the gym one on home": "on" with a placing verb too, for a list the user has ("put the car on ebay" is none).
      const into =
        /^(?:in|into|onto|under)$/.test(prep.w) ||
        (prep.w === "to" && /^(?:move|shift)$/.test(tokens[0]!.w)) ||
        (prep.w === "on" && /^(?:put|stick|pop|chuck|bung|shove)$/.test(tokens[0]!.w) && listNamed(name.w, ctx.lists) !== null);
      // "move the passport over to work": "over/across" before the list goes with the move.
      const over = /^(?:over|across)$/.test(tokens[n - 3]!.w) && !tokens[n - 3]!.used && n >= 5 ? 1 : 0;
      if (name.used || prep.used || !tokens[n - 3 - over]!.used || !into) return false;
      if (
        STOP.has(name.w) ||
        SLOT_WORD.test(name.stem) ||
        MONTHS.has(name.w) ||
        findDue(`${prep.w} ${name.w}`, ctx.clock) ||
        !/^[a-z][a-z -]*$/.test(name.w)
      )
        return false;
      take(tokens, 0, 0);
      take(tokens, n - 2 - over, pair ? n : n - 1);
      ctx.changes.list = name.w;
      return true;
    },
  },
  {
    name: "label-off",
    examples: [
      "drop the urgent label from the glasses",
      "take the #urgent tag off the glasses",
      "untag urgent from the glasses",
      "untag the glasses",
    ],
    read: (tokens, ctx) => {
      const verb = findWord(tokens, /^(?:drop|dropped|remove|removed|strip|take|took|lose|clear|untag|unlabel|delete|rid)$/);
      if (verb < 0) return false;
      const labels = (ctx.task.labels ?? []).map((l) => l.toLowerCase());
      for (let i = verb + 1; i < tokens.length; i++) {
        const w = tokens[i]!.w.replace(/^#/, "");
        if (tokens[i]!.used || !labels.includes(w)) continue;
        const hasNoun = /^(?:label|tag|labels|tags)$/.test(tokens[i + 1]?.w ?? "");
        if (!hasNoun && !tokens[i]!.w.startsWith("#") && !/^(?:untag|unlabel)$/.test(tokens[verb]!.w)) continue;
        ctx.changes.removeLabels = [w];
        take(tokens, verb, hasNoun ? i + 1 : i);
        const rest = findWord(tokens, /^(?:off|from|of|get)$/);
        if (rest >= 0) tokens[rest]!.used = true;
        return true;
      }
      // "untag the offsite": every label of the task named, when it has any.
      if (
        verb === 0 &&
        /^(?:untag|unlabel)$/.test(tokens[0]!.w) &&
        labels.length &&
        tokens.slice(1).every((t) => t.used || FILLER.has(t.w))
      ) {
        ctx.changes.removeLabels = labels;
        take(tokens, 0, 0);
        return true;
      }
      return false;
    },
  },
  {
    name: "label-not",
    examples: [
      "the gutters arent work stuff",
      "gym isnt a money thing",
      "the gym doesnt need the health tag",
      "the gutters are home not work",
      "the gutters arent work, theyre home",
    ],
    read: (tokens, ctx) => {
      const labels = (ctx.task.labels ?? []).map((l) => l.toLowerCase());
      for (let i = 0; i < tokens.length; i++) {
        if (tokens[i]!.used || !NEGATOR.has(tokens[i]!.w)) continue;
        let j = i + 1;
        while (j < tokens.length && /^(?:a|an|the|really|need|needs|in|on|under|part|of|any|longer|more)$/.test(tokens[j]!.w)) j++;
        const w = tokens[j]?.w.replace(/^#/, "") ?? "";
        // list-not: "the windows arent work, theyre home" of a task in Work: the list meant instead.
        if (!labels.includes(w) && ctx.task.list && listNamed(w, [ctx.task.list]) && !tokens[j]!.used) {
          let k = /^(?:stuff|thing|things|task|job|related|list)$/.test(tokens[j + 1]?.w ?? "") ? j + 2 : j + 1;
          if (!/^(?:they're|theyre|it's|its|that's|thats)$/.test(tokens[k]?.w ?? "")) continue;
          k++;
          if (/^(?:in|on|a|an|for)$/.test(tokens[k]?.w ?? "")) k++;
          const list = tokens[k] ? listNamed(tokens[k]!.w, ctx.lists) : null;
          const last = /^(?:stuff|thing|things|job|jobs|list)$/.test(tokens[k + 1]?.w ?? "") ? k + 1 : k;
          if (!list || list === ctx.task.list || last !== tokens.length - 1) continue;
          take(tokens, i, last);
          ctx.changes.list = list;
          return true;
        }
        if (!labels.includes(w) || tokens[j]!.used) continue;
        let to = j;
        if (/^(?:stuff|thing|things|task|tag|label|job|related)$/.test(tokens[j + 1]?.w ?? "")) to = j + 1;
        take(tokens, i, to);
        ctx.changes.removeLabels = [w];
        insteadLabel(tokens, to + 1, ctx.changes);
        return true;
      }
      return false;
    },
  },
  {
    // "the flights arent someday anymore, remove that label", "take the tag off the glasses": the
    // label just named (label-not), or the task's only label; never a delete of a task "label".
    name: "label-that-off",
    examples: ["the gutters arent work anymore, remove that label", "take the tag off the glasses", "get rid of the label on the glasses"],
    read: (tokens, ctx) => {
      const labels = (ctx.task.labels ?? []).map((l) => l.toLowerCase());
      const named = ctx.changes.removeLabels;
      if (!labels.length || (!named && labels.length !== 1)) return false;
      const noun = findWord(tokens, /^(?:label|tag|labels|tags)$/);
      if (noun < 2 || !/^(?:that|the|this|its|those)$/.test(tokens[noun - 1]!.w)) return false;
      const verb = /^(?:drop|remove|strip|take|lose|clear|delete|ditch|scrap)$/.test(tokens[noun - 2]!.w)
        ? noun - 2
        : tokens[noun - 2]!.w === "of" && tokens[noun - 3]?.w === "rid" && tokens[noun - 4]?.w === "get"
          ? noun - 4
          : -1;
      if (verb < 0 || tokens[verb]!.used) return false;
      take(tokens, verb, noun);
      const off = findWord(tokens, /^(?:off|from|on)$/, noun + 1);
      if (off === noun + 1) tokens[off]!.used = true;
      if (!named) ctx.changes.removeLabels = labels;
      return true;
    },
  },
  {
    name: "label-on",
    examples: [
      "tag the glasses one with #shopping",
      "the glasses should be labelled errands",
      "put a shopping tag on the glasses",
      "the fence is a weekend job",
      "add #home to the fence",
      "tag the fence as weekend",
    ],
    read: (tokens, ctx) => {
      const hash = findWord(tokens, /^#[a-z0-9]/);
      const verb = findWord(tokens, /^(?:tag|tagged|label|labelled|labeled)$/);
      // hash-series: "tag the party thing #fun and #jo", "mark it #home #diy": every tag of a run
      // at the end (joined by "and" or nothing); "mark" counts as the verb only before such a run.
      const series = hashSeries(tokens, hash);
      const mark = series && verb < 0 ? findWord(tokens, /^(?:mark|marked)$/) : -1;
      if (series && (verb >= 0 || mark >= 0)) {
        ctx.changes.labels = series.labels;
        take(tokens, hash, series.end);
        tokens[verb >= 0 ? verb : mark]!.used = true;
        return true;
      }
      if (hash >= 0 && (verb >= 0 || hash === tokens.length - 1)) {
        ctx.changes.labels = [tokens[hash]!.w.slice(1)];
        take(tokens, hash, hash);
        if (verb >= 0) tokens[verb]!.used = true;
        return true;
      }
      // "put a health tag on the doctor letter", "add #work to the supplier email".
      const noun = findWord(tokens, /^(?:tag|label)$/);
      // "the vet one needs a pets label": a need of the task names the label too.
      const adds = findWord(tokens, /^(?:put|add|stick|slap|give|chuck|pop|bung|whack|shove|plonk|needs|need|wants|gets)$/);
      if (
        noun > 0 &&
        adds >= 0 &&
        adds < noun &&
        !tokens[noun - 1]!.used &&
        !STOP.has(tokens[noun - 1]!.w) &&
        /^(?:a|an|the)$/.test(tokens[noun - 2]?.w ?? "")
      ) {
        ctx.changes.labels = [tokens[noun - 1]!.w.replace(/^#/, "")];
        take(tokens, noun - 2, noun);
        tokens[adds]!.used = true;
        const on = findWord(tokens, /^(?:on|to|onto)$/);
        if (on >= 0) tokens[on]!.used = true;
        return true;
      }
      if (hash >= 0 && /^(?:add|put|stick)$/.test(tokens[0]?.w ?? "")) {
        ctx.changes.labels = [tokens[hash]!.w.slice(1)];
        take(tokens, hash, hash);
        tokens[0]!.used = true;
        return true;
      }
      // "slides is a work thing", "the shed paint is a diy job", "accountant is work not home";
      // "the gutters are a home thing" with a Home list: the list ("is more of an errand": Errands).
      for (let c = 0; c < tokens.length; c++) {
        // "pond's a garden job": the task's word with "'s" before "a/an/more" carries the copula.
        const joined = /^[a-z]+'s$/.test(tokens[c]!.w) && tokens[c]!.used && /^(?:a|an|more)$/.test(tokens[c + 1]?.w ?? "");
        if (!joined && (!COPULA.test(tokens[c]!.w) || tokens[c]!.used)) continue;
        let n = c + 1;
        const moreOf = tokens[n]?.w === "more" && tokens[n + 1]?.w === "of";
        if (moreOf) n += 2;
        if (/^(?:a|an)$/.test(tokens[n]?.w ?? "")) n++;
        const name = tokens[n];
        const tail = tokens[n + 1];
        if (
          !name ||
          name.used ||
          STOP.has(name.w) ||
          SLOT_WORD.test(name.w) ||
          NEGATOR.has(name.w) ||
          baseOfPast(name.w) ||
          name.w.endsWith("ing") ||
          OPINION_WORDS.has(name.w)
        )
          continue;
        const isNoun = tail && /^(?:thing|job|task|stuff|one)$/.test(tail.w);
        // "accountant is work not home", "printer paper isnt home stuff its work".
        // Never "its" after a joining word: "dropped off for its service" says whose service, not what it is.
        const before =
          n === c + 1 &&
          (tail
            ? NEGATOR.has(tail.w)
            : /^(?:its|it's)$/.test(tokens[c]!.w) && !/^(?:for|to|with|on|in|at|of|by|from|into|onto|about)$/.test(tokens[c - 1]?.w ?? ""));
        const list = listNamed(name.w, ctx.lists);
        // "the allotment is personal innit": a list of the user's, nothing after it but fillers.
        const bareList = list !== null && tokens.slice(n + 1).every((t) => t.used || FILLER.has(t.w));
        if (!isNoun && !before && !bareList && !(moreOf && (!tail || FILLER.has(tail.w)))) continue;
        if (list) ctx.changes.list = list;
        else ctx.changes.labels = [name.w];
        take(tokens, c, isNoun ? n + 1 : n);
        return true;
      }
      if (verb < 0) return false;
      let i = verb + 1;
      while (i < tokens.length && (/^(?:with|as|it)$/.test(tokens[i]!.w) || tokens[i]!.used)) i++;
      const name = tokens[i];
      if (!name || name.used || STOP.has(name.w)) return false;
      // "tag the insurance one elm and oak": two or three names closing the message, joined by "and".
      let end = i;
      const names = [name.w];
      while (names.length < 3 && /^(?:and|&)$/.test(tokens[end + 1]?.w ?? "") && end + 2 === tokens.length - 1) {
        const next = tokens[end + 2]!;
        if (next.used || STOP.has(next.w) || SLOT_WORD.test(next.stem)) break;
        names.push(next.w);
        end += 2;
      }
      ctx.changes.labels = names;
      take(tokens, verb, end);
      for (let k = verb + 1; k < i; k++) if (/^(?:with|as|it)$/.test(tokens[k]!.w)) tokens[k]!.used = true;
      return true;
    },
  },
  {
    name: "priority",
    examples: [
      "the plumber one's urgent now",
      "the glasses are top priority",
      "the fence can be low priority",
      "the fence isnt that important",
      "the plumber doesnt matter much tbh",
      "the fence is low prio",
      "the report can be medium",
      "the report is top of the pile now",
      "the fence comes first tbh",
      "the report is the big one this week",
      "the fence is low key",
      "the library books are less important now",
      "the fence is a whenever thing",
      "the report's on the back burner",
    ],
    read: (tokens, ctx) => {
      const text = () =>
        words(tokens)
          .map((w, i) => (tokens[i]!.used ? "_" : w))
          .join(" ");
      // "the royal mail run doesnt need to be high priority anymore", "no longer urgent".
      const NOT =
        "(?:not|isn't|isnt|aren't|arent|not really|isn't really|isnt really|no longer|(?:doesn't|doesnt|don't|dont) (?:really )?need to be)";
      const table: Array<[RegExp, Priority]> = [
        // "the shed isn't low priority anymore": no longer low.
        [new RegExp(`\\b${NOT} (?:a )?low (?:priority|prio)\\b`), "medium"],
        [
          new RegExp(`\\b${NOT} (?:that |very |too |so |super |a |the )?(?:high |top )?(?:important|urgent|pressing|big deal|priority)\\b`),
          "low",
        ],
        [/\b(?:doesn't|doesnt|don't|dont) (?:really )?matter(?: much| that much)?\b/, "low"],
        // Idioms (wave 8): "X is low key", "X is the least important", "X can go to the bottom of the pile".
        // "the monitor is a whenever thing", "the shed's on the back burner".
        [
          /\blow[- ]?key\b|\blowkey\b|\b(?:least|less) (?:important|urgent|pressing)\b|\bbottom of the (?:pile|list|heap|queue)\b|\ba (?:whenever|no[- ]rush|back[- ]?burner) (?:thing|job|one|task)\b|\bon the back[- ]?burner\b/,
          "low",
        ],
        [
          /\b(?:low|lowest|bottom) (?:priority|prio|priorty)\b|\bno rush\b|\blow\b|\blower(?: it| its priority| the priority)?$|\blower (?:priority|prio)\b/,
          "low",
        ],
        [/\b(?:medium|normal) (?:priority|prio)\b|\bmedium\b/, "medium"],
        // Idioms (wave 8): "top of the pile", "X comes first", "the big one this week", "a must do", "trumps everything".
        [
          /\btop of the (?:pile|list|heap|queue)\b|\b(?:comes|come|coming|goes|go) first\b|\bthe (?:big|main) one(?: this week| today| this month)?\b|\ba must(?:-| )do\b|\btrumps everything(?: else)?\b|\b(?:more |most |really )?pressing\b|\bnumber one\b/,
          "high",
        ],
        [
          /\b(?:top|high|highest) (?:priority|prio|priorty)\b|\bmost important\b|\burgent\b|\bimportant\b|\b(?:a|the) priority\b|\bhigh\b|\bup the priority(?: list)?\b|\bhigher (?:priority|prio)\b|\basap\b/,
          "high",
        ],
      ];
      // "the proposal was top of the pile": said of the past, not a change.
      if (tokens.some((t) => !t.used && /^(?:was|were)$/.test(t.w))) return false;
      // "contact lenses are low", "bird seed's running low" beside "Order contact lenses": how much is
      // left of a thing to get, never its priority (rule STOCK-LOW; "low priority" still is).
      const stock = getsAThing(firstWordOf(ctx.task.title)) && !/\b(?:priority|prio|priorty)\b/.test(text());
      const found = new Set<Priority>();
      for (const [re, p] of table) {
        for (let m = re.exec(text()), n = 0; m && n < 5; m = re.exec(text()), n++) {
          const start = m.input.slice(0, m.index).split(" ").filter(Boolean).length;
          const before = words(tokens)[start - 1] ?? "";
          if (m[0] === "low" && ((stock && /^(?:is|are|'s)$|.'(?:s|re)$/.test(before)) || RUNNING.has(before))) return false;
          const end = start + m[0].split(" ").length - 1;
          take(tokens, start, end);
          // "the figures are the top priority this week": how long it is urgent for, never a day to move it to.
          const ws = words(tokens);
          const span = PRIORITY_SPAN.find((f) => f.every((w, i) => ws[end + 1 + i] === w));
          if (span) take(tokens, end + 1, end + span.length);
          found.add(p);
        }
      }
      if (found.size !== 1) return false;
      ctx.changes.priority = [...found][0]!;
      return true;
    },
  },
  {
    name: "done",
    examples: [
      "the gas bill is sorted",
      "the glasses are done",
      "the fence is finished",
      "the bins are out",
      "mums been called",
      "the optician's booked",
    ],
    read: (tokens, ctx) => {
      const state = statesDone(tokens, ctx.task);
      if (state) {
        take(tokens, Math.max(state[0]!, 0), state[1]!);
        // "seed potatoes ordered from the catalogue", "milk bought at the garage": where a thing was got;
        // "ordered the greenway parts from screwfix", "grabbed the fittings on the way home": after the thing too.
        const title = tokenize(ctx.task.title);
        let where = state[1]! + 1;
        while (
          where < tokens.length &&
          !/^(?:from|off|at|on)$/.test(tokens[where]!.w) &&
          !(SENDS.has(title[0]?.w ?? "") && /^(?:by|via|in|over)$/.test(tokens[where]!.w)) &&
          (STOP.has(tokens[where]!.w) || title.some((t) => t.stem === tokens[where]!.stem))
        )
          where++;
        const onTheWay =
          tokens[where]?.w === "on" && /^the way (?:home|back|in|out|to work|to [a-z]+)$/.test(words(tokens.slice(where + 1)).join(" "));
        // "alfie's flu jab booked in at the surgery": where a booking is, after it.
        const bookedAt = tokens[where]?.w === "at" && sameChore(title[0]?.w ?? "", "book");
        if (
          (/^(?:from|off|at)$/.test(tokens[where]?.w ?? "") || onTheWay) &&
          tokens.length - where <= 4 &&
          (getsAThing(title[0]?.w ?? "") || bookedAt)
        )
          take(tokens, where, tokens.length - 1);
        // "fixtures went out on the whatsapp group earlier", "minutes sent by email": how a thing was sent.
        else if (SENT_BY.test(words(tokens.slice(where)).join(" ")) && SENDS.has(title[0]?.w ?? "")) take(tokens, where, tokens.length - 1);
        doneTail(tokens, state[0]!, ctx.task, ctx.clock);
        ctx.changes.status = "completed";
        return true;
      }
      const at = findWord(tokens, /^(?:done|sorted|finished|completed|handled|ticked)$/);
      if (at < 0) return false;
      take(tokens, at, at);
      restOfName(tokens, at + 1, ctx.task);
      const off = findWord(tokens, /^off$/);
      if (off >= 0) tokens[off]!.used = true;
      ctx.changes.status = "completed";
      return true;
    },
  },
  {
    name: "dealt-with",
    examples: ["the gas bill is dealt with", "the vet's taken care of"],
    read: (tokens, ctx) => {
      const text = words(tokens).join(" ");
      const m = /\b(?:dealt with|taken care of|out of the way|all sorted)\b/.exec(text);
      if (!m) return false;
      const start = text.slice(0, m.index).split(" ").filter(Boolean).length;
      take(tokens, start, start + m[0].split(" ").length - 1);
      ctx.changes.status = "completed";
      return true;
    },
  },
  {
    name: "new-day",
    examples: [
      "the glasses one is now friday",
      "the optician can go to monday",
      "the library stuff is happening on saturday now",
      "remind me about the optician tomorrow at 9",
      "bump the plumber to fri",
      "the fence isnt til thurs now",
    ],
    read: (tokens, ctx) => {
      if (toldWhatHappened(tokens)) return false;
      // "ellie's taking my sunday shift" (Swap my Sunday shift with Ellie): a day that is the title's own word before the same noun names the task.
      const title = tokenize(ctx.task.title);
      tokens.forEach((t, i) => {
        const at = title.findIndex((x) => x.w === t.w);
        if (at >= 0 && WEEKDAY_WORD.test(t.w) && title[at + 1] && tokens[i + 1]?.stem === title[at + 1]!.stem) t.used = true;
      });
      // "now" and "instead" say the change is new, never a time ("is now friday").
      const text = words(tokens)
        .map((w, i) => (tokens[i]!.used || /^(?:now|instead)$/.test(w) ? "_" : (LEXICON.dayWord[w] ?? w)))
        .join(" ");
      const found = findDue(text, ctx.clock);
      if (!found) return false;
      // "the electric went off for an hour": how long, never when (unless a shift asks for it: "snooze it for an hour").
      const first = found.spans[0];
      if (first && FOR_A_WHILE.test(text.slice(first.index)) && !tokens.some((t) => SHIFT_FOR.has(t.w))) return false;
      // "lovely walk with the dog this morning" (said at 2 pm): a time already gone is a remark, never a new due.
      if (gone(found.due, ctx.clock) && !tokens.some((t) => LASTS_TILL_MIDNIGHT.has(t.w))) return false;
      // "the lunch isn't till thursday now": the negation belongs to the day; "sat not today": the old day.
      tokens.forEach((t, i) => {
        const next = tokens[i + 1]?.w ?? "";
        if (
          NEGATOR.has(t.w) &&
          (/^(?:till|til|until|before)$/.test(next) || (SLOT_WORD.test(LEXICON.dayWord[next] ?? next) && !tokens[i + 1]!.used))
        )
          take(tokens, i, i + 1);
        // "isnt due till the 10th", "isn't needed till the 10th": the negation and "due/needed" belong to the day.
        else if (
          NEGATOR.has(t.w) &&
          /^(?:due|needed|wanted|required|happening)$/.test(next) &&
          /^(?:till|til|until|before)$/.test(tokens[i + 2]?.w ?? "")
        )
          take(tokens, i, i + 2);
      });
      for (const span of found.spans) {
        const start = text.slice(0, span.index).split(" ").filter(Boolean).length;
        const n = text
          .slice(span.index, span.index + span.length)
          .split(" ")
          .filter(Boolean).length;
        take(tokens, start, start + n - 1);
      }
      // "at 3 not 11", "on the 1st now not the 28th": the old value at the end, said to be wrong (rule NOT-OLD-VALUE).
      const not = tokens.findIndex((t, i) => t.w === "not" && i > 0 && (tokens[i - 1]!.used || tokens[i - 2]?.used === true));
      const old = not < 0 ? -1 : tokens[not + 1]?.w === "the" ? not + 2 : not + 1;
      if (not >= 0 && old === tokens.length - 1 && OLD_VALUE.test(tokens[old]!.w) && !tokens[old]!.used) take(tokens, not, old);
      // "the pram one is tomorrow not the day after": the old day said by its place beside the new one.
      const after = not < 0 ? [] : tokens.slice(not + 1);
      if (after.every((t) => !t.used) && /^(?:the )?day (?:after|before)(?: (?:that|it|tomorrow))?$/.test(words(after).join(" ")))
        take(tokens, not, tokens.length - 1);
      // "monday at 9 when they open", "first thing once the surgery opens": the hour said by what happens then.
      const when = tokens.findIndex((t, i) => /^(?:when|once)$/.test(t.w) && i > 0 && tokens[i - 1]!.used);
      if (when >= 0 && WHEN_OPEN.test(words(tokens.slice(when)).join(" "))) take(tokens, when, tokens.length - 1);
      // "remind me about the optician tomorrow morning", "ping me about the glasses at 6": a reminder time, not a new due date.
      const remind = findWord(tokens, /^(?:remind|reminder|ping|nudge|buzz|warn|alert|notify)$/);
      // A day without a time ("ping me about the bins on friday") reminds that morning (reminderTime).
      const remindOn = remind >= 0 ? reminderTime(found.due, ctx.clock) : null;
      if (remind >= 0 && remindOn) {
        tokens[remind]!.used = true;
        ctx.changes.remindAt = dueToString(remindOn);
      } else if (remind >= 0) return false;
      else {
        ctx.changes.due = dueToString(found.due);
        if (found.bareTime) ctx.changes.keepDay = true;
      }
      // "leave the loft till march": "leave … till" puts it off ("leave it" alone changes nothing).
      const leave = findWord(tokens, /^leave$/);
      if (leave >= 0 && tokens.some((t, i) => i > leave && /^(?:till|til|until)$/.test(t.w))) tokens[leave]!.used = true;
      return true;
    },
  },
  {
    name: "list-echo",
    examples: [
      "the report is a work thing, move it over there",
      "the fence is a garden job so stick it in there",
      "the fence is a garden job, move it to garden",
    ],
    read: (tokens, ctx) => {
      // Rule LIST-ECHO: after a list (or label) read above, "(so) move it (over) there", "stick it in there"
      // asks for the same move again: explained by it, nothing more is written.
      if (!ctx.changes.list && !ctx.changes.labels) return false;
      const rest = tokens.map((t, i) => (t.used ? -1 : i)).filter((i) => i >= 0);
      const said = rest.map((i) => tokens[i]!.w);
      // "…, really, so move it there": hedges first.
      let k = 0;
      while (k < said.length && (FILLER.has(said[k]!) || said[k] === "so" || said[k] === "and") && !MOVE_TO_PLACE.has(said[k]!)) k++;
      if (!MOVE_TO_PLACE.has(said[k] ?? "") || !/^(?:it|that|them)$/.test(said[k + 1] ?? "")) return false;
      k += 2;
      if (said[k] === "over") k++;
      if (/^(?:in|into|to|on|onto|under)$/.test(said[k] ?? "")) k++;
      // "…, move it to farm", "…, stick it on the work list": the list just read, named again.
      const named = (ctx.changes.list ?? ctx.changes.labels?.[0] ?? "").toLowerCase();
      if (said[k] === "the" && said[k + 1] === named) k++;
      if (said[k] === named && named) k += said[k + 1] === "list" ? 1 : 0;
      else if (said[k] !== "there") return false;
      if (k + 1 !== said.length) return false;
      for (const i of rest) tokens[i]!.used = true;
      return true;
    },
  },
];

/** Verbs that put a task somewhere ("move it there", "stick it in there"). */
const MOVE_TO_PLACE = new Set("move put stick pop chuck shove bung whack file".split(" "));

/** Whether anything in the message keeps it from writing (negation, relay, hypothetical, a real question). */
const PAST_DAY = new Set(
  "monday tuesday wednesday thursday friday saturday sunday mon tue tues wed weds thu thur thurs fri sat sun weekend today tonight".split(
    " ",
  ),
);
const WAS_CHANGED = new Set(
  "moved changed pushed put rescheduled bumped postponed delayed brought shifted switched set made now instead actually but so".split(" "),
);
/** "tonight", "this evening": said late, still today. */
const LASTS_TILL_MIDNIGHT = new Set(["tonight", "tonite", "evening", "night"]);
/** A due already past: an earlier day, or earlier today at a clock time. */
function gone(due: { date: { y: number; m: number; d: number }; hour?: number; minute?: number }, clock: Clock): boolean {
  const days = diffDays(clock.today, due.date);
  return days < 0 || (days === 0 && due.hour !== undefined && due.hour * 60 + (due.minute ?? 0) < clock.minutes);
}
/** Words that point at a time gone by ("this morning" with a past verb, "yesterday", "an hour ago"). */
const PAST_POINTER = new Set("yesterday ago earlier last morning year".split(" "));
/** "for an hour", "for 2 days", "for a couple of weeks": how long. */
const FOR_A_WHILE =
  /^for (?:an?|\d+|one|two|three|four|five|six|ten|half an|a couple of|a few|couple of|few) (?:hours?|hrs?|mins?|minutes?|days?|weeks?|wks?|months?)\b/;
/** Past forms of verbs of going and coming: a task does not "go" or "come" to a day. */
const MOVED_NOTHING = new Set("went came looked seemed felt got".split(" "));
/** Verbs after which "for <a while>" is when the task is due again ("snooze the gym for an hour"). */
const SHIFT_FOR = new Set(
  "snooze snoozed push pushed postpone postponed delay delayed defer deferred hold put move moved bump bumped".split(" "),
);
/**
 * "the electric went off for an hour this morning", "bin men came early yesterday": a past verb and
 * a time gone by tell what happened; no due date changes unless a change word says one did
 * ("the dentist was moved to friday", "…, it's tuesday now").
 */
function toldWhatHappened(tokens: Token[]): boolean {
  const past = tokens.some((t) => baseOfPast(t.w) !== null && !isBaseVerb(t.w) && !WAS_CHANGED.has(t.w));
  if (!past || tokens.some((t) => WAS_CHANGED.has(t.w))) return false;
  // "rent went up in september", "the vet came back at 4": a verb that moves nothing ("went", "came")
  // tells what happened whenever it was; other past forms only with a time gone by.
  return tokens.some((t) => PAST_POINTER.has(t.w) || MOVED_NOTHING.has(t.w));
}
const CANNOT = new Set("can't cant cannot couldn't couldnt".split(" "));
const CANNOT_THEN = new Set("until till til instead move moving moved push pushing pushed shift so but make".split(" "));
/** `titles`: the content stems of each task, null before the tasks are known (mightNameTask). */
/** What follows a verb of coming when someone visits ("to us", "to stay", "over", "round", "for christmas"). */
const VISIT_AFTER =
  /^(?:to (?:us|ours|stay|visit|see)|over|round|around|up|down|with|for (?:christmas|xmas|dinner|tea|lunch|the weekend|a visit|a few days)|this|next)\b/;
function blocked(tokens: Token[], text: string, titles: Set<string>[] | null = null): boolean {
  const first = tokens[0]?.w ?? "";
  // A negation blocks unless a rule takes it ("isn't that important", "no reminder for …"): the
  // gate in groundMessage refuses any negator left over.
  if (tokens.some((t) => HYPOTHETICAL.has(t.w))) return true;
  // "nan's coming to us for christmas", "the in-laws are coming over friday": a visit told, never a task's new day.
  if (
    tokens.some(
      (t, i) =>
        /^(?:coming|come|comes|visiting|staying)$/.test(t.w) &&
        VISIT_AFTER.test(
          tokens
            .slice(i + 1, i + 3)
            .map((u) => u.w)
            .join(" "),
        ),
    )
  )
    return true;
  // "the proposal was top of the pile last week": a remark about the past.
  if (tokens.some((t) => /^(?:was|were)$/.test(t.w)) && tokens.some((t) => /^(?:last|yesterday|ago)$/.test(t.w))) return true;
  // An intention ("I'm going to the dentist tomorrow", "I'll call mum friday") is offered, never a change.
  const lead = tokens
    .slice(0, 3)
    .map((t) => t.w)
    .join(" ");
  // "gonna clean the car saturday", "planning to renew the passport next month": a plan without its "I"
  // (mood.ts SUBJECTLESS_PLAN); "gonna need to/have to" says what must be done.
  if (/^(?:gonna|planning to|hoping to|i'm planning to|i'm hoping to|i plan to)\b/.test(lead) && !/\b(?:need|have|hafta)\b/.test(lead))
    return true;
  if (/^(?:i'll|i will|i'm going to|i am going to|i'm gonna|i'm off|i'm heading)\b/.test(lead) && !/\bneed\b/.test(lead)) {
    if (
      !/^(?:i'm going to need|i'll need|i will need)/.test(
        tokens
          .slice(0, 4)
          .map((t) => t.w)
          .join(" "),
      )
    )
      return true;
  }
  // "tuesday was a write off": a day in a remark about the past; "the dentist was moved to friday" says the change.
  if (tokens.some((t) => /^(?:was|were)$/.test(t.w)) && tokens.some((t) => PAST_DAY.has(t.w)) && !tokens.some((t) => WAS_CHANGED.has(t.w)))
    return true;
  // "can't do the haircut tomorrow": the day it cannot be, not a new day; "can't come until thursday",
  // "cant do sat, moving it to monday" say the new day.
  if (tokens.some((t) => CANNOT.has(t.w)) && !tokens.some((t) => CANNOT_THEN.has(t.w))) return true;
  // Relay: "tell my brother to …", "ask dad to …".
  if (/^(?:tell|ask|message|text|email)$/.test(first) && !/^(?:me|myself)$/.test(tokens[1]?.w ?? "")) return true;
  const asksAssistant = /^(?:can|could|would|will)$/.test(first) && /^(?:you|u)$/.test(tokens[1]?.w ?? "");
  // "could do the hall on thursday i suppose": the user musing about what they could do.
  if ((/^(?:could|might)$/.test(first) && !asksAssistant) || /\bi suppose\b/.test(text.toLowerCase())) return true;
  // "do the gutters tomorrow instead": "do" before an article is the verb, not a question.
  // "do the bins go out on sunday" (a question with its "?" left off): a verb after the subject.
  const end = tokens.findIndex((t, k) => k >= 2 && (SLOT_WORD.test(t.stem) || /^(?:on|at|by|in)$/.test(t.w)));
  const subject = tokens.slice(2, end < 0 ? 6 : end);
  // A verb that is a word of the task the subject names is that task's name ("do the car wash tmrw" of "Wash the car").
  const named = (t: Token) => titles === null || titles.some((own) => own.has(t.stem) && subject.some((u) => u !== t && own.has(u.stem)));
  const verbAfter = subject.some((t) => (isBaseVerb(t.w) || /^(?:needs|goes|comes|has|wants)$/.test(t.w)) && !named(t));
  const doThe = first === "do" && /^(?:the|my|that|this)$/.test(tokens[1]?.w ?? "") && !verbAfter;
  if (!asksAssistant && (text.trim().endsWith("?") || (LEXICON.question.includes(first) && !doThe))) return true;
  return false;
}

/**
 * Reads the message against the user's tasks: the one task it names and what it asks to change,
 * or null when the reading does not account for every word (the gate). "move the nursery to wed
 * and school to thurs", "shelf and picture can be low priority": when the whole message does not
 * read as one change, each part between "and" and commas is read on its own; a part that only
 * names a task shares the change of the part after it (`also` holds the changes after the first).
 */
/** "…, isnt it", "… dont they": a tag after a statement asks nothing. */
const TAG_ASKED = / (?:isn'?t|aint|ain't|wasn'?t|doesn'?t|don'?t|won'?t) (?:it|they|he|she)(?=[,.!]|$)/gi;

export function groundMessage(said: string, tasks: TaskView[], clock: Clock, lists: string[] = []): Grounding {
  const text = commaBeforeWhy(said.replace(TAG_ASKED, ""));
  // "can the council tax go to next week, or is that daft": advice asked, never a change (lexicon.ts OPINION_ASKED).
  if (OPINION_ASKED.test(text.toLowerCase().trim())) return null;
  // "the year 7 trolley is gonna take all day tues": how long a job takes, said with its day, moves nothing.
  if (TAKES_LONG.test(text.toLowerCase())) return null;
  // The user's lists: those given (list_lists), and those the tasks found are in.
  const known = [...new Set([...lists, ...tasks.flatMap((t) => (t.list ? [t.list] : []))])];
  const moved = wholeListMove(text, tasks, known);
  if (moved) return moved;
  const corrected = correctedMention(text, tasks, clock, known);
  // "…, no more wobble thank god": a remark after the change is no correction, though a word of it names a task.
  if (corrected !== undefined) return corrected?.kind === "change" ? corrected : (asideAfter(text, tasks, clock, known) ?? corrected);
  const whole = groundOne(text, tasks, clock, false, known);
  if (whole?.kind === "change" && setsSomething(whole)) return whole;
  const placed = placedNotIdle(text, tasks, clock, known);
  if (placed) return placed;
  const found =
    asideAfter(text, tasks, clock, known) ??
    groundParts(text, tasks, clock, known) ??
    newsAfterRemark(text, tasks, clock, known) ??
    remarkAfterDone(text, tasks, clock, known) ??
    whyAfterChange(text, tasks, clock, known) ??
    reportedDay(text, tasks, clock, known) ??
    whole;
  // A change that sets nothing grounds nothing ("remind me the night before the mot, …": a reminder from the due the
  // readers set, grounding's changes cannot say).
  return found?.kind === "change" && !setsSomething(found) ? null : found;
}

/** Where a thing sits unplaced: "floating about", "lying around in the inbox". */
const IDLE = /^(?:just )?(?:floating|lying|sitting|hanging|kicking|knocking|stuck) (?:about|around|round)(?: in (?:the |my )?[a-z]+)?$/;
/**
 * Rule placed-not-idle: "alfie's flu jab should be on the home list not floating about": a list said for a task,
 * then where it sits now, unplaced; read as the move alone.
 */
function placedNotIdle(text: string, tasks: TaskView[], clock: Clock, lists: string[]): Grounding {
  const lower = text.toLowerCase();
  const at = lower.lastIndexOf(" not ");
  if (at <= 0 || !IDLE.test(lower.slice(at + 5).trim())) return null;
  const head = groundOne(text.slice(0, at).trimEnd().replace(/,$/, ""), tasks, clock, false, lists);
  return head?.kind === "change" && Object.keys(head.change.changes).join() === "list" && !head.also?.length ? head : null;
}

function setsSomething(g: Grounding & { kind: "change" }): boolean {
  return Object.keys(g.change.changes).length > 0 || (g.also?.length ?? 0) > 0;
}

/** "venue says …", "the ward manager wants …": someone's word, then what it says. */
const REPORTED = /^(?:the |my |our )?[a-z]+(?: [a-z]+)? (?:says|said|reckons|wants|told me|tells me|has said|'s said)(?: that)? /;
/**
 * Rule REPORTED-DAY: "venue says the fire safety check has to be booked by march 14th", "ward manager wants
 * the swap sorted by tomorrow": someone's word about when (or how urgent) a task is; read from what they say,
 * and only a new day or priority is taken from it.
 */
function reportedDay(text: string, tasks: TaskView[], clock: Clock, lists: string[]): Grounding {
  const t = text.trim().toLowerCase();
  const lead = REPORTED.exec(t);
  if (!lead || t.length - lead[0].length < 12) return null;
  const said = groundOne(t.slice(lead[0].length), tasks, clock, false, lists);
  if (said?.kind !== "change") return null;
  const keys = Object.keys(said.change.changes);
  return keys.length > 0 && keys.every((k) => k === "due" || k === "priority") ? said : null;
}

/**
 * Rule TRAILING-REMARK (intents/aside.ts): "stair gate is up at last. took 2 hours", "got new trainers, same
 * pegasus as before": the change is read from what comes before a last sentence or comma that only tells.
 */
function asideAfter(text: string, tasks: TaskView[], clock: Clock, lists: string[]): Grounding {
  const t = text.trim();
  // "… every day now we're in show week": a reason said after "now", without a comma.
  const now = / now (?:that )?(?:we're|we are|i'm|im|i am|it's|its|they're|theyre) /.exec(t)?.index ?? -1;
  const at = Math.max(t.lastIndexOf(","), t.lastIndexOf(". "), t.lastIndexOf("! "), now);
  let end = at;
  while (end > 0 && (t[end - 1] === "." || t[end - 1] === "!")) end--;
  const head = t.slice(0, end).trim();
  const tail = (at === now ? t.slice(at).replace(/^ now (?:that )?/, "") : t.slice(at + 1)).trim();
  if (at <= 0 || !head || !tail || !saysAside(tail, clock)) return null;
  const done = groundOne(head, tasks, clock, false, lists);
  return done?.kind === "change" ? done : null;
}

/** "… and in the post box", "… n in the freezer", "… and back in her bag": where a thing is now, after its deed. */
const WHERE_NOW = /\s(?:and|n|&)\s(?:(?:all|now|safely|back)\s)?(?:in|on|at|into|under|inside|with|back)\s/i;

/**
 * Rule REMARK-AFTER-DONE: "tap's fixed, plumber came this morning", "bins done, lorry came early":
 * a task said done, then after the first comma what happened (a past form, no request, no
 * question, no negation). The completion is read from the head alone.
 */
function remarkAfterDone(text: string, tasks: TaskView[], clock: Clock, lists: string[]): Grounding {
  // The deed ends at a comma, a "!", a full stop or a dash: "apple trees are done! took me all afternoon",
  // "car insurance all sorted - stayed with the same lot", "van passed its mot 🙌 only needed a wiper blade".
  const end = DEED_END.exec(text);
  if (!end || text.includes("?")) return null;
  const rest = text.slice(end.index + end[0].length);
  const whole = howItWent(rest, clock);
  // "hall's booked!! sheila sorted it and she's even leaving the key out, …": several remarks, each judged alone;
  // a description alone ("…, full of moss") needs four words.
  const pieces = rest.split(DEED_END).filter((p) => tokenize(p).length > 0);
  const remarks =
    pieces.length > 0 &&
    tokenize(rest).length <= 30 &&
    pieces.every((p) => howItWent(p, clock, 18) !== null || (describes(p) && (pieces.length > 1 || tokenize(p).length >= 4)));
  if (!whole && !remarks) return null;
  const head = text.slice(0, end.index).trim();
  // "christmas cards DONE and in the post box": where the thing is now, after the deed, names no task.
  const where = WHERE_NOW.exec(head);
  const done =
    groundOne(head, tasks, clock, false, lists) ?? (where ? groundOne(head.slice(0, where.index), tasks, clock, false, lists) : null);
  if (done?.kind !== "change" || done.also?.length || Object.keys(done.change.changes).join() !== "status") return null;
  const others = tasks.filter((t) => t.status !== "completed" && t.id !== done.change.task.id);
  return whole === "told" || findMention(tokenize(rest), others).length === 0 ? done : null;
}

/**
 * Rule DEED-THEN-TELLING: "vans passed its mot 🙌 only needed a wiper blade", "broadband cancelled, the guy on the
 * phone tried to upsell me for 20 mins lol": the deed before the first comma, "!", full stop, dash or emoji, when
 * every piece after it tells what happened (howItWent "told": a past form after its first word, when the thing
 * comes, an opinion) and none opens with a verb of its own (a second deed, "hoovered the stairs too", or a request).
 * The planner reads the deed alone only when it is one completion and no piece reads as a change of its own
 * ("cooker cleaned, fridge defrosted", planner.ts); else the whole message.
 */
export function deedBeforeTelling(text: string, clock: Clock): { head: string; pieces: string[] } | null {
  const end = DEED_END.exec(text);
  if (!end || end.index === 0 || text.includes("?")) return null;
  const rest = text.slice(end.index + end[0].length);
  const pieces = rest.split(DEED_END).filter((p) => tokenize(p).length > 0);
  if (pieces.length === 0 || tokenize(rest).length > 30) return null;
  // "…, think we'll get the instruction": a statement of another shape ("how") asks nothing when no action word is in it.
  const tells = (p: string) => {
    const words = tokenize(p);
    const went = howItWent(p, clock, 18);
    const first = words[0]!.w;
    if (went === null || isBaseVerb(first) || isPastForm(first) || ACTION.has(first)) return false;
    return went === "told" || !words.some((t, i) => ACTION.has(t.w) && !(i > 0 && isPastForm(t.w)));
  };
  return pieces.every(tells) ? { head: text.slice(0, end.index).trim(), pieces } : null;
}

/** How long a job takes ("gonna take all day", "took ages", "takes a couple of hours"). */
const TAKES_LONG =
  /\b(?:take|takes|took|taking|taken)\s+(?:me\s+|us\s+)?(?:all (?:day|morning|afternoon|evening|night|week)|ages|forever|hours|a while|a couple of hours|an hour|half a day|a whole day)\b/;

/** A word before a noun ("the phone", "a text"): a chore verb after it is a thing. */
const DETERMINER = /^(?:the|a|an|my|his|her|their|our|your)$/;

/** Where a deed said done ends and a remark begins: a comma, a "!", a full stop, a dash or an emoji. */
const DEED_END = /,|!+|\.\s|\s[-–—]\s|\p{Extended_Pictographic}+/u;
/** "no more drip thank god", "thank god", "no more leaks at last": relief, told after a deed. */
const RELIEF =
  /^(?:no more [a-z']+(?: [a-z']+)?|thank (?:god|goodness|heavens|christ|fuck)|thank fuck for that)(?: thank (?:god|goodness|heavens|christ|fuck)| at last| finally)?$/;
/** "…, they're in a box in the staffroom if anyone asks": a closing "if" that asks nothing. */
const IF_ASKED = /\bif (?:anyone|anybody|any1|you|u) (?:asks?|needs? (?:it|them|to know)|wants? (?:it|them|to know))$/;

/**
 * How a deed went, told after it (rule REMARK-AFTER-DONE): "told" when it says what happened or what the user
 * thinks ("plumber came this morning", "they're amazing"), "how" when it is a statement of another shape
 * ("went w the comparison site one"), else null (a request, a negation, a hypothetical).
 */
function howItWent(said: string, clock: Clock, most = 14): "told" | "how" | null {
  const rest = said.trimEnd().replace(IF_ASKED, "");
  const tail = tokenize(rest);
  if (tail.length === 0 || tail.length > most) return null;
  // "…, no more drip thank god": relief that the trouble is gone asks nothing.
  if (RELIEF.test(tail.map((t) => t.w).join(" "))) return "told";
  // "…, plumber came this morning" tells what happened; "…, they're amazing" what the user thinks of it.
  // "…, all fine till june": how it was found.
  const when = whenItHappens(tail, rest, clock);
  // A longer telling ("…, the guy on the phone tried to upsell me for 20 mins") holds no chore verb.
  const told =
    (tail.length <= 10 ||
      (tail.length <= 14 && !tail.some((t, i) => (isBaseVerb(t.w) && !DETERMINER.test(tail[i - 1]?.w ?? "")) || ACTION.has(t.w)))) &&
    (when ||
      tail.some((t, i) => i > 0 && isPastForm(t.w)) ||
      saysOpinion(rest) ||
      (tail[0]!.w === "all" && /^(?:fine|good|ok|okay|well|clear|present|correct)$/.test(tail[1]?.w ?? "")));
  // "…, went w the comparison site one and saved 80 quid", "…, same driver as last time thank god": a statement of
  // how it went (aside.ts statesWhy, saysAside), or a deed without a subject that names no other task.
  const words = tail.map((t) => t.w);
  const how = statesWhy(words) || toldPast(words[0]!) || saysAside(rest, clock);
  if (!told && !how) return null;
  if (tail.some((t) => NEGATOR.has(t.w) || HYPOTHETICAL.has(t.w))) return null;
  // "…, only needed a wiper blade": an action word in a past form after the first word tells; never "…, moved it to friday".
  if (!when && !how && (isBaseVerb(tail[0]!.w) || tail.some((t, i) => ACTION.has(t.w) && !(i > 0 && isPastForm(t.w))))) return null;
  return told ? "told" : "how";
}

/**
 * "…, full of moss and a tennis ball of all things", "… hamper from jarrolds and some vouchers": a short
 * description with no verb, no day and no slot word, beside another remark; never a second thing
 * ("and the recycling", "the hoover next", "the gate too").
 */
function describes(said: string): boolean {
  const tail = tokenize(said);
  if (tail.length === 0 || tail.length > 12 || /^(?:and|also|plus|then|n|&|next)$/.test(tail[0]!.w)) return false;
  if (/^(?:too|also|next|aswell|after|later)$/.test(tail.at(-1)!.w)) return false;
  return !tail.some((t) => isBaseVerb(t.w) || SLOT_WORD.test(t.stem) || NEGATOR.has(t.w) || HYPOTHETICAL.has(t.w) || ACTION.has(t.w));
}

/**
 * "rang the surgery, jab's on tuesday", "broadband ordered, goes live on the 12th": when the thing the deed
 * arranged happens, told after it (a day, and a subject or an event verb before it).
 */
function whenItHappens(tail: Token[], said: string, clock: Clock): boolean {
  // "…, engineer's coming tuesday", "…, coming monday": who comes, or what arrives, and when.
  const subject =
    /^(?:[a-z]+'s|it's|its|they're|theyre)$/.test(tail[0]!.w) &&
    /^(?:on|at|for|next|this|tomorrow|coming|arriving|due|dropping|delivering|landing|here|back)$/.test(tail[1]?.w ?? "");
  // "…, should land monday", "…, it'll arrive friday": what is due to come, said with a modal.
  const modal = /^(?:should|will|it'll|itll|they'll|theyll|meant|supposed)$/.test(tail[0]!.w)
    ? /^(?:meant|supposed)$/.test(tail[0]!.w)
      ? 2
      : 1
    : 0;
  const event =
    /^(?:goes|arrives|comes|starts|lands|opens|happens|gets|turns|coming|arriving|landing|due|go|arrive|come|start|land|open|happen|turn|be)$/.test(
      tail[modal]?.w ?? "",
    ) && tail.length <= 6;
  // "…, 10kg of soy arriving thursday": what was ordered, then when it arrives.
  const arriving = tail.findIndex((t) => /^(?:arriving|coming|landing|due)$/.test(t.w));
  const thingArrives = arriving > 0 && arriving <= 4 && tail.length <= 8 && !tail.slice(0, arriving).some((t) => isBaseVerb(t.w));
  return (
    (subject || event || thingArrives) && !tail.some((t) => NEGATOR.has(t.w) || HYPOTHETICAL.has(t.w)) && findDue(said, clock) !== null
  );
}

/** Who a reason after a change is about ("…, we're switching to ready made", "…, she's too little"). */
const WHY_SUBJECT =
  /^(?:we're|were|we've|we|i'm|im|i've|ive|i|she's|shes|he's|hes|they're|theyre|it's|its|there's|theres|plenty|loads|lots|no|still|people|everyone|everybody|nobody)$/;
const REPEAT_ADVERB = /^(?:daily|weekly|fortnightly|monthly|yearly|annually)$/;
/** Someone else as the subject of a reason ("…, he does them now", "…, someone else sorts it"). */
const WHY_OTHER = /^(?:he|she|they|someone|somebody)$/;
/** Verbs of someone else doing the task ("the neighbour does them"). */
const DOES = /^(?:does|do|did|handles|handle|sorts|sort|takes|take)$/;

/**
 * Rule WHY-AFTER-CHANGE: "stop the bottles repeating, we're switching to ready made" — a change to a
 * task, then after the last comma a short statement of the user's (or someone's) situation: why,
 * not what. The change is read from the head alone; a tail with a day, a time, a slot word, a
 * request or a question is never cut (its words could be the change).
 */
function whyAfterChange(text: string, tasks: TaskView[], clock: Clock, lists: string[]): Grounding {
  const comma = text.lastIndexOf(",");
  if (comma < 0 || text.includes("?")) return null;
  const tail = tokenize(text.slice(comma + 1));
  if (tail.length < 2 || tail.length > 20) return null;
  const plain = tail.length <= 10 && plainWhy(tail, text.slice(comma + 1), tasks, clock);
  if (!plain && !statesWhy(tail.map((t) => t.w))) return null;
  const head = groundOne(text.slice(0, comma), tasks, clock, false, lists);
  if (head?.kind !== "change" || head.also?.length) return null;
  return plain || whyFitsChange(head.change, tail, text.slice(comma + 1), tasks, clock) ? head : null;
}

/** The reasons rule WHY-AFTER-CHANGE first knew: the user's or someone's situation, with no day and nothing it could change. */
function plainWhy(tail: Token[], said: string, tasks: TaskView[], clock: Clock): boolean {
  // "…, the neighbour does them": someone else's doing is a reason too.
  const someone = WHY_OTHER.test(tail[0]!.w) || (/^(?:the|my|our|his|her|their)$/.test(tail[0]!.w) && tail.length >= 3);
  // "…, tooth's killing me": a thing of the user's that is no task of theirs.
  const thing = /^[a-z]+'s$/.test(tail[0]!.w) && findMention(tail, tasks).length === 0;
  if (!WHY_SUBJECT.test(tail[0]!.w) && !someone && !thing) return false;
  // "ready made" is no request: an action word in a past form tells.
  // "…, we're moving it": a tail that points at the task may say another change; "…, the neighbour does them" says who does it.
  const asks = (t: Token, i: number) =>
    (ACTION.has(t.w) && baseOfPast(t.w) === null && !(someone && DOES.test(t.w))) ||
    SLOT_CUE.test(t.w) ||
    EDIT_CUE.test(t.w) ||
    (/^(?:it|them|that|this)$/.test(t.w) && !(someone && DOES.test(tail[i - 1]?.w ?? "")));
  return !tail.some(asks) && !tail.some((t) => WHY_NOT.test(t.w)) && !findDue(said, clock);
}

/** Whether a reason said after a change leaves the change alone: it names no other task and fits the change (aside.ts reasonFits). */
function whyFitsChange(change: GroundedChange, tail: Token[], said: string, tasks: TaskView[], clock: Clock): boolean {
  const open = tasks.filter((t) => t.status !== "completed" && t.id !== change.task.id);
  return (
    findMention(tail, open).length === 0 &&
    reasonFits(
      tail.map((t) => t.w),
      said,
      change.changes,
      clock,
    )
  );
}

/**
 * Rule corrected-mention: "make the dentist high priority, i mean the doctor", "move the fence to friday…
 * no wait, the gate": the task named after a correction marker (corrections.ts) takes the place of the task
 * named before it, and gets the change read from the words before the marker. A tail that names another
 * task with more words than its name asks which one is meant (ambiguous); the task named first is never
 * written. Undefined when the message holds no such correction.
 */
function correctedMention(text: string, tasks: TaskView[], clock: Clock, lists: string[]): Grounding | undefined {
  const split = correctionSplit(text);
  if (!split) return undefined;
  const tail = tokenize(split.tail);
  const named = findMention(tail, tasks);
  if (named.length !== 1) return undefined;
  const head = groundOne(split.head, tasks, clock, false, lists);
  if (head?.kind !== "change" || head.change.task.id === named[0]!.task.id) return undefined;
  takeMention(tail, named[0]!);
  const explained = tail.every((t) => t.used || STOP.has(t.w) || FILLER.has(t.w) || TASK_NOUN.has(t.w));
  if (!explained || head.also?.length) return { kind: "ambiguous", tasks: [head.change.task, named[0]!.task] };
  return { kind: "change", change: { task: named[0]!.task, changes: head.change.changes } };
}

/** Words a whole-list move may hold besides its verb and the two lists. */
const WHOLE_WORDS = new Set(
  (
    "everything all whole entire every single stuff things thing tasks task items item ones one list lists the my of from in on " +
    "into to onto over across off out can could you u please pls just back lot whats what's is that's thats"
  ).split(" "),
);
const WHOLE_VERB = /^(?:move|put|shift|shove|chuck|stick|pop|bung|transfer|dump|empty|merge|combine|send|file)$/;

/**
 * Rule whole-list-move: "move everything from errands into shopping", "put all the side project
 * stuff in work", "empty the errands list into the inbox", "merge errands into home" — every open
 * task of one of the user's lists goes to another list (or the Inbox). Both lists must be named,
 * the first one the source; every other word must be a placing verb or a word of WHOLE_WORDS.
 */
function wholeListMove(text: string, tasks: TaskView[], lists: string[]): Grounding {
  const tokens = tokenize(text);
  if (tokens.length === 0 || tokens.length > 20 || text.includes("?")) return null;
  const verb = tokens.findIndex((t) => WHOLE_VERB.test(t.w));
  if (verb < 0 || tokens.slice(0, verb).some((t) => !/^(?:can|could|you|u|please|pls|just)$/.test(t.w))) return null;
  const whole = /^(?:empty|merge|combine)$/.test(tokens[verb]!.w) || tokens.some((t) => /^(?:everything|all|whole|entire)$/.test(t.w));
  if (!whole) return null;
  // Lists by one or two words ("side project"), each said once.
  const named: Array<{ name: string; from: number; to: number }> = [];
  for (let i = verb + 1; i < tokens.length; i++) {
    const two = i + 1 < tokens.length ? lists.find((l) => l.toLowerCase() === `${tokens[i]!.w} ${tokens[i + 1]!.w}`) : undefined;
    const one = tokens[i]!.w === "inbox" ? "inbox" : listNamed(tokens[i]!.w, lists);
    if (two) {
      named.push({ name: two, from: i, to: i + 1 });
      i++;
    } else if (one) named.push({ name: one, from: i, to: i });
  }
  if (named.length !== 2 || named[0]!.name === named[1]!.name || named[0]!.name === "inbox") return null;
  const [source, target] = named as [(typeof named)[0], (typeof named)[0]];
  // The target follows a word of placing ("into shopping", "over to home", "to the inbox").
  let p = target.from - 1;
  while (p > source.to && /^(?:the|my)$/.test(tokens[p]!.w)) p--;
  if (!/^(?:in|into|to|onto|across)$/.test(tokens[p]?.w ?? "")) return null;
  const explained = tokens.every(
    (t, i) => i === verb || (i >= source.from && i <= source.to) || (i >= target.from && i <= target.to) || WHOLE_WORDS.has(t.w),
  );
  if (!explained) return null;
  const moving = tasks.filter((t) => t.status !== "completed" && (t.list ?? "").toLowerCase() === source.name.toLowerCase());
  if (moving.length === 0 || moving.length > 20) return null;
  const changes = moving.map((task) => ({ task, changes: { list: target.name } }));
  return { kind: "change", change: changes[0]!, also: changes.slice(1) };
}

/**
 * Rule NEWS-AFTER-REMARK: "tom cant do that day, dinners friday now", "ok so the dentist rang, my
 * appointments on friday now" — a remark (no day, no request, no question), then after the last
 * comma the news of one task's change: the change is read from the news alone.
 */
function newsAfterRemark(text: string, tasks: TaskView[], clock: Clock, lists: string[]): Grounding {
  const comma = text.lastIndexOf(",");
  if (comma < 0 || text.includes("?")) return null;
  const head = text.slice(0, comma).trim();
  const tail = text.slice(comma + 1).trim();
  const headTokens = tokenize(head);
  // The remark may say what cannot be ("tom cant do that day"): only a hypothetical or a question in it blocks.
  if (headTokens.length === 0 || headTokens.length > 10 || !tail || blocked(tokenize(tail), tail)) return null;
  if (headTokens.some((t) => HYPOTHETICAL.has(t.w)) || LEXICON.question.includes(headTokens[0]!.w)) return null;
  // The remark asks nothing and says no day of its own ("move the gym, bins friday now" is two requests).
  const lead = headTokens.find((t) => !FILLER.has(t.w) && !STOP.has(t.w))?.w ?? "";
  if (isBaseVerb(lead) || findDue(head.toLowerCase(), clock) || othersNews(head)) return null;
  const news = groundOne(tail, tasks, clock, false, lists);
  return news?.kind === "change" && !news.change.changes.status ? news : null;
}

/** Where a message naming two tasks splits: "and", "&", commas. */
const PART_SPLIT = /(?<!\s)\s*,\s*|(?<!\s)\s+(?:and|&)\s+/i;

function groundParts(text: string, tasks: TaskView[], clock: Clock, lists: string[]): Grounding {
  const parts = text
    .split(PART_SPLIT)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 2 || parts.length > 4) return null;
  const read = parts.map((p) => groundOne(p, tasks, clock, true, lists));
  const changes: GroundedChange[] = [];
  for (const r of read) {
    if (r?.kind !== "change") return null;
    changes.push(r.change);
  }
  // A part that only names its task takes the change of the next part that has one ("X and Y both tomorrow").
  for (let i = changes.length - 1; i >= 0; i--) {
    if (Object.keys(changes[i]!.changes).length > 0) continue;
    const next = changes.slice(i + 1).find((c) => Object.keys(c.changes).length > 0);
    if (!next) return null;
    changes[i] = { task: changes[i]!.task, changes: { ...next.changes } };
  }
  if (new Set(changes.map((c) => c.task.id)).size !== changes.length) return null;
  return { kind: "change", change: changes[0]!, also: changes.slice(1) };
}

/**
 * label-named-word (named rule): "the flights arent someday anymore", "take the someday tag off":
 * a label the user has that is also a hypothetical word ("someday", "maybe") is the label, not a
 * musing, when it is said as one (after a negator, before "label/tag", or as "#someday").
 */
function labelWordsSaid(tokens: Token[], tasks: TaskView[]): Set<Token> | null {
  let out: Set<Token> | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const w = t.w.replace(/^#/, "");
    if (!HYPOTHETICAL.has(w) || !tasks.some((x) => (x.labels ?? []).some((l) => l.toLowerCase() === w))) continue;
    const said = t.w.startsWith("#") || NEGATOR.has(tokens[i - 1]?.w ?? "") || /^(?:label|tag|labels|tags)$/.test(tokens[i + 1]?.w ?? "");
    if (said) (out ??= new Set()).add(t);
  }
  return out;
}

/** One task and its change; with `bare`, a part that names a task and asks nothing (a shared change follows). */
function groundOne(text: string, tasks: TaskView[], clock: Clock, bare: boolean, lists: string[]): Grounding {
  const tokens = tokenize(text);
  // A task's own word is no verb of a question ("do the car wash tmrw" of "Wash the car").
  const titles = tasks.map((t) => new Set(contentStems(t.title)));
  // "my sister's wedding got moved to june": another person's news (gate.ts, rule others-news).
  const labelled = labelWordsSaid(tokens, tasks);
  const gated = labelled ? tokens.filter((t) => !labelled.has(t)) : tokens;
  if (tokens.length === 0 || tokens.length > 30 || blocked(gated, text, titles) || othersNews(text)) return null;
  const why = withoutReason(text, tokens, clock);
  if (why) return groundOne(why, tasks, clock, bare, lists);
  const mentions = findMention(
    tokens,
    tasks.filter((t) => t.status !== "completed"),
  );
  if (mentions.length === 0) return null;
  if (mentions.length === 1) return readMention(text, tokens, mentions[0]!, clock, bare, lists);
  // Several tasks named: the one whose reading explains the whole message; when more than one
  // does, ask which; when none does, there is no change here ("buy a bike lock" beside "Take the
  // bike in" and "Buy compost" is a new to-do).
  const read = mentions.filter((m) => readMention(text, tokenize(text), m, clock, bare, lists) !== null);
  if (read.length === 1) return readMention(text, tokenize(text), read[0]!, clock, bare, lists);
  return read.length > 1 ? { kind: "ambiguous", tasks: read.map((m) => m.task).slice(0, 5) } : null;
}

/** A clock time or a day of the month said as the old value ("not 11", "not the 28th", "not 10am"). */
const OLD_VALUE = /^\d{1,2}(?:[:.]\d{2})?(?:am|pm|st|nd|rd|th)?$/;

/** Others who move a task's day ("they've pushed the lunch to friday", "someone moved the review"). */
const THEY = new Set("they they've theyve someone somebody".split(" "));
/** Past forms that tell of a change made by someone else ("got moved", "'s been postponed"). */
const NEWS_VERB = new Set("moved postponed delayed rescheduled pushed changed extended rearranged rebooked cancelled canceled".split(" "));

/** Words that start a reason ("… cos of the weather", "… because the hall's booked"). */
const REASON = new Set(["cos", "coz", "cuz", "because", "bc", "as"]);

/**
 * Rule REASON-TAIL: "the car boot sale's been postponed to next sunday cos of the weather" — a
 * reason after the change says why, not what: the message is read without it. A reason holding a
 * date or a time of its own ("… cos im away friday") is not cut (its day could be the change).
 */
function withoutReason(text: string, tokens: Token[], clock: Clock): string | null {
  const at = tokens.findIndex((t, i) => i >= 3 && REASON.has(t.w) && (t.w !== "as" || tokens[i + 1]?.w === "of"));
  // Only news of a change carries its reason ("…'s been postponed … cos of the weather"); "I need another week … because …" does not.
  if (at < 0 || !tokens.slice(0, at).some((t) => NEWS_VERB.has(t.w))) return null;
  const cut = text.toLowerCase().split(/\s+/);
  const k = cut.findIndex((w, i) => i >= 3 && REASON.has(w.replace(/[^a-z]/g, "")));
  if (k < 0) return null;
  const reason = cut.slice(k).join(" ");
  if (findDue(reason, clock)) return null;
  const kept = cut.slice(0, k).join(" ");
  let end = kept.length;
  while (end > 0 && (kept[end - 1] === "," || kept[end - 1] === ";")) end--;
  return kept.slice(0, end);
}

/** Direction words of a move ("pushed back", "brought forward"): explained when the due date changes. */
const MOVE_PARTICLE = new Set(["back", "forward", "forwards"]);

/** The change the message asks of the task it names, when the reading explains every word. */
function readMention(text: string, tokens: Token[], mention: Mention, clock: Clock, bare: boolean, lists: string[]): Grounding {
  takeMention(tokens, mention);
  const changes: Changes = {};
  const ctx: RuleContext = { clock, task: mention.task, changes, text: () => text, lists };
  let read = 0;
  for (const rule of RULES) if (rule.read(tokens, ctx)) read++;
  if (read === 0 && !bare) return null;
  // The explanation gate: every word left must be a filler or an action word ("both" only in a part).
  // The task's own words ("post should be checked every day" of "Check the post") are explained by the mention.
  const own = new Set(read > 0 ? contentStems(mention.task.title).flatMap(sameActs) : []);
  // "pushed back till sunday", "bring it forward to friday": the direction of a move of the due date.
  // "put the haircuts down for the 20th": "put … down" for a day is where it goes in the diary.
  const moved = (i: number) =>
    changes.due !== undefined &&
    (MOVE_PARTICLE.has(tokens[i]!.w) || (tokens[i]!.w === "down" && tokens.slice(0, i).some((u) => u.w === "put"))) &&
    tokens.slice(0, i).some((u) => ACTION.has(u.w));
  // "…isn't that urgent after all": a hedge of two words.
  const afterAll = (i: number) => tokens[i]!.w === "after" && tokens[i + 1]?.w === "all";
  // "they've pushed the team lunch to friday": news of a move someone else made (the day is the change).
  const byOthers = (i: number) => {
    if (changes.due === undefined) return false;
    const k = THEY.has(tokens[i]!.w) ? i + 1 : tokens[i]!.w === "have" && THEY.has(tokens[i - 1]?.w ?? "") ? i + 1 : -1;
    const verb = tokens[k]?.w === "have" ? tokens[k + 1]?.w : tokens[k]?.w;
    return k > 0 && NEWS_VERB.has(verb ?? "");
  };
  const left = tokens.filter(
    (t, i) =>
      !t.used &&
      !moved(i) &&
      !afterAll(i) &&
      !byOthers(i) &&
      // "prescription's ready, grab it thursday": the thing being ready is why, said before the change.
      !(
        t.w === "ready" &&
        Object.keys(changes).length > 0 &&
        (COPULA.test(tokens[i - 1]?.w ?? "") || /'s$/.test(tokens[i - 1]?.w ?? ""))
      ) &&
      // "move the passport over to the work list": "over/across" goes with a move to a list.
      !(changes.list !== undefined && /^(?:over|across)$/.test(t.w) && tokens.slice(0, i).some((u) => ACTION.has(u.w))) &&
      (NEGATOR.has(t.w) ||
        (!FILLER.has(t.w) &&
          !ACTION.has(t.w) &&
          !STOP.has(t.w) &&
          !ownWord(own, t.stem) &&
          !ownTypo(own, t.stem) &&
          !(bare && t.w === "both"))),
  );
  if (left.length > 0) return null;
  if (changes.due && namesOnlyWhatFor(tokens, mention)) return { kind: "whatFor", task: mention.task, due: changes.due };
  // A completion never comes with other changes ("done" inside a longer change is not a completion).
  if (changes.status && Object.keys(changes).length > 1) return null;
  return { kind: "change", change: { task: mention.task, changes } };
}

/** Verbs that do the same to a task ("ring mum tmrw instead" of "Call mum", "library books back by thursday" of "Return …"); as lib/tasks/match.ts SAME_ACT. */
const SAME_ACTS = ["call ring phone bell", "text message msg", "collect pick fetch grab", "return back"].map((g) => g.split(" "));
function sameActs(stem: string): string[] {
  return SAME_ACTS.find((g) => g.includes(stem)) ?? [stem];
}

/** A long word typed a letter off one of the task's own ("the councel tax" of "Pay the council tax"), as in typoMention. */
function ownTypo(own: Set<string>, stem: string): boolean {
  return stem.length >= 6 && [...own].some((o) => o.length >= 6 && o[0] === stem[0] && typoClose(o, stem));
}

/** A word of the task's own title, also in a shorter inflection ("chasing" → "chas" of "chase") or clipped ("insta" of "instagram", as sameStem). */
function ownWord(own: Set<string>, stem: string): boolean {
  return (
    own.has(stem) || (stem.length >= 4 && [...own].some((o) => o.startsWith(stem) && (o.length - stem.length <= 1 || stem.length >= 5)))
  );
}

/** Words one of the RULES could read: without one, a lookup could not lead to a change. */
const SLOT_CUE =
  /^(?:\d.*|am|pm|noon|midnight|morning|afternoon|evening|another|extra|more|further|week|weeks|days|fortnight|before|beforehand|every|each|daily|weekly|fortnightly|monthly|yearly|annually|repeat|repeats|list|inbox|everything|whole|entire|label|tag|untag|labelled|labeled|tagged|urgent|important|priority|rush|hurry|asap|done|sorted|finished|completed|handled|ticked|dealt|care|#.+|today|tonight|tomorrow|tmrw|tmr|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|weds|thu|thur|thurs|fri|weekend|next|spring|summer|autumn|winter|christmas|xmas)$/;

/** More words the edit rules read: notes, renames, reminders off, negated priorities and labels, "is a X thing". */
const EDIT_CUE =
  /^(?:note|notes|say|saying|that|should|read|called|actually|instead|task|reminder|prio|low|high|medium|top|bottom|matter|deal|thing|job|stuff|not|isn't|isnt|aren't|arent|doesn't|doesnt|dont|don't|shouldn't|shouldnt|no|stop|out|clean|belong|belongs|go|goes|live|lives|sit|sits|bump|day|back|forward|sooner|earlier|later|first|pile|key|lowkey|big|must|trumps|pressing|least|less|weekdays|weekends|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|typo|spelling|errand|remind|reminding|working)$/;

/** A cheap test before any lookup: could the message name a task, and could its reading write? */
/** Words before a past form that make it the user's state: "i'm tired", "feeling stressed", "so bored". */
const FEELS = new Set("i'm im am feel feeling felt so very really bit proper too quite totally".split(" "));

const DAY_LEAD = new Set("be on to til till until for by this next from".split(" "));
export function mightNameTask(text: string): boolean {
  // "the flights arent someday anymore": a hypothetical word said as a label (label-named-word) may be one; the tasks decide.
  const tokens = tokenize(text).filter(
    (t, i, all) =>
      !HYPOTHETICAL.has(t.w.replace(/^#/, "")) ||
      !(t.w.startsWith("#") || NEGATOR.has(all[i - 1]?.w ?? "") || /^(?:label|tag|labels|tags)$/.test(all[i + 1]?.w ?? "")),
  );
  // A past form names a task's verb ("mums been called"), not a state of the user ("i'm tired", "so stressed").
  const past = (i: number) => baseOfPast(tokens[i]?.w ?? "") !== null && !FEELS.has(tokens[i - 1]?.w ?? "");
  // "hoovering can be sat", "move it to wed": a short day that is also a word ("sat", "sun", "wed") after a day's lead.
  const shortDay = (w: string, i: number) => /^(?:sat|sun|wed)$/.test(w) && DAY_LEAD.has(tokens[i - 1]?.w ?? "");
  // "garlic's in the ground", "the bins are out", "the menu's up": a thing's state after its copula may say a task is done.
  // "the decorations are down", "chapter 3 is with okafor", "fairy lights work again" (statesDone).
  const state = (w: string, i: number) =>
    (/^(?:in|out|back|up|down|off|away|working|live|with)$/.test(w) &&
      (COPULA.test(tokens[i - 1]?.w ?? "") || /'s$/.test(tokens[i - 1]?.w ?? ""))) ||
    (/^works?$/.test(w) && tokens[i + 1]?.w === "again") ||
    // "new chain's on": a part fitted.
    (w === "on" && i === tokens.length - 1 && /'s$/.test(tokens[i - 1]?.w ?? "")) ||
    // "landlord has my notice", "lumen have their quote", "luna's had her drops".
    (/^(?:has|have|had)$/.test(w) && i > 0 && /^(?:my|their|his|her|our|your)$/.test(tokens[i + 1]?.w ?? ""));
  const cue = (w: string, i: number) => SLOT_CUE.test(w) || EDIT_CUE.test(w) || past(i) || shortDay(w, i) || state(w, i);
  // "tom cant do that day, dinners friday now": the news after a remark may name a task (rule NEWS-AFTER-REMARK).
  const comma = text.lastIndexOf(",");
  // "garden gate needs fixing by friday, we've got people coming over": a change, then a remark the block is about.
  if (blocked(tokens, text) && comma > 0 && !text.includes("?"))
    return mightNameTask(text.slice(comma + 1)) || mightNameTask(text.slice(0, comma));
  if (blocked(tokens, text) || !(tokens.some((t, i) => cue(t.w, i)) || text.includes(":") || text.includes(" - "))) return false;
  // Two letters may name a task ("the cv comes first").
  return tokens.some((t) => !STOP.has(t.w) && !SLOT_WORD.test(t.stem) && !ACTION.has(t.w) && !FILLER.has(t.w) && t.w.length > 1);
}
