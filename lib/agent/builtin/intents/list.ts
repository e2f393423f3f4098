/**
 * Reads questions about the list ("what's overdue?", "show my completed tasks", "anything due
 * tomorrow?", "search for email tasks") into list_tasks filters, and bulk requests
 * ("complete all tasks due today", "clear all completed tasks") into a filter plus an action.
 */
import type { Clock } from "@/lib/task-line/clock";
import { SHORT_WEEKDAYS } from "@/lib/task-line/calendar";
import { quoted, trimPunctuation } from "@/lib/task-line/text";
import { findPriority } from "@/lib/task-line/priority";
import { findDue } from "@/lib/task-line/dates";
import { readWindow } from "../windows";
import { exceptsByPosition, isListedRef, ordinalRef } from "./refs";
import type { Intent, ListFilter } from "./types";
import { isListWord } from "./list-tail";
import { isBaseVerb } from "../verbs";

const TASK_WORDS =
  /\b(?:tasks?|todos?|jobs|to-?dos?|to do's|to do list|to-?do list|lists?|items?|reminders?|agenda|plate|schedule|things? (?:to do|i need to do|left)|chores|errands|(?:need|have|got|left|there) to (?:do|get done)|should i (?:do|work on|focus on)|work on next)\b/;
/** Verbs that ask to see the list; those that are also chores ("check the tyres", "read chapter 5") only with "me" or a list noun. */
const SHOW =
  /^(?:(?:show|list|display|view|see|pull up|bring up|remind me of|remind me(?= (?:what|which|how many)\b)|what about|how about)(?:\s+(?:me|us|out))?|(?:get|give|print|read|open|check|tell|go over|go through|review)\s+(?:me|us)|(?:get|print|read|open|check|go over|go through|review|read out)(?=\s+(?:(?:my|the|all|all of my|all my)\s+)?(?:tasks|todos|to-?dos|list|to-?do list|agenda|schedule|reminders|everything|what)\b))\b\s*/;
const QUESTION =
  /^(?:what(?:'s| is| are| do| did| does| have| should| else|s)?|which|whats|anything|any|is there(?: anything)?|are there(?: any)?|do i have|have i got|have i|did i|how many|how much|how's|hows|how is|how are|how does|got any|got anything|got much|got owt|tasks|todos|my|am i|are we|was i|is anything|is something|much on|owt|nothing|who've|who have|who do i have|who am i (?:seeing|visiting|walking)|who's on|whos on|who is on)\b/;
const DUE_WORDS =
  /\b(?:due|pressing|critical|slide|slid|lapsed|past its|past their|yesterday|days|week|weeks|month|fortnight|looking|look like|happening|planned|lined up|busy|free|later|this evening|this morning|this afternoon|horizon|pipeline|yet to do|round to|around to|still to do|remains|else is there|next up|let slip|forget to|forgot to|got on|have on|overdue|late|behind|miss|forgotten|slipped|past due|today|tonight|tomorrow|this week|next week|upcoming|coming up|soon|next few days|coming days|missed|pending|open|outstanding|unfinished|incomplete|remaining|left|completed|finished|done|high|low|urgent|important|priority|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/;

/** Words that only narrow a list ("overdue", "today's", "high priority"), before a noun for tasks. */
const FILTER_ADJECTIVES =
  "(?:today's|tomorrow's|tonight's|this week's|next week's|this weekend's|the weekend's|overdue|late|pending|open|outstanding|unfinished|incomplete|remaining|completed|finished|done|closed|high|low|medium|normal|urgent|important|top|priority|prio|upcoming|current|active|ticked|checked|due (?:today|tomorrow|this week|next week|soon))";
const FILTERED_NOUN = new RegExp(
  `^(?:(?:my|all|the|any|only|just|all my|all the|all of my)\\s+)?(?:${FILTER_ADJECTIVES}(?:\\s*-\\s*|\\s+))+(?:tasks?|todos?|to-?dos?|items?|ones|stuff|reminders?|chores|errands|things)$`,
);
const EVERYTHING_FILTERED =
  /^(?:everything|anything|all|stuff|things|tasks|todos)\s+(?:(?:that's|that is|which is|i have|i've got)\s+)?(?:due|overdue|pending|open|outstanding|left|remaining|unfinished|completed|finished|done|for (?:today|tomorrow|this week|next week))\b/;

const NEGATED = /\b(?:haven't|have not|hasn't|has not|didn't|did not|not yet|yet to|still to|not)\b/;

function pendingWords(t: string): boolean {
  if (NEGATED.test(t) && /\b(?:done|finished|completed|complete|do)\b/.test(t)) return true;
  return /\b(?:pending|open|outstanding|unfinished|incomplete|not done|not completed|not finished|undone|remaining|left|to do|todo|active|current|still (?:need|have)|need to do|have to do|should i do|on my plate|next|else|remains|remain|yet to|still to|got round to|got around to|gotten round to|got to yet)\b/.test(
    t,
  );
}

function completedWords(t: string): boolean {
  if (NEGATED.test(t)) return false;
  return (
    /\b(?:completed|complete|finished|done|closed|ticked off|checked off|crossed off|knocked off|accomplished|achieved|got through|sorted|did i (?:do|finish|complete|tick|cross|check|get through|knock|sort|manage|achieve))\b/.test(
      t,
    ) &&
    !/\bnot (?:done|completed|finished|complete)\b/.test(t) &&
    !/\b(?:need|have) to (?:get )?(?:done|finish|complete)/.test(t)
  );
}

/** Works out a list filter from the words of a request. */
export function readFilter(text: string, clock: Clock): ListFilter {
  const t = ` ${text} `;
  const filter: ListFilter = {};
  const alsoFinished =
    /\b(?:incl(?:uding|\.)?|inc|with|and|plus|as well as|even|also)\s+(?:the\s+)?(?:completed|done|finished|closed|ticked off)(?:\s+ones)?\b/.test(
      t,
    );
  if (alsoFinished || (/\b(?:all|every|everything)\b/.test(t) && !pendingWords(t) && !completedWords(t))) filter.status = "all";
  else if (pendingWords(t) && !/\b(?:done|completed|finished) (?:and|or) (?:pending|open)\b/.test(t)) filter.status = "pending";
  else if (completedWords(t)) filter.status = "completed";

  // "what did I finish yesterday?": a range of completion times; otherwise of due dates.
  const window = readWindow(text, clock, filter.status === "completed");
  if (filter.status === "completed") {
    if (window) filter.window = window;
  } else if (
    /\b(?:overdue|late|past due|past their due|past its|past their|miss|missed|behind|forget|forgot|forgotten|slip|slipped|slide|slid|lapsed)\b/.test(
      t,
    )
  )
    filter.due = "overdue";
  else if (window) filter.window = window;
  else if (/\b(?:today|tonight|this evening|this morning|this afternoon|today's)\b/.test(t)) filter.due = "today";
  else if (/\bthis week\b|\bweek\b/.test(t)) filter.due = "this_week";
  else if (/\b(?:upcoming|coming up|soon|in the future|ahead|later|coming days|days ahead|on the horizon|in the pipeline)\b/.test(t))
    filter.due = "upcoming";
  if (filter.due && filter.due !== "today" && !filter.status) filter.status = "pending";
  if (filter.window && !filter.status) filter.status = "pending";

  const p = findPriority(text)?.priority ?? priorityAlone(text);
  if (p) filter.priority = p;
  const query = readQuery(text);
  if (query) filter.query = query;
  if (/^how many\b/.test(text)) filter.count = true;
  return filter;
}

/** Priority words said alone in a question: "which ones are high", "any medium ones", "what's top priority". */
const PRIORITY_ALONE: Record<string, ListFilter["priority"]> = {
  high: "high",
  top: "high",
  pressing: "high",
  critical: "high",
  medium: "medium",
  normal: "medium",
  low: "low",
};
const AFTER_PRIORITY = new Set(["", "ones", "one", "tasks", "things", "stuff", "priority", "prio", "jobs", "items"]);
function priorityAlone(text: string): ListFilter["priority"] | undefined {
  const words = text.split(/\s+/);
  for (const [i, w] of words.entries()) {
    const p = PRIORITY_ALONE[w];
    const next = words[i + 1] ?? "";
    if (p && AFTER_PRIORITY.has(next) && (w !== "top" || next === "priority" || next === "prio")) return p;
  }
  return undefined;
}

/** "tasks about X", "search for X", "anything mentioning X", "the email tasks". */
export function readQuery(text: string): string | null {
  const m =
    /\bwith\s+(.+?)\s+in\s+(?:the\s+|their\s+|its\s+)?(?:title|name|description|text)s?\b/.exec(text) ??
    /\b(?:a|any|the)\s+(?:task|todo|to-?do|reminder)s?\s+(?:to|for|about|called|named|mentioning)\s+(.+)$/.exec(text) ??
    /\b(?:about|regarding|related to|relating to|mentioning|containing|that mention|that contain|with the word|matching|involving|concerning|to do with|called|named|titled|that have|that say|saying)\s+(.+)$/.exec(
      text,
    ) ??
    /^(?:search|find|look|lookup|look up|filter|grep)(?:\s+(?:for|up|me))?\s+(.+)$/.exec(text) ??
    /\b(?:tasks?|todos?|to-?dos?|items?|ones?|anything|something)\s+(?:with|re|on|that (?:has|have|says?))\s+(?!(?:no|a|an|high|low|medium|priority|due|any|today|tomorrow)\b)(.+)$/.exec(
      text,
    );
  if (!m || !m[1]) return null;
  let q = m[1]
    .replace(/\b(?:in (?:the )?(?:title|name|description)s?|in them|in it)\b/g, "")
    .replace(/\b(?:my|the|all|any|some|of)\b/g, "")
    .replace(/\b(?:tasks?|todos?|to-?dos?|items?|reminders?|things?|ones?|list)\b/g, "")
    .replace(/\b(?:please|again)\b/g, "");
  q = trimPunctuation(q.replace(/\s+/g, " "));
  const meaningful = q
    .replace(new RegExp(DUE_WORDS.source, "g"), "")
    .replace(
      /\b(?:me|now|everything|anything|something|nothing|stuff|all|this|next|last|week|weeks|month|days?|year|that|are|is|i|have|got|in|on|at|for|of|up|by|with|and|or|to|be|do|else|much|just|so far|far|so|planned|lined|happening|there|the|a|an|between|from|since|until|till|before|after|rest|coming|few|couple|go|going|on the go|fortnight|end|evening|morning|afternoon|tonight)\b/g,
      "",
    )
    .replace(/\b\d+(?:st|nd|rd|th)?\b/g, "")
    .trim();
  return meaningful ? q : null;
}

/** Words after "what's on my …" that are the whole to-do list, not one of the user's lists. */
const NOT_A_LIST =
  /^(?:list|lists|todo|to-do|todos|to-dos|task|tasks|agenda|plate|schedule|calendar|mind|whole|full|entire|main|usual|own|store|today|tomorrow|it|there|that|this|the|my|for|today's|later|soon|next|now|tonight|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/;

/** "show my groceries list", "what's in groceries", "what's tagged urgent?". */
function readOrganised(t: string, clock: Clock): Intent | null {
  const label =
    /^(?:what(?:'s| is| are|s)|which (?:tasks|todos|ones|things|items)(?: are)?|(?:show|list|find)(?: me)?(?: (?:my|the|all))?(?: (?:tasks|todos|things|items|everything))?|anything|everything|tasks|todos)\s+(?:tagged|labell?ed|marked)\s+(?:as\s+|with\s+)?#?([\p{L}\p{N}][\p{L}\p{N}_-]*)\s*\??$/u.exec(
      t,
    );
  if (label && label[1]) return { type: "list", filter: { label: label[1] } };
  // "what's in #errands?", "show #errands".
  const hashtag =
    /^(?:what(?:'s| is|s)\s+(?:in|on|under)|(?:show|list)(?: me)?(?: (?:my|the|all))?(?: (?:tasks|todos|things|items|everything))?(?: (?:in|under|with))?)\s+#([\p{L}\p{N}][\p{L}\p{N}_-]*)\s*\??$/u.exec(
      t,
    );
  if (hashtag && hashtag[1]) return { type: "list", filter: { label: hashtag[1] } };
  const shown =
    /^(?:show|open|view|display|pull up|bring up|list|read)(?: me)?\s+(?:my|the)\s+([\p{L}\p{N}][\p{L}\p{N}_-]*)\s+list\s*\??$/u.exec(t) ??
    /^what(?:'s| is|s)\s+(?:in|on|for)\s+(?:my\s+|the\s+)?([\p{L}\p{N}][\p{L}\p{N}_-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}_-]*){0,2})(?:\s+list)?\s*\??$/u.exec(
      t,
    ) ??
    /^(?:show|list|give)(?: me)?\s+(?:everything|all|all the stuff|stuff|the stuff|things)\s+(?:in|on|for|at)\s+(?:my\s+|the\s+)?([\p{L}\p{N}][\p{L}\p{N}_-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}_-]*)?)(?:\s+list)?\s*\??$/u.exec(
      t,
    );
  // "what's in garden", "whats for the house", "what's on elm road", "show me everything for home" (no "list"
  // said) may name a label or a topic when no list has the name.
  if (shown && shown[1] && !shown[1].split(/\s+/).some((w) => NOT_A_LIST.test(w)) && Object.keys(readFilter(shown[1], clock)).length === 0)
    return { type: "list", filter: { list: shown[1], ...(/\blist\s*\??$/.test(t) ? {} : { orTopic: true }) } };
  // Rule LEFT-ON-LIST: "whats left on shopping", "anything still on the groceries list?": what is still to do there.
  // "how many things on shopping": counted.
  const left =
    /^(?:(?:what(?:'s| is|s)|anything|is there anything)\s+(?:left|still|remaining|pending|outstanding|open)|how many(?:\s+(?:things|tasks|items|bits|jobs))?(?:\s+(?:are|is))?(?:\s+(?:left|still))?)\s+(?:in|on|at|for)\s+(?:my\s+|the\s+)?([\p{L}\p{N}][\p{L}\p{N}_-]*)(?:\s+list)?\s*\??$/u.exec(
      t,
    );
  if (left?.[1] && !NOT_A_LIST.test(left[1]) && Object.keys(readFilter(left[1], clock)).length === 0)
    return {
      type: "list",
      filter: {
        list: left[1],
        status: "pending",
        ...(/\blist\s*\??$/.test(t) ? {} : { orTopic: true }),
        ...(/^how many\b/.test(t) ? { count: true } : {}),
      },
    };
  const asked = listAsked(t) ?? labelAsked(t);
  if (asked) return asked;
  // "show my work tasks": a word that is no filter names one of the user's lists (or, when there
  // is no such list, a topic: the planner then searches for it).
  const named =
    /^(?:show|view|display|see|list)(?: me)?\s+(?:my|the)\s+([\p{L}][\p{L}\p{N}_-]*)\s+(?:tasks|todos|to-?dos|items|things|stuff)\s*\??$/u.exec(
      t,
    );
  if (named && named[1] && !NOT_A_LIST.test(named[1]) && Object.keys(readFilter(named[1], clock)).length === 0)
    return { type: "list", filter: { list: named[1], orTopic: true } };
  return null;
}

/**
 * label-asked: "which tasks have the errands label", "what has the work tag", "show me everything
 * with the urgent label": a question ending in "(the|a) NAME label/tag" asks for that label.
 */
function labelAsked(t: string): Intent | null {
  const ws = t.replace(/[?!.]+$/, "").split(" ");
  const n = ws.length;
  if (n < 4 || n > 8 || !/^(?:label|tag|labels|tags)$/.test(ws[n - 1]!)) return null;
  const name = ws[n - 2]!.replace(/^#/, "");
  if (!/^(?:the|a|an)$/.test(ws[n - 3]!) || !/^(?:have|has|with|got|carry|carries|under)$/.test(ws[n - 4]!)) return null;
  if (!/^(?:which|what|show|any|anything|list|is|are)$/.test(ws[0]!) || !/^[\p{L}\p{N}][\p{L}\p{N}_-]*$/u.test(name)) return null;
  return { type: "list", filter: { label: name } };
}

/** "give me a reminder about the licence tomorrow", "give me a nudge about X": a reminder asked for, never a list. */
function asksForReminder(t: string): boolean {
  const w = t.split(" ");
  return (
    w[0] === "give" &&
    (w[1] === "me" || w[1] === "us") &&
    (w[2] === "a" || w[2] === "an") &&
    /^(?:reminder|nudge|shout|ping|buzz|heads)$/.test(w[3] ?? "")
  );
}

/**
 * list-asked: "is there anything on my shopping list", "anything in the garden list", "what have i
 * got on my work list": a question ending in "on/in (my|the) NAME list" asks for that list.
 */
function listAsked(t: string): Intent | null {
  const ws = t.replace(/[?!.]+$/, "").split(" ");
  const n = ws.length;
  if (n < 4 || n > 9 || ws[n - 1] !== "list") return null;
  const name = ws[n - 2]!;
  let k = n - 3;
  if (ws[k] === "my" || ws[k] === "the") k--;
  if (k < 1 || (ws[k] !== "on" && ws[k] !== "in") || NOT_A_LIST.test(name)) return null;
  // "got all the bits on the diy list" says they are done: "got" is no question word here.
  const asks = /^(?:is|are|anything|any|what|what's|whats|have|do|how)$/.test(ws[0]!);
  if (!asks) return null;
  // "what's left on the shopping list", "how many things are on my shopping list": still to do, counted.
  const left = ws.some((w) => /^(?:left|still|remaining|outstanding)$/.test(w));
  const counted = ws[0] === "how" && ws[1] === "many";
  return {
    type: "list",
    filter: { list: name, ...(left || counted ? { status: "pending" as const } : {}), ...(counted ? { count: true } : {}) },
  };
}

/** Everyday spellings in questions ("wots on tmrw") and the words they stand for. */
const SPELLINGS: Record<string, string> = {
  wot: "what",
  wat: "what",
  wht: "what",
  waht: "what",
  whta: "what",
  whats: "what's",
  wats: "what's",
  wots: "what's",
  whts: "what's",
  wuts: "what's",
  "what're": "what are",
  "what've": "what have",
  whatve: "what have",
  tmrw: "tomorrow",
  tmr: "tomorrow",
  tmrow: "tomorrow",
  tmw: "tomorrow",
  tomoz: "tomorrow",
  "2moro": "tomorrow",
  "2morrow": "tomorrow",
  "2mrw": "tomorrow",
  tommorow: "tomorrow",
  tomorow: "tomorrow",
  tommorrow: "tomorrow",
  tomorro: "tomorrow",
  tomrrow: "tomorrow",
  "2day": "today",
  tday: "today",
  tdy: "today",
  todya: "today",
  tonite: "tonight",
  "2nite": "tonight",
  wkend: "weekend",
  wknd: "weekend",
  weeknd: "weekend",
  "w/e": "weekend",
  nxt: "next",
  wk: "week",
  mnth: "month",
  yday: "yesterday",
  yest: "yesterday",
  yesterdy: "yesterday",
  yesturday: "yesterday",
  urgnt: "urgent",
  overdew: "overdue",
  ovrdue: "overdue",
  overdeu: "overdue",
  "over-due": "overdue",
  anythin: "anything",
  anyting: "anything",
  anythign: "anything",
  anyhting: "anything",
  nething: "anything",
  owt: "anything",
  summat: "something",
  ive: "i've",
  im: "i'm",
  didnt: "didn't",
  havent: "haven't",
  dont: "don't",
  isnt: "isn't",
  u: "you",
  ur: "your",
  r: "are",
  ma: "my",
  gimme: "give me",
  tsks: "tasks",
  taks: "tasks",
  tasls: "tasks",
  tasjs: "tasks",
  todos: "todos",
  lst: "list",
  ...SHORT_WEEKDAYS,
  fridya: "friday",
  firday: "friday",
  wednesdy: "wednesday",
  wensday: "wednesday",
  tuesdy: "tuesday",
  thursdy: "thursday",
  saturdy: "saturday",
  munday: "monday",
  hw: "how",
  hows: "how's",
  wassup: "what's up",
  whassup: "what's up",
  wasup: "what's up",
  doin: "doing",
  thru: "through",
  evrything: "everything",
  everyting: "everything",
  evrythin: "everything",
  everythin: "everything",
  arvo: "afternoon",
  finshed: "finished",
  finsihed: "finished",
  finised: "finished",
  compelted: "completed",
  completd: "completed",
};

/** Words that carry nothing in a question ("um", "tbh", "like", "pls"). */
const FILLERS = new Set([
  "um",
  "umm",
  "ummm",
  "uh",
  "uhh",
  "er",
  "erm",
  "hmm",
  "hmmm",
  "tbh",
  "tbf",
  "ngl",
  "honestly",
  "basically",
  "literally",
  "lol",
  "pls",
  "plz",
  "please",
  "mate",
  "innit",
  "eh",
  "just",
  "actually",
  "really",
  "again",
  "rn",
  "atm",
  "currently",
  "anyway",
  "anyways",
  "btw",
  "ok",
  "okay",
  "so",
  "oh",
  "hey",
  "quickly",
  "quick",
  "even",
]);
/** "like" is a filler unless it follows a verb of seeming ("what does friday look like"). */
const KEEPS_LIKE = /^(?:look|looks|looking|seem|seems|feel|feels|would|i'd|something)$/;

/** A question in the words the readers know: spellings fixed, fillers and punctuation dropped. */
export function questionText(text: string): string {
  const out: string[] = [];
  for (const raw of text
    .toLowerCase()
    .replace(/[?!.,;]+/g, " ")
    .split(/\s+/)) {
    if (!raw) continue;
    const w = SPELLINGS[raw] ?? raw;
    if (FILLERS.has(w) || (w === "like" && !KEEPS_LIKE.test(out.at(-1) ?? ""))) continue;
    out.push(w);
  }
  return out
    .join(" ")
    .replace(/^(?:hang on|hold on|wait|oh wait|quick question|random question|question|no rush but|no rush|sweet|cool|right|and) /, "");
}

/** "can you tell me what's due tomorrow", "not sure what's on", "check if the glasses are on my list": the question inside. */
const EMBEDDED =
  /^(?:(?:can|could|would|will) you (?:please )?|please )?(?:tell me|let me know|show me|remind me|check|see|find out|look and see|have a look|i wonder|i'm not sure|im not sure|not sure|any idea|do you know|no idea|i forget|i forgot|i can't remember|cant remember|can't remember) (?=what|which|how|when|where|if|whether|is|are|did|have)/;

/** The question inside an embedding, in question order ("if i've done X" → "have i done X"). */
function embedded(q: string): string | null {
  if (!EMBEDDED.test(q)) return null;
  const rest = q.replace(EMBEDDED, "");
  const yesNo = /^(?:if|whether) (.+)$/.exec(rest)?.[1];
  if (!yesNo) return rest;
  const be = /^(.+?) (is|are|was|were) (.+)$/.exec(yesNo);
  if (be?.[1] && be[2] && be[3] && !/\b(?:i|we)\b/.test(be[1])) return `${be[2]} ${be[1]} ${be[3]}`;
  const have = /^(?:i|we)(?:'ve| have) (.+)$/.exec(yesNo);
  if (have?.[1]) return `have i ${have[1]}`;
  const did = /^(?:i|we) (?:already |ever )?(\S+) (.+)$/.exec(yesNo);
  return did?.[1] && did[2] ? `did i ${did[1]} ${did[2]}` : null;
}

/** Trailing words of a lookup that are not the task's words ("… already", "… on my list"). */
const LOOKUP_TAIL = new Set([
  "already",
  "yet",
  "before",
  "earlier",
  "down",
  "in",
  "on",
  "to",
  "there",
  "the",
  "my",
  "list",
  "lists",
  "todo",
  "todos",
  "to-do",
  "tasks",
  "app",
  "now",
  "then",
  "at",
  "all",
  "ever",
  "been",
  "or",
  "not",
  "anywhere",
  "somewhere",
  "here",
]);
/** "a lot", "a bit", "a good day": after "did i …", words of how it went, not a task. */
const A_SOMETHING =
  /^(?:lot|bit|good|great|nice|bad|long|short|quick|little|few|couple|chance|minute|second|moment|break|rest|nap|go|look|mistake|word|think|clue)$/;
/** A lookup's closing words that say when it was done ("this week", "today"), not what. */
const WHEN_DONE = /(?:^| )(?:(?:this|last) (?:week|month|morning|afternoon|evening|year|weekend)|today|yesterday|tonight|earlier today)$/;
/** Words of a lookup's phrase that name no task ("the X one", "my X stuff"). */
const LOOKUP_NOISE = new Set([
  "the",
  "my",
  "a",
  "an",
  "that",
  "this",
  "those",
  "these",
  "some",
  "one",
  "ones",
  "thing",
  "things",
  "stuff",
  "task",
  "tasks",
  "todo",
  "job",
  "bit",
  "business",
  "reminder",
  "about",
  "for",
  "to",
]);

/** The words of a task named in a lookup question: "the optician thing" → "optician". */
function lookupPhrase(words: string[]): string | null {
  const w = [...words];
  // "have i paid jenny this week?": when it was done is no word of the task.
  const when = WHEN_DONE.exec(w.slice(-2).join(" "))?.[0].trim().split(" ").length ?? 0;
  if (when && w.length > when) w.splice(w.length - when);
  while (w.length && LOOKUP_TAIL.has(w.at(-1) ?? "")) w.pop();
  const kept = w.filter((x) => !LOOKUP_NOISE.has(x));
  if (kept.length === 0 || kept.length > 8) return null;
  if (/^(?:it|that|this|them|they|everything|anything|something|all|much|any)$/.test(kept.join(" "))) return null;
  return kept.join(" ");
}

/** Openings of a question about what a task is ("what was the passport thing about", "details on the vet"). */
const ABOUT_LEADS: readonly string[][] = [
  "remind me what",
  "tell me more about",
  "tell me more abt",
  "more details on",
  "more details about",
  "more info on",
  "more about",
  "more on",
  "details on",
  "details of",
  "details for",
  "details about",
  "any details on",
  "info on",
  "what is",
  "what was",
  "what's",
  "whats",
  "what were",
  "what are",
  "what",
].map((l) => l.split(" "));
/** Endings of a "what …" question about what a task is for ("… about", "… for again"). */
const ABOUT_ENDS = new Set(["about", "abt", "for"]);

/**
 * about-task: "what was the passport thing about?", "remind me what the vet one is for", "details on
 * the swimming lessons": what a task holds (its note, list, labels, reminder). Never writes.
 */
function aboutAsked(words: string[]): Intent | null {
  const lead = ABOUT_LEADS.find((l) => l.every((w, i) => words[i] === w));
  if (!lead) return null;
  let rest = words.slice(lead.length);
  if (rest.at(-1) === "again") rest = rest.slice(0, -1);
  const what = lead[0] === "what" || lead[0] === "what's" || lead[0] === "whats" || lead[0] === "remind";
  if (what) {
    // "what's X about", "remind me what X was about/for": the question ends on "about"/"for".
    if (!ABOUT_ENDS.has(rest.at(-1) ?? "")) return null;
    rest = rest.slice(0, -1);
    // "remind me what X was about", "(i forget) what X is for": the verb comes after the task.
    const after = lead.at(-1) === "what";
    if (after && /^(?:is|was|are|were|'s)$/.test(rest.at(-1) ?? "")) rest = rest.slice(0, -1);
    else if (after) return null;
  }
  const phrase = lookupPhrase(rest);
  return phrase ? { type: "list", filter: { status: "all", query: phrase, ask: "about" } } : null;
}

const PUT_VERBS =
  /^(?:put|puts|add|added|write|written|wrote|jot|jotted|note|noted|stick|stuck|pop|popped|set|save|saved|log|logged|enter|entered|create|created|include|included|list|listed|remember|remembered)$/;
/** "is X done", "has X been paid": the words that ask whether a task is finished. */
const DONE_WORDS =
  /^(?:done|finished|complete|completed|sorted|ticked|checked|crossed|handled|dealt|cleared|paid|sent|booked|bought|posted|ordered|called|rung|phoned|cancelled|canceled|renewed|returned|fixed|cleaned|washed|collected|submitted|filed|signed|emailed|packed|tidied|mowed|hoovered|hovered|emptied|watered|fed|walked|picked|happened)$/;
/** "did I say …", "did I need to …": not a question about a task's state. */
const NOT_A_LOOKUP_VERB =
  /^(?:need|needs|want|wanted|have|has|had|say|said|ask|asked|tell|told|mention|mentioned|forget|forgot|miss|missed|leave|left|see|saw|think|thought|mean|meant|like|liked|agree|agreed|promise|promised|just|really|already|ever|go|went|get|got|put|add|undo|delete|remove|change|move|make|made|set|lose|lost|break|broke|know|knew|hear|heard)$/;
const DID_VERBS =
  /^(?:finish|finished|do|done|complete|completed|sort|sorted|tick|ticked|cross|crossed|check|checked|clear|cleared|deal|dealt)$/;

/** "the farm shop order on for weds": the day a thing was put down for closes the question; the thing alone is looked up. */
function withoutDayAsked(said: string, clock: Clock): string {
  const found = findDue(said, clock);
  const span = found?.spans.length === 1 ? found.spans[0]! : null;
  if (!span || span.index === 0 || said.slice(span.index + span.length).trim() !== "") return said;
  const words = said.slice(0, span.index).trim().split(" ");
  while (words.length > 1 && /^(?:on|in|down|for|by|up|due)$/.test(words.at(-1)!)) words.pop();
  return words.join(" ");
}

/**
 * Lookups about one task: "did i put down the glasses already?", "is the glasses thing on my
 * list?", "is there a task for the optician?" (does it exist), and "is the optician thing done?",
 * "have I finished the tax return yet?" (is it done). Answered from list_tasks; never writes.
 */
export function readLookup(text: string, clock: Clock): Intent | null {
  const read = readLookupAsked(text, clock);
  return read?.type === "list" ? withListNamed(read.filter, questionText(text) || text, clock) : read;
}

function readLookupAsked(text: string, clock: Clock): Intent | null {
  const plain = questionText(text);
  const said = text.trim().split(/\s+/);
  const how = {
    asked: said.at(-1)?.endsWith("?") ?? false,
    andFirst: said[0] === "and" || said[0] === "&",
    musing: said.some((w) => MUSING.has(w.replace(/[?!.,]+$/, ""))),
  };
  const inner = embedded(plain);
  if (inner !== null) {
    const found = readLookupOf(inner, clock, how) ?? readList(inner, clock);
    return found?.type === "list" ? found : null;
  }
  return readLookupOf(plain, clock, how);
}

function readLookupOf(plain: string, clock: Clock, how: AskHow = NO_HOW): Intent | null {
  // "did i get round to calling the plumber?" asks the same as "did i call the plumber?".
  const q = plain
    .replace(/^(did|have|had) we /, "$1 i ")
    .replace(
      /^(did|have|had) i (?:already |ever )?(?:get|got|manage|managed|remember|remembered) (?:a?round )?to (?!(?:add|put|jot|write|note|stick|pop|list|set|save|log|enter|create|include)\b)/,
      "$1 i ",
    )
    // "have i done the car insurance yet or is that still hanging over me": the other half asks the same.
    .replace(/ (?:yet |already )?or (?:is|are|has|have|was) (?:it|that|this|they|those) .*$| or not(?: yet)?$/, "")
    // "did i ever reply to the dunoon enquiry": whom the reply went to names the task.
    .replace(
      /^(did|have|had) i ((?:already |ever |actually )?(?:repl(?:y|ied)|respond(?:ed)?|write|wrote|written|speak|spoke|spoken|talk(?:ed)?|go|gone|went)) to /,
      "$1 i $2 ",
    );
  const onList = listAsked(q);
  if (onList) return onList;
  const about = aboutAsked(q.split(" "));
  if (about) return about;
  const asked = readAsk(q.split(" "), clock, how);
  if (asked) return asked;
  const casual = readCasualQuestion(q, clock);
  if (casual) return casual;
  const lookup = (ask: "exists" | "done", phrase: string | null): Intent | null =>
    phrase ? { type: "list", filter: { status: "all", query: phrase, ask } } : null;
  // "did/have i (already) put down X", "did i remember to add X".
  let m = /^(?:did|have|had) i (?:already |ever |definitely )?(?:remember(?:ed)? to )?(\S+) (.+)$/.exec(q);
  if (m?.[1] && m[2] && PUT_VERBS.test(m[1])) {
    const rest = withoutDayAsked(m[2], clock)
      .replace(/^(?:down|in|on|up) /, "")
      .split(" ");
    if (rest[0] === "to" || (rest[0] === "a" && rest[1] === "reminder")) return null;
    return lookup("exists", lookupPhrase(rest));
  }
  // "is/are X on my list", "is X in there", "is X down already".
  m =
    /^(?:is|are|was) (.+) (?:on|in) (?:the|my|there|here|your)(?: (?:list|lists|todo list|to-do list|todos|tasks|app))?(?: already| yet)?$/.exec(
      q,
    );
  if (m?.[1] && !/^(?:there|anything|something|it|that)\b/.test(m[1])) return lookup("exists", lookupPhrase(m[1].split(" ")));
  // "is there a task for X", "do i have a reminder about X", "have i got anything about X".
  m =
    /^(?:is there|are there|do i have|have i got|did i make|did i set up|got) (?:a|an|any|some|the)? ?(?:task|tasks|todo|todos|to-do|reminder|reminders|one|thing|entry|item) (?:for|about|to|called|named|re|on|with) (.+)$/.exec(
      q,
    );
  if (m?.[1]) return lookup("exists", lookupPhrase(m[1].split(" ")));
  // "do i have X on my list", "have i got X down".
  m =
    /^(?:do i have|have i got|i've got) (.+) (?:on|in|down)(?: (?:the|my) (?:list|todo list|to-do list|todos|tasks))?(?: already| yet)?$/.exec(
      q,
    );
  if (m?.[1]) return lookup("exists", lookupPhrase(m[1].split(" ")));
  // "where am i with the gutters", "what's the latest on the optician", "how's the glasses thing going".
  m =
    /^(?:where (?:am i|are we|are things|is it|we at|i'm at) (?:with|on)|what's the (?:deal|story|status|latest|score|situation) (?:with|on)|what's the (?:status|progress) of|any (?:news|update|progress|joy|luck) (?:on|with)|status of|how(?:'s| is) (?:it going with|the status of)) (.+)$/.exec(
      q,
    ) ?? /^how(?:'s| is| are) (.+) (?:going|coming along|getting on|progressing)$/.exec(q);
  if (m?.[1]) return lookup("done", lookupPhrase(m[1].split(" ")));
  // "did the plumber get called", "has the dog been walked", "has anyone done the bins".
  m = /^(?:has|have|did) (?:anyone|someone|somebody) (?:already )?\S+ (.+)$/.exec(q);
  if (m?.[1]) return lookup("done", lookupPhrase(m[1].split(" ")));
  m = /^(?:did|has|have) (.+) (?:get|got|been) (\S+)(?: (?:yet|already|then))?$/.exec(q);
  if (m?.[1] && m[2] && !/^(?:i|you|we|it|that|this|there|anything|everything)$/.test(m[1]))
    return lookup("done", lookupPhrase(m[1].split(" ")));
  // "i put the glasses down already, right?", "i think i already added bread didn't i".
  m =
    /^(?:(?:i think|pretty sure|i'm sure|im sure|surely) )?i (?:already |definitely )?(?:put|added|add|jotted|stuck|popped|wrote|noted|listed) (?:down )?(.+?) (?:right|didn't i|haven't i|yeah|innit|surely|correct|no|yes)$/.exec(
      q,
    );
  if (m?.[1])
    return lookup(
      "exists",
      lookupPhrase(
        m[1]
          .replace(/ (?:down|on|in|already)$/, "")
          .replace(/ (?:down|on|in|already)$/, "")
          .split(" "),
      ),
    );
  // "is/are/has X (been) done/finished/sorted/ticked off (yet)".
  m = /^(?:is|are|was|were|has|have) (.+)$/.exec(q);
  if (m?.[1]) {
    const rest = m[1].split(" ");
    while (rest.length && /^(?:yet|already|now|then|off|out|with|of|care|been|the|way|list|by|me)$/.test(rest.at(-1) ?? "")) {
      const last = rest.at(-1) ?? "";
      if (DONE_WORDS.test(last)) break;
      rest.pop();
    }
    const i = rest.findIndex((w) => DONE_WORDS.test(w));
    if (i > 0 && i >= rest.length - 4 && !/^(?:there|anything|something|everything|it|that|this|they|you|i)$/.test(rest[0] ?? "")) {
      const phrase = rest.slice(0, rest[i - 1] === "been" ? i - 1 : i);
      return lookup("done", lookupPhrase(phrase));
    }
  }
  // "did/have i (already) finish/do/tick off X (yet)".
  // "did i book the optician (yet)?", "have i paid the council tax?", "did i ever send off the card?".
  m = /^(?:did|have|had) i (?:already |ever |actually )?(\S+) (.+)$/.exec(q);
  if (m?.[1] && m[2] && (DID_VERBS.test(m[1]) || !NOT_A_LOOKUP_VERB.test(m[1]))) {
    const rest = m[2].replace(/^(?:off|out|with|up|back|round|around|in) /, "").split(" ");
    if (
      /^(?:anything|everything|it|that|this|them|all|much|any|stuff|today|yesterday|to|some|you|me|i|enough|time|much|many|what|how|when|why)$/.test(
        rest[0] ?? "",
      )
    )
      return null;
    // "did i sort a ref for sunday?" names a task; "did i have a good day", "have i got a minute" do not.
    if (/^an?$/.test(rest[0] ?? "") && (rest.length > 5 || !DID_VERBS.test(m[1]) || A_SOMETHING.test(rest[1] ?? ""))) return null;
    return lookup("done", lookupPhrase(rest));
  }
  return null;
}

/**
 * Casual questions read by their words (issue 24): how a message was typed (`asked`: it ends in
 * "?"; `andFirst`: "and tmrw?" after a list; `musing`: "just wondering", "hypothetically").
 */
type AskHow = { asked: boolean; andFirst: boolean; musing: boolean };
const NO_HOW: AskHow = { asked: false, andFirst: false, musing: false };
/** Words that make a "could I move X?" a thought, not a request. */
const MUSING = new Set(["wondering", "wonderin", "hypothetically", "theoretically", "idk", "dunno"]);

const QWORD = new Set(["what", "what's", "whats", "which", "any", "anything", "show", "list", "is", "are", "give", "how", "whats"]);
/** Nouns for "stuff" in "show me work stuff", "garden jobs?", "any work things". */
const STUFF = new Set(["stuff", "things", "thing", "jobs", "job", "tasks", "task", "todos", "bits", "items", "errands", "chores", "ones"]);
/** Words that never name a topic, list or label. */
const NOT_A_TOPIC = new Set([
  "me",
  "us",
  "you",
  "i",
  "it",
  "my",
  "your",
  "our",
  "the",
  "a",
  "an",
  "all",
  "any",
  "some",
  "other",
  "more",
  "new",
  "old",
  "these",
  "those",
  "what",
  "which",
  "this",
  "that",
  "there",
  "here",
  "them",
  "everything",
  "anything",
  "something",
  "nothing",
  "else",
  "your",
  "of",
  "on",
  "in",
  "for",
  "to",
  "with",
  "and",
  "or",
  "is",
  "are",
  "be",
  "got",
  "have",
  "do",
  "need",
  "need",
  "little",
  "few",
  "other",
  "random",
  "misc",
  "various",
  "same",
  "different",
  "important",
  "urgent",
  "big",
  "small",
]);
/** Words after "what's on" that leave the question as it is ("what's on then", "… on the go"). */
const ON_ALONE = new Set([
  "",
  "then",
  "now",
  "at all",
  "at the moment",
  "the go",
  "for me",
  "for us",
  "at the min",
  "then mate",
  "my plate",
  "me plate",
  "me list",
  "my list",
  "my lists",
  "all my lists",
  "the list",
  "the lists",
  "my to do list",
  "the agenda",
]);
/** Words of a time or state that a follow-up ("and tmrw?") may consist of. */
const TIME_WORDS = new Set([
  "today",
  "tonight",
  "tomorrow",
  "yesterday",
  "this",
  "next",
  "last",
  "week",
  "weekend",
  "month",
  "fortnight",
  "the",
  "on",
  "for",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
  "morning",
  "afternoon",
  "evening",
  "overdue",
  "after",
  "that",
  "then",
  "rest",
  "of",
  "day",
  "days",
  "in",
  "few",
  "couple",
  "upcoming",
  "soon",
]);

/** A topic: one of the user's lists, else a label, else tasks about it (planner.ts `topicSteps`). */
function topicWord(w: string | undefined, clock: Clock): string | null {
  if (!w || NOT_A_TOPIC.has(w) || STUFF.has(w) || TIME_WORDS.has(w) || NOT_A_LIST.test(w)) return null;
  if (!/^\p{L}[\p{L}\p{N}_-]*$/u.test(w) || Object.keys(readFilter(w, clock)).length > 0) return null;
  return w;
}
const topicIntent = (w: string): Intent => ({ type: "list", filter: { list: w, orTopic: true } });

const startsWith = (words: string[], ...head: string[]) => head.every((h, i) => h.split("|").includes(words[i] ?? ""));
const rest = (words: string[], n: number) => words.slice(n).join(" ");

/** The one topic word from `from` on ("for the garden", "for work"), as a list asked for. */
function forTopic(words: string[], from: number, clock: Clock, notPeople = false): Intent | null {
  const w = words.slice(from).filter((x) => x !== "the" && x !== "my");
  // "what have i got for the kids": people a task is for are no list ("what's on for the baby" asks about the baby's).
  const topic = w.length === 1 && !(notPeople && FOR_PEOPLE.has(w[0] ?? "")) ? topicWord(w[0], clock) : null;
  return topic ? topicIntent(topic) : null;
}

/** "what's on", "what have i got", "what needs doing": the open tasks. */
function pendingAsk(words: string[], clock: Clock): Intent | null {
  const pending: Intent = { type: "list", filter: { status: "pending" } };
  // "what's up today" (not "what's up": a greeting) is "what's on today".
  if (startsWith(words, "what's", "up") && words.length > 2) return readList(["what's", "on", ...words.slice(2)].join(" "), clock);
  const onAt = startsWith(words, "what's", "on")
    ? 2
    : startsWith(words, "what", "is|are", "on")
      ? 3
      : startsWith(words, "anything|any", "on")
        ? 2
        : startsWith(words, "anything|any", "for")
          ? 1
          : 0;
  if (onAt) {
    const tail = rest(words, onAt);
    if (ON_ALONE.has(tail)) return pending;
    // "what's on for work", "anything for the garden"; "what's on at work" (a list word: not "at the cinema").
    const at = words[onAt] === "at" && words.length === onAt + 2 && isListWord(words[onAt + 1] ?? "");
    return words[onAt] === "for" || at ? forTopic(words, onAt + 1, clock) : null;
  }
  const got =
    startsWith(words, "what", "have", "i", "got") || startsWith(words, "what", "do", "i", "have")
      ? 4
      : startsWith(words, "what", "i've", "got")
        ? 3
        : 0;
  if (got && ON_ALONE.has(rest(words, got))) return pending;
  // "what have i got for work", "what do i have on for the garden".
  const forAt = got && words[got] === "on" ? got + 1 : got;
  if (got && words[forAt] === "for") return forTopic(words, forAt + 1, clock, true);
  // "what needs doing", "what needs to be done", "what wants sorting", "what's there to do".
  const needs = [
    ["what", "needs|wants", "doing|sorting|done"],
    ["what", "needs", "to", "be", "done"],
    ["what", "else", "needs", "doing"],
    ["what's", "there", "to", "do"],
    ["what", "is", "there", "to", "do"],
    ["what's", "to", "do"],
  ].find((head) => startsWith(words, ...head));
  // Only alone: "what needs doing today" is a day's question (readList).
  if (needs && ON_ALONE.has(rest(words, needs.length))) return pending;
  return null;
}

/**
 * "what's my next thing", "what should i do next", "what am i forgetting": the open tasks, soonest
 * first (the list comes back ordered by due date).
 */
const NEXT_ASKS = [
  ["what's|whats", "my|the", "next", "thing|task|job|one|todo|bit"],
  ["what", "is", "my|the", "next", "thing|task|job|one|todo|bit"],
  ["what's|whats", "up", "next"],
  ["what", "should|shall|do|can|must", "i|we", "do|tackle|start|work", "next|now|first"],
  ["what", "should|shall|do|can", "i|we", "do|tackle|start|work", "on", "next|now|first"],
  ["what", "am|are", "i|we", "forgetting|missing"],
  ["am|are", "i|we", "forgetting|missing", "anything|something"],
  ["anything", "i'm|im|we're", "forgetting|missing"],
];
function nextAsk(words: string[]): Intent | null {
  const head = NEXT_ASKS.find((h) => startsWith(words, ...h));
  if (!head) return null;
  const tail = rest(words, head.length);
  return ON_ALONE.has(tail) || tail === "to do" ? { type: "list", filter: { status: "pending" } } : null;
}

/**
 * rule next-after (w14): "what's after the invitations", "whats the next thing after the passport",
 * "what comes after the florist": the open tasks that come after the one named (planner.ts, windows.ts `shownOf`).
 */
const AFTER_ASKS = [
  ["what's|whats|wots|wot's", "next", "after"],
  ["what's|whats|wots|wot's", "after"],
  ["what", "is|comes", "after"],
  ["what", "comes", "next", "after"],
  ["what", "is", "next", "after"],
  ["what's|whats", "the", "next", "thing|task|job|one|bit", "after"],
  ["what", "is", "the", "next", "thing|task|job|one|bit", "after"],
  ["what", "do|should|shall", "i|we", "do|tackle", "after"],
];
function afterAsk(words: string[]): Intent | null {
  const head = AFTER_ASKS.find((h) => startsWith(words, ...h));
  if (!head) return null;
  const named = words.slice(head.length).filter((w, i) => !(i === 0 && /^(?:the|my|that|this)$/.test(w)));
  while (/^(?:one|thing|task|job|bit|then|done|is done|are done)$/.test(named.at(-1) ?? "")) named.pop();
  if (named.length === 0 || named.length > 5 || named.some((w) => TIME_WORDS.has(w) || /^(?:it|that|this|them|lunch|work|school)$/.test(w)))
    return null;
  return { type: "list", filter: { status: "pending", after: named.join(" ") } };
}

/** "show me everything", "show me all my stuff", "gimme the lot": every task. */
function everythingAsk(words: string[]): Intent | null {
  let i = 0;
  if (startsWith(words, "show|list|give|see", "me|us")) i = 2;
  else if (startsWith(words, "show|list")) i = 1;
  else return null;
  const tail = words.slice(i).filter((w) => w !== "all" && w !== "my" && w !== "the" && w !== "of" && w !== "whole");
  // "show my tasks" stays the list reader's ("everything" with a filter too: "show everything due today").
  const everything = tail.length === 1 && ["everything", "stuff", "things", "lot"].includes(tail[0] ?? "");
  return everything ? { type: "list", filter: { status: "all" } } : null;
}

/** "work stuff" said alone is a question; "garden jobs" stays a possible title only with other words. */
const BARE_STUFF = new Set(["stuff", "things", "jobs", "bits", "tasks"]);
/** Words said alone with "?" that name nothing ("really?", "seriously?"). */
const NOT_A_NAME = new Set([
  "really",
  "seriously",
  "sorry",
  "pardon",
  "what",
  "why",
  "when",
  "where",
  "how",
  "who",
  "huh",
  "okay",
  "sure",
  "done",
  "finished",
  "true",
  "right",
  "again",
  "more",
  "else",
  "which",
  "whose",
  "help",
  "hello",
  "thanks",
  "please",
  "yes",
  "nope",
  "yeah",
  "maybe",
]);

/** What may follow a plural noun in a question about it: "what bills have i got", "any parcels to post". */
const PLURAL_ASKED = [
  "have i got",
  "do i have",
  "have i",
  "i've got",
  "i have",
  "are there",
  "are due",
  "are left",
  "left",
  "due",
  "outstanding",
];
/** Nouns of work that have no plural ("what homework have i got", "any admin left"). */
const MASS_NOUNS = new Set(
  "homework coursework revision admin paperwork housework marking ironing laundry washing gardening diy".split(" "),
);
/** "what bills have i got", "any bills to pay", "which parcels are left": tasks about a thing, by its plural. */
function pluralAsk(words: string[], clock: Clock): Intent | null {
  if (!startsWith(words, "what|which|any")) return null;
  const noun = words[1] ?? "";
  if (noun === "errands" || noun === "chores")
    return ["have i got", "do i have", "are there", "left"].includes(rest(words, 2)) ? topicIntent(noun) : null;
  const topic = (noun.length >= 4 && noun.endsWith("s") && !noun.endsWith("ss")) || MASS_NOUNS.has(noun) ? topicWord(noun, clock) : null;
  if (!topic) return null;
  // "which bills have i still got to pay": "still" changes nothing; "have i got to pay" asks what is to do.
  const after = rest(words, 2).replace(/\bstill /g, "");
  const toDo = PLURAL_ASKED.some((p) => after.startsWith(`${p} to `)) && words.length <= 8;
  // "any bills to pay", "what letters need posting": a verb of doing after the noun
  const todo = startsWith(words.slice(2), "to|need|needing|that|still") && words.length <= 6;
  // "any bills?", "any parcels": the plural alone is the question.
  const alone = after === "" && words[0] === "any";
  return PLURAL_ASKED.includes(after) || todo || toDo || alone ? topicIntent(topic) : null;
}

/** Words for to-dos after a list's name: "wedding jobs", "trip stuff". */
const TODO_NOUN = new Set(["jobs", "stuff", "things", "bits", "tasks", "todos", "prep"]);
/** "for the kids": people a task is for, never a list. */
const FOR_PEOPLE = new Set(["kids", "family", "baby", "dog", "pets"]);
/**
 * rule list-in-question (w14): "which wedding jobs are still left", "what's left to do for the trip",
 * "anything i've forgotten for the holiday": a word people name lists with (list-tail.ts) before a
 * word for to-dos, or any name after a closing "for the/my", keeps the question to that list — or,
 * when the user has no such list, to that topic (planner.ts `topicSteps`).
 */
/** The days a question may close on after its list ("… for dad this week"). */
const CLOSING_DAYS = [
  "this week",
  "next week",
  "this weekend",
  "next weekend",
  "today",
  "tonight",
  "tomorrow",
  "this month",
  "next month",
].map((d) => d.split(" "));
function listInQuestion(text: string, clock: Clock): string | null {
  const ws = trimPunctuation(text).split(/\s+/);
  for (let i = 0; i + 1 < ws.length; i++) {
    const w = ws[i] ?? "";
    if (TODO_NOUN.has(ws[i + 1] ?? "") && !TODO_NOUN.has(w) && w !== "chores" && isListWord(w)) return w;
    // "hows the health list looking": any name said with "list" after it names that list.
    if (ws[i + 1] === "list" && /^(?:the|my|our)$/.test(ws[i - 1] ?? "") && topicWord(w, clock)) return w;
  }
  // "what's on for dad this week": the days asked about come after the list; the list is read without them.
  const days = CLOSING_DAYS.find((d) => ws.slice(-d.length).join(" ") === d.join(" ") && ws.length > d.length + 2);
  if (days) ws.splice(-days.length);
  const n = ws.length;
  const last = ws[n - 1] ?? "";
  // After a closing "for the/my", any name that is no time or filter word: the topic when no list has it.
  if (n >= 3 && ws[n - 3] === "for" && /^(?:the|my|our)$/.test(ws[n - 2] ?? "") && !FOR_PEOPLE.has(last) && topicWord(last, clock))
    return last;
  // "whats left to sort for christmas": a list word after a bare closing "for".
  // "whats left for clients": any other name after it too (the list, or the tasks about it when none has that name).
  if (
    n >= 2 &&
    ws[n - 2] === "for" &&
    !FOR_PEOPLE.has(last) &&
    !/^(?:me|us|you|him|her|them|it|now|later)$/.test(last) &&
    topicWord(last, clock)
  )
    return last;
  return null;
}

/** "what do i need to buy", "anything to get from the shops": the tasks of buying. */
const BUY_ASKS = [
  ["what", "do|should", "i|we", "need|have", "to", "buy|get"],
  ["what", "needs", "buying|getting"],
  ["anything|what", "to", "buy"],
];
function buyAsk(said: string[]): Intent | null {
  // "what do i still need to buy": "still" after the subject changes nothing.
  const words = said[3] === "still" ? [...said.slice(0, 3), ...said.slice(4)] : said;
  // "what do i still have to book", "what have i got to post": the tasks of that verb (rule verb-asked, w14).
  const verbAt = startsWith(words, "what", "do|should", "i|we", "need|have", "to")
    ? 5
    : startsWith(words, "what", "have", "i|we", "got", "to")
      ? 5
      : startsWith(words, "what", "have", "i|we", "still", "got", "to")
        ? 6
        : -1;
  if (verbAt > 0 && words.length === verbAt + 1) {
    const verb = words[verbAt] ?? "";
    if (verb.length >= 3 && isBaseVerb(verb) && !/^(?:buy|get|do|be|have|say|see|know|go|make)$/.test(verb))
      return { type: "list", filter: { status: "pending", query: verb } };
  }
  const head = BUY_ASKS.find((h) => startsWith(words, ...h));
  const tail = head ? rest(words, head.length) : null;
  return tail !== null && (ON_ALONE.has(tail) || tail === "still") ? { type: "list", filter: { status: "pending", query: "buy" } } : null;
}

/** "show work stuff", "any garden jobs", "what work stuff have i got", "garden jobs?". */
function topicAsk(words: string[], clock: Clock, how: AskHow): Intent | null {
  let i = 0;
  if (startsWith(words, "show|list|see|give", "me|us")) i = 2;
  else if (startsWith(words, "show|list")) i = 1;
  else if (startsWith(words, "any|anything|what|got", "more")) return null;
  else if (startsWith(words, "got", "any")) i = 2;
  // "what's my garden stuff", "whats the work stuff".
  else if (startsWith(words, "what's|whats", "my|the")) i = 1;
  else if (startsWith(words, "any|anything|what|which")) i = 1;
  else if (!how.asked && !(words.length === 2 && BARE_STUFF.has(words[1] ?? ""))) return null;
  // "groceries?": a name on its own, asked.
  if (how.asked && words.length === 1 && (words[0]?.length ?? 0) >= 4) {
    // "errands?", "chores?": those words name lists too.
    if (words[0] === "errands" || words[0] === "chores") return topicIntent(words[0]);
    const topic = topicWord(words[0], clock);
    return topic && !NOT_A_NAME.has(topic) ? topicIntent(topic) : null;
  }
  while (words[i] === "my" || words[i] === "the" || words[i] === "all" || words[i] === "of") i++;
  const topic = topicWord(words[i], clock);
  if (!topic || !STUFF.has(words[i + 1] ?? "")) return null;
  const after = rest(words, i + 2);
  const question = ["", "have i got", "do i have", "i've got", "have i", "is there", "are there", "then", "left", "on"];
  return question.includes(after) ? topicIntent(topic) : null;
}

/** Words after "anything on the" that make an idiom, not a place ("on the horizon", "on the cards"). */
const NOT_A_PLACE = new Set(["horizon", "radar", "cards", "go", "boil", "menu", "table", "books", "way", "slate", "docket", "mind"]);
/** Words after a name that still ask for its tasks ("anything in the garden list?", "… stuff"). */
const PLACE_TAIL = new Set(["", "list", "label", "tag", "folder", "section", ...STUFF]);
/**
 * place-name-ask: "anything in the garden?", "what's under work", "got anything on the shopping":
 * a question word, then in/on/under, then one name (a list, else a label, else a topic).
 */
function placeNameAsk(words: string[], clock: Clock): Intent | null {
  let i = startsWith(words, "is|are", "there", "anything|any") ? 3 : startsWith(words, "got|have", "anything|any") ? 2 : 0;
  if (i === 0 && ["any", "anything", "what's", "whats", "what"].includes(words[0] ?? "")) i = 1;
  if (i === 0 || (words[0] === "what" && words[1] !== "is")) return null;
  if (words[0] === "what") i = 2;
  if (!["in", "on", "under"].includes(words[i] ?? "")) return null;
  i++;
  if (words[i] === "the" || words[i] === "my") i++;
  if (NOT_A_PLACE.has(words[i] ?? "")) return null;
  const name = words[i] === "errands" || words[i] === "chores" ? words[i] : topicWord(words[i], clock);
  return name && PLACE_TAIL.has(rest(words, i + 1)) ? topicIntent(name) : null;
}

/** "how many things have i got", "how many jobs are left", "how many tasks do i have on": the open tasks, counted. */
function countAsk(words: string[], clock: Clock): Intent | null {
  // The list reader's own counts ("how many tasks do I have left?") stay its.
  if (readList(words.join(" "), clock)) return null;
  if (!startsWith(words, "how", "many") || !STUFF.has(words[2] ?? "") || words[2] === "errands" || words[2] === "chores") return null;
  const after = rest(words, 3).replace(/ (?:on|left|to do|outstanding|still|then)$/, "");
  return ["", ...PLURAL_ASKED, "have i got on", "are there left", "do i have left", "are still open", "are open"].includes(after)
    ? { type: "list", filter: { status: "pending", count: true } }
    : null;
}

/** "which wedding jobs are left", "how many garden tasks are there", "any work stuff left": a list's (else a topic's) tasks. */
function topicStuffAsk(words: string[], clock: Clock): Intent | null {
  const i = startsWith(words, "how", "many") ? 2 : ["which", "what", "any", "what's", "whats"].includes(words[0] ?? "") ? 1 : 0;
  // "errands", "chores" name lists themselves ("what's tagged errands?" is about the label).
  if (i === 0 || !STUFF.has(words[i + 1] ?? "") || words[i + 1] === "errands" || words[i + 1] === "chores") return null;
  const topic = topicWord(words[i], clock);
  const after = rest(words, i + 2).replace(/ (?:on|left|to do|outstanding|still|then)$/, "");
  const asked = [
    "",
    ...PLURAL_ASKED,
    "are there",
    "are left",
    "are still open",
    "are open",
    "need doing",
    "still need doing",
    "have i still got",
  ];
  return topic && asked.includes(after) ? topicIntent(topic) : null;
}

/** "how busy am i friday", "am i up to date", "am i on top of things". */
function busyAsk(words: string[], clock: Clock): Intent | null {
  if (startsWith(words, "how", "busy|packed|full|hectic", "am|is|are|does|do")) {
    const when = words.slice(3).filter((w) => w !== "i" && w !== "we" && w !== "it" && w !== "looking" && w !== "look");
    const filter = readFilter(when.join(" "), clock);
    if (filter.query || when.length > 4) return null;
    return { type: "list", filter: { ...filter, status: filter.status ?? "pending", count: true } };
  }
  // "how's my day looking", "how does tomorrow look": the day's tasks.
  const day = startsWith(words, "how's|how", "my|the") ? words[2] : startsWith(words, "how", "is|does", "my|the") ? words[3] : undefined;
  const looks = ["", "looking", "look", "looking then", "shaping up", "looking like"].includes(rest(words, words[0] === "how's" ? 3 : 4));
  if (day && looks && ["day", "morning", "afternoon", "evening", "week", "weekend"].includes(day)) {
    const filter = readFilter(day === "week" ? "this week" : day === "weekend" ? "this weekend" : "today", clock);
    return { type: "list", filter: { ...filter, status: filter.status ?? "pending" } };
  }
  // "is today busy", "is friday looking packed", "is tomorrow free".
  const last = words.at(-1) ?? "";
  if (words[0] === "is" && ["busy", "packed", "full", "free", "quiet", "hectic", "clear", "rammed"].includes(last) && words.length <= 5) {
    const when = words.slice(1, -1).filter((w) => w !== "looking" && w !== "it");
    if (when.length && when.every((w) => TIME_WORDS.has(w))) {
      const filter = readFilter(when.join(" "), clock);
      if (filter.due || filter.window) return { type: "list", filter: { ...filter, status: filter.status ?? "pending", count: true } };
    }
  }
  // "run me through today", "talk me through tomorrow", "walk us through the week".
  if (startsWith(words, "run|talk|walk|take|go", "me|us", "through|over")) {
    const when = words.slice(3);
    if (when.length === 0 || ["everything", "it", "it all", "my list", "the list", "my day", "the day"].includes(when.join(" ")))
      return { type: "list", filter: { status: "pending" } };
    if (!when.every((w) => TIME_WORDS.has(w))) return null;
    const filter = readFilter(when.join(" "), clock);
    return { type: "list", filter: { ...filter, status: filter.status ?? "pending" } };
  }
  // "where am i at with everything", "where are we with it all".
  const whole =
    ["it all", "my list", "my stuff", "my tasks"].includes(words.slice(-2).join(" ")) || ["everything", "things"].includes(last);
  if (startsWith(words, "where", "am|are", "i|we") && whole && words.length <= 7) return { type: "list", filter: { status: "pending" } };
  const behind =
    startsWith(words, "how", "far", "behind") ||
    startsWith(words, "am|are", "i|we", "up", "to", "date") ||
    startsWith(words, "am|are", "i|we", "on", "top", "of") ||
    startsWith(words, "am|are", "i|we", "caught", "up") ||
    startsWith(words, "am|are", "i|we", "all", "caught", "up");
  return behind && words.length <= 7 ? { type: "list", filter: { status: "pending", due: "overdue" } } : null;
}

/** Words that say a date is missing ("no", "without", "don't have"). */
const NO_DATE_SAID = new Set(["no", "without", "haven't", "undated", "not", "don't", "dont", "doesn't", "doesnt"]);
/** "anything in the inbox", "what's not in a list", "stuff with no date": narrowed by where a task is, or its missing date. */
function placeAsk(words: string[], clock: Clock): Intent | null {
  if (!QWORD.has(words[0] ?? "") && !STUFF.has(words[0] ?? "")) return null;
  const at = (seq: string[]) => words.findIndex((_, i) => seq.every((s, k) => s.split("|").includes(words[i + k] ?? "")));
  const inbox = words.includes("inbox") || at(["not|isn't|aren't", "in|on", "a|any", "list"]) >= 0 || at(["no|without", "list"]) >= 0;
  const noDate =
    words.includes("undated") ||
    at(["no|without", "date|dates|deadline|deadlines"]) >= 0 ||
    at(["no|without", "a|any", "date|dates|deadline|due"]) >= 0 ||
    at(["no|without", "due", "date|dates"]) >= 0 ||
    at(["given", "a|it|them", "date|deadline"]) >= 0 ||
    at(["got", "a|any", "date|deadline"]) >= 0 ||
    // "which things don't have a date".
    at(["don't|dont|doesn't|doesnt", "have", "a|any", "date|dates|deadline|due"]) >= 0;
  if (!inbox && !noDate) return null;
  if (noDate && !inbox && !words.some((w) => NO_DATE_SAID.has(w))) return null;
  const filter: ListFilter = { status: "pending" };
  if (inbox) filter.list = "inbox";
  if (noDate) filter.noDue = true;
  const p = readFilter(words.join(" "), clock).priority;
  if (p) filter.priority = p;
  return { type: "list", filter };
}

/** The words of a task in a question about it, up to where the question goes on ("the bins be high" → "bins"). */
function phraseUntil(words: string[], stop: Set<string>): string | null {
  const end = words.findIndex((w) => stop.has(w));
  return lookupPhrase(end < 0 ? words : words.slice(0, end));
}
const STATE_WORDS = new Set([
  "be",
  "been",
  "overdue",
  "late",
  "still",
  "not",
  "due",
  "on",
  "high",
  "low",
  "medium",
  "urgent",
  "important",
  "done",
  "there",
  "marked",
  "set",
  "so",
  "a",
  "priority",
  "in",
  "listed",
  "at",
  "for",
  "to",
  "till",
  "until",
  "by",
  "next",
  "tomorrow",
  "today",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
  "from",
  "off",
  "back",
  "forward",
  "as",
  "into",
]);

/** Words that ask whether a task repeats ("is X a repeating one", "does X recur"). */
const REPEAT_ASKED = new Set(["repeating", "recurring", "repeat", "repeats", "recur", "recurs", "regular"]);

/** First words of "have i got loads on", "is there much on": an amount, not a task. */
const NOT_A_TASK_START = new Set([
  "there",
  "anything",
  "something",
  "everything",
  "nothing",
  "it",
  "that",
  "this",
  "any",
  "much",
  "owt",
  "i",
  "loads",
  "lots",
  "a",
  "plenty",
  "heaps",
  "tons",
  "enough",
  "stuff",
  "things",
  "too",
  "so",
  "many",
  "more",
  "summat",
  "you",
  "we",
  "they",
]);
/** Words after a task in "is X (still) on (there)", "have i got X down already". */
const ON_LIST_TAIL = new Set(["on", "in", "down", "there", "here", "already", "yet", "still", "the", "my", "list", "app", "it"]);
const lookupExists = (phrase: string | null): Intent | null =>
  phrase ? { type: "list", filter: { status: "all", query: phrase, ask: "exists" } } : null;

/** Questions about one task: "do i need milk?", "is the haircut important?", "why is X overdue", "should X be high". */
function taskAsk(words: string[], how: AskHow): Intent | null {
  const search = (phrase: string | null): Intent | null => (phrase ? { type: "list", filter: { status: "all", query: phrase } } : null);
  // "do i need milk?", "do we need bread" (not "do i need to …": that is advice, intents/gate.ts).
  const need = startsWith(words, "do", "i|we", "need|want") ? 3 : startsWith(words, "do", "i|we", "still", "need|want") ? 4 : 0;
  if (need && words.length > need) {
    if (["to", "a", "anything", "something", "everything", "it", "that", "this", "them", "you", "help", "more"].includes(words[need] ?? ""))
      return null;
    const phrase = lookupPhrase(words.slice(need));
    return phrase ? { type: "list", filter: { status: "all", query: phrase, ask: "exists" } } : null;
  }
  // "is the haircut important?", "are the bins urgent".
  const last = words.at(-1) ?? "";
  if (startsWith(words, "is|are") && ["important", "urgent", "priority", "high", "low"].includes(last) && words.length <= 8) {
    if (["there", "anything", "something", "it", "that", "this", "i", "everything"].includes(words[1] ?? "")) return null;
    return search(phraseUntil(words.slice(1), STATE_WORDS));
  }
  // "is the dog walk a repeating one?", "does the bin thing repeat": a question about one task's repeat.
  if (startsWith(words, "is|are|does|do") && words.length <= 9 && words.some((w) => REPEAT_ASKED.has(w))) {
    if (["there", "anything", "something", "it", "that", "this", "i", "everything"].includes(words[1] ?? "")) return null;
    const end = words.findIndex((w, k) => k > 1 && (REPEAT_ASKED.has(w) || w === "a" || w === "on" || w === "set"));
    return end > 1 ? search(lookupPhrase(words.slice(1, end))) : null;
  }
  // "why is the council thing overdue", "why's the boiler on monday".
  if (startsWith(words, "why", "is|are|has|have|was|does|did") || startsWith(words, "why's|whys")) {
    const from = words[0] === "why" ? 2 : 1;
    if (["it", "that", "this", "there", "everything", "nothing", "i", "you", "my", "so"].includes(words[from] ?? "")) return null;
    // Only about a task's state ("overdue", "on monday"): "why is the sky blue" is not about a task.
    if (!words.slice(from + 1).some((w) => STATE_WORDS.has(w))) return null;
    return search(phraseUntil(words.slice(from), STATE_WORDS));
  }
  // "should the bins be high priority": a question, never the change ("could X be moved …?" is a polite request).
  if (startsWith(words, "should|shall") && !["i", "we", "you", "it", "that", "this", "there", "u"].includes(words[1] ?? "")) {
    const be = words.indexOf("be");
    if (be > 1) return search(phraseUntil(words.slice(1, be), STATE_WORDS));
  }
  // "could i move the milk to tmrw, just wondering": a thought about a change; show the task.
  if (how.musing && startsWith(words, "could|can|should|would|might", "i|we")) {
    const phrase = phraseUntil(words.slice(3), STATE_WORDS);
    return phrase ? search(phrase) : { type: "say", kind: "remark" };
  }
  // "have i got the mot on there", "is the van thing on", "got the prescription down?": is it on the list.
  const openers = [["have", "i", "got"], ["do", "i", "have"], ["i've", "got"], ["is|are"], ...(how.asked ? [["got"]] : [])];
  const opener = openers.find((h) => startsWith(words, ...h));
  if (opener) {
    const w = words.slice(opener.length);
    let end = w.length;
    while (end > 0 && ON_LIST_TAIL.has(w[end - 1] ?? "")) end--;
    const tail = w.slice(end);
    const onList = tail.includes("on") || tail.includes("down") || (tail.includes("in") && tail.length > 1);
    const first = w[0] ?? "";
    if (onList && end > 0 && !NOT_A_TASK_START.has(first)) return lookupExists(lookupPhrase(w.slice(0, end)));
  }
  // "any sign of the dentist on here", "anything about the boiler on here".
  if (startsWith(words, "any", "sign", "of") || startsWith(words, "anything|owt", "about|re|regarding")) {
    const phrase = lookupPhrase(words.slice(words[0] === "any" ? 3 : 2));
    return phrase ? { type: "list", filter: { status: "all", query: phrase, ask: "exists" } } : null;
  }
  return null;
}

/** "and tmrw?", "and next week?", "and the shopping list?" after a list. */
function followAsk(words: string[], clock: Clock, how: AskHow): Intent | null {
  if (!how.andFirst || words.length === 0 || words.length > 5) return null;
  if (words.at(-1) === "list" && words.length <= 4 && (words[0] === "the" || words[0] === "my")) {
    const name = words.slice(1, -1);
    if (name.length === 1 && topicWord(name[0], clock)) return { type: "list", filter: { list: name[0] as string } };
    return null;
  }
  if (!words.every((w) => TIME_WORDS.has(w))) return null;
  const filter = readFilter(words.join(" "), clock);
  if (!filter.due && !filter.window) return null;
  return { type: "list", filter: { ...filter, status: filter.status ?? "pending" } };
}

/**
 * shown-chores (issue 24, wave 10): "show me errands", "see my chores", "pull up the errands": a
 * word for to-dos in general that is also a common list's name asks for that list when the user
 * has it, else for every open task (planner.ts `topicSteps`).
 */
const CHORE_LISTS = new Set(["errands", "chores", "jobs"]);
const SHOW_WORD = new Set(["show", "see", "view", "display", "open", "list"]);
function shownChores(words: string[]): Intent | null {
  let k = SHOW_WORD.has(words[0] ?? "") ? 1 : startsWith(words, "pull|bring", "up") ? 2 : 0;
  if (k === 0) return null;
  if (words[k] === "me" || words[k] === "us") k++;
  if (words[k] === "my" || words[k] === "the" || words[k] === "all") k++;
  if (words[k] === "my" || words[k] === "the") k++;
  const name = words[k] ?? "";
  if (
    !CHORE_LISTS.has(name) ||
    words.length > k + 2 ||
    (words.length === k + 2 && !/^(?:pls|please|plz|then|now)$/.test(words[k + 1] ?? ""))
  )
    return null;
  return { type: "list", filter: { list: name, orTopic: true, status: "pending" } };
}

/** "shopping list pls", "my errands list?": a list named on its own; "what do i need from the shops": the shopping. */
function namedListAsk(words: string[], clock: Clock): Intent | null {
  const shown = shownChores(words);
  if (shown) return shown;
  const w = words[0] === "my" || words[0] === "the" ? words.slice(1) : words;
  if (w.length === 2 && w[1] === "list" && topicWord(w[0], clock)) return { type: "list", filter: { list: w[0] as string } };
  const shops = ["shops", "shop", "supermarket", "store", "stores"];
  if (startsWith(words, "what", "do", "i|we", "need|want", "from|at") && shops.includes(words.at(-1) ?? "") && words.length <= 7)
    return topicIntent("shopping");
  return null;
}

/** Words that say "carries the label" in a question ("what have i tagged diy", "anything labelled work"). */
const TAGGED = new Set(["tagged", "labelled", "labeled", "marked"]);
/** Openings of a question about what carries a label. */
const TAGGED_ASKS = [
  ["what|which", "have|did", "i|we"],
  ["what|which", "ones|tasks|things|stuff", "have|did", "i|we"],
  ["what|which|whats|what's"],
  ["anything|everything|show|list"],
  ["show|list", "me"],
];
/**
 * tagged-ask: "what have i tagged diy", "which did i label work", "anything tagged #home": the last
 * word is the label ("tagged as X" and "tagged with X" too).
 */
function taggedAsk(words: string[]): Intent | null {
  const at = words.findIndex((w) => TAGGED.has(w) || w === "label" || w === "tag");
  if (at < 1 || words.length > 8) return null;
  const opener = TAGGED_ASKS.find((o) => o.length === at && startsWith(words, ...o));
  if (!opener) return null;
  const rest = words.slice(at + 1).filter((w) => w !== "as" && w !== "with");
  const name = rest[0]?.replace(/^#/, "") ?? "";
  if (rest.length !== 1 || !/^[\p{L}\p{N}][\p{L}\p{N}_-]*$/u.test(name)) return null;
  return { type: "list", filter: { label: name } };
}

/** The other words a question about repeating tasks may have ("which of my tasks are on repeat"). */
const REPEAT_ASK_WORDS = new Set(
  "what what's whats which show list any anything my the are is do does have i got set to up on of me all tasks things stuff ones jobs chores that keep keeps again ive i've".split(
    " ",
  ),
);
/** repeat-ask: "what repeats?", "which tasks are recurring", "show my repeating ones", "anything on repeat". */
function repeatAsk(words: string[]): Intent | null {
  if (words.length > 8 || !QWORD.has(words[0] ?? "") || words[0] === "is" || words[0] === "are") return null;
  if (!words.some((w) => REPEAT_ASKED.has(w))) return null;
  if (!words.every((w) => REPEAT_ASKED.has(w) || REPEAT_ASK_WORDS.has(w))) return null;
  return { type: "list", filter: { status: "pending", repeating: true } };
}

/** A casual question read by their words, or null. */
function readAsk(words: string[], clock: Clock, how: AskHow): Intent | null {
  if (words.length === 0 || words.length > 12) return null;
  return (
    followAsk(words, clock, how) ??
    afterAsk(words) ??
    namedListAsk(words, clock) ??
    pendingAsk(words, clock) ??
    nextAsk(words) ??
    countAsk(words, clock) ??
    topicStuffAsk(words, clock) ??
    everythingAsk(words) ??
    busyAsk(words, clock) ??
    taggedAsk(words) ??
    repeatAsk(words) ??
    placeAsk(words, clock) ??
    taskAsk(words, how) ??
    topicAsk(words, clock, how) ??
    placeNameAsk(words, clock) ??
    pluralAsk(words, clock) ??
    buyAsk(words)
  );
}

/** Casual openings only a question has ("got anything urgent?", "have I got much on?", "am I free friday?"). */
const CASUAL_QUESTION =
  /^(?:got (?:any|anything|much|stuff|loads|lots)|(?:have|do) i (?:got|have) (?:any|anything|much|stuff|loads|lots|a lot)|(?:have|do) (?:i|we) (?:got|have) (?:got )?(?:any|anything|much)|am i (?:busy|free|clear|swamped|up to much)|what (?:have|do) i (?:got|have) (?:on|going on|left|to do|lined up|planned|coming up)|what's (?:happening|going on|in store|on the cards|lined up|coming up|next|still)|how(?:'s| does| do| is| are) (?:my|the|this|next|tomorrow|today)\b|(?:is there|are there|anything) (?:anything|much|stuff) (?:on|due|left|urgent|important|overdue|coming|planned|happening)|any (?:tasks|todos|jobs|things|stuff) (?:left|due|on|for|coming|overdue|urgent))\b/;

/** "tomorrow - anything?", "next week, what have I got": the day first, then the question. */
const DAY_FIRST =
  /^(?:today|tonight|tomorrow|this week|next week|this weekend|the weekend|weekend|this month|next month)(?: -)? (?:anything|any|what|how|got|have i)\b/;
const BUSY = /^(?:busy|quiet|packed|full) (?:day|week|weekend|month|tomorrow|today)\b/;

/** A casual question about the list, read before the readers of changes can take its words for a task. */
function readCasualQuestion(q: string, clock: Clock): Intent | null {
  if (!CASUAL_QUESTION.test(q) && !DAY_FIRST.test(q) && !BUSY.test(q)) return null;
  // "how's the optician thing going?" asks about one task (a lookup), not the list.
  if (
    / (?:going|coming along|getting on|progressing)$/.test(q) &&
    !/^how(?:'s| is| are) (?:my|this|next) (?:day|week|weekend|month)\b/.test(q)
  )
    return null;
  const filter = readFilter(q.replace(/^busy\b/, ""), clock);
  if (!filter.status && !filter.query) filter.status = "pending";
  if (/^how (?:many|much)\b/.test(q)) filter.count = true;
  return { type: "list", filter };
}

/** Verbs of setting a day in "when did i say/put/set X …". */
const SAID_DAY = new Set(["say", "put", "set", "make", "plan", "schedule", "pencil", "book"]);
/** Words closing "when did i say X …" ("was", "down for", "for", "to be"). */
const SAID_DAY_TAIL = new Set(["was", "is", "were", "for", "down", "in", "on", "at", "due", "be", "to", "it"]);
/** "when do i need to renew the passport", "when should i pay the gas bill", "when have i got to send it": [, the task's words]. */
function whenDo(t: string): [string, string] | null {
  const w = t.replace(/\?+$/, "").split(" ");
  // "when did i say the garlic was", "when did i put the garlic down for": the day set on the task, asked.
  if (w[0] === "when" && w[1] === "did" && /^(?:i|we)$/.test(w[2] ?? "") && SAID_DAY.has(w[3] ?? "")) {
    const words = w.slice(w[4] === "that" ? 5 : 4);
    // "when did i say id do the kennel restock": what the user said they would do names the task.
    if (/^(?:i'd|id|i'll|ill|i)$/.test(words[0] ?? "") && isBaseVerb(words[1] ?? "")) words.splice(0, 2);
    while (words.length && SAID_DAY_TAIL.has(words.at(-1)!)) words.pop();
    const subject = /^(?:i|i'd|i'll|id|we|we'd|it|you|they|he|she)$/.test(words[0] ?? "");
    return !subject && words.length >= 1 && words.length <= 6 ? [t, words.join(" ")] : null;
  }
  // "when do the cards need doing", "when does the oven want cleaning": the thing, then how it needs doing.
  if (w[0] === "when" && /^(?:do|does)$/.test(w[1] ?? "") && !/^(?:i|we|you)$/.test(w[2] ?? "")) {
    const need = w.findIndex((x, k) => k > 2 && /^(?:need|needs|want|wants)$/.test(x));
    const tail = need > 0 ? w.slice(need + 1).join(" ") : "";
    const words = w.slice(2, need);
    if (need > 0 && (/^[a-z]+ing$/.test(tail) || /^(?:done|to be done|to be sorted)$/.test(tail)) && words.length <= 6)
      return [t, words.join(" ")];
    // "when does the programme have to go to the printers": the thing, then what has to happen to it.
    const must = w.findIndex((x, k) => k > 2 && /^(?:have|has|need|needs|got)$/.test(x) && w[k + 1] === "to");
    if (must > 0 && must - 2 <= 5 && w.length - must <= 8) return [t, w.slice(2, must).join(" ")];
  }
  // "when was i meant to do the fondant order", "when am i supposed to ring the vet": the task, after what was meant.
  if (
    w[0] === "when" &&
    /^(?:am|are|was|were)$/.test(w[1] ?? "") &&
    /^(?:i|we)$/.test(w[2] ?? "") &&
    /^(?:meant|supposed)$/.test(w[3] ?? "") &&
    w[4] === "to"
  ) {
    const words = w.slice(w[5] === "do" ? 6 : 5);
    while (words.length && /^(?:again|by|for|then)$/.test(words.at(-1)!)) words.pop();
    return words.length >= 1 && words.length <= 6 ? [t, words.join(" ")] : null;
  }
  // "when am i at mrs pattersons again", "when are we seeing the vet": where or whom the user goes to names the task.
  if (w[0] === "when" && /^(?:am|are)$/.test(w[1] ?? "") && /^(?:i|we)$/.test(w[2] ?? "")) {
    const at = /^(?:at|seeing|visiting|meeting|with|doing)$/.test(w[3] ?? "") ? 4 : w[3] === "going" && w[4] === "to" ? 5 : -1;
    const words = at > 0 ? w.slice(at) : [];
    while (words.length && /^(?:again|next|then)$/.test(words.at(-1)!)) words.pop();
    return words.length >= 1 && words.length <= 6 ? [t, words.join(" ")] : null;
  }
  if (w[0] !== "when" || !/^(?:do|should|must|shall|have)$/.test(w[1] ?? "") || !/^(?:i|we)$/.test(w[2] ?? "")) return null;
  let i = 3;
  if (/^(?:need|have|got|gotta)$/.test(w[i] ?? "")) i++;
  if (w[i] === "got") i++;
  if (w[i] === "to") i++;
  // The task's own verb stays ("renew the passport" finds "Renew my passport"); a bare "do" goes.
  if (w[i] === "do") i++;
  const words = w.slice(i);
  return words.length >= 1 && words.length <= 8 ? [t, words.join(" ")] : null;
}

/** A list request, or null. */
export function readList(text: string, clock: Clock): Intent | null {
  const read = readListAsked(text, clock);
  return read?.type === "list" ? withListNamed(read.filter, questionText(text) || text, clock) : read;
}

/** Rule list-in-question: the list (or topic) a question about open tasks names, kept on its filter. */
function withListNamed(filter: ListFilter, t: string, clock: Clock): Intent {
  const f = filter;
  const bare = !f.list && !f.label && !f.query && !f.parent && !f.after && !f.scope && !f.ask && f.status !== "completed";
  const inList = bare ? listInQuestion(t, clock) : null;
  if (!inList) return { type: "list", filter };
  const out: ListFilter = { ...filter, list: inList, orTopic: true };
  // "anything i've forgotten for the trip": what is still to do there, not what is overdue.
  if (out.due === "overdue" && !/\b(?:overdue|late|past due|missed|behind|slipped|lapsed)\b/.test(t)) delete out.due;
  out.status ??= "pending";
  return { type: "list", filter: out };
}

/** "when is X again? i keep forgetting …": a question, then what the user says about themselves. */
const ASKED_THEN_TOLD = /^([^?]+)\?+\s+(?=(?:i|i'm|im|i've|ive|i'd|id|i'll|she|she'll|he|he'll|they|we|cos|because|coz|my)\s)/;

function readListAsked(text: string, clock: Clock): Intent | null {
  const t = questionText(ASKED_THEN_TOLD.exec(text.toLowerCase())?.[1] ?? text) || text;
  if (asksForReminder(t)) return null;
  const organised = readOrganised(t, clock);
  if (organised) return organised;
  if (/^(?:search|find|look for|look up|lookup|filter|grep)\b/.test(t)) {
    const filter = readFilter(t, clock);
    const q = readQuery(t);
    if (q) return { type: "list", filter: { ...filter, query: q } };
  }
  // A bare noun phrase: "overdue tasks", "today's tasks", "high priority ones", "everything due this week".
  if (FILTERED_NOUN.test(t) || EVERYTHING_FILTERED.test(t)) return { type: "list", filter: readFilter(t, clock) };
  // "what did I finish yesterday?", "what have I done so far?": the finished ones.
  if (
    /^(?:what|which|how many|how much)(?:\s+(?:tasks|things|stuff|jobs))?\s+(?:did|have|had|'ve)\s+(?:i|we)\s+(?:already\s+|actually\s+|managed to\s+)?(?:finish|finished|complete|completed|do|done|get done|got done|get through|got through|tick off|ticked off|tick|ticked|cross off|crossed off|check off|checked off|knock off|knocked off|manage|managed|sort|sorted|achieve|achieved|clear|cleared|smash|smashed|crack on with|cracked on with|blitz|blitzed|power through|powered through|nail|nailed|knock out|knocked out)\b/.test(
      t,
    )
  ) {
    const window = readWindow(t, clock, true);
    return {
      type: "list",
      filter: { status: "completed", ...(window ? { window } : {}), ...(/^how (?:many|much)\b/.test(t) ? { count: true } : {}) },
    };
  }
  // "is the report due today?", "are the taxes due this week?": look the task up.
  const due = /^(?:is|are)\s+(?:the\s+|my\s+)?(.+?)\s+(?:due|happening|scheduled)\b/.exec(t);
  if (due && due[1] && !/^(?:it|that|this|they|anything|something|everything|there)$/.test(due[1]))
    return { type: "list", filter: { query: lookupPhrase(due[1].split(" ")) ?? due[1] } };
  // Rule IS-IT-WHEN: "is the passport one late?", "is the dentist tomorrow", "is the vet soon": look the task up.
  const state =
    /^(?:is|are)\s+(?:the\s+|my\s+)?(.+?)\s+(?:still\s+)?(?:overdue|late|soon|today|tonight|tomorrow|tmrw|this week|next week|coming up|urgent|important|high priority)\s*\??$/.exec(
      t,
    );
  const stateOf = state?.[1]?.replace(/\s+(?:one|task|thing|job)$/, "");
  if (stateOf && !/^(?:it|that|this|they|them|there|anything|something|everything|you|i|we)$/.test(stateOf))
    return { type: "list", filter: { query: lookupPhrase(stateOf.split(" ")) ?? stateOf } };
  // "whats the deadline on the tax return", "when's the due date for the vat": look the task up.
  const deadline =
    /^(?:what|when)(?:'s| is|s)\s+the\s+(?:deadline|due date|cut ?off|last day)\s+(?:on|for|of)\s+(?:the\s+|my\s+)?(.+)$/.exec(t);
  if (deadline?.[1] && !/^(?:it|that|this|they|them)$/.test(deadline[1]))
    return { type: "list", filter: { query: lookupPhrase(deadline[1].split(" ")) ?? deadline[1] } };
  // "when is the dentist?", "when's my essay due?": look the task up.
  // "when's the haircut meant to be", "how long till the invitations are due": the same.
  // "when was i meant to do the fondant order": what the user was meant to do, not a thing called "i meant …".
  const meant = /^when (?:am|are|was|were) (?:i|we) (?:meant|supposed) to /.test(t) ? whenDo(t) : null;
  const when =
    meant ??
    /^when(?:'s| is| are| was|s)\s+(?:the\s+|my\s+)?(.+?)(?:\s+(?:task|todo|reminder))?(?:\s+(?:due|happening|scheduled|on|(?:meant|supposed)\s+to\s+be(?:\s+(?:done|happening|on|due))?))?$/.exec(
      t,
    ) ??
    /^how\s+(?:long|many\s+days|much\s+time)\s+(?:is\s+it\s+|have\s+i\s+got\s+|do\s+i\s+have\s+)?(?:till|until|til|before)\s+(?:the\s+|my\s+)?(.+?)(?:\s+(?:is|are))?(?:\s+due)?$/.exec(
      t,
    ) ??
    whenDo(t);
  if (when && when[1] && !/^(?:it|that|this|they|them|everything|all|anything)$/.test(when[1]))
    return { type: "list", filter: { query: lookupPhrase(when[1].split(" ")) ?? when[1] } };
  // "what day is the dentist", "what time's the vet at": look the task up (not "what day is it").
  const whatDay = /^what\s+(?:day|date|time)(?:'s|\s+is|s)\s+(?:the\s+|my\s+)?(.+?)(?:\s+(?:on|at|due|for))?$/.exec(t);
  if (whatDay?.[1] && !/^(?:it|that|this|they|them|everything|all|anything|today|tomorrow|now|it today|it now)$/.test(whatDay[1]))
    return { type: "list", filter: { query: lookupPhrase(whatDay[1].split(" ")) ?? whatDay[1] } };
  // "where's the fence task?", "where is my dentist reminder": a search.
  const where = /^where(?:'s| is| are|s)\s+(?:the\s+|my\s+)?(.+?)\s*(?:tasks?|todos?|to-?dos?|items?|reminders?|ones?)?$/.exec(t);
  if (where && where[1] && !/^(?:it|that|this|they|them|everything|all)$/.test(where[1]))
    return { type: "list", filter: { query: lookupPhrase(where[1].split(" ")) ?? where[1] } };
  // "sort my tasks by priority": the list comes back sorted by status and due date.
  if (
    /^(?:sort|order|arrange|organi[sz]e)\s+(?:(?:my|the|all)\s+)?(?:(?:tasks|todos|to-?dos|list|them|everything)\s+)?by\s+(?:priority|due date|date|deadline|importance|status)$/.test(
      t,
    )
  ) {
    return { type: "list", filter: { status: "all" } };
  }
  const shows = SHOW.test(t);
  const asks = QUESTION.test(t);
  if (!shows && !asks) return null;
  const rest = t.replace(SHOW, "");
  // "what about the second one?" points at a listed task; it is not a new list.
  if (ordinalRef(rest)) return null;
  const aboutTasks =
    TASK_WORDS.test(t) ||
    (shows && /^(?:what|whatever)\s+(?:i've got|i have|i've|i got|there is|is there|there's|'s there)\b/.test(rest)) ||
    DUE_WORDS.test(t) ||
    /^(?:everything|all|it all|them all)$/.test(rest) ||
    (asks && readQuery(t) !== null);
  if (!aboutTasks) return null;
  if (asks && !shows && !/\b(?:i|my|me|we|our|there|tasks?|todos?|list|agenda|plate|schedule)\b/.test(t) && !DUE_WORDS.test(t)) return null;
  const filter = readFilter(rest, clock);
  // "got anything urgent?", "what's important?": the ones still to do.
  if (asks && !shows && filter.priority && !filter.status) filter.status = "pending";
  return { type: "list", filter };
}

const BULK_COMPLETE =
  /^(?:mark|set|tick|check|cross|complete|finish|close|tick off|check off|cross off)\s+(?:off\s+)?(?:(them all|all of them|both|both of them|all of those|those|these|them)|all|every|everything|each|the whole lot|the lot)\b(.*?)(?:\s+(?:as\s+)?(?:done|complete|completed|finished|off))?$/;
const BULK_COMPLETE_STATEMENT =
  /^(?:(?:i(?:'ve| have)?\s+)?(?:finished|completed|done|did)\s+(?:all|everything|every)\b(.*)|(?:everything|all (?:of )?(?:my |the )?(?:tasks|todos|of them|them))(?:'s|\s+(?:is|are))\s+(?:all\s+)?(?:done|finished|complete|completed)(.*))$/;
const BULK_DELETE =
  /^(?:delete|remove|clear|clean up|clean out|get rid of|purge|erase|wipe|trash|archive|drop|nuke|bin|empty|clear out)\s+(?:out\s+)?(.*)$/;
const BULK_REOPEN = /^(?:reopen|unmark|uncheck|untick|restore)\s+(?:all|every|everything)\b(.*)$/;

const BULK_KIND =
  /^(?:the |my |any |all (?:the |my )?)?(?:completed|done|finished|closed|old|checked|ticked(?: off)?|checked off|overdue|late|low[- ]priority|high[- ]priority|medium[- ]priority|low|high)(?: (?:tasks|todos|to-?dos|items|ones|stuff|things|ones on my list))?$/;

const DONE_ONES =
  /^(?:the|my)\s+(?:ones|tasks|todos|things|stuff|items|bits)\s+(?:(?:that|which)\s+)?(?:i|we)(?:'ve|ve|\s+have)?\s+(?:already\s+)?(?:ticked off|ticked|checked off|crossed off|done|finished|completed)$/;

/** Words that open a question or a how-to after "show me" ("show me how to …"): never a task's name. */
const NOT_A_NAME_START = new Set("how what when where why who which whether if to".split(" "));

/** "whats the garlic one", "where did i put the shoes one": the name between "the/my" and "one/thing/task/job". */
const THE_X_ONE =
  /^(?:what's|whats|what is|wots|wat's|whats up with|where did i (?:put|leave|file|stick)|where have i (?:put|left))\s+(?:the|my)\s+(\S+(?:\s+\S+){0,3})\s+(?:one|thing|task|job)\W*$/;

/**
 * Rule SHOW-NAMED: "show me the passport", "what about the nappies and the plants", "pull up the
 * vet thing", "whats the garlic one": a word that asks to see, then things named (no filter word, no word for tasks) → the
 * tasks so named, each looked up (a single name also as a list's name). Only reads, never writes;
 * a name the user does not have gets "no tasks matching".
 */
export function readShowNamed(text: string, clock: Clock): Intent[] | null {
  const t = trimPunctuation(text.toLowerCase());
  // "whats the garlic one", "what's the vet thing": a task named by "the X one" asked about is shown.
  const asked = THE_X_ONE.exec(t);
  if (asked?.[1]) return readShowNamed(`show ${asked[1]}`, clock);
  if (!SHOW.test(t) || TASK_WORDS.test(t) || DUE_WORDS.test(t)) return null;
  // "see the dentist", "view the flat", "list the bike on ebay": chores; these verbs ask to see only with "me/us".
  if (/^(?:see|view|list|display|check|read|open)\s+(?!me\b|us\b)/.test(t)) return null;
  const rest = t.replace(SHOW, "").trim();
  if (!rest || ordinalRef(rest) || isListedRef(rest) || Object.keys(readFilter(rest, clock)).length > 0) return null;
  const parts = rest.split(/\s*,\s*(?:and\s+)?|\s+(?:and|&)\s+/);
  if (parts.length > 3) return null;
  const names: string[] = [];
  for (const part of parts) {
    const words = part.split(/\s+/).filter(Boolean);
    const name = words.length <= 6 && !NOT_A_NAME_START.has(words[0] ?? "") ? lookupPhrase(words) : null;
    if (!name || name.split(" ").length > 4) return null;
    names.push(name);
  }
  if (names.length === 1) return [{ type: "list", filter: { list: names[0], orTopic: true } }];
  return names.map((query) => ({ type: "list", filter: { query } }));
}

/** Openings of a question about the tasks that mention something ("anything with …", "which ones mention …"). */
const MENTION_LEADS: readonly string[] = [
  "anything",
  "got anything",
  "is there anything",
  "have i got anything",
  "do i have anything",
  "any tasks",
  "any",
  "are there any",
  "are there any tasks",
  "stuff",
  "things",
  "everything",
  "tasks",
  "the ones",
  "which ones",
  "which tasks",
  "which",
  "what",
  "what tasks",
  "show me anything",
  "show me everything",
  "show me the ones",
  "show me tasks",
  "show me stuff",
  "show anything",
  "show everything",
  "list everything",
  "list anything",
];
/** The words that say "mentions" between the opening and the thing ("with", "to do with", "that mention"). */
const MENTION_LINKS: readonly string[] = [
  "with",
  "to do with",
  "mentioning",
  "mention",
  "mentions",
  "that mention",
  "that mentions",
  "which mention",
  "containing",
  "that contain",
  "that contains",
  "that say",
  "that says",
  "that have",
  "that has",
  "involving",
  "related to",
  "about",
];
/** What may follow the thing ("… in it", "… in the name"). */
const MENTION_TAILS: readonly string[] = [
  "in it",
  "in them",
  "in the name",
  "in the title",
  "in its name",
  "in their names",
  "in the names",
  "anywhere",
];

/**
 * Rule MENTIONS-ASK: "anything with book in it", "which ones mention lily", "anything to do with the
 * plumber", "stuff with 'passport' in the name": the tasks whose words hold the thing named. Read only;
 * the longest opening and link are tried first, and the thing is at most four words.
 */
export function readMentionsAsk(text: string): Intent | null {
  const said = text
    .toLowerCase()
    .replace(/[?!.]+$/, "")
    .trim();
  const q = quoted(said);
  const w = said.split(/\s+/).filter(Boolean);
  const leads = [...MENTION_LEADS].sort((a, b) => b.length - a.length);
  const lead = leads.find((l) => startsWith(w, ...l.split(" ")));
  if (!lead) return null;
  let at = lead.split(" ").length;
  const link = [...MENTION_LINKS].sort((a, b) => b.length - a.length).find((l) => startsWith(w.slice(at), ...l.split(" ")));
  // "anything about lily" is read by the casual questions; here only the links that say "holds the words".
  if (!link || (link === "about" && lead !== "which ones" && lead !== "which tasks")) return null;
  at += link.split(" ").length;
  let thing = w.slice(at);
  const tail = MENTION_TAILS.find((t) => thing.length > t.split(" ").length && thing.slice(-t.split(" ").length).join(" ") === t);
  if (tail) thing = thing.slice(0, thing.length - tail.split(" ").length);
  // "anything with a date", "anything with high priority": a filter, not a thing named.
  if (/^(?:a |no |high|low|medium|urgent|priority|due|dates?|deadlines?|reminders?|labels?|tags?|subtasks?)/.test(thing.join(" ")) && !q)
    return null;
  const name = q ?? lookupPhrase(thing);
  if (!name || name.split(" ").length > 4) return null;
  return { type: "list", filter: { query: name, status: "all" } };
}

/** A request about many tasks at once, or null. */
export function readBulk(text: string, clock: Clock): Intent | null {
  // "tick off all but the last one": tasks of the list shown, by position (rule LISTED-EXCEPT in refs.ts).
  if (exceptsByPosition(text)) return null;
  // Rule BULK-EXCEPT: "everything is done except the gutters", "delete everything except the milk":
  // the group read without the exception, then the task named left out; the exception is never dropped.
  const cut = /\s+(?:except(?:\s+for)?|apart\s+from|but\s+not|other\s+than|not\s+including|excluding|besides)\s+(\S.*)$/.exec(text);
  if (cut) {
    const read = cut[1] && cut.index > 0 ? readBulk(text.slice(0, cut.index), clock) : null;
    const except = (cut[1] ?? "").replace(/^(?:the|my|our)\s+/, "").replace(/\s+(?:one|ones|task|thing|stuff)$/, "");
    return read?.type === "bulk" && !read.listed && except && !read.filter.except ? { ...read, filter: { ...read.filter, except } } : null;
  }
  const reopen = BULK_REOPEN.exec(text);
  if (reopen) return bulk("reopen", reopen[1] ?? "", clock, "completed");
  // "set all the uni stuff to low, exams are done": "set"/"mark" says no state without one at its end, nor with a
  // second piece after a comma — never a completion of the group (rule SET-IS-NO-TICK).
  const unstated =
    /^(?:mark|set)\s/.test(text) && (text.includes(",") || !/\s(?:as\s+)?(?:done|complete|completed|finished|off)$/.test(text));
  const listed = unstated ? null : BULK_COMPLETE.exec(text);
  if (listed && listed[1]) return { type: "bulk", action: "complete", filter: {}, listed: true };
  const complete = listed
    ? { words: listed[2] ?? "" }
    : ((m) => (m ? { words: m[1] ?? m[2] ?? "" } : null))(BULK_COMPLETE_STATEMENT.exec(text));
  if (complete) {
    if (/\b(?:pending|not done|as pending|incomplete)\s*$/.test(text)) return bulk("reopen", complete.words, clock, "completed");
    return bulk("complete", complete.words, clock, "pending");
  }
  const del = BULK_DELETE.exec(text);
  if (del) {
    const what = del[1] ?? "";
    if (isListedRef(what.replace(/\s+(?:from|off) (?:my|the) list$/, "")))
      return { type: "bulk", action: "delete", filter: {}, listed: true };
    // "all …", "my whole list", or a status/priority/due word before a plural noun ("the done ones",
    // "old tasks") — but not one task that merely contains such a word ("the old shopping list task").
    const everything =
      /^(?:all|every|everything|each|the lot)\b/.test(what) || /^(?:my|the) (?:whole |entire )?(?:(?:to-?do|task) )?list$/.test(what);
    // "the ones ive ticked off", "the stuff i've already done": the finished tasks, said with a clause.
    const byKind = BULK_KIND.test(what) || DONE_ONES.test(what);
    if ((everything && /\b(?:tasks|todos|to-?dos|items|ones|list|everything|all|every|them|lot|stuff)\b/.test(what)) || byKind) {
      // "old" tasks are the finished ones; nothing else on the list says how old a task is.
      return bulk("delete", what.replace(/\bold\b/, "completed"), clock, "all");
    }
  }
  return null;
}

function bulk(action: "complete" | "delete" | "reopen", words: string, clock: Clock, defaultStatus: ListFilter["status"]): Intent {
  const w = trimPunctuation(words);
  if (isListedRef(w) || /^(?:of them|them|those|these)$/.test(w)) return { type: "bulk", action, filter: {}, listed: true };
  const filter = readFilter(w, clock);
  delete filter.query;
  delete filter.count;
  // "everything in groceries", "all #errands": one of the user's lists or labels.
  const inList =
    /\bin\s+(?:my\s+|the\s+)?([\p{L}\p{N}][\p{L}\p{N}_-]*)(?:\s+list)?$/u.exec(w) ??
    /\b(?:on|from)\s+(?:my|the)\s+([\p{L}\p{N}][\p{L}\p{N}_-]*)\s+list$/u.exec(w);
  if (inList?.[1] && !/^(?:it|that|this|there|total|general|inbox|list|progress|time)$/.test(inList[1])) filter.list = inList[1];
  const label = /#([\p{L}\p{N}][\p{L}\p{N}_-]*)/u.exec(w);
  if (label?.[1]) filter.label = label[1];
  if (!filter.status || (action === "complete" && filter.status === "all")) filter.status = defaultStatus;
  if (action === "complete") filter.status = "pending";
  if (action === "reopen") filter.status = "completed";
  return { type: "bulk", action, filter, listed: false };
}
