import type { CookieJar } from "./cookie-jar.mjs";

export type HttpReply = { status: number; json: unknown; text: string; headers: Headers };

export declare class HttpClient {
  readonly base: string;
  readonly address: string | undefined;
  readonly jar: CookieJar;
  constructor(base: string, options?: { address?: string });
  req(method: string, path: string, body?: unknown, options?: { headers?: Record<string, string>; timeoutMs?: number }): Promise<HttpReply>;
  signUpAndIn(email: string, password: string): Promise<{ user: { id?: string; email?: string }; expires: string }>;
  signIn(email: string, password: string): Promise<{ user: { id?: string; email?: string }; expires: string }>;
}
