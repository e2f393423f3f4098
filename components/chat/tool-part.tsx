"use client";
/**
 * One tool call in the conversation, rendered from its part's state: a compact progress line
 * while it runs, a confirmation card while a delete waits for approval, then a result card.
 * Raw tool errors are never shown (they may carry validation details meant for the model).
 */
import { useEffect } from "react";
import type { DynamicToolUIPart, ToolUIPart } from "ai";
import type { Task } from "@/lib/ui/types";
import { useTaskStore } from "@/components/tasks/task-store";
import { useChatActions } from "@/components/chat/chat-actions";
import { CardShell, DeletedCard, NoticeCard, TaskListCard } from "@/components/chat/task-cards";
import { Button } from "@/components/ui/button";
import { TrashIcon } from "@/components/ui/icons";

export type AnyToolPart = ToolUIPart | DynamicToolUIPart;

type Obj = Record<string, unknown>;
const asObj = (v: unknown): Obj => (typeof v === "object" && v !== null ? (v as Obj) : {});
const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim() ? v : undefined);
const isTask = (v: unknown): v is Task => typeof asObj(v).id === "string" && typeof asObj(v).title === "string";
const tasksOf = (v: unknown): Task[] => (Array.isArray(v) ? v.filter(isTask) : []);
const quote = (s: string) => `“${s.length > 80 ? `${s.slice(0, 79)}…` : s}”`;

export function toolNameOf(part: AnyToolPart): string {
  return part.type === "dynamic-tool" ? part.toolName : part.type.slice("tool-".length);
}

/** A human label for what a tool is doing, from its (possibly partial) input. */
function useRunningLabel(name: string, input: Obj): string {
  const { state } = useTaskStore();
  const ref = str(input.task);
  const refLabel = ref ? quote(state.byId[ref]?.title ?? ref) : "a task";
  const count = Array.isArray(input.ids) ? input.ids.length : 0;
  switch (name) {
    case "add_task":
      return str(input.title) ? `Adding ${quote(String(input.title))}…` : "Adding a task…";
    case "list_tasks":
      return "Looking through your tasks…";
    case "complete_task":
      return `Completing ${refLabel}…`;
    case "update_task":
      return `Updating ${refLabel}…`;
    case "delete_task":
      return `Finding ${refLabel}…`;
    case "complete_tasks":
      return `Completing ${count || "the"} tasks…`;
    case "delete_tasks":
      return `Preparing to delete ${count || "the"} tasks…`;
    case "list_lists":
      return "Looking at your lists…";
    case "create_list":
      return str(input.name) ? `Creating the list ${quote(String(input.name))}…` : "Creating a list…";
    case "update_tasks":
      return `Updating ${count || "the"} tasks…`;
    default:
      return "Working on it…";
  }
}

function RunningLine({ label }: { label: string }) {
  return (
    <p
      className="my-1.5 inline-flex items-center gap-2 rounded-full bg-zinc-100 px-3 py-1 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300"
      role="status"
    >
      <span
        className="size-3 animate-spin rounded-full border-2 border-zinc-300 border-t-accent-500 dark:border-zinc-600 dark:border-t-accent-400"
        aria-hidden="true"
      />
      {label}
    </p>
  );
}

export function ToolPart({
  part,
  isLatest,
  titles,
  question,
}: {
  part: AnyToolPart;
  isLatest: boolean;
  titles?: string[];
  question?: string;
}) {
  const name = toolNameOf(part);
  const input = asObj(part.input);
  const running = useRunningLabel(name, input);

  switch (part.state) {
    case "input-streaming":
    case "input-available":
      return <RunningLine label={running} />;
    case "approval-requested":
    case "approval-responded":
    case "output-denied":
      return <ConfirmCard part={part} name={name} input={input} isLatest={isLatest} serverTitles={titles} serverQuestion={question} />;
    case "output-error":
      return <NoticeCard tone="muted">That step didn’t work, so nothing was changed there.</NoticeCard>;
    case "output-available":
      return <ToolResult name={name} input={input} output={asObj(part.output)} />;
  }
}

function ToolResult({ name, input, output }: { name: string; input: Obj; output: Obj }) {
  const { sendText, busy } = useChatActions();
  if (output.ok === false) {
    const query = str(output.query) ?? str(input.task) ?? str(input.title);
    if (output.code === "ambiguous") {
      const candidates = tasksOf(output.candidates);
      return (
        <CardShell title={query ? `Several tasks match ${quote(query)} — which one?` : "Which one did you mean?"} testId="ambiguous-card">
          <div className="flex flex-wrap gap-2 p-3">
            {candidates.map((c) => (
              <Button
                key={c.id}
                size="sm"
                disabled={busy}
                onClick={() => sendText(c.title)}
                className="h-auto max-w-full py-1.5 text-left whitespace-normal"
              >
                {c.title}
              </Button>
            ))}
          </div>
        </CardShell>
      );
    }
    if (output.code === "not_found" && output.missing === "list") {
      return (
        <NoticeCard tone="muted">
          {query ? <>There’s no {quote(query)} list yet, so nothing was changed.</> : "There’s no such list yet, so nothing was changed."}
        </NoticeCard>
      );
    }
    if (output.code === "not_found") {
      return (
        <NoticeCard tone="error">{query ? <>I couldn’t find a task matching {quote(query)}.</> : "I couldn’t find that task."}</NoticeCard>
      );
    }
    return <NoticeCard tone="muted">That didn’t work, so nothing was changed.</NoticeCard>;
  }

  switch (name) {
    case "add_task":
    case "complete_task":
    case "update_task": {
      if (!isTask(output.task)) return null;
      const changed = Array.isArray(output.changed) ? output.changed.filter((c): c is string => typeof c === "string") : [];
      const title =
        name === "add_task"
          ? "Added"
          : name === "complete_task"
            ? "Completed"
            : changed.length
              ? `Updated ${changed.join(", ")}`
              : "Updated";
      return <TaskListCard title={title} tasks={[output.task]} />;
    }
    case "list_tasks": {
      const tasks = tasksOf(output.tasks);
      const total = typeof output.total === "number" ? output.total : tasks.length;
      return (
        <TaskListCard
          title={total === 1 ? "1 task" : `${total} tasks`}
          tasks={tasks}
          footer={total > tasks.length ? `Showing ${tasks.length} of ${total}.` : undefined}
        />
      );
    }
    case "update_tasks": {
      const tasks = tasksOf(output.tasks);
      const skipped = Array.isArray(output.skipped) ? output.skipped.length : 0;
      const gone = Array.isArray(output.vanished) ? output.vanished.length : 0;
      const notes = [skipped ? `${skipped} had no due date to move.` : "", gone ? `${gone} no longer existed.` : ""]
        .filter(Boolean)
        .join(" ");
      return (
        <TaskListCard
          title={`Updated ${tasks.length === 1 ? "1 task" : `${tasks.length} tasks`}`}
          tasks={tasks}
          footer={notes || undefined}
        />
      );
    }
    case "complete_tasks": {
      const tasks = tasksOf(output.tasks);
      const missing = Array.isArray(output.notFound) ? output.notFound.length : 0;
      return (
        <TaskListCard
          title={`Completed ${tasks.length === 1 ? "1 task" : `${tasks.length} tasks`}`}
          tasks={tasks}
          footer={missing ? `${missing} could not be found.` : undefined}
        />
      );
    }
    case "delete_task":
      return isTask(output.deleted) ? <DeletedCard tasks={[output.deleted]} /> : null;
    case "delete_tasks":
      return <DeletedCard tasks={tasksOf(output.deleted)} notFound={Array.isArray(output.notFound) ? output.notFound.length : 0} />;
    case "undo_last_turn":
      return str(output.message) ? <NoticeCard tone="muted">{String(output.message)}</NoticeCard> : null;
    case "create_list": {
      const list = asObj(output.list);
      if (!str(list.name)) return null;
      return (
        <NoticeCard tone="muted">
          {output.alreadyExisted ? (
            <>You already have the list {quote(String(list.name))}.</>
          ) : (
            <>Created the list {quote(String(list.name))}.</>
          )}
        </NoticeCard>
      );
    }
    default:
      return null;
  }
}

/** The question of an action that waits for approval, in the card's words. */
function cardQuestion(name: string, count: number, serverQuestion?: string): string {
  if (name === "delete_task" || name === "delete_tasks") return count > 1 ? `Delete these ${count} tasks?` : "Delete this task?";
  if (name === "complete_tasks") return `Mark these ${count} tasks as done?`;
  // update_tasks: the server says what would change ("Move the due date 1 day later for 4 tasks: …?").
  const change = serverQuestion?.replace(/ for .*$/s, "").replace(/ \(yes \/ no\)$/, "");
  return change ? `${change} for these ${count} tasks?` : `Change these ${count} tasks?`;
}

/** One pending action, one card, one decision: Confirm or Cancel answers only this action. */
function ConfirmCard({
  part,
  name,
  input,
  isLatest,
  serverTitles,
  serverQuestion,
}: {
  part: AnyToolPart;
  name: string;
  input: Obj;
  isLatest: boolean;
  serverTitles?: string[];
  serverQuestion?: string;
}) {
  const { state, ensureTask } = useTaskStore();
  const { answerApproval, busy } = useChatActions();
  const refs = Array.isArray(input.ids)
    ? input.ids.filter((x): x is string => typeof x === "string")
    : str(input.task)
      ? [String(input.task)]
      : [];

  useEffect(() => {
    refs.forEach(ensureTask);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refs is derived from input, which is fixed once approval is requested
  }, [ensureTask, refs.join("|")]);

  const titleFor = (ref: string) => {
    const known = state.byId[ref]?.title;
    if (known) return known;
    if (/^[0-9a-f-]{36}$/i.test(ref)) return "a task";
    const wanted = ref.trim().toLowerCase();
    return Object.values(state.byId).find((t) => t.title.trim().toLowerCase() === wanted)?.title ?? ref;
  };
  // The server names exactly the tasks the action is bound to; the client only falls back to what it knows.
  const titles = serverTitles?.length ? serverTitles : refs.map(titleFor);
  const approvalId = part.approval?.id;
  const pending = part.state === "approval-requested";
  const answerable = pending && isLatest && !busy && Boolean(approvalId);
  const deleting = name === "delete_task" || name === "delete_tasks";
  const question = cardQuestion(name, titles.length, serverQuestion);

  let footer;
  if (part.state === "output-denied" || (part.state === "approval-responded" && part.approval?.approved === false)) {
    footer = (
      <p className="text-zinc-600 dark:text-zinc-400">
        {deleting ? "Cancelled — nothing was deleted." : "Cancelled — nothing was changed."}
      </p>
    );
  } else if (part.state === "approval-responded") {
    footer = <p className="text-zinc-600 dark:text-zinc-400">{deleting ? "Deleting…" : "Working on it…"}</p>;
  } else if (pending && !isLatest) {
    footer = <p className="text-zinc-600 dark:text-zinc-400">Answered in the chat.</p>;
  } else {
    footer = (
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant={deleting ? "danger" : "primary"}
          size="sm"
          data-testid="confirm-delete"
          disabled={!answerable}
          onClick={() => approvalId && answerApproval(approvalId, true)}
        >
          {deleting ? <TrashIcon className="size-3.5" /> : null} Confirm
        </Button>
        <Button
          size="sm"
          data-testid="cancel-delete"
          disabled={!answerable}
          onClick={() => approvalId && answerApproval(approvalId, false)}
        >
          Cancel
        </Button>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">or type “yes” / “no”</span>
      </div>
    );
  }

  return (
    <CardShell
      tone={pending && isLatest ? "warn" : "muted"}
      testId="confirm-card"
      title={<span className="font-semibold text-zinc-800 dark:text-zinc-200">{question}</span>}
    >
      <ul className="space-y-1 px-3.5 pt-2.5 text-zinc-900 dark:text-zinc-100">
        {titles.map((t, i) => (
          <li key={i} className="flex items-start gap-2 break-words">
            {deleting ? (
              <TrashIcon className="mt-0.5 size-3.5 shrink-0 text-zinc-400" />
            ) : (
              <span aria-hidden="true" className="mt-0.5 shrink-0 text-zinc-400">
                •
              </span>
            )}{" "}
            {t}
          </li>
        ))}
      </ul>
      <div className="px-3.5 pt-2 pb-3">{footer}</div>
    </CardShell>
  );
}
