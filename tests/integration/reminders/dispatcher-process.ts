/**
 * One reminder dispatcher as its own process (what every server process runs, without the web
 * server): the test starts two of them and kills one mid-send. Its environment comes from the
 * test (DATABASE_URL, SMTP_URL, VAPID_*, PUSH_ALLOWED_ORIGINS, REMINDER_POLL_MS, and
 * NODE_EXTRA_CA_CERTS to trust the local push service). Run with
 * `node --conditions=react-server --import tsx` (server-only modules).
 */
import { startReminderLoop } from "@/lib/reminders/loop";

const stop = startReminderLoop();
process.on("SIGTERM", () => void stop().then(() => process.exit(0)));
setInterval(() => undefined, 60_000); // the loop's timer is unref'd: keep the process alive
process.send?.("ready");
