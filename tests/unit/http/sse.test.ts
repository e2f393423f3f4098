/**
 * The chat response body (lib/http/sse.ts): the same Server-Sent Events bytes useChat reads from
 * `createUIMessageStreamResponse`, with the chunks that are ready together sent as one write and
 * chunks that arrive apart sent as soon as they arrive; cancelling the response stops the source,
 * a failing source fails the response, and the response carries the UI message stream headers.
 */
import { createUIMessageStreamResponse, UI_MESSAGE_STREAM_HEADERS, type UIMessageChunk } from "ai";
import { describe, expect, it, vi } from "vitest";
import { sseBody, uiMessageStreamResponse } from "@/lib/http/sse";

const decoder = new TextDecoder();
const DONE = "data: [DONE]\n\n";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const frame = (chunk: UIMessageChunk) => `data: ${JSON.stringify(chunk)}\n\n`;
const delta = (text: string): UIMessageChunk => ({ type: "text-delta", id: "t1", delta: text });

/** A reply as the agent streams it, with text that needs escaping and multi-byte characters. */
const reply: UIMessageChunk[][] = [
  [{ type: "start", messageId: "m1" }, { type: "start-step" }, { type: "text-start", id: "t1" }],
  [delta("Added “Buy milk”"), delta(' — due "tomorrow"\n')],
  [delta("✓ done 🥛"), delta("\\ end")],
  [
    { type: "tool-input-available", toolCallId: "c1", toolName: "addTask", input: { title: "Buy milk", dueAt: null } },
    { type: "text-end", id: "t1" },
    { type: "finish-step" },
    { type: "finish" },
  ],
];

/** A source that enqueues each batch synchronously, waiting `gapMs` between batches. */
function streamOf(batches: readonly UIMessageChunk[][], gapMs = 0): ReadableStream<UIMessageChunk> {
  return new ReadableStream<UIMessageChunk>({
    start(controller) {
      void (async () => {
        for (const [i, batch] of batches.entries()) {
          if (i > 0 && gapMs > 0) await sleep(gapMs);
          for (const chunk of batch) controller.enqueue(chunk);
        }
        controller.close();
      })();
    },
  });
}

function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Every read of the body, decoded: one string per chunk the body delivered. */
async function reads(body: ReadableStream<Uint8Array>): Promise<string[]> {
  const reader = body.getReader();
  const out: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(decoder.decode(value));
  }
}

function withinMs<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, sleep(ms).then(() => Promise.reject(new Error(`${what} did not arrive within ${ms} ms`)))]);
}

describe("sseBody", () => {
  it("produces exactly the bytes of the AI SDK's createUIMessageStreamResponse", async () => {
    const cases: [batches: UIMessageChunk[][], gapMs: number][] = [
      [reply, 0],
      [reply, 5],
      [reply.map((batch) => batch.slice(0, 1)), 5],
      [[], 0],
    ];
    for (const [batches, gapMs] of cases) {
      const ours = await uiMessageStreamResponse(streamOf(batches, gapMs)).text();
      const theirs = await createUIMessageStreamResponse({ stream: streamOf(batches, gapMs) }).text();
      expect(ours).toBe(theirs);
      expect(ours.endsWith(DONE)).toBe(true);
    }
    // And the text is what useChat parses: one `data: <json>` event per chunk.
    expect(await uiMessageStreamResponse(streamOf(reply)).text()).toBe(reply.flat().map(frame).join("") + DONE);
  });

  it("sends the first chunk at once, then the chunks that are ready together as one body chunk", async () => {
    const held = gate();
    const deltas = ["Hel", "lo", ", ", "world"].map(delta);
    const source = new ReadableStream<UIMessageChunk>({
      start(controller) {
        for (const chunk of deltas) controller.enqueue(chunk);
        void held.opened.then(() => controller.close());
      },
    });
    const reader = sseBody(source).getReader();
    // The first chunk tells the client the turn has begun: it is not held back.
    const first = await withinMs(reader.read(), 1000, "the first write");
    expect(decoder.decode(first.value)).toBe(frame(deltas[0]!));
    const batch = await withinMs(reader.read(), 1000, "the batched write");
    expect(decoder.decode(batch.value)).toBe(deltas.slice(1).map(frame).join(""));
    held.open();
    const last = await reader.read();
    expect(decoder.decode(last.value)).toBe(DONE);
    expect((await reader.read()).done).toBe(true);

    // A source that also ends in the same turn: the first chunk, then one write with the rest and [DONE].
    expect(await reads(sseBody(streamOf([deltas])))).toEqual([frame(deltas[0]!), deltas.slice(1).map(frame).join("") + DONE]);
  });

  it("sends chunks that arrive apart as they arrive, before the source has finished", async () => {
    const held = gate();
    const [a, b] = [delta("first"), delta("second")];
    const source = new ReadableStream<UIMessageChunk>({
      start(controller) {
        controller.enqueue(a);
        void (async () => {
          await held.opened;
          await sleep(20);
          controller.enqueue(b);
          await sleep(20);
          controller.close();
        })();
      },
    });
    const reader = sseBody(source).getReader();
    // The source is still open (held) here: the first chunk must not wait for its end.
    const first = await withinMs(reader.read(), 1000, "the first chunk");
    expect(decoder.decode(first.value)).toBe(frame(a));
    held.open();
    const rest: string[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest.push(decoder.decode(r.value));
    expect(rest).toEqual([frame(b), DONE]);
  });

  it("cancelling the body cancels the source, without throwing", async () => {
    const cancel = vi.fn();
    let source!: ReadableStreamDefaultController<UIMessageChunk>;
    const body = sseBody(
      new ReadableStream<UIMessageChunk>({
        start(controller) {
          source = controller;
          controller.enqueue(delta("one"));
        },
        cancel,
      }),
    );
    const reader = body.getReader();
    expect(decoder.decode((await reader.read()).value)).toBe(frame(delta("one")));
    source.enqueue(delta("two")); // read from the source but not yet written when the client leaves
    await expect(reader.cancel("client went away")).resolves.toBeUndefined();
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(cancel).toHaveBeenCalledWith("client went away");
    // A write scheduled before the cancel must not fire into the cancelled body (that would throw).
    await sleep(20);
  });

  it("a source that fails makes the body's reader reject with its error", async () => {
    const failure = new Error("model failed");
    const reader = sseBody(
      new ReadableStream<UIMessageChunk>({
        start(controller) {
          controller.enqueue(delta("partial"));
          setTimeout(() => controller.error(failure), 20);
        },
      }),
    ).getReader();
    expect(decoder.decode((await reader.read()).value)).toBe(frame(delta("partial")));
    await expect(reader.read()).rejects.toBe(failure);

    const immediately = sseBody(
      new ReadableStream<UIMessageChunk>({
        pull() {
          throw failure;
        },
      }),
    ).getReader();
    await expect(immediately.read()).rejects.toBe(failure);
  });
});

describe("uiMessageStreamResponse", () => {
  it("sets the UI message stream headers plus the given ones", async () => {
    const res = uiMessageStreamResponse(streamOf([[delta("hi")]]), { "x-request-id": "req-1", "cache-control": "no-cache, no-transform" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    expect(res.headers.get("x-vercel-ai-ui-message-stream")).toBe("v1");
    expect(res.headers.get("x-request-id")).toBe("req-1");
    // A given header replaces the default of the same name.
    expect(res.headers.get("cache-control")).toBe("no-cache, no-transform");
    for (const [name, value] of Object.entries(UI_MESSAGE_STREAM_HEADERS)) {
      if (name !== "cache-control") expect(res.headers.get(name), name).toBe(value);
    }
    expect(await res.text()).toBe(frame(delta("hi")) + DONE);
  });
});
