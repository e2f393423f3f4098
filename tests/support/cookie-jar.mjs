/**
 * What a browser keeps of the cookies a server sets: name → value, updated from Set-Cookie lines
 * (an empty value, `Max-Age=0` or an `Expires` in the past removes the cookie), sent back as one
 * Cookie header. Attributes other than expiry (Path, Domain, Secure…) are not modelled: every
 * client here talks to one origin.
 */
export class CookieJar {
  /** @type {Map<string, string>} */
  cookies = new Map();

  /** The Cookie header to send ("" when empty). */
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /**
   * Takes in Set-Cookie lines: a fetch Response (`getSetCookie()`), a Node response's
   * `headers["set-cookie"]`, or the lines themselves.
   */
  store(from) {
    const lines = Array.isArray(from)
      ? from
      : from && typeof from.headers?.getSetCookie === "function"
        ? from.headers.getSetCookie()
        : (from?.headers?.["set-cookie"] ?? []);
    for (const line of lines) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.slice(a.indexOf("=") + 1)) <= Date.now()),
      );
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name) {
    return this.cookies.get(name);
  }

  clear() {
    this.cookies.clear();
  }

  clone() {
    const copy = new CookieJar();
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }
}
