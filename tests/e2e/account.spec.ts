/**
 * Account and data flows in the browser: changing the password ends the other browser's session
 * and keeps this one; "Sign out everywhere"; importing a CSV after a preview, then undoing it;
 * deleting the account; and "Forgot password?" answering the same for any address.
 */
import { expect, test, type Browser, type BrowserContext } from "@playwright/test";
import { PASSWORD, register, signIn, uniqueEmail } from "./fixtures";
import { LoginPage, SettingsPage } from "./pages";

async function signedInContext(browser: Browser, email: string, password = PASSWORD): Promise<BrowserContext> {
  const context = await browser.newContext();
  await signIn(context.request, email, password);
  return context;
}

async function sessionEmail(context: BrowserContext): Promise<string | undefined> {
  const session = (await (await context.request.get("/api/auth/session")).json()) as { user?: { email?: string } } | null;
  return session?.user?.email;
}

test("changing the password in Settings signs out the other browser and keeps this one", async ({ browser, request }) => {
  const email = uniqueEmail("pw");
  await register(request, email);
  const laptop = await signedInContext(browser, email);
  const phone = await signedInContext(browser, email);

  const page = await laptop.newPage();
  const settings = new SettingsPage(page);
  await settings.goto();
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill("not my password");
  await form.getByLabel("New password").fill("a completely new one");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByLabel("Current password")).toHaveAccessibleDescription("That is not your current password.");

  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByLabel("New password").fill("a completely new one");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. You were signed out everywhere else.")).toBeVisible();

  // This browser carries on (its cookie was re-issued); the phone is signed out.
  expect((await laptop.request.get("/api/tasks")).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  expect((await phone.request.get("/api/tasks")).status()).toBe(401);
  const phonePage = await phone.newPage();
  await phonePage.goto("/");
  await new LoginPage(phonePage).expectLoaded();
  // The new password signs in.
  const again = await signedInContext(browser, email, "a completely new one");
  expect(await sessionEmail(again)).toBe(email);
  await Promise.all([laptop.close(), phone.close(), again.close()]);
});

test("Sign out everywhere ends this and every other session", async ({ browser, request }) => {
  const email = uniqueEmail("everywhere");
  await register(request, email);
  const laptop = await signedInContext(browser, email);
  const phone = await signedInContext(browser, email);
  const page = await laptop.newPage();
  await new SettingsPage(page).goto();
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await new LoginPage(page).expectLoaded();
  expect(await sessionEmail(phone)).toBeUndefined();
  expect((await phone.request.get("/api/tasks")).status()).toBe(401);
  await Promise.all([laptop.close(), phone.close()]);
});

test("import a CSV after a preview that shows what will be created and what is skipped; undo it", async ({ browser, request }) => {
  const email = uniqueEmail("import");
  await register(request, email);
  const context = await signedInContext(browser, email);
  const page = await context.newPage();
  await new SettingsPage(page).goto();

  const csv = "title,description,priority,due,list,labels\nPay rent,,high,2030-01-01,Home,bills\n,no title,,,,\nCall the bank,,low,,,\n";
  await page.getByLabel("CSV file to import").setInputFiles({ name: "tasks.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const preview = page.getByTestId("import-preview");
  await expect(preview).toContainText("2 tasks to create");
  await expect(preview).toContainText("Pay rent");
  await expect(preview.getByTestId("import-skipped")).toContainText("Line 3: the title is empty");
  // Nothing exists before the import is confirmed.
  expect(((await (await context.request.get("/api/tasks")).json()) as { tasks: unknown[] }).tasks).toHaveLength(0);

  await preview.getByRole("button", { name: "Import 2 tasks" }).click();
  const result = page.getByTestId("import-result");
  await expect(result).toContainText("Imported 2 tasks.");
  const titles = async () =>
    ((await (await context.request.get("/api/tasks")).json()) as { tasks: { title: string }[] }).tasks.map((t) => t.title).sort();
  expect(await titles()).toEqual(["Call the bank", "Pay rent"]);

  await result.getByRole("button", { name: "Undo import" }).click();
  await expect(result).toContainText("Import undone");
  expect(await titles()).toEqual([]);
  await context.close();
});

test("delete the account: the password is asked for, then the account is gone", async ({ browser, request }) => {
  const email = uniqueEmail("delete");
  await register(request, email);
  const context = await signedInContext(browser, email);
  const page = await context.newPage();
  await new SettingsPage(page).goto();
  await page.getByRole("button", { name: "Delete account…" }).click();
  const form = page.getByRole("form", { name: "Delete account" });
  await form.getByLabel("Your password").fill("wrong password");
  await form.getByRole("button", { name: "Delete my account forever" }).click();
  await expect(form.getByLabel("Your password")).toHaveAccessibleDescription("That is not your password.");
  await form.getByLabel("Your password").fill(PASSWORD);
  await form.getByRole("button", { name: "Delete my account forever" }).click();
  await expect(page).toHaveURL(/\/register$/);
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(email, PASSWORD);
  await expect(login.formError).toHaveText("Invalid email or password");
  await context.close();
});

test("Forgot password? answers the same for a registered and an unknown address", async ({ page, request }) => {
  const email = uniqueEmail("forgot");
  await register(request, email);
  const messages: string[] = [];
  for (const address of [email, uniqueEmail("nobody")]) {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await page.getByLabel("Email").fill(address);
    await page.getByRole("button", { name: "Send reset link" }).click();
    const status = page.getByRole("status");
    await expect(status).toContainText("If an account exists for");
    messages.push((await status.textContent())!.replace(address, "<address>"));
  }
  expect(messages[0]).toBe(messages[1]);
});

test("41: a session signed in long ago is asked for the password before it creates a token", async ({ browser, request }) => {
  const email = uniqueEmail("reauth");
  await register(request, email);
  const context = await signedInContext(browser, email);
  const { id } = (await (await context.request.get("/api/account")).json()) as { id: string };
  // The same session as an hour ago: Auth.js's cookie with an old sign-in time (scripts/e2e-server.ts's secret).
  const { encode } = await import("next-auth/jwt");
  const name = "authjs.session-token";
  const stale = await encode({
    token: { sub: id, sv: 0, authAt: Math.floor(Date.now() / 1000) - 3600 },
    secret: process.env.AUTH_SECRET ?? "e2e-secret-e2e-secret-e2e-secret",
    salt: name,
    maxAge: 3600,
  });
  const origin = new URL(test.info().project.use.baseURL!);
  await context.clearCookies({ name });
  await context.addCookies([{ name, value: stale, domain: origin.hostname, path: "/", httpOnly: true, sameSite: "Lax" }]);
  expect((await context.request.post("/api/tokens", { data: { name: "direct" } })).status()).toBe(403);

  const page = await context.newPage();
  await new SettingsPage(page).goto();
  await page.getByPlaceholder("Token name, e.g. Claude Desktop").fill("After re-entering");
  await page.getByRole("button", { name: "Create token" }).click();
  const dialog = page.getByTestId("reauth-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Password", { exact: true }).fill("not my password");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog).toContainText("That is not your password.");
  await expect(page.getByTestId("new-token")).toHaveCount(0);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("new-token")).toBeVisible();
  await expect(dialog).toBeHidden();
  const tokens = (await (await context.request.get("/api/tokens")).json()) as { tokens: { name: string }[] };
  expect(tokens.tokens.map((t) => t.name)).toEqual(["After re-entering"]);
  await context.close();
});
