/**
 * Before the model runs: reads the conversation from the database and decides what this turn
 * is — a new message, or an answer to the pending delete (button/API confirmation or a typed
 * "yes"/"no"). Saves the user's message first, so it survives any model failure.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { UIMessage } from "ai";
import { AppError } from "@/lib/errors";
import { loadMessages, saveMessage } from "@/lib/conversations";
import { cancelPendingApprovals, classifyTypedReply, DENIED_REASON, findPendingApprovals, respondToApprovals } from "@/lib/agent/confirmation";
import { windowMessages } from "@/lib/agent/history";
import type { TurnInput } from "@/lib/agent/request";

export type TurnMode = "message" | "confirmation" | "typed_confirmation";

export type TurnPlan = {
  mode: TurnMode;
  /** The conversation as the UI stream continues it (its last message decides continuation). */
  originalMessages: UIMessage[];
  /** What the model sees (windowed; a typed "yes" itself is left out — the approval says it). */
  modelMessages: UIMessage[];
  /** The assistant message whose approvals this turn answers (typed path: saved again at the end). */
  answered: UIMessage | null;
  answeredToolCallIds: Set<string>;
};

function userMessage(text: string): UIMessage {
  return { id: randomUUID(), role: "user", parts: [{ type: "text", text }] };
}

export async function planTurn({ conversationId, input, historyLimit }: { conversationId: string; input: TurnInput; historyLimit: number }): Promise<TurnPlan> {
  // One extra message so the window can drop a leading assistant message and still hold N.
  const history = await loadMessages({ conversationId, last: historyLimit + 1 });
  const last = history.at(-1);
  const before = history.slice(0, -1);
  const pending = findPendingApprovals(last);

  const decision =
    input.kind === "confirmation"
      ? input.approved
      : pending.length
        ? (() => {
            const typed = classifyTypedReply(input.text);
            return typed === null ? null : typed === "approve";
          })()
        : null;

  if (input.kind === "confirmation" && !pending.some((p) => p.approvalId === input.approvalId)) {
    // Never issued here, already answered, or another user's/conversation's id: all look the same.
    throw new AppError("not_found:confirmation", "There is no pending confirmation with this id.");
  }

  if (decision !== null && last) {
    // One proposal may hold several deletes; the answer applies to all of them.
    const ids = pending.map((p) => p.approvalId);
    const answered = respondToApprovals(last, ids, { approved: decision, reason: decision ? undefined : DENIED_REASON });
    const answeredToolCallIds = new Set(pending.map((p) => p.toolCallId));
    const modelMessages = windowMessages([...before, answered], historyLimit);
    if (input.kind === "confirmation") {
      return { mode: "confirmation", originalMessages: [...before, answered], modelMessages, answered, answeredToolCallIds };
    }
    const typed = userMessage(input.text);
    await saveMessage({ conversationId, message: typed });
    return { mode: "typed_confirmation", originalMessages: [...before, answered, typed], modelMessages, answered, answeredToolCallIds };
  }

  if (input.kind !== "message") throw new AppError("not_found:confirmation");
  let previous = history;
  if (last && pending.length) {
    // Anything else than yes/no cancels the proposal: nothing is deleted, and the model is told so.
    const cancelled = cancelPendingApprovals(last);
    await saveMessage({ conversationId, message: cancelled });
    previous = [...before, cancelled];
  }
  const message = userMessage(input.text);
  await saveMessage({ conversationId, message });
  const all = [...previous, message];
  return { mode: "message", originalMessages: all, modelMessages: windowMessages(all, historyLimit), answered: null, answeredToolCallIds: new Set() };
}
