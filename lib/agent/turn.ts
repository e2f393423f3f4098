/**
 * One turn of the agent — the single code path behind POST /api/chat (which streams it) and
 * POST /api/agent (which waits for its outcome). Everything that can refuse the turn (model
 * allow-list, rate limit, ownership, the conversation's lease, a forged confirmation) happens
 * before the stream starts, so it surfaces as an HTTP error; after that, every failure becomes
 * a friendly reply and the turn is saved and audited.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { convertToModelMessages, type ToolSet, type UIMessage, type UIMessageChunk } from "ai";
import { log } from "@/lib/log";
import {
  beginTurn,
  closeStaleRuns,
  deriveTitle,
  finishTurn,
  loadMessages,
  releaseTurnLease,
  runApproved,
  saveMessage,
  startAgentRun,
  type AgentDecision,
  type RunStatus,
} from "@/lib/conversations";
import { getAgentConfig } from "@/lib/agent/config";
import { settleParts } from "@/lib/agent/confirmation";
import { registerStop, reportTurn, trackTurn } from "@/lib/agent/in-flight";
import { watchTurn } from "@/lib/agent/turn-watch";
import { sql } from "@/lib/db";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { answerClosedRuns, type InterruptedRun } from "@/lib/conversations/interrupted";
import { getLanguageModel } from "@/lib/agent/models";
import { enforceTokenBudget } from "@/lib/agent/budget";
import { capHistoryChars } from "@/lib/agent/history";
import { enforceAgentRateLimit } from "@/lib/agent/rate-limit";
import type { TurnInput } from "@/lib/agent/request";
import { buildSystemPrompt } from "@/lib/agent/system-prompt";
import {
  createTaskTools,
  runDefinition,
  ToolUnavailableError,
  withTransaction,
  type ProposedCall,
  type ToolCallRecord,
} from "@/lib/agent/tools/ai-tools";
import { getTaskToolDefinition } from "@/lib/agent/tools/definitions";
import { retryWhenUnavailable } from "@/lib/agent/tools/retry";
import { intentGate, saidInTurn } from "@/lib/agent/intent-gate";
import type { TaskToolContext } from "@/lib/agent/tools/context";
import type { ToolResult } from "@/lib/agent/tools/results";
import { planTurn, type AnsweredCall, type TurnPlan } from "@/lib/agent/turn-plan";
import { runTurnLoop, type ConfirmationItem, type TurnLoopResult } from "@/lib/agent/turn-stream";
import { combinedQuestion, pendingQuestion } from "@/lib/agent/turn-text";

export type TurnStatus = "completed" | "awaiting_confirmation" | "max_iterations_reached" | "error" | "stopped";

/** The seeds' finish reasons (`completed`, `max_iterations`, `error`) and this app's two extensions. */
export type TurnFinishReason = "completed" | "max_iterations" | "error" | "stopped" | "awaiting_confirmation";

/** One pending action: `input` is the model's input plus the task ids and titles it is bound to. */
export type PendingConfirmation = { id: string; toolName: string; input: unknown; prompt: string };

export type TurnOutcome = {
  requestId: string;
  conversationId: string;
  status: TurnStatus;
  response: string;
  toolCalls: { toolName: string; input: unknown; output: unknown; success: boolean; errorCode: string | null; durationMs: number }[];
  /** The first pending action (kept for older clients); all of them in `pendingConfirmations`. */
  pendingConfirmation: PendingConfirmation | null;
  pendingConfirmations: PendingConfirmation[];
  iterations: number;
  /** Why the turn ended, in the seeds' vocabulary (docs/api.md). */
  finishReason: TurnFinishReason;
  /** The AI SDK's finish reason of the model's last step (`stop`, `tool-calls`, `length`, …), null when no model step ran. */
  modelFinishReason: string | null;
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

/** Attempts at the final save before giving up (the lease then runs out on its own). */
const FINISH_ATTEMPTS = 3;

export async function startTurn(params: StartTurnParams): Promise<Turn> {
  const started = performance.now();
  const { user, conversationId, requestId, input } = params;
  const config = getAgentConfig();
  const { model, info } = getLanguageModel(params.model);
  if (info.provider !== "builtin") await enforceTokenBudget({ userId: user.id, requestId });
  const quota = await enforceAgentRateLimit({ userId: user.id, requestId });
  sweepStaleRuns(config.turnTimeoutMs);
  // The conversation (created on the first message; another user's id → 404) and its lease (a
  // turn already running → 409), in one round trip. A refused turn uses no quota.
  const turnId = randomUUID();
  let interrupted: InterruptedRun[];
  try {
    reportTurn(conversationId, turnId, true);
    ({ interrupted } = await beginTurn({
      userId: user.id,
      conversationId,
      turnId,
      create: input.kind === "message" && !input.edit,
      title: input.kind === "message" ? deriveTitle(input.text) : "",
    }));
  } catch (error) {
    reportTurn(conversationId, turnId, false);
    await quota.refund().catch((refundError) => log.error("agent.refund_failed", { requestId, error: refundError }));
    throw error;
  }
  let run: Promise<string> | null = null;
  const stop = new AbortController();
  let unwatch: (() => void) | null = null;
  let planned = false;
  try {
    const history = await recoverInterruptedTurns(conversationId, requestId, interrupted, config.historyMessages);
    // The audit row is written with the user's message (or, where the turn saves none, while the model starts).
    const runId = randomUUID();
    const runStart = { id: runId, requestId, userId: user.id, conversationId, model: info.modelId };
    const plan = await planTurn({
      conversationId,
      input,
      historyLimit: config.historyMessages,
      userId: user.id,
      requestId,
      history,
      run: runStart,
    });
    planned = true;
    const timeZone = params.timeZone ?? user.timezone;
    const now = params.now ?? new Date();
    const records: ToolCallRecord[] = [];
    const ctx: TaskToolContext = {
      userId: user.id,
      timeZone,
      now: params.now ? () => now : undefined,
      actor: "agent",
      requestId,
      conversationId,
    };
    // Tool records and onFinish wait for the audit row.
    const runRow = { ...runStart, userMessage: plan.userText };
    run = plan.runStarted ? Promise.resolve(runId) : startAgentRun(runRow);
    const runStarted = run;
    runStarted.catch(() => undefined); // awaited (and reported) by the tools and in onFinish
    const proposals = new Map<string, ProposedCall>();
    const budget = { used: 0, max: config.maxToolCalls };
    const toolSignal = new AbortController();
    const tools = createTaskTools({
      ...ctx,
      requestId,
      onToolResult: (r) => records.push(r),
      turn: {
        conversationId,
        runReady: runStarted,
        proposals,
        budget,
        signal: toolSignal.signal,
        retryAttempts: config.toolRetryAttempts,
        gate: intentGate(saidInTurn(plan.userText, lastAssistantText(plan.originalMessages))),
      },
    });
    const abortSignal = params.abortSignal ? AbortSignal.any([params.abortSignal, stop.signal]) : stop.signal;
    log.info("agent.turn.start", {
      requestId,
      conversationId,
      userId: user.id,
      runId,
      model: info.modelId,
      provider: info.provider,
      mode: plan.mode,
      historyMessages: plan.modelMessages.length,
    });

    // Keep the lease while the turn runs, and listen for a Stop sent to another process.
    unwatch = watchTurn({ conversationId, turnId, requestId }, (reason) =>
      stop.abort(new DOMException(reason === "stop" ? "Stopped by the user" : "The turn lost its lease", "AbortError")),
    );
    const stopTimer = () => {
      unwatch?.();
      unwatch = null;
    };

    let resolveOutcome!: (outcome: TurnOutcome) => void;
    const outcome = new Promise<TurnOutcome>((resolve) => (resolveOutcome = resolve));
    const stream = runTurnLoop({
      model,
      config,
      system: buildSystemPrompt({ now, timeZone }),
      tools,
      records,
      plan,
      requestId,
      abortSignal,
      toolSignal,
      budget,
      prepare: () =>
        settleAnswers({
          plan,
          tools,
          ctx,
          records,
          budget,
          requestId,
          stopped: toolSignal.signal,
          historyChars: config.historyChars,
          retryAttempts: config.toolRetryAttempts,
        }),
      describe: async (pending) => describePending(pending, proposals, plan),
      onFinish: async (result) => {
        stopTimer();
        const turnOutcome = toOutcome({
          requestId,
          conversationId,
          result,
          records,
          maxSteps: config.maxSteps,
          maxToolCalls: config.maxToolCalls,
        });
        const runOutcome = {
          status: runStatus(turnOutcome, result),
          finishReason: result.finishReason,
          steps: result.steps,
          ...result.usage,
          durationMs: Math.round(performance.now() - started),
          errorCode: result.errorCode,
          decision: decisionOf(result, records),
          intent: intentOf(result, records),
        };
        const persist = async () => {
          await saveAnswered(conversationId, plan.answered, result);
          // A run whose first write failed (the database was away) is written now.
          await runStarted.catch(() => startAgentRun(runRow));
          return finishTurn({ conversationId, turnId, message: result.responseMessage, runId, run: runOutcome, toolCalls: records });
        };
        try {
          const saved = await withRetries(FINISH_ATTEMPTS, persist, (error, attempt) =>
            log.warn("agent.persist_retry", { requestId, conversationId, attempt, error }),
          );
          if (saved === "superseded") log.warn("agent.turn.superseded", { requestId, conversationId, runId });
        } catch (error) {
          log.error("agent.persist_failed", { requestId, conversationId, error });
          turnOutcome.status = "error";
          turnOutcome.finishReason = "error";
          turnOutcome.error ??= "internal";
          if (isDatabaseUnavailable(error)) {
            // The database is away: keep trying in the background, so that when it is back the
            // reply is saved, the run closed and the conversation free again (nothing lost).
            persistWhenBack(persist, { requestId, conversationId, turnId });
          } else {
            await releaseLease({ requestId, conversationId, turnId });
          }
        } finally {
          log.info("agent.turn.finish", {
            requestId,
            conversationId,
            status: turnOutcome.status,
            steps: result.steps,
            finishReason: result.finishReason,
            errorCode: result.errorCode,
            toolCalls: records.length,
            durationMs: Math.round(performance.now() - started),
          });
          resolveOutcome(turnOutcome);
        }
      },
    });
    trackTurn(outcome);
    registerStop(turnId, conversationId, stop, outcome);
    return { requestId, conversationId, stream, outcome };
  } catch (error) {
    unwatch?.();
    await run?.catch(() => undefined);
    await releaseLease({ requestId, conversationId, turnId });
    reportTurn(conversationId, turnId, false);
    // Refused while planning (e.g. a confirmation that does not exist): no quota used.
    if (!planned) await quota.refund().catch(() => undefined);
    throw error;
  }
}

async function withRetries<T>(attempts: number, fn: () => Promise<T>, onRetry: (error: unknown, attempt: number) => void): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= attempts) throw error;
      onRetry(error, attempt);
      await new Promise((resolve) => setTimeout(resolve, 150 * attempt));
    }
  }
}

/** How long a write at the end of a turn keeps being retried while the database is unavailable. */
const UNAVAILABLE_RETRY_MS = 60_000;

/**
 * Retries `write` while it fails because the database is unavailable, with a growing pause
 * (0.5 s … 2 s) for up to UNAVAILABLE_RETRY_MS, in the background; `onGiveUp` when it never succeeds.
 */
function retryWhileUnavailable(
  write: () => Promise<unknown>,
  event: string,
  ids: { requestId: string; conversationId: string },
  onGiveUp: () => void,
): void {
  const giveUpAt = Date.now() + UNAVAILABLE_RETRY_MS;
  const attempt = (delay: number) =>
    setTimeout(() => {
      write().then(
        () => log.info(`${event}_recovered`, ids),
        (error: unknown) => {
          if (Date.now() + delay < giveUpAt && isDatabaseUnavailable(error)) return attempt(Math.min(delay * 2, 2_000));
          log.error(`${event}_abandoned`, { ...ids, error });
          onGiveUp();
        },
      );
    }, delay).unref();
  attempt(500);
}

/** A final save that failed while the database was away is saved when it is back (nothing lost). */
function persistWhenBack(save: () => Promise<unknown>, ids: { requestId: string; conversationId: string; turnId: string }): void {
  retryWhileUnavailable(save, "agent.persist", ids, () => void releaseLease(ids));
}

/** Gives the conversation's lease back; while the database is away, as soon as it is back. */
async function releaseLease(ids: { requestId: string; conversationId: string; turnId: string }): Promise<void> {
  const release = () => releaseTurnLease({ conversationId: ids.conversationId, turnId: ids.turnId });
  try {
    await release();
  } catch (error) {
    if (isDatabaseUnavailable(error)) retryWhileUnavailable(release, "agent.lease_release", ids, () => undefined);
    else log.error("agent.lease_release_failed", { ...ids, error });
  }
}

let lastSweep = 0;
/** Now and then (per process), closes runs of any conversation left `running` long ago. */
function sweepStaleRuns(turnTimeoutMs: number): void {
  const nowMs = Date.now();
  if (nowMs - lastSweep < 10 * 60_000) return;
  lastSweep = nowMs;
  closeStaleRuns({ olderThanMs: Math.max(10 * 60_000, turnTimeoutMs * 4) }).catch((error) => log.warn("agent.sweep_failed", { error }));
}

/**
 * Reads the conversation's last `historyLimit + 1` messages. Turns of this conversation that died
 * with their process (closed as interrupted when this turn took the lease) are answered with a
 * reply that says so (lib/conversations/interrupted.ts), and so is a last user message that got
 * no answer; then the messages are read again.
 */
async function recoverInterruptedTurns(
  conversationId: string,
  requestId: string,
  runs: InterruptedRun[],
  historyLimit: number,
): Promise<UIMessage[]> {
  const read = () => loadMessages({ conversationId, last: historyLimit + 1 });
  const history = await read();
  const lastRole = history.at(-1)?.role ?? null;
  if (!runs.length && lastRole !== "user") return history;
  const replies = await answerClosedRuns(sql, conversationId, runs, lastRole);
  log.warn("agent.turn.interrupted", { requestId, conversationId, runIds: runs.map((r) => r.id), replies });
  return replies ? read() : history;
}

/**
 * Runs the approved calls this turn answers — once: the row is locked, an executed call gives
 * its stored result — on exactly the tasks they were bound to, and settles the denied ones.
 * Returns their output chunks and the messages the model then sees.
 */
async function settleAnswers({
  plan,
  tools,
  ctx,
  records,
  budget,
  requestId,
  stopped,
  historyChars,
  retryAttempts,
}: {
  historyChars: number;
  retryAttempts: number;
  plan: TurnPlan;
  tools: ToolSet;
  ctx: TaskToolContext;
  records: ToolCallRecord[];
  budget: { used: number; max: number };
  requestId: string;
  stopped: AbortSignal;
}): Promise<{ chunks: UIMessageChunk[]; modelMessages: Awaited<ReturnType<typeof convertToModelMessages>> }> {
  const chunks: UIMessageChunk[] = [];
  for (const answer of plan.answers) {
    chunks.push(
      stopped.aborted
        ? { type: "tool-output-denied", toolCallId: answer.toolCallId }
        : await settleAnswer(answer, ctx, records, budget, requestId, retryAttempts),
    );
  }
  const byCall = new Map(chunks.map((c) => [(c as { toolCallId: string }).toolCallId, c]));
  const messages = plan.answered
    ? plan.modelMessages.map((m) => (m.id === plan.answered!.id ? settleParts(m, byCall) : m))
    : plan.modelMessages;
  return {
    chunks,
    modelMessages: await convertToModelMessages(capHistoryChars(messages, historyChars), { tools, ignoreIncompleteToolCalls: true }),
  };
}

async function settleAnswer(
  answer: AnsweredCall,
  ctx: TaskToolContext,
  records: ToolCallRecord[],
  budget: { used: number },
  requestId: string,
  retryAttempts: number,
): Promise<UIMessageChunk> {
  const definition = getTaskToolDefinition(answer.toolName);
  const stored = answer.stored;
  if (!answer.approved || !stored?.bound || !definition) return { type: "tool-output-denied", toolCallId: answer.toolCallId };
  const started = performance.now();
  const record = (output: unknown, success: boolean, errorCode: string | null, persisted: boolean) => {
    const durationMs = Math.round(performance.now() - started);
    log.info("agent.tool", {
      requestId,
      tool: answer.toolName,
      toolCallId: answer.toolCallId,
      approved: true,
      success,
      errorCode,
      durationMs,
    });
    records.push({
      toolCallId: answer.toolCallId,
      toolName: answer.toolName,
      input: stored.input,
      output,
      success,
      errorCode,
      durationMs,
      persisted,
    });
  };
  try {
    budget.used++;
    log.info("agent.tool.start", { requestId, tool: answer.toolName, toolCallId: answer.toolCallId, approved: true });
    // runApproved runs a call once (an executed one gives its stored result), so a retry is safe.
    const run = () =>
      runApproved(stored.id, async (tx) => {
        const output = await runDefinition(definition, stored.input, { kind: "run", tasks: stored.bound!.tasks }, withTransaction(ctx, tx));
        return { output, success: output.ok, errorCode: output.ok ? null : output.code, durationMs: performance.now() - started };
      });
    const result = await retryWhenUnavailable(retryAttempts, run, (error, attempt) =>
      log.warn("agent.tool.retry", { requestId, tool: answer.toolName, toolCallId: answer.toolCallId, attempt, error }),
    );
    if (!result) return { type: "tool-output-denied", toolCallId: answer.toolCallId };
    if (result.replayed) log.info("agent.tool.replayed", { requestId, tool: answer.toolName, toolCallId: answer.toolCallId });
    record(result.output, result.success, result.errorCode, true);
    return { type: "tool-output-available", toolCallId: answer.toolCallId, output: result.output as ToolResult };
  } catch (error) {
    log.error("agent.tool.failed", { requestId, tool: answer.toolName, toolCallId: answer.toolCallId, error });
    record(null, false, "tool_failed", true);
    return { type: "tool-output-error", toolCallId: answer.toolCallId, errorText: new ToolUnavailableError().message };
  }
}

/** The text of the conversation's last assistant message (the question a reply may answer), or null. */
function lastAssistantText(messages: UIMessage[]): string | null {
  const last = messages.findLast((m) => m.role === "assistant");
  if (!last) return null;
  return (
    last.parts
      .flatMap((p) => (p.type === "text" ? [p.text] : []))
      .join("\n")
      .trim() || null
  );
}

/** Each pending action's own question, naming exactly the tasks it is bound to, and the one question for all. */
function describePending(
  pending: { approvalId: string; toolCallId: string; toolName: string; input: unknown }[],
  proposals: Map<string, ProposedCall>,
  plan: TurnPlan,
): { prompt: string; items: ConfirmationItem[] } {
  const items = pending.map((p): ConfirmationItem => {
    const proposal = proposals.get(p.toolCallId);
    const tasks =
      proposal && proposal.kind !== "answer"
        ? proposal.tasks
        : (plan.waiting.find((w) => w.toolCallId === p.toolCallId)?.stored?.bound?.tasks ?? []);
    return { ...p, ...pendingQuestion(p.toolName, p.input, tasks), taskIds: tasks.map((t) => t.id) };
  });
  return { prompt: combinedQuestion(items), items };
}

/** A typed yes/no settles the approvals of the message it answered (the reply is saved by finishTurn). */
async function saveAnswered(conversationId: string, answered: UIMessage | null, result: TurnLoopResult): Promise<void> {
  if (answered && result.answeredOutputs.size)
    await saveMessage({ conversationId, message: settleParts(answered, result.answeredOutputs) });
}

const CHANGING = new Set(["add_task", "complete_task", "update_task", "delete_task", "complete_tasks", "delete_tasks", "update_tasks"]);

/** A reply whose last sentence asks the user to say more (not "How can I help?"). */
const CLARIFYING =
  /\b(which|what do you mean|did you mean|do you mean|could you|can you tell|when should|what should|which one)\b[^.!?]*\?\s*$/i;

/**
 * The seed contract's decision type of a turn: request_confirmation (an action waits for the
 * user), ask_clarification (nothing changed, and a reference was ambiguous or the reply asks
 * which/what the user means), invoke_tools (tools ran), respond (a reply without tools).
 */
export function decisionOf(
  result: Pick<TurnLoopResult, "pending" | "text">,
  records: Pick<ToolCallRecord, "toolName" | "success" | "errorCode">[],
): AgentDecision {
  if (result.pending.length) return "request_confirmation";
  const changed = records.some((r) => r.success && CHANGING.has(r.toolName));
  if (!changed && (records.some((r) => r.errorCode === "ambiguous") || CLARIFYING.test(result.text.trim()))) return "ask_clarification";
  return records.length ? "invoke_tools" : "respond";
}

/** The tool names a turn called (and proposed), in order, without repeats. */
export function intentOf(result: Pick<TurnLoopResult, "pending">, records: Pick<ToolCallRecord, "toolName">[]): string {
  return [...new Set([...records.map((r) => r.toolName), ...result.pending.map((p) => p.toolName)])].join(",");
}

function toOutcome({
  requestId,
  conversationId,
  result,
  records,
  maxSteps,
  maxToolCalls,
}: {
  requestId: string;
  conversationId: string;
  result: TurnLoopResult;
  records: ToolCallRecord[];
  maxSteps: number;
  maxToolCalls: number;
}): TurnOutcome {
  const stopped = result.errorCode === "aborted";
  const failed = result.errorCode !== null && !stopped;
  const pendingConfirmations: PendingConfirmation[] = failed
    ? []
    : result.questions.map((q) => ({
        id: q.approvalId,
        toolName: q.toolName,
        input: { ...(q.input as object), taskIds: q.taskIds, titles: q.titles },
        prompt: q.prompt,
      }));
  const status: TurnStatus = failed
    ? "error"
    : stopped
      ? "stopped"
      : pendingConfirmations.length
        ? "awaiting_confirmation"
        : result.boundHit
          ? "max_iterations_reached"
          : "completed";
  return {
    requestId,
    conversationId,
    status,
    response: result.text,
    toolCalls: records.map(({ toolName, input, output, success, errorCode, durationMs }) => ({
      toolName,
      input,
      output,
      success,
      errorCode,
      durationMs,
    })),
    pendingConfirmation: pendingConfirmations[0] ?? null,
    pendingConfirmations,
    iterations: result.steps,
    finishReason: status === "max_iterations_reached" ? "max_iterations" : status,
    modelFinishReason: result.finishReason,
    warning:
      result.boundHit === "tool_calls"
        ? `Stopped after ${maxToolCalls} tool calls, the limit for one turn.`
        : result.boundHit === "steps"
          ? `Stopped after ${maxSteps} steps, the limit for one turn.`
          : null,
    error: failed ? result.errorCode : null,
  };
}

function runStatus(outcome: TurnOutcome, result: TurnLoopResult): RunStatus {
  if (result.errorCode === "aborted") return "aborted";
  return outcome.status === "stopped" ? "aborted" : outcome.status;
}
