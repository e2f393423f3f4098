"use client";
import { useEffect } from "react";
import { redirectToLogin } from "@/lib/ui/api";

const REFRESH_EVERY_MS = 10 * 60 * 1000;
let lastRefresh = 0;

/**
 * Keeps the session sliding: while the app is open (on load, and when the tab becomes visible
 * again, at most every 10 minutes) it reads the session through Auth.js, which re-issues the
 * cookie for another 7 days. A session that was ended elsewhere ("Sign out everywhere", a
 * password change) comes back empty: then the tab goes to the sign-in page.
 */
export function SessionKeepAlive() {
  useEffect(() => {
    async function refresh() {
      if (document.visibilityState !== "visible" || Date.now() - lastRefresh < REFRESH_EVERY_MS) return;
      lastRefresh = Date.now();
      try {
        const response = await fetch("/api/auth/session", { credentials: "same-origin", cache: "no-store" });
        if (!response.ok) return;
        const session = (await response.json()) as { user?: unknown } | null;
        if (!session?.user) redirectToLogin();
      } catch {
        lastRefresh = 0; // Offline: try again next time.
      }
    }
    void refresh();
    document.addEventListener("visibilitychange", refresh);
    return () => document.removeEventListener("visibilitychange", refresh);
  }, []);
  return null;
}
