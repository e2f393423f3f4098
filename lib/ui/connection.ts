/**
 * Whether this tab can reach the server: the browser says it is online (`navigator.onLine` and
 * its events) and the last request did not fail for want of a connection. `navigator.onLine`
 * alone is not enough: it stays true on a network with no way out, and Chromium 150 says true in
 * a page reloaded while offline (measured, docs/offline.md). So a request that gets no answer,
 * or an answer the service worker took from its cache because the network failed (it marks those
 * with CACHED_HEADER, public/sw.js), makes the server unreachable until a probe of /api/health
 * gets any answer: every few seconds while unreachable, and at once when the browser says it is
 * back. A small external store for `useSyncExternalStore`.
 */
export const CACHED_HEADER = "x-talk-todo-cached";
const PROBE_EVERY_MS = 4_000;

let reachable = true;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function browserOnline(): boolean {
  return typeof navigator === "undefined" || navigator.onLine !== false;
}

async function probe(): Promise<void> {
  probeTimer = undefined;
  try {
    // Any answer, even an error status, means the server is reachable. The worker never answers this path.
    await fetch("/api/health", { cache: "no-store", credentials: "omit" });
    connection.reached();
  } catch {
    connection.unreachable();
  }
}

export const connection = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isOnline: (): boolean => reachable && browserOnline(),
  /** A request got an answer from the server. */
  reached(): void {
    clearTimeout(probeTimer);
    probeTimer = undefined;
    if (reachable) return;
    reachable = true;
    changed();
  },
  /** A request got no answer: offline until a probe gets one. */
  unreachable(): void {
    if (probeTimer === undefined && typeof window !== "undefined") probeTimer = setTimeout(() => void probe(), PROBE_EVERY_MS);
    if (!reachable) return;
    reachable = false;
    changed();
  },
  /** An answer: the server's, or the worker's cached copy given because the server could not be reached. */
  answered(response: Response): void {
    if (response.headers.has(CACHED_HEADER)) connection.unreachable();
    else connection.reached();
  },
};

if (typeof window !== "undefined") {
  window.addEventListener("online", () => {
    if (!reachable) {
      clearTimeout(probeTimer);
      void probe();
    }
    changed();
  });
  window.addEventListener("offline", changed);
}
