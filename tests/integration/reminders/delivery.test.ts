/**
 * Reminders that reach a user whose app is closed: Web Push to a local push service that
 * decrypts every message (RFC 8291) and e-mail to the SMTP test server, sent by dispatcher
 * PROCESSES (tests/integration/reminders/dispatcher-process.ts) — two at once, and one killed
 * mid-send — each reminder arriving exactly once per channel. All dispatching tests live in this
 * one file (run in order), so that no other test's dispatcher takes their reminders.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import webpush from "web-push";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as createTaskRoute } from "@/app/api/tasks/route";
import { PATCH as updateTaskRoute } from "@/app/api/tasks/[id]/route";
import { PATCH as patchPreferences } from "@/app/api/account/preferences/route";
import { GET as listSubscriptionsRoute, POST as subscribeRoute } from "@/app/api/push/subscriptions/route";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { dispatchDueReminders, type DispatchOptions } from "@/lib/reminders/dispatcher";
import { dispatchAgendas } from "@/lib/reminders/agenda";
import { startSmtpServer } from "../accounts/smtp";
import { apiRequest, createTestUser, params, sessionCookie, type TestUser } from "../helpers";
import { startPushService, type Device } from "./push-service";

const none = { params: Promise.resolve({}) };
const ROOT = path.resolve(import.meta.dirname, "../../..");
const vapid = webpush.generateVAPIDKeys();
const SUBJECT = "mailto:reminders@example.com";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let push: Awaited<ReturnType<typeof startPushService>>;
let certFile: string;
const saved: Record<string, string | undefined> = {};
const children = new Set<ChildProcess>();

function setEnv(values: Record<string, string>) {
  for (const [key, value] of Object.entries(values)) {
    if (!(key in saved)) saved[key] = process.env[key];
    process.env[key] = value;
  }
  resetEnvForTests();
}

/** Starts a dispatcher process (its database connections named reminder-dispatcher-<name>); resolves once its loop runs. */
async function startDispatcher(name: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "tests/integration/reminders/dispatcher-process.ts"],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "test",
        REMINDER_POLL_MS: "200",
        NODE_EXTRA_CA_CERTS: certFile,
        LOG_LEVEL: "warn",
        PGAPPNAME: `reminder-dispatcher-${name}`,
      },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    },
  );
  children.add(child);
  child.on("exit", () => children.delete(child));
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`dispatcher exited with ${code} before it started`)));
  });
  return child;
}

async function stopAll() {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once("exit", () => resolve());
          child.kill("SIGKILL");
        }),
    ),
  );
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function subscribe(user: TestUser, device: Device, label = "Test browser"): Promise<Response> {
  return subscribeRoute(
    apiRequest("/api/push/subscriptions", {
      body: { endpoint: device.endpoint, keys: device.keys, expirationTime: null, label },
      headers: await sessionCookie(user.user.id),
    }),
    none,
  );
}

async function emailOn(user: TestUser) {
  const res = await patchPreferences(
    apiRequest("/api/account/preferences", { method: "PATCH", body: { emailReminders: true }, headers: await sessionCookie(user.user.id) }),
    none,
  );
  expect(res.status).toBe(200);
}

async function createTask(user: TestUser, body: Record<string, unknown>): Promise<{ id: string; title: string; remindAt: string }> {
  const res = await createTaskRoute(apiRequest("/api/tasks", { body, headers: user.auth }), none);
  expect(res.status).toBe(201);
  return ((await res.json()) as { task: { id: string; title: string; remindAt: string } }).task;
}

const mailsTo = (user: TestUser) => smtp.mails.filter((m) => m.to.includes(user.user.email));

function options(now?: Date): DispatchOptions {
  return {
    catchupMs: 24 * 3_600_000,
    vapid: { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: SUBJECT },
    appUrl: "http://localhost:3000",
    pushAgent: new https.Agent({ ca: push.certificate }),
    ...(now ? { now: () => now } : {}),
  };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  push = await startPushService({ vapidPublicKey: vapid.publicKey });
  certFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "push-ca-")), "ca.pem");
  fs.writeFileSync(certFile, push.certificate);
  setEnv({
    SMTP_URL: smtp.url,
    AUTH_URL: "http://localhost:3000",
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: SUBJECT,
    PUSH_ALLOWED_ORIGINS: `${push.origin},https://fcm.googleapis.com`,
  });
});

afterEach(stopAll);

afterAll(async () => {
  await stopAll();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
  await push?.close();
  await smtp?.close();
  fs.rmSync(path.dirname(certFile), { recursive: true, force: true });
});

describe("reminder delivery by two dispatcher processes", () => {
  it("delivers a reminder due in seconds exactly once per channel, with both running", async () => {
    const alice = await createTestUser("alice");
    const phone = push.createDevice();
    const laptop = push.createDevice();
    expect((await subscribe(alice, phone, "Phone")).status).toBe(201);
    expect((await subscribe(alice, laptop, "Laptop")).status).toBe(201);
    await emailOn(alice);
    await Promise.all([startDispatcher("a"), startDispatcher("b")]);

    const task = await createTask(alice, { title: "Call the plumber", remindAt: new Date(Date.now() + 2_000).toISOString() });
    await waitFor(
      () => phone.accepted.length >= 1 && laptop.accepted.length >= 1 && mailsTo(alice).length >= 1,
      "the reminder on every channel",
    );
    await pause(2_000); // ten more rounds of both dispatchers

    expect(push.errors).toEqual([]);
    for (const device of [phone, laptop]) {
      expect(device.accepted).toHaveLength(1);
      expect(device.accepted[0]!.payload).toMatchObject({
        type: "reminder",
        taskId: task.id,
        title: "Call the plumber",
        remindAt: task.remindAt,
        url: "http://localhost:3000/",
      });
      expect((device.accepted[0]!.payload as { body: string }).body).not.toMatch(/late/);
      expect(device.accepted[0]!.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    }
    expect(phone.accepted[0]!.topic).toBe(laptop.accepted[0]!.topic);
    const mails = mailsTo(alice);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toMatch(/Subject: Reminder: Call the plumber/);

    const deliveries = await db.reminderDelivery.findMany({ where: { dispatch: { taskId: task.id } }, orderBy: { channel: "asc" } });
    expect(deliveries.map((d) => d.status)).toEqual(["sent", "sent", "sent"]);
    const listed = await listSubscriptionsRoute(
      apiRequest("/api/push/subscriptions", { headers: await sessionCookie(alice.user.id) }),
      none,
    );
    const { subscriptions } = (await listed.json()) as { subscriptions: { lastSuccessAt: string | null }[] };
    expect(subscriptions.every((s) => s.lastSuccessAt !== null)).toBe(true);
  }, 180_000);

  it("still delivers exactly once when the dispatcher sending it is killed mid-send", async () => {
    const bob = await createTestUser("bob");
    const phone = push.createDevice();
    phone.holdNext = true; // the push service takes the first request and never answers it
    expect((await subscribe(bob, phone)).status).toBe(201);
    await emailOn(bob);
    const dispatchers = new Map<string, ChildProcess>(
      await Promise.all(["one", "two"].map(async (name) => [`reminder-dispatcher-${name}`, await startDispatcher(name)] as const)),
    );

    const task = await createTask(bob, { title: "Water the plants", remindAt: new Date(Date.now() + 1_000).toISOString() });
    // One process sent the mail (committed) and now waits on the push service, holding its claim.
    await waitFor(() => phone.held === 1 && mailsTo(bob).length === 1, "a dispatcher to be mid-send");
    await pause(1_000); // the other one keeps running rounds, but cannot claim what is held
    expect(phone.accepted).toHaveLength(0);
    // The holder: the dispatcher whose transaction has been waiting (on the push service) all along.
    const holders = await db.$queryRaw<{ application_name: string }[]>`
      SELECT DISTINCT application_name FROM pg_stat_activity
      WHERE state = 'idle in transaction' AND application_name LIKE 'reminder-dispatcher-%' AND now() - state_change > interval '800 milliseconds'`;
    expect(holders).toHaveLength(1);
    const [holder] = holders;

    dispatchers.get(holder!.application_name)!.kill("SIGKILL");
    await waitFor(() => phone.accepted.length === 1, "the other dispatcher to take over");
    await pause(1_500);

    expect(phone.abandoned).toBe(1); // the killed process's request: never answered, never recorded
    expect(phone.accepted).toHaveLength(1);
    expect(phone.accepted[0]!.payload).toMatchObject({ type: "reminder", taskId: task.id, title: "Water the plants" });
    expect(mailsTo(bob)).toHaveLength(1); // recorded before the kill: not sent again
    const deliveries = await db.reminderDelivery.findMany({ where: { dispatch: { taskId: task.id } } });
    expect(deliveries.map((d) => [d.channel.split(":")[0], d.status]).sort()).toEqual([
      ["email", "sent"],
      ["push", "sent"],
    ]);
  }, 180_000);
});

describe("what a reminder says and when it is sent again", () => {
  it("states a missed reminder's age when it is caught up after downtime", async () => {
    const carol = await createTestUser("carol");
    const phone = push.createDevice();
    await subscribe(carol, phone);
    await emailOn(carol);
    const remindAt = new Date(Date.now() - (3 * 60 + 5) * 60_000); // came due 3 h 5 min ago, while "down"
    const task = await createTask(carol, { title: "Send the invoice", remindAt: remindAt.toISOString() });

    await dispatchDueReminders(options());
    expect(phone.accepted).toHaveLength(1);
    expect(phone.accepted[0]!.payload).toMatchObject({ taskId: task.id, remindAt: remindAt.toISOString() });
    expect((phone.accepted[0]!.payload as { body: string }).body).toMatch(/Sent 3 h 5 min late/);
    expect(mailsTo(carol)[0]!.raw.replace(/=\r?\n/g, "")).toMatch(/Sent 3 h 5 min late/);
  });

  it("sends nothing for a reminder older than the catch-up window", async () => {
    const dave = await createTestUser("dave");
    const phone = push.createDevice();
    await subscribe(dave, phone);
    await createTask(dave, { title: "Ancient", remindAt: new Date(Date.now() - 25 * 3_600_000).toISOString() });
    await dispatchDueReminders(options());
    expect(phone.accepted).toHaveLength(0);
  });

  it("follows a repeating task to its next occurrence", async () => {
    const erin = await createTestUser("erin");
    const phone = push.createDevice();
    await subscribe(erin, phone);
    const dueAt = new Date(Date.now() + 30 * 60_000);
    const task = await createTask(erin, {
      title: "Stand-up",
      dueAt: dueAt.toISOString(),
      recurrence: "FREQ=DAILY",
      remindAt: new Date(dueAt.getTime() - 30 * 60_000 + 500).toISOString(),
    });
    await pause(600);
    await dispatchDueReminders(options());
    expect(phone.accepted).toHaveLength(1);

    // Completing it moves it (and its reminder) to tomorrow: a new reminder, sent when that comes due.
    const done = await updateTaskRoute(
      apiRequest(`/api/tasks/${task.id}`, { method: "PATCH", body: { status: "completed" }, headers: erin.auth }),
      params({ id: task.id }),
    );
    const next = ((await done.json()) as { task: { remindAt: string; status: string } }).task;
    expect(next.status).toBe("pending");
    expect(new Date(next.remindAt).getTime()).toBeGreaterThan(Date.now() + 20 * 3_600_000);
    await dispatchDueReminders(options());
    expect(phone.accepted).toHaveLength(1); // not yet due
    await dispatchDueReminders(options(new Date(new Date(next.remindAt).getTime() + 1_000)));
    expect(phone.accepted).toHaveLength(2);
    expect(phone.accepted[1]!.payload).toMatchObject({ taskId: task.id, remindAt: next.remindAt });
  });

  it("sends nothing for a reminder dismissed or completed before it is dispatched", async () => {
    const frank = await createTestUser("frank");
    const phone = push.createDevice();
    await subscribe(frank, phone);
    const task = await createTask(frank, { title: "Done already", remindAt: new Date(Date.now() - 60_000).toISOString() });
    await updateTaskRoute(
      apiRequest(`/api/tasks/${task.id}`, { method: "PATCH", body: { status: "completed" }, headers: frank.auth }),
      params({ id: task.id }),
    );
    await dispatchDueReminders(options());
    expect(phone.accepted).toHaveLength(0);
  });
});

describe("expired subscriptions and the allow-list at send time", () => {
  it.each([404, 410])("removes a subscription the push service answers %i for", async (status) => {
    const gina = await createTestUser("gina");
    const gone = push.createDevice();
    const alive = push.createDevice();
    gone.status = status;
    await subscribe(gina, gone);
    await subscribe(gina, alive);
    const task = await createTask(gina, { title: "Renew passport", remindAt: new Date(Date.now() - 1_000).toISOString() });
    await dispatchDueReminders(options());

    expect(alive.accepted).toHaveLength(1);
    expect(await db.pushSubscription.findMany({ where: { userId: gina.user.id }, select: { endpoint: true } })).toEqual([
      { endpoint: alive.endpoint },
    ]);
    const deliveries = await db.reminderDelivery.findMany({ where: { dispatch: { taskId: task.id } } });
    expect(deliveries.map((d) => d.status).sort()).toEqual(["gone", "sent"]);
  });

  it("never sends to an endpoint whose origin is no longer allowed", async () => {
    const hank = await createTestUser("hank");
    const device = push.createDevice();
    await subscribe(hank, device);
    setEnv({ PUSH_ALLOWED_ORIGINS: "https://fcm.googleapis.com" });
    try {
      const task = await createTask(hank, { title: "Not to be sent", remindAt: new Date(Date.now() - 1_000).toISOString() });
      await dispatchDueReminders(options());
      expect(device.accepted).toHaveLength(0);
      expect(device.held + device.abandoned).toBe(0);
      const deliveries = await db.reminderDelivery.findMany({ where: { dispatch: { taskId: task.id } } });
      expect(deliveries.map((d) => d.status)).toEqual(["refused"]);
    } finally {
      setEnv({ PUSH_ALLOWED_ORIGINS: `${push.origin},https://fcm.googleapis.com` });
    }
  });
});

describe("the morning agenda", () => {
  it("mails today's tasks and the overdue count once, at the hour in the user's time zone", async () => {
    const ivy = await createTestUser("ivy");
    await db.user.update({ where: { id: ivy.user.id }, data: { timezone: "Asia/Tokyo" } });
    const res = await patchPreferences(
      apiRequest("/api/account/preferences", {
        method: "PATCH",
        body: { agendaEmail: true, agendaHour: 8 },
        headers: await sessionCookie(ivy.user.id),
      }),
      none,
    );
    expect(await res.json()).toEqual({ emailReminders: false, agendaEmail: true, agendaHour: 8 });
    // 2030-03-04 08:10 in Tokyo is 23:10 UTC the day before.
    const now = new Date("2030-03-03T23:10:00Z");
    await createTask(ivy, { title: "Dentist", dueAt: "2030-03-04T01:00:00Z" });
    await createTask(ivy, { title: "Buy milk", dueAt: "2030-03-04T09:00:00Z" });
    await createTask(ivy, { title: "Old thing", dueAt: "2030-03-01T09:00:00Z" });
    await createTask(ivy, { title: "Next week", dueAt: "2030-03-10T09:00:00Z" });

    expect(await dispatchAgendas({ now: new Date("2030-03-03T22:50:00Z"), appUrl: "http://localhost:3000" })).toBe(0); // 07:50 there
    await Promise.all([
      dispatchAgendas({ now, appUrl: "http://localhost:3000" }),
      dispatchAgendas({ now, appUrl: "http://localhost:3000" }),
    ]);
    await dispatchAgendas({ now: new Date(now.getTime() + 3_600_000), appUrl: "http://localhost:3000" });
    const mails = mailsTo(ivy);
    expect(mails).toHaveLength(1);
    const text = mails[0]!.raw.replace(/=\r?\n/g, "");
    expect(text).toMatch(/Subject: Today: 2 tasks, 1 overdue/);
    expect(text).toMatch(/- 10:00 Dentist/);
    expect(text).toMatch(/- 18:00 Buy milk/);
    expect(text).not.toMatch(/Next week/);
    // The next local day: again.
    await dispatchAgendas({ now: new Date(now.getTime() + 24 * 3_600_000), appUrl: "http://localhost:3000" });
    expect(mailsTo(ivy)).toHaveLength(2);
  });
});
