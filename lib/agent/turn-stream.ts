/**
 * The agent loop of one turn as a UI message stream: streamText with the task tools, bounded by
 * AGENT_MAX_STEPS and timeouts. The loop adds what the model cannot: the friendly sentence when
 * the provider fails, the summary + notice at the step bound, the question for a pending delete.
 * The stream is drained on the server, so the turn finishes and is saved even if nobody reads it.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import {
  createUIMessageStream,
  InvalidToolInputError,
  NoSuchToolError,
  stepCountIs,
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
import { ToolUnavailableError } from "@/lib/agent/tools/ai-tools";
import type { TaskToolContext } from "@/lib/agent/tools/operations";
import { confirmationPrompt, summarizeToolCalls } from "@/lib/agent/turn-text";
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
  boundHit: boolean;
  errorCode: AgentErrorCode | "aborted" | null;
};

type LoopArgs = {
  model: LanguageModel;
  config: AgentConfig;
  system: string;
  tools: ToolSet;
  records: ToolCallRecord[];
  modelMessages: ModelMessage[];
  plan: TurnPlan;
  ctx: TaskToolContext;
  requestId: string;
  abortSignal?: AbortSignal;
  onFinish: (result: TurnLoopResult) => Promise<void>;
};

/** Safe text for tool errors the model (and the UI part) sees; provider errors are replaced anyway. */
function toolErrorText(error: unknown): string {
  if (NoSuchToolError.isInstance(error) || InvalidToolInputError.isInstance(error)) return error.message;
  if (error instanceof ToolUnavailableError) return error.message;
  return "Something went wrong.";
}

export function runTurnLoop(args: LoopArgs): ReadableStream<UIMessageChunk> {
  const { config, plan, records, requestId } = args;
  const calls = new Map<string, { toolName: string; input: unknown }>();
  const settled = new Set<string>();
  const approvals: { approvalId: string; toolCallId: string }[] = [];
  const answeredOutputs = new Map<string, UIMessageChunk>();
  const usage: TurnLoopResult["usage"] = {};
  let text = "";
  let stepText = "";
  let steps = 0;
  let finishReason: string | null = null;
  let providerError: unknown = null;
  let sawAbort = false;
  let prompt: string | null = null;
  let boundHit = false;
  let errorCode: TurnLoopResult["errorCode"] = null;

  const turnTimeout = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    turnTimeout.abort(new DOMException("The turn took too long", "TimeoutError"));
  }, config.turnTimeoutMs);
  const signal = args.abortSignal ? AbortSignal.any([args.abortSignal, turnTimeout.signal]) : turnTimeout.signal;

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
        const result = streamText({
          model: args.model,
          system: args.system,
          messages: args.modelMessages,
          tools: args.tools,
          stopWhen: stepCountIs(config.maxSteps),
          temperature: config.temperature,
          maxOutputTokens: config.maxOutputTokens,
          maxRetries: config.maxRetries,
          timeout: { stepMs: config.stepTimeoutMs },
          abortSignal: signal,
          onError: ({ error }) => {
            providerError = error;
          },
          onStepFinish: (step) => {
            steps++;
            finishReason = step.finishReason;
            usage.inputTokens = (usage.inputTokens ?? 0) + (step.usage.inputTokens ?? 0);
            usage.outputTokens = (usage.outputTokens ?? 0) + (step.usage.outputTokens ?? 0);
            usage.totalTokens = (usage.totalTokens ?? 0) + (step.usage.totalTokens ?? 0);
            log.info("agent.step", { requestId, step: steps, finishReason: step.finishReason, toolCalls: step.toolCalls.length, inputTokens: step.usage.inputTokens, outputTokens: step.usage.outputTokens });
          },
        });
        for await (const chunk of result.toUIMessageStream({ sendStart: false, sendFinish: false, onError: toolErrorText })) {
          if (!forward(chunk)) continue;
          writer.write(chunk);
        }
        await finishTurn(writer);
      } catch (error) {
        providerError ??= error;
        await finishTurn(writer);
      } finally {
        clearTimeout(timer);
      }
      writer.write({ type: "finish", finishReason: errorCode ? "error" : ((finishReason ?? "stop") as FinishReason) });
    },
    onFinish: async ({ responseMessage }) => {
      // Tools of one step run in parallel; report them in the order the model called them.
      const order = [...calls.keys()];
      records.sort((a, b) => order.indexOf(a.toolCallId) - order.indexOf(b.toolCallId));
      await args.onFinish({
        responseMessage,
        answeredOutputs,
        text: text.trim(),
        steps,
        finishReason,
        usage,
        pending: approvals.filter((a) => !settled.has(a.toolCallId)).map((a) => ({ ...a, toolName: calls.get(a.toolCallId)?.toolName ?? "", input: calls.get(a.toolCallId)?.input })),
        prompt,
        boundHit,
        errorCode,
      });
    },
  });

  /** Adds a text part of the loop's own (also to the plain-text response). */
  function say(writer: UIMessageStreamWriter, sentence: string): void {
    const id = randomUUID();
    writer.write({ type: "text-start", id });
    writer.write({ type: "text-delta", id, delta: sentence });
    writer.write({ type: "text-end", id });
    text = text.trim() ? `${text.trim()}\n\n${sentence}` : sentence;
  }

  /** Tracks a chunk; false when it must not reach the client. */
  function forward(chunk: UIMessageChunk): boolean {
    switch (chunk.type) {
      case "start-step":
        stepText = "";
        return true;
      case "text-start":
        if (text.trim() && !text.endsWith("\n\n")) text += "\n\n";
        return true;
      case "text-delta":
        text += chunk.delta;
        stepText += chunk.delta;
        return true;
      case "tool-input-available":
        calls.set(chunk.toolCallId, { toolName: chunk.toolName, input: chunk.input });
        return true;
      case "tool-input-error":
        calls.set(chunk.toolCallId, { toolName: chunk.toolName, input: chunk.input });
        records.push({
          toolCallId: chunk.toolCallId,
          toolName: chunk.toolName,
          input: chunk.input,
          output: null,
          success: false,
          errorCode: args.tools[chunk.toolName] ? "invalid_input" : "unknown_tool",
          durationMs: 0,
        });
        log.info("agent.tool", { requestId, tool: chunk.toolName.slice(0, 64), toolCallId: chunk.toolCallId, success: false, errorCode: args.tools[chunk.toolName] ? "invalid_input" : "unknown_tool", durationMs: 0 });
        return true;
      case "tool-approval-request":
        approvals.push({ approvalId: chunk.approvalId, toolCallId: chunk.toolCallId });
        return true;
      case "tool-output-available":
      case "tool-output-error":
      case "tool-output-denied":
        settled.add(chunk.toolCallId);
        if (plan.mode === "typed_confirmation" && plan.answeredToolCallIds.has(chunk.toolCallId)) {
          // The call lives in the previous message; the new message must not reference it.
          answeredOutputs.set(chunk.toolCallId, chunk);
          return false;
        }
        return true;
      case "abort":
        // streamText ends with an abort when the per-step timeout (or the turn's signal) fires.
        sawAbort = true;
        return false;
      case "error":
        return false;
      default:
        return true;
    }
  }

  async function finishTurn(writer: UIMessageStreamWriter): Promise<void> {
    if (plan.mode === "typed_confirmation" && answeredOutputs.size) {
      writer.write({ type: "data-approval", data: { answered: [...answeredOutputs.values()] }, transient: true });
    }
    const userAborted = args.abortSignal?.aborted === true && !timedOut;
    if (providerError !== null || sawAbort || signal.aborted) {
      errorCode = userAborted ? "aborted" : classifyAgentError(providerError, timedOut || (sawAbort && providerError === null));
      log.error("agent.provider_error", { requestId, errorCode, error: providerError ?? signal.reason });
      say(writer, FRIENDLY_MESSAGES[errorCode === "aborted" ? "internal" : errorCode]);
      return;
    }
    const pending = approvals.filter((a) => !settled.has(a.toolCallId));
    if (pending.length) {
      const question = await confirmationPrompt(pending.map((a) => ({ toolName: calls.get(a.toolCallId)?.toolName ?? "", input: calls.get(a.toolCallId)?.input })), args.ctx);
      prompt = question.prompt;
      writer.write({ type: "data-confirmation", data: { approvalIds: pending.map((a) => a.approvalId), prompt, titles: question.titles } });
      if (!stepText.trim()) say(writer, prompt);
      return;
    }
    if (steps >= config.maxSteps && finishReason === "tool-calls") {
      boundHit = true;
      log.warn("agent.step_bound", { requestId, steps, maxSteps: config.maxSteps });
      const summary = stepText.trim() ? "" : `${summarizeToolCalls(records)} `;
      say(writer, `${summary}${STEP_BOUND_NOTICE}`);
      return;
    }
    if (!text.trim()) {
      say(writer, records.length ? summarizeToolCalls(records) : "I'm not sure how to help with that. I can add, list, complete, change and delete your tasks.");
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
