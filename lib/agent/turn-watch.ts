/**
 * Keeps the leases of this process's running turns and listens for a Stop sent to another
 * process — for all of them together: one timer per process and at most two statements every
 * STOP_POLL_MS (renew the leases that are due, check the others), instead of a timer and a
 * statement per turn. With hundreds of slow streams per worker the per-turn polls were
 * hundreds of statements a second (docs/benchmarks.md, issue 18).
 */
import "server-only";
import { checkTurns, LEASE_RENEW_MS, renewTurnLeases, type RunningTurn, type TurnState } from "@/lib/conversations";
import { log } from "@/lib/log";

/** How often a running turn asks whether a Stop was sent to another server process. */
export const STOP_POLL_MS = 2000;

type Watched = RunningTurn & { requestId: string; renewedAt: number; stopped: boolean; onEnd: (reason: "stop" | "lost") => void };

const KEY = Symbol.for("talk-todo.watchedTurns");
type State = { turns: Map<string, Watched>; timer: ReturnType<typeof setInterval> | null };

function state(): State {
  const holder = globalThis as { [KEY]?: State };
  holder[KEY] ??= { turns: new Map(), timer: null };
  return holder[KEY];
}

/**
 * Watches a running turn until the returned function is called: `onEnd("stop")` when the user
 * asked it to stop, `onEnd("lost")` when another turn holds its conversation now (called at most
 * once). Its lease is renewed every LEASE_RENEW_MS (to within STOP_POLL_MS) until then, and
 * after a Stop too, while the turn saves what it did.
 */
export function watchTurn(
  turn: { conversationId: string; turnId: string; requestId: string },
  onEnd: (reason: "stop" | "lost") => void,
): () => void {
  const s = state();
  const key = turn.turnId;
  s.turns.set(key, { ...turn, renewedAt: Date.now(), stopped: false, onEnd });
  if (!s.timer) {
    s.timer = setInterval(() => void tick(), STOP_POLL_MS);
    s.timer.unref?.();
  }
  return () => {
    s.turns.delete(key);
    if (!s.turns.size && s.timer) {
      clearInterval(s.timer);
      s.timer = null;
    }
  };
}

async function tick(): Promise<void> {
  const s = state();
  const now = Date.now();
  const all = [...s.turns.values()];
  // Due for renewal when the next tick would come later than LEASE_RENEW_MS after the last one.
  const due = all.filter((t) => now - t.renewedAt + STOP_POLL_MS > LEASE_RENEW_MS);
  const rest = all.filter((t) => !due.includes(t));
  for (const t of due) t.renewedAt = now;
  await Promise.all([
    due.length
      ? renewTurnLeases(due).then(apply, (error: unknown) => log.warn("agent.lease_renew_failed", { turns: due.length, error }))
      : undefined,
    rest.length
      ? checkTurns(rest).then(apply, (error: unknown) => log.warn("agent.lease_renew_failed", { turns: rest.length, error }))
      : undefined,
  ]);
}

function apply(states: TurnState[]): void {
  const turns = state().turns;
  for (const { turnId, held, stop } of states) {
    const t = turns.get(turnId);
    if (!t || (held && (!stop || t.stopped))) continue; // ended meanwhile, or nothing new
    if (held) {
      t.stopped = true; // keeps its lease while it saves
      t.onEnd("stop");
      continue;
    }
    turns.delete(turnId);
    log.warn("agent.lease_lost", { requestId: t.requestId, conversationId: t.conversationId });
    t.onEnd("lost");
  }
}
