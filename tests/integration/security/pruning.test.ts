/**
 * Rate counters, sign-up counters and sign-in back-off rows of past windows are deleted as
 * requests come in (even unauthenticated ones, which create such rows), while current windows
 * and running back-offs are kept.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { authorizeCredentials } from "@/lib/auth/sign-in";
import { db } from "@/lib/db";
import { pruneExpiredCounters } from "@/lib/rate-limit/prune";
import { createTestUser } from "../helpers";

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const minuteStart = (d: Date) => new Date(Math.floor(d.getTime() / MINUTE) * MINUTE);

async function seed(tag: string) {
  const { user } = await createTestUser(`prune-${tag}`);
  const now = new Date();
  await db.rateCounter.createMany({
    data: [
      { userId: user.id, bucket: "agent:minute", windowStart: minuteStart(ago(10 * MINUTE)), count: 3 }, // expired
      { userId: user.id, bucket: "write", windowStart: minuteStart(ago(60 * MINUTE)), count: 3 }, // expired
      { userId: user.id, bucket: "agent:day", windowStart: ago(3 * 86_400_000), count: 3 }, // expired
      { userId: user.id, bucket: "agent:minute", windowStart: minuteStart(now), count: 1 }, // current
      { userId: user.id, bucket: "agent:day", windowStart: new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000), count: 1 }, // current
    ],
  });
  await db.loginAttempt.createMany({
    data: [
      { key: `register:old-${tag}`, windowStart: ago(3 * 60 * MINUTE), count: 5 }, // expired
      { key: `register:now-${tag}`, windowStart: new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000), count: 1 }, // current
    ],
  });
  await db.signInBackoff.createMany({
    data: [
      { key: `email:quiet-${tag}`, attempts: 9, failures: 9, blockedUntil: ago(86_400_000), updatedAt: ago(2 * 86_400_000) }, // expired
      {
        key: `email:blocked-${tag}`,
        attempts: 9,
        failures: 9,
        blockedUntil: new Date(Date.now() + 3_600_000),
        updatedAt: ago(2 * 86_400_000),
      }, // still waiting
      { key: `email:recent-${tag}`, attempts: 2, failures: 2, updatedAt: ago(MINUTE) }, // recent
    ],
  });
  return {
    counters: () => db.rateCounter.findMany({ where: { userId: user.id }, select: { bucket: true }, orderBy: { bucket: "asc" } }),
    logins: () => db.loginAttempt.findMany({ where: { key: { endsWith: tag } }, select: { key: true } }),
    backoffs: () => db.signInBackoff.findMany({ where: { key: { endsWith: tag } }, select: { key: true }, orderBy: { key: "asc" } }),
  };
}

async function expectPruned(rows: Awaited<ReturnType<typeof seed>>, tag: string) {
  expect((await rows.counters()).map((r) => r.bucket)).toEqual(["agent:day", "agent:minute"]);
  expect((await rows.logins()).map((r) => r.key)).toEqual([`register:now-${tag}`]);
  expect((await rows.backoffs()).map((r) => r.key)).toEqual([`email:blocked-${tag}`, `email:recent-${tag}`]);
}

describe("pruning expired windows", () => {
  it("happens on its own when an unauthenticated request writes a counter", async () => {
    const tag = randomUUID();
    const rows = await seed(tag);
    expect(await rows.counters()).toHaveLength(5);
    // A sign-in attempt for an unknown account: it writes back-off rows, and prunes.
    expect(await authorizeCredentials({ email: `nobody-${tag}@example.com`, password: "wrong password" }, new Headers())).toBeNull();
    await expect.poll(async () => (await rows.counters()).length, { timeout: 10_000 }).toBe(2);
    await expectPruned(rows, tag);
  });

  it("deletes exactly the expired rows", async () => {
    const tag = randomUUID();
    const rows = await seed(tag);
    const result = await pruneExpiredCounters();
    // How many it reports is not asserted: a prune started by another request (the test above,
    // other files on the same database) may take some of these rows first. What must hold is
    // that afterwards exactly the expired rows are gone.
    expect(result).toEqual({ rateCounters: expect.any(Number), loginAttempts: expect.any(Number), signInBackoffs: expect.any(Number) });
    await expectPruned(rows, tag);
  });
});

describe("counters of longer windows", () => {
  it("keeps a window that is still running for the hourly and 15-minute user counters (verification mails, password re-entry), and prunes past ones", async () => {
    const { user } = await createTestUser("prune-long-windows");
    await db.rateCounter.createMany({
      data: [
        // Windows that started 10 minutes ago: past a minute bucket's horizon, inside their own.
        { userId: user.id, bucket: "verify-email", windowStart: ago(10 * MINUTE), count: 3 }, // per hour
        { userId: user.id, bucket: "password", windowStart: ago(10 * MINUTE), count: 5 }, // per 15 minutes
        { userId: user.id, bucket: "verify-email", windowStart: ago(3 * 60 * MINUTE), count: 3 }, // past
        { userId: user.id, bucket: "password", windowStart: ago(3 * 60 * MINUTE), count: 5 }, // past
      ],
    });
    await pruneExpiredCounters();
    const left = await db.rateCounter.findMany({
      where: { userId: user.id },
      select: { bucket: true, windowStart: true },
      orderBy: { bucket: "asc" },
    });
    expect(left.map((r) => r.bucket)).toEqual(["password", "verify-email"]);
    expect(left.every((r) => r.windowStart.getTime() > Date.now() - 60 * MINUTE)).toBe(true);
  });
});
