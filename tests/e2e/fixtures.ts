/** Shared helpers for the end-to-end suite: accounts signed in through Auth.js over HTTP. */
import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";

export const PASSWORD = "correct horse battery staple";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export async function register(request: APIRequestContext, email: string, password = PASSWORD): Promise<void> {
  const res = await request.post("/api/register", { data: { email, password, name: email.split("@")[0] } });
  if (res.status() !== 201) throw new Error(`register ${res.status()}: ${await res.text()}`);
}

/** Signs in with the Credentials provider the way a browser form does; the context keeps the cookie. */
export async function signIn(request: APIRequestContext, email: string, password = PASSWORD): Promise<void> {
  const csrf = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken: csrf.csrfToken, email, password, callbackUrl: "/" },
    maxRedirects: 0,
  });
  if (res.status() >= 400) throw new Error(`sign-in ${res.status()}`);
  const session = (await (await request.get("/api/auth/session")).json()) as { user?: { email?: string } } | null;
  if (session?.user?.email !== email) throw new Error("no session after sign-in");
}

export async function signUpAndIn(request: APIRequestContext, prefix = "user"): Promise<{ email: string }> {
  const email = uniqueEmail(prefix);
  await register(request, email);
  await signIn(request, email);
  return { email };
}
