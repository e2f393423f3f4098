/**
 * Reads status changes and deletions: "mark X done", "I finished X", "I paid the phone bill",
 * "reopen X", "X isn't done", "delete X", "get rid of X", "I don't need X anymore".
 */
import { baseOfPast, isBaseVerb } from "../verbs";
import { trimPunctuation } from "@/lib/task-line/text";
import { baseOfGerund, cleanPhrase, refFrom, refsFrom } from "./refs";
import type { Intent, TaskRef } from "./types";

const DONE = "(?:done|complete|completed|finished|checked|ticked|crossed off|ticked off|checked off|off)";
const NOT_DONE =
  "(?:pending|not done|not complete|not completed|incomplete|undone|unfinished|open|active|to ?do|todo|uncompleted|not finished|outstanding|unchecked|unticked|not yet done)";

const REOPEN: RegExp[] = [
  /^(?:reopen|re-open|unmark|uncheck|untick|un-tick|un-check|uncomplete|un-complete|reactivate|revive|resurrect|restore)\s+(.+?)(?:\s+(?:as\s+)?(?:pending|not done|incomplete|open))?(?:\s+again)?$/,
  new RegExp(
    `^(?:mark|set|put|move|change|turn|switch|flag|make)\\s+(.+?)\\s+(?:as\\s+|to\\s+|back\\s+to\\s+|back\\s+as\\s+)?(?:back\\s+)?(?:to\\s+)?(?:being\\s+)?${NOT_DONE}(?:\\s+again)?$`,
  ),
  new RegExp(
    `^(.+?)\\s+(?:isn't|is not|wasn't|was not|isnt|aren't|are not|hasn't been|has not been|is still not|is not actually|isn't actually|wasn't actually)\\s+(?:actually\\s+|really\\s+)?(?:done|finished|complete|completed)(?:\\s+(?:yet|after all|actually))?$`,
  ),
  /^(?:i|we)\s+(?:didn't|did not|haven't|have not|never)\s+(?:actually\s+|really\s+)?(?:finish|finished|complete|completed|do|done)\s+(.+?)(?:\s+(?:yet|after all|actually))?$/,
  new RegExp(`^(.+?)\\s+(?:is|should be|needs to be)\\s+(?:still\\s+|back\\s+)?${NOT_DONE}(?:\\s+again)?$`),
  /^(.+?)\s+still needs (?:doing|to be done|work)$/,
  /^(?:put|add|move|bring)\s+(.+?)\s+back(?:\s+(?:on|onto|in|into|to)\s+(?:my|the)\s+(?:list|tasks|todo list))?$/,
  /^undo\s+(?:completing|finishing|marking)?\s*(.+?)(?:\s+as\s+(?:done|complete))?$/,
];

const COMPLETE: RegExp[] = [
  new RegExp(
    `^(?:mark|set|flag|put|tick|check|cross|strike|scratch|mark off)\\s+(.+?)\\s+(?:as\\s+|to\\s+)?(?:being\\s+)?${DONE}(?:\\s+(?:(?:on|off|from)\\s+)?(?:my|the)\\s+(?:\\w+\\s+)?list)?$`,
  ),
  /^(?:tick|check|cross|strike|scratch|mark)\s+off\s+(.+?)(?:\s+(?:from|on)\s+(?:my|the)\s+list)?$/,
  /^(?:complete|close|close out|wrap up)\s+(.+)$/,
  /^(?:finish)\s+(.+\b(?:task|todo|item|one)s?)$/,
  /^(?:i(?:'ve| have| just| already|'m| am)?|we(?:'ve| have|'re| are)?)?\s*(?:just\s+|already\s+|finally\s+|now\s+)?(?:finished|completed|done|did|accomplished|wrapped up|dealt with|taken care of|took care of|handled|sorted(?: out)?)\s+(?:with\s+)?(.+)$/,
  new RegExp(
    `^(.+?)(?:'s|\\s+(?:is|are|'s|has been|have been|was|were|got|is now|is all|are all|now))\\s+(?:all\\s+|now\\s+|finally\\s+)?(?:done|complete|completed|finished|sorted|taken care of|handled|dealt with|over|ticked off|checked off|crossed off|out of the way)(?:\\s+(?:now|already|today|finally|too|as well|also))?$`,
  ),
  /^(?:done|finished|completed)\s*(?::|-|,|with)\s*(.+)$/,
  /^(.+?)\s+(?:is|are|was|were|has been|have been|got)\s+(?:all\s+|now\s+|finally\s+)?(paid|sent|bought|made|written|taken|given|sold|built|eaten|fixed|cleaned|washed|booked|mailed|posted|submitted|returned|renewed|filed|signed|ordered|picked up|collected|delivered|paid off|repaired|painted|sorted|tidied|mowed|walked|fed|watered|emptied|packed|emailed|called|read)(?:\s+(?:now|already|today|finally))?$/,
  new RegExp(`^(.+?)(?:\\s*[-:,]\\s*|\\s+)${DONE}$`),
];

const DELETE: RegExp[] = [
  /^(?:delete|remove|erase|get rid of|scrap|discard|ditch|nuke|axe|zap|eliminate|deleting|removing)\s+(.+?)(?:\s+(?:from|off|out of)\s+(?:my|the)\s+(?:\w+\s+)?(?:list|tasks|todos))?$/,
  /^(?:take|remove)\s+(.+?)\s+(?:off|out of|from)\s+(?:my|the)\s+(?:\w+\s+)?(?:list|tasks|todos)$/,
  /^(?:i|we)\s+(?:don't|do not|no longer|won't|will not|dont)\s+(?:need to do|need to|have to do|have to|need|want)\s+(.+?)(?:\s+(?:any ?more|any longer|after all))?$/,
  /^(?:no need (?:for|to)|forget about)\s+(.+?)(?:\s+(?:any ?more|any longer))?$/,
  /^(?:i|we)\s+(?:won't|will not|wont|shan't)\s+(?:be\s+)?(?:needing|need|doing|do)\s+(.+?)(?:\s+(?:any ?more|any longer|after all|now))?$/,
  /^(.+?)\s+(?:(?:is|are|was|were)\s+(?:no longer|not)|isn't|aren't|wasn't|won't be|will not be|is not going to be|isn't going to be)\s+(?:needed|necessary|relevant|happening|going ahead|taking place|on)(?:\s+(?:any ?more|any longer|after all))?$/,
  /^(?!(?:check|make sure|ensure|see|confirm|double check|double-check)\b)(.+?)\s+(?:can go|is cancell?ed|got cancell?ed|was cancell?ed|is off)$/,
];

/** Verbs that are also chores ("clear the gutters", "drop off the parcel"): delete only a clear reference. */
const SOFT_DELETE =
  /^(?:trash|toss|bin|drop|clear|wipe|throw away|throw out|kill|ditch|nix)\s+(.+?)(?:\s+(?:from|off|out of)\s+(?:my|the)\s+(?:\w+\s+)?(?:list|tasks|todos))?$/;

const CANCEL = /^(?:cancel|forget)\s+(.+?)(?:\s+(?:from|off)\s+(?:my|the)\s+(?:list|tasks|todos))?$/;

/** Words that say a reference is clearly about an existing task ("the gym task", "it"). */
export function pointsAtTask(text: string): boolean {
  return /\b(?:task|todo|to-?do|item|reminder|entry|one)s?\b|\b(?:from|off) (?:my|the) list\b/.test(text);
}

function refs(text: string | undefined): TaskRef[] {
  return refsFrom(trimPunctuation(text ?? ""));
}

function firstMatch(res: RegExp[], text: string): RegExpExecArray | null {
  for (const re of res) {
    const m = re.exec(text);
    if (m && m[1] && trimPunctuation(m[1])) return m;
  }
  return null;
}

/** After "finish"/"complete" a gerund names the task: "finished washing the car". */
const AFTER_FINISH =
  /^(?:i|we|i've|i have|i'm|i am|we've)?\s*(?:just\s+|already\s+|finally\s+|actually\s+|really\s+|didn't\s+|did not\s+|haven't\s+|never\s+)*(?:actually\s+|really\s+)?(?:finish|finished|complete|completed|done|stopped)\s/;

function gerundFixed(text: string, phrase: string | undefined): string | undefined {
  return phrase && AFTER_FINISH.test(text) ? baseOfGerund(trimPunctuation(phrase)) : phrase;
}

/** "…, undo that", "… so reopen it": the request that follows a statement of what was not done. */
const UNDO_TAIL =
  /(?:\s*[,.;-]\s*|\s+)(?:so\s+|please\s+|can you\s+)?(?:undo (?:that|it|this)|reopen it|uncheck it|untick it|mark it (?:as )?(?:not done|pending|undone|incomplete)(?: again)?|put it back)(?:\s+please)?$/;

export function readReopen(text: string): Intent | null {
  const t = text.replace(UNDO_TAIL, "");
  const m = firstMatch(REOPEN, t);
  const r = m ? refs(gerundFixed(t, m[1])) : [];
  if (r.length) return { type: "reopen", refs: r };
  return readNotDoneYet(t);
}

/** "I haven't paid rent yet", "I didn't actually call mum": the task named is not done after all. */
function readNotDoneYet(text: string): Intent | null {
  const m =
    /^(?:i|we)\s+(?:didn't|did not|haven't|have not|hadn't|had not|never)\s+(?:actually\s+|really\s+|even\s+)?([a-z]+)\s+(.+?)(?:\s+(?:yet|after all|actually|at all))?$/.exec(
      text,
    );
  if (!m || !m[1] || !m[2]) return null;
  if (/^(?:got|get|had|have|been|be|need|needed|want|wanted|know|think|thought|mean|meant|said|say|see|seen|heard|hear)$/.test(m[1]))
    return null;
  const base = baseOfPast(m[1]) ?? (isBaseVerb(m[1]) ? m[1] : null);
  if (!base) return null;
  const ref = refFrom(`${base} ${m[2]}`);
  return ref ? { type: "reopen", refs: [ref] } : null;
}

/** Verbs whose participle says something other than "done" ("the meeting was cancelled"). */
const NOT_A_CHORE =
  /^(?:cancel|postpone|delay|move|reschedule|rename|add|create|delete|remove|change|update|schedule|plan|set|start|need|want|let|leave|help)$/;

/** Adjectives that say a chore is finished ("the bathroom is clean now"). */
const FINISHED_STATE = "(?:clean|tidy|empty|sorted|fixed|over|sent|paid)";

/**
 * "plumber's been called", "electricity bill paid", "timesheet submitted", "bathroom is clean now":
 * a task's object followed by what was done to it. The participle must come from a known chore
 * verb, and the subject must not itself be an imperative ("get the car washed" is a new to-do).
 */
function readParticipleStatement(text: string): Intent | null {
  const m = new RegExp(
    `^(.+?)(?:'s been|\\s+(?:is|are|was|were|has been|have been|been|got|is now|are now|'s|s been)|'s)?\\s+(?:all\\s+|now\\s+|finally\\s+|just\\s+|already\\s+)?([a-z]+(?:\\s+(?:up|off|out))?)(?:\\s+(?:now|already|today|finally|at last|earlier|this morning|yesterday))?$`,
  ).exec(text);
  if (!m || !m[1] || !m[2]) return null;
  const subject = trimPunctuation(m[1]);
  const [word = "", particle] = m[2].split(/\s+/);
  const auxiliary = m[0].length - (m[1].length + m[2].length) > 1 || /'s$/.test(m[1]);
  const past = baseOfPast(word);
  const chore = past !== null && past !== word && isBaseVerb(past) && !NOT_A_CHORE.test(past);
  if (!chore && !(auxiliary && particle === undefined && new RegExp(`^${FINISHED_STATE}$`).test(word))) return null;
  if (/^(?:i|we|you|they|he|she|everything|all|nothing|something|that's all)$/.test(subject)) return null;
  // "by thursday I need the report sent": a wish, not a finished chore.
  if (/\b(?:i|we|need|needs|want|wants|have to|has to|must|should|would like|'d like)\b/.test(subject)) return null;
  const firstWord = subject.split(/\s+/)[0] ?? "";
  // "get the car washed" is a new to-do; a one-word subject is a noun ("rent paid", "bills sorted").
  if ((isBaseVerb(firstWord) && subject.includes(" ")) || /^(?:not|never|to|will|should|must|need|have)$/.test(firstWord)) return null;
  if (/\b(?:not|never|isn't|wasn't|aren't|hasn't|haven't|n't)$/.test(subject)) return null;
  const r = refs(subject);
  return r.length ? { type: "complete", refs: r } : null;
}

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

export function readComplete(text: string): Intent | null {
  if (
    /^(?:done|finished|completed|complete|it's done|it is done|that's done|that is done|all done with (?:it|that)|done with (?:it|that)|i did it|did it|finished it|completed it|i've done it|i have done it|i finished it)$/.test(
      text,
    )
  ) {
    return { type: "complete", refs: [{ kind: "pronoun" }] };
  }
  // "lisbon trips off", "the party's off": called off, not ticked off (only "tick/cross/mark … off" completes).
  if (text.endsWith(" off") && !TICK_VERBS.has(text.split(" ")[0] ?? "")) return null;
  const m = firstMatch(COMPLETE, text);
  if (m) {
    // "got the haircut done", "netflix and gym both done": "got" and "both" are not the task's words.
    const subject = withoutWords(trimPunctuation(gerundFixed(text, m[1]) ?? ""), LEADING_GOT, TRAILING_BOTH);
    if (/^(?:i|i'm|i am|we|we're|all|we are|you|that's all|i'm all|everything)$/.test(subject)) return null;
    // "… mark it as not done": a negation before "done" is not a completion.
    if (/\b(?:not|never|isn't|n't)$/.test(subject) || /^(?:i|we)\s+(?:need|have|must|should|want)\b/.test(subject)) return null;
    // "check the oven is off": a chore about a state, not "tick X off".
    if (/\b(?:is|are|was|were|it's|its)$/.test(subject)) return null;
    const r = refs(subject);
    return r.length ? { type: "complete", refs: r } : null;
  }
  return readPastTense(text) ?? readParticipleStatement(text);
}

/** "I paid the phone bill" → complete "pay the phone bill"; "… and walked the dog" → a second task. */
function readPastTense(text: string): Intent | null {
  // "I've got too much on", "we've got guests": possession, not a finished chore.
  if (/^(?:i|we)(?:'ve|\s+have)\s+got\b/.test(text)) return null;
  const m = /^(?:(?:i|we)\s+|i've\s+|we've\s+)?(?:just\s+|already\s+|finally\s+|have\s+)*([a-z]+)\s+(.+)$/.exec(text);
  if (!m || !m[1] || !m[2]) return null;
  const base = baseOfPast(m[1]);
  if (!base) return null;
  const explicitSubject = /^(?:i|we)\b/.test(text);
  if (!explicitSubject && !/^(?:just|already|finally)\b/.test(text) && base === m[1]) return null;
  if (/\b(?:tomorrow|next|later|will|need|want|should|going to)\b/.test(m[2])) return null;
  const phrases: string[] = [];
  const tokens = m[2].split(/(\s*,\s*(?:and\s+)?|\s+and\s+(?:i\s+|also\s+|then\s+)?)/);
  let current = `${base} ${tokens[0] ?? ""}`;
  for (let i = 1; i + 1 < tokens.length; i += 2) {
    const piece = (tokens[i + 1] ?? "").trim();
    const verb = baseOfPast(piece.split(/\s+/)[0] ?? "");
    if (verb && piece.includes(" ")) {
      phrases.push(current);
      current = `${verb} ${piece.split(/\s+/).slice(1).join(" ")}`;
    } else {
      current += `${tokens[i] ?? " "}${piece}`;
    }
  }
  phrases.push(current);
  const refs = phrases
    .map((p) => trimPunctuation(p.replace(/\s+(?:today|yesterday|this morning|earlier|already|just now|finally|at last)$/, "")))
    .map(refFrom)
    .filter((r): r is TaskRef => r !== null);
  return refs.length ? { type: "complete", refs } : null;
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
]);
/** Words of the remark around the task's name ("not doing … anymore", "… isn't happening", "… cancelled"). */
const REMARK = new Set(
  "not doing anymore any more isnt isn't is are 's s happening cancelled canceled off lol so just then pls please no longer going ahead".split(
    " ",
  ),
);
function readRemarkThenDeleteIt(text: string): Intent | null {
  const cut = text.lastIndexOf(",");
  const head = cut > 0 ? text.slice(0, cut) : "";
  const tail = (cut > 0 ? text.slice(cut + 1) : "").trim().split(" ");
  while (tail.length > 2 && REMARK.has(tail[0]!)) tail.shift();
  const said = tail.join(" ");
  // Without a comma: "sofa's not happening lol delete it".
  const [phrase, verb] = DELETE_IT.has(said) ? [head, said] : splitAtDeleteIt(text);
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

export function readDelete(text: string): Intent | null {
  // "scrap the reminder on the parcel": the reminder goes, not the task (grounding reads it against the tasks).
  const said = text.split(" ");
  if (said.length > 2 && (said[1] === "reminder" || (said[1] === "the" && said[2] === "reminder"))) return { type: "say", kind: "unclear" };
  const remark = readRemarkThenDeleteIt(text);
  if (remark) return remark;
  const m = firstMatch(DELETE, text);
  if (m) {
    const r = refs(m[1]);
    return r.length ? { type: "delete", refs: r } : null;
  }
  const soft = SOFT_DELETE.exec(text);
  if (soft && soft[1]) {
    const r = refs(soft[1]);
    if (r.length && (pointsAtTask(soft[0]) || r.every((x) => x.kind !== "phrase"))) return { type: "delete", refs: r };
    // "drop the yoga class", "ditch the gym": delete the task, or a chore to add? Ask.
    // "drop the keys off at quarter to 6 tomorrow": a chore with its time is a new to-do.
    if (schedulesIt(text)) return null;
    const verb = /^(drop|trash|toss|bin|kill|ditch|nix)\s+(?!off\b|by\b|in\b|out\b)/.exec(text)?.[1];
    if (verb && r.length === 1) return { type: "say", kind: "cancel-ambiguous", detail: cleanPhrase(soft[1]), verb };
    return null;
  }
  const c = CANCEL.exec(text);
  if (c && c[1]) {
    // "cancel the dentist appointment" may be a new to-do; only a clear reference deletes.
    const r = refs(c[1]);
    if (pointsAtTask(c[0]) || r.every((x) => x.kind !== "phrase")) return r.length ? { type: "delete", refs: r } : null;
    // "cancel the gym membership at 7 tomorrow", "… asap": a chore to do, with its time or list.
    if (schedulesIt(text)) return null;
    return { type: "say", kind: "cancel-ambiguous", detail: cleanPhrase(c[1]) };
  }
  return null;
}
