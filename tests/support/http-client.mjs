/**
 * A client of the running app over HTTP, as a browser is one: fetch with a cookie jar, no
 * redirects followed, bodies read as text and JSON. `address` is sent as X-Forwarded-For (a
 * server started with TRUSTED_PROXY_HOPS=1 counts each simulated user as its own address).
 */
import { CookieJar } from "./cookie-jar.mjs";

export class HttpClient {
  /**
   * @param {string} base e.g. http://127.0.0.1:3200
   * @param {{ address?: string }} [options]
   */
  constructor(base, options = {}) {
    this.base = base.replace(/\/$/, "");
    this.address = options.address;
    this.jar = new CookieJar();
  }

  /** One request; a non-string body is sent as JSON. */
  async req(method, path, body, options = {}) {
    const headers = { cookie: this.jar.header(), ...(this.address ? { "x-forwarded-for": this.address } : {}), ...(options.headers ?? {}) };
    let payload = body;
    if (body !== undefined && typeof body !== "string") {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body);
    }
    const res = await fetch(this.base + path, {
      method,
      headers,
      body: payload,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
    });
    this.jar.store(res);
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, json, text, headers: res.headers };
  }

  /** Registers (201) and signs in; throws with the server's answer when either fails. */
  async signUpAndIn(email, password) {
    const reg = await this.req("POST", "/api/register", { email, password, name: email.split("@")[0] });
    if (reg.status !== 201) throw new Error(`register ${reg.status}: ${reg.text.slice(0, 200)}`);
    return this.signIn(email, password);
  }

  /** Signs in through Auth.js's credentials form; resolves to the session Auth.js reports. */
  async signIn(email, password) {
    const csrf = await this.req("GET", "/api/auth/csrf");
    if (!csrf.json?.csrfToken) throw new Error(`csrf ${csrf.status}: ${csrf.text.slice(0, 200)}`);
    const form = new URLSearchParams({ csrfToken: csrf.json.csrfToken, email, password, callbackUrl: `${this.base}/`, json: "true" });
    const r = await this.req("POST", "/api/auth/callback/credentials", form.toString(), {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    if (r.status >= 400) throw new Error(`sign-in ${r.status}: ${r.text.slice(0, 200)}`);
    const session = await this.req("GET", "/api/auth/session");
    if (!session.json?.user) throw new Error(`no session after sign-in (${r.status}): ${session.text.slice(0, 200)}`);
    return session.json;
  }
}
