import { z } from "zod";
import { assertScope, authenticateToken, type AuthContext } from "@/lib/auth/require-user";
import { AppError } from "@/lib/errors";
import { errorResponse } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";
import { handleMcpRequest, isWritingToolCall } from "@/lib/mcp/server";
import { enforceWriteRateLimit } from "@/lib/rate-limit/writes";

export const dynamic = "force-dynamic";

/**
 * MCP clients authenticate with a personal access token only (no cookies, so no CSRF surface).
 * A POST body is read here with the API's size limit (413) and must be one JSON-RPC message:
 * batches are refused. A call of a tool that changes tasks needs the tasks:write scope and
 * counts against the write limits, like a REST write.
 */
async function handle(request: Request): Promise<Response> {
  try {
    const token = await authenticateToken(request).catch((error: unknown) => {
      if (error instanceof AppError && error.type === "unauthorized") return null;
      throw error;
    });
    if (!token) throw new AppError("unauthorized:mcp", "A valid personal access token is required (Authorization: Bearer …).");
    const auth: AuthContext = { user: token.user, via: "token", tokenId: token.tokenId, scopes: token.scopes };
    assertScope(auth, "tasks:read");
    let parsedBody: unknown;
    if (request.method === "POST") {
      parsedBody = await readJson(request, z.unknown());
      if (Array.isArray(parsedBody))
        throw new AppError("bad_request:mcp_batch", "JSON-RPC batches are not supported: send one message per request.");
      if (isWritingToolCall(parsedBody)) {
        assertScope(auth, "tasks:write");
        await enforceWriteRateLimit({ userId: auth.user.id, tokenId: token.tokenId });
      }
    }
    return await handleMcpRequest(
      request,
      { userId: token.user.id, timeZone: token.user.timezone, actor: "mcp", requestId: null },
      parsedBody,
    );
  } catch (error) {
    const response = errorResponse(error, { path: "/api/mcp" });
    if (response.status === 401) response.headers.set("WWW-Authenticate", 'Bearer realm="talk-todo"');
    return response;
  }
}

export const GET = handle;
export const POST = handle;
export const DELETE = handle;
