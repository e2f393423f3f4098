/**
 * The per-user daily token budget (AI_DAILY_TOKEN_BUDGET): the tokens the provider reported for
 * the user's turns since midnight UTC, from the audit trail (AgentRun), checked before a turn
 * reaches the model. The offline built-in model costs nothing and has no budget.
 */
import "server-only";
import { sql } from "@/lib/db";
import { loadEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { windowStart } from "@/lib/rate-limit/counter";

const DAY = 86_400_000;

export async function enforceTokenBudget({
  userId,
  requestId,
  now = Date.now(),
}: {
  userId: string;
  requestId?: string;
  now?: number;
}): Promise<void> {
  const budget = loadEnv().AI_DAILY_TOKEN_BUDGET;
  if (budget === 0) return;
  const start = windowStart(now, DAY);
  const rows = await sql<{ used: number }>(
    "agent_budget",
    `SELECT COALESCE(SUM(COALESCE("totalTokens", COALESCE("inputTokens", 0) + COALESCE("outputTokens", 0))), 0)::float8 AS "used"
     FROM "AgentRun" WHERE "userId" = $1::uuid AND "createdAt" >= $2::timestamp(3)`,
    [userId, start.toISOString()],
  );
  const used = Number(rows[0]?.used ?? 0);
  if (used < budget) return;
  const retryAfter = Math.max(1, Math.ceil((start.getTime() + DAY - now) / 1000));
  log.warn("agent.budget_exhausted", { requestId, userId, used, budget, retryAfter });
  throw new AppError("rate_limit:budget", "You've used today's allowance for the assistant. It renews at midnight UTC.", { retryAfter });
}
