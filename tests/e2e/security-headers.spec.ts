/**
 * SECURITY.md 35 against the production build: every page carries a nonce-based
 * Content-Security-Policy (no inline scripts allowed), the usual protective headers are set,
 * the app itself runs under the policy without a single violation, and a script injected into
 * the page does not run.
 */
import { expect, test, type Page } from "@playwright/test";
import { signUpAndIn } from "./fixtures";
import { ChatPage } from "./pages";

function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

test("pages carry a fresh nonce-based CSP and protective headers", async ({ page }) => {
  const nonces = new Set<string>();
  for (const path of ["/login", "/register", "/login"]) {
    const res = await page.goto(path);
    const headers = res!.headers();
    const csp = headers["content-security-policy"] ?? "";
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'(;|$)/.exec(csp)?.[1];
    expect(nonce, csp).toBeTruthy();
    nonces.add(nonce!);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
    // Next.js put the nonce on its own scripts.
    const scripts = await page.locator("script").evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).nonce));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((n) => n === nonce)).toBe(true);
  }
  expect(nonces.size).toBe(3);
  const api = await page.request.get("/api/health");
  expect(api.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
});

test("the chat works under the policy, and an injected inline script is refused", async ({ page }) => {
  const violations = cspViolations(page);
  await signUpAndIn(page.request, "csp");
  const chat = new ChatPage(page);
  await chat.goto("/");
  const answer = await chat.ask("add water the ferns tomorrow");
  await expect(answer).toContainText("water the ferns", { ignoreCase: true });
  await expect(chat.panel.items.filter({ hasText: "water the ferns" })).toHaveCount(1);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  expect(violations).toEqual([]);

  await chat.goto("/");
  // What an HTML injection looks like: markup with an inline script and an inline handler,
  // parsed into the page (a script in parsed markup runs unless the policy refuses it).
  const ran = await page.evaluate(async () => {
    const markup =
      '<script>window.__injected = "script"</script><img src="data:," onload="window.__injected = \'handler\'" onerror="window.__injected = \'handler\'">';
    document.body.append(document.createRange().createContextualFragment(markup));
    const holder = document.createElement("div");
    holder.innerHTML = markup;
    document.body.append(holder);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return (window as unknown as { __injected?: string }).__injected ?? null;
  });
  expect(ran).toBeNull();
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});
