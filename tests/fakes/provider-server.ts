/**
 * Fake model providers over real HTTP, for pointing the real @ai-sdk/google and
 * @ai-sdk/openai-compatible clients at them by base URL. Each request gets the next scripted
 * reply: text, function calls, an HTTP error status, or a hang (for timeouts). Requests are kept
 * so tests can check what the provider was sent.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeReply =
  | { text: string }
  | { calls: { name: string; input: Record<string, unknown> }[]; text?: string }
  | { status: number; body?: unknown }
  | { hang: true };

export type FakeProvider = {
  baseUrl: string;
  requests: { path: string; body: unknown; headers: IncomingMessage["headers"] }[];
  /** Replies still to come; after the last one, the last reply repeats. */
  script: FakeReply[];
  close(): Promise<void>;
};

type Writer = (res: ServerResponse, reply: Exclude<FakeReply, { status: number } | { hang: true }>, call: number) => void;

function sse(res: ServerResponse, events: unknown[], done = false): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  for (const event of events) res.write(`data: ${JSON.stringify(event)}\n\n`);
  if (done) res.write("data: [DONE]\n\n");
  res.end();
}

/** Gemini `models/{model}:streamGenerateContent?alt=sse`. */
const gemini: Writer = (res, reply) => {
  const parts: unknown[] = [];
  if ("text" in reply && reply.text) parts.push({ text: reply.text });
  if ("calls" in reply) for (const call of reply.calls) parts.push({ functionCall: { name: call.name, args: call.input } });
  sse(res, [
    {
      candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
      usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 5, totalTokenCount: 17 },
      modelVersion: "gemini-2.5-flash",
    },
  ]);
};

/** OpenAI-compatible `chat/completions` with `stream: true`. */
const openai: Writer = (res, reply, call) => {
  const base = { id: `chatcmpl-${call}`, object: "chat.completion.chunk", created: 1_700_000_000, model: "fake-model" };
  const events: unknown[] = [{ ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] }];
  if ("text" in reply && reply.text) events.push({ ...base, choices: [{ index: 0, delta: { content: reply.text }, finish_reason: null }] });
  const calls = "calls" in reply ? reply.calls : [];
  calls.forEach((c, index) => {
    events.push({
      ...base,
      choices: [{ index: 0, delta: { tool_calls: [{ index, id: `call_${call}_${index}`, type: "function", function: { name: c.name, arguments: JSON.stringify(c.input) } }] }, finish_reason: null }],
    });
  });
  events.push({ ...base, choices: [{ index: 0, delta: {}, finish_reason: calls.length ? "tool_calls" : "stop" }], usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 } });
  sse(res, events, true);
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
      const reply = fake.script[Math.min(call, fake.script.length - 1)];
      call++;
      if (!reply) return void res.writeHead(500).end();
      if ("hang" in reply) return void hanging.add(res);
      if ("status" in reply) {
        res.writeHead(reply.status, { "content-type": "application/json" });
        return void res.end(JSON.stringify(reply.body ?? { error: { code: reply.status, message: `fake provider error ${reply.status} (raw text)`, status: "FAKE" } }));
      }
      writer(res, reply, call);
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
