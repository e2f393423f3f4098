/**
 * The agent loop of one turn as a UI message stream: first the answered approvals run (or are
 * settled), then streamText with the task tools, bounded by AGENT_MAX_STEPS, AGENT_MAX_TOOL_CALLS
 * and timeouts. The loop adds what the model cannot: the friendly sentence when the provider
 * fails, the summary + notice at a bound, the question for each pending action. The model is not
 * called while an action of the answered message still waits for its own answer. The stream is
 * drained on the server, so the turn finishes and is saved even if nobody reads it.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import {
  createUIMessageStream,
  InvalidToolInputError,
  NoSuchToolError,
  isStepCount,
  streamText,
  type FinishReason,
  type LanguageModel,
  type ModelMessage,
  type ToolSet,
  type UIMessage,
  type UIMessageChunk,
  type UIMessageStreamWriter,
} from "ai";
import { log } from "@/lib/log";
import type { AgentConfig } from "@/lib/agent/config";
import { classifyAgentError, FRIENDLY_MESSAGES, STEP_BOUND_NOTICE, type AgentErrorCode } from "@/lib/agent/friendly-errors";
import type { ToolCallRecord } from "@/lib/agent/tools/ai-tools";
import { ToolStoppedError, ToolUnavailableError } from "@/lib/agent/tools/ai-tools";
import { STOPPED_NOTICE, summarizeToolCalls } from "@/lib/agent/turn-text";
import type { TurnPlan } from "@/lib/agent/turn-plan";

export type TurnLoopResult = {
  responseMessage: UIMessage;
  /** Tool outputs for the approvals answered by a typed yes/no (kept out of the new message). */
  answeredOutputs: Map<string, UIMessageChunk>;
  text: string;
  steps: number;
  finishReason: string | null;
  usage: { inputTokens?: number; outputTokens?: number; totalTokens?: number };
  pending: { approvalId: string; toolCallId: string; toolName: string; input: unknown }[];
  prompt: string | null;
  /** The question for each pending action (its own card), by approval id. */
  questions: ConfirmationItem[];
  boundHit: "steps" | "tool_calls" | null;
  errorCode: AgentErrorCode | "aborted" | null;
};

/** One pending action as the UI's card and the API's `pendingConfirmations` show it. */
export type ConfirmationItem = {
  approvalId: string;
  toolCallId: string;
  toolName: string;
  input: unknown;
  prompt: string;
  taskIds: string[];
  titles: string[];
  subtasks?: number;
};

type LoopArgs = {
  model: LanguageModel;
  config: AgentConfig;
  system: string;
  tools: ToolSet;
  records: ToolCallRecord[];
  plan: TurnPlan;
  requestId: string;
  /** The user's Stop (and the lease being lost): aborts the model call and starts no further tool. */
  abortSignal?: AbortSignal;
  /** Aborted by the loop when the turn stops or times out (the tools check it). */
  toolSignal: AbortController;
  /** Tool calls used so far / allowed in this turn (shared with the tools). */
  budget: { used: number; max: number };
  /** Runs or settles the answered approvals; gives their output chunks and what the model then sees. */
  prepare: () => Promise<{ chunks: UIMessageChunk[]; modelMessages: ModelMessage[] }>;
  /** The question and bound tasks of each pending action. */
  describe: (
    pending: { approvalId: string; toolCallId: string; toolName: string; input: unknown }[],
  ) => Promise<{ prompt: string; items: ConfirmationItem[] }>;
  onFinish: (result: TurnLoopResult) => Promise<void>;
};

/** Safe text for tool errors the model (and the UI part) sees; provider errors are replaced anyway. */
function toolErrorText(error: unknown): string {
  if (NoSuchToolError.isInstance(error) || InvalidToolInputError.isInstance(error)) return error.message;
  if (error instanceof ToolUnavailableError || error instanceof ToolStoppedError) return error.message;
  return "Something went wrong.";
}

/** What the loop learns while the turn runs; it becomes the TurnLoopResult. */
type LoopState = {
  /** The tool calls of the turn (made by the model, or waiting from the answered message), by toolCallId. */
  calls: Map<string, { toolName: string; input: unknown }>;
  /** Calls whose output (or denial) was streamed. */
  settled: Set<string>;
  /** Approvals asked for, in order. */
  approvals: { approvalId: string; toolCallId: string }[];
  answeredOutputs: Map<string, UIMessageChunk>;
  usage: TurnLoopResult["usage"];
  /** The reply's text so far, and the current step's. */
  text: string;
  stepText: string;
  steps: number;
  finishReason: string | null;
  providerError: unknown;
  /** streamText ended with an abort chunk (a step timeout or the turn's signal). */
  sawAbort: boolean;
  /** The turn's own timeout fired. */
  timedOut: boolean;
  prompt: string | null;
  questions: ConfirmationItem[];
  boundHit: TurnLoopResult["boundHit"];
  errorCode: TurnLoopResult["errorCode"];
  /**
   * The model call in flight: what it was sent and has streamed so far, in characters (0: none).
   * A call that is stopped or times out never gets the provider's usage report, yet it was paid
   * for: its tokens are estimated from these (~4 characters a token) for the daily budget.
   */
  openStep: { sentChars: number; streamedChars: number };
  /** The tools' names and descriptions, in characters (their schemas are not counted). */
  toolChars: number | undefined;
};

function newLoopState(): LoopState {
  return {
    calls: new Map(),
    settled: new Set(),
    approvals: [],
    answeredOutputs: new Map(),
    usage: {},
    text: "",
    stepText: "",
    steps: 0,
    finishReason: null,
    providerError: null,
    sawAbort: false,
    timedOut: false,
    prompt: null,
    questions: [],
    boundHit: null,
    errorCode: null,
    openStep: { sentChars: 0, streamedChars: 0 },
    toolChars: undefined,
  };
}

export function runTurnLoop(args: LoopArgs): ReadableStream<UIMessageChunk> {
  const { config, plan, records, requestId } = args;
  const state = newLoopState();
  const turnTimeout = new AbortController();
  const timer = setTimeout(() => {
    state.timedOut = true;
    turnTimeout.abort(new DOMException("The turn took too long", "TimeoutError"));
  }, config.turnTimeoutMs);
  const signal = args.abortSignal ? AbortSignal.any([args.abortSignal, turnTimeout.signal]) : turnTimeout.signal;
  // From the moment the turn is stopped or out of time, no tool starts.
  const stopTools = () => args.toolSignal.abort(signal.reason);
  if (signal.aborted) stopTools();
  else signal.addEventListener("abort", stopTools, { once: true });

  const stream = createUIMessageStream<UIMessage>({
    originalMessages: plan.originalMessages,
    generateId: randomUUID,
    onError: () => FRIENDLY_MESSAGES.internal,
    execute: async ({ writer }) => {
      // The turn's request id travels with the reply (message metadata), so the chat can undo it.
      writer.write({ type: "start", messageMetadata: { requestId } });
      // Let the response head and this first chunk reach the socket before the model's work:
      // Node sends them on the next tick, which a model that answers at once (the built-in one)
      // would otherwise hold back until the whole reply had been worked out.
      await new Promise<void>((resolve) => setImmediate(resolve));
      try {
        const prepared = await args.prepare();
        if (args.plan.rewound) writer.write({ type: "data-rewind", data: args.plan.rewound, transient: true });
        for (const chunk of prepared.chunks) if (forward(chunk)) writer.write(chunk);
        if (args.plan.waiting.length || signal.aborted) {
          // Another action of that message still waits for its own answer: ask it, no model call.
          for (const w of args.plan.waiting) {
            state.approvals.push({ approvalId: w.approvalId, toolCallId: w.toolCallId });
            state.calls.set(w.toolCallId, { toolName: w.toolName, input: w.input });
          }
          await finishTurn(writer);
          writer.write({ type: "finish", finishReason: state.errorCode ? "error" : "stop" });
          return;
        }
        const result = streamText({
          model: args.model,
          system: args.system,
          messages: prepared.modelMessages,
          tools: args.tools,
          // The tool-call bound ends the loop after the step that reached it.
          stopWhen: [isStepCount(config.maxSteps), () => args.budget.used >= args.budget.max],
          temperature: config.temperature,
          maxOutputTokens: config.maxOutputTokens,
          maxRetries: config.maxRetries,
          timeout: { stepMs: config.stepTimeoutMs },
          abortSignal: signal,
          prepareStep: ({ messages }) => {
            state.toolChars ??= JSON.stringify(Object.entries(args.tools).map(([name, t]) => [name, t.description])).length;
            state.openStep = { sentChars: args.system.length + state.toolChars + JSON.stringify(messages).length, streamedChars: 0 };
            return undefined;
          },
          onError: ({ error }) => {
            state.providerError = error;
          },
          onStepFinish: (step) => {
            state.steps++;
            state.finishReason = step.finishReason;
            state.usage.inputTokens = (state.usage.inputTokens ?? 0) + (step.usage.inputTokens ?? 0);
            state.usage.outputTokens = (state.usage.outputTokens ?? 0) + (step.usage.outputTokens ?? 0);
            state.usage.totalTokens = (state.usage.totalTokens ?? 0) + (step.usage.totalTokens ?? 0);
            state.openStep = { sentChars: 0, streamedChars: 0 };
            log.info("agent.step", {
              requestId,
              step: state.steps,
              maxSteps: config.maxSteps,
              finishReason: step.finishReason,
              toolCalls: step.toolCalls.length,
              inputTokens: step.usage.inputTokens,
              outputTokens: step.usage.outputTokens,
            });
          },
        });
        for await (const chunk of result.toUIMessageStream({ sendStart: false, sendFinish: false, onError: toolErrorText })) {
          if (!forward(chunk)) continue;
          writer.write(chunk);
        }
        await finishTurn(writer);
      } catch (error) {
        state.providerError ??= error;
        await finishTurn(writer);
      } finally {
        clearTimeout(timer);
        signal.removeEventListener("abort", stopTools);
      }
      writer.write({ type: "finish", finishReason: state.errorCode ? "error" : ((state.finishReason ?? "stop") as FinishReason) });
    },
    onFinish: async ({ responseMessage }) => {
      sortRecords();
      await args.onFinish({
        responseMessage,
        answeredOutputs: state.answeredOutputs,
        text: state.text.trim(),
        steps: state.steps,
        finishReason: state.finishReason,
        usage: state.usage,
        pending: pendingCalls(),
        prompt: state.prompt,
        questions: state.questions,
        boundHit: state.boundHit,
        errorCode: state.errorCode,
      });
    },
  });

  /** Adds a text part of the loop's own (also to the plain-text response). */
  function say(writer: UIMessageStreamWriter, sentence: string): void {
    const id = randomUUID();
    writer.write({ type: "text-start", id });
    writer.write({ type: "text-delta", id, delta: sentence });
    writer.write({ type: "text-end", id });
    state.text = state.text.trim() ? `${state.text.trim()}\n\n${sentence}` : sentence;
  }

  /** Tracks a chunk; false when it must not reach the client. */
  function forward(chunk: UIMessageChunk): boolean {
    switch (chunk.type) {
      case "start-step":
        state.stepText = "";
        return true;
      case "text-start":
        if (state.text.trim() && !state.text.endsWith("\n\n")) state.text += "\n\n";
        return true;
      case "text-delta":
        state.text += chunk.delta;
        state.stepText += chunk.delta;
        state.openStep.streamedChars += chunk.delta.length;
        return true;
      case "tool-input-delta":
        state.openStep.streamedChars += chunk.inputTextDelta.length;
        return true;
      case "tool-input-available":
        state.calls.set(chunk.toolCallId, { toolName: chunk.toolName, input: chunk.input });
        return true;
      case "tool-input-error":
        state.calls.set(chunk.toolCallId, { toolName: chunk.toolName, input: chunk.input });
        records.push({
          toolCallId: chunk.toolCallId,
          toolName: chunk.toolName,
          input: chunk.input,
          output: null,
          success: false,
          errorCode: args.tools[chunk.toolName] ? "invalid_input" : "unknown_tool",
          durationMs: 0,
        });
        log.info("agent.tool", {
          requestId,
          tool: chunk.toolName.slice(0, 64),
          toolCallId: chunk.toolCallId,
          success: false,
          errorCode: args.tools[chunk.toolName] ? "invalid_input" : "unknown_tool",
          durationMs: 0,
        });
        return true;
      case "tool-approval-request":
        state.approvals.push({ approvalId: chunk.approvalId, toolCallId: chunk.toolCallId });
        return true;
      case "tool-output-available":
      case "tool-output-error":
      case "tool-output-denied":
        state.settled.add(chunk.toolCallId);
        if (plan.mode === "typed_confirmation" && plan.answeredToolCallIds.has(chunk.toolCallId)) {
          // The call lives in the previous message; the new message must not reference it.
          state.answeredOutputs.set(chunk.toolCallId, chunk);
          return false;
        }
        return true;
      case "abort":
        // streamText ends with an abort when the per-step timeout (or the turn's signal) fires.
        state.sawAbort = true;
        return false;
      case "error":
        return false;
      default:
        return true;
    }
  }

  /** Adds the estimated tokens of the model call the stop or timeout cut short (see LoopState.openStep). */
  function countUnfinishedStep(): void {
    const input = Math.ceil(state.openStep.sentChars / 4);
    const output = Math.ceil(state.openStep.streamedChars / 4);
    state.usage.inputTokens = (state.usage.inputTokens ?? 0) + input;
    state.usage.outputTokens = (state.usage.outputTokens ?? 0) + output;
    state.usage.totalTokens = (state.usage.totalTokens ?? 0) + input + output;
    log.info("agent.unfinished_step_tokens", { requestId, inputTokens: input, outputTokens: output });
    state.openStep = { sentChars: 0, streamedChars: 0 };
  }

  /** The approvals asked for and not settled in this turn, with their calls. */
  function pendingCalls(): TurnLoopResult["pending"] {
    return state.approvals
      .filter((a) => !state.settled.has(a.toolCallId))
      .map((a) => ({ ...a, toolName: state.calls.get(a.toolCallId)?.toolName ?? "", input: state.calls.get(a.toolCallId)?.input }));
  }

  /** Tools of one step run in parallel; report them in the order the model called them. */
  function sortRecords(): void {
    const order = [...state.calls.keys()];
    records.sort((a, b) => order.indexOf(a.toolCallId) - order.indexOf(b.toolCallId));
  }

  async function finishTurn(writer: UIMessageStreamWriter): Promise<void> {
    sortRecords();
    if (plan.mode === "typed_confirmation" && state.answeredOutputs.size) {
      writer.write({ type: "data-approval", data: { answered: [...state.answeredOutputs.values()] }, transient: true });
    }
    const userAborted = args.abortSignal?.aborted === true && !state.timedOut;
    if (state.openStep.sentChars && (userAborted || state.sawAbort || signal.aborted)) countUnfinishedStep();
    if (userAborted) {
      // The user's Stop: what already ran stays (and is reported); nothing else starts.
      state.errorCode = "aborted";
      log.info("agent.stopped", { requestId, steps: state.steps, toolCalls: records.length });
      say(writer, records.some((r) => r.success) ? `${summarizeToolCalls(records)} ${STOPPED_NOTICE}` : STOPPED_NOTICE);
      return;
    }
    if (state.providerError !== null || state.sawAbort || signal.aborted) {
      state.errorCode = classifyAgentError(state.providerError, state.timedOut || (state.sawAbort && state.providerError === null));
      log.error("agent.provider_error", { requestId, errorCode: state.errorCode, error: state.providerError ?? signal.reason });
      say(writer, FRIENDLY_MESSAGES[state.errorCode]);
      return;
    }
    const pending = pendingCalls();
    if (pending.length) {
      const described = await args.describe(pending);
      state.prompt = described.prompt;
      state.questions = described.items;
      writer.write({
        type: "data-confirmation",
        data: {
          approvalIds: pending.map((a) => a.approvalId),
          prompt: state.prompt,
          titles: state.questions.flatMap((q) => q.titles),
          items: state.questions,
        },
      });
      if (!state.stepText.trim())
        say(
          writer,
          records.some((r) => r.success) && args.plan.waiting.length ? `${summarizeToolCalls(records)} ${state.prompt}` : state.prompt,
        );
      return;
    }
    const stepBound = state.steps >= config.maxSteps && state.finishReason === "tool-calls";
    const toolBound = !stepBound && args.budget.used >= args.budget.max && state.finishReason === "tool-calls";
    if (stepBound || toolBound) {
      state.boundHit = toolBound ? "tool_calls" : "steps";
      if (toolBound) log.warn("agent.tool_bound", { requestId, toolCalls: args.budget.used, maxToolCalls: args.budget.max });
      else log.warn("agent.step_bound", { requestId, steps: state.steps, maxSteps: config.maxSteps });
      const summary = state.stepText.trim() ? "" : `${summarizeToolCalls(records)} `;
      say(writer, `${summary}${STEP_BOUND_NOTICE}`);
      return;
    }
    if (!state.text.trim()) {
      say(
        writer,
        records.length
          ? summarizeToolCalls(records)
          : "I'm not sure how to help with that. I can add, list, complete, change and delete your tasks.",
      );
    }
  }

  return detach(stream, (error) => log.error("agent.stream_failed", { requestId, error }));
}

/**
 * Reads the turn to its end whoever listens, so it finishes (and is saved) even if the client
 * leaves: the returned stream gets every chunk until it is cancelled. Cheaper than `tee()` plus
 * draining one branch, and it never waits for a slow reader (a reply is small).
 */
function detach<T>(source: ReadableStream<T>, onError: (error: unknown) => void): ReadableStream<T> {
  const client: { controller: ReadableStreamDefaultController<T> | null } = { controller: null };
  const out = new ReadableStream<T>({
    start(controller) {
      client.controller = controller;
    },
    cancel() {
      client.controller = null;
    },
  });
  void (async () => {
    const reader = source.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        client.controller?.enqueue(value);
      }
      client.controller?.close();
    } catch (error) {
      onError(error);
      client.controller?.error(error);
    }
    client.controller = null;
  })();
  return out;
}
