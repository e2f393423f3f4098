import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { isAllowedEndpoint, parseAllowedOrigins } from "@/lib/push/origins";
import { describeAge, lateNote, pushPayload } from "@/lib/reminders/message";

describe("PUSH_ALLOWED_ORIGINS", () => {
  const defaults = parseAllowedOrigins(undefined);

  it("allows the browsers' push services by default, subdomains only where a wildcard says so", () => {
    expect(isAllowedEndpoint("https://fcm.googleapis.com/fcm/send/x", defaults)).toBe(true);
    expect(isAllowedEndpoint("https://updates.push.services.mozilla.com/wpush/v2/x", defaults)).toBe(true);
    expect(isAllowedEndpoint("https://web.push.apple.com/x", defaults)).toBe(true);
    expect(isAllowedEndpoint("https://db5p.notify.windows.com/w/?token=x", defaults)).toBe(true);
    expect(isAllowedEndpoint("https://evil.fcm.googleapis.com/x", defaults)).toBe(false);
    expect(isAllowedEndpoint("https://push.apple.com/x", defaults)).toBe(false);
    expect(isAllowedEndpoint("https://xnotify.windows.com/x", defaults)).toBe(false);
    expect(isAllowedEndpoint("not a url", defaults)).toBe(false);
  });

  it("takes a configured list, with ports and plain http only when listed so (tests' local service)", () => {
    const local = parseAllowedOrigins("https://127.0.0.1:8443, http://push.internal");
    expect(isAllowedEndpoint("https://127.0.0.1:8443/push/a", local)).toBe(true);
    expect(isAllowedEndpoint("https://127.0.0.1:8444/push/a", local)).toBe(false);
    expect(isAllowedEndpoint("http://push.internal/a", local)).toBe(true);
    expect(isAllowedEndpoint("https://fcm.googleapis.com/fcm/send/x", local)).toBe(false);
  });

  it("stops the app on a malformed entry, and on half a VAPID key pair", () => {
    expect(() => parseEnv({ NODE_ENV: "test", PUSH_ALLOWED_ORIGINS: "fcm.googleapis.com/path" })).toThrow(/PUSH_ALLOWED_ORIGINS/);
    expect(() => parseEnv({ NODE_ENV: "test", VAPID_PUBLIC_KEY: "B".repeat(87) })).toThrow(/VAPID_PRIVATE_KEY/);
  });
});

describe("what a reminder says", () => {
  const base = {
    taskId: "t1",
    title: "Call mum",
    dueAt: new Date("2026-11-26T17:00:00Z"),
    remindAt: new Date("2026-11-26T09:00:00Z"),
    timeZone: "Europe/Paris",
    appUrl: "https://todo.example.com",
  };

  it("says nothing of age when on time, and how late when caught up after downtime", () => {
    expect(lateNote({ ...base, now: new Date("2026-11-26T09:00:30Z") })).toBeNull();
    expect(lateNote({ ...base, now: new Date("2026-11-26T12:05:00Z") })).toBe(
      "Sent 3 h 5 min late: this reminder was due today 10:00 (Europe/Paris).",
    );
    expect(describeAge(26 * 3_600_000)).toBe("1 day 2 h");
  });

  it("carries the fields the service worker shows", () => {
    const payload = JSON.parse(pushPayload({ ...base, now: new Date("2026-11-26T09:00:10Z") })) as Record<string, unknown>;
    expect(payload).toEqual({
      type: "reminder",
      taskId: "t1",
      title: "Call mum",
      body: "Due today 18:00",
      dueAt: "2026-11-26T17:00:00.000Z",
      remindAt: "2026-11-26T09:00:00.000Z",
      lateByMs: 10_000,
      url: "https://todo.example.com/",
    });
  });
});
