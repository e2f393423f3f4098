/**
 * Next.js proxy (formerly middleware): gives every page request a fresh CSP nonce
 * (lib/http/csp.ts). Headers only — never an authorization boundary: every route handler and
 * page checks the user itself. API routes and static files are not matched (JSON needs no CSP
 * nonce, and the chat's hot path stays free of it); their other security headers come from
 * next.config.ts.
 */
import { NextResponse, type NextRequest } from "next/server";
import { loadEnv } from "@/lib/env";
import { contentSecurityPolicy, createNonce } from "@/lib/http/csp";

export function proxy(request: NextRequest): NextResponse {
  const env = loadEnv();
  const nonce = createNonce();
  const policy = contentSecurityPolicy(nonce, {
    dev: env.NODE_ENV === "development",
    https: env.AUTH_URL?.startsWith("https://") ?? false,
  });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  headers.set("x-nonce", nonce);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api/|_next/|icon.svg|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
