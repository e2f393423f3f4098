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
