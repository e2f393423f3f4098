/**
 * Prisma's schema engine compiled to WebAssembly (`@prisma/schema-engine-wasm`), driven through
 * `@prisma/adapter-pg`. It needs no downloaded binary, so migrations can be authored offline.
 *
 * - The package's Node entry does `import * as wasm from "./schema_engine_bg.wasm"` (needs
 *   --experimental-wasm-modules), so we instantiate the .wasm by hand against `schema_engine_bg.js`.
 * - The engine sends multi-statement SQL through the adapter's `executeScript`; adapter-pg splits
 *   that on every ";" (breaks on semicolons in strings, comments or function bodies), so we run the
 *   script as one simple-protocol query instead.
 * - adapter-pg has no mapping for Postgres's internal one-byte "char" type (OID 18, and its array
 *   1002), which the engine's pg_catalog introspection queries return ("Column type 'char' could
 *   not be deserialized"). The values already arrive as strings, so our pg Client relabels those
 *   columns as text / text[].
 * - adapter-pg's own `connectToShadowDb()` creates a database but then connects with
 *   `{ connectionString, database }`, where the connection string wins — it would use the main
 *   database as the shadow. We create and drop a dedicated shadow database ourselves.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import pg from "pg";
import type { DiffResult, MigrationDirectory, MigrationList, SchemaContainer, SchemaEngine } from "@prisma/schema-engine-wasm";
import { PrismaPg } from "@prisma/adapter-pg";
import { MIGRATIONS_DIR, SCHEMA_PATH, migrationFolderNames } from "./paths";

const requireHere = createRequire(import.meta.url);

type WasmBindings = typeof import("@prisma/schema-engine-wasm") & { __wbg_set_wasm(exports: WebAssembly.Exports): void };

let bindingsPromise: Promise<WasmBindings> | undefined;

/** Instantiates the engine's .wasm once per process and returns its JS bindings. */
export function loadSchemaEngineWasm(): Promise<WasmBindings> {
  bindingsPromise ??= (async () => {
    const dir = path.dirname(requireHere.resolve("@prisma/schema-engine-wasm"));
    // The bindings report Rust panics here (the Prisma CLI installs the same global).
    const g = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: { message: string; set_message(m: string): void } };
    g.PRISMA_WASM_PANIC_REGISTRY ??= {
      message: "",
      set_message(message: string) {
        this.message = `RuntimeError: ${message}`;
      },
    };
    const bindings = (await import(pathToFileURL(path.join(dir, "schema_engine_bg.js")).href)) as WasmBindings;
    const bytes = await fsp.readFile(path.join(dir, "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, {
      "./schema_engine_bg.js": bindings as unknown as WebAssembly.ModuleImports,
    });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bindings;
  })();
  return bindingsPromise;
}

/** `bindMigrationAwareSqlAdapterFactory` from the driver-adapter-utils that adapter-pg itself uses. */
function bindFactory(factory: object): object {
  const adapterRequire = createRequire(requireHere.resolve("@prisma/adapter-pg"));
  const utils = adapterRequire("@prisma/driver-adapter-utils") as {
    bindMigrationAwareSqlAdapterFactory(factory: object): object;
  };
  return utils.bindMigrationAwareSqlAdapterFactory(factory);
}

type PgAdapter = Awaited<ReturnType<PrismaPg["connect"]>>;

function relabelCharColumns(result: unknown): unknown {
  const fields = (result as { fields?: { dataTypeID: number }[] } | undefined)?.fields ?? [];
  for (const field of fields) {
    if (field.dataTypeID === 18) field.dataTypeID = 25;
    if (field.dataTypeID === 1002) field.dataTypeID = 1009;
  }
  return result;
}

/** pg Client that reports "char" columns as text (see top comment). */
class CharAsTextClient extends pg.Client {
  // pg's query() has many overloads; pg.Pool#query passes a callback, a PoolClient returns a promise.
  query(...args: unknown[]): never {
    const last = args[args.length - 1];
    if (typeof last === "function") {
      args[args.length - 1] = (error: unknown, result: unknown) => last(error, relabelCharColumns(result));
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    return (result instanceof Promise ? result.then(relabelCharColumns) : result) as never;
  }
}

function patchExecuteScript(adapter: PgAdapter): PgAdapter {
  adapter.executeScript = async (script: string) => {
    try {
      await adapter.underlyingDriver().query(script);
    } catch (error) {
      // Throws the adapter's DriverAdapterError (mapped Postgres error), as executeScript would.
      (adapter as unknown as { onError(error: unknown): never }).onError(error);
    }
  };
  return adapter;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, "postgres") });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A migration-aware adapter factory for `url` whose shadow databases are fresh, dropped on dispose. */
function adapterFactory(url: string) {
  const disposers = new Set<() => Promise<void>>();
  const connectTo = async (target: string, onDispose?: () => Promise<void>) => {
    const pool = new pg.Pool({ connectionString: target, Client: CharAsTextClient, max: 4 });
    const adapter = patchExecuteScript(await new PrismaPg(pool, { disposeExternalPool: true }).connect());
    const dispose = adapter.dispose.bind(adapter);
    let disposed = false;
    const once = async () => {
      if (disposed) return;
      disposed = true;
      disposers.delete(once);
      await dispose();
      await onDispose?.();
    };
    adapter.dispose = once;
    disposers.add(once);
    return adapter;
  };
  const factory = {
    provider: "postgres" as const,
    adapterName: "@prisma/adapter-pg",
    connect: () => connectTo(url),
    async connectToShadowDb() {
      const name = `prisma_migrate_shadow_db_${randomUUID().replaceAll("-", "")}`;
      await adminQuery(url, `CREATE DATABASE "${name}"`);
      return connectTo(withDatabase(url, name), () => adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
  return {
    factory,
    async disposeAll() {
      for (const dispose of [...disposers]) await dispose().catch(() => {});
    },
  };
}

/**
 * Runs `fn` with a wasm schema engine whose "datasource" is `url` (introspected by `schemaDatasource`
 * diffs) and whose shadow databases are created on the same server. Frees everything afterwards.
 */
export async function withSchemaEngine<T>(url: string, fn: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  const { SchemaEngine } = await loadSchemaEngineWasm();
  const schemaFiles = readSchemaFiles();
  const adapters = adapterFactory(url);
  const debug = process.env.DEBUG_SCHEMA_ENGINE ? (log: string) => console.error(`[schema-engine] ${log}`) : () => {};
  const engine = await SchemaEngine.new(
    { datamodels: schemaFiles.map((file) => [file.path, file.content] as [string, string]) },
    debug,
    bindFactory(adapters.factory),
  );
  try {
    return await fn(engine);
  } finally {
    engine.free();
    await adapters.disposeAll();
  }
}

export function readSchemaFiles(schemaPath = SCHEMA_PATH): SchemaContainer[] {
  return [{ path: schemaPath, content: fs.readFileSync(schemaPath, "utf8") }];
}

/** The migrations directory in the shape the engine takes (what the Prisma CLI passes it). */
export function readMigrationsList(migrationsDir = MIGRATIONS_DIR): MigrationList {
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  const migrationDirectories: MigrationDirectory[] = migrationFolderNames(migrationsDir).map((name) => {
    const file = path.join(migrationsDir, name, "migration.sql");
    let content: MigrationDirectory["migrationFile"]["content"];
    try {
      content = { tag: "ok", value: fs.readFileSync(file, "utf8") };
    } catch (error) {
      content = { tag: "error", value: String(error) };
    }
    return { path: name, migrationFile: { path: "migration.sql", content } };
  });
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}

const noFilters = { externalTables: [], externalEnums: [] };

/**
 * Diff `from` → schema.prisma. `from`: "migrations" (the committed migrations replayed on a shadow
 * database), "database" (what is in `url` now) or "empty". Returns the engine's result:
 * `exitCode` 0 = no difference, 2 = differences; `stdout` = SQL script or human summary.
 */
export async function diffToSchema(
  url: string,
  from: "migrations" | "database" | "empty",
  options: { script?: boolean } = {},
): Promise<DiffResult> {
  return withSchemaEngine(url, (engine) =>
    engine.diff({
      from:
        from === "migrations"
          ? { tag: "migrations", ...readMigrationsList() }
          : from === "database"
            ? { tag: "schemaDatasource", files: readSchemaFiles(), configDir: process.cwd() }
            : { tag: "empty" },
      to: { tag: "schemaDatamodel", files: readSchemaFiles() },
      script: options.script ?? false,
      exitCode: true,
      filters: noFilters,
    }),
  );
}

/** Prisma's migration folder timestamp: UTC YYYYMMDDHHMMSS. */
export function migrationTimestamp(date = new Date()): string {
  return date.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

export interface PlannedMigration {
  /** `<timestamp>_<name>`, as Prisma names migration folders. */
  directoryName: string;
  /** The SQL; undefined when the schema already matches the migrations (and not `draft`). */
  script?: string;
}

/**
 * What `prisma migrate dev --create-only` computes: the SQL taking the committed migrations
 * (replayed on a shadow database) to schema.prisma. The engine's own `createMigration` cannot be
 * used with the wasm build on Postgres (it is not handed the adapter factory, so it fails with
 * "PostgreSQL shadow DB must be provided through an external factory"); `diff` from the
 * migrations directory is the same computation and does get the factory.
 */
export async function planMigration(url: string, name: string, draft = false): Promise<PlannedMigration> {
  const result = await diffToSchema(url, "migrations", { script: true });
  const directoryName = `${migrationTimestamp()}_${name}`;
  if (result.exitCode === 0 && !draft) return { directoryName };
  const script = result.exitCode === 0 ? "-- This is an empty migration.\n" : (result.stdout ?? "");
  return { directoryName, script };
}
