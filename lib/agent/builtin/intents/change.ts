/**
 * Reads status changes and deletions: "mark X done", "I finished X", "I paid the phone bill",
 * "reopen X", "X isn't done", "delete X", "get rid of X", "I don't need X anymore".
 *
 * Each reader is a list of NAMED rules in precedence order (the first that reads the clause
 * wins), each with its examples; tests/unit/builtin/change-rules.test.ts checks that every
 * example is read by its own rule into the expected refs, and that the near misses
 * (NOT_A_CHANGE: "check the booking is cancelled", "drop off the parcel") are read by none.
 * Rules read words, not sentence shapes: an action phrase from the word sets below (lead), the
 * state or remark after the target (tail), and the target is the words left between them
 * (phrases.ts). A rule returns an intent, null (not this rule's shape: try the next), or
 * "refuse" (its shape, but not a change: stop, the reader reads nothing).
 */
import { baseOfPast, isBaseVerb } from "../verbs";
import { trimPunctuation } from "@/lib/task-line/text";
import { atEnd, atStart, joinWords, optional, phrases, targetOf, wordsOf, type Shape } from "./phrases";
import { baseOfGerund, cleanPhrase, refFrom, refsFrom } from "./refs";
import type { Intent, TaskRef } from "./types";

/** A clause as these rules see it: the lower-case text and its words. */
type Said = { text: string; ws: string[] };
type Reading = Intent | "refuse" | null;
/** A rule: its name, sentences it reads (with the refs it reads in them), and the reading. */
export type ChangeRule = { name: string; examples: Array<[string, ...string[]]>; read: (s: Said) => Reading };

const said = (text: string): Said => ({ text, ws: wordsOf(text) });
const set = (words: string) => new Set(words.split(" "));

// ---- Word sets -------------------------------------------------------------------------------

const DONE_WORDS = "done|complete|completed|finished|checked|ticked|crossed off|ticked off|checked off|off";
const NOT_DONE_WORDS =
  "pending|not done|not complete|not completed|incomplete|undone|unfinished|open|active|to do|todo|uncompleted|not finished|outstanding|unchecked|unticked|not yet done";
/** "from my list", "off the shopping list", "out of my tasks". */
const FROM_LIST = optional(phrases("from|off|out of", "my|the", "*|", "list|tasks|todos"));
const ANYMORE = optional(phrases("anymore|any more|any longer|after all"));
const AGAIN = optional(phrases("again"));

function refs(text: string | undefined): TaskRef[] {
  return refsFrom(trimPunctuation(text ?? ""));
}

/** A rule that reads the words between `shape`'s lead and tail as the target. */
function shaped(shape: Shape, then: (target: string, s: Said) => Reading): (s: Said) => Reading {
  return (s) => {
    const t = targetOf(s.ws, shape);
    const target = t ? trimPunctuation(joinWords(t)) : "";
    return target ? then(target, s) : null;
  };
}

/** Runs rules in order; the first reading wins ("refuse" stops with nothing). */
function readByRules(rules: ChangeRule[], text: string): { rule: string; intent: Intent | null } | null {
  const s = said(text);
  for (const rule of rules) {
    const r = rule.read(s);
    if (r === "refuse") return { rule: rule.name, intent: null };
    if (r) return { rule: rule.name, intent: r };
  }
  return null;
}

/** After "finish"/"complete" a gerund names the task: "finished washing the car". */
const FINISH_SUBJECT = phrases("i|we|i've|i have|i'm|i am|we've|");
const FINISH_ADVERB = phrases("just|already|finally|actually|really|didn't|did not|haven't|never");
const FINISH_VERB = set("finish finished complete completed done stopped");
function afterFinish(ws: readonly string[]): boolean {
  let i = Math.max(0, atStart(ws, 0, FINISH_SUBJECT));
  for (let n = atStart(ws, i, FINISH_ADVERB); n > 0; n = atStart(ws, i, FINISH_ADVERB)) i += n;
  return FINISH_VERB.has(ws[i] ?? "") && i + 1 < ws.length;
}
function gerundFixed(s: Said, phrase: string): string {
  return afterFinish(s.ws) ? baseOfGerund(phrase) : phrase;
}

// ---- Reopen ----------------------------------------------------------------------------------

function reopened(target: string, s: Said): Reading {
  const r = refs(gerundFixed(s, target));
  return r.length ? { type: "reopen", refs: r } : null;
}

const NOT_A_DEED = set("got get had have been be need needed want wanted know think thought mean meant said say see seen heard hear");

/** "I haven't paid rent yet", "I didn't actually call mum": the task named is not done after all. */
function readNotDoneYet(s: Said): Reading {
  const ws = s.ws;
  let i = atStart(ws, 0, phrases("i|we", "didn't|did not|haven't|have not|hadn't|had not|never"));
  if (i < 0) return null;
  i += Math.max(0, atStart(ws, i, phrases("actually|really|even")));
  const verb = ws[i] ?? "";
  if (!/^[a-z]+$/.test(verb) || NOT_A_DEED.has(verb)) return null;
  const rest = ws.slice(i + 1);
  const cut = atEnd(rest, rest.length, optional(phrases("yet|after all|actually|at all")), 1);
  const object = joinWords(rest.slice(0, rest.length - Math.max(0, cut)));
  if (!object) return null;
  // "i haven't done them yet", "didn't do it after all": the tasks just talked about.
  const named = refFrom(object);
  if (named && named.kind !== "phrase") return { type: "reopen", refs: [named] };
  const base = baseOfPast(verb) ?? (isBaseVerb(verb) ? verb : null);
  if (!base) return null;
  const ref = refFrom(`${base} ${object}`);
  return ref ? { type: "reopen", refs: [ref] } : null;
}

export const REOPEN_RULES: ChangeRule[] = [
  {
    name: "reopen-verb",
    examples: [
      ["reopen buy milk", "buy milk"],
      ["untick the gym one again", "gym"],
      ["restore the essay as pending", "essay"],
    ],
    read: shaped(
      {
        lead: [phrases("reopen|re-open|unmark|uncheck|untick|un-tick|un-check|uncomplete|un-complete|reactivate|revive|resurrect|restore")],
        tail: [optional(phrases("as|", "pending|not done|incomplete|open")), AGAIN],
      },
      reopened,
    ),
  },
  {
    name: "mark-not-done",
    examples: [
      ["mark the essay as not done", "essay"],
      ["set the vet back to pending", "vet"],
      ["flag buy milk as incomplete again", "buy milk"],
    ],
    read: shaped(
      {
        lead: [phrases("mark|set|put|move|change|turn|switch|flag|make")],
        tail: [phrases("as|to|back to|back as|", "back|", "to|", "being|", NOT_DONE_WORDS), AGAIN],
      },
      reopened,
    ),
  },
  {
    name: "is-not-done",
    examples: [
      ["the report isn't done yet", "report"],
      ["the vet visit wasn't actually finished", "vet visit"],
    ],
    read: shaped(
      {
        tail: [
          phrases(
            "isn't|is not|wasn't|was not|isnt|aren't|are not|hasn't been|has not been|is still not|is not actually|isn't actually|wasn't actually|still isn't|still aren't|still not",
          ),
          optional(phrases("actually|really")),
          phrases("done|finished|complete|completed|paid|sent|booked|sorted|fixed|posted|tidy|clean|renewed|returned"),
          optional(phrases("yet|after all|actually|tbh|lol")),
        ],
      },
      reopened,
    ),
  },
  {
    name: "did-not-finish",
    examples: [["i didn't finish the essay", "essay"]],
    read: shaped(
      {
        lead: [
          phrases("i|we", "didn't|did not|haven't|have not|never"),
          optional(phrases("actually|really")),
          phrases("finish|finished|complete|completed|do|done"),
        ],
        tail: [optional(phrases("yet|after all|actually"))],
      },
      reopened,
    ),
  },
  {
    name: "is-pending",
    examples: [
      ["the gym task is still pending", "gym"],
      ["buy milk should be open again", "buy milk"],
    ],
    read: shaped({ tail: [phrases("is|should be|needs to be", "still|back|", NOT_DONE_WORDS), AGAIN] }, reopened),
  },
  {
    name: "still-needs",
    examples: [
      ["the fence still needs doing", "fence"],
      ["turns out the gutters still need sorting", "gutters"],
    ],
    read: shaped(
      {
        lead: [optional(phrases("turns out|it turns out|oops|whoops|actually", "that|"))],
        tail: [
          phrases(
            "still needs|still need",
            "doing|to be done|work|sorting|sorting out|done|booking|paying|sending|posting|finishing|fixing",
          ),
        ],
      },
      reopened,
    ),
  },
  {
    // "the lawn needs doing again": ticked, but it is to do once more.
    name: "needs-again",
    examples: [
      ["lawn needs doing again", "lawn"],
      ["shed door needs redoing", "shed door"],
    ],
    read: shaped(
      {
        tail: [
          phrases("needs|need", "doing again|to be done again|redoing|redoing again|sorting again|done again"),
          optional(phrases("now|tbh|lol")),
        ],
      },
      reopened,
    ),
  },
  {
    // "the bins didn't go out", "the gas bill didn't go through": what was ticked did not happen.
    name: "did-not-happen",
    examples: [
      ["the bins didn't go out", "bins"],
      ["oops the gas bill didn't go through", "gas bill"],
    ],
    read: shaped(
      {
        lead: [optional(phrases("oops|whoops|ugh|argh|turns out|actually"))],
        tail: [
          phrases("didn't|did not|never", "actually|"),
          phrases(
            "go out|go off|go through|go in|get done|get sent|get posted|happen|get paid|get rung|get called|get booked|get sorted|get handed in",
          ),
          optional(phrases("after all|actually|yet")),
        ],
      },
      reopened,
    ),
  },
  {
    // "i ticked the essay by mistake": ticked wrongly, so open again.
    name: "ticked-by-mistake",
    examples: [["i ticked the essay by mistake", "essay"]],
    read: shaped(
      {
        lead: [optional(phrases("i|i've|oops i|whoops i")), phrases("ticked|ticked off|checked|checked off|completed|marked|marked off")],
        tail: [phrases("by mistake|by accident|wrongly|too soon|too early")],
      },
      reopened,
    ),
  },
  {
    // "not done the shopping yet": the clause without "I haven't".
    name: "not-done-yet-bare",
    examples: [["not done the shopping yet", "shopping"]],
    read: shaped({ lead: [phrases("not|haven't|havent", "done|finished|sorted")], tail: [phrases("yet")] }, reopened),
  },
  {
    name: "put-back",
    examples: [
      ["put the dentist back on my list", "dentist"],
      ["bring buy milk back", "buy milk"],
    ],
    read: shaped(
      {
        lead: [phrases("put|add|move|bring")],
        tail: [phrases("back"), optional(phrases("on|onto|in|into|to", "my|the", "list|tasks|todo list"))],
      },
      reopened,
    ),
  },
  {
    name: "undo-completing",
    examples: [["undo completing the laundry", "laundry"]],
    read: shaped(
      { lead: [phrases("undo"), optional(phrases("completing|finishing|marking"))], tail: [optional(phrases("as", "done|complete"))] },
      reopened,
    ),
  },
  {
    name: "not-done-yet",
    examples: [
      ["i haven't paid rent yet", "pay rent"],
      ["i didn't actually call mum", "call mum"],
    ],
    read: readNotDoneYet,
  },
];

/** "…, undo that", "… so reopen it": the request that follows a statement of what was not done. */
const UNDO_TAIL = phrases(
  "undo that|undo it|undo this|reopen it|reopen that|uncheck it|uncheck that|untick it|untick that|untick|put it back|tick it back|put it back on",
);
const MARK_UNDONE_TAIL = phrases("mark it", "as|", "not done|pending|undone|incomplete", "again|");
const SEPARATORS = new Set([",", ".", ";", "-"]);
function withoutUndoTail(text: string): string {
  const ws = wordsOf(text);
  let j = ws.length;
  if (ws[j - 1] === "please") j--;
  // "shed still isn't tidy, not done": the remark after a comma only repeats it.
  const remark = atEnd(ws, j, phrases("not done|not done yet"), 1);
  const before = ws[j - remark - 1] ?? "";
  const n = Math.max(atEnd(ws, j, UNDO_TAIL, 1), atEnd(ws, j, MARK_UNDONE_TAIL, 1), remark > 0 && before.endsWith(",") ? remark : -1);
  if (n < 0) return text;
  j -= n;
  j -= Math.max(0, atEnd(ws, j, optional(phrases("so|please|can you")), 1));
  while (j > 1 && SEPARATORS.has(ws[j - 1]!)) j--;
  return trimPunctuation(joinWords(ws.slice(0, j))) || text;
}

/** "wait no, …", "oops …": a correction's opening words, before what was not done. */
const CORRECTION_LEAD = phrases("wait|no|wait no|no wait|hang on|oops|whoops|sorry|actually|nope|hmm|oh", ",|");
function withoutCorrectionLead(text: string): string {
  const ws = wordsOf(text);
  let i = 0;
  for (let n = atStart(ws, i, CORRECTION_LEAD); n > 0 && i < 4; n = atStart(ws, i, CORRECTION_LEAD)) i += n;
  return i > 0 && i < ws.length ? trimPunctuation(joinWords(ws.slice(i))) : text;
}

export function readReopen(text: string): Intent | null {
  const s = withoutUndoTail(text);
  return readByRules(REOPEN_RULES, s)?.intent ?? readByRules(REOPEN_RULES, withoutCorrectionLead(s))?.intent ?? null;
}

// ---- Complete --------------------------------------------------------------------------------

/** Participles whose "… off" says a thing went on its way ("invoice sent off", "parcel dropped off"), not called off. */
const SENT_OFF = set("sent posted mailed emailed shipped dropped fired paid");
/** The verbs that complete with "off" ("tick the milk off"). */
const TICK_VERBS = new Set(["tick", "check", "cross", "mark", "strike", "scratch"]);

/** Words around a completed task's name that are not part of it. */
const LEADING_GOT = new Set(["got", "gotten", "get"]);
const TRAILING_BOTH = new Set(["both", "all", "too"]);
function withoutWords(phrase: string, leading: Set<string>, trailing: Set<string>): string {
  const w = phrase.split(" ");
  while (w.length > 1 && leading.has(w[0]!)) w.shift();
  while (w.length > 1 && trailing.has(w.at(-1)!)) w.pop();
  return w.join(" ");
}

const NOT_A_SUBJECT = set("i i'm we all we're you everything");
const NOT_A_SUBJECT_PHRASE = new Set(["i am", "we are", "that's all", "i'm all"]);
const NEGATION_END = set("not never isn't");
const WISH = set("need have must should want");
const STATE_END = set("is are was were it's its");
const ASKS = set("is are was were did does has have");

/** The target of a completion rule, checked: never "I", a negation, a wish or "the oven is". */
function completed(target: string, s: Said): Reading {
  // "got the haircut done", "netflix and gym both done": "got" and "both" are not the task's words.
  const subject = withoutWords(trimPunctuation(gerundFixed(s, target)), LEADING_GOT, TRAILING_BOTH);
  const w = subject.split(" ");
  if (NOT_A_SUBJECT.has(subject) || NOT_A_SUBJECT_PHRASE.has(subject)) return "refuse";
  // "… mark it as not done": a negation before "done" is not a completion.
  const last = w.at(-1) ?? "";
  if (NEGATION_END.has(last) || last.endsWith("n't")) return "refuse";
  if ((w[0] === "i" || w[0] === "we") && WISH.has(w[1] ?? "")) return "refuse";
  // "is it done", "did the bins get done": a question, never a completion.
  if (ASKS.has(w[0]!)) return "refuse";
  // "check the oven is off": a chore about a state, not "tick X off".
  if (STATE_END.has(last)) return "refuse";
  const r = refs(subject);
  return r.length ? { type: "complete", refs: r } : "refuse";
}

/** The words of "it's done" said casually ("tick it off actually ive done it", "yep thats done now"). */
const DONE_TALK = set(
  "tick cross mark it that thats that's this its it's off done finished completed actually ive i've i already just now yeah yep yes so as all",
);
const DONE_TALK_STATE = set("done finished completed");
const PRONOUN_DONE = new Set(
  "done|finished|completed|complete|it's done|it is done|that's done|that is done|all done with it|all done with that|done with it|done with that|i did it|did it|finished it|completed it|i've done it|i have done it|i finished it|ive done it|i done it".split(
    "|",
  ),
);

/** Verbs whose participle says something other than "done" ("the meeting was cancelled"). */
const NOT_A_CHORE = set(
  "cancel postpone delay move reschedule rename add create delete remove update schedule plan set start need want let leave help",
);
/** Adjectives that say a chore is finished ("the bathroom is clean now"). */
const FINISHED_STATE = set("clean tidy empty sorted fixed over sent paid");
const PARTICIPLE_AUX = phrases("'s been|is|are|was|were|has been|have been|been|got|is now|are now|'s|s been");
const PARTICIPLE_ADVERB = phrases("all|now|finally|just|already");
const PARTICIPLE_WHEN = phrases(
  "now|already|today|finally|at last|properly|properly now|earlier|this morning|yesterday|ta|thanks|cheers|this arvo|this afternoon|this evening|last night|lol|tbh|thank god|phew|yay|for this month|for the month|for this week|for the week|for this year|for the year|for another year|till next year|til next year|until next year|for next year|" +
    // "pitch is sorted for sunday": the day it is for, never a new date.
    "for monday|for tuesday|for wednesday|for thursday|for friday|for saturday|for sunday|for tomorrow|for tonight|for the weekend",
);
const PEOPLE = set("i we you they he she everything all nothing something");
/** People who go back, rather than things sent back. */
const PEOPLE_TOO = set("mum mom dad kids kid friend friends boss family husband wife son daughter guests");
const WISH_WORDS = set("i we need needs want wants must should");
const WISH_PAIRS = new Set(["have to", "has to", "would like"]);
const NOT_A_NOUN_START = set("not never to will should must need have");
const NEGATED = set("not never isn't wasn't aren't hasn't haven't");
/** A thing that is back or went back was returned ("Return parcel"); never a person. */
function returnedThing(target: string): Reading {
  const ref = refFrom(target);
  if (ref?.kind !== "phrase" || PEOPLE.has(ref.text) || PEOPLE_TOO.has(ref.text)) return null;
  const r = refFrom(`return ${ref.text}`);
  return r ? { type: "complete", refs: [r] } : null;
}
/** Where a thing "back in/to …" is that says how it is, not that it was returned ("back in stock", "back to normal"). */
const NOT_RETURNED = set("stock fashion business town action style touch season charge use work school bed normal play shape order love");
/** Words that start where a thing is now ("… and back in her bag", "… and on its way"). */
const WHERE_LEAD = set("in on at with under inside into back behind by");

/**
 * "plumber's been called", "electricity bill paid", "timesheet submitted", "bathroom is clean now":
 * a task's object followed by what was done to it. The participle must come from a known chore
 * verb, and the subject must not itself be an imperative ("get the car washed" is a new to-do).
 */
function readParticipleStatement(s: Said): Reading {
  // "dishwasher emptied and lawn mowed", "bins out, plants watered": one statement a task.
  const parts: string[][] = [[]];
  for (const w of s.ws) {
    if (w === "and" || w === "n" || w === "&" || w === ",") parts.push([]);
    else if (w.endsWith(",") && w.length > 1) {
      parts.at(-1)!.push(w.slice(0, -1));
      parts.push([]);
    } else parts.at(-1)!.push(w);
  }
  if (parts.length > 1 && parts.every((p) => p.length > 1)) {
    const each = parts.map(participleRefs);
    if (each.every((r) => r !== null))
      return { type: "complete", refs: each.flatMap((r) => r.refs), deeds: each.flatMap((r) => r.refs.map(() => r.deed)) };
  }
  // "bed sheets changed, feels lush": a short remark after the comma says how it went.
  const [first = [], last = []] = parts;
  const remark = parts.length === 2 && last.length > 0 && last.length <= 3 && last.every((w) => baseOfPast(w) === null && !isBaseVerb(w));
  // "onboarding pack's done and sent to leo": a second deed of the same thing, with no object of its own.
  const sameThing = parts.length === 2 && baseOfPast(last[0] ?? "") !== null && !isBaseVerb(last[0] ?? "") && first.length > 1;
  // "trip form signed and back in her bag", "parcel posted and on its way": where the thing is now.
  const where =
    parts.length === 2 &&
    last.length >= 2 &&
    last.length <= 6 &&
    WHERE_LEAD.has(last[0] ?? "") &&
    last.every((w) => baseOfPast(w) === null);
  const r = participleRefs(remark || sameThing || where ? first : s.ws);
  return r ? { type: "complete", refs: r.refs, deeds: r.refs.map(() => r.deed) } : null;
}

/** A completion told by its participle ("the phone bill is paid"), with the deed said (rule done-verb-fits). */
function withDeed(r: Reading, s: Said): Reading {
  if (!r || r === "refuse" || r.type !== "complete") return r;
  const deed = s.ws.map((w) => baseOfPast(w)).findLast((b) => b !== null);
  return deed ? { ...r, deeds: r.refs.map(() => deed) } : r;
}

/** Verbs whose "… in" says a piece of work was given in ("handed in", "sent in", "filled in", "turned in"). */
const HANDED_IN = set("hand send fill turn pay book");
/** Chore verbs that are also the first noun of a compound ("water bill", "phone bill", "service charge"). */
const NOUN_TOO = set("water phone service book plant paint post order text email iron");
const BEFORE_A_NOUN = set("the my a an our his her their your some this that these those");

/**
 * A call or an answer said with its caller first and nothing after ("mum rang", "grandad phoned",
 * "gas company finally replied yesterday"): what that person did, not the user's chore.
 */
const SIMPLE_PAST_ONLY = set("rang spoke phoned called replied answered responded");

/** "… off amazon", "… from tesco": where a thing was got. */
const WHERE_FROM = set("off from via at");
/** …said after a deed in the past tense: only the shop it came from ("at home" may be what tells two tasks apart). */
const GOT_FROM = set("off from via");
/** Participles of booking, which may name the day booked ("dentist booked for the 3rd"). */
const BOOKED = set("booked arranged scheduled reserved confirmed");
/** The words of a day and a time, one at a time ("the 3rd", "next friday at 10am"). */
const DAY_WORD =
  /^(?:the|next|this|at|on|tomorrow|tmrw|today|tonight|morning|afternoon|evening|week|mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun|(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|\d{1,2}(?:st|nd|rd|th)|\d{1,2}(?:[:.]\d\d)?(?:am|pm)?)$/;
/** Participles of sending, which may name who it went to ("invoice sent to dave"). */
const SENT_TO = set("sent posted emailed mailed given handed returned delivered texted forwarded");

/** Irregular participles spelled like their verb: done to a task only after "has been", "is" ("the bins have been put out"). */
const SAME_FORM_PARTICIPLES = set("put cut shut read");
/** Before the participle these say it is not done yet ("is being emptied", "will be hoovered", "to be sent"). */
const NOT_YET_AUX = set("being be getting get");

/** The tasks a participle statement names, and the deed said done to them (rule done-verb-fits, verbs.ts). */
function participleRefs(said: readonly string[]): { refs: TaskRef[]; deed: string } | null {
  // "invoice sent to dave", "parcel posted to nan": who it went to is not the task's name.
  const n = said.length;
  let ws = n >= 4 && said[n - 2] === "to" && SENT_TO.has(said[n - 3] ?? "") ? said.slice(0, -2) : said;
  // "ink ordered off amazon", "milk bought from tesco", "card sent online": where it was done.
  const from = ws.length >= 4 && WHERE_FROM.has(ws.at(-2) ?? "") ? 2 : ws.length >= 3 && ws.at(-1) === "online" ? 1 : 0;
  if (from && baseOfPast(ws.at(-1 - from) ?? "") !== null && !isBaseVerb(ws.at(-1 - from) ?? "")) ws = ws.slice(0, -from);
  // "dentist booked for the 3rd", "haircut booked in for friday at 10": the day booked is the appointment's, the booking is done.
  const at = ws.lastIndexOf("for");
  const booked = at > 1 && (BOOKED.has(ws[at - 1] ?? "") || (ws[at - 1] === "in" && BOOKED.has(ws[at - 2] ?? "")));
  if (booked && at < ws.length - 1 && ws.slice(at + 1).every((w) => DAY_WORD.test(w))) ws = ws.slice(0, ws[at - 1] === "in" ? at - 1 : at);
  let j = ws.length;
  const when = Math.max(0, atEnd(ws, j, PARTICIPLE_WHEN, 2));
  j -= when;
  let particle: string | undefined;
  if (j >= 3 && (ws[j - 1] === "up" || ws[j - 1] === "off" || ws[j - 1] === "out" || ws[j - 1] === "in" || ws[j - 1] === "back"))
    particle = ws[--j];
  const word = ws[--j] ?? "";
  if (!/^[a-z]+$/.test(word)) return null;
  const adverb = Math.max(0, atEnd(ws, j, PARTICIPLE_ADVERB, 1));
  j -= adverb;
  const aux = Math.max(0, atEnd(ws, j, PARTICIPLE_AUX, 1));
  j -= aux;
  const subject = trimPunctuation(joinWords(ws.slice(0, j)));
  if (!subject) return null;
  if (NOT_YET_AUX.has(ws[j - 1] ?? "")) return null;
  // "mum rang", "nan spoke": without "has been" the person did it ("headteacher emailed" stays a note of done).
  if (aux === 0 && SIMPLE_PAST_ONLY.has(word)) return null;
  const auxiliary = when + adverb + aux > 0;
  const sameForm = aux > 0 && SAME_FORM_PARTICIPLES.has(word);
  const endChore = CHORE_AT_END.get(word);
  const past = endChore ?? baseOfPast(word) ?? (sameForm ? word : null);
  // "essay handed in", "forms sent in": "in" only after the verbs of giving work in ("dad checked in" is a visit).
  if (particle === "in" && !(past !== null && HANDED_IN.has(past))) return null;
  const chore =
    past !== null &&
    (endChore !== undefined || (past !== word ? isBaseVerb(past) || particle === "in" : sameForm)) &&
    !NOT_A_CHORE.has(past);
  if (!chore && !(auxiliary && particle === undefined && FINISHED_STATE.has(word))) return null;
  if (PEOPLE.has(subject) || subject === "that's all") return null;
  const sw = subject.split(" ");
  // "by thursday I need the report sent": a wish, not a finished chore.
  const heads = sw.map((w) => w.split("'")[0]!);
  if (sw.some((w, k) => WISH_WORDS.has(heads[k]!) || (w.endsWith("'d") && sw[k + 1] === "like") || WISH_PAIRS.has(`${w} ${sw[k + 1]}`)))
    return null;
  // "get the car washed" is a new to-do; a one-word subject is a noun ("rent paid", "bills sorted").
  // …but "water bills paid", "phone bill sorted": a verb that is also the noun of a compound.
  // …and "thank you cards are in the post": "thank you" is the cards' kind.
  const compound = (NOUN_TOO.has(sw[0]!) && !BEFORE_A_NOUN.has(sw[1] ?? "")) || (sw[0] === "thank" && sw[1] === "you" && sw.length > 2);
  if ((isBaseVerb(sw[0]!) && sw.length > 1 && !compound) || NOT_A_NOUN_START.has(sw[0]!)) return null;
  const last = sw.at(-1)!;
  if (NEGATED.has(last) || last.endsWith("n't")) return null;
  const r = refs(subject);
  // "the timesheet went off": what went off or out was sent; "books dropped off" were delivered ("dropped" alone may be given up).
  const sent = (past === "go" && (particle === "off" || particle === "out")) || (past === "drop" && particle === "off");
  // "jersey's been sent back", "the books went back": what was sent or taken back was returned.
  const returned = particle === "back" && past !== null && ["send", "post", "take", "go", "give"].includes(past);
  if (particle === "back" && !returned) return null;
  const deed = returned ? "return" : sent ? "send" : (past ?? (word === "over" ? "do" : word));
  return r.length ? { refs: r, deed } : null;
}

/**
 * Participles that end a clause as a chore done although their verb also asks for a change ("mark it urgent",
 * so "mark" and "label" are no chore verbs in verbs.ts): "mocks all marked" is "Mark the mocks" done, "jars all
 * labelled" is "Label honey jars" done.
 */
const CHORE_AT_END = new Map([
  ["marked", "mark"],
  ["labelled", "label"],
  ["labeled", "label"],
]);

const PAST_SUBJECT = phrases("i|we|i've|we've");
const PAST_ADVERB = phrases("just|already|finally|have");
const NOT_YET_DONE = set("tomorrow next later will need want should");
const PAST_WHEN = phrases(
  "today|yesterday|this morning|earlier|already|just now|finally|at last|ta|thanks|cheers|this arvo|this afternoon|this evening|last night|on the way home|on my way home|on the way back|on my way back|on the way in|on my way in|at lunch|at lunchtime|after work|lol|tbh",
);
/** A remark after a comma that says how it went ("rang the bank, all fine"): no task of its own. */
const HOW_IT_WENT = new Set([
  "all fine",
  "all good",
  "all sorted",
  "no problem",
  "no problems",
  "easy",
  "sorted",
  "job done",
  "lovely",
  "done",
  "phew",
]);
const AND_THEN = set("i also then");

/** Owners that say nothing of which task ("got everyone's subs in"). */
const EVERYONES = set("everyone everyones everybody everybodys all");

/** "I paid the phone bill" → complete "pay the phone bill"; "… and walked the dog" → a second task. */
/** Verbs whose object says what was done ("drop X an email", "give X a ring", "have a chat with X"). */
const LIGHT_VERBS = set("drop give have make do get take put");

function readPastTense(s: Said): Reading {
  const ws = s.ws;
  // "I've got too much on", "we've got guests": possession, not a finished chore.
  if (atStart(ws, 0, phrases("i've got|we've got|i have got|we have got")) > 0) return null;
  let i = Math.max(0, atStart(ws, 0, PAST_SUBJECT));
  for (let n = atStart(ws, i, PAST_ADVERB); n > 0; n = atStart(ws, i, PAST_ADVERB)) i += n;
  const verb = ws[i] ?? "";
  // "got the nativity costume - a sheep obviously": what follows a dash is an aside, not the task.
  const dash = ws.findIndex((w, k) => k > i + 1 && /^[-–]$/.test(w));
  const rest = ws.slice(i + 1, dash < 0 ? undefined : dash);
  if (!/^[a-z]+$/.test(verb) || rest.length === 0) return null;
  const base = baseOfPast(verb);
  if (!base) return null;
  const explicitSubject = ws[0] === "i" || ws[0] === "we" || ws[0] === "i've" || ws[0] === "we've";
  if (!explicitSubject && !["just", "already", "finally"].includes(ws[0]!) && base === verb) return null;
  const plain = rest.map(trimPunctuation);
  if (plain.some((w, k) => NOT_YET_DONE.has(w) || (w === "going" && plain[k + 1] === "to"))) return null;
  // "rang the bank but no answer": what follows "but" says it did not get done.
  if (plain.includes("but")) return null;
  // "got both", "did all three": the tasks the last list showed.
  const object = refFrom(trimPunctuation(joinWords(rest)));
  if (object && object.kind !== "phrase") return { type: "complete", refs: [object] };
  // "got the first 3", "did the 2nd and 4th": several positions in the list shown.
  const when = atEnd(rest, rest.length, phrases("this morning|this afternoon|today|earlier|yesterday|last night|already"), 1);
  const positions = refsFrom(trimPunctuation(joinWords(rest.slice(0, rest.length - Math.max(0, when)))));
  if (positions.length > 1 && positions.every((r) => r.kind === "ordinal")) return { type: "complete", refs: positions };
  // Split at "," and "and": a part that starts with another past tense is a second task.
  const pieces: Array<{ sep: string; ws: string[] }> = [{ sep: "", ws: [] }];
  for (let k = 0; k < rest.length; k++) {
    const w = rest[k]!;
    let sep: string | null = null;
    if (w === "and" && pieces.at(-1)!.ws.length > 0) {
      sep = " and ";
      if (AND_THEN.has(rest[k + 1] ?? "") && k + 2 < rest.length) sep += `${rest[++k]} `;
    } else if (w === "," || (w.endsWith(",") && w.length > 1)) {
      if (w !== ",") pieces.at(-1)!.ws.push(w.slice(0, -1));
      sep = ", ";
      if (rest[k + 1] === "and" && k + 2 < rest.length) sep += `${rest[++k]} `;
    }
    if (sep === null) pieces.at(-1)!.ws.push(w);
    else if (k + 1 < rest.length) pieces.push({ sep, ws: [] });
  }
  const tasks: string[] = [];
  let current = [base, ...pieces[0]!.ws].join(" ");
  for (const piece of pieces.slice(1)) {
    if (piece.sep.startsWith(",") && HOW_IT_WENT.has(piece.ws.map(trimPunctuation).join(" "))) continue;
    const verbNext = baseOfPast(piece.ws[0] ?? "");
    if (verbNext && piece.ws.length > 1) {
      tasks.push(current);
      current = [verbNext, ...piece.ws.slice(1)].join(" ");
    } else current += `${piece.sep}${piece.ws.join(" ")}`;
  }
  tasks.push(current);
  const untimed = tasks.map((p) => {
    const words = wordsOf(p);
    let kept = words.slice(0, words.length - Math.max(0, atEnd(words, words.length, PAST_WHEN, 1)));
    // "got everyone's subs in", "got the forms in": "in" says they came in, "everyone's" whose they were.
    if (kept[0] === "get" && kept.length > 2 && kept.at(-1) === "in")
      kept = kept.slice(0, -1).filter((w, k, ws) => !EVERYONES.has(w) && !(w === "'s" && EVERYONES.has(ws[k - 1] ?? "")));
    // "ordered the cat litter off amazon", "picked up the cake from the bakery": where it was done.
    const at = kept.length - (BEFORE_A_NOUN.has(kept.at(-2) ?? "") ? 3 : 2);
    return joinWords(at >= 2 && GOT_FROM.has(kept[at] ?? "") ? kept.slice(0, at) : kept);
  });
  const found = untimed
    .map((p) => trimPunctuation(p))
    .map(refFrom)
    .filter((r): r is TaskRef => r !== null);
  // The deed said is each task's verb ("paid marlow bakery" never ticks off "Send invoice to Marlow Bakery"; rule done-verb-fits).
  // A light verb says nothing of the deed ("dropped the school an email", "gave mum a ring"): no check then.
  const deeds = found.map((r) => (r.kind === "phrase" ? (r.text.split(" ")[0] ?? "") : ""));
  if (!found.length) return null;
  return deeds.every((d) => d && !LIGHT_VERBS.has(d)) ? { type: "complete", refs: found, deeds } : { type: "complete", refs: found };
}

const DONE_TAIL = phrases(DONE_WORDS);
const IS_DONE_AUX = phrases("'s|is|are|has been|have been|was|were|got|is now|is all|are all|now");
const DONE_STATE = phrases(
  "done|complete|completed|finished|sorted|taken care of|handled|dealt with|over|ticked off|checked off|crossed off|out of the way",
);
const PARTICIPLES = phrases(
  "paid|sent|bought|made|written|taken|given|sold|built|eaten|fixed|cleaned|washed|booked|mailed|posted|submitted|returned|renewed|filed|signed|ordered|picked up|collected|delivered|paid off|repaired|painted|sorted|tidied|mowed|walked|fed|watered|emptied|packed|emailed|called|read",
);

/** Other words for a task's verb, with the verb the task is likely written with. */
const IN_OTHER_WORDS: Array<[ReturnType<typeof phrases>, string]> = [
  [phrases("got back to|gotten back to|got back in touch with"), "reply to"],
  [phrases("got hold of|got through to|spoke to|spoke with|talked to|talked with|had a chat with|chatted to|chatted with"), "call"],
  [phrases("settled up with|squared up with|paid off"), "pay"],
];

/** Who and when before an idiom of done ("i finally nailed …"). */
const DEED_WHO = optional(phrases("i|i've|ive|we|we've|i have|just|finally"));
const DEED_WHEN = optional(phrases("just|finally|already|totally|properly"));
const DEED_AFTER = optional(phrases("now|finally|already|today|this morning|at last|lol|yay|tbh"));
/** A hope or a guess before the task: "i hope the form's in", "hopefully the report's gone off". */
const HOPES = set("hope hopefully hoping think reckon guess wonder bet if when once will should");

export const COMPLETE_RULES: ChangeRule[] = [
  {
    name: "pronoun-done",
    examples: [
      ["done", "it"],
      ["that's done", "it"],
      ["ive done it", "it"],
    ],
    read: (s) => (PRONOUN_DONE.has(s.text) ? { type: "complete", refs: [{ kind: "pronoun" }] } : null),
  },
  {
    // "tick it off actually ive done it": only words of "it is done", the task is the one just talked about.
    name: "pronoun-done-talk",
    examples: [
      ["tick it off actually ive done it", "it"],
      ["yep thats done now", "it"],
    ],
    read: (s) => {
      const ws = s.ws.map(trimPunctuation);
      const talk = ws.every((w) => DONE_TALK.has(w));
      const pronoun = ws.some((w) => w === "it" || w === "that" || w === "thats" || w === "that's" || w === "its" || w === "it's");
      const done = ws.some((w) => DONE_TALK_STATE.has(w)) || (TICK_VERBS.has(ws[0]!) && ws.includes("off"));
      return talk && pronoun && done ? { type: "complete", refs: [{ kind: "pronoun" }] } : null;
    },
  },
  {
    // "report's gone off", "the bottles are out the door", "the dentist is a wrap", "the form's in".
    name: "done-idiom-state",
    examples: [
      ["report's gone off", "report"],
      ["the bottles are out the door", "bottles"],
      ["the dentist is a wrap", "dentist"],
      ["ironing's done and dusted", "ironing"],
      ["the form's in", "form"],
      ["bins went out", "bins"],
      ["the quote's gone off to the builder", "quote"],
    ],
    read: (s) =>
      HOPES.has(s.ws[0] ?? "") || HOPES.has(s.ws[1] ?? "")
        ? null
        : shaped(
            {
              tail: [
                phrases(
                  "'s|is|are|has|have|has now|have now|'s now|s|went|got|has been|have been|'s been",
                  "gone off|gone out|gone in|out the door|out of the door|out|a wrap|done and dusted|in|sent off|handed in|all done and dusted",
                ),
                optional(phrases("to", "the|my|his|her|their|", "*")),
                optional(phrases("now|finally|already|today|this morning|at last|lol|yay")),
              ],
            },
            (target, said) => {
              const r = completed(target, said);
              if (!r || r === "refuse" || r.type !== "complete") return r;
              // "the quote's gone off" was sent, "the form's in" handed in, "bins went out" put out;
              // "milk's gone off" is no deed of "Buy milk" (rule done-verb-fits).
              const ws = said.ws;
              const deed = ws.includes("off") ? "send" : ws.includes("in") ? "hand" : ws.includes("out") ? "out" : "do";
              return { ...r, deeds: r.refs.map(() => deed) };
            },
          )(s),
  },
  {
    // "knocked the ironing on the head", "nailed the presentation", "got the vet out of the way".
    name: "done-idiom-deed",
    examples: [
      ["knocked the ironing on the head", "ironing"],
      ["nailed the presentation", "presentation"],
      ["smashed through the emails", "emails"],
      ["ticked off the dentist", "dentist"],
      ["got the vet out of the way", "vet"],
      ["that's the tax stuff dealt with", "tax"],
    ],
    read: (s) =>
      shaped({ lead: [DEED_WHO, DEED_WHEN, phrases("knocked|knocked out")], tail: [phrases("on the head"), DEED_AFTER] }, completed)(s) ??
      shaped(
        {
          lead: [
            DEED_WHO,
            DEED_WHEN,
            phrases("nailed|smashed|smashed through|ticked off|crossed off|checked off|got through|blitzed|powered through|cracked"),
          ],
          tail: [DEED_AFTER],
        },
        completed,
      )(s) ??
      shaped(
        { lead: [DEED_WHO, DEED_WHEN, phrases("got|gotten")], tail: [phrases("out of the way|out the way|done and dusted"), DEED_AFTER] },
        completed,
      )(s) ??
      shaped({ lead: [phrases("that|there", "'s|is")], tail: [DONE_STATE, DEED_AFTER] }, completed)(s),
  },
  {
    // "got back to tom", "spoke to the plumber", "settled up with the window cleaner": the task said in its own verb.
    name: "done-in-other-words",
    examples: [
      ["got back to tom", "reply to tom"],
      ["got hold of the electrician", "call the electrician"],
      ["settled up with the window cleaner", "pay the window cleaner"],
      ["i finally spoke to the plumber", "call the plumber"],
    ],
    read: (s) => {
      for (const [said, task] of IN_OTHER_WORDS) {
        const t = targetOf(s.ws, { lead: [DEED_WHO, DEED_WHEN, said], tail: [optional(PAST_WHEN)] });
        const target = t ? trimPunctuation(joinWords(t)) : "";
        const r = target ? refFrom(`${task} ${target}`) : null;
        // The deed is the verb said in other words: "got back to marlow" never ticks off "Send invoice to Marlow".
        if (r && r.kind === "phrase" && !NOT_A_SUBJECT.has(target)) return { type: "complete", refs: [r], deeds: [task.split(" ")[0]!] };
      }
      return null;
    },
  },
  {
    // "the cars got its mot", "the boiler's had its service": the thing and what it had name the task.
    name: "had-its",
    examples: [
      ["the cars got its mot", "cars mot"],
      ["boiler has had its service", "boiler service"],
    ],
    read: shaped(
      {
        tail: [
          phrases("'s|has|s|", "got|had|passed|been for|gone for|gone in for", "its|it's|their"),
          phrases("*"),
          optional(phrases("now|finally|already|today|at last|lol|yay")),
        ],
      },
      (target, s) => {
        const noun = s.ws.filter((w) => !/^(?:now|finally|already|today|at|last|lol|yay)$/.test(w)).at(-1) ?? "";
        const r = refFrom(`${target} ${noun}`);
        return r?.kind === "phrase" && !PEOPLE.has(target) && !PEOPLE_TOO.has(target) ? { type: "complete", refs: [r] } : null;
      },
    ),
  },
  {
    // "books are back at the library", "the drill's back at the shop": a thing back where it came from was returned.
    name: "back-at",
    examples: [["books are back at the library finally", "return books"]],
    read: shaped(
      {
        tail: [
          phrases("'s|is|are|s|has gone|have gone|went", "back", "at|to|in", "the|my|", "*"),
          optional(phrases("now|already|today|yesterday|finally|at last|lol")),
        ],
      },
      // "zara's back in stock", "flares are back in fashion": how things are, not a thing returned.
      (target, s) => (s.ws.some((w) => NOT_RETURNED.has(w)) ? null : returnedThing(target)),
    ),
  },
  {
    // "recyclings out", "tax returns in thank god", "grans card is in the post": the state a chore leaves.
    name: "out-in-state",
    examples: [
      ["recyclings out", "recyclings out"],
      ["tax returns in thank god", "tax returns in"],
      ["grans card is in the post", "grans card"],
    ],
    read: (s) => {
      const thanks = s.ws[0] === "thank" && s.ws[1] === "you";
      if (HOPES.has(s.ws[0] ?? "") || (isBaseVerb(s.ws[0] ?? "") && !thanks) || s.text.endsWith("?")) return null;
      const posted = shaped(
        { tail: [phrases("'s|is|are|s|", "in the post|in the mail|posted off|in the postbox"), optional(DEED_AFTER)] },
        completed,
      )(s);
      if (posted) return posted;
      // Without "is": only a short statement, and the particle stays in the name ("bins out" is not "Bring the bins in").
      const t = targetOf(s.ws, {
        tail: [
          phrases("out|in"),
          optional(phrases("on the line|at the kerb|on the kerb")),
          optional(phrases("now|finally|already|at last|lol|yay|thank god|phew|tbh")),
        ],
      });
      if (!t || t.length > 3 || t.some((w) => NOT_A_SUBJECT.has(w) || ASKS.has(w) || w.endsWith("n't") || w === "not")) return null;
      const particle = s.ws[t.length]!;
      const r = refFrom(`${joinWords(t)} ${particle}`);
      return r?.kind === "phrase" && t.at(-1)!.endsWith("s") ? { type: "complete", refs: [r] } : null;
    },
  },
  {
    // "lisbon trips off", "the party's off": called off, not ticked off (only "tick/cross/mark … off" completes).
    name: "called-off",
    examples: [],
    read: (s) => (s.ws.at(-1) === "off" && s.ws.length > 1 && !TICK_VERBS.has(s.ws[0]!) && !SENT_OFF.has(s.ws.at(-2)!) ? "refuse" : null),
  },
  {
    name: "mark-done",
    examples: [
      ["mark buy milk done", "buy milk"],
      ["tick the bins off", "bins"],
      ["check the dentist as completed on my list", "dentist"],
    ],
    read: shaped(
      {
        lead: [phrases("mark|set|flag|put|tick|check|cross|strike|scratch|mark off")],
        tail: [phrases("as|to|", "being|", DONE_WORDS), optional(phrases("on|off|from|", "my|the", "*|", "list"))],
      },
      completed,
    ),
  },
  {
    // "mark nappies as bought", "mark the gas bill as paid": the chore's own participle says done.
    name: "mark-as-participle",
    examples: [
      ["mark nappys as bought", "nappys"],
      ["mark the gas bill as paid", "gas bill"],
    ],
    read: (s) => {
      const last = s.ws.at(-1) ?? "";
      const base = baseOfPast(last);
      if (s.ws[0] !== "mark" || s.ws.at(-2) !== "as" || s.ws.length < 4 || base === null || !isBaseVerb(base) || NOT_A_CHORE.has(base))
        return null;
      return completed(trimPunctuation(joinWords(s.ws.slice(1, -2))), s);
    },
  },
  {
    name: "tick-off",
    examples: [["cross off the bread from my list", "bread"]],
    read: shaped(
      { lead: [phrases("tick|check|cross|strike|scratch|mark", "off")], tail: [optional(phrases("from|on", "my|the", "list"))] },
      completed,
    ),
  },
  {
    name: "complete-verb",
    examples: [
      ["complete the tax return", "tax return"],
      ["wrap up the slides", "slides"],
    ],
    read: shaped({ lead: [phrases("complete|close|close out|wrap up")] }, completed),
  },
  {
    name: "finish-task",
    examples: [["finish the gym task", "gym"]],
    read: (s) => {
      if (s.ws[0] !== "finish" || !/^(?:task|todo|item|one)s?$/.test(s.ws.at(-1) ?? "")) return null;
      return shaped({ lead: [phrases("finish")] }, completed)(s);
    },
  },
  {
    name: "i-finished",
    examples: [
      ["I finished reading the book", "read the book"],
      ["i've just sorted out the garage", "garage"],
      ["dealt with the invoices", "invoices"],
      ["done that one already", "it"],
    ],
    read: shaped(
      {
        lead: [
          optional(phrases("i|i've|i have|i just|i already|i'm|i am|we|we've|we have|we're|we are")),
          optional(phrases("just|already|finally|now")),
          phrases("finished|completed|done|did|accomplished|wrapped up|dealt with|taken care of|took care of|handled|sorted|sorted out"),
          optional(phrases("with")),
        ],
        // "done that one already", "sorted the bins this morning": when, not the task's words.
        tail: [optional(phrases("already|now|today|earlier|yesterday|this morning|this afternoon|last night|too|as well"))],
      },
      // "i just did on the phone", "done over the weekend": how or when, the thing left unsaid; it is the one talked about.
      (target, s) => (HOW_NOT_WHAT.test(target) ? { type: "complete", refs: [{ kind: "pronoun" }] } : completed(target, s)),
    ),
  },
  {
    // "council rang me back so thats done", "rang the bank, so that's sorted": what happened, then "so that's done".
    // A told event ("council rang me back") names its task by its subject; a deed ("rang the bank") by itself.
    name: "so-thats-done",
    examples: [
      ["council rang me back so thats done", "council"],
      ["rang the bank, so that's sorted", "rang the bank"],
    ],
    read: shaped(
      {
        tail: [
          phrases("so"),
          phrases("that|thats|it|its", "'s|is|"),
          optional(phrases("all|now")),
          DONE_STATE,
          optional(phrases("now|then|lol|too")),
        ],
      },
      (target, s) => {
        const words = target.split(" ");
        const told = words.findIndex((w, k) => k > 0 && baseOfPast(w) !== null && !isBaseVerb(w));
        return completed(told > 0 ? words.slice(0, told).join(" ") : target, s);
      },
    ),
  },
  {
    name: "is-done",
    examples: [
      ["the bike one is done", "bike"],
      ["the party's all sorted now", "party"],
      ["the bins are all done now", "bins"],
    ],
    read: shaped(
      {
        tail: [
          IS_DONE_AUX,
          optional(phrases("all|now|finally")),
          DONE_STATE,
          optional(phrases("now|already|today|finally|too|as well|also")),
        ],
      },
      completed,
    ),
  },
  {
    name: "done-with",
    examples: [
      ["done: water the plants", "water the plants"],
      ["finished, the slides", "slides"],
    ],
    read: (s) => {
      const [first = "", second = ""] = s.ws;
      const word = first.replace(/[:,]$/, "");
      if (!["done", "finished", "completed"].includes(word)) return null;
      const glued = word !== first;
      const skip = glued ? 1 : [":", "-", ",", "with"].includes(second) ? 2 : 0;
      const target = trimPunctuation(joinWords(s.ws.slice(skip)));
      return skip && target ? completed(target, s) : null;
    },
  },
  {
    name: "is-participle",
    examples: [["the phone bill is paid", "phone bill"]],
    read: shaped(
      {
        tail: [
          phrases("is|are|was|were|has been|have been|got"),
          optional(phrases("all|now|finally")),
          PARTICIPLES,
          optional(phrases("now|already|today|finally")),
        ],
      },
      (target, s) => withDeed(completed(target, s), s),
    ),
  },
  {
    name: "x-done",
    examples: [
      ["buy milk done", "buy milk"],
      ["bins - done", "bins"],
      ["netflix and gym both done", "netflix and gym"],
    ],
    // "invoice sent off" is read by its participle below (the deed must fit the task).
    read: (s) => (s.ws.at(-1) === "off" && SENT_OFF.has(s.ws.at(-2) ?? "") ? null : shaped({ tail: [DONE_TAIL] }, completed)(s)),
  },
  {
    // "the parcel went back today": a thing that went back was returned ("Return parcel").
    name: "went-back",
    examples: [["the parcel went back today", "return parcel"]],
    read: shaped(
      {
        tail: [
          phrases("went|has gone|have gone|got sent|was sent|were sent|has been sent|have been sent", "back"),
          optional(phrases("now|already|today|yesterday|this morning|earlier|finally")),
        ],
      },
      returnedThing,
    ),
  },
  {
    name: "past-tense",
    examples: [
      ["I paid the rent", "pay the rent"],
      ["just walked the dog and fed the cat", "walk the dog", "feed the cat"],
    ],
    read: readPastTense,
  },
  {
    name: "participle-statement",
    examples: [
      ["plumber's been called", "plumber"],
      ["timesheet submitted", "timesheet"],
      ["the bathroom is clean now", "bathroom"],
      ["dishwasher emptied and lawn mowed", "dishwasher", "lawn"],
      ["the bins have been put out", "bins"],
      ["the keys have been cut", "keys"],
    ],
    read: readParticipleStatement,
  },
];

/** "i've paid the gas bill because it was due": the reason after "because" names no task. */
function withoutReason(text: string): string {
  const ws = wordsOf(text);
  const at = ws.indexOf("because");
  return at > 1 ? trimPunctuation(joinWords(ws.slice(0, at))) : text;
}

export function readComplete(text: string): Intent | null {
  return readByRules(COMPLETE_RULES, withoutReason(text))?.intent ?? null;
}

/**
 * "all three done", "got both", "the four of them are done": the tasks the last list showed, read before
 * the bulk readers (which take "all three" for a label). How many was said is checked against
 * the list when the reference is resolved (references.ts): a count that does not fit is asked.
 */
export function readListedDone(text: string): Intent | null {
  const r = readComplete(text);
  const counted = r?.type === "complete" && r.refs.length > 0 && r.refs.every((x) => x.kind === "listed" && x.count !== undefined);
  return counted ? r : null;
}

// ---- Delete ----------------------------------------------------------------------------------

/** Words that say a reference is clearly about an existing task ("the gym task", "it"). */
const TASK_NOUNS = set("task todo to-do todo item reminder entry one thing");
export function pointsAtTask(text: string): boolean {
  const ws = text.split(/[^a-z'-]+/);
  for (let k = 0; k < ws.length; k++) {
    const w = ws[k]!.replace(/'s$/, "");
    for (const part of [w, ...w.split("-")]) if (TASK_NOUNS.has(part) || TASK_NOUNS.has(part.replace(/s$/, ""))) return true;
    if ((w === "from" || w === "off") && (ws[k + 1] === "my" || ws[k + 1] === "the") && ws[k + 2] === "list") return true;
  }
  return false;
}

/** "sofa's not happening lol delete it", "concerts cancelled, take it off": the task is named before, "it" after. */
const DELETE_IT = new Set([
  "delete it",
  "remove it",
  "get rid of it",
  "bin it",
  "scrap it",
  "ditch it",
  "take it off",
  "cross it off the list",
  "get rid",
  "bin it off",
]);
/** Words of the remark around the task's name ("not doing … anymore", "… isn't happening", "… cancelled"). */
const REMARK = new Set(
  "not doing anymore any more isnt isn't is are 's s happening cancelled canceled off lol so just then pls please no longer going ahead nah dont don't need want".split(
    " ",
  ),
);
function readRemarkThenDeleteIt(s: Said): Reading {
  const text = s.text;
  const cut = text.lastIndexOf(",");
  const head = cut > 0 ? text.slice(0, cut) : "";
  const tail = (cut > 0 ? text.slice(cut + 1) : "").trim().split(" ");
  while (tail.length > 2 && REMARK.has(tail[0]!)) tail.shift();
  const spoken = tail.join(" ");
  // Without a comma: "sofa's not happening lol delete it".
  const [phrase, verb] = DELETE_IT.has(spoken) ? [head, spoken] : splitAtDeleteIt(text);
  if (!phrase || !verb) return null;
  const name = phrase
    .replace(/'s\b/g, " ")
    .split(" ")
    .filter((w) => w && !REMARK.has(w))
    .join(" ");
  const r = refs(name);
  return r.length === 1 && r[0]!.kind === "phrase" ? { type: "delete", refs: r } : null;
}
function splitAtDeleteIt(text: string): [string, string] | [] {
  for (const verb of DELETE_IT) if (text.endsWith(` ${verb}`)) return [text.slice(0, -verb.length - 1), verb];
  return [];
}

/** Words that schedule or file a new to-do: nobody deletes "at 7 tomorrow", "asap" or "@shopping". */
const SCHEDULES = new Set(
  "today tonight tomorrow tmrw monday tuesday wednesday thursday friday saturday sunday weekend asap urgent urgently morning afternoon evening".split(
    " ",
  ),
);
function schedulesIt(text: string): boolean {
  return text.split(" ").some((w) => SCHEDULES.has(w) || w.startsWith("@") || /^\d{1,2}(?:[:.]\d\d)?(?:am|pm)?$/.test(w));
}

function deleted(target: string): Reading {
  const r = refs(target);
  return r.length ? { type: "delete", refs: r } : "refuse";
}

/** Verbs that are also chores ("clear the gutters", "drop off the parcel"): delete only a clear reference. */
const SOFT_VERBS = phrases("trash|toss|bin|drop|clear|wipe|throw away|throw out|kill|ditch|nix");
/** The soft verbs that may mean "delete the task" when the target names no task: ask. */
/** Words that open how or when a thing was done ("on the phone", "over the weekend"), never the thing. */
const HOW_NOT_WHAT = /^(?:(?:on|over) the (?:phone|app|website|web|internet|weekend)|at the weekend|online|by (?:phone|card|email|post))$/;

/** Determiners and pronouns that open a thing to act on ("bin the old receipts"), never a thing that did something. */
const OPENS_OBJECT = /^(?:the|a|an|my|our|your|his|her|their|this|that|these|those|some|all|it|them|i|me)$/;

/**
 * "men left half the recycling" after "bin": the words after the verb are a thing and a past deed of its own
 * (a clause told), not the thing to bin. Only past forms of known verbs count ("missed" is none yet).
 */
function toldClause(target: string): boolean {
  const w = target.toLowerCase().split(/\s+/);
  if (OPENS_OBJECT.test(w[0] ?? "")) return false;
  for (let k = 1; k <= 2 && k < w.length; k++) {
    const word = trimPunctuation(w[k] ?? "");
    if (baseOfPast(word) !== null && !isBaseVerb(word)) return w.slice(0, k).every((x) => !OPENS_OBJECT.test(x) && !isBaseVerb(x));
  }
  return false;
}

const ASKABLE_SOFT = set("drop trash toss bin kill ditch nix");
const NOT_AN_OBJECT = set("off by in out");
/** A remark after a comma that says the task is not wanted ("cancel the window cleaner, not needed now"). */
const NOT_NEEDED_REMARK = new Set([
  "not needed",
  "not needed now",
  "not needed anymore",
  "no longer needed",
  "not happening",
  "not happening now",
  "not happening anymore",
  "not going",
  "don't need it",
  "dont need it",
]);
/** Words a "make sure it's cancelled" check starts with: a chore, never a delete. */
const CHECKS = phrases("check|make sure|ensure|see|confirm|double check|double-check");

/** What "take … off" means as time off: a day, a part of one, or work. */
const TIME_OFF =
  /\b(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:[a-z]*day)?\b|\b(?:today|tomorrow|tmrw|day|days|week|weeks|morning|afternoon|evening|night|work|school|time|leave|holiday)\b/;

export const DELETE_RULES: ChangeRule[] = [
  {
    // "scrap the reminder on the parcel": the reminder goes, not the task (grounding reads it against the tasks).
    name: "reminder-not-task",
    examples: [],
    read: (s) =>
      s.text.split(" ").length > 2 && (s.text.split(" ")[1] === "reminder" || s.text.split(" ").slice(1, 3).join(" ") === "the reminder")
        ? { type: "say", kind: "unclear" }
        : null,
  },
  {
    name: "remark-then-delete-it",
    examples: [
      ["sofa's not happening lol delete it", "sofa"],
      ["concert cancelled, take it off", "concert"],
    ],
    read: readRemarkThenDeleteIt,
  },
  {
    name: "delete-verb",
    examples: [
      ["delete the gym task", "gym"],
      ["get rid of buy milk", "buy milk"],
      ["remove the dentist from my work list", "dentist"],
    ],
    read: shaped(
      {
        lead: [phrases("delete|remove|erase|get rid of|scrap|discard|ditch|nuke|axe|zap|eliminate|deleting|removing|bin off")],
        tail: [FROM_LIST],
      },
      deleted,
    ),
  },
  {
    name: "take-off-list",
    examples: [["take the dentist off my list", "dentist"]],
    read: shaped({ lead: [phrases("take|remove")], tail: [phrases("off|out of|from", "my|the", "*|", "list|tasks|todos")] }, deleted),
  },
  {
    // "take off the swimming lessons", "take the swimming lessons off": off the list, said without the list.
    name: "take-off",
    examples: [
      ["take off the swimming lessons", "swimming lessons"],
      ["take the swimming lessons off", "swimming lessons"],
    ],
    read: (s) => {
      const r =
        shaped({ lead: [phrases("take off")] }, deleted)(s) ?? shaped({ lead: [phrases("take")], tail: [phrases("off")] }, deleted)(s);
      // "take friday off", "take the afternoon off work": time off, never a task.
      return r && r !== "refuse" && r.type === "delete" && r.refs.some((x) => x.kind === "phrase" && TIME_OFF.test(x.text)) ? null : r;
    },
  },
  {
    name: "dont-need",
    examples: [
      ["i don't need the gym membership anymore", "gym membership"],
      ["we no longer want the shed", "shed"],
    ],
    read: shaped(
      {
        lead: [phrases("i|we", "don't|do not|no longer|won't|will not|dont", "need to do|need to|have to do|have to|need|want")],
        tail: [ANYMORE],
      },
      deleted,
    ),
  },
  {
    name: "no-need-for",
    examples: [["no need for the car wash anymore", "car wash"]],
    read: shaped({ lead: [phrases("no need for|no need to|forget about")], tail: [ANYMORE] }, deleted),
  },
  {
    name: "wont-be-needing",
    examples: [
      ["i won't be needing the tent after all", "tent"],
      ["wont be needing the passport renewal now", "passport renewal"],
    ],
    read: (s) =>
      shaped(
        {
          lead: [phrases("i|we", "won't|will not|wont|shan't", "be|", "needing|need|doing|do")],
          tail: [optional(phrases("anymore|any more|any longer|after all|now"))],
        },
        deleted,
      )(s) ??
      // Without "I": only "won't be needing/doing X" (the subject left out, never an order "won't do X").
      shaped(
        {
          lead: [phrases("won't|wont", "be", "needing|doing")],
          tail: [optional(phrases("anymore|any more|any longer|after all|now"))],
        },
        deleted,
      )(s),
  },
  {
    name: "not-needed",
    examples: [
      ["the dentist appointment isn't happening anymore", "dentist appointment"],
      ["the party is no longer going ahead", "party"],
    ],
    read: shaped(
      {
        tail: [
          phrases(
            "is no longer|are no longer|was no longer|were no longer|is not|are not|was not|were not|isn't|aren't|wasn't|won't be|will not be|is not going to be|isn't going to be",
          ),
          phrases("needed|necessary|relevant|happening|going ahead|taking place|on"),
          ANYMORE,
        ],
      },
      deleted,
    ),
  },
  {
    name: "can-go",
    examples: [
      ["the yoga class can go", "yoga class"],
      ["the picnic got cancelled", "picnic"],
    ],
    read: (s) =>
      atStart(s.ws, 0, CHECKS) > 0
        ? null
        : shaped(
            {
              tail: [
                phrases(
                  "can go|is cancelled|is canceled|got cancelled|got canceled|was cancelled|was canceled|is off|has been cancelled|'s been cancelled|have been cancelled|has been canceled",
                ),
              ],
            },
            deleted,
          )(s),
  },
  {
    name: "soft-delete",
    examples: [
      ["bin the gym task", "gym"],
      ["drop it", "it"],
    ],
    read: shaped({ lead: [SOFT_VERBS], tail: [FROM_LIST] }, (target, s) => {
      const r = refs(target);
      if (r.length && (pointsAtTask(s.text) || r.every((x) => x.kind !== "phrase"))) return { type: "delete", refs: r };
      // "drop the yoga class", "ditch the gym": delete the task, or a chore to add? Ask.
      // "drop the keys off at quarter to 6 tomorrow": a chore with its time is a new to-do.
      if (schedulesIt(s.text)) return "refuse";
      // "bin men left half the recycling again": a thing and what it did, told; nothing to delete or add.
      if (toldClause(target)) return { type: "say", kind: "remark" };
      const verb = s.ws[0]!;
      if (ASKABLE_SOFT.has(verb) && !NOT_AN_OBJECT.has(s.ws[1] ?? "") && r.length === 1)
        return { type: "say", kind: "cancel-ambiguous", detail: cleanPhrase(target), verb };
      return "refuse";
    }),
  },
  {
    name: "cancel",
    examples: [
      ["cancel the gym task", "gym"],
      ["forget it", "it"],
    ],
    read: shaped({ lead: [phrases("cancel|forget")], tail: [optional(phrases("from|off", "my|the", "list|tasks|todos"))] }, (target, s) => {
      // "cancel the dentist appointment" may be a new to-do; only a clear reference deletes.
      const r = refs(target);
      if (pointsAtTask(s.text) || r.every((x) => x.kind !== "phrase")) return r.length ? { type: "delete", refs: r } : "refuse";
      // "forget the party decorations": nobody adds "forget X" as a to-do; the delete is confirmed first.
      if (s.ws[0] === "forget" && r.length === 1 && !schedulesIt(s.text)) return { type: "delete", refs: r };
      // "cancel the window cleaner, not needed now": the remark says the task goes.
      const cut = target.lastIndexOf(",");
      if (cut > 0 && NOT_NEEDED_REMARK.has(trimPunctuation(target.slice(cut + 1)))) return deleted(target.slice(0, cut));
      // "cancel the gym membership at 7 tomorrow", "… asap": a chore to do, with its time or list.
      if (schedulesIt(s.text)) return "refuse";
      return { type: "say", kind: "cancel-ambiguous", detail: cleanPhrase(target) };
    }),
  },
];

/** Nouns of a task's fields or of a change: "remove that label", "scrap that last change" never name a task to delete. */
const FIELD_NOUN = new Set(
  "label labels tag tags hashtag change changes edit edits update updates reminder reminders alert alarm repeat repeats recurrence priority deadline note notes description".split(
    " ",
  ),
);
const FIELD_DETERMINER = new Set("that the this my its those these last latest previous recent new old".split(" "));

/** field-noun-not-task (named rule): a delete whose only object is a field or a change ("remove that label", "delete the last change"). */
function namesOnlyAField(intent: Intent): boolean {
  if (intent.type !== "delete" || intent.refs.length !== 1 || intent.refs[0]!.kind !== "phrase") return false;
  const words = intent.refs[0]!.text.toLowerCase().split(/\s+/).filter(Boolean);
  return words.some((w) => FIELD_NOUN.has(w)) && words.every((w) => FIELD_NOUN.has(w) || FIELD_DETERMINER.has(w));
}

export function readDelete(text: string): Intent | null {
  const whole = readByRules(DELETE_RULES, text)?.intent ?? null;
  if (whole && namesOnlyAField(whole)) return null;
  if (whole) return whole;
  // "party cancelled so ditch the caterers one": the reason first, then the request after "so".
  const ws = wordsOf(text);
  const so = ws.indexOf("so");
  if (so < 2 || so > ws.length - 2) return null;
  const then = readByRules(DELETE_RULES, trimPunctuation(joinWords(ws.slice(so + 1))))?.intent ?? null;
  return then?.type === "delete" && !namesOnlyAField(then) ? then : null;
}

/** The rule of each reader that reads a clause (tests: an example is read by its own rule). */
export function changeRuleOf(reader: "reopen" | "complete" | "delete", text: string): string | null {
  const rules = reader === "reopen" ? REOPEN_RULES : reader === "complete" ? COMPLETE_RULES : DELETE_RULES;
  return readByRules(rules, reader === "reopen" ? withoutUndoTail(text) : reader === "complete" ? withoutReason(text) : text)?.rule ?? null;
}

/** Near misses that must not change anything: chores that look like deletes or completions. */
export const NOT_A_CHANGE = [
  "check the booking is cancelled",
  "make sure the order is cancelled",
  "drop off the parcel",
  "clear the gutters",
  "check the oven is off",
  "check it's done",
  "is it done",
  "have i done it",
  "the party's off",
  "i need the report sent by thursday",
  "get the car washed",
  "i've got guests tonight",
  "i'm done for today",
  "drop the keys off at 6 tomorrow",
  "cancel the gym membership asap",
  "i will pay the rent tomorrow",
  "the dishwasher is being emptied now",
  "the carpets will be hoovered tomorrow",
  "the car is getting washed",
];
