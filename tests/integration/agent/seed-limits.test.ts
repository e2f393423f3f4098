/**
 * The seeds' limits reaching the model, through /api/agent on the real database: the max
 * output tokens (default 1024, bounded 64..32768) on every model call, and the turn timer
 * (AI_TURN_TIMEOUT_MS, default 30 s) ending a turn whose provider stalls.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as agentPOST } from "@/app/api/agent/route";
import { getAgentConfig } from "@/lib/agent/config";
import { FRIENDLY_MESSAGES } from "@/lib/agent/friendly-errors";
import { setModelOverrideForTests } from "@/lib/agent/models";
import { db } from "@/lib/db";
import { loadEnv, parseEnv } from "@/lib/env";
import { apiRequest, createTestUser, type TestUser } from "../helpers";
import { scriptedModel } from "../../fakes/scripted-model";
import { stallingModel } from "../../fakes/stalling-model";
import { setAgentEnv } from "./env";

let ada: TestUser;

beforeAll(async () => {
  setAgentEnv({});
  ada = await createTestUser("ada-limits");
});
afterEach(() => {
  setModelOverrideForTests(null);
  setAgentEnv({});
});
afterAll(() => setAgentEnv({}));

const agent = async (body: unknown) =>
  (await agentPOST(apiRequest("/api/agent", { headers: ada.auth, body }), undefined)).json() as Promise<Record<string, unknown>>;

describe("max output tokens", () => {
  it("the default, 1024, reaches every model call of a turn", async () => {
    expect(getAgentConfig(loadEnv()).maxOutputTokens).toBe(1024);
    const model = scriptedModel([{ calls: [{ name: "list_tasks", input: {} }] }, { text: "Nothing yet." }]);
    setModelOverrideForTests(model);
    await agent({ message: "what's on my list?" });
    expect(model.doStreamCalls.map((c) => c.maxOutputTokens)).toEqual([1024, 1024]);
  });

  it("AI_MAX_OUTPUT_TOKENS sets it; outside 64..32768 the configuration is refused", async () => {
    setAgentEnv({ AI_MAX_OUTPUT_TOKENS: "300" });
    const model = scriptedModel([{ text: "Hi." }]);
    setModelOverrideForTests(model);
    await agent({ message: "hi" });
    expect(model.doStreamCalls[0]!.maxOutputTokens).toBe(300);
    expect(() => parseEnv({ NODE_ENV: "test", AI_MAX_OUTPUT_TOKENS: "63" })).toThrow(/AI_MAX_OUTPUT_TOKENS/);
    expect(() => parseEnv({ NODE_ENV: "test", AI_MAX_OUTPUT_TOKENS: "32769" })).toThrow(/AI_MAX_OUTPUT_TOKENS/);
  });
});

describe("the turn timer", () => {
  it("is 30 s by default (seed: request timeout 30 s)", () => {
    expect(getAgentConfig(loadEnv()).turnTimeoutMs).toBe(30_000);
  });

  it("fires on a model that stalls: the call is aborted, the friendly timeout reply is saved, finishReason error", async () => {
    setAgentEnv({ AI_TURN_TIMEOUT_MS: "1000" });
    const model = stallingModel();
    setModelOverrideForTests(model);
    const started = Date.now();
    const body = await agent({ message: "hello?" });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1000);
    expect(elapsed).toBeLessThan(15_000);
    expect(model.aborted()).toBe(1);
    expect(body).toMatchObject({
      status: "error",
      finishReason: "error",
      error: "provider_timeout",
      response: FRIENDLY_MESSAGES.provider_timeout,
    });
    const run = await db.agentRun.findFirstOrThrow({ where: { conversationId: body.conversationId as string } });
    expect(run).toMatchObject({ status: "error", errorCode: "provider_timeout" });
  });
});
