/**
 * Single sign-on in the browser against a real OpenID Connect provider (the certified
 * `oidc-provider` package) started by this test on 127.0.0.1 — the app's e2e server is told its
 * issuer (scripts/e2e-server.ts). Every request that would leave the machine is aborted.
 * The provider's own development login page accepts any login: we use the email as the login,
 * and a login starting with "unverified-" gets an email the provider does not vouch for.
 *
 * SECURITY.md 37: a password account whose address was never verified (anyone can register any
 * address) is never linked by email: the SSO sign-in is refused with an explanation, and the
 * owner links the provider from Settings after signing in with the password.
 *
 * The browser uses the app as http://localhost:<port>: Next.js reports a loopback request's
 * URL as localhost, so that is the host Auth.js builds the callback URL from (a deployment uses
 * its own domain, or AUTH_URL).
 */
import type { Server } from "node:http";
import { expect, test, type Page } from "@playwright/test";
import Provider from "oidc-provider";
import { PASSWORD, register, uniqueEmail } from "./fixtures";
import { LoginPage } from "./pages";

const appPort = Number(process.env.E2E_PORT ?? 3200);
const app = `http://localhost:${appPort}`;
const issuer = `http://127.0.0.1:${appPort + 1000}`;
let server: Server;

test.beforeAll(async () => {
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "talk-todo-e2e",
        client_secret: "e2e-oidc-client-secret",
        redirect_uris: [`${app}/api/auth/callback/oidc`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    cookies: { keys: ["e2e-oidc-cookie-key"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The id token carries the scope's claims (Auth.js reads the profile from it).
    conformIdTokenClaims: false,
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({
        sub: `sub-${id}`,
        email: id.replace(/^unverified-/, ""),
        email_verified: !id.startsWith("unverified-"),
        name: id.split("@")[0],
      }),
    }),
  });
  server = provider.listen(appPort + 1000, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test.beforeEach(async ({ context }) => {
  // No test reaches the network: the provider's page would load a web font.
  await context.route(
    (url) => url.hostname !== "127.0.0.1" && url.hostname !== "localhost",
    (route) => route.abort(),
  );
});

/** From the sign-in page through the provider's login and consent screens. */
async function signInWithSso(page: Page, login: string): Promise<void> {
  await page.goto(`${app}/login`);
  await new LoginPage(page).expectLoaded();
  await page.getByRole("button", { name: "Continue with Test SSO" }).click();
  await providerLogin(page, login);
}

/** The provider's own login and consent screens. */
async function providerLogin(page: Page, login: string): Promise<void> {
  await page.waitForURL(new RegExp(`^${issuer}/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

async function sessionEmail(page: Page): Promise<string | undefined> {
  const session = (await (await page.request.get(`${app}/api/auth/session`)).json()) as { user?: { email?: string } } | null;
  return session?.user?.email;
}

test("the sign-in page offers the enabled provider; a first sign-in makes an account, the next one returns to it", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("sso");
  await signInWithSso(page, email);
  await expect(page).toHaveURL(`${app}/`);
  expect(await sessionEmail(page)).toBe(email);
  const task = await page.request.post(`${app}/api/tasks`, { data: { title: "Made after SSO" }, headers: { origin: app } });
  expect(task.status()).toBe(201);

  // A fresh browser signs in to the same account: the task is there.
  const other = await browser.newContext();
  await other.route(
    (url) => url.hostname !== "127.0.0.1" && url.hostname !== "localhost",
    (route) => route.abort(),
  );
  const page2 = await other.newPage();
  await signInWithSso(page2, email);
  await expect(page2).toHaveURL(`${app}/`);
  const tasks = (await (await page2.request.get(`${app}/api/tasks`)).json()) as { tasks: { title: string }[] };
  expect(tasks.tasks.map((t) => t.title)).toEqual(["Made after SSO"]);
  await other.close();
});

test("37: an unverified password account with that email is not linked; its owner links the provider from Settings", async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueEmail("preaccount");
  // Someone registers the address with a password (nobody has verified it).
  await register(request, email);

  // Signing in with SSO by that address is refused, with a way forward; no session.
  const stranger = await browser.newContext();
  await stranger.route(
    (url) => url.hostname !== "127.0.0.1" && url.hostname !== "localhost",
    (route) => route.abort(),
  );
  const strangerPage = await stranger.newPage();
  await signInWithSso(strangerPage, email);
  const loginPage = new LoginPage(strangerPage);
  await loginPage.expectLoaded();
  await expect(loginPage.formError).toContainText("already exists");
  await expect(loginPage.formError).toContainText("Settings");
  expect(await sessionEmail(strangerPage)).toBeUndefined();
  await stranger.close();

  // The account's owner signs in with the password and links the provider from Settings.
  await page.goto(`${app}/login`);
  await new LoginPage(page).signIn(email, PASSWORD);
  await expect(page).toHaveURL(`${app}/`);
  await page.goto(`${app}/settings`);
  await expect(page.getByTestId("email-status")).toContainText("Not verified");
  await page.getByRole("button", { name: "Link Test SSO" }).click();
  await providerLogin(page, `other-${email}`);
  await expect(page).toHaveURL(`${app}/settings?linked=oidc`);
  await expect(page.getByText("Test SSO is linked")).toBeVisible();

  // From now on that provider account signs in to this account.
  const other = await browser.newContext();
  await other.route(
    (url) => url.hostname !== "127.0.0.1" && url.hostname !== "localhost",
    (route) => route.abort(),
  );
  const page2 = await other.newPage();
  await signInWithSso(page2, `other-${email}`);
  await expect(page2).toHaveURL(`${app}/`);
  expect(await sessionEmail(page2)).toBe(email);
  await other.close();
});

test("an email the provider does not vouch for is refused with an explanation, and links nothing", async ({ page, request }) => {
  const email = uniqueEmail("victim");
  await register(request, email);
  await signInWithSso(page, `unverified-${email}`);
  const loginPage = new LoginPage(page);
  await loginPage.expectLoaded();
  await expect(loginPage.formError).toContainText("no verified email address");
  expect(await sessionEmail(page)).toBeUndefined();
});
