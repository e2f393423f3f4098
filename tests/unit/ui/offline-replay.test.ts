/**
 * Replaying offline changes (lib/ui/offline-replay.ts) against a small in-memory server that
 * honours Idempotency-Keys like the real one: order is kept, a task added offline gets its real
 * id for later changes, an interrupted replay resumes without applying anything twice, and
 * conflicts go to the later writer with a note.
 */
import { describe, expect, it } from "vitest";
import { replayChanges, type QueuedChange, type ReplayIO, type SendResult } from "@/lib/ui/offline-replay";
import type { Task } from "@/lib/ui/types";

function task(id: string, title: string, updatedAt: string, extra: Partial<Task> = {}): Task {
  return {
    id,
    title,
    updatedAt,
    status: "pending",
    description: "",
    priority: "medium",
    dueAt: null,
    completedAt: null,
    createdAt: updatedAt,
    ...extra,
  } as Task;
}

/** A server with tasks, answers stored per key, and a switch that drops the connection after n sends. */
function fakeServer(initial: Task[] = []) {
  const tasks = new Map(initial.map((t) => [t.id, t]));
  const answers = new Map<string, SendResult>();
  const applied: string[] = [];
  let clock = Date.parse("2030-01-01T12:00:00Z");
  let sendsLeft = Infinity;
  let next = 1;
  const send: ReplayIO["send"] = async (method, path, body, key) => {
    if (sendsLeft-- <= 0) return { status: 0, body: null };
    const stored = answers.get(key);
    if (stored) return stored;
    const id = path.split("/")[3];
    let result: SendResult;
    const now = new Date((clock += 1000)).toISOString();
    if (method === "POST") {
      const created = task(`real-${next++}`, String(body?.title), now);
      tasks.set(created.id, created);
      result = { status: 201, body: { task: created } };
    } else if (!id || !tasks.has(id)) {
      result = { status: 404, body: { code: "not_found:task", message: "Not found." } };
    } else if (method === "PATCH") {
      const updated = { ...tasks.get(id)!, ...(body as Partial<Task>), updatedAt: now };
      tasks.set(id, updated);
      result = { status: 200, body: { task: updated } };
    } else {
      tasks.delete(id);
      result = { status: 204, body: null };
    }
    if (result.status < 300) {
      answers.set(key, result);
      applied.push(`${method} ${id ?? ""}`.trim());
    }
    return result;
  };
  return {
    tasks,
    applied,
    dropAfter: (n: number) => {
      sendsLeft = n;
    },
    reconnect: () => {
      sendsLeft = Infinity;
    },
    io(queue: QueuedChange[]): ReplayIO {
      return {
        send,
        fetchTask: async (id) => (sendsLeft <= 0 ? undefined : (tasks.get(id) ?? null)),
        done: async (change) => {
          queue.splice(
            queue.findIndex((c) => c.seq === change.seq),
            1,
          );
        },
        update: async (change) => {
          const i = queue.findIndex((c) => c.seq === change.seq);
          if (i >= 0) queue[i] = { ...change };
        },
      };
    },
  };
}

const MADE = "2030-01-01T11:00:00.000Z";

describe("replaying offline changes", () => {
  it("adds a task offline, then completes it: one add, one completion, in order, on the real id", async () => {
    const server = fakeServer();
    const queue: QueuedChange[] = [
      { seq: 1, key: "k1", kind: "create", taskId: "temp-a", body: { title: "Buy gas" }, base: null, madeAt: MADE },
      {
        seq: 2,
        key: "k2",
        kind: "update",
        taskId: "temp-a",
        body: { status: "completed" },
        base: { title: "Buy gas", updatedAt: MADE },
        madeAt: MADE,
      },
    ];
    const outcome = await replayChanges([...queue], server.io(queue));
    expect(server.applied).toEqual(["POST", "PATCH real-1"]);
    expect(outcome.created.get("temp-a")?.id).toBe("real-1");
    expect(server.tasks.get("real-1")?.status).toBe("completed");
    expect(outcome.notes).toEqual([]);
    expect(queue).toEqual([]);
  });

  it("resumes an interrupted replay without applying anything twice", async () => {
    const server = fakeServer();
    const queue: QueuedChange[] = [
      { seq: 1, key: "k1", kind: "create", taskId: "temp-a", body: { title: "One" }, base: null, madeAt: MADE },
      { seq: 2, key: "k2", kind: "create", taskId: "temp-b", body: { title: "Two" }, base: null, madeAt: MADE },
      {
        seq: 3,
        key: "k3",
        kind: "update",
        taskId: "temp-b",
        body: { title: "Two!" },
        base: { title: "Two", updatedAt: MADE },
        madeAt: MADE,
      },
    ];
    server.dropAfter(1);
    const first = await replayChanges([...queue], server.io(queue));
    expect(first.interrupted).toBe(true);
    expect(queue.map((c) => c.seq)).toEqual([2, 3]);
    // The second add was sent but got no answer: it is marked sent and keeps its key.
    expect(queue[0]).toMatchObject({ sent: true, key: "k2" });
    server.reconnect();
    const second = await replayChanges([...queue], server.io(queue));
    expect(second.interrupted).toBe(false);
    expect(server.applied).toEqual(["POST", "POST", "PATCH real-2"]);
    expect([...server.tasks.values()].map((t) => t.title)).toEqual(["One", "Two!"]);
    expect(queue).toEqual([]);
  });

  it("a resend of a change whose answer was lost gets the stored answer, not a second change", async () => {
    const server = fakeServer([task("t1", "Walk", "2030-01-01T10:00:00.000Z")]);
    const change: QueuedChange = {
      seq: 1,
      key: "k1",
      kind: "update",
      taskId: "t1",
      body: { status: "completed" },
      base: { title: "Walk", updatedAt: "2030-01-01T10:00:00.000Z" },
      madeAt: MADE,
    };
    const queue = [change];
    await server.io(queue).send("PATCH", "/api/tasks/t1", change.body, "k1");
    // The answer never arrived: the change is still queued, marked sent.
    queue[0] = { ...change, sent: true };
    const outcome = await replayChanges([...queue], server.io(queue));
    expect(outcome.notes).toEqual([]);
    expect(server.applied).toEqual(["PATCH t1"]);
  });

  it("last writer wins: an offline change made after the other change is applied, with a note", async () => {
    const server = fakeServer([task("t1", "Changed elsewhere", "2030-01-01T10:30:00.000Z")]);
    const queue: QueuedChange[] = [
      {
        seq: 1,
        key: "k1",
        kind: "update",
        taskId: "t1",
        body: { title: "Mine" },
        base: { title: "Original", updatedAt: "2030-01-01T10:00:00.000Z" },
        madeAt: MADE,
      },
    ];
    const outcome = await replayChanges([...queue], server.io(queue));
    expect(server.tasks.get("t1")?.title).toBe("Mine");
    expect(outcome.notes).toEqual(["“Changed elsewhere” had been changed elsewhere; your later offline change replaced it."]);
  });

  it("last writer wins: an offline change made before the other change is dropped, with a note", async () => {
    const server = fakeServer([task("t1", "Newer elsewhere", "2030-01-01T11:30:00.000Z")]);
    const queue: QueuedChange[] = [
      {
        seq: 1,
        key: "k1",
        kind: "update",
        taskId: "t1",
        body: { title: "Mine" },
        base: { title: "Original", updatedAt: "2030-01-01T10:00:00.000Z" },
        madeAt: MADE,
      },
    ];
    const outcome = await replayChanges([...queue], server.io(queue));
    expect(server.tasks.get("t1")?.title).toBe("Newer elsewhere");
    expect(server.applied).toEqual([]);
    expect(outcome.notes).toEqual(["“Newer elsewhere” was changed elsewhere after your offline change; the newer change was kept."]);
    expect(queue).toEqual([]);
  });

  it("a change to a task deleted elsewhere is dropped with a note; a refused change too", async () => {
    const server = fakeServer([task("t2", "Keep", "2030-01-01T10:00:00.000Z")]);
    const queue: QueuedChange[] = [
      {
        seq: 1,
        key: "k1",
        kind: "update",
        taskId: "gone",
        body: { title: "x" },
        base: { title: "Gone", updatedAt: "2030-01-01T10:00:00.000Z" },
        madeAt: MADE,
      },
      { seq: 2, key: "k2", kind: "delete", taskId: "t2", base: { title: "Keep", updatedAt: "2030-01-01T10:00:00.000Z" }, madeAt: MADE },
    ];
    const outcome = await replayChanges([...queue], server.io(queue));
    expect(outcome.notes).toEqual(["“Gone” was deleted elsewhere, so your offline change to it was dropped."]);
    expect(server.tasks.has("t2")).toBe(false);
    expect(queue).toEqual([]);
  });
});
