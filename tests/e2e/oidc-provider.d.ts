/** The part of `oidc-provider` (which ships no types) that tests/e2e/sso.spec.ts uses. */
declare module "oidc-provider" {
  import type { Server } from "node:http";

  type Claims = Record<string, unknown> & { sub: string };
  type Account = { accountId: string; claims: () => Claims | Promise<Claims> };

  export type Configuration = {
    clients?: Record<string, unknown>[];
    cookies?: { keys?: string[] };
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    findAccount?: (ctx: unknown, id: string) => Account | undefined | Promise<Account | undefined>;
  };

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    listen(port: number, host?: string): Server;
  }
}
