"use client";
import { memo } from "react";
import { isToolUIPart, type UIMessage } from "ai";
import { Markdown } from "@/components/chat/markdown";
import { ToolPart } from "@/components/chat/tool-part";
import { TurnUndo } from "@/components/chat/turn-undo";
import { SparkIcon } from "@/components/ui/icons";

function textOf(message: UIMessage): string {
  return message.parts.map((p) => (p.type === "text" ? p.text : "")).join("");
}

export function hasVisibleContent(message: UIMessage): boolean {
  return message.parts.some((p) => (p.type === "text" && p.text.trim() !== "") || isToolUIPart(p));
}

export const MessageItem = memo(function MessageItem({ message, isLatest }: { message: UIMessage; isLatest: boolean }) {
  if (message.role === "user") {
    return (
      <div className="flex justify-end" data-testid="message-user">
        <div className="max-w-[85%] rounded-2xl rounded-br-md bg-indigo-600 px-4 py-2.5 text-[15px] leading-relaxed whitespace-pre-wrap break-words text-white shadow-sm dark:bg-indigo-500">
          <span className="sr-only">You said: </span>
          {textOf(message)}
        </div>
      </div>
    );
  }
  if (message.role !== "assistant" || !hasVisibleContent(message)) return null;
  return (
    <div className="flex gap-3" data-testid="message-assistant">
      <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-500 text-white shadow-sm" aria-hidden="true">
        <SparkIcon className="size-4" />
      </span>
      <div className="min-w-0 flex-1 text-[15px] leading-relaxed text-zinc-800 dark:text-zinc-200">
        <span className="sr-only">Assistant: </span>
        {message.parts.map((part, i) => {
          if (part.type === "text") return part.text.trim() ? <Markdown key={i} text={part.text} /> : null;
          if (isToolUIPart(part)) {
            const titles = part.approval ? confirmationTitles(message, part.approval.id) : undefined;
            return <ToolPart key={part.toolCallId} part={part} isLatest={isLatest} titles={titles} />;
          }
          return null;
        })}
        <TurnUndo message={message} isLatest={isLatest} />
      </div>
    </div>
  );
});

export function TypingIndicator() {
  return (
    <div className="flex gap-3" data-testid="typing-indicator">
      <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-500 text-white shadow-sm" aria-hidden="true">
        <SparkIcon className="size-4" />
      </span>
      <div className="flex items-center gap-1 rounded-2xl bg-zinc-100 px-4 py-3 dark:bg-zinc-800" role="status" aria-label="Assistant is typing">
        <span className="typing-dot" />
        <span className="typing-dot [animation-delay:150ms]" />
        <span className="typing-dot [animation-delay:300ms]" />
      </div>
    </div>
  );
}

/** The server's titles for a pending delete (its `data-confirmation` part), when it sent them. */
function confirmationTitles(message: UIMessage, approvalId: string): string[] | undefined {
  for (const part of message.parts) {
    if (part.type !== "data-confirmation") continue;
    const data = part.data as { approvalIds?: unknown; titles?: unknown } | null;
    if (Array.isArray(data?.approvalIds) && data.approvalIds.includes(approvalId) && Array.isArray(data.titles)) {
      return data.titles.filter((t): t is string => typeof t === "string");
    }
  }
  return undefined;
}
