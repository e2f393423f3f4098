import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project root: the nearest folder above this module with a package.json. This module runs
 * from scripts/db/paths.ts (tsx) and bundled into dist/*.js (scripts/build-server.mjs).
 */
export const ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

export const SCHEMA_PATH = path.join(ROOT, "prisma", "schema.prisma");
export const MIGRATIONS_DIR = path.join(ROOT, "prisma", "migrations");

/** Local state (Postgres cluster, generated AUTH_SECRET): `DATA_DIR`, default `<root>/.data`. */
export function dataDir(): string {
  return process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : path.join(ROOT, ".data");
}

/** The migration folder names under `migrationsDir`, sorted (Prisma's order); none if it is missing. */
export function migrationFolderNames(migrationsDir: string = MIGRATIONS_DIR): string[] {
  if (!fs.existsSync(migrationsDir)) return [];
  return fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}
