importScripts("/sw-push.js");
/*
 * Talk-todo's service worker (docs/offline.md): the app opens without a connection.
 * - Pages: network first; the last signed-in copy of each page is kept and served offline
 *   (with its own headers, so its CSP nonce still matches its scripts).
 * - Built files (/_next/static/…, content-hashed): cache first.
 * - The task list and the lists (GET /api/tasks, /api/lists): network first, the last answer
 *   served offline (any filter's, when this one was never loaded), marked x-talk-todo-cached.
 * - Every other request (the chat, writes, sign-in) goes to the network untouched.
 * Signing out (a page that ends on /login) deletes everything cached.
 */
const VERSION = "v1";
const PAGES = `talk-todo-pages-${VERSION}`;
const STATIC = `talk-todo-static-${VERSION}`;
const DATA = `talk-todo-data-${VERSION}`;
const CACHES = [PAGES, STATIC, DATA];

self.addEventListener("install", (event) => {
  event.waitUntil(self.skipWaiting());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith("talk-todo-") && !CACHES.includes(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

function isSignedOut(response) {
  return new URL(response.url || self.location.origin).pathname === "/login";
}

async function forgetEverything() {
  await Promise.all(CACHES.map((name) => caches.delete(name)));
}

async function rememberPage(url, response) {
  if (!response.ok || response.redirected || response.type !== "basic") return;
  const cache = await caches.open(PAGES);
  await cache.put(url, response.clone());
  // The last page opened also stands in for pages never opened while online.
  await cache.put("/__last-page", response.clone());
}

async function page(request) {
  try {
    const response = await fetch(request);
    if (isSignedOut(response)) await forgetEverything();
    else await rememberPage(request.url, response);
    return response;
  } catch {
    const cache = await caches.open(PAGES);
    return (
      (await cache.match(request, { ignoreSearch: true, ignoreVary: true })) ??
      (await cache.match("/__last-page", { ignoreVary: true })) ??
      new Response(
        "<!doctype html><title>Offline</title><p>You're offline, and this page was not opened before. Reconnect and try again.</p>",
        {
          status: 503,
          headers: { "content-type": "text/html; charset=utf-8" },
        },
      )
    );
  }
}

async function staticFile(request) {
  const cache = await caches.open(STATIC);
  const cached = await cache.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

function isData(url) {
  return url.origin === self.location.origin && (url.pathname === "/api/tasks" || url.pathname === "/api/lists");
}

/** A cached answer given because the network failed, marked so the page knows (lib/ui/connection.ts). */
function servedOffline(cached) {
  const headers = new Headers(cached.headers);
  headers.set("x-talk-todo-cached", "1");
  return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
}

async function dataAnswer(request) {
  const cache = await caches.open(DATA);
  try {
    const response = await fetch(request);
    if (response.status === 401) await forgetEverything();
    else if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached =
      (await cache.match(request, { ignoreVary: true })) ?? (await cache.match(request, { ignoreSearch: true, ignoreVary: true }));
    if (cached) return servedOffline(cached);
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith("/_next/static/")) {
    event.respondWith(staticFile(request));
  } else if (isData(url)) {
    event.respondWith(dataAnswer(request));
  }
});

/** The page that registered the worker names what it was built from: keep it for offline. */
self.addEventListener("message", (event) => {
  const message = event.data;
  if (!message || message.type !== "warm") return;
  event.waitUntil(
    (async () => {
      const files = Array.isArray(message.files)
        ? message.files.filter((f) => typeof f === "string" && f.startsWith(`${self.location.origin}/_next/static/`))
        : [];
      const cache = await caches.open(STATIC);
      await Promise.all(
        files.map((file) =>
          cache
            .match(file, { ignoreVary: true })
            .then((hit) => hit || cache.add(file))
            .catch(() => undefined),
        ),
      );
      const data = Array.isArray(message.data)
        ? message.data.filter((u) => typeof u === "string" && isData(new URL(u, self.location.origin)))
        : [];
      await Promise.all(data.map((u) => dataAnswer(new Request(u, { credentials: "same-origin" })).catch(() => undefined)));
      if (typeof message.page === "string" && message.page.startsWith("/")) {
        const response = await fetch(message.page, { credentials: "same-origin" }).catch(() => null);
        if (response) {
          if (isSignedOut(response)) await forgetEverything();
          else await rememberPage(new URL(message.page, self.location.origin).href, response);
        }
      }
    })(),
  );
});
