/** Running agent turns in tests: a scripted model behind the real loop, tools and database. */
import { randomUUID } from "node:crypto";
import type { LanguageModel, UIMessageChunk } from "ai";
import { setModelOverrideForTests } from "@/lib/agent/models";
import type { TurnInput } from "@/lib/agent/request";
import { startTurn, type TurnOutcome } from "@/lib/agent/turn";
import type { SessionUser } from "@/lib/auth/users";
import { resetEnvForTests } from "@/lib/env";

// Loop tests run many turns per user; the rate limit has tests of its own.
process.env.RATE_LIMIT_PER_MINUTE = "100000";
process.env.RATE_LIMIT_PER_DAY = "1000000";
process.env.LOG_LEVEL ??= "warn";
resetEnvForTests();

export function setTestModel(model: LanguageModel | null): void {
  setModelOverrideForTests(model);
}

export async function readChunks(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const chunks: UIMessageChunk[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

export async function turn(
  user: SessionUser,
  input: TurnInput | string,
  options: { conversationId?: string; timeZone?: string; now?: Date; abortSignal?: AbortSignal } = {},
): Promise<TurnOutcome & { chunks: UIMessageChunk[] }> {
  const t = await startTurn({
    user,
    conversationId: options.conversationId ?? randomUUID(),
    requestId: `test-${randomUUID()}`,
    input: typeof input === "string" ? { kind: "message", text: input } : input,
    timeZone: options.timeZone,
    now: options.now,
    abortSignal: options.abortSignal,
  });
  const chunks = await readChunks(t.stream);
  return { ...(await t.outcome), chunks };
}
