/** The Prisma client (server-only) and nothing else. One pool per process. */
import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { loadEnv } from "@/lib/env";

export type { Prisma } from "@/lib/generated/prisma/client";

const globalForDb = globalThis as unknown as { __db?: PrismaClient };

function createClient(): PrismaClient {
  const url = loadEnv().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const adapter = new PrismaPg({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30000,
  });
  return new PrismaClient({ adapter });
}

/** Lazily created so that importing a module never opens a connection (e.g. during `next build`). */
export function getDb(): PrismaClient {
  globalForDb.__db ??= createClient();
  return globalForDb.__db;
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const client = getDb();
    const value = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});
