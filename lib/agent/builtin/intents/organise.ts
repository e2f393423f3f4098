/**
 * Organising requests: new lists ("create a list called Garden", "new list: groceries") and
 * subtasks ("add pack with subtasks passport and charger", "add a step to move house: book the
 * van", "break plan the party into steps: cake, music"). Any other request about lists, labels
 * or steps that these cannot read is answered, never turned into a task.
 */
import { trimPunctuation } from "@/lib/task-line/text";
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

/** "which lists do I have?", "show my lists". */
export function readLists(original: string): Intent | null {
  const t = trimPunctuation(original);
  return /^(?:which|what)\s+lists\b|^(?:show|list)\s+(?:me\s+)?(?:all\s+)?(?:my|the)\s+lists$/i.test(t) ? { type: "lists" } : null;
}

export function readOrganise(original: string): Intent | null {
  const t = trimPunctuation(original);
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
  if (ORGANISE_WORDS.test(t)) return { type: "say", kind: "organise" };
  return null;
}
