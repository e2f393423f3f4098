// The eval runner's client of a running app: the support kit's HttpClient (a cookie jar, sign-up
// and sign-in through Auth.js), plus every task of the signed-in user.
import { HttpClient } from "../support/http-client.mjs";

export class Client extends HttpClient {
  /** Every task of the user, all pages (the API pages with nextCursor). */
  async tasks() {
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

/** Noon UTC, `offsetDays` from today. */
export function utcDay(offsetDays) {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d;
}
