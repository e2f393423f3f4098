/**
 * The reminder loop of a server process: every REMINDER_POLL_MS it sends what came due
 * (lib/reminders/dispatcher.ts) and the morning agendas (lib/reminders/agenda.ts). Every
 * process may run it — each web worker, each instance: they share the work through the
 * database (FOR UPDATE SKIP LOCKED), and nothing is sent twice. Started by instrumentation.ts.
 */
import "server-only";
import { loadEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { vapidConfig } from "@/lib/push/config";
import { dispatchAgendas } from "@/lib/reminders/agenda";
import { dispatchDueReminders, type DispatchOptions } from "@/lib/reminders/dispatcher";

const LOOP = Symbol.for("talk-todo.reminderLoop");
type LoopState = { timer?: NodeJS.Timeout; stopped: boolean; running?: Promise<void> };

export function dispatchOptionsFromEnv(): DispatchOptions {
  const env = loadEnv();
  return {
    catchupMs: env.REMINDER_CATCHUP_HOURS * 3_600_000,
    vapid: vapidConfig(),
    appUrl: env.AUTH_URL ?? "http://localhost:3000",
  };
}

/** One round of everything the loop does (also for a one-off run from a script). */
export async function runReminderRound(options: DispatchOptions = dispatchOptionsFromEnv()): Promise<void> {
  await dispatchDueReminders(options);
  await dispatchAgendas({ now: options.now?.() ?? new Date(), appUrl: options.appUrl });
}

/** Starts the loop once per process (a second call is a no-op); returns a stop function. */
export function startReminderLoop(intervalMs = loadEnv().REMINDER_POLL_MS): () => Promise<void> {
  const holder = globalThis as { [LOOP]?: LoopState };
  const noop = async () => undefined;
  if (intervalMs <= 0 || holder[LOOP]) return noop;
  const state: LoopState = { stopped: false };
  holder[LOOP] = state;
  if (!vapidConfig()) log.warn("reminders.push_off", { reason: "VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not set" });
  const tick = () => {
    state.running = runReminderRound()
      .catch((error: unknown) => log.error("reminders.round_failed", { error }))
      .finally(() => {
        if (!state.stopped) state.timer = setTimeout(tick, intervalMs).unref();
      });
  };
  // A first round soon after start: catch up what came due while the server was down.
  state.timer = setTimeout(tick, Math.min(intervalMs, 2_000)).unref();
  return async () => {
    state.stopped = true;
    clearTimeout(state.timer);
    await state.running;
    delete holder[LOOP];
  };
}
