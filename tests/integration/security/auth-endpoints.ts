/**
 * The real Auth.js endpoints and the password-reset confirmation, served over HTTP in the test
 * process, with a CSRF token taken the way a browser takes it: for tests that sign in many
 * times from chosen client addresses (X-Forwarded-For, with TRUSTED_PROXY_HOPS set).
 */
import { POST as confirmReset } from "@/app/api/password-reset/confirm/route";
import { handlers } from "@/lib/auth/config";
import { serveHandler } from "../http-server";

export type SignInOutcome = "signed_in" | "wrong" | "throttled";

export async function serveAuthEndpoints() {
  const served = await serveHandler((request) => {
    if (new URL(request.url).pathname === "/api/password-reset/confirm") return confirmReset(request, { params: Promise.resolve({}) });
    return request.method === "GET" ? handlers.GET(request as never) : handlers.POST(request as never);
  });
  const res = await fetch(`${served.url}/api/auth/csrf`);
  const csrf = {
    token: ((await res.json()) as { csrfToken: string }).csrfToken,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  };

  /** One sign-in through the credentials form, classified by where Auth.js sends the browser. */
  async function signIn(email: string, password: string, headers: Record<string, string> = {}): Promise<SignInOutcome> {
    const answer = await fetch(`${served.url}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrf.cookie, ...headers },
      body: new URLSearchParams({ email, password, csrfToken: csrf.token, callbackUrl: "/" }),
    });
    const location = answer.headers.get("location") ?? "";
    if (location.includes("code=rate_limited")) return "throttled";
    if (location.includes("error=CredentialsSignin")) return "wrong";
    if (answer.status === 302 && (answer.headers.get("set-cookie") ?? "").includes("authjs.session-token=")) return "signed_in";
    throw new Error(`unexpected answer ${answer.status} ${location}`);
  }

  /** Uses a reset link: `POST /api/password-reset/confirm`. */
  function confirmResetLink(token: string, newPassword: string, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${served.url}/api/password-reset/confirm`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ token, newPassword }),
    });
  }

  return { signIn, confirmResetLink, close: served.close };
}
