/**
 * The bodies of POST /api/chat and POST /api/agent (API.md), validated and reduced to one
 * TurnInput. History in a body is never trusted: from useChat's default body only the last
 * message is read, and only as the user's new words or an approval answer.
 */
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { MAX_MESSAGE_CHARS } from "@/lib/limits";
import { timeZoneSchema } from "@/lib/tasks/schema";

/**
 * What a turn answers: a new message (`edit`: it replaces the conversation's last user message),
 * an answer to one pending confirmation, or `regenerate` (a new answer to the last user message).
 * Editing and regenerating first undo the task changes of the answer they replace.
 */
export type TurnInput =
  | { kind: "message"; text: string; edit?: true }
  | { kind: "confirmation"; approvalId: string; approved: boolean }
  | { kind: "regenerate" };

const confirmationSchema = z.object({ id: z.string().min(1).max(128), approved: z.boolean() }).strict();
const requestIdSchema = z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/, "must be 1..128 letters, digits or . _ : -");
const modelSchema = z.string().min(1).max(128);

/** A UI message as sent by useChat; checked further by `userText`. */
const uiMessageSchema = z.object({
  id: z.string().max(128).optional(),
  role: z.string().max(32),
  parts: z.array(z.looseObject({ type: z.string().max(64) })).max(50),
  metadata: z.unknown().optional(),
});

export const chatBodySchema = z
  .object({
    id: z.uuid({ message: "must be a UUID" }),
    message: uiMessageSchema.optional(),
    confirmation: confirmationSchema.optional(),
    timezone: timeZoneSchema.optional(),
    model: modelSchema.optional(),
    // What useChat's DefaultChatTransport sends when no prepareSendMessagesRequest is set.
    messages: z.array(uiMessageSchema).max(1000).optional(),
    trigger: z.enum(["submit-message", "regenerate-message"]).optional(),
    messageId: z.string().max(128).optional(),
    /** With `message`: it replaces the last user message (whose answer is undone first). */
    edit: z.boolean().optional(),
    /** A new answer to the last user message (the previous answer's changes are undone first). */
    regenerate: z.boolean().optional(),
  })
  .strict();
export type ChatBody = z.infer<typeof chatBodySchema>;

export const agentBodySchema = z
  .object({
    message: z.string().optional(),
    conversationId: z.uuid({ message: "must be a UUID" }).optional(),
    confirmation: confirmationSchema.optional(),
    requestId: requestIdSchema.optional(),
    timezone: timeZoneSchema.optional(),
    model: modelSchema.optional(),
    edit: z.boolean().optional(),
    regenerate: z.boolean().optional(),
  })
  .strict();
export type AgentBody = z.infer<typeof agentBodySchema>;

function checkedText(text: string): string {
  if (text.length > MAX_MESSAGE_CHARS) throw new AppError("too_large:message", `message: must be at most ${MAX_MESSAGE_CHARS} characters`);
  const trimmed = text.trim();
  if (!trimmed) throw new AppError("bad_request:message", "message: must not be empty");
  return trimmed;
}

type UIMessageBody = z.infer<typeof uiMessageSchema>;

/** The words of a new user message; anything else (assistant/system/tool roles, files, tool parts) is refused. */
function userText(message: UIMessageBody): string {
  if (message.role !== "user") throw new AppError("bad_request:message", "message: only a user message can be sent");
  const texts: string[] = [];
  for (const part of message.parts) {
    if (part.type === "step-start") continue;
    if (part.type !== "text" || typeof part.text !== "string")
      throw new AppError("bad_request:message", "message: only text parts can be sent");
    texts.push(part.text);
  }
  return checkedText(texts.join("\n"));
}

/** An approval answered in the UI (useChat's addToolApprovalResponse), read from the last message. */
function answeredApproval(message: UIMessageBody): TurnInput | null {
  if (message.role !== "assistant") return null;
  for (const part of message.parts) {
    const approval = (part as { state?: unknown; approval?: { id?: unknown; approved?: unknown } }).approval;
    if (
      (part as { state?: unknown }).state === "approval-responded" &&
      typeof approval?.id === "string" &&
      typeof approval.approved === "boolean"
    ) {
      return { kind: "confirmation", approvalId: approval.id, approved: approval.approved };
    }
  }
  return null;
}

const edited = (text: string, edit: boolean | undefined): TurnInput =>
  edit ? { kind: "message", text, edit: true } : { kind: "message", text };

export function chatTurnInput(body: ChatBody): TurnInput {
  if (body.confirmation && (body.message || body.messages))
    throw new AppError("bad_request:api", "send either message or confirmation, not both");
  if (body.regenerate && (body.confirmation || body.message || body.edit))
    throw new AppError("bad_request:api", "regenerate: send it alone");
  if (body.regenerate) return { kind: "regenerate" };
  if (body.confirmation) return { kind: "confirmation", approvalId: body.confirmation.id, approved: body.confirmation.approved };
  if (body.message) return edited(userText(body.message), body.edit);
  // useChat's default body: regenerate({ messageId }) names the answer it replaces; without one
  // (a retry after a refused request) the last user message is simply sent again.
  if (body.trigger === "regenerate-message" && body.messageId) return { kind: "regenerate" };
  const last = body.messages?.at(-1);
  if (!last) throw new AppError("bad_request:api", "message: required");
  return answeredApproval(last) ?? edited(userText(last), body.edit);
}

export function agentTurnInput(body: AgentBody): TurnInput {
  if (body.confirmation && body.message !== undefined)
    throw new AppError("bad_request:api", "send either message or confirmation, not both");
  if (body.regenerate) {
    if (body.confirmation || body.message !== undefined || body.edit) throw new AppError("bad_request:api", "regenerate: send it alone");
    if (!body.conversationId) throw new AppError("bad_request:api", "conversationId: required with regenerate");
    return { kind: "regenerate" };
  }
  if (body.edit && !body.conversationId) throw new AppError("bad_request:api", "conversationId: required with edit");
  if (body.confirmation) {
    if (!body.conversationId) throw new AppError("bad_request:api", "conversationId: required with confirmation");
    return { kind: "confirmation", approvalId: body.confirmation.id, approved: body.confirmation.approved };
  }
  if (body.message === undefined) throw new AppError("bad_request:api", "message: required");
  return edited(checkedText(body.message), body.edit);
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's request id (body, then X-Request-Id header) or a fresh one. */
export function requestIdFor(request: Request, fromBody?: string): string {
  if (fromBody) return fromBody;
  const header = request.headers.get("x-request-id");
  return header && REQUEST_ID.test(header) ? header : crypto.randomUUID();
}
