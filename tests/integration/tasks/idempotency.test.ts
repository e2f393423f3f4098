/**
 * `Idempotency-Key` on task writes (docs/api.md): a replayed write answers as the first did and
 * changes nothing again (one task, one activity row), keys belong to one user, a key reused for
 * another request is refused, a failed write leaves the key free, and a key older than 24 h
 * starts over. Real route handlers on the real database, two users.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/tasks/route";
import { DELETE as deleteRoute, PATCH as patchRoute } from "@/app/api/tasks/[id]/route";
import { getDb } from "@/lib/db";
import { pruneExpiredIdempotencyKeys } from "@/lib/http/idempotency";
import type { TaskView } from "@/lib/tasks/schema";
import { apiRequest, createTestUser, params, type TestUser } from "../helpers";

const none = { params: Promise.resolve({}) };

function create(user: TestUser, body: Record<string, unknown>, key?: string) {
  return createRoute(apiRequest("/api/tasks", { body, headers: { ...user.auth, ...(key ? { "idempotency-key": key } : {}) } }), none);
}

function patch(user: TestUser, id: string, body: Record<string, unknown>, key?: string) {
  return patchRoute(
    apiRequest(`/api/tasks/${id}`, { method: "PATCH", body, headers: { ...user.auth, ...(key ? { "idempotency-key": key } : {}) } }),
    params({ id }),
  );
}

function remove(user: TestUser, id: string, key?: string) {
  return deleteRoute(
    apiRequest(`/api/tasks/${id}`, { method: "DELETE", headers: { ...user.auth, ...(key ? { "idempotency-key": key } : {}) } }),
    params({ id }),
  );
}

async function tasksTitled(user: TestUser, title: string) {
  return getDb().task.findMany({ where: { userId: user.user.id, title } });
}

describe("Idempotency-Key on task writes", () => {
  let ada: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    ada = await createTestUser("ada");
    bob = await createTestUser("bob");
  });

  it("creates once: the same key again answers the first answer and adds nothing", async () => {
    const key = randomUUID();
    const first = await create(ada, { title: "Buy stamps" }, key);
    expect(first.status).toBe(201);
    const firstBody = (await first.json()) as { task: TaskView };
    const again = await create(ada, { title: "Buy stamps" }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("x-request-id")).toBe(first.headers.get("x-request-id"));
    expect(await again.json()).toEqual(firstBody);
    expect(await tasksTitled(ada, "Buy stamps")).toHaveLength(1);
    const activity = await getDb().taskActivity.findMany({ where: { userId: ada.user.id, taskId: firstBody.task.id } });
    expect(activity).toHaveLength(1);
  });

  it("applies concurrent requests with one key once", async () => {
    const key = randomUUID();
    const answers = await Promise.all([0, 1, 2].map(() => create(ada, { title: "Call the plumber" }, key)));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { task: TaskView }).task.id));
    expect(new Set(ids).size).toBe(1);
    expect(await tasksTitled(ada, "Call the plumber")).toHaveLength(1);
  });

  it("without a key, every request is a new write", async () => {
    await create(ada, { title: "Water plants" });
    await create(ada, { title: "Water plants" });
    expect(await tasksTitled(ada, "Water plants")).toHaveLength(2);
  });

  it("scopes keys per user: another user's key is their own", async () => {
    const key = randomUUID();
    const adaRes = await create(ada, { title: "Shared key task" }, key);
    const bobRes = await create(bob, { title: "Shared key task" }, key);
    expect(adaRes.status).toBe(201);
    expect(bobRes.status).toBe(201);
    expect(bobRes.headers.get("idempotent-replayed")).toBeNull();
    const bobTask = ((await bobRes.json()) as { task: TaskView }).task;
    const adaTask = ((await adaRes.json()) as { task: TaskView }).task;
    expect(bobTask.id).not.toBe(adaTask.id);
    expect(await tasksTitled(bob, "Shared key task")).toHaveLength(1);
    expect(await tasksTitled(ada, "Shared key task")).toHaveLength(1);
    // Bob replaying Ada's key never sees Ada's answer.
    const bobAgain = await create(bob, { title: "Shared key task" }, key);
    expect(((await bobAgain.json()) as { task: TaskView }).task.id).toBe(bobTask.id);
  });

  it("refuses a key reused for a different body, path or method, and changes nothing", async () => {
    const key = randomUUID();
    const first = await create(ada, { title: "Pay rent" }, key);
    const task = ((await first.json()) as { task: TaskView }).task;
    const other = await create(ada, { title: "Pay rent twice" }, key);
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ code: "conflict:idempotency" });
    expect(await tasksTitled(ada, "Pay rent twice")).toHaveLength(0);
    const asPatch = await patch(ada, task.id, { title: "Pay rent" }, key);
    expect(asPatch.status).toBe(409);
    // The same body with its keys in another order is the same request.
    const key2 = randomUUID();
    await create(ada, { title: "Order check", priority: "high" }, key2);
    const reordered = await createRoute(
      apiRequest("/api/tasks", {
        rawBody: '{"priority":"high","title":"Order check"}',
        headers: { ...ada.auth, "content-type": "application/json", "idempotency-key": key2 },
      }),
      none,
    );
    expect(reordered.status).toBe(201);
    expect(await tasksTitled(ada, "Order check")).toHaveLength(1);
  });

  it("completes, edits and deletes once", async () => {
    const task = ((await (await create(ada, { title: "Renew passport" })).json()) as { task: TaskView }).task;
    const completeKey = randomUUID();
    const done = await patch(ada, task.id, { status: "completed" }, completeKey);
    expect(done.status).toBe(200);
    // Reopened by someone else in between: the replayed completion must not complete it again.
    await patch(ada, task.id, { status: "pending" });
    const replay = await patch(ada, task.id, { status: "completed" }, completeKey);
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { task: TaskView }).task.status).toBe("completed");
    expect((await getDb().task.findUniqueOrThrow({ where: { id: task.id } })).status).toBe("pending");

    const deleteKey = randomUUID();
    expect((await remove(ada, task.id, deleteKey)).status).toBe(204);
    const deleteAgain = await remove(ada, task.id, deleteKey);
    expect(deleteAgain.status).toBe(204);
    expect(deleteAgain.headers.get("idempotent-replayed")).toBe("true");
    // Without the key, a second delete is a new request: the task is gone.
    expect((await remove(ada, task.id)).status).toBe(404);
  });

  it("keeps the key free when the write failed (nothing changed)", async () => {
    const key = randomUUID();
    const missing = randomUUID();
    expect((await patch(ada, missing, { title: "x" }, key)).status).toBe(404);
    const task = ((await (await create(ada, { title: "After a failure" }, key)).json()) as { task: TaskView }).task;
    expect(task.title).toBe("After a failure");
    // Bob cannot use his key to touch Ada's task, and the failure stores nothing under it.
    const bobKey = randomUUID();
    expect((await patch(bob, task.id, { title: "Bob was here" }, bobKey)).status).toBe(404);
    expect((await getDb().task.findUniqueOrThrow({ where: { id: task.id } })).title).toBe("After a failure");
  });

  it("answers 400 for a key that is not a UUID", async () => {
    const res = await create(ada, { title: "Bad key" }, "not-a-uuid");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "bad_request:idempotency" });
    expect(await tasksTitled(ada, "Bad key")).toHaveLength(0);
  });

  it("forgets a key after 24 hours: it is then a new write", async () => {
    const key = randomUUID();
    await create(ada, { title: "Old key" }, key);
    await getDb().idempotencyKey.update({
      where: { userId_key: { userId: ada.user.id, key } },
      data: { createdAt: new Date(Date.now() - 25 * 3600_000) },
    });
    const later = await create(ada, { title: "Old key" }, key);
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(await tasksTitled(ada, "Old key")).toHaveLength(2);

    const stale = randomUUID();
    await create(bob, { title: "Stale" }, stale);
    await getDb().idempotencyKey.update({
      where: { userId_key: { userId: bob.user.id, key: stale } },
      data: { createdAt: new Date(Date.now() - 25 * 3600_000) },
    });
    expect(await pruneExpiredIdempotencyKeys()).toBeGreaterThanOrEqual(1);
    expect(await getDb().idempotencyKey.findUnique({ where: { userId_key: { userId: bob.user.id, key: stale } } })).toBeNull();
    expect(await getDb().idempotencyKey.findUnique({ where: { userId_key: { userId: ada.user.id, key } } })).not.toBeNull();
  });
});
