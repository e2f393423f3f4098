/**
 * The chat transport: sends exactly what /api/chat accepts — the new (or edited) user message,
 * the answer to one pending confirmation, or a regenerate request — never the history (the
 * server loads that itself). Failed
 * requests become ApiErrors carrying status and Retry-After; a 401 goes to the sign-in page.
 */
import type { UIMessage } from "ai";
import { ApiError, toApiError } from "@/lib/ui/api";
import { isToolUIPart } from "@/lib/ui/ui-message-stream";
import type { ChatTransport, ChatTrigger } from "@/components/chat/use-chat";

/** The approval the user just answered in the last assistant message, if any. */
export function answeredApproval(messages: UIMessage[]): { id: string; approved: boolean } | null {
  const last = messages[messages.length - 1];
  if (last?.role !== "assistant") return null;
  for (let i = last.parts.length - 1; i >= 0; i--) {
    const part = last.parts[i];
    if (part && isToolUIPart(part) && part.state === "approval-responded")
      return { id: part.approval.id, approved: part.approval.approved };
  }
  return null;
}

async function chatFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError("Couldn't reach the server. Check your connection and try again.", 0);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** The body of POST /api/chat for one request of the chat. */
export function chatRequestBody(
  { id, messages, trigger, messageId }: { id: string; messages: UIMessage[]; trigger: ChatTrigger; messageId: string | undefined },
  timeZone: string | undefined,
  picked: string | undefined,
): Record<string, unknown> {
  const confirmation = answeredApproval(messages);
  if (confirmation) return { id, confirmation };
  const options = { timezone: timeZone, ...(picked ? { model: picked } : {}) };
  // The Regenerate button names the answer it replaces; a plain retry (no answer shown) resends the message.
  if (trigger === "regenerate-message" && messageId) return { id, regenerate: true, ...options };
  const message = messages.findLast((m) => m.role === "user");
  // Editing the last message: it replaces the server's last user message (and that answer's changes are undone).
  const edit = trigger === "submit-message" && messageId !== undefined && messageId === message?.id;
  return { id, message, ...options, ...(edit ? { edit: true } : {}) };
}

/**
 * `timeZone` is the user's saved one, so chat, panel and filters agree on what "tomorrow" is;
 * `model` is read when a message is sent (the picker may change between messages).
 */
export function createChatTransport(timeZone: string | undefined, model: () => string | undefined = () => undefined): ChatTransport {
  return {
    async send({ signal, ...request }) {
      const response = await chatFetch("/api/chat", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(chatRequestBody(request, timeZone, model())),
        signal,
      });
      if (!response.body) throw new Error("The response body is empty.");
      return response.body;
    },
  };
}
