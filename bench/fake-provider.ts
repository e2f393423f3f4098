/**
 * The project's fake OpenAI-compatible provider (tests/fakes/provider-server.ts) as a process of
 * its own for the benchmarks (bench/all.mjs), so that its CPU is measured apart from the
 * server's. Every request is answered with the same text, streamed in CHUNKS deltas over
 * STREAM_MS (the first event at once, the finish event STREAM_MS later). Prints one JSON line
 * `{"baseUrl": …}` when it listens; stops on SIGTERM or when its parent's stdin closes. A request
 * for the model `fake-fast` is answered at once (the same text, one chunk): the server's own
 * latency without the model's.
 *
 *   node --import tsx bench/fake-provider.ts      # STREAM_MS=2000 CHUNKS=10
 */
import { startFakeOpenAICompatible } from "../tests/fakes/provider-server";

const int = (name: string, fallback: number) => {
  const n = Number.parseInt(process.env[name] ?? "", 10);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
};
const STREAM_MS = int("STREAM_MS", 2000);
const CHUNKS = Math.max(1, int("CHUNKS", 10));

const TEXT =
  "Here is what I found on your list. You have three tasks due today: call the dentist, send the invoice to Maria, " +
  "and buy milk on the way home. Tomorrow looks lighter, with only the team review at ten. " +
  "Would you like me to move anything, or mark one of them as done?";

// Events: the role chunk, CHUNKS text chunks, the finish chunk; CHUNKS + 1 gaps in STREAM_MS.
const reply = { text: TEXT, chunks: CHUNKS, chunkIntervalMs: Math.max(1, Math.round(STREAM_MS / (CHUNKS + 1))) };
const fake = await startFakeOpenAICompatible([reply]);
fake.route = (body) => ((body as { model?: string } | null)?.model === "fake-fast" ? { text: TEXT } : undefined);
// The fake keeps every request for tests to inspect; a benchmark sends thousands.
setInterval(() => (fake.requests.length = 0), 1000).unref();
process.stdout.write(`${JSON.stringify({ baseUrl: fake.baseUrl, streamMs: STREAM_MS, chunks: CHUNKS })}\n`);

const stop = () => void fake.close().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.stdin.on("end", stop);
process.stdin.resume();
