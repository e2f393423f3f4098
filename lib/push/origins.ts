/**
 * Which push services the server may send to. A subscription's endpoint is a URL the browser
 * hands over and the client posts to us: without this check, "subscribe" would make the server
 * POST to any URL a user chose (server-side request forgery). Checked when a subscription is
 * created AND before every send (the list may have changed since).
 */

/** The push services of the major browsers (their endpoints' origins). */
export const DEFAULT_PUSH_ORIGINS = [
  "https://fcm.googleapis.com", // Chrome, Edge on Android, Opera, Samsung Internet (Firebase Cloud Messaging)
  "https://updates.push.services.mozilla.com", // Firefox (Mozilla autopush)
  "https://*.push.apple.com", // Safari on macOS and iOS (web.push.apple.com)
  "https://*.notify.windows.com", // Edge on Windows (WNS, e.g. wns2-par02p.notify.windows.com)
] as const;

type OriginPattern = { protocol: string; host: string; port: string; anySubdomain: boolean };

function parsePattern(pattern: string): OriginPattern {
  const match = /^(https?):\/\/(\*\.)?([a-z0-9.-]+|\[[0-9a-f:]+\])(?::(\d{1,5}))?\/?$/i.exec(pattern.trim());
  const [, protocol, wildcard, host, port] = match ?? [];
  if (!protocol || !host) throw new Error(`PUSH_ALLOWED_ORIGINS: "${pattern}" is not an origin (https://host[:port] or https://*.domain)`);
  const defaultPort = protocol.toLowerCase() === "https" ? "443" : "80";
  return {
    protocol: `${protocol.toLowerCase()}:`,
    host: host.toLowerCase(),
    port: port && port !== defaultPort ? port : "",
    anySubdomain: Boolean(wildcard),
  };
}

/** Parses the comma-separated list (unset or empty: the defaults). Throws on a malformed entry. */
export function parseAllowedOrigins(value: string | undefined): OriginPattern[] {
  const entries = value?.trim() ? value.split(",").filter((e) => e.trim()) : [...DEFAULT_PUSH_ORIGINS];
  return entries.map(parsePattern);
}

/** Whether `endpoint` is an absolute URL on one of the allowed origins (no credentials in it). */
export function isAllowedEndpoint(endpoint: string, allowed: OriginPattern[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return allowed.some((p) => {
    if (url.protocol !== p.protocol || url.port !== p.port) return false;
    return p.anySubdomain ? host.endsWith(`.${p.host}`) : host === p.host;
  });
}
