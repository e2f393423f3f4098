"use client";
/**
 * Registers the service worker (public/sw.js) in production builds, after the page has loaded,
 * and hands it the files this page was built from, so the next visit opens without a connection
 * (docs/offline.md). Kept tiny: it ships on every signed-in page.
 */
import { useEffect } from "react";

export function RegisterServiceWorker() {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    const register = () => {
      navigator.serviceWorker
        .register("/sw.js")
        .then(() => navigator.serviceWorker.ready)
        .then((registration) => {
          // What the page loaded before the worker was in charge: its built files and its task list.
          const loaded = performance.getEntriesByType("resource").map((entry) => entry.name);
          const files = loaded.filter((url) => url.startsWith(`${location.origin}/_next/static/`));
          const data = loaded.filter((url) => /^\/api\/(tasks|lists)$/.test(new URL(url).pathname));
          registration.active?.postMessage({ type: "warm", page: location.pathname, files, data });
        })
        .catch(() => undefined);
    };
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }, []);
  return null;
}
