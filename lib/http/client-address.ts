/**
 * The client's network address, for per-address limits. It is the address of the socket the
 * request arrived on, unless the operator says that TRUSTED_PROXY_HOPS proxies stand in front
 * of the app: then it is the address the outermost trusted proxy saw, the n-th from the right
 * of X-Forwarded-For. Headers the server does not trust are ignored: a client can write any
 * X-Forwarded-For it likes.
 *
 * Route handlers cannot see the socket, so the HTTP server in front of Next (scripts/serve.ts)
 * stamps its address on every request in a header of our own, replacing whatever the client
 * sent under that name. Where no server stamps it (`next dev`), the address is unknown (null)
 * and only the per-email and global limits apply.
 *
 * No `server-only` here: scripts/serve.ts imports this module.
 */
import { isIPv4, isIPv6 } from "node:net";

export const SOCKET_ADDRESS_HEADER = "x-talk-todo-socket-address";
const STAMPED = Symbol.for("talk-todo.socketAddressStamped");

type NodeRequestLike = { headers: Record<string, string | string[] | undefined>; socket: { remoteAddress?: string } };

/** Called by the HTTP server for every request before Next sees it. */
export function stampSocketAddress(request: NodeRequestLike): void {
  (globalThis as { [STAMPED]?: boolean })[STAMPED] = true;
  delete request.headers[SOCKET_ADDRESS_HEADER];
  const address = request.socket.remoteAddress;
  if (address) request.headers[SOCKET_ADDRESS_HEADER] = address;
}

function expandIPv6(address: string): string[] | null {
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? left.length !== 8 : missing < 1) return null;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...right];
}

/**
 * One key per client: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 network, which is
 * what one subscriber gets; counting single IPv6 addresses would let one client rotate freely.
 */
export function normalizeAddress(raw: string): string | null {
  let address = raw.trim().toLowerCase();
  // With a port, as some proxies write it: "203.0.113.5:8080", "[2001:db8::1]:443".
  const bracketed = /^\[([^\]]*)\](?::\d{1,5})?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d{1,5}$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  const zone = address.indexOf("%"); // zone id
  if (zone >= 0) address = address.slice(0, zone);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1]) address = mapped[1];
  if (isIPv4(address)) return address;
  if (!isIPv6(address) || address.includes(".")) return null;
  const groups = expandIPv6(address);
  if (!groups) return null;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/** The client address of a request, or null when it cannot be known. */
export function clientAddressOf(headers: Headers, trustedProxyHops: number): string | null {
  if (!(globalThis as { [STAMPED]?: boolean })[STAMPED]) return null;
  const socket = headers.get(SOCKET_ADDRESS_HEADER);
  if (!socket) return null;
  if (trustedProxyHops === 0) return normalizeAddress(socket);
  // Nearest first: the socket (the last proxy), then X-Forwarded-For from the right.
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .reverse();
  const path = [socket, ...chain];
  // Fewer entries than trusted hops: the farthest address we have (a proxy was skipped).
  const entry = path[Math.min(trustedProxyHops, path.length - 1)]!;
  // A trusted proxy wrote something that is not an address ("unknown", a name): still a key of
  // its own, so the per-address limits keep counting (null would turn them off; case 52).
  return normalizeAddress(entry) ?? `unparsed:${entry.slice(0, 100)}`;
}
