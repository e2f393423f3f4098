import { db } from "@/lib/db";
import { describeActiveModel } from "@/lib/agent/models";
import { log } from "@/lib/log";
import { supervisorReport } from "@/lib/supervisor";

export const dynamic = "force-dynamic";

/**
 * 200 "ok" when the database answers and the workers are stable; 503 "degraded" when the
 * database is down or scripts/serve.ts keeps replacing workers that die (it never stops serving).
 */
export async function GET(): Promise<Response> {
  const model = describeActiveModel().provider;
  const supervisor = supervisorReport();
  const workers = supervisor
    ? { workers: { count: supervisor.workers, ready: supervisor.ready, restartsLastMinute: supervisor.restartsLastMinute } }
    : {};
  let dbUp = true;
  try {
    await db.$queryRaw`SELECT 1`;
  } catch (error) {
    dbUp = false;
    log.error("health.db_down", { error });
  }
  const healthy = dbUp && !supervisor?.degraded;
  return Response.json(
    { status: healthy ? "ok" : "degraded", db: dbUp ? "ok" : "down", model, ...workers },
    { status: healthy ? 200 : 503 },
  );
}
