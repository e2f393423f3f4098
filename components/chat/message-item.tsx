"use client";
import { memo, useState } from "react";
import type { UIMessage } from "ai";
import { isToolUIPart } from "@/lib/ui/ui-message-stream";
import { Markdown } from "@/components/chat/markdown";
import { ToolPart } from "@/components/chat/tool-part";
import { TurnUndo } from "@/components/chat/turn-undo";
import { useChatActions } from "@/components/chat/chat-actions";
import { Button } from "@/components/ui/button";
import { PencilIcon, RefreshIcon, SparkIcon } from "@/components/ui/icons";

function textOf(message: UIMessage): string {
  return message.parts.map((p) => (p.type === "text" ? p.text : "")).join("");
}

export function hasVisibleContent(message: UIMessage): boolean {
  return message.parts.some((p) => (p.type === "text" && p.text.trim() !== "") || isToolUIPart(p));
}

export const MessageItem = memo(function MessageItem({
  message,
  isLatest,
  canEdit = false,
  canRegenerate = false,
}: {
  message: UIMessage;
  isLatest: boolean;
  /** The conversation's last user message: it can be edited (its answer is replaced). */
  canEdit?: boolean;
  /** The last answer: it can be regenerated. */
  canRegenerate?: boolean;
}) {
  if (message.role === "user") return <UserMessage message={message} canEdit={canEdit} />;
  if (message.role !== "assistant" || !hasVisibleContent(message)) return null;
  return (
    <div className="flex gap-3" data-testid="message-assistant">
      <span
        className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-accent-500 to-violet-500 text-white shadow-sm"
        aria-hidden="true"
      >
        <SparkIcon className="size-4" />
      </span>
      <div className="min-w-0 flex-1 text-[15px] leading-relaxed text-zinc-800 dark:text-zinc-200">
        <span className="sr-only">Assistant: </span>
        {message.parts.map((part, i) => {
          if (part.type === "text") return part.text.trim() ? <Markdown key={i} text={part.text} /> : null;
          if (isToolUIPart(part)) {
            const bound = part.approval ? confirmationItem(message, part.approval.id) : undefined;
            return <ToolPart key={part.toolCallId} part={part} isLatest={isLatest} titles={bound?.titles} question={bound?.prompt} />;
          }
          return null;
        })}
        <TurnUndo message={message} isLatest={isLatest} />
        {canRegenerate && <RegenerateButton messageId={message.id} />}
      </div>
    </div>
  );
});

function UserMessage({ message, canEdit }: { message: UIMessage; canEdit: boolean }) {
  const { editLast, busy } = useChatActions();
  const [draft, setDraft] = useState<string | null>(null);
  if (draft !== null && canEdit) {
    const save = () => {
      if (!draft.trim()) return;
      editLast(message.id, draft);
      setDraft(null);
    };
    return (
      <form
        className="ml-auto flex max-w-[85%] flex-col gap-2"
        data-testid="edit-message-form"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <label className="sr-only" htmlFor={`edit-${message.id}`}>
          Edit your message
        </label>
        <textarea
          id={`edit-${message.id}`}
          data-testid="edit-message-input"
          className="min-h-20 w-full rounded-xl border border-zinc-300 bg-white px-3 py-2 text-[15px] text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
          value={draft}
          autoFocus
          maxLength={4000}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              save();
            }
            if (e.key === "Escape") setDraft(null);
          }}
        />
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          The answer to this message, and the changes it made to your tasks, will be replaced.
        </p>
        <div className="flex justify-end gap-2">
          <Button size="sm" variant="ghost" onClick={() => setDraft(null)}>
            Cancel
          </Button>
          <Button size="sm" variant="primary" type="submit" disabled={busy || !draft.trim()} data-testid="edit-message-save">
            Send
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="group flex items-start justify-end gap-1" data-testid="message-user">
      {canEdit && (
        <Button
          size="icon"
          variant="ghost"
          className="size-8 shrink-0 opacity-70 group-hover:opacity-100 focus-visible:opacity-100"
          aria-label="Edit message"
          data-testid="edit-message"
          disabled={busy}
          onClick={() => setDraft(textOf(message))}
        >
          <PencilIcon className="size-3.5" />
        </Button>
      )}
      <div className="max-w-[85%] rounded-card rounded-br-md bg-accent-600 px-4 py-2.5 text-[15px] leading-relaxed whitespace-pre-wrap break-words text-white shadow-sm dark:bg-accent-500">
        <span className="sr-only">You said: </span>
        {textOf(message)}
      </div>
    </div>
  );
}

function RegenerateButton({ messageId }: { messageId: string }) {
  const { regenerateLast, busy } = useChatActions();
  return (
    <div className="mt-2">
      <Button
        size="sm"
        variant="ghost"
        disabled={busy}
        onClick={() => regenerateLast(messageId)}
        data-testid="regenerate"
        title="Undo this answer's changes and answer again"
      >
        <RefreshIcon className="size-3.5" /> Regenerate
      </Button>
    </div>
  );
}

export function TypingIndicator() {
  return (
    <div className="flex gap-3" data-testid="typing-indicator">
      <span
        className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-accent-500 to-violet-500 text-white shadow-sm"
        aria-hidden="true"
      >
        <SparkIcon className="size-4" />
      </span>
      <div
        className="flex items-center gap-1 rounded-card bg-zinc-100 px-4 py-3 dark:bg-zinc-800"
        role="status"
        aria-label="Assistant is typing"
      >
        <span className="typing-dot" />
        <span className="typing-dot [animation-delay:150ms]" />
        <span className="typing-dot [animation-delay:300ms]" />
      </div>
    </div>
  );
}

/**
 * What the server bound a pending action to (its `data-confirmation` part): the titles of
 * exactly the tasks it will change, and its own question.
 */
function confirmationItem(message: UIMessage, approvalId: string): { titles: string[]; prompt?: string } | undefined {
  for (const part of message.parts) {
    if (part.type !== "data-confirmation") continue;
    const data = part.data as { approvalIds?: unknown; titles?: unknown; items?: unknown } | null;
    const item = Array.isArray(data?.items)
      ? (data.items as { approvalId?: unknown; titles?: unknown; prompt?: unknown }[]).find((i) => i?.approvalId === approvalId)
      : undefined;
    if (item && Array.isArray(item.titles)) {
      return {
        titles: item.titles.filter((t): t is string => typeof t === "string"),
        prompt: typeof item.prompt === "string" ? item.prompt : undefined,
      };
    }
    // Replies saved before each action had its own item: one list for the whole question.
    if (Array.isArray(data?.approvalIds) && data.approvalIds.includes(approvalId) && Array.isArray(data.titles)) {
      return { titles: data.titles.filter((t): t is string => typeof t === "string") };
    }
  }
  return undefined;
}
