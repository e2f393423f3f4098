/** What one planning step reads (planner.ts builds it; replies.ts reads it): its own file so neither imports the other. */
import type { Clock } from "@/lib/task-line/clock";
import type { Intent } from "./intents/types";
import type { ConversationEvent, ToolResultEvent } from "./prompt-reader";

export type TurnContext = {
  clock: Clock;
  history: ConversationEvent[];
  turn: ConversationEvent[];
  userText: string;
  intents: Intent[];
  available: Set<string>;
};

/** The names of the user's lists, when this turn looked them up (`list_lists`). */
export function listsOfTurn(ctx: TurnContext): string[] | null {
  const r = ctx.turn.find((e): e is ToolResultEvent => e.kind === "result" && e.name === "list_lists");
  if (!r || r.outcome.kind !== "ok") return null;
  const lists = (r.outcome.value as { lists?: unknown }).lists;
  return Array.isArray(lists) ? lists.flatMap((l) => (typeof l?.name === "string" ? [l.name as string] : [])) : [];
}
