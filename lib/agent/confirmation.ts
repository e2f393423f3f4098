/**
 * Pending approvals live in the conversation's last assistant message (AI SDK approval parts, as
 * stored in the database); what each one is bound to, and whether it was already answered or
 * run, lives in its ToolInvocation row (lib/conversations/tool-calls.ts). Answering one — by
 * button, API `confirmation` or a typed "yes"/"no" — only ever touches approvals found there, so
 * a forged or replayed id matches nothing.
 */
import { getToolName, isToolUIPart, type UIMessage, type UIMessageChunk } from "ai";

export type PendingApproval = { approvalId: string; toolCallId: string; toolName: string; input: unknown };

export const CANCELLED_REASON = "The user moved on without confirming, so nothing was changed.";
export const DENIED_REASON = "The user said no, so nothing was changed.";
export const EXPIRED_REASON = "This request can no longer be confirmed, so nothing was changed. Ask again if it is still wanted.";

export function findPendingApprovals(message: UIMessage | undefined): PendingApproval[] {
  if (!message || message.role !== "assistant") return [];
  const pending: PendingApproval[] = [];
  for (const part of message.parts) {
    if (isToolUIPart(part) && part.state === "approval-requested") {
      pending.push({ approvalId: part.approval.id, toolCallId: part.toolCallId, toolName: getToolName(part), input: part.input });
    }
  }
  return pending;
}

const YES_WORD =
  "(?:y|yes|yep|yeah|yeh|yea|yup|ya|ye|yh|aye|mhm|sure|ok|okay|k|absolutely|definitely|defo|certainly|of course|confirm(?:ed)?|approved?|affirmative|correct|alright|all right|fine|please|pls)";
const DELETE_TARGET = "(?: it| them| all| both| all of them| that| those| that one)?";
const YES_TAIL = `(?:${YES_WORD}|do|then|thanks|thank you|ta|go ahead|go on|go for it|do it|(?:delete|remove|bin|ditch|scrap|get rid of)${DELETE_TARGET}|get rid|thats fine|fine by me|sounds good|why not|thing|mate|cool|absolutely|definitely|i am sure|im sure)`;
/** Whole answers that open with no yes word: "go for it", "why not", "sounds good", "course". */
const YES_LEAD =
  "(?:do it|go ahead|go on|go for it|please do|proceed|why not|sounds good|cool|course|totally|fine by me|(?:delete|remove|bin|ditch|scrap)(?: it| them| that| that one)?)";
const APPROVE = new RegExp(`^(?:${YES_WORD}|${YES_LEAD})(?: ${YES_TAIL})*$`);
const NO_WORD = "(?:n|no|nope|nah|nay|cancel|stop|abort|wait|hold on|never ?mind|forget it|leave it|not now|not yet|dont|do not)";
/** Words a no may open with: "hmm no leave it", "actually no". */
const NO_LEAD = "(?:(?:hmm+|actually|oh|um+|erm+|ah|sorry|on second thoughts?) )?";
const KEEP = "(?:keep(?: it| them| both| that| that one)?|(?:dont|do not)(?: delete| remove)?(?: it| them| that)?(?: do it)?)";
const NO_TAIL = `(?:no|please|thanks|thank you|${KEEP}|cancel|stop|leave it|wait|never ?mind|forget it|not now|not yet|changed my mind|i changed my mind|dont bother|for now|ur alright|youre alright|mate)`;
const DENY = new RegExp(`^${NO_LEAD}(?:${NO_WORD}(?: ${NO_TAIL})*|${KEEP}(?: please)?)$`);

/**
 * A typed answer to a pending delete: "yes", "Yes, delete them!", "absolutely", "go ahead" →
 * approve; "no", "cancel", "keep it", "don't delete it" → deny; anything else → null (the
 * pending delete is cancelled and the message handled as a new request).
 */
export function classifyTypedReply(text: string): "approve" | "deny" | null {
  const words = text
    .toLowerCase()
    .replace(/[’']/g, "")
    .replace(/[^a-z\s]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  if (!words.length || words.length > 8) return null;
  const phrase = words.join(" ");
  if (DENY.test(phrase)) return "deny";
  if (APPROVE.test(phrase)) return "approve";
  return null;
}

type Decision = { approved: boolean; reason?: string };

/** The message with the given pending approvals answered (state `approval-responded`). */
export function respondToApprovals(message: UIMessage, approvalIds: string[], decision: Decision): UIMessage {
  return {
    ...message,
    parts: message.parts.map((part) => {
      if (!isToolUIPart(part) || part.state !== "approval-requested" || !approvalIds.includes(part.approval.id)) return part;
      return {
        ...part,
        state: "approval-responded",
        approval: { id: part.approval.id, approved: decision.approved, ...(decision.reason ? { reason: decision.reason } : {}) },
      } as unknown as typeof part;
    }),
  };
}

/** Every still-pending approval (except `keep`) becomes a final denial (the user moved on). */
export function cancelPendingApprovals(message: UIMessage, keep: ReadonlySet<string> = new Set()): UIMessage {
  return {
    ...message,
    parts: message.parts.map((part) => {
      if (!isToolUIPart(part) || part.state !== "approval-requested" || keep.has(part.toolCallId)) return part;
      return {
        ...part,
        state: "output-denied",
        approval: { id: part.approval.id, approved: false, reason: CANCELLED_REASON },
      } as unknown as typeof part;
    }),
  };
}

/** The message with these tool parts settled by their output chunks (available, error or denied). */
export function settleParts(message: UIMessage, chunks: Map<string, UIMessageChunk>): UIMessage {
  if (!chunks.size) return message;
  return {
    ...message,
    parts: message.parts.map((part) => {
      if (!isToolUIPart(part)) return part;
      const chunk = chunks.get(part.toolCallId);
      if (chunk?.type === "tool-output-available")
        return { ...part, state: "output-available", output: chunk.output } as unknown as typeof part;
      if (chunk?.type === "tool-output-error")
        return { ...part, state: "output-error", errorText: chunk.errorText } as unknown as typeof part;
      if (chunk?.type === "tool-output-denied") return { ...part, state: "output-denied" } as unknown as typeof part;
      return part;
    }),
  };
}
