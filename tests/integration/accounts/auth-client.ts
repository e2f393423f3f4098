/**
 * A browser's view of Auth.js for integration tests: sign in through the real Credentials
 * callback (app/api/auth/[...nextauth]), keep the cookies it sets, and send them on.
 */
import { NextRequest } from "next/server";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...nextauth]/route";

export const ORIGIN = "http://localhost:3000";

/** A cookie jar: name → value, updated from Set-Cookie headers (an expired cookie is removed). */
export class Browser {
  readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]!) <= Date.now());
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  request(path: string, init: { method?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {}): Request {
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
    await this.auth("/api/auth/callback/credentials", { method: "POST", form: { csrfToken: csrf.csrfToken, email, password, callbackUrl: "/" } });
    return this.sessionToken() !== undefined;
  }

  sessionToken(): string | undefined {
    return this.cookies.get("authjs.session-token");
  }

  /** GET /api/auth/session: the session Auth.js reports (null when signed out). */
  async session(): Promise<{ user?: { email?: string }; expires?: string } | null> {
    return (await (await this.auth("/api/auth/session")).json()) as { user?: { email?: string }; expires?: string } | null;
  }

  clone(): Browser {
    const copy = new Browser();
    for (const [k, v] of this.cookies) copy.cookies.set(k, v);
    return copy;
  }
}
