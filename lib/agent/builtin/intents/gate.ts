/**
 * The safety gate. A clause changes data only when it is a request: a question about what the
 * user should do, a remark about what they are doing, or an intention they voice is answered,
 * looked up or offered ("Do you want me to add 'Call the bank' for today?"), never acted on.
 * Whether the target resolves is the tools' part: a phrase that matches nothing or several
 * tasks changes nothing and the assistant asks.
 */
import { capitalize } from "@/lib/task-line/text";
import { formatIsoDate } from "@/lib/task-line/calendar";
import type { Clock } from "@/lib/task-line/clock";
import { INTERJECTIONS, keepsDoing, pluralDoes, movedThing, saysHowItIs } from "../lexicon";
import { addBody, readItem, thingsWanted } from "./add";
import { choreOf, moodOf } from "./mood";
import { saysNo, saysYes } from "./social";
import { isBaseVerb, toldPast } from "../verbs";
import type { AddItem, Intent, TaskRef } from "./types";

type GateClause = { raw: string; lower: string; original: string; clock: Clock };

function itemOf(chore: string, clock: Clock): AddItem | null {
  const item = readItem(chore, clock);
  return item.title ? item : null;
}

function phraseOf(intent: Intent): string | null {
  const refs: TaskRef[] =
    intent.type === "complete" || intent.type === "delete" || intent.type === "reopen"
      ? intent.refs
      : intent.type === "update"
        ? [intent.ref]
        : [];
  const phrase = refs.find((r): r is Extract<TaskRef, { kind: "phrase" }> => r.kind === "phrase");
  return phrase ? phrase.text : null;
}

/** Verbs that ask the assistant to manage the list; other verbs after "can you …" ask it to act in the world. */
const LIST_VERB =
  /^(?:add|put|create|make|set|remind|note|jot|write|log|schedule|mark|tick|check|complete|finish|delete|remove|move|push|postpone|change|rename|update|list|show|clear|reopen|undo|take|get rid|help|tell|give|find|search)$/;

/** Words of a title that point at tasks the user has: "it all", "everything", "make it …". */
const POINTS_AT_TASKS =
  /\b(?:it all|them all|all of it|all of them|everything|everythin|the lot|the whole lot)\b|^(?:make|set|put|move|push|shove|bump|change|mark)\s+(?:it|them|that|this|those|these)\b|\ball,|^(?:none|nothing|neither)\s+(?:of|on|in|for)\b|^(?:move|push|shove|bump|shift|make|set|put)\s+(?:all|every|each|todays|today's|tomorrows|tomorrow's|the whole)\b/;

/** A group said with a negated quantifier: "none of the garden stuff", "nothing on the list". */
const NEGATED_GROUP = /^(?:none|nothing|neither)\s+(?:of|on|in|for)\b/;

/** A name that is a group with a clause after it, or a request about a group ("push everything to monday"). */
const GROUP_REQUEST =
  /^(?:all|every|everything|each)\b.*,|^(?:move|push|shove|bump|shift|put|make|set|mark)\s+(?:all|every|everything|each|todays|today's|tomorrows|tomorrow's|the whole)\b/;

/** A negation in a statement: "isnt", "won't", "not", "no longer", "cba" (can't be bothered). */
const NEGATED =
  /\b(?:cba|dunno|idk|isn'?t|aren'?t|wasn'?t|weren'?t|don'?t|doesn'?t|didn'?t|won'?t|can'?t|cannot|shouldn'?t|not|never|no longer)\b/;

/** Words that make a title a sentence: a subject pronoun, an auxiliary or modal, a verb of saying or thinking, a hedge. */
const SENTENCE_WORDS = new Set(
  (
    "i we you he she they me us them him is are was were be been am has had does did will would can could should might must may " +
    "reckon reckons reckoned think thinks thought say says said tell tells told asked hope hopes guess maybe perhaps probably keeps kept"
  ).split(" "),
);
/** Someone getting in touch, after who ("dentist ringing back tmrw"): their news, not a to-do. */
const CONTACTING = new Set("ringing calling phoning texting emailing messaging replying".split(" "));
/** When a thing happens, said after it ("my brother's train gets in at 6", "the match kicks off at 3"): a timetable, not a to-do. */
const HAPPENS_AT = new Set("arrives lands departs gets starts finishes opens shuts closes kicks begins".split(" "));
/** How a thing seems, after it ("taps dripping worse now, sounds like a drum", "car looks fine"): a report, not a to-do. */
const SEEMS = new Set("sounds looks seems feels smells tastes worse".split(" "));
/** Where people are, after whom ("kids off school", "mum away"); never "bins out". */
const WHEREABOUTS = new Set(["off", "away", "home"]);
/** What befell the user, told first ("lost a patient tonight", "broke my glasses today"): never a to-do's verb. */
const MISHAP = new Set("lost broke broken forgot fell spilt spilled burnt crashed smashed snapped tore ripped cracked".split(" "));
const BEFALLEN = /^(?:a|an|another|the|my|his|her|their|our|your|its|two|three|some|all|both)$/;
function readsAsSentence(title: string, raw: string): boolean {
  const words = title
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  if (
    words.some(
      (w, i) =>
        SENTENCE_WORDS.has(w) ||
        (i === 0 && MISHAP.has(w)) ||
        // "royal mail lost another parcel": a mishap told of someone, before what it befell ("Find lost cat" keeps it).
        (i > 0 && MISHAP.has(w) && BEFALLEN.test(words[i + 1] ?? "")) ||
        (i > 0 && (WHEREABOUTS.has(w) || toldPast(w) || CONTACTING.has(w) || HAPPENS_AT.has(w) || SEEMS.has(w))),
    )
  )
    return true;
  if (keepsDoing(words) || pluralDoes(words)) return true;
  if (saysHowItIs(words)) return true;
  // "flight's at 6am": an 's before a place or a time is "is".
  return /\b[a-z]+'s (?:at|on|in|till|til|until|from|due|back|over|off|away|coming|tomorrow|today|tonight)\b/.test(
    raw.toLowerCase().replace(/’/g, "'"),
  );
}

/** A title of only answer or thanks words is no task ("Please", "Yes please", "Ok thanks", "Thanks"). */
const courtesyOnly = (title: string) =>
  saysYes(title) || saysNo(title) || /^(?:thanks|thank you|ta|cheers)[!.]*$/i.test(title.trim()) || nothingToDo(title);

/** "ugh monday again", "friday lol": a title of only talk words ("again", "lol") names nothing to do. */
const TALK_ONLY = new Set([
  ...INTERJECTIONS,
  ..."again too also ugh argh lol meh anyway already still as well then so oh ffs wow gosh blimey jeez cool nice great fab ok okay right hmm um mad crazy insane nuts bonkers wild unreal madness morning evening night afternoon arvo gert lush proper ansum mint sound class peng buzzing chuffed".split(
    " ",
  ),
]);
const nothingToDo = (title: string) => {
  const words = title
    .toLowerCase()
    .replace(/[!?.,]+/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  return words.length > 0 && words.every((w) => TALK_ONLY.has(w));
};

/**
 * A due ("2026-11-26" or "2026-11-26T09:00:00") before today, or earlier today at a clock time —
 * unless the message says tonight or this evening, which lasts until the day ends.
 */
function dueGone(due: string, clock: Clock, raw: string): boolean {
  const today = formatIsoDate(clock.today);
  const day = due.slice(0, 10);
  if (day !== today) return day < today;
  const [h = "", m = ""] = due.slice(11, 16).split(":");
  return h !== "" && Number(h) * 60 + Number(m) < clock.minutes && !/\b(?:tonight|tonite|evening|night)\b/i.test(raw);
}

/** "book the groomer, not urgent": a "not urgent" the add read as its low priority is no negation of the statement. */
function withoutLowPriority(raw: string, items: AddItem[]): string {
  return items.length === 1 && items[0]?.priority === "low" ? raw.replace(/\bnot (?:that |very |too )?(?:urgent|important)\b/, "") : raw;
}

/** Tags that turn a statement into a question: "innit", "right", "eh", "yeah", "no". */
const TAG_QUESTION = new Set(["innit", "init", "right", "eh", "yeah", "ye", "no", "aye"]);
const lastWord = (raw: string) =>
  raw
    .toLowerCase()
    .replace(/[^a-z\s]+/g, " ")
    .trim()
    .split(/\s+/)
    .at(-1) ?? "";

function verbThenObject(raw: string): boolean {
  const ws = raw.toLowerCase().trim().split(/\s+/);
  return isBaseVerb(ws[0] ?? "") && /^(?:the|my|a|an|some|our|his|her|their|your)$/.test(ws[1] ?? "");
}

/** People whose news is theirs, not the user's: "my sister's wedding got moved" (kids are left out: their appointments are the user's to-dos). */
const OTHERS = new Set(
  "sister sis brother bro mum mom mam dad friend friends mate mates pal bestie boss manager wife husband partner hubby boyfriend girlfriend bf gf fiance fiancee nan nana gran granny grandma grandad grandpa aunt auntie aunty uncle cousin neighbour neighbor neighbours colleague coworker flatmate housemate roommate".split(
    " ",
  ),
);

/**
 * others-news (named rule): "my sister's wedding got moved to june", "my mate's party is cancelled":
 * a statement whose subject is another person's thing is their news. A task about it ("Buy a gift
 * for my sister's wedding") is not that thing, so nothing is changed; an imperative ("move my
 * sister's …") is a request and is left alone.
 */
export function othersNews(raw: string): boolean {
  const w = raw.toLowerCase().trim().split(/\s+/);
  const start = /^(?:so|oh|btw|fyi|just|apparently|ok|okay|omg|ugh|well|and|but)[,.!]*$/.test(w[0] ?? "") ? 1 : 0;
  if (w[start] !== "my" && w[start] !== "our") return false;
  const whose = w[start + 1] ?? "";
  const m = /^([a-z]+)(?:'s|’s|s'|s)$/.exec(whose);
  return m !== null && OTHERS.has(m[1] === undefined ? "" : m[1]) && w.length > start + 2;
}

/** A title that starts with an event and its subject ("when i get paid …", "once the kids are back …"). */
const WHEN_EVENT = /^(?:when|once|whenever|if|after|as soon as)\s+(?:i|we|you|he|she|they|it|the|my|our|mum|dad)\b(.*)$/i;

/** "… on the allotment", "… in the garden": a place (or a list) after "the", with no "list" after it. */
const WHERE_AT_END = /\b(?:on|in|at)\s+the\s+[a-z]+(?:-[a-z]+)*[^a-z-]*$/i;

/** Words before "new" in a thing needed: "needs a new chain", "needs some new shoes". */
const NEEDED_THING = /^(?:a|an|some|his|her|their)$/;
const NOT_SOMEONE =
  /^(?:i|we|you|he|she|they|it|this|that|everyone|everybody|nobody|who|what|which|there|honestly|poor|so|well|and|but|ok|okay|lol|tbh|just|still|really)$/;
/**
 * Rule someone-needs-thing: "alfie needs new trunks before swimming weds, his current ones are see through lol",
 * "the car needs new tyres": something new someone (or something) needs getting is a to-do, said as it is; a remark after
 * the first comma only says why. Never a question, a negation, or a need of "I/we/it" (other readers' words).
 */
function someoneNeeds(original: string, clock: Clock): AddItem | null {
  if (/\?/.test(original)) return null;
  const [head = "", ...rest] = original.split(",");
  const words = head.trim().toLowerCase().split(/\s+/);
  const at = words.indexOf("needs");
  const subject = words.slice(/^(?:the|my|our)$/.test(words[0] ?? "") ? 1 : 0, at);
  if (at < 1 || subject.length < 1 || subject.length > 2 || subject.some((w) => NOT_SOMEONE.test(w) || isBaseVerb(w))) return null;
  // Something new to get ("needs new trunks", "needs a new chain"), never "needs a break", "needs more support".
  const fresh = words[at + 1] === "new" || (NEEDED_THING.test(words[at + 1] ?? "") && words[at + 2] === "new");
  if (!fresh || words.length - at < 3 || NEGATED.test(head.toLowerCase())) return null;
  const why = rest.join(",").trim().toLowerCase();
  if (why && !readsAsSentence(why, why)) return null;
  const item = readItem(head.trim(), clock);
  return item.title ? item : null;
}

/** The intent to act on for a clause, given what its readers made of it. */
export function gate(c: GateClause, intent: Intent, mutates: boolean, reader = ""): Intent {
  // "can you order pizza for me?": the assistant cannot do that; it can offer to put it on the list.
  if (reader === "bare-add" && intent.type === "add" && intent.items.length === 1 && intent.items[0]) {
    const asked = /^(?:(?:can|could|would|will)\s+(?:you|u)|please)\s+(?:please\s+)?(?:just\s+)?([a-z]+)/.exec(c.raw.toLowerCase())?.[1];
    const single = !/\s/.test(c.lower.trim());
    if ((asked && !LIST_VERB.test(asked)) || single) return { type: "offer", item: intent.items[0] };
  }
  // "none of the garden stuff is urgent", "nothing on the list is due today": a negated group is never
  // the name of one task (rule NEGATED-GROUP; bulk-update.ts reads the ones it can).
  // "make all the work stuff low priority, its urgent": a group with a clause after it is never one task's name either.
  const names =
    intent.type === "update"
      ? [intent.ref]
      : intent.type === "complete" || intent.type === "delete" || intent.type === "reopen"
        ? intent.refs
        : [];
  if (
    mutates &&
    names.some((r) => r.kind === "phrase" && (NEGATED_GROUP.test(r.text.toLowerCase()) || GROUP_REQUEST.test(r.text.toLowerCase())))
  )
    return { type: "say", kind: "unclear" };
  // "no need to change X", "maybe the report could wait a week": said, not asked; nothing is written.
  if (
    mutates &&
    !(intent.type === "update" && intent.changes.clearReminder) && // "no need to remind me about X" (reminder-off, update.ts)
    /^(?:(?:there's|there is) )?no need to\b|^(?:maybe|perhaps|probably|prob|prolly)\b|^(?:(?:no|nope|nah),? )?leave (?:it|that|them|the \S+(?: \S+)?) (?:alone|as it is|as is|where it is|be|on there|there|on the list|on my list|for now)\b/.test(
      c.raw.toLowerCase().trim(),
    )
  )
    return { type: "say", kind: "remark" };
  // "everything thats late, just make it due friday", "make it all low": a bare title that points
  // at tasks ("it all", "everything", "make it …") is a change the readers did not read, never a new task.
  // …in any item of a series too ("leave the loft till spring actually, move it to march").
  if (reader === "bare-add" && intent.type === "add" && intent.items.some((i) => POINTS_AT_TASKS.test(i.title.toLowerCase())))
    return { type: "say", kind: "unclear" };
  // "X seemed more pressing yesterday", "lovely walk with the dog this morning" (said at 2 pm): a bare
  // to-do due before now is a remark about the past.
  if (reader === "bare-add" && intent.type === "add" && intent.items.some((i) => i.due && dueGone(i.due, c.clock, c.raw)))
    return { type: "say", kind: "remark" };
  // "grandma tomorrow?": a bare to-do asked, not said, is offered.
  if (reader === "bare-add" && intent.type === "add" && intent.items.length === 1 && intent.items[0] && /\?\s*$/.test(c.raw))
    return { type: "offer", item: intent.items[0] };
  // "bin day tmrw innit", "dentist friday right": a tag question asks the user's own memory (issue 24 wave 10).
  // "hoover the stairs innit" (a verb and its object) is still a request.
  if (reader === "bare-add" && intent.type === "add" && TAG_QUESTION.has(lastWord(c.raw)) && !verbThenObject(c.raw))
    return intent.items.length === 1 && intent.items[0] ? { type: "offer", item: intent.items[0] } : { type: "say", kind: "remark" };
  // rule where-not-for: "weeds everywhere on the allotment": things without a verb, then "on/in/at" a list, say
  // where something is; offered, never added ("bird seed for the allotment" is things for it: things-for-list).
  if (
    reader === "bare-add" &&
    intent.type === "add" &&
    intent.items.length === 1 &&
    intent.items[0]?.list &&
    !isBaseVerb(c.lower.split(/\s+/)[0] ?? "") &&
    WHERE_AT_END.test(c.raw)
  )
    return { type: "offer", item: intent.items[0] };
  // rule noun-phrase-only: "dentist said see you in 6 months", "kids off school friday again", "flight's at
  // 6am friday": a title that does not start with a verb is added only when it is a noun phrase; a
  // sentence (a subject pronoun, an auxiliary, a verb of saying, a past form, where people are) is a remark.
  if (
    reader === "bare-add" &&
    intent.type === "add" &&
    intent.items.length === 1 &&
    !isBaseVerb(c.lower.split(/\s+/)[0] ?? "") &&
    intent.items.some((i) => !isBaseVerb(i.title.split(/\s+/)[0]?.toLowerCase() ?? "") && readsAsSentence(i.title, c.raw))
  )
    return { type: "say", kind: "remark" };
  // rule when-event: "remind me when i get paid to pay the vet": a title never starts with when/once/if and a
  // subject; the chore after "to" is offered (a reminder on an event cannot be set), else nothing is written.
  const eventual = intent.type === "add" && intent.items.length === 1 ? WHEN_EVENT.exec(intent.items[0]?.title ?? "") : null;
  if (eventual) {
    const chore = /\bto\s+([a-z]+)(\s.+)?$/i.exec(eventual[1] ?? "");
    return chore?.[1] && isBaseVerb(chore[1].toLowerCase())
      ? { type: "offer", item: { title: capitalize(`${chore[1]}${chore[2] ?? ""}`) } }
      : { type: "say", kind: "remark" };
  }
  // "please, for friday", "thanks, friday": courtesy words alone are never a task's title.
  if (intent.type === "add" && intent.items.some((i) => courtesyOnly(i.title))) return { type: "say", kind: "unclear" };
  // "the mot isnt this week after all": a statement with a negation is about a task, never a new one.
  if (
    reader === "bare-add" &&
    intent.type === "add" &&
    NEGATED.test(withoutLowPriority(c.raw.toLowerCase(), intent.items)) &&
    !/\b(?:don'?t|do not|never) forget\b/.test(c.raw.toLowerCase())
  )
    return { type: "say", kind: "remark" };
  if (mutates && (intent.type === "update" || intent.type === "complete" || intent.type === "delete") && othersNews(c.raw))
    return { type: "say", kind: "remark" };
  const fallback = intent.type === "unknown" || (intent.type === "say" && intent.kind === "offtopic");
  const needed = intent.type === "unknown" ? someoneNeeds(c.original, c.clock) : null;
  if (needed) return { type: "add", items: [needed] };
  if (!mutates && !fallback) return intent;
  const mood = moodOf(c.raw);
  // "cat litter!!", "oat milk pls": nothing but things to get (rule thing-wanted in add.ts); never asked ("car keys?").
  // Never a sentence ("dan reckons he'll come"): rule noun-phrase-only above.
  const wanted =
    mood === "request" && intent.type === "unknown" && !/\?/.test(c.raw)
      ? thingsWanted(c.original, c.clock, /\b(?:pls|please|plz)\b/i.test(c.raw))
      : null;
  const things = wanted?.some((t) => readsAsSentence(t.title, c.raw)) ? null : wanted;
  // "new client!!", "new puppy!": news of something new, exclaimed; "gert lush": only talk. Never a thing wanted (rule new-news).
  if (things?.some((t) => nothingToDo(t.title) || (/^new [a-z]+(?: [a-z]+)?$/i.test(t.title) && /!/.test(c.raw))))
    return { type: "say", kind: "remark" };
  // rule where-not-for: "weeds everywhere on the allotment" — "on/in/at the NAME" without "list" may say where.
  if (things?.length === 1 && things[0]?.list && WHERE_AT_END.test(c.raw)) return { type: "offer", item: things[0] };
  if (things) return { type: "add", items: things };
  if (mood === "request") return intent;
  if (mood === "remark") return { type: "say", kind: "remark" };
  const chore = choreOf(c.raw);
  const item = chore ? itemOf(chore, c.clock) : null;
  if (mood === "advice") {
    // "should i push the florist to friday?": a move asked about is offered for the task found (lexicon.ts movedThing).
    if (intent.type === "update" && intent.ref.kind === "phrase" && intent.changes.due && Object.keys(intent.changes).length === 1)
      return { type: "check", item: { title: `move ${intent.ref.text}`, due: intent.changes.due } };
    const asked = intent.type === "add" && intent.items.length === 1 ? intent.items[0] : undefined;
    if (asked && movedThing(asked.title)) return { type: "check", item: asked };
    if (item) return { type: "check", item };
    const phrase = phraseOf(intent);
    return phrase ? { type: "check", item: { title: phrase } } : fallback ? intent : { type: "say", kind: "unclear" };
  }
  if (mood === "intention") return item ? { type: "offer", item } : { type: "say", kind: "remark" };
  // A question that a reader took for a change ("buy milk?", "is the report done?").
  if (intent.type === "add" && intent.items.length === 1 && intent.items[0]) return { type: "offer", item: intent.items[0] };
  const phrase = phraseOf(intent);
  if (phrase) return { type: "check", item: { title: phrase } };
  return fallback ? intent : { type: "say", kind: "unclear" };
}

/**
 * answer-not-thing (named rule): after this model asked something ("Which one did you mean?",
 * "Do you want me to …?"), a message of nothing but short noun phrases ("cat litter", "oat milk!!")
 * is an answer, not things to get: rule thing-wanted (add.ts) cannot see the question. Whatever
 * reader the answer was meant for (followups.ts, dialogue.ts) has had its turn; what is left of
 * such an add is offered (one thing) or asked about (several), never written.
 */
export function answerNotThing(intents: Intent[], lastAssistant: string, userText: string, clock: Clock): Intent[] {
  const intent = intents.length === 1 ? intents[0] : undefined;
  if (intent?.type !== "add" || !askedBefore(lastAssistant)) return intents;
  const things = thingsWanted(userText, clock, /\b(?:pls|please|plz)\b/i.test(userText));
  const thingsOnly = things !== null && things.length === intent.items.length && things.every((t, i) => t.title === intent.items[i]?.title);
  // "phone bill" (read as the chore "Phone bill"): a short bare title with nothing of a to-do's own (no day, repeat or reminder), not asked for with "add …".
  const item = intent.items.length === 1 ? intent.items[0] : undefined;
  const bare =
    item !== undefined &&
    userText.trim().split(/\s+/).length <= 3 &&
    !addBody(userText.trim()) &&
    !item.due &&
    !item.recurrence &&
    !item.remindAt &&
    !item.list &&
    !item.labels?.length;
  if (!thingsOnly && !bare) return intents;
  return intent.items.length === 1 && intent.items[0] ? [{ type: "offer", item: intent.items[0] }] : [{ type: "say", kind: "unclear" }];
}

/** This model's last reply asked the user something: a question, or "tell me which one". */
export function askedBefore(lastAssistant: string): boolean {
  return /\?|\bwhich (?:one|task|tasks)\b/i.test(lastAssistant);
}
