/**
 * On demand (TURN_CPU=1; a measurement, so it is skipped in the suite): the server CPU of a tool
 * turn against a text turn with the built-in model, in this process — `startTurn` read to its
 * end against the real database, "hi" and "add buy milk <n>" interleaved so the machine's load
 * weighs on both alike, CPU from process.cpuUsage(). Goal (issue 23): a tool turn ≤ 1.5× a text
 * turn. Knobs: TURN_CPU_N (200 pairs), TURN_CPU_REPS (3); TURN_CPU_PROFILE=<dir> also writes a
 * .cpuprofile of each kind (summarise with bench/profile-summary.mjs).
 *
 *   TURN_CPU=1 npx vitest run tests/integration/agent/turn-cpu.test.ts
 */
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import { randomUUID } from "node:crypto";
import { consumeStream } from "ai";
import { describe, expect, it } from "vitest";
import { startTurn } from "@/lib/agent/turn";
import { createUser } from "@/lib/auth/users";
import { setAgentEnv } from "./env";

const N = Number(process.env.TURN_CPU_N ?? "200");
const REPS = Number(process.env.TURN_CPU_REPS ?? "3");
type Kind = "hi" | "add";

describe.runIf(process.env.TURN_CPU)("server CPU of a tool turn against a text turn (built-in model)", () => {
  it("a tool turn costs at most 1.5× a text turn", async () => {
    setAgentEnv({ AI_PROVIDER: "builtin" });
    const user = await createUser({ email: `cpu-${randomUUID()}@example.com`, password: "correct horse battery staple", name: "cpu" });
    let conversationId = randomUUID();
    const turn = async (i: number, kind: Kind) => {
      if (i % 10 === 0) conversationId = randomUUID();
      const text = kind === "hi" ? "hi" : `add buy milk ${i}`;
      const t = await startTurn({
        user: { id: user.id, timezone: "UTC" },
        conversationId,
        requestId: randomUUID(),
        input: { kind: "message", text },
      });
      await consumeStream({ stream: t.stream });
      const outcome = await t.outcome;
      expect(outcome.status).toBe("completed");
      expect(outcome.toolCalls.length).toBe(kind === "add" ? 1 : 0);
    };
    const cpuOf = async (i: number, kind: Kind) => {
      const before = process.cpuUsage();
      await turn(i, kind);
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1000;
    };
    for (let i = 0; i < 60; i++) await turn(i, i % 2 ? "hi" : "add"); // warm-up
    const ratios: number[] = [];
    for (let rep = 0; rep < REPS; rep++) {
      let hi = 0;
      let add = 0;
      for (let i = 0; i < N; i++) {
        hi += await cpuOf(2 * i, "hi");
        add += await cpuOf(2 * i + 1, "add");
      }
      ratios.push(add / hi);
      console.info(`text turn ${(hi / N).toFixed(2)} ms, tool turn ${(add / N).toFixed(2)} ms CPU: ratio ${(add / hi).toFixed(2)}`);
    }
    const dir = process.env.TURN_CPU_PROFILE;
    if (dir) {
      const session = new Session();
      session.connect();
      await session.post("Profiler.enable");
      for (const kind of ["hi", "add"] as const) {
        await session.post("Profiler.start");
        for (let i = 0; i < N; i++) await turn(i, kind);
        const { profile } = await session.post("Profiler.stop");
        fs.writeFileSync(`${dir}/${kind}.cpuprofile`, JSON.stringify(profile));
      }
    }
    expect(ratios.sort()[Math.floor(ratios.length / 2)]).toBeLessThanOrEqual(1.5);
  }, 900_000);
});
