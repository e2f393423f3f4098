/**
 * "Make a migrated database available": the logic behind scripts/with-db.ts, reusable by tests,
 * Playwright's webServer/globalSetup and other scripts.
 *
 * - DATABASE_URL set → use it (no embedded server).
 * - Otherwise → the embedded Postgres in `<dataDir>/postgres` (persistent, port 54329 or
 *   EMBEDDED_PG_PORT; reused if already running), and DATABASE_URL is set to it.
 * - Pending migrations are applied (scripts/db/migrate.ts), under Prisma's advisory lock, so
 *   several instances starting at once apply each migration once. The lock is a session lock:
 *   behind a transaction-mode pooler (DATABASE_POOLER=transaction) they go through
 *   DATABASE_DIRECT_URL (a direct connection), which is then required.
 * - AUTH_SECRET unset → a random secret generated once into `<dataDir>/auth-secret` (mode 600)
 *   and exported, so `npm run dev` / a local `npm start` need no configuration. Not done for
 *   NODE_ENV=production with an external DATABASE_URL (a real deployment must set its own).
 * - VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY unset → a Web Push key pair generated once into
 *   `<dataDir>/vapid-keys.json` (mode 600) and exported, under the same conditions (lib/push).
 */
import { createECDH, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded";
import { migrate, type MigrateResult } from "./migrate";
import { ROOT, dataDir as defaultDataDir } from "./paths";

export interface EnsureDatabaseOptions {
  /** Where the cluster (`postgres/`) and `auth-secret` live. Default: DATA_DIR or `<root>/.data`. */
  dataDir?: string;
  /** Use this database instead of the embedded one. Default: process.env.DATABASE_URL;
   *  `null` forces the embedded server even when DATABASE_URL is set (tests). */
  databaseUrl?: string | null;
  /** Embedded server port. Default: EMBEDDED_PG_PORT or 54329. */
  port?: number;
  /** `false`: throw-away cluster, deleted by stop(). Default true. */
  persistent?: boolean;
  /** Apply pending migrations. Default true. */
  migrate?: boolean;
  /** Ensure AUTH_SECRET (see above). Default true. */
  authSecret?: boolean;
  /** Ensure VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY (see above). Default: as authSecret. */
  vapidKeys?: boolean;
  /** Write DATABASE_URL / AUTH_SECRET / VAPID keys into process.env. Default true. */
  setEnv?: boolean;
  /** Let the embedded server install SIGINT/SIGTERM handlers that stop it and exit. Default true. */
  handleSignals?: boolean;
  log?: (message: string) => void;
}

export interface EnsuredDatabase {
  url: string;
  /** Set when the embedded server is used. */
  embedded?: EmbeddedPostgres;
  migrations?: MigrateResult;
  authSecret?: string;
  /** The variables to pass to a child process (DATABASE_URL, and AUTH_SECRET when ensured). */
  env: Record<string, string>;
  /** Stops the embedded server if this process owns it. */
  stop(): Promise<void>;
}

const defaultLog = (message: string) => console.error(`[db] ${message}`);

/** AUTH_SECRET from the environment, or the one persisted in `<dataDir>/auth-secret` (created once). */
export function ensureAuthSecret(dir: string = defaultDataDir(), log: (message: string) => void = defaultLog): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const file = path.join(dir, "auth-secret");
  const shown = path.relative(ROOT, file).startsWith("..") ? file : path.relative(ROOT, file);
  let secret = "";
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    // not created yet
  }
  if (secret) {
    log(`AUTH_SECRET is not set; using the generated local secret in ${shown}`);
    return secret;
  }
  fs.mkdirSync(dir, { recursive: true });
  const fresh = randomBytes(32).toString("base64url");
  try {
    fs.writeFileSync(file, `${fresh}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return fs.readFileSync(file, "utf8").trim(); // another process created it just now
  }
  log(`AUTH_SECRET is not set; generated a local secret into ${shown} (mode 600) and using it`);
  return fresh;
}

/**
 * The Web Push (VAPID) key pair from the environment, or the one persisted in
 * `<dataDir>/vapid-keys.json` (created once): a P-256 key pair, base64url, as web-push's
 * generateVAPIDKeys() makes it (uncompressed public point, raw private scalar).
 */
export function ensureVapidKeys(
  dir: string = defaultDataDir(),
  log: (message: string) => void = defaultLog,
): { publicKey: string; privateKey: string } {
  if (process.env.VAPID_PUBLIC_KEY && process.env.VAPID_PRIVATE_KEY)
    return { publicKey: process.env.VAPID_PUBLIC_KEY, privateKey: process.env.VAPID_PRIVATE_KEY };
  const file = path.join(dir, "vapid-keys.json");
  const shown = path.relative(ROOT, file).startsWith("..") ? file : path.relative(ROOT, file);
  const read = (): { publicKey: string; privateKey: string } | undefined => {
    try {
      const keys = JSON.parse(fs.readFileSync(file, "utf8")) as { publicKey?: unknown; privateKey?: unknown };
      return typeof keys.publicKey === "string" && typeof keys.privateKey === "string"
        ? { publicKey: keys.publicKey, privateKey: keys.privateKey }
        : undefined;
    } catch {
      return undefined; // not created yet
    }
  };
  const existing = read();
  if (existing) return existing;
  fs.mkdirSync(dir, { recursive: true });
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const fresh = { publicKey: ecdh.getPublicKey().toString("base64url"), privateKey: ecdh.getPrivateKey().toString("base64url") };
  try {
    fs.writeFileSync(file, `${JSON.stringify(fresh)}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const other = read(); // another process created it just now
    if (other) return other;
    throw error;
  }
  log(`VAPID keys are not set; generated a Web Push key pair into ${shown} (mode 600) and using it`);
  return fresh;
}

/** Where migrations run: the direct URL when one is given for an external database, else the database URL. */
export function migrationUrl(externalUrl: string | undefined, url: string, env: Record<string, string | undefined> = process.env): string {
  if (!externalUrl) return url;
  if (env.DATABASE_DIRECT_URL) return env.DATABASE_DIRECT_URL;
  if (env.DATABASE_POOLER === "transaction") {
    throw new Error(
      "DATABASE_POOLER=transaction: migrations hold a session-level advisory lock, which a transaction-mode pooler cannot keep. " +
        "Set DATABASE_DIRECT_URL to a direct connection to the database (docs/deploy.md).",
    );
  }
  return url;
}

export async function ensureDatabase(options: EnsureDatabaseOptions = {}): Promise<EnsuredDatabase> {
  const log = options.log ?? defaultLog;
  const dir = options.dataDir ? path.resolve(options.dataDir) : defaultDataDir();
  const setEnv = options.setEnv ?? true;
  const externalUrl = options.databaseUrl === undefined ? process.env.DATABASE_URL : options.databaseUrl;

  let embedded: EmbeddedPostgres | undefined;
  let url: string;
  if (externalUrl) {
    url = externalUrl;
  } else {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(dir, "postgres"),
      port: options.port,
      persistent: options.persistent ?? true,
      handleSignals: options.handleSignals,
      log,
    });
    url = embedded.url;
  }

  try {
    const migrations =
      options.migrate === false ? undefined : await migrate({ databaseUrl: migrationUrl(externalUrl ?? undefined, url), log });
    const env: Record<string, string> = { DATABASE_URL: url };
    let authSecret: string | undefined;
    const deployment = process.env.NODE_ENV === "production" && Boolean(externalUrl);
    if ((options.authSecret ?? true) && !(deployment && !process.env.AUTH_SECRET)) {
      authSecret = ensureAuthSecret(dir, log);
      env.AUTH_SECRET = authSecret;
    }
    if ((options.vapidKeys ?? options.authSecret ?? true) && !(deployment && !process.env.VAPID_PUBLIC_KEY)) {
      const keys = ensureVapidKeys(dir, log);
      env.VAPID_PUBLIC_KEY = keys.publicKey;
      env.VAPID_PRIVATE_KEY = keys.privateKey;
    }
    if (setEnv) Object.assign(process.env, env);
    return {
      url,
      embedded,
      migrations,
      authSecret,
      env,
      stop: async () => {
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
