/**
 * Structured one-line JSON logs. INFO carries ids, counts and durations only: never message
 * text, task text, tokens or keys. Raw provider/database errors go to ERROR.
 */
import { loadEnv } from "@/lib/env";

type Level = "debug" | "info" | "warn" | "error";
const rank: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function threshold(): number {
  try {
    return rank[loadEnv().LOG_LEVEL];
  } catch {
    return rank.info;
  }
}

function serializeError(error: unknown): unknown {
  if (error instanceof Error) {
    const e = error as Error & { code?: unknown; statusCode?: unknown };
    return {
      name: e.name,
      message: e.message,
      code: e.code,
      statusCode: e.statusCode,
      stack: e.stack,
      cause: e.cause ? serializeError(e.cause) : undefined,
    };
  }
  return error;
}

function write(level: Level, event: string, fields: Record<string, unknown> = {}): void {
  if (rank[level] < threshold()) return;
  const entry: Record<string, unknown> = { time: new Date().toISOString(), level, event };
  for (const [key, value] of Object.entries(fields)) {
    entry[key] = key === "error" || key === "err" ? serializeError(value) : value;
  }
  const line = JSON.stringify(entry);
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

export const log = {
  debug: (event: string, fields?: Record<string, unknown>) => write("debug", event, fields),
  info: (event: string, fields?: Record<string, unknown>) => write("info", event, fields),
  warn: (event: string, fields?: Record<string, unknown>) => write("warn", event, fields),
  error: (event: string, fields?: Record<string, unknown>) => write("error", event, fields),
};
