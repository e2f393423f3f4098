/**
 * The agent turns running in this process. A stopping server (scripts/serve.ts) waits for them,
 * so that a turn whose client has already gone is still saved and its lease released. Kept on
 * globalThis under a registered symbol because serve.ts reads it from outside the app's bundle.
 */
const KEY = Symbol.for("talk-todo.inFlightTurns");

type Registry = { count: number };

function registry(): Registry {
  const holder = globalThis as { [KEY]?: Registry };
  holder[KEY] ??= { count: 0 };
  return holder[KEY];
}

/** Counts the turn until `finished` settles. */
export function trackTurn(finished: Promise<unknown>): void {
  const turns = registry();
  turns.count++;
  const done = () => {
    turns.count--;
  };
  finished.then(done, done);
}

export function inFlightTurns(): number {
  return registry().count;
}

type Running = { turnId: string; stop: AbortController; finished: Promise<unknown> };
const RUNNING = Symbol.for("talk-todo.runningTurns");

function running(): Map<string, Running> {
  const holder = globalThis as { [RUNNING]?: Map<string, Running> };
  holder[RUNNING] ??= new Map();
  return holder[RUNNING];
}

/**
 * Tells the supervisor (scripts/serve.ts → scripts/db/orphaned-turns.ts) which turns this worker
 * runs: if the worker dies, it gives their conversations' leases back at once. A turn is
 * reported before it takes its lease (the supervisor only frees a lease still held by that
 * turn, so an early report is harmless) and again when it has ended.
 */
export function reportTurn(conversationId: string, turnId: string, running: boolean): void {
  if (process.send && process.connected)
    process.send({ type: "talk-todo.turn", running, conversationId, turnId }, undefined, undefined, () => undefined);
}

/** Registers a turn's Stop in this process (by turn id) until `finished` settles. */
export function registerStop(turnId: string, conversationId: string, stop: AbortController, finished: Promise<unknown>): void {
  running().set(turnId, { turnId, stop, finished });
  const done = () => {
    running().delete(turnId);
    reportTurn(conversationId, turnId, false);
  };
  finished.then(done, done);
}

/**
 * Stops the turn at once if it runs in this process and resolves once it is saved (at most
 * `waitMs`); false when it runs elsewhere (or not at all).
 */
export async function stopLocalTurn(turnId: string, waitMs = 5000): Promise<boolean> {
  const turn = running().get(turnId);
  if (!turn) return false;
  turn.stop.abort(new DOMException("Stopped by the user", "AbortError"));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([turn.finished.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
  return true;
}
