/**
 * Reads edits to one task: rename ("rename X to Y"), re-describe ("add a note to X: Y"),
 * re-prioritise ("make X urgent"), re-schedule ("move X to Friday", "X is due tomorrow",
 * "postpone X by 2 days"), clear a due date, and the generic "change X to Y".
 */
import type { Clock } from "@/lib/task-line/clock";
import { baseOfPast } from "../verbs";
import { cutSpans, dueToString, extractDue } from "@/lib/task-line/dates";
import { verbs } from "../lexicon";
import { capitalize, quoted, trimPunctuation } from "@/lib/task-line/text";
import { numberFrom, NUMBER_WORD_PATTERN } from "@/lib/task-line/numbers";
import { findReminderPhrase, REMIND as REMIND_ME } from "@/lib/task-line/reminder-phrases";
import { findPriority, priorityWord } from "@/lib/task-line/priority";
import { refFrom } from "./refs";
import type { Changes, Intent } from "./types";

/** Verbs from the shared lexicon: "postpone", "push back", "defer" … and "move", "reschedule" …. */
const POSTPONE = verbs("postpone", "base");
const DELAY = verbs(["postpone", "push"], "base");
const MOVE = verbs(["move", "postpone", "push"], "base");
const RAISE = verbs("raise", "base");
const LOWER = verbs("lower", "base");

const DUE_NOUN = "(?:due date|due-date|deadline|due time|date|due day|due)";
const DESC_NOUN = "(?:description|desc|notes?|details?|comment)";
const NAME_NOUN = "(?:title|name|wording|text|label)";

type ReadContext = { clock: Clock; original: string };
type Reader = (m: RegExpExecArray, ctx: ReadContext) => { ref: string; changes: Changes } | null;

/** Reads a value such as "high priority", "friday", "high and due friday" into changes. */
export function readValue(value: string, clock: Clock): Changes | null {
  let text = trimPunctuation(value.toLowerCase());
  const changes: Changes = {};
  if (/^(?:no|none|nothing|no date|no due date|no deadline|not due|unscheduled|someday)$/.test(text)) return { clearDue: true };
  const word = priorityWord(text);
  if (word) return { priority: word };
  const p = findPriority(text);
  if (p) {
    changes.priority = p.priority;
    text = cutSpans(text, [p.span]);
  }
  // A bare "the 30th" is a date when it is the whole value.
  if (/^(?:the\s+)?\d{1,2}(?:st|nd|rd|th)$/.test(text)) text = `on ${text.replace(/^the\s+/, "the ")}`.replace(/^on (\d)/, "on the $1");
  const { due, rest } = extractDue(text, clock);
  if (due) {
    changes.due = dueToString(due);
    text = rest;
  }
  if (/^(?:done|complete|completed|finished)$/.test(text)) {
    changes.status = "completed";
    text = "";
  } else if (/^(?:pending|not done|incomplete|open|to ?do)$/.test(text)) {
    changes.status = "pending";
    text = "";
  }
  const leftover = text
    .replace(/\b(?:and|due|priority|with|a|an|the|be|is|it|make it|set it|to|on|by|for|as|at)\b/g, "")
    .replace(/[,\s]+/g, "");
  return Object.keys(changes).length > 0 && leftover === "" ? changes : null;
}

function title(value: string): string {
  return capitalize(trimPunctuation(quoted(value) ?? value));
}

/** The user's casing for a span found in lower-case text (titles and descriptions keep case). */
function keepCase(ctx: ReadContext, lowerPart: string): string {
  const original = ctx.original;
  const i = original.toLowerCase().lastIndexOf(lowerPart);
  return i >= 0 ? original.slice(i, i + lowerPart.length) : lowerPart;
}

/**
 * A reminder before a task's due time: "remind me 30 minutes before the dentist", "remind me
 * about the standup 10 minutes before", "remind me an hour before" (the task just mentioned).
 */
function remindBefore(text: string): { ref: string; changes: Changes } | null {
  if (!new RegExp(`^${REMIND_ME}\\s`).test(text)) return null;
  const phrase = findReminderPhrase(text);
  if (phrase?.kind === "before" && phrase.start === 0) {
    const ref = trimPunctuation(text.slice(phrase.end).replace(/^\s*(?:the\s+start\s+of|the\s+start|of|for)\s+/, ""));
    // "remind me 30 minutes before to call mom" is a new task, not a reference.
    if (/^to\s/.test(ref)) return null;
    return { ref: ref || "it", changes: { remindBefore: phrase.minutes } };
  }
  // "remind me about <task> <amount> before": the amount is the last one to three words.
  const about = new RegExp(`^(${REMIND_ME})\\s+(?:about|of|for)\\s+(.+?)\\s+(before(?:hand)?|earlier|ahead|in advance|prior)$`).exec(text);
  if (!about) return null;
  const words = (about[2] ?? "").split(/\s+/);
  for (let n = 1; n <= 3 && n < words.length; n++) {
    const offset = findReminderPhrase(`${about[1]} ${words.slice(-n).join(" ")} ${about[3]}`);
    if (offset?.kind === "before") return { ref: words.slice(0, -n).join(" "), changes: { remindBefore: offset.minutes } };
  }
  return null;
}

const READERS: Array<[RegExp, Reader]> = [
  // Repeating tasks: "stop repeating the plants task", "skip the plants this week", "skip this one".
  [
    /^(?:stop|don't|do not|no longer|quit)\s+repeat(?:ing)?\s+(?:the\s+)?(.+?)(?:\s+(?:task|todo|one))?$/,
    (m) => ({ ref: m[1] ?? "", changes: { clearRecurrence: true } }),
  ],
  [
    /^(?:make\s+)?(?:the\s+)?(.+?)(?:\s+(?:task|todo))?\s+(?:should\s+)?(?:not|no longer|stop)\s+repeat(?:ing)?$/,
    (m) => ({ ref: m[1] ?? "", changes: { clearRecurrence: true } }),
  ],
  [
    /^skip\s+(?:the\s+)?(.+?)(?:\s+(?:task|todo))?(?:\s+(?:this|next)\s+(?:week|time|month|once)|\s+(?:once|today|for now))?$/,
    (m) => ({ ref: m[1] ?? "", changes: { skipOccurrence: true } }),
  ],
  // rename, with both titles quoted (the quotes may contain " to ")
  [
    /^(?:rename|retitle|change|update|edit)\s+(?:the\s+task\s+)?["'](.+?)["']\s+(?:to|as|into)\s+["'](.+?)["']?$/,
    (m, ctx) => ({ ref: `"${m[1] ?? ""}"`, changes: { title: title(keepCase(ctx, m[2] ?? "")) } }),
  ],
  // rename
  [
    /^(?:rename|retitle|re-title|re-name)\s+(.+?)(?:\s+(?:to|as|into)\s+|\s*:\s*)(.+)$/,
    (m, ctx) => ({ ref: m[1] ?? "", changes: { title: title(keepCase(ctx, m[2] ?? "")) } }),
  ],
  [
    new RegExp(
      `^(?:change|update|edit|modify|set|fix|correct|alter|make)\\s+(?:the\\s+)?${NAME_NOUN}\\s+(?:of|for|on)\\s+(.+?)\\s+(?:to|as|into)\\s+(.+)$`,
    ),
    (m, ctx) => ({ ref: m[1] ?? "", changes: { title: title(keepCase(ctx, m[2] ?? "")) } }),
  ],
  [
    new RegExp(`^(?:change|update|edit|set|rename)\\s+(.+?)(?:'s|s')?\\s+${NAME_NOUN}\\s+to\\s+(.+)$`),
    (m, ctx) => ({ ref: m[1] ?? "", changes: { title: title(keepCase(ctx, m[2] ?? "")) } }),
  ],
  [
    /^(?!.*\b(?:description|desc|notes?|details?|comment)\s+should\b)(.+?)\s+should (?:be called|be named|be titled|say|read)\s+(.+)$/,
    (m, ctx) => ({ ref: m[1] ?? "", changes: { title: title(keepCase(ctx, m[2] ?? "")) } }),
  ],
  [
    /^call\s+(.+?)\s+["'](.+?)["']?(?:\s+instead)?$/,
    (m, ctx) => ({ ref: m[1] ?? "", changes: { title: title(keepCase(ctx, m[2] ?? "")) } }),
  ],
  // description
  [
    new RegExp(`^(?:remove|clear|delete|drop|erase|wipe)\\s+(?:the\\s+)?${DESC_NOUN}\\s+(?:of|from|for|on)\\s+(.+)$`),
    (m) => ({ ref: m[1] ?? "", changes: { description: "" } }),
  ],
  [
    new RegExp(
      `^(?:update|change|set|edit|modify|replace|rewrite|make)\\s+(?:the\\s+)?${DESC_NOUN}\\s+(?:of|for|on)\\s+(.+?)\\s+(?:to|as|with|into)\\s*:?\\s+(.+)$`,
    ),
    (m, ctx) => ({ ref: m[1] ?? "", changes: { description: trimPunctuation(keepCase(ctx, m[2] ?? "")) } }),
  ],
  [
    new RegExp(`^(?:set|change|update|edit|make)\\s+(.+?)(?:'s|s')?\\s+${DESC_NOUN}\\s+(?:to|as)\\s*:?\\s+(.+)$`),
    (m, ctx) => ({ ref: m[1] ?? "", changes: { description: trimPunctuation(keepCase(ctx, m[2] ?? "")) } }),
  ],
  [
    new RegExp(
      `^(?:add|put|attach|write|leave|give)\\s+(?:a\\s+|an\\s+|the\\s+|this\\s+|some\\s+)?${DESC_NOUN}\\s+(?:to|on|for)\\s+(.+?)(?:\\s*:\\s*|\\s+saying\\s+|\\s+that says\\s+|\\s+-\\s+|\\s+reading\\s+|\\s*,\\s*)(.+)$`,
    ),
    (m, ctx) => ({ ref: m[1] ?? "", changes: { description: trimPunctuation(keepCase(ctx, m[2] ?? "")) } }),
  ],
  [
    new RegExp(
      `^(?:add|put|write|attach)\\s+(?:a\\s+|the\\s+)?${DESC_NOUN}\\s*(?::|saying|that says)?\\s*["'](.+)["']\\s+(?:to|on|for)\\s+(.+)$`,
    ),
    (m, ctx) => ({ ref: m[2] ?? "", changes: { description: trimPunctuation(keepCase(ctx, m[1] ?? "")) } }),
  ],
  [
    new RegExp(
      `^(?:add|put|write|attach)\\s+(?:a\\s+|the\\s+)?(?:note|description|comment)\\s+(?:saying\\s+|that says\\s+)?(.*\\S)\\s+(?:to|on|for)\\s+(.+?)$`,
    ),
    (m, ctx) => ({ ref: m[2] ?? "", changes: { description: trimPunctuation(keepCase(ctx, m[1] ?? "")) } }),
  ],
  // "X notes: Y", "X's description should say Y", "update X description - Y"
  [
    new RegExp(
      `^(?!(?:add|put|attach|write|leave|give|a|an|the|new)\\s)(?:(?:set|change|update|edit|make)\\s+)?(.+?)(?:'s|s')?\\s+${DESC_NOUN}(?:\\s*:\\s*|\\s+-\\s+|\\s+(?:should say|should read|should be|to say|is now|is|to|as|=)\\s*:?\\s+)(.+)$`,
    ),
    (m, ctx) => ({ ref: m[1] ?? "", changes: { description: trimPunctuation(keepCase(ctx, m[2] ?? "")) } }),
  ],
  // "put "bring receipts" as the description of tax return"
  [
    new RegExp(`^(?:put|use|set|make|have)\\s+(.+?)\\s+as\\s+(?:the\\s+|its\\s+)?${DESC_NOUN}\\s+(?:of|for|on|to)\\s+(.+)$`),
    (m, ctx) => ({ ref: m[2] ?? "", changes: { description: trimPunctuation(keepCase(ctx, quoted(m[1] ?? "") ?? m[1] ?? "")) } }),
  ],
  // "add a note: thank the volunteers" right after a task was mentioned: a note on it.
  [
    new RegExp(
      `^(?:add|put|attach|write|leave|give it)\\s+(?:a\\s+|an\\s+|the\\s+)?${DESC_NOUN}\\s*(?::|-|saying|that says|reading)\\s*(.+)$`,
    ),
    (m, ctx) => ({ ref: "it", changes: { description: trimPunctuation(keepCase(ctx, m[1] ?? "")) } }),
  ],
  [
    /^describe\s+(.+?)\s*:\s*(.+)$/,
    (m, ctx) => ({ ref: m[1] ?? "", changes: { description: trimPunctuation(keepCase(ctx, m[2] ?? "")) } }),
  ],
  // "description for X: Y", "notes on X - Y", "the description of X is Y"
  [
    new RegExp(
      `^(?:the\\s+|a\\s+|new\\s+)*${DESC_NOUN}\\s+(?:for|of|on|to)\\s+(.+?)(?:\\s*:\\s*|\\s+-\\s+|\\s+(?:should be|is now|is|will be|=)\\s+)(.+)$`,
    ),
    (m, ctx) => ({ ref: m[1] ?? "", changes: { description: trimPunctuation(keepCase(ctx, m[2] ?? "")) } }),
  ],
  [
    /^describe\s+(.+?)\s+as\s+(.+)$/,
    (m, ctx) => ({ ref: m[1] ?? "", changes: { description: trimPunctuation(keepCase(ctx, m[2] ?? "")) } }),
  ],
  // Several changes at once: "make it urgent and due on monday", "set the venue to high priority, due friday".
  [/^(?:make|set|mark|change|update|have|put|switch|move|flag)\s+(.+)$/, compoundReader],
  // due date
  // "give the report a deadline of friday", "set a due date of monday for the tax return"
  [new RegExp(`^(?:give|set|put|add)\\s+(?!a\\s)(.+?)\\s+(?:a|the)\\s+(?:new\\s+)?${DUE_NOUN}\\s+(?:of|for|on)\\s+(.+)$`), dueReader(1, 2)],
  [
    new RegExp(`^(?:give|set|put|add)\\s+(?:a|the)\\s+(?:new\\s+)?${DUE_NOUN}\\s+(?:of\\s+)?(.+?)\\s+(?:for|on|to)\\s+(.+)$`),
    dueReader(2, 1),
  ],
  // "the party got moved to sunday", "the vet is now on the 12th"
  [
    /^(.+?)\s+(?:got|has been|have been|was|were|is being|has|is)\s+(?:moved|pushed|postponed|rescheduled|changed|shifted|put back|brought forward|bumped|delayed)\s+(?:back\s+|forward\s+)?(?:to|until|till|for|on)\s+(.+)$/,
    dueReader(1, 2),
  ],
  [/^(.+?)(?:'s|\s+(?:is|are))\s+(?:now\s+|actually\s+)?(?:on|at|for)\s+(.+?)(?:\s+now)?$/, dueReader(1, 2)],
  [
    new RegExp(
      `^(?:remove|clear|delete|drop|unset|take off|take away|get rid of)\\s+(?:the\\s+)?${DUE_NOUN}\\s+(?:from|of|for|on)\\s+(.+)$`,
    ),
    (m) => ({ ref: m[1] ?? "", changes: { clearDue: true } }),
  ],
  [
    new RegExp(`^(?:no|remove|clear|drop)\\s+(?:the\\s+)?${DUE_NOUN}\\s+(?:for|on|from|of)\\s+(.+)$`),
    (m) => ({ ref: m[1] ?? "", changes: { clearDue: true } }),
  ],
  [
    new RegExp(
      `^(.+?)\\s+(?:has|doesn't have|does not have|needs|doesn't need|does not need|should have)\\s+(?:no|a|any)\\s+${DUE_NOUN}(?:\\s+any ?more)?$`,
    ),
    (m) => ({ ref: m[1] ?? "", changes: { clearDue: true } }),
  ],
  [
    new RegExp(
      `^(?:change|update|set|move|push|shift|edit|make|adjust|modify)\\s+(?:the\\s+)?${DUE_NOUN}\\s+(?:of|for|on)\\s+(.+?)\\s+(?:to|for|as|until|till|on)\\s+(.+)$`,
    ),
    dueReader(1, 2),
  ],
  [new RegExp(`^(?:set|change|update|move|make)\\s+(.+?)(?:'s|s')?\\s+${DUE_NOUN}\\s+(?:to|for|as)\\s+(.+)$`), dueReader(1, 2)],
  [/^(?:do|have|schedule|move|put|make)\s+(.+?)\s+(?:on|for|to|by)\s+(.+?)\s+instead$/, dueReader(1, 2)],
  [new RegExp(`^${MOVE}\\s+(.+?)\\s+(?:back\\s+|out\\s+)?(?:by|for)\\s+(.+)$`), shiftReader],
  [new RegExp(`^${MOVE}\\s+(.+?)\\s+(?:back\\s+|out\\s+|over\\s+)?(?:to|until|till|for|by|on|into|onto)\\s+(.+)$`), dueReader(1, 2)],
  [
    new RegExp(
      `^${DELAY}\\s+(.+?)\\s+(?:back\\s+|out\\s+)?(?:another\\s+)?(${NUMBER_WORD_PATTERN})\\s+(days?|weeks?)(?:\\s+(?:later|more))?$`,
    ),
    (m) => ({ ref: m[1] ?? "", changes: { shiftDays: shiftOf(`${m[2]} ${m[3]}`) ?? 1 } }),
  ],
  [new RegExp(`^${POSTPONE}\\s+(.+)$`), (m) => ({ ref: (m[1] ?? "").replace(/\s+(?:back|out)$/, ""), changes: { shiftDays: 1 } })],
  [
    new RegExp(`^${DELAY}\\s+(.+?)\\s+(?:back|out|along)(?:\\s+a\\s+(?:bit|little))?$`),
    (m) => ({ ref: m[1] ?? "", changes: { shiftDays: 1 } }),
  ],
  // "the report can wait two more days", "the vet visit can wait till friday", "X can wait".
  [
    new RegExp(
      `^(.+?)\\s+(?:can|could|will|may)\\s+(?:easily\\s+|probably\\s+|definitely\\s+)?wait\\s+(?:for\\s+)?(?:another\\s+)?(${NUMBER_WORD_PATTERN})\\s+(?:more\\s+|extra\\s+)?(days?|weeks?)(?:\\s+(?:more|longer))?$`,
    ),
    (m) => ({ ref: m[1] ?? "", changes: { shiftDays: shiftOf(`${m[2]} ${m[3]}`) ?? 1 } }),
  ],
  [/^(.+?)\s+(?:can|could|will|may)\s+(?:easily\s+|probably\s+|definitely\s+)?wait\s+(?:until|till|til|for|to)\s+(.+)$/, dueReader(1, 2)],
  [
    /^(.+?)\s+(?:can|could|will|may)\s+(?:easily\s+|probably\s+|definitely\s+)?wait(?:\s+(?:a bit|a while|for now|for later|longer))?$/,
    (m) => ({ ref: m[1] ?? "", changes: { priority: "low" } }),
  ],
  [/^(?:make|set|have)\s+(.+?)\s+(?:be\s+)?due\s+(.+)$/, dueReader(1, 2)],
  [
    /^(.+?)(?:'s|\s+(?:is|will be|should be|needs to be|has to be|must be|can be))\s+(?:due|done|finished|completed)\s+(.+)$/,
    dueReader(1, 2),
  ],
  [/^(.+?)(?:'s|\s+is)\s+(?:now\s+|actually\s+)?(?:due|happening|scheduled)\s+(.+)$/, dueReader(1, 2)],
  [
    /^(.+?)\s+(?:needs? to|has to|have to|must|should|will|is going to|are going to|can|could|ought to)\s+(?:happen|be done|be finished|be ready|be sent|be in|get done|be completed|be submitted|take place)\s+(.+)$/,
    dueReader(1, 2),
  ],
  [/^(?:due date|deadline|due)\s+(?:for|of)\s+(.+?)(?:\s+(?:is|should be|to)\s+|\s*:\s*)(.+)$/, dueReader(1, 2)],
  // "dentist due date: friday", "essay deadline - monday"
  [new RegExp(`^(.+?)(?:'s|s')?\\s+${DUE_NOUN}\\s*(?::|-|=)\\s*(.+)$`), dueReader(1, 2)],
  // "can the dentist be moved to wednesday?"
  [
    /^(?:can|could|should)\s+(?:we\s+|you\s+)?(.+?)\s+(?:be\s+)?(?:moved|pushed|rescheduled|changed|postponed|shifted|put off|pushed back|delayed|brought forward)\s+(?:back\s+|forward\s+)?(?:to|until|till|for|on)\s+(.+)$/,
    dueReader(1, 2),
  ],
  // "bring the vet visit forward to tomorrow", "move the essay up a day"
  [/^(?:bring|move|pull|push)\s+(.+?)\s+(?:forward|earlier|up|ahead)\s+(?:to|until|till|for|on)\s+(.+)$/, dueReader(1, 2)],
  [
    new RegExp(
      `^(?:bring|move|pull)\\s+(.+?)\\s+(?:forward|earlier|up|ahead)\\s+(?:by\\s+)?((?:${NUMBER_WORD_PATTERN})\\s+(?:days?|weeks?))$`,
    ),
    (m) => ({ ref: m[1] ?? "", changes: { shiftDays: -(shiftOf(m[2] ?? "") ?? 1) } }),
  ],
  // "dentist on friday instead", "set the vet visit for 3pm tomorrow"
  [/^(?!(?:can|could|should)\s)(.+?)\s+(?:on|for|to|by)\s+(.+?)\s+instead$/, dueReader(1, 2)],
  [/^set\s+(?!up\b)(.+?)\s+(?:for|on)\s+(.+)$/, dueReader(1, 2)],
  // priority
  // "lower the vet visit to low priority", "raise the priority of the report", "bump up the essay".
  [
    new RegExp(
      `^(${RAISE}|${LOWER}|de-prioriti[sz]e)\\s+(?:the\\s+)?(?:priority\\s+(?:of|on|for)\\s+)?(.+?)(?:\\s+(?:to|down to|up to)\\s+(.+))?$`,
    ),
    (m) => {
      // "reduce the noise", "up the dose": verbs with other meanings need "priority" or a level.
      if (/^(?:reduce|decrease|increase|up|raise)$/.test(m[1] ?? "") && !m[3] && !/\bpriority\b/.test(m[0])) return null;
      const priority = m[3]
        ? (priorityWord(m[3]) ?? findPriority(m[3])?.priority)
        : new RegExp(`^(?:${LOWER}|de-prioriti[sz]e)$`).test(m[1] ?? "")
          ? "low"
          : "high";
      return priority ? { ref: (m[2] ?? "").replace(/(?:'s|s')\s+priority$|\s+priority$/, ""), changes: { priority } } : null;
    },
  ],
  // "the tax return isn't as important anymore"
  [
    /^(.+?)\s+(?:isn't|is not|aren't|are not)\s+(?:as|that|so)\s+(?:important|urgent|pressing)(?:\s+(?:any ?more|any longer|now|as (?:it was|before)))?$/,
    (m) => ({ ref: m[1] ?? "", changes: { priority: "low" } }),
  ],
  // "can the dentist go to thursday instead?"
  [
    /^(?:can|could)\s+(?:we\s+)?(.+?)\s+(?:go|move|happen|shift|slide)\s+(?:back\s+)?(?:to|on|until|till)\s+(.+?)(?:\s+instead)?$/,
    dueReader(1, 2),
  ],
  // "the garage clean-up is less important now", "the essay is more urgent now".
  [
    /^(.+?)(?:'s|\s+(?:is|are|seems|feels))\s+(?:now\s+|a lot\s+|much\s+|a bit\s+)?(less|more)\s+(?:important|urgent|pressing|of a priority|critical)(?:\s+(?:now|than before|these days|today))?$/,
    (m) => ({ ref: m[1] ?? "", changes: { priority: m[2] === "less" ? "low" : "high" } }),
  ],
  [/^(?:change|set|update|make|put)\s+(?:the\s+)?priority\s+(?:of|for|on)\s+(.+?)\s+(?:to|as|at)\s+(.+)$/, valueReader(1, 2)],
  [/^(?:change|set|update|make|put)\s+(.+?)(?:'s|s')?\s+priority\s+(?:to|as|at)\s+(.+)$/, valueReader(1, 2)],
  // "vet visit priority low", "change tax return priority: medium", "priority of X: high"
  [
    /^(?:(?:change|set|update|make|put)\s+)?(.+?)(?:'s|s')?\s+priority\s*(?::|-|=|is now|is|should be)?\s*(high|low|medium|normal|urgent|top|highest|lowest)$/,
    valueReader(1, 2),
  ],
  [/^priority\s+(?:of|for|on)\s+(.+?)(?:\s*(?::|-|=)\s*|\s+(?:is|should be|to)\s+)(.+)$/, valueReader(1, 2)],
  // "dentist isn't urgent anymore"
  [
    /^(.+?)(?:'s|\s+(?:is|are))?\s+(?:not|isn't|isnt|aren't|no longer)\s+(?:that\s+|very\s+|so\s+)?(?:urgent|important|a priority|high priority)(?:\s+any ?more|\s+any longer|\s+now)?$/,
    (m) => ({ ref: m[1] ?? "", changes: { priority: "low" } }),
  ],
  [
    /^(?:set|make|mark|change|update|put|flag|move|bump|switch|turn|give)\s+(.+?)\s+(?:up\s+|down\s+)?(?:to\s+|as\s+|at\s+|into\s+|a\s+|an\s+)*((?:high|low|medium|normal|top|urgent|important|critical|not urgent|unimportant|highest|lowest)(?:[- ]priority)?)$/,
    valueReader(1, 2),
  ],
  [
    /^(.+?)(?:'s|\s+(?:is|should be|needs to be|is now|is actually|has become|became|got))\s+(?:super\s+|very\s+|really\s+|quite\s+|pretty\s+|extremely\s+|so\s+|now\s+)?((?:a\s+)?(?:high|low|medium|normal|top|urgent|important|critical|not urgent|not important|unimportant)(?:[- ]priority)?)(?:\s+now)?$/,
    valueReader(1, 2),
  ],
  // "no rush on the painting"
  [
    /^(?:there's\s+|there is\s+)?no\s+(?:rush|hurry|need to rush)\s+(?:on|with|for)\s+(.+)$/,
    (m) => ({ ref: m[1] ?? "", changes: { priority: "low" } }),
  ],
  // generic: "change X to Y", "set X to Y", "make X Y" where Y is a date, priority or status
  // "actually make that thursday", "change it to next week".
  [
    /^(?:make|change|move|switch|put|set|do)\s+(it|that|this|that one|this one)\s+(?:to\s+|for\s+|on\s+|as\s+)?(.+)$/,
    (m, ctx) => {
      const changes = readValue(m[2] ?? "", ctx.clock);
      return changes ? { ref: m[1] ?? "it", changes } : null;
    },
  ],
  [/^(?:change|update|edit|modify|move)\s+(.+?)\s+(?:back\s+)?(?:to|for|as|into)\s+(.+)$/, genericReader],
  [/^(?:set|switch|turn|put)\s+(.+?)\s+(?:back\s+)?(?:to|as|into)\s+(.+)$/, genericReader],
];

function valueReader(refGroup: number, valueGroup: number): Reader {
  return (m, ctx) => {
    const changes = readValue(m[valueGroup] ?? "", ctx.clock);
    return changes ? { ref: m[refGroup] ?? "", changes } : null;
  };
}

function dueReader(refGroup: number, valueGroup: number): Reader {
  return (m, ctx) => {
    const value = (m[valueGroup] ?? "").replace(/^(?:by|on|for|until|to)\s+/, "");
    const changes = readValue(value, ctx.clock);
    return changes && (changes.due || changes.clearDue) ? { ref: m[refGroup] ?? "", changes } : null;
  };
}

/** "X urgent and due monday": the shortest reference after which the rest reads as changes. */
function compoundReader(m: RegExpExecArray, ctx: ReadContext): ReturnType<Reader> {
  const words = (m[1] ?? "").split(/\s+/);
  for (let i = 1; i < words.length; i++) {
    const value = words
      .slice(i)
      .join(" ")
      .replace(/^(?:to|as|for|at|be)\s+/, "");
    const changes = readValue(value, ctx.clock);
    // Two or more changes, or one after a pronoun; single changes have their own readers.
    if (changes && (Object.keys(changes).length > 1 || /^(?:it|that|this)$/.test(words.slice(0, i).join(" ")))) {
      return { ref: words.slice(0, i).join(" "), changes };
    }
  }
  return null;
}

function shiftOf(text: string): number | null {
  const m = new RegExp(`^(?:another\\s+)?(${NUMBER_WORD_PATTERN})\\s+(days?|weeks?)$`).exec(text.trim());
  if (!m) return /^(?:a day|one day|another day)$/.test(text.trim()) ? 1 : null;
  const n = numberFrom(m[1] ?? "") ?? 1;
  return (m[2] ?? "").startsWith("week") ? n * 7 : n;
}

function shiftReader(m: RegExpExecArray, ctx: ReadContext): ReturnType<Reader> {
  const shift = shiftOf(m[2] ?? "");
  if (shift !== null) return { ref: m[1] ?? "", changes: { shiftDays: shift } };
  return dueReader(1, 2)(m, ctx);
}

function genericReader(m: RegExpExecArray, ctx: ReadContext): ReturnType<Reader> {
  const changes = readValue(m[2] ?? "", ctx.clock);
  if (changes) return { ref: m[1] ?? "", changes };
  // "change X to Y" with a plain phrase is a rename, but only for change/update/edit.
  if (/^(?:change|update|edit|modify)\s/.test(m[0]) && !/\b(?:priority|due|deadline)\b/.test(m[2] ?? "")) {
    return { ref: m[1] ?? "", changes: { title: title(keepCase(ctx, m[2] ?? "")) } };
  }
  return null;
}

/** An edit request, or null. `text` is lower-case; `originalText` keeps the user's casing. */
export function readUpdate(text: string, originalText: string, clock: Clock): Intent | null {
  const ctx = { clock, original: originalText };
  // An add command ("add book flights, it's important") is not an edit, unless it adds a note.
  const addsNote =
    /^(?:add|put|attach|write|leave|give)\s+(?:a\s+|an\s+|the\s+|this\s+|some\s+)?(?:description|desc|notes?|details?|comment)\b/.test(
      text,
    );
  const reminder = remindBefore(text);
  const reminded = reminder ? refFrom(reminder.ref) : null;
  if (reminder && reminded) return { type: "update", ref: reminded, changes: reminder.changes };
  if (
    !addsNote &&
    /^(?:add|create|remind me|new (?:task|todo|reminder)|todo|to-do|jot|note down|note to self|memo|make a (?:task|todo|reminder|note))\b/.test(
      text,
    )
  )
    return null;
  // "set its priority to low": the possessive readers expect "it's".
  const t = text.replace(/\bits\s+(?=(?:priority|due|deadline|title|name|description|notes?|date)\b)/, "it's ");
  for (const [re, read] of READERS) {
    const m = re.exec(t);
    if (!m) continue;
    const result = read(m, ctx);
    if (!result) continue;
    // "fix the boiler, it's urgent": a new to-do with a priority, not an edit of "fix the boiler, it".
    if (/,\s*(?:it|this|that)$/.test(result.ref.trim())) continue;
    // "what is due today?" is a question, not an edit of a task called "what".
    if (/^(?:what|which|anything|something|everything|who|how|when|where|i|we|you)\b/.test(result.ref)) continue;
    // "that's important" (about the task just mentioned) re-prioritises it; "that's fine" is not an edit.
    const onlyPriority = result.changes.priority !== undefined && Object.keys(result.changes).length === 1;
    if (
      /^(?:that|this|that one|this one)$/.test(result.ref.trim()) &&
      (onlyPriority || /^(?:make|change|move|switch|put|set|do)\s/.test(t))
    ) {
      return { type: "update", ref: { kind: "pronoun" }, changes: result.changes };
    }
    if (/^(?:a|an|the|this|that|my|new|another)$/.test(result.ref.trim())) continue;
    // "vets called, groomer isnt important": a part that says something was done is not a second task to change.
    if (result.ref.includes(",") && result.ref.split(",").some((part) => baseOfPast(part.trim().split(" ").at(-1) ?? "") !== null))
      continue;
    const ref = refFrom(result.ref);
    if (!ref) continue;
    return { type: "update", ref, changes: result.changes };
  }
  return null;
}
