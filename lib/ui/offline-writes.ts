/**
 * The task panel's writes (add, change, complete, delete): each gets an Idempotency-Key when it
 * is made; sent at once when the server is reachable (lib/ui/connection.ts), and queued on this device (IndexedDB,
 * lib/ui/offline-queue.ts) when it is offline or the request got no answer — with the same key,
 * so a write that did reach the server before the connection dropped still lands once when the
 * queue is replayed (components/tasks/offline-sync.tsx). Also a tiny external store of what is
 * waiting, for the panel's offline note and for keeping queued changes on screen.
 */
import { ApiError, apiSend } from "@/lib/ui/api";
import { connection } from "@/lib/ui/connection";
import type { QueuedChange } from "@/lib/ui/offline-replay";
import { uuidV4 } from "@/lib/ui/uuid";

export type TaskWrite = Pick<QueuedChange, "kind" | "taskId" | "body" | "base">;
export type WriteResult<T> = { queued: false; data: T; requestId: string | null } | { queued: true };

let waiting = 0;
const waitingIds = new Set<string>();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** How many changes wait on this device (this tab's count: set by the sync when it reads the queue). */
export const offlineQueue = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  count: () => waiting,
  /** Tasks with a change waiting: a list read from the cache must not show them as they were. */
  has: (taskId: string) => waitingIds.has(taskId),
  ids: (): ReadonlySet<string> => waitingIds,
  set(changes: Pick<QueuedChange, "taskId">[]): void {
    waiting = changes.length;
    waitingIds.clear();
    for (const c of changes) waitingIds.add(c.taskId);
    changed();
  },
};

function pathOf(write: TaskWrite): { method: "POST" | "PATCH" | "DELETE"; path: string } {
  if (write.kind === "create") return { method: "POST", path: "/api/tasks" };
  return { method: write.kind === "update" ? "PATCH" : "DELETE", path: `/api/tasks/${encodeURIComponent(write.taskId)}` };
}

/** Sends a task write, or queues it for `owner` when there is no connection. */
export async function sendTaskWrite<T>(owner: string | undefined, write: TaskWrite): Promise<WriteResult<T>> {
  const key = uuidV4();
  const queue = async (): Promise<WriteResult<T>> => {
    // IndexedDB (and `idb`) only load when something is queued.
    const { enqueueChange } = await import("@/lib/ui/offline-queue");
    await enqueueChange(owner!, { ...write, key, madeAt: new Date().toISOString() });
    waiting++;
    waitingIds.add(write.taskId);
    changed();
    return { queued: true };
  };
  // A task with a change already waiting queues this one behind it: the order is kept.
  if (owner && (!connection.isOnline() || waitingIds.has(write.taskId))) return queue();
  const { method, path } = pathOf(write);
  try {
    const { data, requestId } = await apiSend<T>(path, { method, json: write.body, headers: { "idempotency-key": key } });
    return { queued: false, data, requestId };
  } catch (error) {
    if (owner && error instanceof ApiError && error.status === 0) return queue();
    throw error;
  }
}
