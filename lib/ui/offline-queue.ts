/**
 * The task panel's offline changes, kept in IndexedDB (through `idb`) so they survive a closed
 * tab: one row per change, in the order made, each under its owner (the signed-in account's
 * e-mail) so another account signed in on the same browser never sends them. Replaying them is
 * lib/ui/offline-replay.ts; docs/offline.md has the whole picture.
 */
import { openDB, type IDBPDatabase } from "idb";
import type { QueuedChange } from "@/lib/ui/offline-replay";

const DB_NAME = "talk-todo-offline";
const STORE = "changes";

type Row = QueuedChange & { owner: string };

let opened: Promise<IDBPDatabase> | null = null;

function database(): Promise<IDBPDatabase> {
  opened ??= openDB(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: "seq", autoIncrement: true }).createIndex("owner", "owner");
    },
  });
  return opened;
}

/** Adds a change at the end of the owner's queue. */
export async function enqueueChange(owner: string, change: Omit<QueuedChange, "seq">): Promise<void> {
  const db = await database();
  await db.add(STORE, { ...change, owner });
}

/** The owner's changes, oldest first. */
export async function queuedChanges(owner: string): Promise<QueuedChange[]> {
  const db = await database();
  const rows = (await db.getAllFromIndex(STORE, "owner", owner)) as Row[];
  return rows
    .sort((a, b) => a.seq - b.seq)
    .map(({ owner: _owner, ...change }) => {
      void _owner;
      return change;
    });
}

export async function saveChange(owner: string, change: QueuedChange): Promise<void> {
  const db = await database();
  await db.put(STORE, { ...change, owner });
}

export async function removeChange(seq: number): Promise<void> {
  const db = await database();
  await db.delete(STORE, seq);
}
