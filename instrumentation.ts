/**
 * Next.js calls `register()` once when a server process starts (`next dev`, and each worker of
 * scripts/serve.ts): it starts the reminder loop there (lib/reminders/loop.ts). Every process
 * may run it; they share the work through the database and never send a reminder twice.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Not while `next build` collects pages: no database, nothing to send.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startReminderLoop } = await import("@/lib/reminders/loop");
  startReminderLoop();
}
