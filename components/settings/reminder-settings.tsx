"use client";
/**
 * Reminders beyond the open tab: Web Push on this device (on/off), the devices that get push
 * reminders (remove any), and the e-mail reminder and morning agenda preferences.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { apiFetch, errorMessage } from "@/lib/ui/api";
import { Button } from "@/components/ui/button";

type Device = { id: string; label: string; createdAt: string; lastSuccessAt: string | null };
type Preferences = { emailReminders: boolean; agendaEmail: boolean; agendaHour: number };

/** Which of the listed devices is this browser (the id the server gave its subscription). */
const THIS_DEVICE_KEY = "talk-todo.pushSubscriptionId";

function deviceLabel(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "Browser";
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Mac OS X/.test(ua)
        ? "macOS"
        : /Windows/.test(ua)
          ? "Windows"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return os ? `${browser} on ${os}` : browser;
}

const noSubscription = () => () => undefined;

function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The service worker registration (registers /sw.js when no page has yet). */
async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration("/")) ?? (await navigator.serviceWorker.register("/sw.js", { scope: "/" }));
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export function ReminderSettings() {
  const [devices, setDevices] = useState<Device[] | null>(null);
  const [prefs, setPrefs] = useState<Preferences | null>(null);
  const [thisDevice, setThisDevice] = useState<string | null>(null);
  // Known only in the browser: the server renders the "supported" state.
  const supported = useSyncExternalStore(noSubscription, pushSupported, () => true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    apiFetch<{ subscriptions: Device[] }>("/api/push/subscriptions")
      .then((data) => {
        setThisDevice(localStorage.getItem(THIS_DEVICE_KEY));
        setDevices(data.subscriptions);
      })
      .catch((e) => setError(errorMessage(e)));
    apiFetch<Preferences>("/api/account/preferences")
      .then(setPrefs)
      .catch((e) => setError(errorMessage(e)));
  }, []);

  useEffect(load, [load]);

  const thisDeviceOn = Boolean(thisDevice && devices?.some((d) => d.id === thisDevice));

  async function turnOn() {
    setBusy(true);
    setError(null);
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        setError("Notifications are blocked for this site. Allow them in the browser's site settings, then try again.");
        return;
      }
      const { publicKey } = await apiFetch<{ publicKey: string }>("/api/push/public-key");
      const reg = await registration();
      await navigator.serviceWorker.ready;
      const existing = await reg.pushManager.getSubscription();
      const subscription =
        existing ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      const device = await apiFetch<Device>("/api/push/subscriptions", {
        method: "POST",
        json: { ...subscription.toJSON(), label: deviceLabel() },
      });
      localStorage.setItem(THIS_DEVICE_KEY, device.id);
      setThisDevice(device.id);
      load();
    } catch (e) {
      setError(e instanceof DOMException ? `This browser could not turn on push: ${e.message}` : errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function remove(id: string) {
    setBusy(true);
    setError(null);
    try {
      await apiFetch(`/api/push/subscriptions/${id}`, { method: "DELETE" });
      if (id === thisDevice) {
        localStorage.removeItem(THIS_DEVICE_KEY);
        setThisDevice(null);
        const subscription = pushSupported()
          ? await (await navigator.serviceWorker.getRegistration("/"))?.pushManager.getSubscription()
          : null;
        await subscription?.unsubscribe();
      }
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
      load();
    }
  }

  async function changePreferences(patch: Partial<Preferences>) {
    setError(null);
    setPrefs((current) => (current ? { ...current, ...patch } : current)); // the control follows the click at once
    try {
      setPrefs(await apiFetch<Preferences>("/api/account/preferences", { method: "PATCH", json: patch }));
    } catch (e) {
      setError(errorMessage(e));
      load(); // back to what the server has
    }
  }

  return (
    <div className="mt-4 space-y-5" data-testid="reminder-settings">
      {error && (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="space-y-2">
        <h3 className="text-sm font-semibold">Push notifications on this device</h3>
        {!supported ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">
            This browser cannot receive push notifications (on iPhone and iPad: add the app to the Home Screen first).
          </p>
        ) : thisDeviceOn ? (
          <Button size="sm" onClick={() => void remove(thisDevice!)} disabled={busy}>
            Turn off on this device
          </Button>
        ) : (
          <Button size="sm" variant="primary" onClick={() => void turnOn()} disabled={busy}>
            {busy ? "Turning on…" : "Turn on on this device"}
          </Button>
        )}
      </div>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold">Devices with push reminders</h3>
        {devices === null ? (
          !error && <p className="text-sm text-zinc-500">Loading…</p>
        ) : devices.length === 0 ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">None yet.</p>
        ) : (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Devices with push reminders">
            {devices.map((device) => (
              <li key={device.id} className="flex items-center gap-3 py-2 text-sm">
                <span className="min-w-0 flex-1 truncate">
                  {device.label || "Unnamed device"}
                  {device.id === thisDevice && <span className="ml-2 text-xs text-zinc-500">(this device)</span>}
                  <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                    Added {new Date(device.createdAt).toLocaleDateString()}
                    {device.lastSuccessAt ? ` · last reminder ${new Date(device.lastSuccessAt).toLocaleString()}` : ""}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => void remove(device.id)}
                  disabled={busy}
                  aria-label={`Remove ${device.label || "device"}`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {prefs && (
        <div className="space-y-3">
          <h3 className="text-sm font-semibold">E-mail</h3>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={prefs.emailReminders}
              onChange={(e) => void changePreferences({ emailReminders: e.currentTarget.checked })}
            />
            E-mail me each reminder
          </label>
          <label className="flex flex-wrap items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={prefs.agendaEmail}
              onChange={(e) => void changePreferences({ agendaEmail: e.currentTarget.checked })}
            />
            Morning agenda mail (today’s tasks and what is overdue) at
            <select
              aria-label="Agenda hour"
              value={prefs.agendaHour}
              onChange={(e) => void changePreferences({ agendaHour: Number(e.currentTarget.value) })}
              className="rounded border border-zinc-300 bg-transparent px-1 py-0.5 dark:border-zinc-700"
            >
              {Array.from({ length: 24 }, (_, h) => (
                <option key={h} value={h}>{`${String(h).padStart(2, "0")}:00`}</option>
              ))}
            </select>
          </label>
        </div>
      )}
    </div>
  );
}
