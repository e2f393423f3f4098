/**
 * The built-in offline model behind the AI SDK's LanguageModelV4 interface. Each call reads
 * the prompt (clock line, conversation, tool results), plans one step, and answers with tool
 * calls or text — streamed in word-sized chunks like a hosted model — so the real agent loop,
 * tools, approvals and persistence run unchanged.
 */
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";
import { readClock } from "@/lib/task-line/clock";
import { type PlannedCall, planStep } from "./planner";
import { readPrompt } from "./prompt-reader";
import { hash } from "./text";

export type BuiltinModelOptions = {
  /** Pause between streamed chunks (ms); 0 streams as fast as the consumer reads. */
  chunkDelayMs?: number;
};

type Answer = { text: string; calls: Array<PlannedCall & { toolCallId: string; json: string }>; usage: LanguageModelV4Usage };

/**
 * Keeps only the fields a tool's JSON schema declares and trims strings to its maxLength, so a
 * strict schema never rejects a call over something the model could have avoided.
 */
function fitToSchema(call: PlannedCall, options: LanguageModelV4CallOptions): Record<string, unknown> {
  const tool = options.tools?.find((t) => t.type === "function" && t.name === call.toolName);
  const schema =
    tool && tool.type === "function" ? (tool.inputSchema as { properties?: Record<string, { maxLength?: unknown }> }) : undefined;
  const props = schema?.properties;
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(call.input)) {
    if (value === undefined) continue;
    if (props && !(key in props)) continue;
    const max = props?.[key]?.maxLength;
    input[key] = typeof value === "string" && typeof max === "number" ? value.slice(0, max).trim() : value;
  }
  return input;
}

function tokens(chars: number): number {
  return Math.max(1, Math.ceil(chars / 4));
}

/**
 * The length of the tools' JSON (for the usage estimate), by their names: the same tools are
 * sent at every step of every turn, and writing their schemas out each time cost more than
 * reading the message.
 */
const toolsChars = new Map<string, number>();
function toolsLength(tools: LanguageModelV4CallOptions["tools"]): number {
  if (!tools?.length) return 2;
  const key = tools.map((t) => t.name).join("\u0000");
  let chars = toolsChars.get(key);
  if (chars === undefined) {
    chars = JSON.stringify(tools).length;
    toolsChars.set(key, chars);
    if (toolsChars.size > 16) toolsChars.delete(toolsChars.keys().next().value!);
  }
  return chars;
}

function answer(options: LanguageModelV4CallOptions): Answer {
  const promptJson = JSON.stringify(options.prompt);
  const conversation = readPrompt(options.prompt);
  const clock = readClock(conversation.system);
  const available = new Set((options.tools ?? []).filter((t) => t.type === "function").map((t) => t.name));
  const step = planStep(conversation, clock, available);
  const callsAllowed = options.toolChoice?.type !== "none" && available.size > 0;
  const base = hash(promptJson);
  const calls = callsAllowed
    ? step.calls.map((c, i) => {
        const input = fitToSchema(c, options);
        return { ...c, input, toolCallId: `call_${base}_${i}`, json: JSON.stringify(input) };
      })
    : [];
  const text = calls.length > 0 ? step.text : step.text || "I can't reach your tasks right now. Please try again in a moment.";
  const inputChars = promptJson.length + toolsLength(options.tools);
  const outputChars = text.length + calls.reduce((n, c) => n + c.toolName.length + c.json.length, 0);
  const usage: LanguageModelV4Usage = {
    inputTokens: { total: tokens(inputChars), noCache: tokens(inputChars), cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: tokens(outputChars), text: text ? tokens(text.length) : 0, reasoning: 0 },
  };
  return { text, calls, usage };
}

function finishReason(a: Answer) {
  return a.calls.length > 0 ? { unified: "tool-calls" as const, raw: "tool_calls" } : { unified: "stop" as const, raw: "stop" };
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException("The operation was aborted.", "AbortError");
}

/** Word-sized pieces that concatenate back to the text. */
function chunks(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

export function createBuiltinModel(settings: BuiltinModelOptions = {}): LanguageModelV4 {
  const delay = settings.chunkDelayMs ?? 0;
  return {
    specificationVersion: "v4",
    provider: "builtin",
    modelId: "builtin-offline",
    supportedUrls: {},

    async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
      throwIfAborted(options.abortSignal);
      const a = answer(options);
      const content: LanguageModelV4Content[] = [];
      if (a.text) content.push({ type: "text", text: a.text });
      for (const c of a.calls) content.push({ type: "tool-call", toolCallId: c.toolCallId, toolName: c.toolName, input: c.json });
      return { content, finishReason: finishReason(a), usage: a.usage, warnings: [] };
    },

    async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
      throwIfAborted(options.abortSignal);
      const a = answer(options);
      const parts: LanguageModelV4StreamPart[] = [{ type: "stream-start", warnings: [] }];
      if (a.text) {
        parts.push({ type: "text-start", id: "text-0" });
        for (const piece of chunks(a.text)) parts.push({ type: "text-delta", id: "text-0", delta: piece });
        parts.push({ type: "text-end", id: "text-0" });
      }
      for (const c of a.calls) {
        parts.push({ type: "tool-input-start", id: c.toolCallId, toolName: c.toolName });
        parts.push({ type: "tool-input-delta", id: c.toolCallId, delta: c.json });
        parts.push({ type: "tool-input-end", id: c.toolCallId });
        parts.push({ type: "tool-call", toolCallId: c.toolCallId, toolName: c.toolName, input: c.json });
      }
      parts.push({ type: "finish", usage: a.usage, finishReason: finishReason(a) });
      const signal = options.abortSignal;
      let index = 0;
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        async pull(controller) {
          if (signal?.aborted) {
            controller.error(signal.reason ?? new DOMException("The operation was aborted.", "AbortError"));
            return;
          }
          const part = parts[index++];
          if (!part) {
            controller.close();
            return;
          }
          if (delay > 0 && part.type === "text-delta") await new Promise((r) => setTimeout(r, delay));
          controller.enqueue(part);
        },
      });
      return { stream };
    },
  };
}
