/**
 * Reads "add …" requests in their many forms ("remind me to …", "I need to … by Friday",
 * "todo: …", "put … on my list", "add three tasks: a, b, c") into task drafts with title,
 * description, priority and due date.
 */
import type { Clock } from "@/lib/task-line/clock";
import { readDueRelativeReminder } from "@/lib/task-line/due-relative";
import { leadingReminder, readTaskLine } from "@/lib/task-line/read";
import { capitalize, quoted, quotedSpan } from "@/lib/task-line/text";
import { findPriority } from "@/lib/task-line/priority";
import { dueToString, findDue, reminderTime } from "@/lib/task-line/dates";
import { findReminderPhrase } from "@/lib/task-line/reminder-phrases";
import { addDays, compareDates, formatIsoLocalDateTime, parseIsoDate } from "@/lib/task-line/calendar";
import { INTERJECTIONS, keepsDoing, pluralDoes, NEGATIONS, saysHowItIs, UNDER_WAY } from "../lexicon";
import { baseOfPast, isBaseVerb } from "../verbs";
import { listNamedAt } from "../add-to-named-list";
import { statesWhy } from "./aside";
import { listTail, placedOnList, seriesOnList } from "./list-tail";
import { splitItems } from "./refs";
import type { AddItem } from "./types";

const TASK_NOUN = "(?:tasks?|todos?|to-?dos?|to do's|items?|reminders?|entr(?:y|ies)|things?|ones?|notes?)";
const ARTICLES = "(?:(?:a|an|another|one more|the|new|my|following|these|some|\\d+|two|three|four|five|six|couple of|few)\\s+)*";
const NAMING =
  "(?:(?:(?:to|on|onto|in)\\s+(?:my|the)\\s+(?:[\\w-]+\\s+)?list\\s*:?|called|named|titled|saying|that says|for|to|about|:|-)\\s*)?";

/** Informal add verbs with the particle that makes them "add" ("chuck on", "bung in"): never the verb alone ("chuck it"). */
const SLANG_ADD_FIRST =
  "(?:chuck|stick|pop|whack|slap|shove)\\s+(?:on|onto|down)|bung\\s+(?:on|onto|in|down)|pencil\\s+(?:in|down)|jot(?!\\s+(?:down|on|onto|to|into)\\b)|scribble\\s+down";
/**
 * "pop bread on my list", "stick the bins out on for weds": the item between the verb and its
 * particle, then the list words or a date; group 1 the item, group 2 what follows the particle.
 */
const SLANG_ADD_AROUND =
  /^(?:chuck|stick|pop|bung|whack|slap|shove)\s+(.+?)\s+(?:on|onto|in|down)(?:\s+(?:the|my|our|me)\s+(?:[\w-]+\s+)?(?:list|todos?|to-?do list|to do list|tasks|calendar|diary)|(?<=\s(?:on|onto))\s+(?:there|here))?((?:\s+(?:for|by|on|at|this|next|tomorrow|tmrw|tomoz|today|tonight|sat|sun|mon|tues?|weds?|thu|thurs|fri)\b.*)?)$/i;
/** The list named, or pointed at ("on there", "on here": the list the user is looking at). */
const LIST_WORDS =
  /\s(?:on|onto|in|down)\s+(?:the|my|our|me)\s+(?:[\w-]+\s+)?(?:list|todos?|to-?do list|to do list|tasks|calendar|diary)\b|\s(?:on|onto)\s+(?:there|here)\b/i;

/** "i need to …", "gotta …", "i've got to …": a to-do said as a need; group 1 is the body. */
const MODAL_ADDS: RegExp[] = [
  /^(?:i|we)\s+(?:need|have|must|should|ought|gotta|got|'ve got|have got|'d better|had better|will need|want|plan|would like|'d like)(?:\s+(?:to|2))?\s+(?:remember to\s+)?(.+)$/i,
  // "i've got to …", "ive gotta …", "i'd better …".
  /^(?:i've|ive|we've|weve)\s+(?:got\s+(?:to|2)|gotta)\s+(?:remember to\s+)?(.+)$/i,
  /^(?:i'd|id|we'd)\s+better\s+(?:remember to\s+)?(.+)$/i,
  /^(?:need|have|gotta|must|got|want)\s+(?:to|2)\s+(.+)$/i,
  /^(?:gotta|must|should|wanna)\s+(?:remember (?:to|2)\s+)?(.+)$/i,
  // "gonna have to …", "im gonna need to …".
  /^(?:(?:i'm|im|i am|we're|were)\s+)?(?:gonna|going to)\s+(?:have|need)\s+(?:to|2)\s+(.+)$/i,
  // "ill need to …", "i'll have to …".
  /^(?:i'll|ill|we'll)\s+(?:need|have)\s+(?:to|2)\s+(?:remember to\s+)?(.+)$/i,
];
/** Needs that are feelings or states, not chores ("gotta love mondays", "must be nice", "need to vent"). */
const NOT_A_CHORE = new Set(
  "love hate admit say wonder laugh cry be feel confess agree vent breathe relax chill calm focus cope survive".split(" "),
);
/** …or, said alone, leaving or resting ("gotta go", "need to sleep"). */
const NOT_A_CHORE_ALONE = new Set("go sleep rest leave dash run eat think stop head nap".split(" "));
/** Adverbs a need may open with ("i should really sleep more"): the chore starts after them. */
const NEED_ADVERBS = new Set("really probably honestly actually definitely seriously just properly genuinely".split(" "));
/** "really call mum" → "call mum": the adverbs a need opened with, taken off (never the whole body). */
function withoutNeedAdverbs(body: string): string {
  const words = body.split(/\s+/);
  let i = 0;
  while (i < words.length - 1 && NEED_ADVERBS.has(words[i]!.toLowerCase())) i++;
  return words.slice(i).join(" ");
}
function aChore(body: string): boolean {
  const words = body.toLowerCase().split(/\s+/).filter(Boolean);
  while (words.length > 1 && NEED_ADVERBS.has(words[0]!)) words.shift();
  const first = words[0] ?? "";
  // "we need to talk about tom's birthday": a talk about something is no chore ("need to talk to the council" is).
  if ((first === "talk" || first === "chat") && words[1] === "about") return false;
  return !NOT_A_CHORE.has(first) && !(NOT_A_CHORE_ALONE.has(first) && words.length <= 2);
}

/** "new repeating one every friday - …", "new weekly one: …": a new task whose lead says how often. */
const REPEATING_LEAD =
  /^new (?:(?:repeating|recurring|regular) |(weekly|daily|monthly|fortnightly|yearly) )?(?:one|task|job|todo)(?: ((?:every|each) [a-z0-9 ]{1,30}?|weekly|daily|monthly|fortnightly|yearly))?(?::| [-–]) *(\S.*)$/i;

/** Explicit add commands; group 1 is the body. */
const ADD_COMMANDS: RegExp[] = [
  /^(?:add|create|put down|jot down|note down|write down)\s+(?:these|the following|all of these|all these|this list|the items below)\s*(?:tasks|items|things|todos|to-?dos)?\s*(?::|-)?\s+(.+)$/i,
  new RegExp(
    `^(?:add|create|insert|enter|log|record|jot down|jot|note down|write down|put down|make|set up|set|start)\\s+${ARTICLES}(?:(?:high|low|medium|urgent|important)[- ]priority\\s+|urgent\\s+|important\\s+)?${TASK_NOUN}\\s*${NAMING}(.*)$`,
    "i",
  ),
  new RegExp(
    `^(?:add|create|insert|jot down|note down|write down|put down|put|enter|log)\\s+(.+?\\s+(?:(?:to|on|onto|in|into)\\s+(?:my|the)\\s+(?:[\\w-]+\\s+)?(?:list|tasks|todos|agenda)|(?:on|onto)\\s+(?:there|here))(?:\\s+(?:for|by|on|due|at|in|this|next|tomorrow|today|tonight)\\b.*)?)$`,
    "i",
  ),
  /^(?:add|create|jot down|note down|write down|put down|note(?! to self\b))\s*:?\s+(.+)$/i,
  new RegExp(`^(?:new\\s+)?${TASK_NOUN}\\s*(?::|-)\\s*(.+)$`, "i"),
  /^new (?:task|todo|to-?do|reminder)\s+(.+)$/i,
  // "new one, walk digby for mrs ashworth weds morning": the lead, a comma, then the task.
  /^new (?:one|task|job|todo),\s*(\S.*)$/i,
  // "new: smoke alarm test at oak street #oak": "new" with a colon is the add command.
  /^new\s*:\s*(.+)$/i,
  // "new job - quote for a full rewire …", "new order: 2 tier cake for sian": work that came in, to do.
  /^new (?:job|order|booking|enquiry|client|customer)\s*[:-]+\s*(.+)$/i,
  /^(?:todo|to-do|reminder)\s+(?!list\b|to self\b)(.+)$/i,
  // Informal add verbs with their particle first: "chuck on …", "stick down …", "bung in …", "pencil in …", "jot …".
  new RegExp(`^(?:${SLANG_ADD_FIRST})\\s+(.+)$`, "i"),
  /^(?:remind me|set (?:a|me a) reminder|give me a reminder|reminder to self|reminder|make sure i|mustn'?t forget|must not forget|don'?t let me forget|do not let me forget|don'?t forget|do not forget|remember(?! (?:when|how|what|where|who|the time|that time|last)\b)|note to self|memo)\s*(?:to|2|that i (?:need|have) to|that|about|bout|abt|for|of|:|-)?\s+(.+)$/i,
  // "idea: start a veg patch", "ooh idea - a photo book for gran": an idea written down is a to-do.
  /^(?:(?:ooh|oh)\s+)?idea\s*[:-]\s*(.+)$/i,
  ...MODAL_ADDS,
  /^(?:when|whenever|if)\s+(?:i|we)\s+(?:get|have|find)\s+(?:a\s+)?(?:spare\s+)?(?:chance|moment|minute|sec|second|time|round to it)\s*[:,-]?\s+(.+)$/i,
  /^(?:schedule|plan)\s+(.+)$/i,
  /^(?:put)\s+(.+?\s+(?:on|onto|in)\s+(?:my|the)\s+(?:[\w-]+\s+)?(?:list|agenda|calendar|tasks)(?:\s+(?:for|by|on|due|at|in|this|next|tomorrow|today|tonight)\b.*)?)$/i,
];

/** Slang add verbs ("stick", "bung") and the words that may follow a quoted title ("… on there", "… on pls"). */
const SLANG_VERBS = new Set("chuck stick pop bung whack slap shove".split(" "));
const PARTICLES = new Set("on onto in down".split(" "));
const AFTER_PARTICLE = new Set("there here for me pls please plz cheers ta thanks the my list".split(" "));

/** "stick 'renew passport' on for me", "bung "order school shoes" on there": a quoted title between a slang verb and its particle. */
function slangQuoted(text: string): { body: string; list: boolean; prefix: string } | null {
  const verb = text.split(" ", 1)[0] ?? "";
  if (!SLANG_VERBS.has(verb.toLowerCase())) return null;
  const rest = text.slice(verb.length).trimStart();
  const title = quoted(rest);
  const open = rest.charAt(0);
  if (!title || !"'\"`".includes(open) || rest.charAt(title.length + 1) !== open) return null;
  const after = rest
    .slice(title.length + 2)
    .toLowerCase()
    .split(/[\s,.!]+/)
    .filter(Boolean);
  if (!PARTICLES.has(after[0] ?? "") || !after.slice(1).every((w) => AFTER_PARTICLE.has(w))) return null;
  return { body: rest.slice(0, title.length + 2), list: false, prefix: text.slice(0, text.length - rest.length) };
}

/** Leading words of a need said without a verb ("i need …", "we still need …"). */
const NEED_SUBJECT = new Set("i we still really def defo gonna im i'm ill i'll will".split(" "));
/** Needs that are no errand ("need a break", "need you to …", "need help"): left to the other readers. */
const NOT_AN_ERRAND = new Set(
  "to you u ya it that this them help break rest holiday sleep nap hug minute moment sec second word space advice answer vacation lie-in".split(
    " ",
  ),
);

/** What "need more …" asks for that no errand gets ("need more time", "need more sleep"). */
const NOT_MORE = new Set(
  "time sleep rest space help money cash patience energy info information details practice work hours days coffee".split(" "),
);

/**
 * "need eggs, flour and butter", "i need a new hoover bag", "need loo roll": a need without a verb
 * is an errand to get it ("Get loo roll"). Read word by word; the needed things stay as typed.
 */
function verblessNeed(text: string): string | null {
  const words = text.split(" ");
  let i = 0;
  while (i < words.length && NEED_SUBJECT.has((words[i] ?? "").toLowerCase())) i++;
  if ((words[i] ?? "").toLowerCase() !== "need") return null;
  const needed = words.slice(i + 1);
  // "need more dust sheets" is shopping; "need more time", "need more" alone are not.
  const more = /^(?:more|less|fewer)$/i.test(needed[0] ?? "") ? 1 : 0;
  if (more && (needed.length === 1 || NOT_MORE.has((needed[1] ?? "").toLowerCase().replace(/[,.!?]+$/, "")))) return null;
  const first = (needed[more] ?? "").toLowerCase();
  // "need 2 get …" is "need to get …", left to the modal adds; "need 2 new tyres" is two of a thing.
  if (first === "2" && isBaseVerb((needed[1] ?? "").toLowerCase())) return null;
  if (needed.length === 0 || (!more && isBaseVerb(first)) || needed.some((w) => NOT_AN_ERRAND.has(w.toLowerCase().replace(/[,.!?]+$/, ""))))
    return null;
  if (craving(words.slice(0, i), needed)) return null;
  return `get ${needed.join(" ")}`;
}

/** What "i need …" says of the moment, not of the shopping ("i need coffee asap", "i need a drink lol"). */
const CRAVED = new Set(
  "coffee caffeine tea cuppa brew drink wine beer pint gin chocolate cake biscuit snack food lunch breakfast dinner fag smoke".split(" "),
);
const RIGHT_NOW = new Set("a some asap now right so bad badly lol haha rn desperately urgently stat".split(" "));
/** "i need coffee asap": one thing craved, said by "i" alone ("we need coffee", "need coffee and milk" are shopping). */
function craving(subject: string[], needed: string[]): boolean {
  const said = needed.map((w) => w.toLowerCase().replace(/[,.!?]+$/, "")).filter((w) => w && !RIGHT_NOW.has(w));
  const me = subject.some((w) => ["i", "im", "i'm"].includes(w.toLowerCase()));
  return me && said.length === 1 && CRAVED.has(said[0]!);
}

/** "i need a holiday lol": a need without a verb that verblessNeed does not take for an errand is no add at all. */
function verblessNotErrand(text: string): boolean {
  const words = text.toLowerCase().split(" ");
  let i = 0;
  while (i < words.length && NEED_SUBJECT.has(words[i] ?? "")) i++;
  const next = words[i + 1] ?? "";
  return i > 0 && words[i] === "need" && next !== "to" && next !== "2" && verblessNeed(text) === null;
}

/** Owners of a thing to find ("find my passport"): a chore, not a search of the list. */
const OWNERS = new Set("my our his her their me the kids".split(" "));
const LIST_NOUNS = new Set("task tasks todo todos to-dos list lists reminders stuff things items".split(" "));
/** "find my passport", "locate our spare key": looking for a thing one owns is a chore, never a search of the tasks. */
export function findsOwnThing(body: string): boolean {
  const [verb, owner, ...thing] = body.toLowerCase().split(/\s+/);
  return (verb === "find" || verb === "locate") && OWNERS.has(owner ?? "") && thing.length > 0 && !thing.some((w) => LIST_NOUNS.has(w));
}

/** The body of an explicit add request (and whether several items were announced), or null. */
export function addBody(text: string): { body: string; list: boolean; prefix: string } | null {
  const slang = slangQuoted(text);
  if (slang) return slang;
  const need = verblessNeed(text);
  if (need) return { body: need, list: false, prefix: "" };
  // "new repeating one every friday - check in w the ELSA": the repeat said in the lead goes after the chore.
  const repeating = REPEATING_LEAD.exec(text);
  const often = repeating?.[2] ?? repeating?.[1];
  if (often && repeating?.[3]) return { body: `${repeating[3]} ${often}`, list: false, prefix: "" };
  // "#home fix the tap", "#garden trim the hedge": a label first, then a chore.
  const [tag, verb] = text.split(" ", 2);
  if (/^#[\p{L}\p{N}][\p{L}\p{N}_-]*$/u.test(tag ?? "") && isBaseVerb((verb ?? "").toLowerCase()))
    return { body: text, list: false, prefix: "" };
  if (verblessNotErrand(text)) return null;
  // "pop bread on my list", "stick X on for weds": only with the list words or a date after the
  // particle ("stick the kettle on" is not a to-do).
  // "stick on the home list - ring the landlord": the list first, then its item (list-tail.ts seriesOnList).
  const listFirst = /^(?:put|stick|pop|add) (?:on|in) /i.test(text) ? seriesOnList(text) : null;
  if (listFirst) return { body: listFirst.body, list: !listFirst.chores, prefix: "" };
  const around = SLANG_ADD_AROUND.exec(text);
  if (around?.[1] && (around[2] || LIST_WORDS.test(text))) {
    const start = text.indexOf(around[1]);
    // With the list words the rest is read whole ("… on the errands list" names a list); else the particle goes.
    const body = LIST_WORDS.test(text) ? text.slice(start) : `${around[1]}${around[2] ?? ""}`;
    return { body, list: false, prefix: text.slice(0, start) };
  }
  for (const re of ADD_COMMANDS) {
    const m = re.exec(text);
    if (m && MODAL_ADDS.includes(re) && !aChore(m[1] ?? "")) return null;
    if (m) {
      // "i should really call mum": the adverb is the need's, not the title's.
      if (MODAL_ADDS.includes(re)) m[1] = withoutNeedAdverbs(m[1] ?? "");
      const prefix = text.slice(0, text.length - (m[1] ?? "").length);
      const list =
        /\b(?:tasks|todos|to-?dos|items|reminders|things|entries|two|three|four|five|six|several|multiple|few|couple|these|following)\b/i.test(
          prefix,
        );
      return { body: m[1] ?? "", list, prefix };
    }
  }
  const placed = placedOnList(text);
  if (placed) return { body: placed, list: false, prefix: "" };
  const series = seriesOnList(text);
  if (series) return { body: series.body, list: !series.chores, prefix: "" };
  // "low priority whenever i get a min: write the kids xmas lists out": how much it matters, then the chore.
  const slotted = slotLead(text);
  if (slotted) return slotted;
  // "stuff for the picnic: crisps, squash, paper plates": things listed after a head that says so (rule thing-wanted).
  const colon = text.indexOf(":");
  return colon > 0 && thingPhrases(text) ? { body: text.slice(colon + 1).trim(), list: true, prefix: text.slice(0, colon + 1) } : null;
}

/** Words a priority lead may hold besides the priority: when the user will get round to it. */
const SLOT_LEAD_WORDS = new Set(
  "low high top medium priority prio urgent not no rush hurry whenever when i get a min mins minute sec second chance some point sometime time at pls please".split(
    " ",
  ),
);
/**
 * Rule priority-lead: "low priority whenever i get a min: write the kids xmas lists out for nana", "urgent: ring the
 * school": a priority before a colon (and words of when the user gets to it), then one chore starting with its verb.
 */
function slotLead(text: string): { body: string; list: boolean; prefix: string } | null {
  const colon = text.indexOf(":");
  if (colon <= 0 || colon > 60) return null;
  const head = text.slice(0, colon).toLowerCase().trim();
  const body = text.slice(colon + 1).trim();
  const first = body.split(/\s+/, 1)[0]?.toLowerCase() ?? "";
  if (!findPriority(head) || !head.split(/\s+/).every((w) => SLOT_LEAD_WORDS.has(w)) || !isBaseVerb(first)) return null;
  return { body, list: false, prefix: `${text.slice(0, colon + 1)} ` };
}

const COUNT_ANNOUNCED =
  /^(?:(?:a|an|the|following|these|some|\d+|two|three|four|five|six|couple of|few|several|multiple)\s+)+(?:tasks|todos|to-?dos|items|things|reminders)\s*(?::|-)?\s*/;

/**
 * Reads one item through the one task-line reader (lib/task-line/read.ts), which the task panel's box
 * uses too: the same words make the same task in the chat and in the panel.
 */
export function readItem(raw: string, clock: Clock, reminders = true): AddItem {
  // "the dentist the day before at 9": a reminder counted from that task's due date, which only the task knows;
  // without a word of reminding ("need to ask grandma to help on the day") the words stay the title's.
  const relative = reminders ? readDueRelativeReminder(raw, clock) : null;
  const r = readTaskLine(relative ? relative.rest : raw, clock);
  const item: AddItem = { title: r.title };
  // "pay the water bill in 3 days, remind me the day before at 6pm": counted from the new task's own due date.
  const ownDue = relative && r.due ? parseIsoDate(r.due.slice(0, 10)) : null;
  if (relative && !ownDue) {
    const { days, hour, minute } = relative;
    // "the night before the vat's due": the "'s" was the due's ("is due"), never the task's name.
    // "the night before the parcels need posting": the need is the due's too.
    const title = r.title.replace(/(?:'s|’s|\sis|\s(?:needs?|has|have) to go|\s(?:needs?|wants?) [a-z]+ing)$/i, "");
    return { title, remindOnDue: { days, hour, minute, timeZone: clock.timeZone } };
  }
  if (r.description) item.description = r.description;
  if (r.priority) item.priority = r.priority;
  if (r.listName) item.list = r.listName;
  if (r.labels.length) item.labels = r.labels;
  if (r.recurrence) item.recurrence = r.recurrence;
  if (r.due) item.due = r.due;
  if (r.remindAt) item.remindAt = r.remindAt;
  if (r.remindBeforeWithoutDue) item.remindBeforeWithoutDue = r.remindBeforeWithoutDue;
  if (relative && ownDue) {
    const day = addDays(ownDue, -relative.days);
    // A reminder day already gone is a misreading: the task is added without it.
    if (compareDates(day, clock.today) >= 0) item.remindAt = formatIsoLocalDateTime(day, relative.hour, relative.minute);
    else delete item.remindAt;
  }
  return item;
}

const SEPARATOR_WORDS = new Set(["and", "&", "plus", "then", ",", ";"]);
/** Nothing but separators (commas, "and", "then"…) between quoted titles: read token by token. */
function onlySeparators(text: string): boolean {
  return text.split(/\s+|(?=[,;])|(?<=[,;])/).every((t) => t === "" || SEPARATOR_WORDS.has(t.toLowerCase()));
}

/** Reads an add body into one or more drafts. */
export function readAdd(body: string, clock: Clock, list = false, prefix = ""): AddItem[] {
  // "remind me at 5pm to call mom": the time words are the reminder's, not the due date's.
  const whole = `${prefix}${body}`;
  const lead = leadingReminder(whole, clock);
  // The task is due then too, unless the rest says otherwise.
  if (lead) return readAdd(whole.slice(lead.end), clock, list).map((i) => ({ due: lead.remindAt, ...i, remindAt: lead.remindAt }));
  let text = body.trim();
  const announced = COUNT_ANNOUNCED.exec(text.toLowerCase());
  if (announced) text = text.slice(announced[0].length);
  // "eggs, bread and cheese to shopping": the list goes to every item; a series of things (not of chores) is split.
  const tail = listTail(text);
  if (tail) text = tail.core;
  const several = list || announced !== null || (tail !== null && !isBaseVerb(text.split(" ", 1)[0] ?? "")) || thingsSeries(text, clock);
  // "add "water plants" and "feed fish"": each quoted title is its own task.
  const quotedTitles = [...text.matchAll(/"([^"]+)"/g)];
  const onlyQuotes = quotedTitles.length > 1 && onlySeparators(text.replace(/"[^"]+"/g, " "));
  const split = onlyQuotes ? quotedTitles.map((m) => `"${m[1] ?? ""}"`) : quoted(text) && !several ? [text] : splitItems(text, several);
  // "quote for a full rewire, bloke wants a price by friday": why after the comma is a part of its own, which only
  // says more of the item before (`why`: its slots stay, its words go).
  // Only in an add asked for ("add …", "new job - …", a list's items): elsewhere the words may be no add at all.
  // …or a chore said bare ("ring mum tomorrow, its her birthday week").
  // Never "hang on, …", "hold on, …": a verb of waiting said only to stop the talk.
  const asked = (p: string) =>
    list || prefix.trim() !== "" || (isBaseVerb(p.trim().split(/\s+/, 1)[0]?.toLowerCase() ?? "") && !TALK_STOPPER.test(p.trim()));
  const apart = split.map((p) => (quoted(p) || !asked(p) ? [p] : withWhyApart(p)));
  const parts = apart.flat();
  const why = apart.flatMap((a) => a.map((_, k) => k === 1));
  // "add a high priority task to …": the priority sits in the command, not the item.
  const shared = findPriority(prefix.toLowerCase())?.priority;
  const remind = REMIND_PREFIX.test(prefix.toLowerCase());
  const afterQuote = parts.length === 1 ? listAfterQuote(text, clock) : null;
  // "ffion rang, battery flat on her qashqai, …": who got in touch is the first job's note.
  const heard =
    parts.length > 1 && CONTACT_NEWS.test(parts[0]!.trim()) && !isBaseVerb(parts[0]!.trim().split(" ", 1)[0]!) ? parts[0]!.trim() : "";
  const told = heard ? parts.slice(1) : parts;
  const toldWhy = heard ? why.slice(1) : why;
  return (
    told
      .map((p) => {
        const item = readItem(p, clock, remind || REMIND_IN.test(whole.toLowerCase()) || !/\bon the day\b/i.test(p));
        // "the night before" is that evening (remindOnDue); "the day before" with no time an offset.
        return remind && !item.remindOnDue ? (offsetReminder(p, clock) ?? item) : item;
      })
      .map((i) => (tail ? { ...i, list: i.list ?? tail.list } : afterQuote && !i.list ? { ...i, list: afterQuote } : onListAtEnd(i)))
      .map((i, k) => (k === 0 && heard && !i.description ? { ...i, description: capitalize(heard) } : i))
      // "for work: order more leaflets, high priority": a part that is only a slot belongs to the item before it.
      .reduce<AddItem[]>((out, i, k) => {
        const before = out.at(-1);
        // "renew ALS cert by end of jan. expires feb": when the thing before runs out, told; no task, no date of its own.
        if (before && LIFETIME_TOLD.test(i.title.trim())) return out;
        if (!before || !(toldWhy[k] || onlySaysOfBefore(i.title))) out.push(i);
        else out[out.length - 1] = { ...withoutUndefined(i), ...withoutUndefined(before) } as AddItem;
        return out;
      }, [])
      .filter((i) => i.title.length > 0)
      .map((i) => (shared && !i.priority ? { ...i, priority: shared } : i))
      .map((i) => (remind && i.due && !i.remindAt ? withReminder(i, clock) : i))
  );
}

/** "…, book the room, stick it on work", "…, can u add that on work": "stick it" asks to add what came before; never a task of its own. */
const ADD_IT_TITLE =
  /^(?:(?:can|could|would) (?:you|u) (?:just )?|pls |please )?(?:add|put|pop|stick|bung|whack|jot|chuck|shove) (?:it|them|that|this|these|those)(?: all| down| in| up)?$/i;
/** "…, do it the wednesday before", "…, get it done by friday": when the thing before is to be done. */
const DO_IT_TITLE = /^(?:do (?:it|that|this)|(?:get|have) (?:it|that|this) done)\b/i;
/** "…, low priority tho", "…, top priority that": a word that only points back or softens, left beside a slot. */
const POINTS_BACK =
  /^(?:tho|though|that|this|then|too|also|as well|aswell|pls|please|plz|thx|thanks|ta|ok|okay|cheers|for that|for this|on that|on this|that one|this one)$/i;

/** "…, urgent she needs it for work": a priority said before why; the priority stays a slot of the item before. */
const PRIORITY_FIRST =
  /^(?:(?:quite|pretty|fairly|very|really|super|kinda|well) )?(?:urgent|asap|important|(?:high|top) prio(?:rity)?)[\s,!-]+/;

/** "ffion rang, battery flat on her qashqai, …": who got in touch, first in a series, is news of the job, not a job. */
const CONTACT_NEWS = /^(?:[a-z]+ ){1,3}(?:rang|rung|phoned|called|texted|emailed|messaged|rang up|phoned up|called up)$/i;

/** "hang on, …", "hold up, …", "look, …": words that stop the talk, never a chore. */
const TALK_STOPPER = /^(?:hang on|hold on|hold up|wait up|wait a (?:sec|min|minute)|look|listen|see|come on|go on)\b/i;

/** A part and the statement of why after its last comma, apart; the part whole when there is none. */
function withWhyApart(part: string): string[] {
  const comma = part.lastIndexOf(",");
  if (comma <= 0) return [part];
  const why = part.slice(comma + 1).trim();
  const words =
    why
      .toLowerCase()
      .replace(PRIORITY_FIRST, "")
      .match(/[a-z0-9][a-z0-9'-]*/g) ?? [];
  // "…, we're out": two words are enough after a pronoun's own verb (statesWhy reads which).
  const enough = words.length >= 3 || (words.length === 2 && /'(?:re|ll|s)$/.test(words[0] ?? ""));
  return enough && !isBaseVerb(words[0] ?? "") && statesWhy(words) ? [part.slice(0, comma), why] : [part];
}

/** A part that only tells when the thing before runs out or ends ("expires feb", "it runs out in march"). */
export const LIFETIME_TOLD =
  /^(?:it |which |that |they |this )?(?:expires|expire|runs out|run out|lapses|ends|finishes|closes|is up|goes out of date)\b/i;

/**
 * A later part of an add that is no task of its own but says more of the one before: only its slots
 * ("…, high priority"), "stick it on work", "do it the wednesday before", "low priority tho", or why
 * ("…, they've short changed me AGAIN", "…, top priority that, theres loads of work in it").
 */
function onlySaysOfBefore(title: string): boolean {
  const t = title.trim();
  if (t.length === 0 || ADD_IT_TITLE.test(t) || DO_IT_TITLE.test(t) || POINTS_BACK.test(t)) return true;
  const comma = t.indexOf(",");
  const head = comma > 0 ? t.slice(0, comma).trim() : "";
  const said = (comma > 0 && POINTS_BACK.test(head) ? t.slice(comma + 1) : t).toLowerCase().replace(PRIORITY_FIRST, "");
  const why = said.match(/[a-z0-9][a-z0-9'-]*/g) ?? [];
  return why.length >= 3 && statesWhy(why);
}

function withoutUndefined(item: AddItem): Partial<AddItem> {
  return Object.fromEntries(Object.entries(item).filter(([, v]) => v !== undefined));
}

/**
 * "remind me to pay rent the day before", "… an hour before": the offset closing a reminder's to-do is
 * counted from the task's due date (never read as a date of its own: "2 hours before" is no time ago).
 */
function offsetReminder(part: string, clock: Clock): AddItem | null {
  const lead = "remind me to ";
  const r = findReminderPhrase(`${lead}${part}`);
  if (r?.kind !== "before" || r.tail === undefined) return null;
  const item = readItem(`${lead}${part}`.slice(r.end, r.tail), clock);
  return item.title ? { ...item, remindBeforeWithoutDue: r.minutes } : null;
}

/** "to clients", "on the work list" right after a quoted title; never a pronoun, a date or "my todo list". */
const NOT_A_LIST_NAME =
  /^(?:it|there|that|this|them|me|us|todo|todos|to-do|list|lists|tasks|task|today|tonight|tomorrow|tmrw|inbox|for|at|by|from|with|of|a|an|the|pls|please|now|asap|again|too|as|soon|later|next|every|each)$/i;

/**
 * Rule list-after-quote: "add 'chase brightside for payment' to clients for next week" — the quoted
 * title is taken as typed, so a list named after it is read here (a list the user lacks is asked about).
 */
function listAfterQuote(text: string, clock: Clock): string | null {
  const span = quotedSpan(text);
  const after = span
    ? text
        .slice(span.end)
        .toLowerCase()
        .split(/[\s,.!]+/)
        .filter(Boolean)
    : [];
  const name = listNamedAt(after, 0)?.name;
  return name && !NOT_A_LIST_NAME.test(name) && !findDue(name, clock) ? name : null;
}

/**
 * Rule things-series: "add milk, bread and bin bags" — three or more short things in a comma series
 * (no verb first, no date anywhere) are one task each, as with a list named after them.
 */
function thingsSeries(text: string, clock: Clock): boolean {
  if (!text.includes(",") || quoted(text) || findDue(text, clock)) return false;
  const parts = text.split(/\s*,\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+/).map((p) => p.trim());
  return (
    parts.length >= 3 &&
    parts.every((p) => /^[a-z][a-z' -]*$/i.test(p) && p.split(/\s+/).length <= 3 && !isBaseVerb(p.split(/\s+/)[0]!.toLowerCase()))
  );
}

/** "remind me to X at 6" reminds at 6; "ping me about X on friday" (a day only) that morning (reminderTime). */
function withReminder(item: AddItem, clock: Clock): AddItem {
  if (item.due?.includes("T")) return { ...item, remindAt: item.due };
  const date = item.due ? parseIsoDate(item.due) : null;
  const at = date ? reminderTime({ date }, clock) : null;
  return at ? { ...item, remindAt: dueToString(at) } : item;
}

/** "call the dentist to admin for tomorrow": the date came after the list, so the list is at the end of the title. */
function onListAtEnd(item: AddItem): AddItem {
  const tail = item.list ? null : listTail(item.title);
  if (!tail) return item;
  return { ...item, title: tail.core.charAt(0).toUpperCase() + tail.core.slice(1), list: tail.list };
}

/**
 * "remind me to ring nan at 6", "set a reminder to renew the permit next mon at 9": the reminder
 * goes off when the task is due; a date without a time ("remind me to call mum tomorrow") reminds that morning.
 */
const REMIND_PREFIX = /\b(?:remind|ping|nudge|alert|notify) me\b|\breminder\b/;
/** A word of reminding anywhere in an add: only then is "on the day" a reminder (due-relative.ts); else the title's words. */
const REMIND_IN = /\b(?:remind|reminder|ping|nudge|buzz|alert|shout|notify|warn)\b/;

/**
 * Words that make a short phrase talk, not a thing to get: answers, chat, praise, time of day,
 * pronouns, being verbs, question and degree words. A phrase with one of them is never a wanted thing.
 */
const NOT_THING_WORDS = new Set([
  ...INTERJECTIONS,
  ...UNDER_WAY,
  ...NEGATIONS,
  ...(
    "ok okay k kk lol hehe ha ugh hmm hm meh yes yeah yep nope no nah not nice cool good great lovely brill " +
    "brilliant fab awesome sweet amazing perfect fine wow oops soz sorry thanks thx ty cheers ta mate hi hey hello bye night " +
    "morning evening afternoon day days week weekend today tonight tomorrow tmrw yesterday later laters brb ttyl gn gm xx wtf " +
    "idk dunno same true fair enough well done again more less too very so such just really maybe perhaps never always what " +
    "who why how when where which whatever anyway right sure love babe hun bro dude busy long rough bad tired lazy one lot all " +
    "everything nothing something anything i me my we us our you your u he she him her it its they them their this that these " +
    "those the is are was were am be been being has have had do does did can could will would should shall must may might " +
    "need needs want wants got get if then than because as or but to at in on by with from of about time break year " +
    "happy merry congrats sad feeling feelings mood vibes energy oh ah eh er um huh aww ahh phew jeez bless bloody " +
    "hell damn fml ffs rip gg welp yum off out over away too also either instead thank many much lots loads tons heaps"
  ).split(" "),
]);
/**
 * Words that join two things: "+" always ("squash + crisps"); "and"/"plus" only in a series with a
 * comma or after a list head ("eggs, flour and butter") — "fish and chips" is one thing.
 */
const THING_JOINERS = new Set(["and", "plus"]);
/** Heads of a list of things before a colon ("stuff for the picnic:", "shopping:", "bits to get:"). */
const THINGS_HEAD = new Set("stuff things bits shopping list get buy grab pick need needed".split(" "));

/** Words a thing may have inside it, after "for" ("lightbulbs for the landing", "a present for nan"). */
const FOR_WORDS = new Set("for the a an my our".split(" "));

/** Verbs said of something, not things to get: "compost smells", "the app rocks", "mia loves swimming". */
const SAID_OF = new Set(
  "smells stinks sucks rocks rules works hurts aches leaks loves hates likes wants needs looks seems feels sounds tastes goes comes says knows thinks misses keeps gets makes takes".split(
    " ",
  ),
);
/** "mia loves swimming", "dad wants socks": a word then a verb in -s then more words is a sentence. */
function saysSomething(words: string[]): boolean {
  // "camera's ancient tbh": how a thing is.
  if (saysHowItIs(words) || keepsDoing(words) || pluralDoes(words)) return true;
  return words.some(
    (w, i) =>
      SAID_OF.has(w) ||
      // "hoover's making a weird noise": an 's then a verb in -ing is "is doing".
      // "vitamins taste horrible", "the kids love it": a plural, then a verb.
      (i > 0 && /[^s']s$/.test(words[i - 1] ?? "") && PLURAL_VERBS.has(w)) ||
      (/'s$/.test(w) && (gerundOfVerb(words[i + 1] ?? "") || (STILL.has(words[i + 1] ?? "") && /ing$/.test(words[i + 2] ?? "")))) ||
      // "wifi's set up", "fence's put back": an 's then a participle that looks like its verb is "has been done".
      (/'s$/.test(w) && /^(?:set|put|cut|shut|sent|done|gone|paid|sorted)$/.test(words[i + 1] ?? "")) ||
      (i > 0 && i < words.length - 1 && w.length > 3 && w.endsWith("s") && isBaseVerb(w.slice(0, -1))) ||
      // "mum rang", "the bins went out": a past form after the first word tells what happened.
      (i > 0 && baseOfPast(w) !== null && !isBaseVerb(w)),
  );
}

/** Verbs of sensing and feeling said of things ("taste", "smell", "look"). */
const PLURAL_VERBS = new Set("taste smell look feel seem sound love hate need want cost are were have".split(" "));
/** Adverbs between "'s" and its verb ("tap's still dripping"). */
const STILL = new Set(["still", "just", "always", "now", "really", "not", "been"]);
function gerundOfVerb(w: string): boolean {
  if (!w.endsWith("ing") || w.length < 5) return false;
  const stem = w.slice(0, -3);
  return isBaseVerb(stem) || isBaseVerb(`${stem}e`) || isBaseVerb(stem.replace(/(.)\1$/, "$1")) || UNDER_WAY.has(w);
}

/** A short noun phrase of plain words: no talk word, no verb first, "for …" only inside, no "-ed" or "-ly" word. */
function aThing(words: string[]): boolean {
  if (words.length === 0 || words.length > 6) return false;
  if (isBaseVerb(words[0] ?? "") || saysSomething(words)) return false;
  const forAt = words.indexOf("for");
  return words.every(
    (w, i) =>
      /^[a-z][a-z'-]*$/.test(w) &&
      !/(?:ed|ly)$/.test(w) &&
      (!NOT_THING_WORDS.has(w) ||
        (forAt > 0 && i >= forAt && i < words.length - 1 && FOR_WORDS.has(w) && (i === forAt || words[i - 1] === "for"))),
  );
}

/**
 * thing-wanted (named rule): a message no reader took that is nothing but short noun phrases is
 * things to get, one task each — "cat litter!!", "oat milk pls", "oh and printer ink",
 * "washing up liquid + sponges", "stuff for the picnic: crisps, squash, paper plates". One word
 * alone ("teabags", "brb") stays offered; a phrase with any talk word ("nice one", "busy day",
 * "the optician") is never a thing. Read word by word; the titles keep the user's words.
 */
export function thingsWanted(original: string, clock: Clock, asked = false): AddItem[] | null {
  // "travel adapters for the holiday list": the list named at the end goes to every thing.
  const tail = listTail(original.trim().replace(/[!.]+$/, ""));
  const phrases = thingPhrases(tail ? tail.core : original, asked);
  const items = phrases
    ? phrases
        .map((s) => readItem(s, clock))
        .filter((i) => i.title)
        .map((i) => (tail ? { ...i, list: i.list ?? tail.list } : i))
    : [];
  return phrases && items.length === phrases.length ? items : null;
}

/** The things of rule thing-wanted as typed, or null. */
function thingPhrases(original: string, asked = false): string[] | null {
  const text = original
    .trim()
    .replace(/[!.]+$/, "")
    .replace(/\s+(?:pls|please|plz)$/i, "");
  const colon = text.indexOf(":");
  const head = colon > 0 ? text.slice(0, colon).toLowerCase().split(/\s+/) : [];
  if (colon > 0 && (head.length > 5 || !head.some((w) => THINGS_HEAD.has(w)))) return null;
  const body = colon > 0 ? text.slice(colon + 1) : text;
  const tokens = body
    .toLowerCase()
    .split(/\s+|(?=,)|(?<=,)/)
    .filter(Boolean);
  const series = colon > 0 || tokens.includes(",");
  const parts: string[][] = [[]];
  for (const t of tokens) {
    if (t === "," || t === "+" || (series && THING_JOINERS.has(t))) parts.push([]);
    else parts.at(-1)!.push(t.replace(/,$/, ""));
  }
  const things = parts.filter((p) => p.length > 0);
  const several = things.length > 1 || colon > 0;
  // One word alone ("teabags", "brb") is a thing only asked for nicely ("shampoo pls").
  if (things.length === 0 || things.some((p) => !aThing(p)) || (!several && things[0]!.length < 2 && !asked)) return null;
  if (parts.some((p) => p.length === 0) && !several) return null;
  const cased = body
    .split(series ? /\s*(?:,|\s\+\s|\sand\s|\splus\s)\s*/i : /\s+\+\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return cased.length === things.length ? cased : null;
}
