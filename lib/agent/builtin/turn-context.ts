/** What one planning step reads (planner.ts builds it; replies.ts reads it): its own file so neither imports the other. */
import type { Clock } from "@/lib/task-line/clock";
import type { Intent } from "./intents/types";
import type { ConversationEvent } from "./prompt-reader";

export type TurnContext = {
  clock: Clock;
  history: ConversationEvent[];
  turn: ConversationEvent[];
  userText: string;
  intents: Intent[];
  available: Set<string>;
};
