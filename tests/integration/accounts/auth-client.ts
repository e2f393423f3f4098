/**
 * A browser's view of Auth.js for integration tests: sign in through the real Credentials
 * callback (app/api/auth/[...nextauth]), keep the cookies it sets, and send them on.
 */
import { NextRequest } from "next/server";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { CookieJar } from "@/tests/support/cookie-jar.mjs";

export const ORIGIN = "http://localhost:3000";

/** A browser signed in (or not) through Auth.js: its cookie jar (tests/support/cookie-jar.mjs) and requests carrying it. */
export class Browser {
  readonly jar = new CookieJar();

  header(): string {
    return this.jar.header();
  }

  store(response: Response): void {
    this.jar.store(response);
  }

  request(
    path: string,
    init: { method?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Request {
    const headers: Record<string, string> = { cookie: this.header(), host: "localhost:3000", origin: ORIGIN, ...(init.headers ?? {}) };
    let body: string | undefined;
    if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    }
    return new Request(`${ORIGIN}${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
  }

  async auth(path: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const request = new NextRequest(this.request(path, init));
    const response = await (request.method === "GET" ? authGet(request) : authPost(request));
    this.store(response);
    return response;
  }

  /** Signs in with email and password; true when Auth.js set a session cookie. */
  async signIn(email: string, password: string): Promise<boolean> {
    const csrf = (await (await this.auth("/api/auth/csrf")).json()) as { csrfToken: string };
    await this.auth("/api/auth/callback/credentials", {
      method: "POST",
      form: { csrfToken: csrf.csrfToken, email, password, callbackUrl: "/" },
    });
    return this.sessionToken() !== undefined;
  }

  sessionToken(): string | undefined {
    return this.jar.get("authjs.session-token");
  }

  /** GET /api/auth/session: the session Auth.js reports (null when signed out). */
  async session(): Promise<{ user?: { email?: string }; expires?: string } | null> {
    return (await (await this.auth("/api/auth/session")).json()) as { user?: { email?: string }; expires?: string } | null;
  }

  clone(): Browser {
    const copy = new Browser();
    for (const [k, v] of this.jar.cookies) copy.jar.cookies.set(k, v);
    return copy;
  }
}
