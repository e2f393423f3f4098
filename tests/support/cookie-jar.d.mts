/** Set-Cookie lines, or where to read them: a fetch Response or a Node response (`headers["set-cookie"]`). */
export type SetCookieSource = string[] | { headers: { getSetCookie(): string[] } } | { headers: { "set-cookie"?: string[] } };

export declare class CookieJar {
  readonly cookies: Map<string, string>;
  header(): string;
  store(from: SetCookieSource): void;
  get(name: string): string | undefined;
  clear(): void;
  clone(): CookieJar;
}
