// A black-box HTTP client for the project, written from docs/api.md alone.
// Signs a fresh user up and in, and talks to the JSON endpoints with a cookie jar.
export class Client {
  constructor(base) {
    this.base = base.replace(/\/$/, "");
    this.jar = new Map();
  }

  cookieHeader() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  keep(res) {
    const set = res.headers.getSetCookie ? res.headers.getSetCookie() : [];
    for (const c of set) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (value === "" || /max-age=0/i.test(c)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  async req(method, path, body, extra = {}) {
    const headers = { cookie: this.cookieHeader(), ...(extra.headers || {}) };
    let payload;
    if (body !== undefined && !(typeof body === "string")) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body);
    } else payload = body;
    const res = await fetch(this.base + path, {
      method,
      headers,
      body: payload,
      redirect: "manual",
      signal: AbortSignal.timeout(extra.timeoutMs || 60000),
    });
    this.keep(res);
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, json, text, headers: res.headers };
  }

  async signUpAndIn(email, password) {
    const reg = await this.req("POST", "/api/register", { email, password, name: email.split("@")[0] });
    if (reg.status !== 201 && reg.status !== 200) throw new Error(`register ${reg.status}: ${reg.text.slice(0, 200)}`);
    await this.signIn(email, password);
  }

  async signIn(email, password) {
    const csrf = await this.req("GET", "/api/auth/csrf");
    if (!csrf.json?.csrfToken) throw new Error(`csrf ${csrf.status}: ${csrf.text.slice(0, 200)}`);
    const form = new URLSearchParams({ csrfToken: csrf.json.csrfToken, email, password, callbackUrl: this.base + "/", json: "true" });
    const r = await this.req("POST", "/api/auth/callback/credentials", form.toString(), {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    if (r.status >= 400) throw new Error(`sign-in ${r.status}: ${r.text.slice(0, 200)}`);
    const s = await this.req("GET", "/api/auth/session");
    if (!s.json?.user) throw new Error(`no session after sign-in (${r.status}): ${s.text.slice(0, 200)}`);
    return s.json;
  }

  async tasks() {
    // every page (the API pages with nextCursor)
    const all = [];
    let cursor = null;
    for (let page = 0; page < 200; page++) {
      const r = await this.req("GET", `/api/tasks?status=all&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      if (r.status !== 200) throw new Error(`GET /api/tasks ${r.status}: ${r.text.slice(0, 200)}`);
      all.push(...r.json.tasks);
      cursor = r.json.nextCursor;
      if (!cursor) break;
    }
    return all;
  }
}

export function utcDay(offsetDays) {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d;
}

export function daysFromToday(iso) {
  const t = new Date(iso);
  const a = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
  const n = new Date();
  const b = Date.UTC(n.getUTCFullYear(), n.getUTCMonth(), n.getUTCDate());
  return Math.round((a - b) / 86400000);
}
