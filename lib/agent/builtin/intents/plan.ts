/**
 * Requests the assistant cannot carry out as asked: "help me plan my week", "organise my day",
 * "what should I focus on today?". Nothing is added or changed; the assistant shows what is on
 * the list for that span, which is what such a plan starts from.
 */
import { verbs } from "../lexicon";
import type { Intent, ListFilter } from "./types";

const SPAN =
  "(?:day|today|week|weekend|morning|afternoon|evening|month|time|schedule|tasks|to-?do list|list|priorities|workload|life|diary|calendar|agenda)";
const PLAN = new RegExp(
  `^(?:(?:can|could|would|will)\\s+(?:you|u)\\s+)?(?:please\\s+)?(?:help\\s+(?:me|us)\\s+(?:to\\s+)?|i\\s+(?:need|want|would like|'d like)\\s+(?:help\\s+|you\\s+)?(?:to\\s+)?)?(?:${verbs("plan", "base")}|get\\s+organi[sz]ed\\s+(?:for|with)|figure\\s+out|work\\s+out|make\\s+(?:a|me\\s+a)\\s+plan\\s+for)\\s+(?:my|the|our|this|next|today's)\\s+(?:whole\\s+|entire\\s+|coming\\s+)?(${SPAN})\\b.*$|^(?:help\\s+me\\s+(?:get\\s+organi[sz]ed|be\\s+(?:more\\s+)?productive|focus|prioriti[sz]e|decide)|what\\s+should\\s+i\\s+(?:focus\\s+on|prioriti[sz]e|tackle|start\\s+with)(?:\\s+(?:first|next|today|now|this\\s+week))?|make\\s+me\\s+a\\s+(?:plan|schedule|timetable|routine))\\b.*$`,
);

function spanFilter(span: string, text: string): ListFilter {
  if (/week|month/.test(span) || /\bweek\b/.test(text)) return { status: "pending", due: "this_week" };
  if (/day|today|morning|afternoon|evening/.test(span) || /\btoday\b/.test(text)) return { status: "pending", due: "today" };
  return { status: "pending" };
}

export function readPlan(text: string): Intent | null {
  const m = PLAN.exec(text);
  return m ? { type: "plan", filter: spanFilter(m[1] ?? "", text) } : null;
}
