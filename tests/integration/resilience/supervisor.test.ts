/**
 * The production supervisor (scripts/serve.ts) never gives up on its workers: however often they
 * die, a replacement is started after a bounded, growing pause; meanwhile /api/health reports
 * the service degraded (503), and healthy again once the deaths stop.
 */
import { afterEach, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { publishSupervisorReport, RestartPolicy } from "@/lib/supervisor";

describe("restart policy", () => {
  it("always restarts, with a growing pause capped at 30 s", () => {
    const policy = new RestartPolicy();
    const start = 1_000_000;
    const delays = Array.from({ length: 100 }, (_, i) => policy.onExit(start + i * 10));
    expect(delays.every((d) => Number.isFinite(d) && d > 0 && d <= 30_000)).toBe(true);
    expect(delays[1]!).toBeGreaterThan(delays[0]!);
    expect(delays.at(-1)).toBe(30_000);
    expect(policy.degraded(start + 1_000)).toBe(true);
    // A minute without deaths: healthy again, and the next death is replaced quickly.
    expect(policy.degraded(start + 61_000 + 1_000)).toBe(false);
    expect(policy.onExit(start + 200_000)).toBe(500);
  });

  it("is not degraded by a few deaths", () => {
    const policy = new RestartPolicy();
    for (let i = 0; i < 5; i++) policy.onExit(i * 1000);
    expect(policy.degraded(5000)).toBe(false);
  });
});

describe("health under the supervisor", () => {
  afterEach(() => publishSupervisorReport({ type: "talk-todo.supervisor", degraded: false, workers: 2, ready: 2, restartsLastMinute: 0 }));

  it("answers 503 degraded while workers keep dying, 200 when they are stable", async () => {
    publishSupervisorReport({ type: "talk-todo.supervisor", degraded: true, workers: 2, ready: 1, restartsLastMinute: 9 });
    const down = await health();
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({
      status: "degraded",
      db: "ok",
      model: "builtin",
      workers: { count: 2, ready: 1, restartsLastMinute: 9 },
    });

    publishSupervisorReport({ type: "talk-todo.supervisor", degraded: false, workers: 2, ready: 2, restartsLastMinute: 0 });
    const up = await health();
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ status: "ok", db: "ok" });
  });
});
