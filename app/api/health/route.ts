import { db } from "@/lib/db";
import { describeActiveModel } from "@/lib/agent/models";
import { log } from "@/lib/log";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const model = describeActiveModel().provider;
  try {
    await db.$queryRaw`SELECT 1`;
    return Response.json({ status: "ok", db: "ok", model });
  } catch (error) {
    log.error("health.db_down", { error });
    return Response.json({ status: "degraded", db: "down", model }, { status: 503 });
  }
}
