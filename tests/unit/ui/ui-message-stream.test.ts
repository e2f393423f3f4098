/**
 * The browser's reader of the UI message stream (lib/ui/ui-message-stream.ts) against the AI SDK
 * itself: the same chunks, encoded by the server's own SSE writer (lib/http/sse.ts), must give
 * the messages the SDK's `readUIMessageStream` gives — after every chunk, not only at the end.
 */
import { parsePartialJson as sdkParsePartialJson, readUIMessageStream, type UIMessage, type UIMessageChunk } from "ai";
import { describe, expect, it } from "vitest";
import { sseBody } from "@/lib/http/sse";
import { applyChunk, parsePartialJson, readChunks, startMessage, type DataChunk } from "@/lib/ui/ui-message-stream";

function streamOf<T>(items: T[]): ReadableStream<T> {
  return new ReadableStream({
    start(controller) {
      for (const item of items) controller.enqueue(item);
      controller.close();
    },
  });
}

/** The SDK's message after each chunk that changed it. */
async function sdkSnapshots(chunks: UIMessageChunk[], message?: UIMessage): Promise<UIMessage[]> {
  const out: UIMessage[] = [];
  for await (const m of readUIMessageStream({
    message: message && structuredClone(message),
    stream: streamOf(chunks),
    terminateOnError: true,
  }))
    out.push(structuredClone(m));
  return out;
}

/** Ours, over the bytes the server sends, cut into small pieces (mid-line, mid-character). */
async function ourSnapshots(chunks: UIMessageChunk[], message?: UIMessage, onData?: (c: DataChunk) => void): Promise<UIMessage[]> {
  const bytes = new Uint8Array(await new Response(sseBody(streamOf(chunks))).arrayBuffer());
  const pieces: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += 7) pieces.push(bytes.slice(i, i + 7));
  const state = startMessage(message && structuredClone(message), "generated-id");
  const out: UIMessage[] = [];
  for await (const chunk of readChunks(streamOf(pieces)))
    if (applyChunk(state, chunk, onData).write) out.push(structuredClone(state.message));
  return out;
}

async function expectSameAsSdk(chunks: UIMessageChunk[], message?: UIMessage) {
  const ours = await ourSnapshots(chunks, message);
  const sdk = await sdkSnapshots(chunks, message);
  expect(ours).toEqual(sdk);
  return ours.at(-1)!;
}

const start: UIMessageChunk = { type: "start", messageId: "m1", messageMetadata: { requestId: "req-1" } };

describe("the UI message stream, read as the AI SDK reads it", () => {
  it("streams text in steps, with the reply's metadata", async () => {
    const last = await expectSameAsSdk([
      start,
      { type: "start-step" },
      { type: "text-start", id: "t1" },
      { type: "text-delta", id: "t1", delta: "Hello " },
      { type: "text-delta", id: "t1", delta: "wörld ✓ — 日本" },
      { type: "text-end", id: "t1" },
      { type: "finish-step" },
      { type: "start-step" },
      { type: "reasoning-start", id: "r1" },
      { type: "reasoning-delta", id: "r1", delta: "thinking" },
      { type: "reasoning-end", id: "r1" },
      { type: "text-start", id: "t2" },
      { type: "text-delta", id: "t2", delta: "Done." },
      { type: "text-end", id: "t2" },
      { type: "source-url", sourceId: "s1", url: "https://example.com", title: "Example" },
      { type: "message-metadata", messageMetadata: { extra: 1 } },
      { type: "finish-step" },
      { type: "finish", finishReason: "stop" },
    ]);
    expect(last.id).toBe("m1");
    expect(last.metadata).toEqual({ requestId: "req-1", extra: 1 });
  });

  it("tool calls: input streaming, results, errors, a bad call and a dynamic tool", async () => {
    const input = '{"title":"buy milk \\"fresh\\"","priority":"high","labels":["errands","x"],"due":null,"n":12}';
    const deltas = Array.from({ length: Math.ceil(input.length / 5) }, (_, i) => input.slice(i * 5, i * 5 + 5));
    const last = await expectSameAsSdk([
      start,
      { type: "start-step" },
      { type: "tool-input-start", toolCallId: "c1", toolName: "add_task" },
      ...deltas.map((d): UIMessageChunk => ({ type: "tool-input-delta", toolCallId: "c1", inputTextDelta: d })),
      { type: "tool-input-available", toolCallId: "c1", toolName: "add_task", input: JSON.parse(input) },
      { type: "tool-input-available", toolCallId: "c2", toolName: "complete_task", input: { task: "milk" } },
      { type: "tool-input-error", toolCallId: "c3", toolName: "nope", input: { x: 1 }, errorText: "unknown tool" },
      { type: "tool-input-available", toolCallId: "c4", toolName: "mcp_tool", input: { q: 1 }, dynamic: true },
      { type: "tool-output-available", toolCallId: "c1", output: { ok: true, task: { id: "t1" } } },
      { type: "tool-output-error", toolCallId: "c2", errorText: "not found" },
      { type: "tool-output-available", toolCallId: "c4", output: { ok: true } },
      { type: "finish-step" },
      { type: "finish", finishReason: "tool-calls" },
    ]);
    expect(last.parts.filter((p) => p.type !== "step-start").map((p) => ("state" in p ? `${p.type}:${p.state}` : p.type))).toEqual([
      "tool-add_task:output-available",
      "tool-complete_task:output-error",
      "tool-nope:output-error",
      "dynamic-tool:output-available",
    ]);
  });

  it("a confirmation: approval request, data parts (transient ones only reach onData), then the answer continues the message", async () => {
    const asked = await expectSameAsSdk([
      start,
      { type: "start-step" },
      { type: "tool-input-available", toolCallId: "c1", toolName: "delete_task", input: { task: "milk" } },
      { type: "tool-approval-request", approvalId: "a1", toolCallId: "c1" },
      { type: "data-confirmation", data: { approvalIds: ["a1"], prompt: "Delete 'milk'?" } },
      { type: "data-status", id: "d1", data: { n: 1 } },
      { type: "data-status", id: "d1", data: { n: 2 } },
      { type: "text-start", id: "t1" },
      { type: "text-delta", id: "t1", delta: "Delete 'milk'?" },
      { type: "text-end", id: "t1" },
      { type: "finish-step" },
      { type: "finish", finishReason: "stop" },
    ]);
    const seen: DataChunk[] = [];
    await ourSnapshots(
      [start, { type: "data-approval", data: { answered: [] }, transient: true }, { type: "data-x", data: 1 }],
      undefined,
      (c) => seen.push(c),
    );
    expect(seen.map((c) => c.type)).toEqual(["data-approval", "data-x"]);

    // The user answers; the reply to that answer continues the same assistant message.
    const answered: UIMessage = {
      ...asked,
      parts: asked.parts.map((p) =>
        p.type === "tool-delete_task" && p.state === "approval-requested"
          ? { ...p, state: "approval-responded", approval: { id: "a1", approved: true } }
          : p,
      ),
    };
    const after = await expectSameAsSdk(
      [
        { type: "start", messageId: "m1", messageMetadata: { requestId: "req-2" } },
        { type: "tool-output-available", toolCallId: "c1", output: { ok: true } },
        { type: "start-step" },
        { type: "text-start", id: "t2" },
        { type: "text-delta", id: "t2", delta: "Deleted." },
        { type: "text-end", id: "t2" },
        { type: "finish-step" },
        { type: "finish", finishReason: "stop" },
      ],
      answered,
    );
    expect(after.id).toBe("m1");
    expect(after.parts.find((p) => p.type === "tool-delete_task")).toMatchObject({ state: "output-available", output: { ok: true } });
  });

  it("an error chunk, and a chunk for something never opened, stop the reply", async () => {
    await expect(ourSnapshots([start, { type: "error", errorText: "The model is unavailable." }])).rejects.toThrow(
      "The model is unavailable.",
    );
    await expect(ourSnapshots([start, { type: "text-delta", id: "nope", delta: "x" }])).rejects.toThrow();
    await expect(ourSnapshots([start, { type: "tool-output-available", toolCallId: "nope", output: 1 }])).rejects.toThrow();
  });

  it("reads `data:` events split anywhere, ignores comments and stops at [DONE]", async () => {
    const text =
      ': keep-alive\n\ndata: {"type":"start"}\r\n\r\ndata: {"type":"text-start","id":"a"}\n\ndata: [DONE]\n\ndata: {"type":"text-end","id":"a"}\n\n';
    const bytes = new TextEncoder().encode(text);
    const chunks: unknown[] = [];
    for await (const c of readChunks(streamOf(Array.from(bytes, (b) => new Uint8Array([b]))))) chunks.push(c);
    expect(chunks).toEqual([{ type: "start" }, { type: "text-start", id: "a" }]);
    await expect(async () => {
      for await (const c of readChunks(streamOf([new TextEncoder().encode("data: {not json\n\n")]))) chunks.push(c);
    }).rejects.toThrow("The reply could not be read.");
  });
});

describe("parsePartialJson", () => {
  it("reads what has arrived of a JSON value", () => {
    expect(parsePartialJson('{"title":"buy mi')).toEqual({ title: "buy mi" });
    expect(parsePartialJson('{"title":"buy milk","pri')).toEqual({ title: "buy milk" });
    expect(parsePartialJson('{"title":"a\\')).toEqual({ title: "a" });
    expect(parsePartialJson('{"ids":["a","b')).toEqual({ ids: ["a", "b"] });
    expect(parsePartialJson('{"a":{"b":1},"c":')).toEqual({ a: { b: 1 } });
    expect(parsePartialJson('{"n":12')).toEqual({ n: 12 });
    expect(parsePartialJson('{"done":tr')).toEqual({ done: true });
    expect(parsePartialJson('{"due":nu')).toEqual({ due: null });
    expect(parsePartialJson("{")).toEqual({});
    expect(parsePartialJson("")).toBeUndefined();
    expect(parsePartialJson('{"a":1}')).toEqual({ a: 1 });
  });

  it("gives what the SDK gives for every prefix of a tool input", async () => {
    const texts = [
      '{"title":"buy milk \\"fresh\\" \\u00e9 \\\\u","priority":"high","labels":["errands","x"],"due":null,"n":-12.5e3,"ok":true,"no":false,"nested":{"a":[1,{"b":"c"}]}}',
      '[1, 2, {"a": "b"}]',
      '  { "a" : 1 , "b" : [ true , null ] }  ',
    ];
    for (const text of texts) {
      expect(JSON.parse(text)).toBeTruthy();
      for (let i = 0; i <= text.length; i++) {
        const prefix = text.slice(0, i);
        expect([prefix, parsePartialJson(prefix)]).toEqual([prefix, (await sdkParsePartialJson(prefix)).value]);
      }
    }
  });
});
