/** The audit trail of the agent: one AgentRun per turn, one ToolInvocation per tool call. */
import "server-only";
import { db, type Prisma } from "@/lib/db";

export type RunStatus = "running" | "completed" | "awaiting_confirmation" | "max_iterations_reached" | "error" | "aborted";

export type ToolInvocationRecord = {
  toolCallId: string;
  toolName: string;
  input: unknown;
  output: unknown;
  success: boolean;
  errorCode: string | null;
  durationMs: number;
};

/** Writes the turn's AgentRun (status running). `id` may be chosen by the caller, so the row can be written in the background. */
export async function startAgentRun(data: { id?: string; requestId: string; userId: string; conversationId: string; model: string }): Promise<string> {
  const run = await db.agentRun.create({ data: { ...data, status: "running" }, select: { id: true } });
  return run.id;
}

const asJson = (value: unknown): Prisma.InputJsonValue => JSON.parse(JSON.stringify(value ?? null)) as Prisma.InputJsonValue;

export async function finishAgentRun(
  id: string,
  data: {
    status: RunStatus;
    finishReason: string | null;
    steps: number;
    inputTokens?: number;
    outputTokens?: number;
    totalTokens?: number;
    durationMs: number;
    errorCode: string | null;
    toolCalls: ToolInvocationRecord[];
  },
): Promise<void> {
  const { toolCalls, ...run } = data;
  if (toolCalls.length === 0) {
    // Nothing to insert: one UPDATE instead of BEGIN/UPDATE/COMMIT.
    await db.agentRun.update({ where: { id }, data: { ...run, finishedAt: new Date() }, select: { id: true } });
    return;
  }
  await db.$transaction([
    db.agentRun.update({ where: { id }, data: { ...run, finishedAt: new Date() }, select: { id: true } }),
    db.toolInvocation.createMany({
      data: toolCalls.map((call) => ({
        runId: id,
        toolCallId: call.toolCallId.slice(0, 128),
        toolName: call.toolName.slice(0, 64),
        input: asJson(call.input),
        output: call.output === undefined || call.output === null ? undefined : asJson(call.output),
        success: call.success,
        errorCode: call.errorCode?.slice(0, 64) ?? null,
        durationMs: call.durationMs,
      })),
    }),
  ]);
}
