/**
 * Settings offers a token's scopes and expiry; the token it creates can do exactly that.
 */
import { expect, test } from "@playwright/test";
import { signUpAndIn } from "./fixtures";
import { SettingsPage } from "./pages";

test("a read-only token with an expiry, made in Settings, reads tasks and cannot change them", async ({ page, playwright, baseURL }) => {
  await signUpAndIn(page.request, "scoped");
  const settings = new SettingsPage(page);
  await settings.goto();
  await settings.tokenName.fill("Dashboard");
  await page.getByRole("checkbox", { name: "Change tasks" }).uncheck();
  await page.getByRole("checkbox", { name: "Chat with the assistant" }).uncheck();
  await page.getByLabel("Expiry").selectOption("7");
  await settings.createToken.click();
  await expect(settings.newToken).toContainText("Dashboard");
  const token = await page.getByLabel("New token").inputValue();
  const item = settings.tokens.filter({ hasText: "Dashboard" });
  await expect(item).toContainText("Read tasks");
  await expect(item).not.toContainText("Change tasks");
  await expect(item).toContainText(/Expires in (7|6) days/);

  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  expect((await api.get("/api/tasks")).status()).toBe(200);
  const write = await api.post("/api/tasks", { data: { title: "not allowed" } });
  expect(write.status()).toBe(403);
  expect(((await write.json()) as { code: string }).code).toBe("forbidden:scope");
  expect((await api.get("/api/tokens")).status()).toBe(403);
  await api.dispose();
});
