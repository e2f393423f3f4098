/**
 * One turn of the agent — the single code path behind POST /api/chat (which streams it) and
 * POST /api/agent (which waits for its outcome). Everything that can refuse the turn (model
 * allow-list, rate limit, ownership, the conversation's lease, a forged confirmation) happens
 * before the stream starts, so it surfaces as an HTTP error; after that, every failure becomes
 * a friendly reply and the turn is saved and audited.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { convertToModelMessages, isToolUIPart, type UIMessage, type UIMessageChunk } from "ai";
import { log } from "@/lib/log";
import {
  beginTurn,
  deriveTitle,
  finishTurn,
  releaseTurnLease,
  saveMessage,
  startAgentRun,
  type RunStatus,
} from "@/lib/conversations";
import { getAgentConfig } from "@/lib/agent/config";
import { trackTurn } from "@/lib/agent/in-flight";
import { getLanguageModel } from "@/lib/agent/models";
import { enforceTokenBudget } from "@/lib/agent/budget";
import { capHistoryChars } from "@/lib/agent/history";
import { enforceAgentRateLimit } from "@/lib/agent/rate-limit";
import type { TurnInput } from "@/lib/agent/request";
import { buildSystemPrompt } from "@/lib/agent/system-prompt";
import { createTaskTools, type ToolCallRecord } from "@/lib/agent/tools/ai-tools";
import type { TaskToolContext } from "@/lib/agent/tools/operations";
import { planTurn } from "@/lib/agent/turn-plan";
import { runTurnLoop, type TurnLoopResult } from "@/lib/agent/turn-stream";

export type TurnStatus = "completed" | "awaiting_confirmation" | "max_iterations_reached" | "error";

export type PendingConfirmation = { id: string; toolName: string; input: unknown; prompt: string };

export type TurnOutcome = {
  requestId: string;
  conversationId: string;
  status: TurnStatus;
  response: string;
  toolCalls: { toolName: string; input: unknown; output: unknown; success: boolean; errorCode: string | null; durationMs: number }[];
  pendingConfirmation: PendingConfirmation | null;
  iterations: number;
  finishReason: string | null;
  warning: string | null;
  error: string | null;
};

export type Turn = { requestId: string; conversationId: string; stream: ReadableStream<UIMessageChunk>; outcome: Promise<TurnOutcome> };

export type StartTurnParams = {
  user: { id: string; timezone: string };
  conversationId: string;
  requestId: string;
  input: TurnInput;
  timeZone?: string;
  model?: string;
  abortSignal?: AbortSignal;
  now?: Date;
};

export async function startTurn(params: StartTurnParams): Promise<Turn> {
  const started = performance.now();
  const { user, conversationId, requestId, input } = params;
  const config = getAgentConfig();
  const { model, info } = getLanguageModel(params.model);
  if (info.provider !== "builtin") await enforceTokenBudget({ userId: user.id, requestId });
  const quota = await enforceAgentRateLimit({ userId: user.id, requestId });
  // The conversation (created on the first message; another user's id → 404) and its lease (a
  // turn already running → 409), in one round trip. A refused turn uses no quota.
  const turnId = randomUUID();
  try {
    await beginTurn({ userId: user.id, conversationId, turnId, create: input.kind === "message", title: input.kind === "message" ? deriveTitle(input.text) : "" });
  } catch (error) {
    await quota.refund().catch((refundError) => log.error("agent.refund_failed", { requestId, error: refundError }));
    throw error;
  }
  let run: Promise<string> | null = null;
  let planned = false;
  try {
    const plan = await planTurn({ conversationId, input, historyLimit: config.historyMessages });
    planned = true;
    const timeZone = params.timeZone ?? user.timezone;
    const now = params.now ?? new Date();
    const records: ToolCallRecord[] = [];
    const ctx: TaskToolContext = { userId: user.id, timeZone, now: params.now ? () => now : undefined, actor: "agent", requestId, conversationId };
    const tools = createTaskTools({ ...ctx, onToolResult: (r) => records.push(r) });
    const modelMessages = await convertToModelMessages(capHistoryChars(plan.modelMessages, config.historyChars), { tools, ignoreIncompleteToolCalls: true });
    // The audit row is written while the model starts; onFinish waits for it (off the path to the first token).
    const runId = randomUUID();
    run = startAgentRun({ id: runId, requestId, userId: user.id, conversationId, model: info.modelId });
    const runStarted = run;
    runStarted.catch(() => undefined); // awaited (and reported) in onFinish
    log.info("agent.turn.start", { requestId, conversationId, userId: user.id, runId, model: info.modelId, provider: info.provider, mode: plan.mode, historyMessages: plan.modelMessages.length });

    let resolveOutcome!: (outcome: TurnOutcome) => void;
    const outcome = new Promise<TurnOutcome>((resolve) => (resolveOutcome = resolve));
    const stream = runTurnLoop({
      model,
      config,
      system: buildSystemPrompt({ now, timeZone }),
      tools,
      records,
      modelMessages,
      plan,
      ctx,
      requestId,
      abortSignal: params.abortSignal,
      onFinish: async (result) => {
        const turnOutcome = toOutcome({ requestId, conversationId, result, records, maxSteps: config.maxSteps });
        try {
          await saveAnswered(conversationId, plan.answered, result);
          await runStarted;
          await finishTurn({
            conversationId,
            turnId,
            message: result.responseMessage,
            runId,
            run: {
              status: runStatus(turnOutcome, result),
              finishReason: result.finishReason,
              steps: result.steps,
              ...result.usage,
              durationMs: Math.round(performance.now() - started),
              errorCode: result.errorCode,
            },
            toolCalls: records,
          });
        } catch (error) {
          log.error("agent.persist_failed", { requestId, conversationId, error });
          turnOutcome.status = "error";
          turnOutcome.error ??= "internal";
          await releaseTurnLease({ conversationId, turnId }).catch((releaseError) => log.error("agent.lease_release_failed", { requestId, error: releaseError }));
        } finally {
          log.info("agent.turn.finish", { requestId, conversationId, status: turnOutcome.status, steps: result.steps, finishReason: result.finishReason, errorCode: result.errorCode, toolCalls: records.length, durationMs: Math.round(performance.now() - started) });
          resolveOutcome(turnOutcome);
        }
      },
    });
    trackTurn(outcome);
    return { requestId, conversationId, stream, outcome };
  } catch (error) {
    await run?.catch(() => undefined);
    await releaseTurnLease({ conversationId, turnId }).catch(() => undefined);
    // Refused while planning (e.g. a confirmation that does not exist): no quota used.
    if (!planned) await quota.refund().catch(() => undefined);
    throw error;
  }
}

/** A typed yes/no settles the approvals of the message it answered (the reply is saved by finishTurn). */
async function saveAnswered(conversationId: string, answered: UIMessage | null, result: TurnLoopResult): Promise<void> {
  if (answered && result.answeredOutputs.size) {
    const settled: UIMessage = {
      ...answered,
      parts: answered.parts.map((part) => {
        if (!isToolUIPart(part) || part.state !== "approval-responded") return part;
        const chunk = result.answeredOutputs.get(part.toolCallId);
        if (chunk?.type === "tool-output-available") return { ...part, state: "output-available", output: chunk.output } as unknown as typeof part;
        if (chunk?.type === "tool-output-error") return { ...part, state: "output-error", errorText: chunk.errorText } as unknown as typeof part;
        if (chunk?.type === "tool-output-denied") return { ...part, state: "output-denied" } as unknown as typeof part;
        return part;
      }),
    };
    await saveMessage({ conversationId, message: settled });
  }
}

function toOutcome({ requestId, conversationId, result, records, maxSteps }: { requestId: string; conversationId: string; result: TurnLoopResult; records: ToolCallRecord[]; maxSteps: number }): TurnOutcome {
  const first = result.pending[0];
  const status: TurnStatus = result.errorCode ? "error" : first ? "awaiting_confirmation" : result.boundHit ? "max_iterations_reached" : "completed";
  return {
    requestId,
    conversationId,
    status,
    response: result.text,
    toolCalls: records.map(({ toolName, input, output, success, errorCode, durationMs }) => ({ toolName, input, output, success, errorCode, durationMs })),
    pendingConfirmation: first && !result.errorCode ? { id: first.approvalId, toolName: first.toolName, input: first.input, prompt: result.prompt ?? "" } : null,
    iterations: result.steps,
    finishReason: result.errorCode ? "error" : result.finishReason,
    warning: result.boundHit ? `Stopped after ${maxSteps} steps, the limit for one turn.` : null,
    error: result.errorCode,
  };
}

function runStatus(outcome: TurnOutcome, result: TurnLoopResult): RunStatus {
  return result.errorCode === "aborted" ? "aborted" : outcome.status;
}
