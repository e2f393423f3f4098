/**
 * The whole agent, no mocks: the production server with the built-in offline model, driven
 * through both endpoints. Add → list → complete the second one → delete with confirmation →
 * deny a delete; and the public conversation scenarios as a regression gate.
 */
import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { signUpAndIn } from "./fixtures";

type Task = { id: string; title: string; status: string };
type AgentAnswer = {
  conversationId: string;
  status: string;
  response: string;
  toolCalls: { toolName: string; success: boolean }[];
  pendingConfirmation: { id: string; toolName: string; prompt: string } | null;
};
type StreamChunk = { type: string; [key: string]: unknown };

async function tasks(request: APIRequestContext): Promise<Task[]> {
  return ((await (await request.get("/api/tasks")).json()) as { tasks: Task[] }).tasks;
}

async function agent(request: APIRequestContext, body: Record<string, unknown>): Promise<AgentAnswer> {
  const res = await request.post("/api/agent", { data: { timezone: "UTC", ...body } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as AgentAnswer;
}

/** One /api/chat turn, read to the end of the UI message stream. */
async function chat(request: APIRequestContext, body: Record<string, unknown>): Promise<{ chunks: StreamChunk[]; text: string }> {
  const res = await request.post("/api/chat", { data: body });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("text/event-stream");
  const chunks = (await res.text())
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)) as StreamChunk);
  const text = chunks
    .filter((c) => c.type === "text-delta")
    .map((c) => String(c.delta))
    .join("");
  return { chunks, text };
}

function userMessage(text: string) {
  return { id: randomUUID(), role: "user", parts: [{ type: "text", text }] };
}

test.describe("the agent end to end (built-in model)", () => {
  test("through /api/agent: add, list, complete the second one, delete with confirmation, deny a delete", async ({ request }) => {
    await signUpAndIn(request, "agent-json");
    let answer = await agent(request, { message: "add buy milk and call the plumber" });
    expect(answer.status).toBe("completed");
    const conversationId = answer.conversationId;
    expect((await tasks(request)).map((t) => t.title.toLowerCase()).sort()).toEqual(["buy milk", "call the plumber"]);

    answer = await agent(request, { conversationId, message: "show my tasks" });
    expect(answer.response).toMatch(/☐/);
    const listed = (await tasks(request)).filter((t) => t.status === "pending");
    expect(listed).toHaveLength(2);

    answer = await agent(request, { conversationId, message: "mark the second one as done" });
    const afterComplete = await tasks(request);
    expect(afterComplete.filter((t) => t.status === "completed")).toHaveLength(1);
    expect(answer.response).not.toContain(afterComplete[0]!.id);

    const before = await tasks(request);
    answer = await agent(request, { conversationId, message: "delete buy milk" });
    expect(answer.status).toBe("awaiting_confirmation");
    expect(answer.pendingConfirmation?.toolName).toBe("delete_task");
    expect(await tasks(request)).toEqual(before);
    answer = await agent(request, { conversationId, confirmation: { id: answer.pendingConfirmation!.id, approved: true } });
    expect((await tasks(request)).map((t) => t.title.toLowerCase())).toEqual(["call the plumber"]);

    answer = await agent(request, { conversationId, message: "remove the plumber task" });
    expect(answer.status).toBe("awaiting_confirmation");
    const pendingId = answer.pendingConfirmation!.id;
    answer = await agent(request, { conversationId, confirmation: { id: pendingId, approved: false } });
    expect(await tasks(request)).toHaveLength(1);
    // The same confirmation cannot be answered twice.
    const replay = await request.post("/api/agent", { data: { conversationId, confirmation: { id: pendingId, approved: true } } });
    expect(replay.status()).toBe(404);
    expect(await tasks(request)).toHaveLength(1);
  });

  test("through /api/chat: streamed tool activity, approval parts, and a typed yes", async ({ request }) => {
    await signUpAndIn(request, "agent-stream");
    const id = randomUUID();
    let turn = await chat(request, { id, message: userMessage("add water the plants today"), timezone: "UTC" });
    expect(turn.chunks.some((c) => c.type === "tool-input-available" && c.toolName === "add_task")).toBe(true);
    expect(turn.chunks.some((c) => c.type === "tool-output-available")).toBe(true);
    expect(turn.text.length).toBeGreaterThan(0);

    turn = await chat(request, { id, message: userMessage("delete water the plants"), timezone: "UTC" });
    const approval = turn.chunks.find((c) => c.type === "tool-approval-request");
    expect(approval).toBeDefined();
    // The server names the task it matched, for the confirmation card.
    const question = turn.chunks.find((c) => c.type === "data-confirmation") as { data?: { titles?: string[] } } | undefined;
    expect(question?.data?.titles?.map((t) => t.toLowerCase())).toEqual(["water the plants"]);
    expect(await tasks(request)).toHaveLength(1);

    turn = await chat(request, { id, confirmation: { id: approval!.approvalId, approved: false } });
    expect(await tasks(request)).toHaveLength(1);

    turn = await chat(request, { id, message: userMessage("delete water the plants"), timezone: "UTC" });
    expect(turn.chunks.some((c) => c.type === "tool-approval-request")).toBe(true);
    turn = await chat(request, { id, message: userMessage("yes"), timezone: "UTC" });
    expect(await tasks(request)).toHaveLength(0);

    const saved = (await (await request.get(`/api/conversations/${id}`)).json()) as { messages: { role: string }[] };
    expect(saved.messages.filter((m) => m.role === "user").length).toBeGreaterThanOrEqual(4);
  });

  // Every scenario passes or is listed, with its reason, in tests/evals/known-failures.txt;
  // a harmful one (a change the user did not ask for) always fails (tests/evals/run.mjs).
  // Our corpora (tests/evals/intents-corpus*.jsonl, one test a file) run over HTTP on the real
  // clock too: their expectations hold on any day, and the route's own checks are in the path.
  const corpora = readdirSync(path.resolve(process.cwd(), "tests/evals"))
    .filter((f) => /^intents-corpus.*\.jsonl$/.test(f))
    .sort()
    .map((f) => [`our corpus ${f} passes`, [`tests/evals/${f}`]] as const);
  for (const [name, files] of [
    [
      "the public conversation scenarios pass",
      ["tests/evals/intents-public.jsonl", "tests/evals/intents-public-v2.jsonl", "tests/evals/intents-public-v3.jsonl"],
    ],
    ["our own wider phrasing scenarios pass", ["tests/evals/intents-extra.jsonl"]],
    ["the organisation scenarios pass (lists, labels, subtasks)", ["tests/evals/intents-organise.jsonl"]],
    ...corpora,
  ] as const) {
    test(name, async ({ baseURL }) => {
      test.setTimeout(600_000);
      const runner = path.resolve(process.cwd(), "tests/evals/run.mjs");
      // Three users at a time, as a server meets them: about twice as fast as one after another on
      // two cores, so the whole corpus fits CI's time (docs/agent.md).
      const run = await promisify(execFile)("node", [runner, baseURL!, ...files.map((f) => path.resolve(process.cwd(), f))], {
        timeout: 580_000,
        env: { ...process.env, CONCURRENCY: "3" },
      }).catch((error: { stdout?: string; stderr?: string; code?: number }) => error);
      const output = `${run.stdout ?? ""}${run.stderr ?? ""}`;
      console.log(output);
      expect(output).toMatch(/intent eval: \d+\/\d+ scenarios pass/);
      expect("code" in run ? run.code : 0, output).toBe(0);
    });
  }
});
