"use client";
/**
 * The conversation: useChat (components/chat/use-chat.ts) against /api/chat. Tokens render as
 * they stream; tool results are folded into the shared task store in a layout effect, so the
 * task panel changes in the same frame as the card that reports the change.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useChat } from "@/components/chat/use-chat";
import type { UIMessage } from "ai";
import { isToolUIPart } from "@/lib/ui/ui-message-stream";
import { ApiError, apiFetch, errorMessage } from "@/lib/ui/api";
import { useTaskStore } from "@/components/tasks/task-store";
import { useConversations } from "@/components/sidebar/conversations-store";
import { useToast } from "@/components/ui/toast";
import { useTimeZone } from "@/components/ui/time-zone";
import { Button } from "@/components/ui/button";
import { AlertIcon, RefreshIcon } from "@/components/ui/icons";
import { ChatActionsContext, type ChatActions } from "@/components/chat/chat-actions";
import { answeredApproval, createChatTransport } from "@/components/chat/transport";
import { hasVisibleContent, MessageItem, TypingIndicator } from "@/components/chat/message-item";
import { Composer } from "@/components/chat/composer";
import { Welcome } from "@/components/chat/welcome";
import { toolNameOf } from "@/components/chat/tool-part";
import { useModelChoice } from "@/components/chat/model-choice";

const FINISHED = new Set(["output-available", "output-error", "output-denied"]);

function finishedToolCallIds(messages: UIMessage[]): Set<string> {
  const ids = new Set<string>();
  for (const m of messages) for (const p of m.parts) if (isToolUIPart(p) && FINISHED.has(p.state)) ids.add(p.toolCallId);
  return ids;
}

type SettledChunk = { type?: unknown; toolCallId?: unknown; output?: unknown };

/** Marks earlier tool parts done from a `data-approval` chunk (`{ answered: [chunk…] }`). */
export function settleAnsweredApprovals(messages: UIMessage[], data: unknown): UIMessage[] {
  const answered = (data as { answered?: unknown } | null)?.answered;
  if (!Array.isArray(answered) || answered.length === 0) return messages;
  const byCall = new Map<string, SettledChunk>();
  for (const c of answered as SettledChunk[]) if (typeof c?.toolCallId === "string") byCall.set(c.toolCallId, c);
  return messages.map((message) => {
    let changed = false;
    const parts = message.parts.map((part) => {
      if (!isToolUIPart(part) || FINISHED.has(part.state)) return part;
      const chunk = byCall.get(part.toolCallId);
      if (!chunk) return part;
      const approvalId = part.approval?.id ?? "";
      changed = true;
      if (chunk.type === "tool-output-available") {
        return { ...part, state: "output-available", output: chunk.output, approval: { id: approvalId, approved: true } } as typeof part;
      }
      return { ...part, state: "output-denied", approval: { id: approvalId, approved: false } } as typeof part;
    });
    return changed ? { ...message, parts } : message;
  });
}

/**
 * Each pending action is answered on its own: the request goes out as soon as one card of the
 * last reply is answered (the server runs that one and asks the others again).
 */
export function lastAssistantMessageHasAnsweredApproval({ messages }: { messages: UIMessage[] }): boolean {
  const last = messages[messages.length - 1];
  return last?.role === "assistant" && last.parts.some((p) => isToolUIPart(p) && p.state === "approval-responded");
}

export function chatErrorMessage(error: Error | undefined): string {
  if (!error) return "";
  if (error instanceof ApiError) return error.message;
  const text = error.message?.trim() ?? "";
  // Stream errors carry the server's friendly text; anything that looks technical is replaced.
  if (text && text.length < 240 && !/^[\[{<]|Error:|at\s\S+\s\(|fetch failed/i.test(text)) return text;
  return "Something went wrong. Please try again.";
}

/** `olderCursor`: the conversation has messages before `initialMessages` (the newest page). */
export function Chat({
  id,
  initialMessages,
  isNew,
  olderCursor: initialOlderCursor = null,
}: {
  id: string;
  initialMessages: UIMessage[];
  isNew: boolean;
  olderCursor?: string | null;
}) {
  const { applyToolOutput, refresh } = useTaskStore();
  const conversations = useConversations();
  const toast = useToast();
  const [input, setInput] = useState("");
  const timeZone = useTimeZone();
  const modelChoice = useModelChoice();
  const pickedModel = modelChoice?.current;
  const transport = useMemo(() => createChatTransport(timeZone, () => pickedModel?.value), [timeZone, pickedModel]);
  const announced = useRef(!isNew);
  const firstText = useRef("");

  const { messages, setMessages, sendMessage, status, stop, error, regenerate, addToolApprovalResponse } = useChat({
    id,
    messages: initialMessages,
    transport,
    sendAutomaticallyWhen: lastAssistantMessageHasAnsweredApproval,
    onError: (err) => toast.show(chatErrorMessage(err), "error"),
    // A typed "yes"/"no" answers an earlier confirmation: the server says which tool calls it settled.
    onData: (part) => {
      if (part.type === "data-approval") setMessages((current) => settleAnsweredApprovals(current, part.data));
    },
    onFinish: () => {
      conversations.refresh();
      // A typed "yes" deletes on the server without a new tool part here: resync the panel.
      refresh();
    },
  });

  const running = status === "submitted" || status === "streaming";

  // Once the server has accepted the first turn, the chat has a real address and a sidebar entry.
  useLayoutEffect(() => {
    if (announced.current || status !== "streaming") return;
    announced.current = true;
    window.history.replaceState(null, "", `/chat/${id}`);
    conversations.touch({ id, title: firstText.current.slice(0, 80) || "New chat", updatedAt: new Date().toISOString() });
  }, [status, id, conversations]);

  // Fold each finished tool call into the task store exactly once (history is already reflected).
  const seen = useRef<Set<string> | null>(null);
  seen.current ??= finishedToolCallIds(initialMessages);
  useLayoutEffect(() => {
    const done = seen.current!;
    for (const message of messages) {
      if (message.role !== "assistant") continue;
      for (const part of message.parts) {
        if (!isToolUIPart(part) || !FINISHED.has(part.state) || done.has(part.toolCallId)) continue;
        done.add(part.toolCallId);
        if (part.state === "output-available") applyToolOutput(toolNameOf(part), part.output);
        else refresh();
      }
    }
  }, [messages, applyToolOutput, refresh]);

  // Follow the conversation while the reader is at the bottom; keep the view still when earlier
  // messages are put above it.
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const heightBeforePrepend = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && heightBeforePrepend.current !== null) {
      el.scrollTop += el.scrollHeight - heightBeforePrepend.current;
      heightBeforePrepend.current = null;
    } else if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [messages, status]);

  // Earlier messages, a page at a time (GET /api/conversations/:id?before=…).
  const [olderCursor, setOlderCursor] = useState(initialOlderCursor);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadEarlier = useCallback(async () => {
    if (!olderCursor || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await apiFetch<{ messages: UIMessage[]; nextCursor: string | null }>(
        `/api/conversations/${encodeURIComponent(id)}?before=${encodeURIComponent(olderCursor)}`,
      );
      // Their tool calls are history: the task store must not apply them again.
      for (const done of finishedToolCallIds(page.messages)) seen.current!.add(done);
      stick.current = false;
      heightBeforePrepend.current = scroller.current?.scrollHeight ?? null;
      setMessages((current) => [...page.messages.filter((m) => !current.some((c) => c.id === m.id)), ...current]);
      setOlderCursor(page.nextCursor);
    } catch (e) {
      toast.show(errorMessage(e), "error");
    } finally {
      setLoadingOlder(false);
    }
  }, [id, olderCursor, loadingOlder, setMessages, toast]);

  const sendText = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      if (!trimmed || running) return;
      if (!firstText.current) firstText.current = trimmed;
      stick.current = true;
      void sendMessage({ text: trimmed });
    },
    [running, sendMessage],
  );

  const retry = useCallback(() => {
    stick.current = true;
    if (answeredApproval(messages)) void sendMessage();
    else void regenerate();
  }, [messages, sendMessage, regenerate]);

  const actions = useMemo<ChatActions>(
    () => ({
      sendText,
      busy: running,
      answerApproval: (approvalId, approved) => {
        stick.current = true;
        // One card, one decision: only this action is answered; the others keep their cards.
        void addToolApprovalResponse({ id: approvalId, approved });
      },
      editLast: (messageId, text) => {
        const trimmed = text.trim();
        if (!trimmed || running) return;
        stick.current = true;
        void sendMessage({ text: trimmed, messageId });
      },
      regenerateLast: (messageId) => {
        if (running) return;
        stick.current = true;
        void regenerate({ messageId });
      },
    }),
    [sendText, running, addToolApprovalResponse, sendMessage, regenerate],
  );

  const last = messages[messages.length - 1];
  const lastUserIndex = messages.findLastIndex((m) => m.role === "user");
  const showTyping = status === "submitted" || (status === "streaming" && (last?.role !== "assistant" || !hasVisibleContent(last)));

  return (
    <ChatActionsContext.Provider value={actions}>
      <div className="flex h-full min-h-0 flex-col">
        <div
          ref={scroller}
          onScroll={(e) => {
            const el = e.currentTarget;
            stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
          }}
          className="flex min-h-0 flex-1 flex-col overflow-y-auto"
        >
          {messages.length === 0 && <Welcome onPick={sendText} disabled={running} />}
          {olderCursor && (
            <div className="mx-auto w-full max-w-3xl px-4 pt-4 text-center">
              <Button size="sm" variant="ghost" onClick={() => void loadEarlier()} disabled={loadingOlder} data-testid="load-earlier">
                {loadingOlder ? "Loading…" : "Load earlier messages"}
              </Button>
            </div>
          )}
          <div
            role="log"
            aria-live="polite"
            aria-busy={running}
            aria-label="Conversation"
            data-testid="chat-messages"
            className={`mx-auto w-full max-w-3xl space-y-6 px-4 ${messages.length ? "py-6" : ""}`}
          >
            {messages.map((message, i) => (
              <MessageItem
                key={message.id}
                message={message}
                isLatest={i === messages.length - 1}
                canEdit={message.role === "user" && i === lastUserIndex}
                canRegenerate={
                  message.role === "assistant" && i === messages.length - 1 && !running && i > lastUserIndex && lastUserIndex >= 0
                }
              />
            ))}
            {showTyping && <TypingIndicator />}
            {status === "error" && (
              <div
                role="alert"
                data-testid="chat-error"
                className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200"
              >
                <AlertIcon className="size-4 shrink-0" />
                <p className="min-w-0 flex-1">{chatErrorMessage(error)}</p>
                {!(error instanceof ApiError && error.status === 401) && (
                  <Button size="sm" onClick={retry} data-testid="retry-button">
                    <RefreshIcon className="size-3.5" /> Retry
                  </Button>
                )}
              </div>
            )}
          </div>
        </div>
        <div className="mx-auto w-full max-w-3xl px-3 pb-3 sm:px-4 sm:pb-4">
          <Composer
            value={input}
            onChange={setInput}
            running={running}
            autoFocus
            onStop={() => {
              void stop();
              // The server's turn stops too (its model call, and any further tool); what already ran stays.
              void fetch(`/api/conversations/${id}/stop`, { method: "POST" }).catch(() => undefined);
            }}
            onSend={(text) => {
              sendText(text);
              setInput("");
            }}
          />
        </div>
      </div>
    </ChatActionsContext.Provider>
  );
}
