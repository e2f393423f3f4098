/**
 * The browser's reader of the AI SDK's UI message stream protocol (what /api/chat answers: SSE,
 * one JSON chunk per `data:` line, then `data: [DONE]`), folding the chunks into the assistant
 * message the chat shows. It follows the SDK's own `processUIMessageStream` (ai 6) chunk for
 * chunk, without the SDK's client (`ai` + zod + the gateway, ~100 KB gzipped on the chat page;
 * docs/benchmarks.md, "First Load JS"). tests/unit/ui/ui-message-stream.test.ts checks it against
 * the SDK's `readUIMessageStream` on the same chunks.
 *
 * Only types come from "ai" here: a value import would bring the whole SDK into the browser.
 */
import type { DynamicToolUIPart, ToolUIPart, UIMessage, UIMessageChunk } from "ai";

export type ChatChunk = UIMessageChunk;
export type DataChunk = Extract<ChatChunk, { type: `data-${string}` }>;
type Part = UIMessage["parts"][number];
export type ToolPart = ToolUIPart | DynamicToolUIPart;
/** A part as this module edits it (the SDK's part types are unions of read-only shapes). */
type Mutable = Record<string, unknown> & { type: string };

export function isToolUIPart(part: Part): part is ToolPart {
  return part.type.startsWith("tool-") || part.type === "dynamic-tool";
}

export class StreamProtocolError extends Error {}

/** The chunks of an SSE body, in order; ends at `[DONE]` or the end of the body. */
export async function* readChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<ChatChunk> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let data: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop() ?? "";
      for (const line of lines) {
        if (line === "") {
          // A blank line ends an event.
          const event = data.join("\n");
          data = [];
          if (!event) continue;
          if (event === "[DONE]") return;
          yield parseChunk(event);
        } else if (line.startsWith("data:")) {
          data.push(line.slice(line.startsWith("data: ") ? 6 : 5));
        }
        // Comments (":…") and other fields (event:, id:, retry:) carry nothing here.
      }
    }
  } finally {
    reader.releaseLock();
  }
}

function parseChunk(text: string): ChatChunk {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new StreamProtocolError("The reply could not be read.");
  }
  if (typeof value !== "object" || value === null || typeof (value as { type?: unknown }).type !== "string")
    throw new StreamProtocolError("The reply could not be read.");
  return value as ChatChunk;
}

/**
 * The value of JSON text that may be cut off anywhere (a tool's input while it streams):
 * `{"title":"buy mi` → `{ title: "buy mi" }`; undefined when nothing can be read yet.
 */
export function parsePartialJson(text: string): unknown {
  const attempt = (candidate: string): { ok: boolean; value?: unknown } => {
    try {
      return { ok: true, value: JSON.parse(candidate) };
    } catch {
      return { ok: false };
    }
  };
  const whole = attempt(text);
  if (whole.ok) return whole.value;
  // Scan once: open containers, whether the end is inside a string, and the places where the
  // text can be cut back to a complete prefix (right after an opening bracket, before a comma).
  const stack: string[] = [];
  const cuts: { at: number; closers: string }[] = [];
  const closers = () =>
    stack
      .map((c) => (c === "{" ? "}" : "]"))
      .reverse()
      .join("");
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === "{" || c === "[") {
      stack.push(c);
      cuts.push({ at: i + 1, closers: closers() });
    } else if (c === "}" || c === "]") stack.pop();
    else if (c === ",") cuts.push({ at: i, closers: closers() });
  }
  // The end completed: a string closed (an escape cut short dropped), a literal cut short
  // ("tr", "nul") or a number cut short ("12.", "1e") finished, as the SDK does.
  const ends = inString
    ? [`${escaped ? text.slice(0, -1) : text}"`, `${text.replace(/\\u[0-9a-fA-F]{0,3}$/, "")}"`]
    : [
        text.replace(
          /(^|[\s:,[])(t|tr|tru|f|fa|fal|fals|n|nu|nul)$/,
          (_, before: string, w: string) => before + ["true", "false", "null"].find((word) => word.startsWith(w)),
        ),
        text.replace(/(\d)[.eE+-]+$/, "$1"),
      ];
  for (const end of ends) {
    const closed = attempt(end + closers());
    if (closed.ok) return closed.value;
  }
  for (let i = cuts.length - 1; i >= 0; i--) {
    const cut = cuts[i]!;
    const shorter = attempt(text.slice(0, cut.at) + cut.closers);
    if (shorter.ok) return shorter.value;
  }
  return undefined;
}

type PartialToolCall = {
  text: string;
  toolName: string;
  dynamic: boolean;
  inputEncoding?: "json" | "text";
  title?: string;
  toolMetadata?: unknown;
};

/** The assistant message a response builds, and what is open in it. */
export type StreamingMessage = {
  message: UIMessage;
  activeText: Map<string, Mutable>;
  activeReasoning: Map<string, Mutable>;
  partialToolCalls: Map<string, PartialToolCall>;
  finishReason?: string;
};

/**
 * A response continues `lastMessage` when that is the assistant's (an answered confirmation),
 * otherwise it starts a new assistant message with `messageId`. `lastMessage` is copied.
 */
export function startMessage(lastMessage: UIMessage | undefined, messageId: string): StreamingMessage {
  const message: UIMessage =
    lastMessage?.role === "assistant"
      ? { ...lastMessage, parts: lastMessage.parts.map((p) => ({ ...p })) }
      : { id: messageId, metadata: undefined, role: "assistant", parts: [] };
  const partialToolCalls = new Map<string, PartialToolCall>();
  const lastStep = message.parts.findLastIndex((p) => p.type === "step-start");
  for (const part of message.parts.slice(lastStep + 1)) {
    if (!isToolUIPart(part) || part.state !== "input-streaming") continue;
    const p = part as unknown as Mutable;
    partialToolCalls.set(part.toolCallId, {
      text: typeof p.rawInput === "string" ? p.rawInput : "",
      inputEncoding: p.inputEncoding as PartialToolCall["inputEncoding"],
      toolName: part.type === "dynamic-tool" ? part.toolName : part.type.slice(5),
      dynamic: part.type === "dynamic-tool",
      title: p.title as string | undefined,
      toolMetadata: p.toolMetadata,
    });
  }
  return { message, activeText: new Map(), activeReasoning: new Map(), partialToolCalls };
}

function mergeMetadata(current: unknown, added: unknown): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isObject(current) || !isObject(added)) return added;
  const out: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(added)) out[k] = mergeMetadata(current[k], v);
  return out;
}

/** What a chunk asks of the chat: show the message again; mark the reply as streaming. */
export type Applied = { write: boolean; updateStatus?: boolean };

/**
 * Folds one chunk into `state.message` (in place, as the SDK does). `onData` gets every data
 * chunk; transient ones go nowhere else. An `error` chunk, or a chunk that refers to something
 * the stream never opened, throws.
 */
export function applyChunk(state: StreamingMessage, chunk: ChatChunk, onData?: (chunk: DataChunk) => void): Applied {
  const parts = state.message.parts as unknown as Mutable[];
  const stepParts = (): Mutable[] => {
    const start = parts.findLastIndex((p) => p.type === "step-start");
    return parts.slice(start + 1);
  };
  const isTool = (p: Mutable) => isToolUIPart(p as unknown as Part);
  const toolPart = (toolCallId: string): Mutable => {
    const found =
      stepParts().find((p) => isTool(p) && p.toolCallId === toolCallId) ?? parts.findLast((p) => isTool(p) && p.toolCallId === toolCallId);
    if (!found) throw new StreamProtocolError(`No tool invocation found for tool call ID "${toolCallId}".`);
    return found;
  };
  const staticName = (p: Mutable) => p.type.split("-").slice(1).join("-");
  /** The SDK's updateToolPart / updateDynamicToolPart, in one. */
  const updateTool = (
    o: {
      toolCallId: string;
      toolName: string;
      dynamic: boolean;
      state: string;
      input?: unknown;
      output?: unknown;
      errorText?: string;
      rawInput?: unknown;
      inputEncoding?: string;
      providerExecuted?: boolean;
      preliminary?: boolean;
      providerMetadata?: unknown;
      title?: string;
      toolMetadata?: unknown;
    },
    existing?: Mutable,
  ) => {
    const part =
      existing ??
      stepParts().find((p) => (o.dynamic ? p.type === "dynamic-tool" : p.type.startsWith("tool-")) && p.toolCallId === o.toolCallId);
    const isResult = o.state === "output-available" || o.state === "output-error";
    if (part) {
      part.state = o.state;
      if (o.dynamic) part.toolName = o.toolName;
      else part.type = `tool-${o.toolName}`;
      part.input = o.input;
      part.output = o.output;
      part.errorText = o.errorText;
      part.rawInput = o.rawInput;
      if (o.inputEncoding != null) part.inputEncoding = o.inputEncoding;
      else delete part.inputEncoding;
      part.preliminary = o.preliminary;
      if (o.title !== undefined) part.title = o.title;
      if (o.toolMetadata !== undefined) part.toolMetadata = o.toolMetadata;
      part.providerExecuted = o.providerExecuted ?? part.providerExecuted;
      if (o.providerMetadata != null) part[isResult ? "resultProviderMetadata" : "callProviderMetadata"] = o.providerMetadata;
      return;
    }
    parts.push({
      type: o.dynamic ? "dynamic-tool" : `tool-${o.toolName}`,
      ...(o.dynamic ? { toolName: o.toolName } : {}),
      toolCallId: o.toolCallId,
      state: o.state,
      title: o.title,
      ...(o.toolMetadata !== undefined ? { toolMetadata: o.toolMetadata } : {}),
      input: o.input,
      ...(o.inputEncoding != null ? { inputEncoding: o.inputEncoding } : {}),
      output: o.output,
      ...(o.dynamic ? {} : { rawInput: o.rawInput }),
      errorText: o.errorText,
      providerExecuted: o.providerExecuted,
      preliminary: o.preliminary,
      ...(o.providerMetadata != null ? { [isResult ? "resultProviderMetadata" : "callProviderMetadata"]: o.providerMetadata } : {}),
    });
  };
  const open = (map: Map<string, Mutable>, id: string, kind: string): Mutable => {
    const part = map.get(id);
    if (!part) throw new StreamProtocolError(`Received ${kind} for missing part with ID "${id}".`);
    return part;
  };

  switch (chunk.type) {
    case "text-start":
    case "reasoning-start": {
      const part: Mutable = {
        type: chunk.type === "text-start" ? "text" : "reasoning",
        ...(chunk.type === "reasoning-start" ? { id: chunk.id } : {}),
        text: "",
        providerMetadata: chunk.providerMetadata,
        state: "streaming",
      };
      (chunk.type === "text-start" ? state.activeText : state.activeReasoning).set(chunk.id, part);
      parts.push(part);
      return { write: true };
    }
    case "text-delta":
    case "reasoning-delta": {
      const part = open(chunk.type === "text-delta" ? state.activeText : state.activeReasoning, chunk.id, chunk.type);
      part.text = (part.text as string) + chunk.delta;
      part.providerMetadata = chunk.providerMetadata ?? part.providerMetadata;
      return { write: true };
    }
    case "text-end":
    case "reasoning-end": {
      const map = chunk.type === "text-end" ? state.activeText : state.activeReasoning;
      const part = open(map, chunk.id, chunk.type);
      part.state = "done";
      part.providerMetadata = chunk.providerMetadata ?? part.providerMetadata;
      map.delete(chunk.id);
      return { write: true };
    }
    case "file":
      parts.push({
        type: "file",
        mediaType: chunk.mediaType,
        url: chunk.url,
        ...(chunk.providerMetadata != null ? { providerMetadata: chunk.providerMetadata } : {}),
      });
      return { write: true };
    case "source-url":
      parts.push({
        type: "source-url",
        sourceId: chunk.sourceId,
        url: chunk.url,
        title: chunk.title,
        providerMetadata: chunk.providerMetadata,
      });
      return { write: true };
    case "source-document":
      parts.push({
        type: "source-document",
        sourceId: chunk.sourceId,
        mediaType: chunk.mediaType,
        title: chunk.title,
        filename: chunk.filename,
        providerMetadata: chunk.providerMetadata,
      });
      return { write: true };
    case "tool-input-start": {
      const dynamic = chunk.dynamic === true;
      state.partialToolCalls.set(chunk.toolCallId, {
        text: "",
        inputEncoding: chunk.inputEncoding,
        toolName: chunk.toolName,
        dynamic,
        title: chunk.title,
        toolMetadata: chunk.toolMetadata,
      });
      updateTool({
        toolCallId: chunk.toolCallId,
        toolName: chunk.toolName,
        dynamic,
        state: "input-streaming",
        inputEncoding: chunk.inputEncoding,
        input: undefined,
        providerExecuted: chunk.providerExecuted,
        title: chunk.title,
        toolMetadata: chunk.toolMetadata,
        providerMetadata: chunk.providerMetadata,
      });
      return { write: true };
    }
    case "tool-input-delta": {
      const call = state.partialToolCalls.get(chunk.toolCallId);
      if (!call) throw new StreamProtocolError(`Received tool-input-delta for missing tool call with ID "${chunk.toolCallId}".`);
      call.text += chunk.inputTextDelta;
      const input = call.inputEncoding === "text" ? call.text : parsePartialJson(call.text);
      updateTool({
        toolCallId: chunk.toolCallId,
        toolName: call.toolName,
        dynamic: call.dynamic,
        state: "input-streaming",
        inputEncoding: call.inputEncoding,
        input,
        rawInput: call.text,
        title: call.title,
        toolMetadata: call.toolMetadata,
      });
      return { write: true };
    }
    case "tool-input-available":
      updateTool({
        toolCallId: chunk.toolCallId,
        toolName: chunk.toolName,
        dynamic: chunk.dynamic === true,
        state: "input-available",
        input: chunk.input,
        providerExecuted: chunk.providerExecuted,
        providerMetadata: chunk.providerMetadata,
        title: chunk.title,
        toolMetadata: chunk.toolMetadata,
      });
      return { write: true };
    case "tool-input-error": {
      const existing = stepParts().find((p) => isTool(p) && p.toolCallId === chunk.toolCallId);
      const dynamic = existing ? existing.type === "dynamic-tool" : chunk.dynamic === true;
      updateTool({
        toolCallId: chunk.toolCallId,
        toolName: chunk.toolName,
        dynamic,
        state: "output-error",
        input: chunk.input,
        errorText: chunk.errorText,
        providerExecuted: chunk.providerExecuted,
        providerMetadata: chunk.providerMetadata,
        toolMetadata: chunk.toolMetadata,
      });
      return { write: true };
    }
    case "tool-approval-request": {
      const part = toolPart(chunk.toolCallId);
      part.state = "approval-requested";
      part.approval = {
        id: chunk.approvalId,
        ...(chunk.approvalDescriptor != null ? { descriptor: chunk.approvalDescriptor } : {}),
        ...(Object.prototype.hasOwnProperty.call(chunk, "inputSchemaInput") ? { inputSchemaInput: chunk.inputSchemaInput } : {}),
        ...(chunk.signature != null ? { signature: chunk.signature } : {}),
      };
      return { write: true };
    }
    case "tool-output-denied":
      toolPart(chunk.toolCallId).state = "output-denied";
      return { write: true };
    case "tool-output-available":
    case "tool-output-error": {
      const part = toolPart(chunk.toolCallId);
      const dynamic = part.type === "dynamic-tool";
      updateTool(
        {
          toolCallId: chunk.toolCallId,
          toolName: dynamic ? (part.toolName as string) : staticName(part),
          dynamic,
          state: chunk.type === "tool-output-available" ? "output-available" : "output-error",
          input: part.input,
          ...(chunk.type === "tool-output-available"
            ? { output: chunk.output, preliminary: chunk.preliminary }
            : { errorText: chunk.errorText, ...(dynamic ? {} : { rawInput: part.rawInput }) }),
          providerExecuted: chunk.providerExecuted,
          providerMetadata: chunk.providerMetadata,
          title: part.title as string | undefined,
          toolMetadata: chunk.toolMetadata ?? part.toolMetadata,
        },
        part,
      );
      return { write: true };
    }
    case "start-step":
      parts.push({ type: "step-start" });
      return { write: false };
    case "finish-step":
      state.activeText = new Map();
      state.activeReasoning = new Map();
      return { write: false };
    case "start":
      if (chunk.messageId != null) state.message.id = chunk.messageId;
      if (chunk.messageMetadata != null) state.message.metadata = mergeMetadata(state.message.metadata, chunk.messageMetadata);
      return { write: chunk.messageId != null || chunk.messageMetadata != null, updateStatus: false };
    case "finish":
    case "message-metadata":
      if (chunk.type === "finish" && chunk.finishReason != null) state.finishReason = chunk.finishReason;
      if (chunk.messageMetadata != null) state.message.metadata = mergeMetadata(state.message.metadata, chunk.messageMetadata);
      return { write: chunk.messageMetadata != null };
    case "error":
      throw new Error(chunk.errorText);
    case "abort":
      return { write: false };
    default: {
      if (!chunk.type.startsWith("data-")) return { write: false };
      const data = chunk as DataChunk;
      if (data.transient) {
        onData?.(data);
        return { write: false };
      }
      const existing = data.id != null ? parts.find((p) => p.type === data.type && p.id === data.id) : undefined;
      if (existing) existing.data = data.data;
      else parts.push(data as unknown as Mutable);
      onData?.(data);
      return { write: true };
    }
  }
}
