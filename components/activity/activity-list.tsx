"use client";
/**
 * Recent changes (Settings): the user's task activity, newest first, one entry per request
 * (an agent turn, a panel action, an API or MCP call) with what it changed and an Undo button.
 * Plain list semantics, real buttons, a polite status line for the outcome of an undo.
 */
import { useCallback, useEffect, useState } from "react";
import { describeUndo } from "@/lib/activity/describe";
import type { ActivityView, UndoResult } from "@/lib/activity/schema";
import { apiFetch, errorMessage } from "@/lib/ui/api";
import { relativeTime } from "@/lib/ui/dates";
import { Button } from "@/components/ui/button";

type Page = { activity: ActivityView[]; nextCursor: string | null };
type Group = { key: string; requestId: string | null; at: string; actor: ActivityView["actor"]; rows: ActivityView[] };

const ACTORS: Record<ActivityView["actor"], string> = { agent: "Assistant", app: "You", api: "API", mcp: "MCP client" };

/** Consecutive rows of one request form one entry. */
function groupRows(rows: ActivityView[]): Group[] {
  const groups: Group[] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last && row.requestId !== null && last.requestId === row.requestId) last.rows.push(row);
    else groups.push({ key: row.id, requestId: row.requestId, at: row.at, actor: row.actor, rows: [row] });
  }
  return groups;
}

const q = (title: string | undefined) => `“${title ?? "a task"}”`;

export function describeChange(row: ActivityView): string {
  const { before, after } = row;
  switch (row.action) {
    case "created":
      return row.undoOf ? `Brought back ${q(after?.title)}` : `Added ${q(after?.title)}`;
    case "deleted":
      return `Deleted ${q(before?.title)}`;
    case "completed":
      return `Completed ${q(after?.title)}`;
    case "reopened":
      return `Reopened ${q(after?.title)}`;
    case "updated": {
      if (!before || !after) return `Changed ${q(after?.title ?? before?.title)}`;
      const what: string[] = [];
      if (before.title !== after.title) return `Renamed ${q(before.title)} to ${q(after.title)}`;
      if (before.priority !== after.priority) what.push(`priority to ${after.priority}`);
      if (before.dueAt !== after.dueAt) what.push(after.dueAt ? "the due date" : "no due date");
      if (before.description !== after.description) what.push("the description");
      // Changes recorded before lists, labels and subtasks existed carry none of them.
      if ((before.list?.id ?? null) !== (after.list?.id ?? null))
        what.push(after.list ? `moved to ${q(after.list.name)}` : "moved to the Inbox");
      if ((before.labels ?? []).join(",") !== (after.labels ?? []).join(",")) what.push("the labels");
      if ((before.parentId ?? null) !== (after.parentId ?? null)) what.push(after.parentId ? "made a subtask" : "no longer a subtask");
      if (before.recurrence?.rule !== after.recurrence?.rule)
        what.push(after.recurrence ? `repeats ${after.recurrence.text}` : "no longer repeats");
      if (
        (before.remindAt ?? null) !== (after.remindAt ?? null) ||
        (before.reminderDismissedAt ?? null) !== (after.reminderDismissedAt ?? null)
      )
        what.push("the reminder");
      return what.length ? `Changed ${q(after.title)}: ${what.join(", ")}` : `Changed ${q(after.title)}`;
    }
  }
}

export function ActivityList() {
  const [rows, setRows] = useState<ActivityView[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(
    (after: string | null) =>
      apiFetch<Page>(`/api/activity?limit=30${after ? `&cursor=${encodeURIComponent(after)}` : ""}`)
        .then((page) => {
          setRows((current) => (after && current ? [...current, ...page.activity] : page.activity));
          setCursor(page.nextCursor);
          setError(null);
        })
        .catch((e: unknown) => setError(errorMessage(e))),
    [],
  );

  useEffect(() => {
    void load(null);
  }, [load]);

  async function undo(group: Group) {
    if (!group.requestId) return;
    setBusy(group.key);
    setStatus("");
    try {
      const result = await apiFetch<UndoResult>("/api/undo", { method: "POST", json: { requestId: group.requestId } });
      setStatus(describeUndo(result));
      await load(null);
    } catch (e) {
      setStatus(`Couldn't undo. ${errorMessage(e)}`);
    } finally {
      setBusy(null);
    }
  }

  const groups = rows ? groupRows(rows) : [];
  return (
    <div className="mt-4 space-y-3">
      <p role="status" aria-live="polite" className="text-sm text-zinc-700 empty:hidden dark:text-zinc-300" data-testid="activity-status">
        {status}
      </p>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {rows === null ? (
        !error && <p className="text-sm text-zinc-500 dark:text-zinc-400">Loading recent changes…</p>
      ) : groups.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No changes yet.</p>
      ) : (
        <ul
          className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
          aria-label="Recent changes"
        >
          {groups.map((group) => {
            const undone = group.rows.every((r) => r.undoneBy !== null);
            return (
              <li key={group.key} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start" data-testid="activity-item">
                <div className="min-w-0 flex-1">
                  <ul className="space-y-0.5 text-sm break-words text-zinc-900 dark:text-zinc-100">
                    {group.rows.map((row) => (
                      <li
                        key={row.id}
                        className={row.undoneBy ? "text-zinc-500 line-through decoration-zinc-400/70 dark:text-zinc-400" : undefined}
                      >
                        {describeChange(row)}
                      </li>
                    ))}
                  </ul>
                  <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
                    {ACTORS[group.actor]}
                    {group.rows[0]?.undoOf ? " (undo)" : ""} · <time dateTime={group.at}>{relativeTime(group.at)}</time>
                    {undone && " · undone"}
                  </p>
                </div>
                {group.requestId && !undone && (
                  <Button
                    size="sm"
                    variant="secondary"
                    className="shrink-0 self-start"
                    disabled={busy !== null}
                    onClick={() => void undo(group)}
                    aria-label={`Undo: ${group.rows.map(describeChange).join("; ")}`}
                  >
                    {busy === group.key ? "Undoing…" : "Undo"}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {cursor && (
        <Button size="sm" variant="ghost" onClick={() => void load(cursor)}>
          Show older changes
        </Button>
      )}
    </div>
  );
}
