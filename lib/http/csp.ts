/**
 * The Content-Security-Policy of every page: inline scripts only with this response's nonce
 * (Next.js puts it on its own, reading it from the request's CSP header), script files only
 * from our origin; no plugins; no framing; requests and images only to our own origin (a
 * remote image in a message loads nothing). Styles may be inline (React style attributes);
 * scripts may not. No 'strict-dynamic': it would let any script-created inline script run,
 * and every script file we load is our own anyway.
 */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string, { dev = false, https = false }: { dev?: boolean; https?: boolean } = {}): string {
  return [
    "default-src 'self'",
    // React's development build needs eval for its debugging aids; production never does.
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}
