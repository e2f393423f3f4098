"use client";
/**
 * Replays the task panel's offline changes (lib/ui/offline-replay.ts) when the page opens online
 * and whenever the server is reachable again (lib/ui/connection.ts): one tab at a time (Web Locks), in order, each exactly
 * once (its Idempotency-Key). Conflicts and dropped changes are told in a toast; then the panel
 * resyncs. Renders nothing. The queue and the replay (with `idb`) are loaded after the page, not
 * with it (the chat page's first-load JS budget, docs/benchmarks.md).
 */
import { useCallback, useEffect, useRef } from "react";
import { useTaskStore } from "@/components/tasks/task-store";
import { useToast } from "@/components/ui/toast";
import { connection } from "@/lib/ui/connection";
import type { ReplayIO } from "@/lib/ui/offline-replay";
import { offlineQueue } from "@/lib/ui/offline-writes";
import type { Task } from "@/lib/ui/types";

async function send(method: string, path: string, body: Record<string, unknown> | undefined, key: string) {
  try {
    const response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: { accept: "application/json", "idempotency-key": key, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's error page): the status says enough.
    }
    return { status: response.status, body: parsed };
  } catch {
    connection.unreachable();
    return { status: 0, body: null };
  }
}

async function fetchTask(id: string): Promise<Task | null | undefined> {
  try {
    const response = await fetch(`/api/tasks/${encodeURIComponent(id)}`, {
      credentials: "same-origin",
      headers: { accept: "application/json" },
      cache: "no-store",
    });
    if (response.status === 404) return null;
    if (!response.ok) return undefined;
    return ((await response.json()) as { task: Task }).task;
  } catch {
    return undefined;
  }
}

function withLock(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== "undefined" ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? locks.request("talk-todo-offline-sync", () => work()).then(() => undefined) : work();
}

export function OfflineSync({ owner }: { owner: string }) {
  const { refresh, settleCreated } = useTaskStore();
  const toast = useToast();
  const running = useRef(false);

  const sync = useCallback(async () => {
    if (running.current || !connection.isOnline()) return;
    running.current = true;
    try {
      const [{ queuedChanges, removeChange, saveChange }, { replayChanges }] = await Promise.all([
        import("@/lib/ui/offline-queue"),
        import("@/lib/ui/offline-replay"),
      ]);
      await withLock(async () => {
        const queue = await queuedChanges(owner);
        offlineQueue.set(queue);
        if (!queue.length) return;
        const io: ReplayIO = {
          send,
          fetchTask,
          done: async (change) => {
            await removeChange(change.seq);
            offlineQueue.set(await queuedChanges(owner));
          },
          update: (change) => saveChange(owner, change),
        };
        const outcome = await replayChanges(queue, io);
        for (const [tempId, task] of outcome.created) settleCreated(tempId, task);
        for (const note of outcome.notes) toast.show(note, "info");
        if (outcome.applied && !outcome.interrupted)
          toast.show(
            `Back online: ${outcome.applied === 1 ? "your offline change is" : `your ${outcome.applied} offline changes are`} saved.`,
            "success",
          );
        offlineQueue.set(await queuedChanges(owner));
        refresh();
      });
    } catch {
      // IndexedDB unavailable (private mode in some browsers): nothing was queued either.
    } finally {
      running.current = false;
    }
  }, [owner, refresh, settleCreated, toast]);

  useEffect(() => {
    // What waits from an earlier visit counts at once, also offline.
    import("@/lib/ui/offline-queue").then(({ queuedChanges }) => queuedChanges(owner)).then(offlineQueue.set, () => undefined);
    void sync();
    return connection.subscribe(() => {
      if (connection.isOnline()) void sync();
    });
  }, [sync, owner]);

  // A change queued while online (the request got no answer) is retried shortly.
  useEffect(
    () =>
      offlineQueue.subscribe(() => {
        if (offlineQueue.count() > 0 && connection.isOnline()) setTimeout(() => void sync(), 10_000);
      }),
    [sync],
  );

  return null;
}
