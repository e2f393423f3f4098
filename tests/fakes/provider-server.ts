/**
 * Fake model providers over real HTTP, for pointing the real @ai-sdk/google and
 * @ai-sdk/openai-compatible clients at them by base URL. Each request gets the next scripted
 * reply (or, when `route` is set, the reply it picks for that request body): text, function
 * calls, an HTTP error status, a hang (for timeouts), a slow first token, a stream cut
 * mid-answer, or malformed chunks. Requests are kept so tests can check what the provider was sent.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeReply =
  /** `chunks` > 1 splits the text into that many deltas, sent `chunkIntervalMs` apart (a model that takes its time). */
  | { text: string; firstTokenDelayMs?: number; chunks?: number; chunkIntervalMs?: number }
  | { calls: { name: string; input: Record<string, unknown> }[]; text?: string; firstTokenDelayMs?: number }
  | { status: number; body?: unknown }
  | { hang: true }
  /** A 200 stream that starts answering `text`, then the connection is destroyed mid-answer. */
  | { cut: string }
  /** A 200 stream whose chunks are not the provider's JSON. */
  | { malformed: true };

export type FakeProvider = {
  baseUrl: string;
  requests: { path: string; body: unknown; headers: IncomingMessage["headers"] }[];
  /** Replies still to come; after the last one, the last reply repeats. */
  script: FakeReply[];
  /** When set and it returns a reply, that reply answers the request instead of the script. */
  route?: (body: unknown, call: number) => FakeReply | undefined;
  close(): Promise<void>;
};

type Answer = Extract<FakeReply, { text: string } | { calls: unknown }>;
/** The SSE events of one answer, and whether the stream ends with `[DONE]`. */
type Writer = (reply: Answer, call: number) => { events: unknown[]; done: boolean };

const sseHead = { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" };
const sseData = (event: unknown) => `data: ${JSON.stringify(event)}\n\n`;

function sse(res: ServerResponse, { events, done }: ReturnType<Writer>, firstTokenDelayMs = 0, intervalMs = 0): void {
  res.writeHead(200, sseHead);
  res.flushHeaders();
  const rest = () => {
    if (res.destroyed) return;
    for (const event of events) res.write(sseData(event));
    if (done) res.write("data: [DONE]\n\n");
    res.end();
  };
  // Paced: the events one at a time, intervalMs apart (the last one with [DONE]).
  let next = 0;
  const paced = () => {
    if (res.destroyed) return;
    res.write(sseData(events[next++]));
    if (next < events.length) return void setTimeout(paced, intervalMs);
    if (done) res.write("data: [DONE]\n\n");
    res.end();
  };
  const go = intervalMs > 0 ? paced : rest;
  if (firstTokenDelayMs > 0) setTimeout(go, firstTokenDelayMs);
  else go();
}

/** The text as `n` pieces of about equal length (whole text when n ≤ 1). */
function pieces(text: string, n = 1): string[] {
  if (n <= 1) return [text];
  const size = Math.ceil(text.length / n);
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** The answer's stream, cut at about its middle: the client sees the connection end mid-answer. */
function cut(res: ServerResponse, { events }: ReturnType<Writer>): void {
  res.writeHead(200, sseHead);
  const text = events.map(sseData).join("");
  res.write(text.slice(0, Math.max(1, Math.floor(text.length / 2))), () => setTimeout(() => res.destroy(), 20));
}

/** Gemini `models/{model}:streamGenerateContent?alt=sse`. */
const gemini: Writer = (reply) => {
  const parts: unknown[] = [];
  if ("text" in reply && reply.text) parts.push({ text: reply.text });
  if ("calls" in reply) for (const call of reply.calls) parts.push({ functionCall: { name: call.name, args: call.input } });
  return {
    events: [
      {
        candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
        usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 5, totalTokenCount: 17 },
        modelVersion: "gemini-2.5-flash",
      },
    ],
    done: false,
  };
};

/** OpenAI-compatible `chat/completions` with `stream: true`. */
const openai: Writer = (reply, call) => {
  const base = { id: `chatcmpl-${call}`, object: "chat.completion.chunk", created: 1_700_000_000, model: "fake-model" };
  const events: unknown[] = [{ ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] }];
  if ("text" in reply && reply.text) {
    for (const content of pieces(reply.text, "chunks" in reply ? reply.chunks : 1))
      events.push({ ...base, choices: [{ index: 0, delta: { content }, finish_reason: null }] });
  }
  const calls = "calls" in reply ? reply.calls : [];
  calls.forEach((c, index) => {
    events.push({
      ...base,
      choices: [
        {
          index: 0,
          delta: {
            tool_calls: [
              { index, id: `call_${call}_${index}`, type: "function", function: { name: c.name, arguments: JSON.stringify(c.input) } },
            ],
          },
          finish_reason: null,
        },
      ],
    });
  });
  events.push({
    ...base,
    choices: [{ index: 0, delta: {}, finish_reason: calls.length ? "tool_calls" : "stop" }],
    usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 },
  });
  return { events, done: true };
};

async function start(writer: Writer, pathPrefix: string, script: FakeReply[]): Promise<FakeProvider> {
  const requests: FakeProvider["requests"] = [];
  const hanging = new Set<ServerResponse>();
  let call = 0;
  const fake = { script } as FakeProvider;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        body = null;
      }
      requests.push({ path: req.url ?? "", body, headers: req.headers });
      const reply = fake.route?.(body, call) ?? fake.script[Math.min(call, fake.script.length - 1)];
      call++;
      if (!reply) return void res.writeHead(500).end();
      if ("hang" in reply) return void hanging.add(res);
      if ("status" in reply) {
        res.writeHead(reply.status, { "content-type": "application/json" });
        return void res.end(
          JSON.stringify(
            reply.body ?? { error: { code: reply.status, message: `fake provider error ${reply.status} (raw text)`, status: "FAKE" } },
          ),
        );
      }
      if ("cut" in reply) return void cut(res, writer({ text: reply.cut }, call));
      if ("malformed" in reply) {
        res.writeHead(200, sseHead);
        return void res.end('data: {"choices":[{"delta":{"content":"Hel\n\ndata: <html>502 Bad Gateway</html>\n\n');
      }
      sse(res, writer(reply, call), reply.firstTokenDelayMs, "chunkIntervalMs" in reply ? reply.chunkIntervalMs : 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}${pathPrefix}`;
  fake.requests = requests;
  fake.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

export function startFakeGemini(script: FakeReply[]): Promise<FakeProvider> {
  return start(gemini, "/v1beta", script);
}

export function startFakeOpenAICompatible(script: FakeReply[]): Promise<FakeProvider> {
  return start(openai, "/v1", script);
}
