/*
 * Push reminders in the service worker (only the push handlers; imported by /sw.js with
 * importScripts). A push carries the JSON of docs/api.md "Push and e-mail reminders":
 * { type: "reminder", taskId, title, body, dueAt, remindAt, url }. The notification's actions
 * work with no page open: "Done" completes the task, "Snooze 10 min" snoozes the reminder,
 * both through the API with the browser's session cookie; a click elsewhere opens the app. A
 * rotated subscription is registered again (pushsubscriptionchange).
 */
const SNOOZE_MS = 10 * 60 * 1000;

self.addEventListener("push", (event) => {
  let data = null;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || data.type !== "reminder" || typeof data.taskId !== "string") return;
  event.waitUntil(
    self.registration.showNotification(data.title || "Reminder", {
      body: data.body || "",
      // One notification per task: a repeated delivery replaces it instead of adding another.
      tag: `reminder:${data.taskId}`,
      renotify: false,
      requireInteraction: true,
      icon: "/icon-192.png",
      badge: "/icon-192.png",
      timestamp: data.remindAt ? Date.parse(data.remindAt) : Date.now(),
      data: { taskId: data.taskId, url: typeof data.url === "string" ? data.url : "/" },
      actions: [
        { action: "done", title: "Done" },
        { action: "snooze", title: "Snooze 10 min" },
      ],
    }),
  );
});

async function callApi(path, method, body) {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
  return response;
}

/** Opens the app (or focuses a window already showing it). */
async function openApp(url) {
  const target = new URL(url || "/", self.location.origin);
  if (target.origin !== self.location.origin) target.href = new URL("/", self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const client of windows) {
    if (new URL(client.url).origin === target.origin && "focus" in client) return client.focus();
  }
  return self.clients.openWindow(target.href);
}

self.addEventListener("notificationclick", (event) => {
  const notification = event.notification;
  const { taskId, url } = notification.data || {};
  notification.close();
  if (!taskId) return;
  const id = encodeURIComponent(taskId);
  let work;
  if (event.action === "done") {
    work = callApi(`/api/tasks/${id}`, "PATCH", { status: "completed" });
  } else if (event.action === "snooze") {
    work = callApi(`/api/reminders/${id}/snooze`, "POST", { until: new Date(Date.now() + SNOOZE_MS).toISOString() });
  } else {
    work = openApp(url);
  }
  // A failed action (signed out, offline) opens the app, where the bell still shows the reminder.
  event.waitUntil(work.catch(() => openApp(url)));
});

// The browser rotated the subscription (expired keys, a push service change): subscribe again
// and register the new one; the old endpoint is removed by the server on its first 404/410.
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(
    (async () => {
      let subscription = event.newSubscription;
      if (!subscription && event.oldSubscription) {
        subscription = await self.registration.pushManager.subscribe(event.oldSubscription.options);
      }
      if (!subscription) return;
      await callApi("/api/push/subscriptions", "POST", subscription.toJSON());
    })().catch(() => undefined),
  );
});
