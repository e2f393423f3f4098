/**
 * Pending delete approvals live in the conversation's last assistant message (AI SDK approval
 * parts, as stored in the database). Answering one — by button, API `confirmation` or a typed
 * "yes"/"no" — only ever touches approvals found there, so a forged or replayed id matches nothing.
 */
import { getToolName, isToolUIPart, type UIMessage } from "ai";

export type PendingApproval = { approvalId: string; toolCallId: string; toolName: string; input: unknown };

export const CANCELLED_REASON = "The user moved on without confirming, so nothing was changed.";
export const DENIED_REASON = "The user said no, so nothing was changed.";

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

const APPROVE = /^(y|yes|yep|yeah|yup|sure|ok|okay|confirm|confirmed|approve|approved|do it|go ahead|delete|delete it|delete them|delete all|delete both)$/;
const DENY = /^(n|no|nope|nah|cancel|stop|dont|do not|keep|keep it|keep them|keep both|never mind|nevermind|no thanks|no thank you)$/;

/** "yes", "Yes, delete them!", "do it" → approve; "no", "cancel", "keep it" → deny; else null. */
export function classifyTypedReply(text: string): "approve" | "deny" | null {
  const words = text
    .toLowerCase()
    .replace(/[’']/g, "")
    .replace(/[^a-z\s]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  if (!words.length || words.length > 6) return null;
  const phrase = words.join(" ");
  if (APPROVE.test(phrase)) return "approve";
  if (DENY.test(phrase)) return "deny";
  // "yes please", "yes delete them", "ok do it", "no keep it", "no thanks": a yes/no word followed by a plain answer.
  const [first, ...rest] = words;
  const restPhrase = rest.join(" ");
  const tail = rest.length === 0 || /^(please|thanks|thank you|delete( it| them| all| both| all of them)?|do it|go ahead|confirm|keep( it| them| both)?|dont|do not|cancel)( please)?$/.test(restPhrase);
  if (tail && first && /^(yes|yep|yeah|sure|ok|okay)$/.test(first) && !/^(keep|dont|do not|cancel)/.test(restPhrase)) return "approve";
  if (tail && first && /^(no|nope|nah)$/.test(first) && !/^(delete|do it|go ahead|confirm)/.test(restPhrase)) return "deny";
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

/** Every still-pending approval becomes a final denial (the user moved on). */
export function cancelPendingApprovals(message: UIMessage): UIMessage {
  return {
    ...message,
    parts: message.parts.map((part) => {
      if (!isToolUIPart(part) || part.state !== "approval-requested") return part;
      return { ...part, state: "output-denied", approval: { id: part.approval.id, approved: false, reason: CANCELLED_REASON } } as unknown as typeof part;
    }),
  };
}
