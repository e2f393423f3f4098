/**
 * Runs a command with a migrated database:  tsx scripts/with-db.ts <command> [args…]
 *
 * DATABASE_URL unset → starts (or reuses) the persistent embedded Postgres under DATA_DIR
 * (default .data) and exports DATABASE_URL; applies pending migrations; exports a generated
 * AUTH_SECRET if none is set (see scripts/db/ensure.ts). Then runs the command with that
 * environment, forwards SIGINT/SIGTERM/SIGHUP to it, stops Postgres once it has exited, and
 * exits with its exit code.
 */
import { spawn } from "node:child_process";
import os from "node:os";
import { ensureDatabase } from "./db/ensure";
import { requireSupportedNode } from "./node-version";

requireSupportedNode();

const args = process.argv.slice(2);
if (args[0] === "--") args.shift();
const [command, ...commandArgs] = args;
if (!command) {
  console.error("usage: tsx scripts/with-db.ts <command> [args…]");
  process.exit(2);
}

// Installed before anything starts. While the database is being set up, a first signal is
// remembered (we stop what we started, then exit); a second one exits at once.
let child: ReturnType<typeof spawn> | undefined;
let interrupted: NodeJS.Signals | undefined;
const forwarded: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
const exitCodeFor = (signal: NodeJS.Signals) => 128 + (os.constants.signals[signal] ?? 1);
for (const signal of forwarded) {
  process.on(signal, () => {
    if (child) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    } else if (interrupted) {
      process.exit(exitCodeFor(signal));
    } else {
      interrupted = signal;
    }
  });
}

let stopDb: () => Promise<void> = async () => {};
try {
  const db = await ensureDatabase({ handleSignals: false });
  stopDb = db.stop;
  if (interrupted) {
    await db.stop();
    process.exit(exitCodeFor(interrupted));
  }
  child = spawn(command, commandArgs, {
    stdio: "inherit",
    env: { ...process.env, ...db.env },
    shell: process.platform === "win32",
  });
  child.on("error", async (error) => {
    console.error(`[db] could not run ${command}: ${error.message}`);
    await db.stop();
    process.exit(127);
  });
  child.on("exit", async (code, signal) => {
    await db.stop();
    if (signal) {
      // Die of the same signal, so callers see what the command saw.
      for (const s of forwarded) process.removeAllListeners(s);
      process.kill(process.pid, signal);
      setTimeout(() => process.exit(exitCodeFor(signal)), 1000).unref();
      return;
    }
    process.exit(code ?? 1);
  });
} catch (error) {
  console.error(`[db] ${error instanceof Error ? error.message : String(error)}`);
  await stopDb();
  process.exit(1);
}
