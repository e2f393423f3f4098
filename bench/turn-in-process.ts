/**
 * CPU of one agent turn without HTTP or Next.js: `startTurn` (rate limit, lease, history,
 * messages, audit, the AI SDK loop, the built-in model) against a real Postgres, read to its
 * end, turns alternating "hi" and "add buy milk <n>", a new conversation every 10 turns. It
 * tells how much of a turn's server CPU is the turn itself and how much is the web stack around
 * it (compare `nextCpuMsPerTurn` of bench/chat-turn.mjs). Also: the AI SDK's own floor,
 * `streamText` → `toUIMessageStream` with a mock model, for 2 and for 20 text chunks.
 *
 *   DATABASE_URL=postgresql://… AUTH_SECRET=… node --conditions=react-server --import tsx bench/turn-in-process.ts
 *
 * (`react-server` lets `import "server-only"` resolve as it does inside Next.js.) N turns (600)
 * after 100 warm-up turns; prints CPU ms per turn (user + system of this process).
 */
import { randomUUID } from "node:crypto";
import { consumeStream, isStepCount, streamText } from "ai";
import { MockLanguageModelV4, simulateReadableStream } from "ai/test";
import { startTurn } from "@/lib/agent/turn";
import { createUser } from "@/lib/auth/users";

const N = Number.parseInt(process.env.N ?? "600", 10);

async function cpuPerRun(runs: number, run: (i: number) => Promise<void>): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < runs; i++) await run(i);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / runs;
}

const user = await createUser({ email: `bench-${randomUUID()}@example.com`, password: "correct horse battery staple", name: "bench" });
let conversationId = randomUUID();
async function turn(i: number): Promise<void> {
  if (i % 10 === 0) conversationId = randomUUID();
  const t = await startTurn({
    user: { id: user.id, timezone: "UTC" },
    conversationId,
    requestId: randomUUID(),
    input: { kind: "message", text: i % 2 ? "hi" : `add buy milk ${i}` },
  });
  await consumeStream({ stream: t.stream });
  const outcome = await t.outcome;
  if (outcome.status !== "completed") throw new Error(`turn ${i}: ${outcome.status} ${outcome.error ?? ""}`);
}
await cpuPerRun(100, turn);
console.log(`startTurn, read to the end: ${(await cpuPerRun(N, (i) => turn(i + 100))).toFixed(2)} ms CPU per turn (${N} turns)`);

for (const deltas of [2, 20]) {
  const model = new MockLanguageModelV4({
    doStream: async () => ({
      stream: simulateReadableStream({
        initialDelayInMs: null,
        chunkDelayInMs: null,
        chunks: [
          { type: "stream-start", warnings: [] },
          { type: "text-start", id: "t" },
          ...Array.from({ length: deltas }, (_, i) => ({ type: "text-delta" as const, id: "t", delta: `word${i} ` })),
          { type: "text-end", id: "t" },
          {
            type: "finish",
            finishReason: { unified: "stop", raw: "stop" },
            usage: {
              inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
              outputTokens: { total: 1, text: 1, reasoning: 0 },
            },
          },
        ],
      }),
    }),
  });
  const sdk = async () => {
    const result = streamText({ model, messages: [{ role: "user", content: "hi" }], stopWhen: isStepCount(10) });
    await consumeStream({ stream: result.toUIMessageStream() });
  };
  await cpuPerRun(300, sdk);
  console.log(
    `AI SDK alone (streamText → toUIMessageStream, mock model, ${deltas} text chunks): ${(await cpuPerRun(2000, sdk)).toFixed(2)} ms CPU per turn`,
  );
}
process.exit(0);
