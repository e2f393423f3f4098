"use client";
/** Whether this tab can reach the server (lib/ui/connection.ts); true in the server's HTML. */
import { useSyncExternalStore } from "react";
import { connection } from "@/lib/ui/connection";

export function useOnline(): boolean {
  return useSyncExternalStore(connection.subscribe, connection.isOnline, () => true);
}
