/**
 * Organising requests: new lists ("create a list called Garden", "new list: groceries") and
 * subtasks ("add pack with subtasks passport and charger", "add a step to move house: book the
 * van", "break plan the party into steps: cake, music"). Any other request about lists, labels
 * or steps that these cannot read is answered, never turned into a task.
 */
import { trimPunctuation } from "@/lib/task-line/text";
import { findDue } from "@/lib/task-line/dates";
import type { Clock } from "@/lib/task-line/clock";
import { readAdd } from "./add";
import { listForIt, listOutOfIt } from "./list-tail";
import { cleanPhrase } from "./refs";
import type { Intent } from "./types";

const NAME = "[\\p{L}\\p{N}][\\p{L}\\p{N} &'_-]{0,60}";
const CREATE_LIST = [
  new RegExp(
    `^(?:please\\s+)?(?:create|make|add|start|set up|open)\\s+(?:me\\s+)?(?:a\\s+|an\\s+|one\\s+)?(?:new\\s+)?list\\s+(?:called|named|for|titled)\\s+["']?(${NAME})["']?$`,
    "iu",
  ),
  new RegExp(`^(?:a\\s+)?new\\s+list\\s*(?:[:-]|called|named|for)\\s*["']?(${NAME})["']?$`, "iu"),
  /^(?:create|make|start|set up)\s+(?:a\s+|an\s+)new\s+([\p{L}\p{N}][\p{L}\p{N}_-]{0,40})\s+list$/iu,
];
const NOT_A_NAME = /^(?:a|an|the|my|new|to-?do|todo|task|tasks|shopping list)$/i;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "passport, charger and adapter" → three titles. */
function steps(text: string): string[] {
  return trimPunctuation(text)
    .split(/\s*,\s*(?:and\s+)?|\s+and\s+/i)
    .map((s) => trimPunctuation(s))
    .filter(Boolean)
    .map(cap);
}

/** Words about lists, labels or steps: a request the task readers must not take as a new task. */
const ORGANISE_WORDS =
  /\b(?:(?:my|the|all|which|what|new)\s+lists|(?:new|another)\s+list|(?:create|make|start)\s+a\s+list|subtasks?|sub-tasks?|add\s+(?:a\s+|another\s+)?steps?\s+(?:to|for|under)|into\s+steps)\b|^(?:tag|label)\s+.+\s+(?:with|as)\s+\S+$/i;

const ON_THE_LISTS =
  /^(?:what|whats|what's|anything|is there|have i got|do i have|show me)\s(?:.*\s)?(?:on|in|across)\s+(?:all\s+)?(?:of\s+)?(?:my|the)\s+lists$/i;

/** "start a wedding list", "make a garden list": a new list named by one word before "list". */
const NAMED_LIST =
  /^(?:please\s+)?(?:create|make|start|set up|open)\s+(?:me\s+)?(?:a|an)\s+(?:new\s+)?([\p{L}\p{N}][\p{L}\p{N}_-]{0,40})\s+list$/iu;
/** "… and put the hedge in it": a placing verb, the task, then the new list. */
const PLACE_IN_IT =
  /^(.+?)\s*(?:,\s*|\s+)(?:and|then|&)\s+(?:then\s+)?(?:put|move|stick|pop|chuck|shove|bung|file)\s+(.+?)\s+(?:in|into|on|onto|under)\s+(?:it|there|that|that list|the list|the new list|the new one)$/i;

/**
 * create-then-place (named rule): "make a new list called garden and put the hedge in it", "start
 * a wedding list and put the venue on it" — the list is created, then (planner.ts, next step) the
 * task the phrase names is moved into it; a phrase naming no task changes nothing more.
 */
function createThenPlace(t: string): Intent | null {
  const m = PLACE_IN_IT.exec(t);
  if (!m?.[1] || !m[2]) return null;
  const head = m[1].trim();
  for (const re of [...CREATE_LIST, NAMED_LIST]) {
    const name = re.exec(head)?.[1]?.trim();
    if (name && !NOT_A_NAME.test(name)) return { type: "createList", name: cap(name), place: cleanPhrase(m[2].toLowerCase()) };
  }
  return null;
}

/** "which lists do I have?", "show my lists", "what are my lists", "my lists", "lists?". */
const ASKS_LISTS =
  /^(?:which|what)\s+lists\b|^(?:(?:show|list|see|view)\s+(?:me\s+)?|what\s+are\s+|what'?s\s+)?(?:all\s+)?(?:of\s+)?(?:my|the)\s+lists(?:\s+please)?$|^lists$/i;
export function readLists(original: string): Intent | null {
  return ASKS_LISTS.test(trimPunctuation(original)) ? { type: "lists" } : null;
}

/**
 * Rule whole-list-words: "move everything from errands into shopping", "put all the side project
 * stuff in work", "empty the errands list into the inbox" move a whole list's tasks; never a new
 * task titled so. Read as unclear here, so the planner reads it against the user's tasks and lists
 * (grounding.ts, rule whole-list-move) and, when that fails, asks.
 */
function movesWholeList(t: string, clock?: Clock): boolean {
  const ws = t.toLowerCase().split(/\s+/).slice(0, 30);
  let k = 0;
  while (k < ws.length && /^(?:can|could|you|u|please|pls|just)$/.test(ws[k]!)) k++;
  const verb = ws[k] ?? "";
  if (!/^(?:move|put|shift|shove|chuck|stick|pop|bung|transfer|dump|empty|merge|combine)$/.test(verb)) return false;
  const rest = ws.slice(k + 1);
  const into = rest.findLastIndex((w) => /^(?:in|into|to|onto)$/.test(w));
  if (into < 0) return false;
  // "move all overdue tasks to monday", "shift everything due today to friday": a day is a bulk move of dates.
  if (rest.some((w) => /^(?:due|overdue|today|todays|today's|tomorrow|tomorrows|tomorrow's)$/.test(w))) return false;
  if (clock && findDue(rest.slice(into).join(" "), clock)) return false;
  const group = rest.some((w) => /^(?:list|stuff|from|inbox)$/.test(w));
  return (
    rest.some((w) => /^(?:everything|whole|entire)$/.test(w)) ||
    (rest.includes("all") && group) ||
    (/^(?:empty|merge|combine)$/.test(verb) && rest.includes("list"))
  );
}

export function readOrganise(original: string, clock?: Clock): Intent | null {
  const t = trimPunctuation(original);
  if (movesWholeList(t, clock)) return { type: "say", kind: "unclear" };
  const placed = clock ? readPlacement(t, clock) : null;
  if (placed) return placed;
  const placed2 = createThenPlace(t);
  if (placed2) return placed2;
  for (const re of CREATE_LIST) {
    const m = re.exec(t);
    const name = m?.[1]?.trim();
    if (name && !NOT_A_NAME.test(name)) return { type: "createList", name: cap(name) };
  }
  const withSubtasks = /^(?:add|create|new task:?)\s+(.+?)\s+with\s+(?:the\s+)?(?:sub-?tasks|steps|items)\s*:?\s+(.+)$/i.exec(t);
  if (withSubtasks?.[1] && withSubtasks[2]) {
    const subtasks = steps(withSubtasks[2]);
    if (subtasks.length) return { type: "add", items: [{ title: cap(trimPunctuation(withSubtasks[1])), subtasks }] };
  }
  const step = /^add\s+(?:a\s+|another\s+)?(?:step|sub-?task)\s+(?:to|for|under)\s+(.+?)\s*:\s*(.+)$/i.exec(t);
  const broken = /^(?:break|split)\s+(.+?)\s+(?:up\s+)?into\s+(?:steps|sub-?tasks|parts)\s*:\s*(.+)$/i.exec(t);
  const under = step ?? broken;
  if (under?.[1] && under[2]) {
    const parent = trimPunctuation(under[1]);
    const titles = step ? [cap(trimPunctuation(under[2]))] : steps(under[2]);
    if (titles.length) return { type: "add", items: titles.map((title) => ({ title, parent })) };
  }
  const tag = /^(?:tag|label)\s+(.+?)\s+(?:with|as)\s+#?([\p{L}\p{N}][\p{L}\p{N}_-]*)$/iu.exec(t);
  if (tag?.[1] && tag[2])
    return {
      type: "update",
      ref: { kind: "phrase", text: cleanPhrase(tag[1].toLowerCase()) },
      changes: { labels: [tag[2].toLowerCase()] },
    };
  const out = /^(?:take|move|get)\s+(.+?)\s+(?:out of|off)\s+(?:the|my)\s+[\p{L}\p{N}][\p{L}\p{N}_-]*\s+list$/iu.exec(t);
  if (out?.[1]) return { type: "update", ref: { kind: "phrase", text: cleanPhrase(out[1].toLowerCase()) }, changes: { list: "inbox" } };
  // "what's on my lists", "anything urgent across all my lists": a question about the tasks on them.
  if (ORGANISE_WORDS.test(t) && !ON_THE_LISTS.test(t)) return { type: "say", kind: "organise" };
  return null;
}

/**
 * Placement rules, read from words (no sentence shapes): where a task goes or what it carries,
 * said with a marker word between two task phrases. Each rule names its examples
 * (tests/unit/builtin/understanding.test.ts reads them through the registry's examples).
 * - subtask-of: "add book the hotel as a subtask of plan the holiday", "add X as a step of Y",
 *   "under move house, add cancel the broadband", "put X under Y", "make X part of Y",
 *   "make X a subtask of Y" — a new task (add/create) or an existing one (put/make/move) under Y.
 * - subtasks-question: "what are the subtasks of Y", "what's under Y", "show the steps of Y".
 * - note-into: "put 'bring the receipts' in the description of Y", "add X to the notes on Y".
 * - label-onto: "add the label urgent to Y", "put the work tag on Y", "remove the work tag from Y".
 */
type Word = { w: string; raw: string };

function wordsOf(text: string): Word[] {
  return (text.match(/\S+/g) ?? []).slice(0, 40).map((raw) => ({ raw, w: raw.toLowerCase().replace(/^["'(‘“]+|[),.:;!?"'’”]+$/g, "") }));
}

const phraseOf = (ws: Word[]) =>
  trimPunctuation(
    ws
      .map((x) => x.raw)
      .join(" ")
      .replace(/^["'‘“]+|["'’”]+$/g, ""),
  );

const STEP_NOUN = /^(?:subtask|sub-task|step|substep|sub-step|subtasks|sub-tasks|steps|substeps|child)$/;
const UNDER = /^(?:of|under|for|to|in|within|inside|on)$/;
const ARTICLE = /^(?:a|an|one|another|the|my)$/;
const NEW_VERB = /^(?:add|create|new)$/;
const MOVE_VERB = /^(?:put|move|make|set|turn|file|stick|nest)$/;
const NOTE_NOUN = /^(?:description|notes|note|details)$/;
const LABEL_NOUN = /^(?:label|tag)$/;

/** "as a subtask of", "a step of", "part of", "under": where the parent phrase starts; [marker start, parent start]. */
function parentMarker(ws: Word[], from: number, verb: string): [number, number] | null {
  for (let i = from; i < ws.length - 1; i++) {
    let j = i;
    if (ws[j]!.w === "as") j++;
    while (j < ws.length && ARTICLE.test(ws[j]!.w)) j++;
    if (STEP_NOUN.test(ws[j]?.w ?? "") && UNDER.test(ws[j + 1]?.w ?? "") && (j > i || verb === "make")) return [i, j + 2];
    if (ws[j]?.w === "part" && ws[j + 1]?.w === "of" && (ws[i]!.w === "as" || verb === "make")) return [i, j + 2];
    if (/^(?:under|beneath|below)$/.test(ws[i]!.w) && verb !== "make") return [i, i + 1];
  }
  return null;
}

function readPlacement(text: string, clock: Clock): Intent | null {
  const ws = wordsOf(text);
  if (ws.length < 3) return null;
  const verb = ws[0]!.w;
  // "under move house, add cancel the broadband", "under the party pls add order the cake".
  if (verb === "under") {
    const comma = ws.findIndex((x) => x.raw.endsWith(","));
    if (comma > 0 && NEW_VERB.test(ws[comma + 1]?.w ?? ""))
      return newUnder(phraseOf(ws.slice(comma + 2)), phraseOf(ws.slice(1, comma + 1)), clock);
    const add = ws.findIndex((x, i) => i > 1 && x.w === "add");
    let end = add;
    while (end > 1 && COURTESY.has(ws[end - 1]!.w)) end--;
    if (add > 1 && end > 1 && add < ws.length - 1) return newUnder(phraseOf(ws.slice(add + 1)), phraseOf(ws.slice(1, end)), clock);
    return null;
  }
  const split = stepsOfTask(ws);
  if (split) return split;
  const partOf = partOfStatement(ws);
  if (partOf) return partOf;
  if (NEW_VERB.test(verb) || MOVE_VERB.test(verb)) {
    const m = parentMarker(ws, 2, verb);
    if (m) {
      const child = phraseOf(ws.slice(1, m[0]));
      const parent = phraseOf(ws.slice(m[1]));
      // "file the tax return under the admin list": a list, not a parent task.
      if (!child || !parent || /^(?:list|lists)$/.test(ws.at(-1)!.w)) return null;
      // "stick 'book the venue' as a subtask of plan the party": a title in quotes is a new task.
      const quotedChild = /^(?:put|stick|pop)$/.test(verb) && /^["'‘“]/.test(ws[1]!.raw) && /["'’”][,.!?]*$/.test(ws[m[0] - 1]!.raw);
      if (NEW_VERB.test(verb) || quotedChild) return newUnder(child, parent, clock);
      return {
        type: "update",
        ref: { kind: "phrase", text: cleanPhrase(child.toLowerCase()) },
        changes: { parent: cleanPhrase(parent.toLowerCase()) },
      };
    }
  }
  return noteInto(ws) ?? labelOnto(ws) ?? reminderOff(ws) ?? listOntoIt(text);
}

const COPULA_WORD = /^(?:is|are|was)$/;
const MODAL_BE = /^(?:should|can|could|needs|must|will)$/;
const TAIL_FILLER = /^(?:now|pls|please|plz|tbh|lol|actually|really|too|ta|thx|thanks)$/;

/**
 * part-of-statement (named rule): "the cake is part of the party prep", "photographer is a sub
 * thing of the wedding", "tool box should be a subtask of the garage", "the van is one of the
 * steps for the move" — a task said to belong under another: `update_task {parent}` by phrase
 * (the tools resolve both; a phrase naming no task changes nothing). Said of the present only
 * ("was part of" is a remark), and never "goes/lives under X", which names a list (grounding's
 * list-belongs).
 */
function partOfStatement(ws: Word[]): Intent | null {
  const at = ws.findIndex((x, i) => i > 0 && (COPULA_WORD.test(x.w) || (x.w === "be" && MODAL_BE.test(ws[i - 1]?.w ?? ""))));
  if (at < 1 || ws[at]!.w === "was") return null;
  const childEnd = ws[at]!.w === "be" ? (ws[at - 2]?.w === "to" ? at - 3 : at - 1) : at;
  if (ws[childEnd - 1]?.w === "to" && ws[childEnd]?.w === "be") return null;
  let j = at + 1;
  while (/^(?:really|actually|just|kind|kinda|sort|sorta|basically|more)$/.test(ws[j]?.w ?? "")) j++;
  if (ws[j]?.w === "of" && /^(?:kind|sort)$/.test(ws[j - 1]?.w ?? "")) j++;
  while (ARTICLE.test(ws[j]?.w ?? "")) j++;
  let start = -1;
  if (ws[j]?.w === "part" && ws[j + 1]?.w === "of") start = j + 2;
  else if (STEP_NOUN.test(ws[j]?.w ?? "") && UNDER.test(ws[j + 1]?.w ?? "")) start = j + 2;
  else if (ws[j]?.w === "sub" && /^(?:thing|task|job|bit|step|item)$/.test(ws[j + 1]?.w ?? "") && UNDER.test(ws[j + 2]?.w ?? ""))
    start = j + 3;
  else if (ws[j]?.w === "of" && ws[j + 1]?.w === "the" && STEP_NOUN.test(ws[j + 2]?.w ?? "") && UNDER.test(ws[j + 3]?.w ?? ""))
    start = j + 4;
  if (start < 0) return null;
  let end = ws.length;
  while (end > start && TAIL_FILLER.test(ws[end - 1]!.w)) end--;
  const child = phraseOf(ws.slice(0, childEnd));
  const parent = phraseOf(ws.slice(start, end));
  if (!child || !parent || /^(?:it|that|this|they|them|i|we|you)$/i.test(child) || /^(?:list|lists)$/.test(ws[end - 1]!.w)) return null;
  return {
    type: "update",
    ref: { kind: "phrase", text: cleanPhrase(child.toLowerCase()) },
    changes: { parent: cleanPhrase(parent.toLowerCase()) },
  };
}

/** list-onto-it: "oh and put it on home", "that one goes on work", "put them on shopping" (list-tail.ts). */
function listOntoIt(text: string): Intent | null {
  const out = listOutOfIt(text);
  if (out) return { type: "update", ref: { kind: "pronoun" }, changes: { list: "inbox", outOfList: out } };
  const placed = listForIt(text);
  if (!placed) return null;
  return { type: "update", ref: placed.plural ? { kind: "listed" } : { kind: "pronoun" }, changes: { list: placed.list } };
}

/** Words that open a reminder-off without changing it ("actually no reminder for that", "oh and …"). */
const OFF_LEAD = new Set("actually oh and nah hmm wait um erm ok okay oops so".split(" "));
const OFF_TAIL = new Set("please pls plz thanks ta thx anymore now either needed necessary tbh".split(" "));
const OFF_VERB = /^(?:cancel|remove|delete|drop|stop|clear|scrap|ditch|kill|lose)$/;
const OFF_NOUN = /^(?:reminder|reminders|alert|alarm)$/;

/**
 * reminder-off: "cancel that reminder", "turn off this reminder", "actually no reminder for that",
 * "dont need a reminder on it", "no need for a reminder", "take the reminder off it": the reminder
 * of the task just talked about. Read word by word: a head that takes it off, the reminder noun,
 * then at most "for/on/off that (one)".
 */
function reminderOff(ws: Word[]): Intent | null {
  const w = ws.map((x) => x.w).filter((x) => x !== "please" && x !== "pls");
  let i = 0;
  while (i < w.length - 2 && OFF_LEAD.has(w[i]!)) i++;
  let end = w.length;
  while (end > i && OFF_TAIL.has(w[end - 1]!)) end--;
  const at = (k: number, re: RegExp) => re.test(w[k] ?? "");
  let takeOff = false;
  if (at(i, /^turn$/) && at(i + 1, /^off$/)) i += 2;
  else if (at(i, /^no$/) && at(i + 1, /^need$/) && at(i + 2, /^(?:for|of)$/)) i += 3;
  else if (at(i, /^no$/)) i += 1;
  else if (at(i, /^(?:dont|don't|do)$/)) {
    i += at(i, /^do$/) ? (at(i + 1, /^not$/) ? 2 : 99) : 1;
    if (!at(i, /^(?:need|want)$/)) return null;
    i++;
  } else if (at(i, /^(?:take|get)$/)) {
    takeOff = true;
    i++;
    if (at(i, /^(?:off|rid)$/)) {
      takeOff = false;
      i += at(i + 1, /^of$/) ? 2 : 1;
    }
  } else if (at(i, OFF_VERB)) i++;
  else return null;
  if (at(i, /^(?:a|the|that|this|its|any)$/)) i++;
  if (!at(i, OFF_NOUN)) return null;
  i++;
  if (takeOff) {
    if (!at(i, /^off$/)) return null;
    i++;
  }
  if (at(i, /^(?:for|on|from|off)$/) && at(i + 1, /^(?:that|it|this)$/)) i += at(i + 2, /^one$/) ? 3 : 2;
  else if (at(i, /^(?:that|it|this)$/) && at(i - 1, /^off$/)) i++;
  if (i !== end) return null;
  return { type: "update", ref: { kind: "pronoun" }, changes: { clearReminder: true } };
}

/** "what are the subtasks of the kitchen renovation", "show me the steps for X", "what's under X": a question, never a change. */
export function readSubtaskQuestion(original: string): Intent | null {
  const ws = wordsOf(trimPunctuation(original));
  const asked = hasStepsQuestion(ws);
  if (asked) return asked;
  if (ws.length < 3 || !/^(?:what|what's|whats|which|show|list|any|see)$/.test(ws[0]!.w)) return null;
  const at = ws.findIndex((x, i) => i > 0 && STEP_NOUN.test(x.w) && UNDER.test(ws[i + 1]?.w ?? ""));
  const under = /^(?:under|beneath|below)$/.test(ws[1]!.w) ? 1 : -1;
  const start = at > 0 ? at + 2 : under > 0 ? under + 1 : -1;
  const parent = start > 0 ? cleanPhrase(phraseOf(ws.slice(start)).toLowerCase()) : "";
  return parent ? { type: "list", filter: { parent } } : null;
}

/**
 * has-steps-question: "does the party thing have any subtasks", "has the move got any steps?",
 * "does decorating have sub tasks": the steps of the task named, shown; never a change.
 */
function hasStepsQuestion(ws: Word[]): Intent | null {
  if (ws.length < 4 || !/^(?:does|has|do)$/.test(ws[0]!.w)) return null;
  let end = ws.length;
  if (/^(?:yet|atm|already|now|then)$/.test(ws[end - 1]!.w)) end--;
  if (!/^(?:subtasks|sub-tasks|steps|substeps|bits|parts)$/.test(ws[end - 1]?.w ?? "")) return null;
  let k = end - 2;
  if (ws[k]?.w === "sub") k--;
  if (/^(?:any|some)$/.test(ws[k]?.w ?? "")) k--;
  if (!/^(?:have|got)$/.test(ws[k]?.w ?? "") || k < 2) return null;
  const parent = cleanPhrase(phraseOf(ws.slice(1, k)).toLowerCase());
  return parent ? { type: "list", filter: { parent } } : null;
}

/** Words between the parent and "add" that ask nicely ("under X pls add Y"). */
const COURTESY = new Set("pls please plz can could you u just".split(" "));
const SPLIT_VERB = /^(?:break|split|divide|chop)$/;
const STEPS_WORD = /^(?:steps?|sub-?tasks?|parts?|bits?|stages?|chunks?)$/;
const NEEDS_WORD = /^(?:needs|involves)$/;

/**
 * steps-of-task: "break the move into: boxes, van, keys", "split the kitchen into tiles, paint and
 * new taps", "steps for the garden: mow, weed, fix fence", "the party needs: balloons, cake,
 * playlist" — new subtasks of an existing task. "needs" takes a colon or two items or more (a
 * need of one thing is a remark for the other readers); the parent resolves in the tools like
 * any subtask's ("no task called …" when it names none).
 */
/**
 * Words that make a piece no step of its own: a pronoun back to the task, or "doing …" said of it, or a
 * clause of its own ("jory needs new boots, his toes are out the end of em, and kerra wants a lift").
 */
const NOT_A_STEP =
  /^(?:doing|done|sorting|sorted)\b|\b(?:it|that|this|them)\b|^(?:they|we|i|he|she|you)(?:'ve|'re|'ll|'d| have| are| will)?\b|\b(?:is|are|was|were|wants|needs|wanted|needed)\b/i;
function stepsOfTask(ws: Word[]): Intent | null {
  let parent: Word[] = [];
  let rest: Word[] = [];
  let colon = false;
  if (SPLIT_VERB.test(ws[0]!.w)) {
    const into = ws.findIndex((x) => x.w === "into");
    if (into < 2) return null;
    parent = ws.slice(1, into).filter((x) => x.w !== "up");
    rest = ws.slice(into + 1);
    colon = ws[into]!.raw.endsWith(":");
    if (STEPS_WORD.test(rest[0]?.w ?? "")) {
      colon = colon || rest[0]!.raw.endsWith(":");
      rest = rest.slice(1);
    }
  } else if (STEPS_WORD.test(ws[0]!.w) && /^(?:for|of|in)$/.test(ws[1]?.w ?? "")) {
    const at = ws.findIndex((x, i) => i > 1 && x.raw.endsWith(":"));
    if (at < 2) return null;
    parent = ws.slice(2, at + 1);
    rest = ws.slice(at + 1);
    colon = true;
  } else {
    const needs = ws.findIndex((x, i) => i > 0 && NEEDS_WORD.test(x.w));
    if (needs < 1 || ws.slice(0, needs).some((x) => /^(?:i|we|you|it|he|she|they|who|what|that|this)$/.test(x.w))) return null;
    parent = ws.slice(0, needs);
    // "costume note: needs ears and a tail": a note on the task, not its steps.
    if (/^notes?$/.test(parent.at(-1)!.w) || parent.at(-1)!.raw.endsWith(":")) return null;
    rest = ws.slice(needs + 1);
    colon = ws[needs]!.raw.endsWith(":");
    // "the brewery order needs to go in today", "garden gate needs fixing by friday": what the task needs
    // doing and when, never its steps.
    if (!colon && (rest[0]?.w === "to" || /^[a-z]{3,}ing$/.test(rest[0]?.w ?? ""))) return null;
  }
  const titles = steps(phraseOf(rest));
  if (!parent.length || !titles.length || (!colon && titles.length < 2)) return null;
  // "the lawn needs doing again, untick it", "X needs doing sooner, do it tomorrow": a remark about the
  // task and a request, not its steps; a step never points back ("it") or starts with "doing".
  if (titles.some((t) => NOT_A_STEP.test(t))) return null;
  return { type: "add", items: titles.map((title) => ({ title, parent: cleanPhrase(phraseOf(parent).toLowerCase()) })) };
}

function newUnder(child: string, parent: string, clock: Clock): Intent | null {
  const items = readAdd(child, clock);
  if (items.length !== 1 || !items[0]!.title || !parent) return null;
  return { type: "add", items: [{ ...items[0]!, parent: cleanPhrase(parent.toLowerCase()) }] };
}

/** "put 'bring the receipts' in the description of the accountant meeting", "add X to the notes on Y". */
function noteInto(ws: Word[]): Intent | null {
  if (!/^(?:put|add|write|stick|pop|jot)$/.test(ws[0]!.w)) return null;
  const noun = ws.findIndex((x, i) => i > 2 && NOTE_NOUN.test(x.w) && /^(?:the|its|a)$/.test(ws[i - 1]!.w));
  if (noun < 0 || !/^(?:in|into|to|as|on)$/.test(ws[noun - 2]!.w) || !/^(?:of|on|for|to)$/.test(ws[noun + 1]?.w ?? "")) return null;
  const note = phraseOf(ws.slice(1, noun - 2));
  const task = cleanPhrase(phraseOf(ws.slice(noun + 2)).toLowerCase());
  return note && task ? { type: "update", ref: { kind: "phrase", text: task }, changes: { description: note } } : null;
}

/** "add the label urgent to X", "put the work tag on X", "take the work tag off X", "remove the label work from X". */
function labelOnto(ws: Word[]): Intent | null {
  const on = /^(?:add|put|stick|slap|give)$/.test(ws[0]!.w);
  const off = /^(?:remove|take|drop|strip|delete)$/.test(ws[0]!.w);
  if (!on && !off) return null;
  // "put a health tag on X" is left to the edit-remark reader and grounding.
  if (on && ws[1]?.w !== "the") return null;
  let i = 1;
  while (ARTICLE.test(ws[i]?.w ?? "")) i++;
  let name: string | undefined;
  // "the label urgent" or "the urgent label".
  if (LABEL_NOUN.test(ws[i]?.w ?? "")) name = ws[i + 1]?.w;
  else if (LABEL_NOUN.test(ws[i + 1]?.w ?? "")) name = ws[i]?.w;
  const after = i + 2;
  const prep = ws[after]?.w ?? "";
  if (!name || !/^#?[\p{L}\p{N}][\p{L}\p{N}_-]*$/u.test(name) || ARTICLE.test(name)) return null;
  if (on ? !/^(?:to|on|onto)$/.test(prep) : !/^(?:from|off|of)$/.test(prep)) return null;
  const task = cleanPhrase(phraseOf(ws.slice(after + 1)).toLowerCase());
  if (!task) return null;
  const label = name.replace(/^#/, "");
  return { type: "update", ref: { kind: "phrase", text: task }, changes: on ? { labels: [label] } : { removeLabels: [label] } };
}
