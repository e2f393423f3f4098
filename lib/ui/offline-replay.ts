/**
 * Replaying the task panel's offline changes (docs/offline.md), without storage or React: in
 * the order they were made, each with the Idempotency-Key it got when it was made (so a change
 * sent twice — the answer was lost, the tab closed mid-replay — lands once). A task added offline
 * has a temporary id until its add is replayed; later changes to it then go to the real id.
 *
 * Conflicts are settled last-writer-wins: a change to a task that was also changed elsewhere
 * since the panel last saw it is applied when it was made later than that other change, and
 * dropped when it was made earlier; either way the person gets a note saying so.
 */
import type { Task } from "@/lib/ui/types";

export type QueuedChange = {
  /** Order of making (IndexedDB's auto-increment key). */
  seq: number;
  /** The Idempotency-Key of this change (a UUID). */
  key: string;
  kind: "create" | "update" | "delete";
  /** The task's id; `temp-…` for a task added offline. */
  taskId: string;
  body?: Record<string, unknown>;
  /** The task as the panel knew it when the change was made (null for an add). */
  base: Pick<Task, "title" | "updatedAt"> | null;
  /** When the change was made (ISO). */
  madeAt: string;
  /** Set once the change was sent: a resend is then a replay, never a new conflict. */
  sent?: boolean;
};

/** A write's outcome: `status` 0 means the request never got an answer (offline). */
export type SendResult = { status: number; body: unknown };

export type ReplayIO = {
  send: (method: "POST" | "PATCH" | "DELETE", path: string, body: Record<string, unknown> | undefined, key: string) => Promise<SendResult>;
  /** The task as the server has it now; null when it does not exist; undefined when unreachable. */
  fetchTask: (id: string) => Promise<Task | null | undefined>;
  /** The change is settled (applied, replayed or dropped with a note): take it off the queue. */
  done: (change: QueuedChange) => Promise<void>;
  /** Store that a change was sent, and the real id of a task added offline for the changes after it. */
  update: (change: QueuedChange) => Promise<void>;
};

export type ReplayOutcome = {
  /** Tasks added offline, by their temporary id. */
  created: Map<string, Task>;
  /** Conflicts and dropped changes, in words for the person. */
  notes: string[];
  /** True when the connection went again before the queue was empty. */
  interrupted: boolean;
  applied: number;
};

function errorText(body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === "string" && message.length < 300 ? message : "the server refused it";
}

/** Retrying later may help (offline, rate-limited, server trouble); any other failure never will. */
function isTransient(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

export async function replayChanges(queue: QueuedChange[], io: ReplayIO): Promise<ReplayOutcome> {
  const outcome: ReplayOutcome = { created: new Map(), notes: [], interrupted: false, applied: 0 };
  const pending = [...queue].sort((a, b) => a.seq - b.seq);
  for (let i = 0; i < pending.length; i++) {
    const change = pending[i]!;
    const title = (change.body?.title as string | undefined) ?? change.base?.title ?? "a task";
    if (change.taskId.startsWith("temp-") && change.kind !== "create") {
      // Its add failed for good (and was noted): nothing to change.
      await io.done(change);
      continue;
    }

    if (change.kind !== "create" && !change.sent && change.base) {
      const current = await io.fetchTask(change.taskId);
      if (current === undefined) {
        outcome.interrupted = true;
        return outcome;
      }
      if (current === null) {
        if (change.kind !== "delete")
          outcome.notes.push(`“${change.base.title}” was deleted elsewhere, so your offline change to it was dropped.`);
        await io.done(change);
        continue;
      }
      if (current.updatedAt !== change.base.updatedAt) {
        if (Date.parse(current.updatedAt) > Date.parse(change.madeAt)) {
          outcome.notes.push(
            `“${current.title}” was changed elsewhere after your offline ${change.kind === "delete" ? "delete" : "change"}; the newer change was kept.`,
          );
          await io.done(change);
          continue;
        }
        outcome.notes.push(
          `“${current.title}” had been changed elsewhere; your later offline ${change.kind === "delete" ? "delete" : "change"} replaced it.`,
        );
      }
    }

    if (!change.sent) {
      change.sent = true;
      await io.update(change);
    }
    const path = change.kind === "create" ? "/api/tasks" : `/api/tasks/${encodeURIComponent(change.taskId)}`;
    const method = change.kind === "create" ? "POST" : change.kind === "update" ? "PATCH" : "DELETE";
    const result = await io.send(method, path, change.body, change.key);
    if (isTransient(result.status)) {
      outcome.interrupted = true;
      return outcome;
    }
    if (result.status >= 200 && result.status < 300) {
      outcome.applied++;
      const task = (result.body as { task?: Task } | null)?.task;
      if (change.kind === "create" && task) {
        outcome.created.set(change.taskId, task);
        // Later changes to the task added offline go to its real id.
        for (const later of pending.slice(i + 1)) {
          if (later.taskId !== change.taskId) continue;
          later.taskId = task.id;
          // Nobody else can have changed a task that did not exist before this replay.
          later.base = null;
          await io.update(later);
        }
      }
    } else if (!(change.kind === "delete" && result.status === 404)) {
      outcome.notes.push(`Couldn't sync your offline change to “${title}”: ${errorText(result.body)}`);
    }
    await io.done(change);
  }
  return outcome;
}
