/** Priority words in everyday English ("urgent", "whenever", "top priority", "no rush"). */
import type { Span } from "./dates";

export type Priority = "low" | "medium" | "high";

const LEAD =
  "(?:(?:with|as|at|of|a|an|is|set to|marked|make it|it's|its|it is|priority|quite|pretty|fairly|very|really|super|kinda|bit|rather|well)\\s+)*";

const PATTERNS: Array<{ re: RegExp; priority: Priority }> = [
  {
    re: new RegExp(
      `${LEAD}(?:not (?:urgent|important)|no rush|no hurry|low[- ]?(?:priority|prio|pri)|priority[:\\s]+low|unimportant|whenever(?: i (?:can|get a chance|have time))?|someday|some day|eventually|(?:when|whenever|if) (?:i|we) (?:get|have|find) (?:a )?(?:spare )?(?:chance|moment|minute|sec|second|time|round to it)|if i have time|not a priority|lowest priority)`,
    ),
    priority: "low",
  },
  {
    re: new RegExp(
      `${LEAD}(?:high[- ]?(?:priority|prio|pri)|top[- ]priority|highest priority|priority[:\\s]+high|urgent(?:ly)?|important|asap|as soon as possible|critical|a priority|super important|very important)`,
    ),
    priority: "high",
  },
  {
    re: new RegExp(
      `${LEAD}(?:medium[- ]?(?:priority|prio|pri)?|normal[- ]priority|regular priority|mid[- ]priority|average priority|priority[:\\s]+(?:medium|normal))`,
    ),
    priority: "medium",
  },
];

export type PriorityMatch = { priority: Priority; span: Span };

/** Finds a priority expression in lower-case text (word-bounded). */
export function findPriority(text: string): PriorityMatch | null {
  let best: PriorityMatch | null = null;
  for (const { re, priority } of PATTERNS) {
    const global = new RegExp(re.source, "g");
    let m: RegExpExecArray | null;
    while ((m = global.exec(text))) {
      const before = text[m.index - 1];
      const after = text[m.index + m[0].length];
      if ((!before || /[^a-z0-9]/.test(before)) && (!after || /[^a-z0-9]/.test(after))) {
        if (!best || m.index < best.span.index) best = { priority, span: { index: m.index, length: m[0].length } };
        break;
      }
      global.lastIndex = m.index + 1;
    }
  }
  return best;
}

/** A priority named alone ("high", "urgent", "low priority"), for "set X to …". */
export function priorityWord(text: string): Priority | null {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/^(?:a|an|the)\s+/, "")
    .replace(/\s+(?:priority|prio|one)$/, "");
  if (/^(?:high|highest|top|urgent|important|critical|asap|max|maximum|very important|super important)$/.test(t)) return "high";
  if (/^(?:low|lowest|not urgent|unimportant|minimal|min|minimum|not important|no rush)$/.test(t)) return "low";
  if (/^(?:medium|normal|regular|mid|average|default|standard)$/.test(t)) return "medium";
  return null;
}
