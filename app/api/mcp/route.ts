import { AppError } from "@/lib/errors";
import { verifyApiToken } from "@/lib/auth/tokens";
import { errorResponse } from "@/lib/http/respond";
import { handleMcpRequest } from "@/lib/mcp/server";

export const dynamic = "force-dynamic";

/** MCP clients authenticate with a personal access token only (no cookies, so no CSRF surface). */
async function handle(request: Request): Promise<Response> {
  try {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization")?.trim() ?? "");
    const user = match?.[1] ? await verifyApiToken(match[1]) : null;
    if (!user) throw new AppError("unauthorized:mcp", "A valid personal access token is required (Authorization: Bearer …).");
    return await handleMcpRequest(request, { userId: user.id, timeZone: user.timezone, actor: "mcp", requestId: null });
  } catch (error) {
    const response = errorResponse(error, { path: "/api/mcp" });
    if (response.status === 401) response.headers.set("WWW-Authenticate", 'Bearer realm="talk-todo"');
    return response;
  }
}

export const GET = handle;
export const POST = handle;
export const DELETE = handle;
