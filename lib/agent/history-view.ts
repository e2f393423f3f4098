/**
 * The conversation as POST /api/agent returns it in `messages` — the seeds' message history:
 * `{ role, content }` per message, oldest first, with the tool calls an assistant message made.
 * Built from the stored UI messages (what the chat shows), never from the model's own copy.
 */
import type { UIMessage } from "ai";

/** The most messages `messages` carries (the seeds' "max conversation history: 50 messages"). */
export const HISTORY_VIEW_LIMIT = 50;

export type HistoryToolCall = {
  toolName: string;
  input: unknown;
  /** done: it ran (see `success`); failed: it threw or never ran; denied: the user said no; awaiting_confirmation: waits for the user. */
  state: "done" | "failed" | "denied" | "awaiting_confirmation";
  output: unknown;
  /** The tool result's `ok` (false for a failure the tool reported, e.g. not_found). */
  success: boolean;
};

export type HistoryMessage = { id: string; role: "user" | "assistant"; content: string; toolCalls: HistoryToolCall[] };

type ToolPart = { type: string; toolName?: string; state?: string; input?: unknown; output?: unknown };

function toolCallOf(part: ToolPart): HistoryToolCall | null {
  const toolName = part.type === "dynamic-tool" ? part.toolName : part.type.startsWith("tool-") ? part.type.slice(5) : undefined;
  if (!toolName) return null;
  const output = part.state === "output-available" ? (part.output ?? null) : null;
  const state: HistoryToolCall["state"] =
    part.state === "output-available"
      ? "done"
      : part.state === "output-denied"
        ? "denied"
        : part.state === "approval-requested" || part.state === "approval-responded"
          ? "awaiting_confirmation"
          : "failed"; // output-error, or a call that never ran (its turn ended first)
  const success = state === "done" && (output as { ok?: unknown } | null)?.ok !== false;
  return { toolName, input: part.input ?? null, state, output, success };
}

/** One stored message as the seeds' history entry (system messages are not part of it). */
export function toHistoryMessage(message: UIMessage): HistoryMessage | null {
  if (message.role !== "user" && message.role !== "assistant") return null;
  const texts: string[] = [];
  const toolCalls: HistoryToolCall[] = [];
  for (const part of message.parts as ToolPart[]) {
    if (part.type === "text") texts.push((part as unknown as { text: string }).text);
    else {
      const call = toolCallOf(part);
      if (call) toolCalls.push(call);
    }
  }
  return { id: message.id, role: message.role, content: texts.join("\n\n").trim(), toolCalls };
}

/** The newest `limit` messages as history; `truncated` when older ones were left out. */
export function historyView(messages: UIMessage[], limit = HISTORY_VIEW_LIMIT): { messages: HistoryMessage[]; truncated: boolean } {
  const all = messages.map(toHistoryMessage).filter((m): m is HistoryMessage => m !== null);
  return { messages: all.slice(-limit), truncated: all.length > limit };
}
