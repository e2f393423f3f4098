/**
 * A scripted language model for agent tests: each call of the model (one loop step) answers with
 * the next step of the script — text, tool calls, or both — through the real AI SDK streaming
 * path (MockLanguageModelV4 + simulateReadableStream). A step may be a function of the prompt.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4Prompt, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { simulateReadableStream } from "ai";
import { MockLanguageModelV4 } from "ai/test";

export type ScriptStep = { text?: string; calls?: { name: string; input: unknown }[] } | { error: Error };
export type Script = Array<ScriptStep | ((prompt: LanguageModelV4Prompt, call: number) => ScriptStep)>;

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

let callIds = 0;

export function stepChunks(step: ScriptStep): LanguageModelV4StreamPart[] {
  if ("error" in step)
    return [
      { type: "stream-start", warnings: [] },
      { type: "error", error: step.error },
    ];
  const chunks: LanguageModelV4StreamPart[] = [{ type: "stream-start", warnings: [] }];
  if (step.text) {
    chunks.push({ type: "text-start", id: "t" }, { type: "text-delta", id: "t", delta: step.text }, { type: "text-end", id: "t" });
  }
  for (const call of step.calls ?? []) {
    chunks.push({ type: "tool-call", toolCallId: `call-${++callIds}`, toolName: call.name, input: JSON.stringify(call.input) });
  }
  const toolCalls = (step.calls ?? []).length > 0;
  chunks.push({ type: "finish", finishReason: { unified: toolCalls ? "tool-calls" : "stop", raw: undefined }, usage });
  return chunks;
}

export type ScriptedModel = MockLanguageModelV4 & { prompts: LanguageModelV4Prompt[] };

/** After the script runs out, the model keeps answering with its last step (a loop forever, if that step calls tools). */
export function scriptedModel(script: Script, options: { chunkDelayMs?: number } = {}): ScriptedModel {
  let call = 0;
  const prompts: LanguageModelV4Prompt[] = [];
  const model = new MockLanguageModelV4({
    doStream: async (opts: LanguageModelV4CallOptions) => {
      prompts.push(opts.prompt);
      const entry = script[Math.min(call, script.length - 1)];
      call++;
      if (!entry) throw new Error("empty script");
      const step = typeof entry === "function" ? entry(opts.prompt, call - 1) : entry;
      if ("error" in step && !(step.error as { streamed?: boolean }).streamed) throw step.error;
      return {
        stream: simulateReadableStream({
          chunks: stepChunks(step),
          initialDelayInMs: options.chunkDelayMs ?? null,
          chunkDelayInMs: options.chunkDelayMs ?? null,
        }),
      };
    },
  });
  return Object.assign(model, { prompts });
}

/** The tool results the model was given in its last prompt, by tool name. */
export function toolResultsIn(prompt: LanguageModelV4Prompt | undefined): { toolName: string; output: unknown }[] {
  const results: { toolName: string; output: unknown }[] = [];
  for (const message of prompt ?? []) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type === "tool-result") results.push({ toolName: part.toolName, output: part.output });
    }
  }
  return results;
}
