/**
 * What a personal access token may do. A token has one or more scopes; the browser session has
 * all of them and is the only way to manage tokens (a token can never mint, list or revoke
 * tokens, so a leaked token cannot entrench itself).
 */
export const TOKEN_SCOPES = ["tasks:read", "tasks:write", "agent"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** What a route needs: a scope, or the signed-in browser session itself. */
export type Requirement = TokenScope | "session";

export const SCOPE_LABELS: Record<TokenScope, string> = {
  "tasks:read": "Read tasks",
  "tasks:write": "Change tasks",
  agent: "Chat with the assistant",
};

export function isTokenScope(value: string): value is TokenScope {
  return (TOKEN_SCOPES as readonly string[]).includes(value);
}
