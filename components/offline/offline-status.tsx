"use client";
/** The task panel's offline note: what is shown is from the last visit, and how many changes wait to sync. */
import { useSyncExternalStore } from "react";
import { useOnline } from "@/components/offline/use-online";
import { offlineQueue } from "@/lib/ui/offline-writes";

export function OfflineStatus() {
  const online = useOnline();
  const waiting = useSyncExternalStore(offlineQueue.subscribe, offlineQueue.count, () => 0);
  if (online && waiting === 0) return null;
  const changes = waiting === 1 ? "1 change waits" : `${waiting} changes wait`;
  return (
    <p
      role="status"
      data-testid="offline-status"
      className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-900/50 dark:bg-amber-950/40 dark:text-amber-100"
    >
      {online ? (
        <>Syncing: {changes} to be saved.</>
      ) : (
        <>
          <strong className="font-semibold">Offline.</strong> These are your tasks as of your last visit. Adds, completions and edits are
          saved on this device
          {waiting > 0 ? ` (${changes})` : ""} and sync when you&rsquo;re back online.
        </>
      )}
    </p>
  );
}
