/**
 * The service worker's push handlers (public/sw-push.js, imported by /sw.js): a reminder push
 * becomes a notification with Done and "Snooze 10 min", and those actions act through the API
 * with the browser's session — no page needs to be open for them. The push is delivered by the
 * browser itself (DevTools protocol: a browser in a test cannot reach a push service) and the
 * click is dispatched in the service worker (a test cannot click a system notification).
 */
import { expect, test, type APIRequestContext, type CDPSession, type Worker } from "@playwright/test";
import { signUpAndIn } from "./fixtures";

type Task = { id: string; title: string; status: string; remindAt: string | null };

async function createTask(request: APIRequestContext, title: string): Promise<Task> {
  const res = await request.post("/api/tasks", { data: { title, remindAt: new Date(Date.now() - 60_000).toISOString() } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { task: Task }).task;
}

async function getTask(request: APIRequestContext, id: string): Promise<Task> {
  return ((await (await request.get(`/api/tasks/${id}`)).json()) as { task: Task }).task;
}

type Shown = { title: string; body: string; actions: string[] };

/**
 * Delivers a push message to the service worker the way the browser does (a trusted push event,
 * through the DevTools protocol), then clicks the notification it shows: a click event with the
 * action, dispatched in the worker (a script-made event; the handler's fetch runs as on a click).
 */
async function pushAndClick(
  cdp: CDPSession,
  worker: Worker,
  registrationId: string,
  origin: string,
  task: Task,
  action: string,
): Promise<Shown> {
  const payload = {
    type: "reminder",
    taskId: task.id,
    title: task.title,
    body: "Due today 17:00",
    dueAt: null,
    remindAt: task.remindAt,
    url: "/",
  };
  await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data: JSON.stringify(payload) });
  return worker.evaluate(
    async ({ taskId, action }) => {
      // The service worker's globals (this project's TypeScript has no webworker lib).
      type Note = { title: string; body: string; actions: { action: string; title: string }[] };
      const sw = self as unknown as {
        dispatchEvent(event: Event): boolean;
        registration: { getNotifications(filter: { tag: string }): Promise<Note[]> };
        NotificationEvent: new (type: string, init: { notification: Note; action: string }) => Event;
      };
      let notifications: Note[] = [];
      for (let i = 0; i < 100 && notifications.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        notifications = await sw.registration.getNotifications({ tag: `reminder:${taskId}` });
      }
      const [notification] = notifications;
      if (!notification) throw new Error("no notification shown");
      const shown = { title: notification.title, body: notification.body, actions: notification.actions.map((a) => a.title) };
      sw.dispatchEvent(new sw.NotificationEvent("notificationclick", { notification, action }));
      return shown;
    },
    { taskId: task.id, action },
  );
}

test.describe("push reminder notifications", () => {
  test("Done completes the task and Snooze 10 min moves the reminder, through the API", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["notifications"], { origin: baseURL });
    await signUpAndIn(page.request, "push");
    const plumber = await createTask(page.request, "Call the plumber");
    const plants = await createTask(page.request, "Water the plants");

    await page.goto("/settings");
    const workerEvent = context.waitForEvent("serviceworker");
    await page.evaluate(async () => {
      await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      await navigator.serviceWorker.ready;
    });
    const worker = context.serviceWorkers()[0] ?? (await workerEvent);
    const origin = new URL(baseURL!).origin;
    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    const registrationId = await registered;

    const shown = await pushAndClick(cdp, worker, registrationId, origin, plumber, "done");
    expect(shown).toEqual({ title: "Call the plumber", body: "Due today 17:00", actions: ["Done", "Snooze 10 min"] });
    await expect.poll(async () => (await getTask(page.request, plumber.id)).status).toBe("completed");

    const before = Date.now();
    await pushAndClick(cdp, worker, registrationId, origin, plants, "snooze");
    await expect.poll(async () => (await getTask(page.request, plants.id)).remindAt).not.toBe(plants.remindAt);
    const snoozed = await getTask(page.request, plants.id);
    expect(snoozed.status).toBe("pending");
    const until = new Date(snoozed.remindAt!).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 9 * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 11 * 60_000);
  });

  test("Settings lists this user's push devices and turns e-mail reminders on", async ({ page }) => {
    await signUpAndIn(page.request, "devices");
    await page.goto("/settings");
    const section = page.getByTestId("reminder-settings");
    await expect(section.getByText("None yet.")).toBeVisible();
    await section.getByLabel("E-mail me each reminder").check();
    await expect
      .poll(async () => ((await (await page.request.get("/api/account/preferences")).json()) as { emailReminders: boolean }).emailReminders)
      .toBe(true);
  });
});
