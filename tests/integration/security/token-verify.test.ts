/**
 * A personal access token is checked in one statement (lib/auth/tokens.ts verifyApiToken): a
 * revoked or expired token is refused whatever else it could do, and using a live one records
 * when it was last used (at most once a minute).
 */
import { describe, expect, it } from "vitest";
import { GET as tasksGET } from "@/app/api/tasks/route";
import { db } from "@/lib/db";
import { apiRequest, createTestUser } from "../helpers";

const list = (auth: Record<string, string>) => tasksGET(apiRequest("/api/tasks", { headers: auth }), undefined);

describe("an access token on a request", () => {
  it("works while live and records its use; revoked or expired, it is 401", async () => {
    const ada = await createTestUser("ada");
    const token = await db.apiToken.findFirstOrThrow({ where: { userId: ada.user.id } });
    expect(token.lastUsedAt).toBeNull();
    expect((await list(ada.auth)).status).toBe(200);
    const used = await db.apiToken.findUniqueOrThrow({ where: { id: token.id } });
    expect(used.lastUsedAt).not.toBeNull();
    expect(Math.abs(used.lastUsedAt!.getTime() - Date.now())).toBeLessThan(60_000);

    await db.apiToken.update({ where: { id: token.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await list(ada.auth)).status).toBe(401);
    await db.apiToken.update({ where: { id: token.id }, data: { expiresAt: new Date(Date.now() + 3_600_000) } });
    expect((await list(ada.auth)).status).toBe(200);
    await db.apiToken.update({ where: { id: token.id }, data: { revokedAt: new Date() } });
    expect((await list(ada.auth)).status).toBe(401);
  });
});
