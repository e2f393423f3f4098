/**
 * An AI SDK UI message stream as the Server-Sent Events response that useChat reads: the same
 * bytes as `createUIMessageStreamResponse` (`data: <json>\n\n` per chunk, then `data: [DONE]`),
 * but the chunks that are ready in the same turn of the event loop go out as one write. A token
 * stream otherwise costs one socket write per token; tokens that arrive apart are still sent as
 * soon as they arrive. The first chunk is sent at once, so the client knows the turn has begun
 * while the rest of it is being worked out.
 *
 * The source is read as fast as it produces, whoever reads the body: the turn is drained on the
 * server anyway (see `detach` in lib/agent/turn-stream.ts), and a reply is bounded by the
 * model's output-token limit.
 */
import { UI_MESSAGE_STREAM_HEADERS } from "ai";

const encoder = new TextEncoder();

export function sseBody(stream: ReadableStream<unknown>): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  const state: {
    controller?: ReadableStreamDefaultController<Uint8Array>;
    open: boolean;
    started: boolean;
    pending: string;
    timer: NodeJS.Immediate | null;
  } = {
    open: true,
    started: false,
    pending: "",
    timer: null,
  };
  const flush = () => {
    state.timer = null;
    if (state.open && state.pending) state.controller?.enqueue(encoder.encode(state.pending));
    state.pending = "";
  };
  const end = (error?: unknown) => {
    if (state.timer) clearImmediate(state.timer);
    state.timer = null;
    if (!state.open) return;
    if (error === undefined) {
      state.pending += "data: [DONE]\n\n";
      flush();
      state.controller?.close();
    } else {
      state.controller?.error(error);
    }
    state.open = false;
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      state.controller = controller;
    },
    cancel(reason) {
      state.open = false;
      state.pending = "";
      if (state.timer) clearImmediate(state.timer);
      return reader.cancel(reason);
    },
  });
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!state.open) continue;
        state.pending += `data: ${JSON.stringify(value)}\n\n`;
        if (!state.started) {
          state.started = true;
          flush();
        } else {
          state.timer ??= setImmediate(flush);
        }
      }
      end();
    } catch (error) {
      end(error);
      // e.g. a chunk JSON cannot serialise: stop the source too.
      await reader.cancel(error).catch(() => undefined);
    }
  })();
  return body;
}

export function uiMessageStreamResponse(stream: ReadableStream<unknown>, headers: Record<string, string> = {}): Response {
  return new Response(sseBody(stream), { headers: { ...UI_MESSAGE_STREAM_HEADERS, ...headers } });
}
