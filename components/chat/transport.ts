/**
 * The chat transport: sends exactly what /api/chat accepts — the new user message, or the answer
 * to a pending delete confirmation — never the history (the server loads that itself). Failed
 * requests become ApiErrors carrying status and Retry-After; a 401 goes to the sign-in page.
 */
import { DefaultChatTransport, isToolUIPart, type UIMessage } from "ai";
import { ApiError, toApiError } from "@/lib/ui/api";

/** The approval the user just answered in the last assistant message, if any. */
export function answeredApproval(messages: UIMessage[]): { id: string; approved: boolean } | null {
  const last = messages[messages.length - 1];
  if (last?.role !== "assistant") return null;
  for (let i = last.parts.length - 1; i >= 0; i--) {
    const part = last.parts[i];
    if (part && isToolUIPart(part) && part.state === "approval-responded") return { id: part.approval.id, approved: part.approval.approved };
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

/**
 * `timeZone` is the user's saved one, so chat, panel and filters agree on what "tomorrow" is;
 * `model` is read when a message is sent (the picker may change between messages).
 */
export function createChatTransport(timeZone: string | undefined, model: () => string | undefined = () => undefined) {
  return new DefaultChatTransport<UIMessage>({
    api: "/api/chat",
    fetch: chatFetch,
    prepareSendMessagesRequest: ({ id, messages }) => {
      const confirmation = answeredApproval(messages);
      if (confirmation) return { body: { id, confirmation } };
      const message = messages.findLast((m) => m.role === "user");
      const picked = model();
      return { body: { id, message, timezone: timeZone, ...(picked ? { model: picked } : {}) } };
    },
  });
}
