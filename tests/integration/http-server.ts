/**
 * Serves route handlers over real HTTP on 127.0.0.1 for clients that need a URL (the MCP
 * client, provider SDKs): Node request → Web Request → handler → Web Response → Node response.
 * Like scripts/serve.ts, it stamps the socket's address on the request (lib/http/client-address.ts).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { stampSocketAddress } from "@/lib/http/client-address";

type Handler = (request: Request) => Promise<Response>;

export async function serveHandler(handler: Handler): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    stampSocketAddress(req); // as scripts/serve.ts does
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(key, value);
      else if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    }
    const body = chunks.length && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
    const response = await handler(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body }));
    const head: Record<string, string | string[]> = Object.fromEntries(response.headers);
    if (response.headers.getSetCookie().length) head["set-cookie"] = response.headers.getSetCookie();
    res.writeHead(response.status, head);
    if (response.body) {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
    }
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
