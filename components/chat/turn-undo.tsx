"use client";
/**
 * The Undo action under a reply that changed tasks: reverts that turn's changes (POST /api/undo
 * with the turn's request id, which the reply carries in its metadata) and says what happened.
 * The server never overwrites a later change; what it skipped is said here too.
 */
import { useState } from "react";
import type { UIMessage } from "ai";
import { isToolUIPart } from "@/lib/ui/ui-message-stream";
import { describeUndo } from "@/lib/activity/describe";
import { useTaskStore } from "@/components/tasks/task-store";
import { useChatActions } from "@/components/chat/chat-actions";
import { toolNameOf } from "@/components/chat/tool-part";
import { Button } from "@/components/ui/button";
import { UndoIcon } from "@/components/ui/icons";

/** The request id of the turn that wrote this reply, if the server sent one. */
export function turnRequestId(message: UIMessage): string | null {
  const id = (message.metadata as { requestId?: unknown } | undefined)?.requestId;
  return typeof id === "string" && id ? id : null;
}

/** Whether a reply reports a successful change to tasks (any tool but listing; an undo that reverted something). */
export function changedTasks(message: UIMessage): boolean {
  return message.parts.some((p) => {
    if (!isToolUIPart(p) || p.state !== "output-available") return false;
    const output = p.output as { ok?: unknown; reverted?: unknown } | null;
    const name = toolNameOf(p);
    return (
      output?.ok === true &&
      name !== "list_tasks" &&
      (name !== "undo_last_turn" || (typeof output.reverted === "number" && output.reverted > 0))
    );
  });
}

export function TurnUndo({ message, isLatest }: { message: UIMessage; isLatest: boolean }) {
  const { undo } = useTaskStore();
  const { busy } = useChatActions();
  const [state, setState] = useState<{ kind: "idle" | "working" } | { kind: "done"; text: string }>({ kind: "idle" });
  const requestId = turnRequestId(message);
  if (!requestId || !changedTasks(message) || (isLatest && busy)) return null;

  if (state.kind === "done") {
    return (
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400" role="status" data-testid="turn-undo-result">
        {state.text}
      </p>
    );
  }
  return (
    <div className="mt-2">
      <Button
        size="sm"
        variant="ghost"
        className="-ml-2 h-7 px-2 text-xs"
        data-testid="turn-undo"
        disabled={state.kind === "working"}
        aria-label="Undo the changes of this reply"
        onClick={async () => {
          setState({ kind: "working" });
          const result = await undo(requestId);
          setState(result ? { kind: "done", text: describeUndo(result) } : { kind: "idle" });
        }}
      >
        <UndoIcon className="size-3.5" /> {state.kind === "working" ? "Undoing…" : "Undo"}
      </Button>
    </div>
  );
}
