#!/usr/bin/env node
/**
 * The JavaScript a browser downloads for a page (issues #5 and #18), measured in a real browser:
 * headless Chromium (playwright-core) signs a fresh user in, opens each page with a cold cache,
 * waits until the page is usable (on the chat pages: the composer is enabled, i.e. the lazily
 * loaded chat runtime has arrived and hydrated) and then until the network is quiet, and sums
 * every JavaScript response: the body gzipped at level 9 (what a gzip-serving host sends; the
 * same rule for every file, so runs compare), and the raw size. Each file is counted once per
 * page and labelled `html` (a `<script src>` of the server's HTML: First Load JS) or `later`
 * (fetched after: React.lazy chunks, route prefetches of visible links).
 *
 *   node bench/first-load-js.mjs [--json] [base URL] [/path ...]
 *
 * Without a base URL it starts the production build (`npm run build` first) through
 * scripts/e2e-server.ts on PORT (or a free port) with a throw-away embedded Postgres, and stops
 * it at the end. Pages default to /, /login (signed out) and /settings. `--json` prints one
 * JSON object on stdout (the table goes to stderr); `measureFirstLoadJs(base, paths)` is the
 * same as a function. Chromium: PLAYWRIGHT_CHROMIUM_PATH, else /usr/bin/chromium if present,
 * else Playwright's own. Loopback only; exits by itself.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { freePort, waitHealthy } from "../tests/support/server.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PASSWORD = "correct horse battery staple";
const DEFAULT_PATHS = ["/", "/login", "/settings"];
/** Pages that must be opened signed out (a signed-in visit redirects away). */
const SIGNED_OUT = new Set(["/login", "/register", "/forgot-password"]);
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const kb = (n) => Math.round((n / 1024) * 10) / 10;

function chromiumPath() {
  if (process.env.PLAYWRIGHT_CHROMIUM_PATH) return process.env.PLAYWRIGHT_CHROMIUM_PATH;
  return fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
}

async function signUpAndIn(request, base) {
  const email = `bundle-${randomUUID().slice(0, 8)}@example.com`;
  const reg = await request.post(`${base}/api/register`, { data: { email, password: PASSWORD, name: "bundle" } });
  if (reg.status() !== 201) throw new Error(`register ${reg.status()}: ${await reg.text()}`);
  const { csrfToken } = await (await request.get(`${base}/api/auth/csrf`)).json();
  const res = await request.post(`${base}/api/auth/callback/credentials`, {
    form: { csrfToken, email, password: PASSWORD, callbackUrl: "/" },
    maxRedirects: 0,
  });
  if (res.status() >= 400) throw new Error(`sign-in ${res.status()}`);
  const session = await (await request.get(`${base}/api/auth/session`)).json();
  if (session?.user?.email !== email) throw new Error("no session after sign-in");
}

/** One page, cold cache: every JS response, gzipped -9. */
async function measurePage(browser, base, pagePath, storageState) {
  const context = await browser.newContext({ storageState: SIGNED_OUT.has(pagePath) ? undefined : storageState });
  try {
    const page = await context.newPage();
    const seen = new Map(); // url → response
    page.on("response", (response) => {
      const type = response.request().resourceType();
      const contentType = response.headers()["content-type"] ?? "";
      if (type === "script" || /javascript/.test(contentType)) seen.set(response.url(), response);
    });
    const main = await page.goto(base + pagePath, { waitUntil: "load" });
    if (!main || main.status() !== 200) throw new Error(`${pagePath}: HTTP ${main?.status()} (${page.url()})`);
    const html = await main.text();
    const inHtml = new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => new URL(m[1].replace(/&amp;/g, "&"), base).href));
    // Usable: the chat composer is enabled once the chat runtime has loaded and hydrated.
    const composer = page.getByTestId("chat-input");
    if (await composer.count()) await composer.and(page.locator(":enabled")).waitFor({ timeout: 60_000 });
    await page.waitForLoadState("networkidle");
    const files = [];
    for (const [url, response] of seen) {
      const body = await response.body().catch(() => null);
      if (!body) continue;
      files.push({
        url: url.replace(base, ""),
        when: inHtml.has(url) ? "html" : "later",
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        encoding: response.headers()["content-encoding"] ?? "none",
      });
    }
    files.sort((a, b) => b.gzip - a.gzip);
    const sum = (list, key) => list.reduce((n, f) => n + f[key], 0);
    const html_ = files.filter((f) => f.when === "html");
    const later = files.filter((f) => f.when === "later");
    return {
      path: pagePath,
      files: files.length,
      gzipKB: kb(sum(files, "gzip")),
      rawKB: kb(sum(files, "raw")),
      firstLoadGzipKB: kb(sum(html_, "gzip")),
      laterGzipKB: kb(sum(later, "gzip")),
      scripts: files.map((f) => ({ ...f, gzipKB: kb(f.gzip), rawKB: kb(f.raw) })),
    };
  } finally {
    await context.close();
  }
}

/** Measures `paths` on a running server at `base`; returns one JSON-able object. */
export async function measureFirstLoadJs(base, paths = DEFAULT_PATHS) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const signIn = await browser.newContext();
    await signUpAndIn(signIn.request, base);
    const storageState = await signIn.storageState();
    await signIn.close();
    const pages = [];
    for (const p of paths) pages.push(await measurePage(browser, base, p, storageState));
    return { bench: "first-load-js", measuredAt: new Date().toISOString(), base, unit: "KB (1024 B), gzip level 9 of each JS body", pages };
  } finally {
    await browser.close();
  }
}

export function formatTable(result) {
  const lines = [
    "| page | JS files | all JS, gzip | of which in the HTML | of which later | raw |",
    "| --- | --- | --- | --- | --- | --- |",
  ];
  for (const p of result.pages)
    lines.push(`| \`${p.path}\` | ${p.files} | **${p.gzipKB} KB** | ${p.firstLoadGzipKB} KB | ${p.laterGzipKB} KB | ${p.rawKB} KB |`);
  for (const p of result.pages) {
    lines.push("", `${p.path}, largest files (gzip KB, when):`);
    for (const f of p.scripts.slice(0, 6)) lines.push(`  ${String(f.gzipKB).padStart(6)}  ${f.when.padEnd(5)}  ${f.url}`);
  }
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------
// Command line

/** The production build on a throw-away database (scripts/e2e-server.ts); returns base and stop(). */
async function startServer() {
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) throw new Error("no production build: run `npm run build` first");
  const port = Number(process.env.PORT) || (await freePort());
  const env = { ...process.env, NODE_ENV: "production" };
  for (const k of ["DATABASE_URL", "AI_PROVIDER"]) delete env[k];
  const child = spawn("npx", ["tsx", "scripts/e2e-server.ts", String(port)], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  let exited = false;
  child.on("exit", () => (exited = true));
  const stop = async () => {
    if (exited) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    for (let i = 0; i < 100 && !exited; i++) await new Promise((r) => setTimeout(r, 100));
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(base, { exited: () => exited });
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const json = args.includes("--json");
  const rest = args.filter((a) => a !== "--json");
  const base = rest[0]?.startsWith("http") ? rest.shift() : null;
  const server = base ? null : await startServer();
  try {
    const result = await measureFirstLoadJs(base ?? server.base, rest.length ? rest : DEFAULT_PATHS);
    if (json) {
      console.error(formatTable(result));
      console.log(JSON.stringify(result));
    } else console.log(formatTable(result));
  } finally {
    await server?.stop();
  }
}
