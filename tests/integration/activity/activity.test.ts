/**
 * The activity log and undo, through the real routes on the real database: every surface
 * (REST with a token, the web UI's cookie, MCP, the agent) records its changes with actor and
 * request id; POST /api/undo reverts every kind of change, never overwrites a later one, reverts
 * nothing twice, and is scoped to its user.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { GET as activityRoute } from "@/app/api/activity/route";
import { POST as agentPOST } from "@/app/api/agent/route";
import { POST as chatPOST } from "@/app/api/chat/route";
import { POST as mcpPOST } from "@/app/api/mcp/route";
import { POST as createRoute } from "@/app/api/tasks/route";
import { DELETE as deleteRoute, GET as getRoute, PATCH as patchRoute } from "@/app/api/tasks/[id]/route";
import { POST as undoRoute } from "@/app/api/undo/route";
import type { ActivityView, UndoResult } from "@/lib/activity";
import { setModelOverrideForTests } from "@/lib/agent/models";
import { runTaskTool } from "@/lib/agent/tools/run";
import { loadMessages } from "@/lib/conversations";
import { db } from "@/lib/db";
import { loadEnv } from "@/lib/env";
import type { TaskView } from "@/lib/tasks/schema";
import { apiRequest, createTestUser, params, type TestUser } from "../helpers";
import { serveHandler } from "../http-server";
import { scriptedModel } from "../../fakes/scripted-model";
import { setAgentEnv } from "../agent/env";

const none = { params: Promise.resolve({}) };

let ada: TestUser;
let babbage: TestUser;

beforeAll(async () => {
  setAgentEnv({});
  ada = await createTestUser("ada-activity");
  babbage = await createTestUser("babbage-activity");
});
afterEach(() => setModelOverrideForTests(null));
afterAll(() => setAgentEnv({}));

type Headers = Record<string, string>;

async function create(
  user: TestUser,
  body: Record<string, unknown>,
  headers: Headers = {},
): Promise<{ task: TaskView; requestId: string }> {
  const res = await createRoute(apiRequest("/api/tasks", { body, headers: { ...user.auth, ...headers } }), none);
  expect(res.status).toBe(201);
  return { task: ((await res.json()) as { task: TaskView }).task, requestId: res.headers.get("x-request-id")! };
}

async function patch(user: TestUser, id: string, body: Record<string, unknown>): Promise<{ task: TaskView; requestId: string }> {
  const res = await patchRoute(apiRequest(`/api/tasks/${id}`, { method: "PATCH", body, headers: user.auth }), params({ id }));
  expect(res.status).toBe(200);
  return { task: ((await res.json()) as { task: TaskView }).task, requestId: res.headers.get("x-request-id")! };
}

async function remove(user: TestUser, id: string): Promise<string> {
  const res = await deleteRoute(apiRequest(`/api/tasks/${id}`, { method: "DELETE", headers: user.auth }), params({ id }));
  expect(res.status).toBe(204);
  return res.headers.get("x-request-id")!;
}

async function get(user: TestUser, id: string): Promise<TaskView | null> {
  const res = await getRoute(apiRequest(`/api/tasks/${id}`, { headers: user.auth }), params({ id }));
  return res.status === 200 ? ((await res.json()) as { task: TaskView }).task : null;
}

async function activity(user: TestUser, query = ""): Promise<{ activity: ActivityView[]; nextCursor: string | null }> {
  const res = await activityRoute(apiRequest(`/api/activity${query}`, { headers: user.auth }), none);
  expect(res.status).toBe(200);
  return (await res.json()) as { activity: ActivityView[]; nextCursor: string | null };
}

async function undo(user: TestUser, requestId: string, headers: Headers = {}): Promise<Response> {
  return undoRoute(apiRequest("/api/undo", { body: { requestId }, headers: { ...user.auth, ...headers } }), none);
}

async function undoOk(user: TestUser, requestId: string): Promise<UndoResult> {
  const res = await undo(user, requestId);
  expect(res.status).toBe(200);
  return (await res.json()) as UndoResult;
}

/** The task as it is, without updatedAt (which every write bumps). */
const state = (task: TaskView | null) => (task ? { ...task, updatedAt: undefined } : null);

describe("activity is recorded for every surface", () => {
  it("REST with a token: actor api, the caller's X-Request-Id (echoed), before/after as the API shows them", async () => {
    const { task, requestId } = await create(ada, { title: "Pay rent" }, { "x-request-id": "rest-create-1" });
    expect(requestId).toBe("rest-create-1");
    const changed = await patch(ada, task.id, { title: "Pay the rent", priority: "high" });
    expect(changed.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const deleted = await remove(ada, task.id);
    // A malformed X-Request-Id is replaced by a fresh one (and that one is returned).
    const odd = await create(ada, { title: "Odd id" }, { "x-request-id": "not a valid id!" });
    expect(odd.requestId).toMatch(/^[0-9a-f-]{36}$/);

    const { activity: rows } = await activity(ada);
    const mine = rows.filter((r) => r.taskId === task.id);
    expect(mine.map((r) => [r.action, r.actor, r.requestId])).toEqual([
      ["deleted", "api", deleted],
      ["updated", "api", changed.requestId],
      ["created", "api", "rest-create-1"],
    ]);
    expect(mine[2]).toMatchObject({ before: null, after: task });
    expect(mine[1]).toMatchObject({ before: task, after: changed.task });
    expect(mine[0]).toMatchObject({ before: changed.task, after: null });
    expect(Date.parse(mine[0]!.at)).not.toBeNaN();
  });

  it("the web UI's session cookie: actor app", async () => {
    const secret = loadEnv().AUTH_SECRET!;
    const cookie = `authjs.session-token=${await encode({ token: { sub: ada.user.id }, secret, salt: "authjs.session-token", maxAge: 3600 })}`;
    const res = await createRoute(
      apiRequest("/api/tasks", {
        body: { title: "From the panel" },
        headers: { cookie, origin: "http://localhost:3000", host: "localhost:3000" },
      }),
      none,
    );
    expect(res.status).toBe(201);
    const requestId = res.headers.get("x-request-id")!;
    const { activity: rows } = await activity(ada, `?requestId=${requestId}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: "app", action: "created", requestId });
  });

  it("MCP: actor mcp, one request id per tool call", async () => {
    const served = await serveHandler((request) => mcpPOST(request));
    const client = new Client({ name: "activity-test", version: "1.0.0" });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(`${served.url}/api/mcp`), { requestInit: { headers: ada.auth } }));
      const added = (await client.callTool({ name: "add_task", arguments: { title: "MCP errand" } })) as unknown as {
        structuredContent: { task: TaskView };
      };
      await client.callTool({ name: "complete_task", arguments: { task: added.structuredContent.task.id } });
      const rows = (await activity(ada)).activity.filter((r) => r.taskId === added.structuredContent.task.id);
      expect(rows.map((r) => [r.action, r.actor])).toEqual([
        ["completed", "mcp"],
        ["created", "mcp"],
      ]);
      expect(rows[0]!.requestId).toBeTruthy();
      expect(rows[0]!.requestId).not.toBe(rows[1]!.requestId);
    } finally {
      await client.close();
      await served.close();
    }
  });

  it("the agent: actor agent with the turn's request id; /api/agent says undoable", async () => {
    setModelOverrideForTests(
      scriptedModel([{ calls: [{ name: "add_task", input: { title: "Agent errand" } }] }, { text: "Added 'Agent errand'." }]),
    );
    const res = await agentPOST(
      apiRequest("/api/agent", { headers: ada.auth, body: { message: "add agent errand", requestId: "turn-activity-1" } }),
      undefined,
    );
    const body = (await res.json()) as { undoable: boolean };
    expect(body.undoable).toBe(true);
    const { activity: rows } = await activity(ada, "?requestId=turn-activity-1");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: "agent", action: "created", requestId: "turn-activity-1", after: { title: "Agent errand" } });

    setModelOverrideForTests(scriptedModel([{ text: "Hello!" }]));
    const quiet = (await (await agentPOST(apiRequest("/api/agent", { headers: ada.auth, body: { message: "hi" } }), undefined)).json()) as {
      undoable: boolean;
    };
    expect(quiet.undoable).toBe(false);
  });

  it("a write that changes nothing is not recorded", async () => {
    const { task } = await create(ada, { title: "Already done", priority: "low" });
    await patch(ada, task.id, { status: "completed" });
    const again = await patch(ada, task.id, { status: "completed" });
    expect((await activity(ada, `?requestId=${again.requestId}`)).activity).toEqual([]);
  });

  it("pages newest first with a cursor; a bad cursor or limit is a 400", async () => {
    const user = await createTestUser("pager");
    for (const title of ["one", "two", "three"]) await create(user, { title });
    const first = await activity(user, "?limit=2");
    expect(first.activity.map((r) => r.after?.title)).toEqual(["three", "two"]);
    const second = await activity(user, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.activity.map((r) => r.after?.title)).toEqual(["one"]);
    expect(second.nextCursor).toBeNull();
    for (const query of ["?cursor=nope", "?limit=0", "?limit=101", "?requestId=bad%20id", "?userId=x"]) {
      const res = await activityRoute(apiRequest(`/api/activity${query}`, { headers: user.auth }), none);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: expect.stringMatching(/^bad_request:/) });
    }
  });
});

describe("POST /api/undo", () => {
  it("undoes a creation: the task is gone; the undo is recorded under its own request id", async () => {
    const { task, requestId } = await create(ada, { title: "Oops" });
    const res = await undo(ada, requestId, { "x-request-id": "undo-of-create" });
    expect(res.headers.get("x-request-id")).toBe("undo-of-create");
    expect(await res.json()).toEqual({
      reverted: 1,
      changes: [{ taskId: task.id, title: "Oops", action: "deleted" }],
      skipped: [],
      alreadyUndone: false,
    });
    expect(await get(ada, task.id)).toBeNull();
    const { activity: rows } = await activity(ada, "?requestId=undo-of-create");
    expect(rows).toMatchObject([{ action: "deleted", actor: "api", undoOf: requestId, taskId: task.id }]);
    expect((await activity(ada, `?requestId=${requestId}`)).activity[0]!.undoneBy).toBe("undo-of-create");
  });

  it("undoes an edit, a completion and a reopening: fields go back to their before values", async () => {
    const { task } = await create(ada, { title: "Draft", description: "v1", dueAt: "2031-03-01" });
    const edit = await patch(ada, task.id, { title: "Final", description: "v2", priority: "high", dueAt: null });
    expect((await undoOk(ada, edit.requestId)).reverted).toBe(1);
    expect(state(await get(ada, task.id))).toEqual(state(task));

    const done = await patch(ada, task.id, { status: "completed" });
    expect(done.task.completedAt).not.toBeNull();
    expect((await undoOk(ada, done.requestId)).changes).toEqual([{ taskId: task.id, title: "Draft", action: "reopened" }]);
    expect(state(await get(ada, task.id))).toEqual(state(task));

    const completed = await patch(ada, task.id, { status: "completed" });
    const reopened = await patch(ada, task.id, { status: "pending" });
    expect((await undoOk(ada, reopened.requestId)).changes[0]!.action).toBe("completed");
    expect(state(await get(ada, task.id))).toEqual(state(completed.task));
  });

  it("undoes completing a repeating task: it goes back to the occurrence it was on", async () => {
    const { task } = await create(ada, { title: "Water the ferns", recurrence: "FREQ=WEEKLY", dueAt: "2031-02-03T09:00:00Z" });
    const done = await patch(ada, task.id, { status: "completed" });
    expect(done.task).toMatchObject({ status: "pending", dueAt: "2031-02-10T09:00:00.000Z" });
    expect(done.task.lastCompletedAt).not.toBeNull();
    expect((await activity(ada, `?requestId=${done.requestId}`)).activity[0]!.action).toBe("completed");
    expect((await undoOk(ada, done.requestId)).changes).toEqual([{ taskId: task.id, title: "Water the ferns", action: "reopened" }]);
    expect(state(await get(ada, task.id))).toEqual(state(task));
  });

  it("undoes a deletion: the task comes back with its id, creation time and fields", async () => {
    const { task } = await create(ada, { title: "Keep me", description: "important", priority: "high", dueAt: "2031-05-05T10:00:00Z" });
    const completed = await patch(ada, task.id, { status: "completed" });
    const requestId = await remove(ada, task.id);
    expect(await get(ada, task.id)).toBeNull();
    const result = await undoOk(ada, requestId);
    expect(result).toMatchObject({ reverted: 1, changes: [{ taskId: task.id, action: "created" }], skipped: [] });
    expect(state(await get(ada, task.id))).toEqual(state(completed.task));
  });

  it("undoes a bulk change (complete_tasks, delete_tasks) of one request, all tasks at once", async () => {
    const tasks = await Promise.all(["Bulk A", "Bulk B", "Bulk C"].map(async (title) => (await create(ada, { title })).task));
    const ids = tasks.map((t) => t.id);
    const ctx = { userId: ada.user.id, timeZone: "UTC", actor: "agent" as const, requestId: "bulk-complete-1" };
    expect((await runTaskTool("complete_tasks", { ids }, ctx)).ok).toBe(true);
    expect((await runTaskTool("delete_tasks", { ids: ids.slice(0, 2) }, { ...ctx, requestId: "bulk-delete-1" })).ok).toBe(true);

    expect((await undoOk(ada, "bulk-delete-1")).reverted).toBe(2);
    for (const id of ids) expect((await get(ada, id))?.status).toBe("completed");
    expect((await undoOk(ada, "bulk-complete-1")).reverted).toBe(3);
    for (const task of tasks) expect(state(await get(ada, task.id))).toEqual(state(task));
  });

  it("undoes a bulk re-schedule and re-prioritise (update_tasks)", async () => {
    const tasks = await Promise.all(["Shift A", "Shift B"].map(async (title) => (await create(ada, { title, dueAt: "2031-01-10" })).task));
    const ctx = { userId: ada.user.id, timeZone: "UTC", actor: "agent" as const, requestId: "bulk-shift-1" };
    const result = await runTaskTool("update_tasks", { ids: tasks.map((t) => t.id), shiftDays: 2 }, ctx);
    expect(result.ok).toBe(true);
    for (const task of tasks) expect((await get(ada, task.id))?.dueAt).toBe("2031-01-12T23:59:59.999Z");
    expect((await undoOk(ada, "bulk-shift-1")).reverted).toBe(2);
    for (const task of tasks) expect(state(await get(ada, task.id))).toEqual(state(task));
  });

  it("reverts several changes of one request newest first (edit then delete of the same task)", async () => {
    const { task } = await create(ada, { title: "Twice touched" });
    const ctx = { userId: ada.user.id, timeZone: "UTC", actor: "agent" as const, requestId: "two-steps-1" };
    await runTaskTool("update_task", { task: task.id, title: "Renamed once" }, ctx);
    await runTaskTool("delete_task", { task: task.id }, ctx);
    const result = await undoOk(ada, "two-steps-1");
    expect(result).toMatchObject({ reverted: 1, skipped: [] });
    expect(state(await get(ada, task.id))).toEqual(state(task));
  });

  it("never overwrites a later change: that task is skipped and named, the others are reverted", async () => {
    const a = (await create(ada, { title: "Call mum" })).task;
    const b = (await create(ada, { title: "Call dad" })).task;
    const ctx = { userId: ada.user.id, timeZone: "UTC", actor: "agent" as const, requestId: "turn-later-edit" };
    await runTaskTool("complete_tasks", { ids: [a.id, b.id] }, ctx);
    const later = await patch(ada, a.id, { title: "Call mum on Sunday" });

    const result = await undoOk(ada, "turn-later-edit");
    expect(result.reverted).toBe(1);
    expect(result.skipped).toEqual([{ taskId: a.id, title: "Call mum on Sunday", reason: expect.stringMatching(/changed/) }]);
    expect(state(await get(ada, a.id))).toEqual(state(later.task));
    expect((await get(ada, b.id))?.status).toBe("pending");

    // A task deleted since is skipped too.
    const c = (await create(ada, { title: "Water plants" })).task;
    const edit = await patch(ada, c.id, { priority: "high" });
    await remove(ada, c.id);
    const gone = await undoOk(ada, edit.requestId);
    expect(gone).toMatchObject({ reverted: 0, skipped: [{ taskId: c.id, reason: expect.stringMatching(/deleted/) }] });
    expect(await get(ada, c.id)).toBeNull();
  });

  it("undoing twice reverts nothing the second time; undoing the undo redoes", async () => {
    const { task } = await create(ada, { title: "Ping Alice" });
    const edit = await patch(ada, task.id, { title: "Ping Alice and Bob" });
    const first = await undo(ada, edit.requestId, { "x-request-id": "undo-twice-1" });
    expect(((await first.json()) as UndoResult).reverted).toBe(1);
    expect(await undoOk(ada, edit.requestId)).toEqual({ reverted: 0, changes: [], skipped: [], alreadyUndone: true });
    expect((await get(ada, task.id))?.title).toBe("Ping Alice");
    expect((await undoOk(ada, "undo-twice-1")).reverted).toBe(1);
    expect((await get(ada, task.id))?.title).toBe("Ping Alice and Bob");
  });

  it("two undos of the same request at once: exactly one reverts", async () => {
    const tasks = await Promise.all(["Race A", "Race B", "Race C"].map(async (title) => (await create(ada, { title })).task));
    const ctx = { userId: ada.user.id, timeZone: "UTC", actor: "agent" as const, requestId: "race-delete-1" };
    await runTaskTool("delete_tasks", { ids: tasks.map((t) => t.id) }, ctx);
    const results = await Promise.all([undoOk(ada, "race-delete-1"), undoOk(ada, "race-delete-1")]);
    expect(results.map((r) => r.reverted).sort()).toEqual([0, 3]);
    // The second waited for the first and found everything undone (nothing "changed since").
    expect(results.flatMap((r) => r.skipped)).toEqual([]);
    expect(results.map((r) => r.alreadyUndone).sort()).toEqual([false, true]);
    for (const task of tasks) expect(state(await get(ada, task.id))).toEqual(state(task));
    expect((await activity(ada, "?requestId=race-delete-1")).activity.every((r) => r.undoneBy !== null)).toBe(true);
  });

  it("another user's or an unknown request id is 404; another user's activity is invisible", async () => {
    const { task, requestId } = await create(ada, { title: "Ada's secret" });
    const stolen = await undo(babbage, requestId);
    expect(stolen.status).toBe(404);
    expect(await stolen.json()).toEqual({ code: "not_found:activity", message: expect.any(String) });
    expect((await undo(ada, `unknown-${randomUUID()}`)).status).toBe(404);
    expect(await get(ada, task.id)).not.toBeNull();

    await create(babbage, { title: "Babbage's own" });
    const seen = await activity(babbage);
    expect(seen.activity.length).toBeGreaterThan(0);
    expect(seen.activity.every((r) => r.taskId !== task.id)).toBe(true);
    expect(JSON.stringify(seen)).not.toContain("Ada's secret");
    expect((await activity(babbage, `?requestId=${requestId}`)).activity).toEqual([]);
  });

  it("a bad body is a 400", async () => {
    for (const body of [{}, { requestId: "" }, { requestId: "a b" }, { requestId: "x", extra: 1 }]) {
      const res = await undoRoute(apiRequest("/api/undo", { body, headers: ada.auth }), none);
      expect(res.status).toBe(400);
    }
  });
});

describe("undo in the chat (undo_last_turn)", () => {
  const turn = async (conversationId: string, message: string, requestId: string) =>
    (await (
      await agentPOST(apiRequest("/api/agent", { headers: ada.auth, body: { conversationId, message, requestId } }), undefined)
    ).json()) as {
      response: string;
      toolCalls: { toolName: string; output: { ok: boolean; message?: string; reverted?: number } }[];
      undoable: boolean;
      status: string;
      pendingConfirmation: { id: string; prompt: string } | null;
    };
  const confirm = async (conversationId: string, id: string) =>
    (await (
      await agentPOST(
        apiRequest("/api/agent", { headers: ada.auth, body: { conversationId, confirmation: { id, approved: true } } }),
        undefined,
      )
    ).json()) as Awaited<ReturnType<typeof turn>>;

  it("reverts the conversation's previous turn that changed tasks, then the one before; says when there is nothing left", async () => {
    const conversationId = randomUUID();
    const first = randomUUID();
    const second = randomUUID();
    setModelOverrideForTests(scriptedModel([{ calls: [{ name: "add_task", input: { title: "Chat undo one" } }] }, { text: "Added." }]));
    await turn(conversationId, "add chat undo one", first);
    setModelOverrideForTests(
      scriptedModel([{ calls: [{ name: "update_task", input: { task: "Chat undo one", priority: "high" } }] }, { text: "Done." }]),
    );
    await turn(conversationId, "make it high priority", second);
    setModelOverrideForTests(scriptedModel([{ text: "Nothing to do." }]));
    await turn(conversationId, "thanks", randomUUID());

    setModelOverrideForTests(scriptedModel([{ calls: [{ name: "undo_last_turn", input: {} }] }, { text: "Undone." }]));
    const undone = await turn(conversationId, "undo", randomUUID());
    expect(undone.toolCalls[0]!.output).toMatchObject({ ok: true, reverted: 1, message: "Undone: put back as it was 'Chat undo one'." });
    expect(undone.undoable).toBe(true);
    const { activity: rows } = await activity(ada, `?requestId=${first}`);
    expect((await get(ada, rows[0]!.taskId))?.priority).toBe("medium");

    // Undoing the turn that created the task removes it: like a delete, that waits for a yes (security case 48).
    setModelOverrideForTests(scriptedModel([{ calls: [{ name: "undo_last_turn", input: {} }] }, { text: "Undone." }]));
    const asked = await turn(conversationId, "undo that too", randomUUID());
    expect(asked).toMatchObject({
      status: "awaiting_confirmation",
      pendingConfirmation: { prompt: "Undo the last change? It removes 'Chat undo one'. (yes / no)" },
    });
    expect(await get(ada, rows[0]!.taskId)).not.toBeNull();
    const again = await confirm(conversationId, asked.pendingConfirmation!.id);
    expect(again.toolCalls.find((c) => c.toolName === "undo_last_turn")!.output).toMatchObject({
      ok: true,
      reverted: 1,
      message: "Undone: removed 'Chat undo one'.",
    });
    expect(await get(ada, rows[0]!.taskId)).toBeNull();

    setModelOverrideForTests(scriptedModel([{ calls: [{ name: "undo_last_turn", input: {} }] }, { text: "Nothing." }]));
    const nothing = await turn(conversationId, "undo", randomUUID());
    expect(nothing.toolCalls[0]!.output).toMatchObject({ ok: true, reverted: 0, message: expect.stringMatching(/nothing to undo/) });
  });

  it("a streamed reply carries its turn's request id in its metadata, kept with the saved message", async () => {
    setModelOverrideForTests(scriptedModel([{ calls: [{ name: "add_task", input: { title: "Streamed errand" } }] }, { text: "Added." }]));
    const id = randomUUID();
    const res = await chatPOST(
      apiRequest("/api/chat", {
        headers: { ...ada.auth, "x-request-id": "chat-turn-meta-1" },
        body: { id, message: { id: randomUUID(), role: "user", parts: [{ type: "text", text: "add streamed errand" }] } },
      }),
      undefined,
    );
    expect(res.headers.get("x-request-id")).toBe("chat-turn-meta-1");
    expect(await res.text()).toContain('"messageMetadata":{"requestId":"chat-turn-meta-1"}');
    const messages = await loadMessages({ conversationId: id });
    expect(messages[1]).toMatchObject({ role: "assistant", metadata: { requestId: "chat-turn-meta-1" } });
    expect((await activity(ada, "?requestId=chat-turn-meta-1")).activity).toMatchObject([{ actor: "agent", action: "created" }]);
  });

  it('with the built-in offline model: "undo" reverts the previous turn and says so', async () => {
    setModelOverrideForTests(null);
    const conversationId = randomUUID();
    const added = await turn(conversationId, "add renew the car insurance", randomUUID());
    expect(added.undoable).toBe(true);
    const taskId = (added.toolCalls.find((c) => c.toolName === "add_task")!.output as unknown as { task: TaskView }).task.id;
    const asked = await turn(conversationId, "undo that", randomUUID());
    expect(asked.status).toBe("awaiting_confirmation");
    expect(asked.response).toMatch(/Undo the last change\? It removes '.*car insurance'\. \(yes \/ no\)/i);
    const undone = await turn(conversationId, "yes", randomUUID());
    expect(undone.toolCalls.map((c) => c.toolName)).toEqual(["undo_last_turn"]);
    expect(undone.response).toMatch(/^Undone/);
    expect(await get(ada, taskId)).toBeNull();
    const again = await turn(conversationId, "take that back", randomUUID());
    expect(again.toolCalls.map((c) => c.toolName)).toEqual(["undo_last_turn"]);
    expect(again.response).toBe("There was nothing to undo.");
  });

  it("undoing a regenerated answer reverts only its own changes, never bringing back the replaced answer's", async () => {
    const user = await createTestUser("regen-undo");
    const ask = async (body: Record<string, unknown>) =>
      (await (await agentPOST(apiRequest("/api/agent", { headers: user.auth, body }), undefined)).json()) as {
        conversationId: string;
        requestId: string;
        undoable: boolean;
      };
    setModelOverrideForTests(scriptedModel([{ calls: [{ name: "add_task", input: { title: "Milk" } }] }, { text: "Added 'Milk'." }]));
    const first = await ask({ message: "add milk" });
    setModelOverrideForTests(
      scriptedModel([{ calls: [{ name: "add_task", input: { title: "Oat milk" } }] }, { text: "Added 'Oat milk'." }]),
    );
    const again = await ask({ conversationId: first.conversationId, regenerate: true });
    const list = async () => (await db.task.findMany({ where: { userId: user.user.id } })).map((t) => t.title).sort();
    expect(await list()).toEqual(["Oat milk"]);
    expect(again.undoable).toBe(true);
    const res = await undoRoute(apiRequest("/api/undo", { body: { requestId: again.requestId }, headers: user.auth }), none);
    expect(((await res.json()) as UndoResult).reverted).toBe(1);
    expect(await list()).toEqual([]);

    // In the chat, "undo" after a regenerate also reverts just the new answer.
    setModelOverrideForTests(scriptedModel([{ calls: [{ name: "add_task", input: { title: "Soy milk" } }] }, { text: "Added." }]));
    await ask({ conversationId: first.conversationId, message: "add soy milk" });
    setModelOverrideForTests(scriptedModel([{ calls: [{ name: "add_task", input: { title: "Rice milk" } }] }, { text: "Added." }]));
    await ask({ conversationId: first.conversationId, regenerate: true });
    expect(await list()).toEqual(["Rice milk"]);
    setModelOverrideForTests(scriptedModel([{ calls: [{ name: "undo_last_turn", input: {} }] }, { text: "Undone." }]));
    const asked = (await ask({ conversationId: first.conversationId, message: "undo" })) as unknown as {
      pendingConfirmation: { id: string; prompt: string };
    };
    expect(asked.pendingConfirmation.prompt).toBe("Undo the last change? It removes 'Rice milk'. (yes / no)");
    await ask({ conversationId: first.conversationId, confirmation: { id: asked.pendingConfirmation.id, approved: true } });
    expect(await list()).toEqual([]);
  });

  it("only undoes turns of its own conversation", async () => {
    const other = randomUUID();
    setModelOverrideForTests(
      scriptedModel([{ calls: [{ name: "add_task", input: { title: "Other conversation task" } }] }, { text: "Added." }]),
    );
    await turn(other, "add it", randomUUID());
    setModelOverrideForTests(scriptedModel([{ calls: [{ name: "undo_last_turn", input: {} }] }, { text: "Nothing." }]));
    const result = await turn(randomUUID(), "undo", randomUUID());
    expect(result.toolCalls[0]!.output).toMatchObject({ ok: true, reverted: 0 });
    expect(result.undoable).toBe(false);
  });
});

describe("undo and subtasks keep one level", () => {
  // A user of its own: the per-user write limit (a minute's window) is spent by the tests above.
  let ada: TestUser;
  beforeAll(async () => {
    ada = await createTestUser("subtask-undo");
  });

  it("undoing a move out of a parent, after the task got subtasks of its own, leaves it top-level; deleting the old parent loses nothing", async () => {
    const { task: parent } = await create(ada, { title: "Trip" });
    const { task: child } = await create(ada, { title: "Pack", parentId: parent.id });
    const { requestId: moved } = await patch(ada, child.id, { parentId: null });
    const { task: grandchild } = await create(ada, { title: "Passport", parentId: child.id });

    const result = await undoOk(ada, moved);
    // Putting Pack back under Trip would make Passport a second level of subtasks: Pack stays top-level.
    expect(result.skipped).toEqual([]);
    const pack = await get(ada, child.id);
    expect(pack?.parentId).toBeNull();
    expect((await get(ada, grandchild.id))?.parentId).toBe(child.id);
    expect(await db.task.count({ where: { userId: ada.user.id, parentId: { not: null }, parent: { parentId: { not: null } } } })).toBe(0);

    await remove(ada, parent.id);
    expect(await get(ada, child.id)).not.toBeNull();
    expect(await get(ada, grandchild.id)).not.toBeNull();
  });

  it("deleting a parent whose subtask has subtasks (data from before this rule) records every one, so undo brings them all back", async () => {
    const { task: top } = await create(ada, { title: "Move house" });
    const { task: middle } = await create(ada, { title: "Kitchen", parentId: top.id });
    const { task: bottom } = await create(ada, { title: "Plates" });
    await db.task.update({ where: { id: bottom.id }, data: { parentId: middle.id } }); // a second level, as old undo could make
    const requestId = await remove(ada, top.id);
    expect(await get(ada, bottom.id)).toBeNull();
    const result = await undoOk(ada, requestId);
    expect(result.changes.map((c) => c.title).sort()).toEqual(["Kitchen", "Move house", "Plates"]);
    expect(await get(ada, top.id)).not.toBeNull();
    expect(await get(ada, middle.id)).not.toBeNull();
    expect(await get(ada, bottom.id)).not.toBeNull();
  });
});
