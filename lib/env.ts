/**
 * Every environment variable the app reads, validated once with zod. A malformed or missing
 * variable stops `dev`/`build`/`start` (next.config.ts calls `loadEnv()`) with its name.
 * Nothing else in the code reads `process.env` directly.
 */
import { z } from "zod";
import { parseAllowedOrigins } from "./push/origins";

const intFrom = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Postgres URL. Unset in development: `scripts/with-db.ts` starts an embedded Postgres and sets it. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /** Connections per server process (each of `scripts/serve.ts`'s workers has its own pool). */
  DATABASE_POOL_MAX: intFrom(1, 100).default(10),
  /**
   * What DATABASE_URL points at: the database itself (`none`), or a connection pooler in
   * session or transaction mode (PgBouncer, Supavisor, RDS Proxy, …). `transaction`: no named
   * prepared statements (a transaction-mode pooler hands each transaction any server
   * connection, where a statement prepared on another one does not exist). Either pooler mode:
   * the start-up connection budget is not checked against the server (the pooler bounds it).
   */
  DATABASE_POOLER: z.enum(["none", "session", "transaction"]).default("none"),
  /** A direct connection (no transaction-mode pooler) for migrations; required with DATABASE_POOLER=transaction. */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /** Postgres cancels any statement of the app that runs longer than this. */
  DATABASE_STATEMENT_TIMEOUT_MS: intFrom(100, 600000).default(15000),
  /** Signs session cookies. Generated and kept in .data/auth-secret when unset locally. */
  AUTH_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /** Public origin of the app (https://… in production turns on secure cookies). */
  AUTH_URL: optionalUrl,
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),

  /** Outgoing mail (password-reset links): smtp://user:pass@host:587 (STARTTLS) or smtps://…:465. Unset: links go to the development server's log. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  /** The From of outgoing mail, e.g. "Talk Todo <todo@example.com>". Default: no-reply@ the AUTH_URL host. */
  MAIL_FROM: z.string().min(3).max(320).optional(),

  /**
   * Web Push (lib/push): the VAPID key pair (base64url, as `npx web-push generate-vapid-keys`
   * prints them) and the contact the push services see (mailto: or https:). Unset locally:
   * generated once into .data/vapid-keys.json by `npm run dev`/`npm start`. Unset in a
   * deployment: push reminders are off.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, "must be the base64url public key (65 bytes)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, "must be the base64url private key (32 bytes)")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(?:mailto:[^\s@]+@\S+|https:\/\/\S+)$/, "must be a mailto: or https:// URL")
    .optional(),
  /**
   * Comma-separated origins of the push services the server may send to (https://host, or
   * https://*.domain for any subdomain). Default: the major browsers' services (lib/push/origins.ts).
   * A subscription on any other origin is refused, and never sent to.
   */
  PUSH_ALLOWED_ORIGINS: z.string().max(4000).optional(),
  /** How often the reminder dispatcher looks for due reminders (lib/reminders/loop.ts); 0 turns it off in this process. */
  REMINDER_POLL_MS: intFrom(0, 3_600_000).default(15_000),
  /** Reminders missed (server down) are still sent up to this many hours late, with their age stated. */
  REMINDER_CATCHUP_HOURS: intFrom(0, 24 * 30).default(24),

  /** Single sign-on, each provider on when its id and secret are set (callback: <AUTH_URL>/api/auth/callback/<github|google|oidc>). */
  AUTH_GITHUB_ID: z.string().min(1).optional(),
  AUTH_GITHUB_SECRET: z.string().min(1).optional(),
  AUTH_GOOGLE_ID: z.string().min(1).optional(),
  AUTH_GOOGLE_SECRET: z.string().min(1).optional(),
  /** Any OpenID Connect issuer (Keycloak, Authentik, Zitadel…): its issuer URL, client id and secret, and the button's name. */
  AUTH_OIDC_ISSUER: optionalUrl,
  AUTH_OIDC_ID: z.string().min(1).optional(),
  AUTH_OIDC_SECRET: z.string().min(1).optional(),
  AUTH_OIDC_NAME: z.string().min(1).max(40).default("Single sign-on"),

  /** Which model answers: builtin (offline, default without keys), google, openai-compatible. */
  AI_PROVIDER: z.enum(["builtin", "google", "openai-compatible"]).optional(),
  /** Model id for the chosen provider (must be in the provider's allow-list, see lib/agent/models.ts). */
  AI_MODEL: z.string().min(1).max(128).optional(),
  GOOGLE_GENERATIVE_AI_API_KEY: z.string().min(1).optional(),
  /** Override of Gemini's base URL (tests point it at a local fake server). */
  GOOGLE_GENERATIVE_AI_BASE_URL: optionalUrl,
  OPENAI_COMPATIBLE_BASE_URL: optionalUrl,
  OPENAI_COMPATIBLE_API_KEY: z.string().min(1).optional(),
  /** Comma-separated extra model ids allowed for the OpenAI-compatible server (same as AI_ALLOWED_MODELS). */
  OPENAI_COMPATIBLE_MODELS: z.string().max(2000).optional(),
  /**
   * Comma-separated model ids a client may pick besides AI_MODEL (the chat page then offers a
   * model picker). Unset: only the configured model.
   */
  AI_ALLOWED_MODELS: z
    .string()
    .max(2000)
    .regex(/^[A-Za-z0-9._:/@-]+(\s*,\s*[A-Za-z0-9._:/@-]+)*$/, "must be a comma-separated list of model ids")
    .optional(),
  /** Tokens (input + output, as the provider reports them) one user may use per UTC day; 0 = no budget. */
  AI_DAILY_TOKEN_BUDGET: intFrom(0, 1_000_000_000).default(1_000_000),
  /** The most characters of conversation history sent to the model with a turn. */
  AGENT_HISTORY_CHARS: intFrom(1000, 2_000_000).default(40_000),
  AI_TEMPERATURE: z.coerce.number().min(0).max(1).default(0),
  AI_MAX_OUTPUT_TOKENS: intFrom(64, 32768).default(1024),
  AI_STEP_TIMEOUT_MS: intFrom(1000, 300000).default(30000),
  AI_TURN_TIMEOUT_MS: intFrom(1000, 600000).default(30000),
  AI_MAX_RETRIES: intFrom(0, 5).default(2),
  AGENT_MAX_STEPS: intFrom(1, 50).default(10),
  /** Tool calls one turn may make (approved ones included); at the bound the turn sums up and stops. */
  AGENT_MAX_TOOL_CALLS: intFrom(1, 100).default(10),
  AGENT_HISTORY_MESSAGES: intFrom(1, 200).default(20),
  /** Seed 003's `enable_retry`: retry a tool call that failed because the database was unavailable. */
  AGENT_TOOL_RETRY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Seed 003's `retry_attempts`: retries of such a call (with AGENT_TOOL_RETRY=true) before the model hears of the failure. */
  AGENT_TOOL_RETRY_ATTEMPTS: intFrom(0, 10).default(1),

  RATE_LIMIT_PER_MINUTE: intFrom(1, 100000).default(20),
  RATE_LIMIT_PER_DAY: intFrom(1, 10000000).default(500),
  /** Writes (REST and MCP) per user per minute, all clients together. */
  WRITE_RATE_LIMIT_PER_MINUTE: intFrom(1, 1000000).default(120),
  /** Writes per personal access token per minute. */
  TOKEN_WRITE_RATE_LIMIT_PER_MINUTE: intFrom(1, 1000000).default(60),
  /** Quick-add readings (POST /api/tasks/parse, sent as the person types) per user per minute. */
  PARSE_RATE_LIMIT_PER_MINUTE: intFrom(1, 1000000).default(120),

  /**
   * How many reverse proxies in front of the app append to X-Forwarded-For. 0 (default): the
   * client address is the socket's and X-Forwarded-For is ignored. See docs/security.md.
   */
  TRUSTED_PROXY_HOPS: intFrom(0, 10).default(0),
  /** Sign-ups per client address per hour. */
  REGISTER_LIMIT_PER_HOUR: intFrom(1, 1000000).default(10),
  /** Sign-in attempts per client address per 15 minutes, any email (each costs one password check). */
  SIGN_IN_LIMIT_PER_ADDRESS: intFrom(1, 1000000).default(60),
  /** Sign-ups per hour from everyone together: a backstop against address rotation. */
  REGISTER_GLOBAL_LIMIT_PER_HOUR: intFrom(1, 10000000).default(500),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid environment:\n  ${issues.join("\n  ")}`);
    this.name = "EnvError";
  }
}

/** Parses a set of variables; throws EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const env = result.data;
  const building = source.NEXT_PHASE === "phase-production-build";
  const missing: string[] = [];
  if (!building && env.NODE_ENV !== "test") {
    if (!env.DATABASE_URL)
      missing.push("DATABASE_URL: required (run through `npm run dev`/`npm start`, which start an embedded Postgres when it is unset)");
    if (!env.AUTH_SECRET) missing.push("AUTH_SECRET: required (generated automatically by `npm run dev`/`npm start` when unset)");
  }
  if (env.AI_PROVIDER === "google" && !env.GOOGLE_GENERATIVE_AI_API_KEY) {
    missing.push("GOOGLE_GENERATIVE_AI_API_KEY: required when AI_PROVIDER=google");
  }
  if (env.AI_PROVIDER === "openai-compatible" && !env.OPENAI_COMPATIBLE_BASE_URL) {
    missing.push("OPENAI_COMPATIBLE_BASE_URL: required when AI_PROVIDER=openai-compatible");
  }
  if (env.AI_PROVIDER === "openai-compatible" && !env.AI_MODEL) {
    missing.push("AI_MODEL: required when AI_PROVIDER=openai-compatible");
  }
  for (const [provider, keys] of Object.entries({
    GitHub: ["AUTH_GITHUB_ID", "AUTH_GITHUB_SECRET"],
    Google: ["AUTH_GOOGLE_ID", "AUTH_GOOGLE_SECRET"],
    "OpenID Connect": ["AUTH_OIDC_ISSUER", "AUTH_OIDC_ID", "AUTH_OIDC_SECRET"],
  } as const)) {
    const set = keys.filter((key) => env[key] !== undefined);
    if (set.length && set.length < keys.length) {
      for (const key of keys)
        if (env[key] === undefined)
          missing.push(`${key}: required for ${provider} sign-in (${set.join(", ")} ${set.length === 1 ? "is" : "are"} set)`);
    }
  }
  if (env.SMTP_URL && !env.AUTH_URL) {
    // Mailed links must not take their origin from a request's Host header (anyone can send one).
    missing.push("AUTH_URL: required when SMTP_URL is set (the origin of links in mails)");
  }
  try {
    parseAllowedOrigins(env.PUSH_ALLOWED_ORIGINS);
  } catch (error) {
    missing.push((error as Error).message);
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    missing.push(
      `${env.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY"}: required with ${env.VAPID_PUBLIC_KEY ? "VAPID_PUBLIC_KEY" : "VAPID_PRIVATE_KEY"} (set both, or neither)`,
    );
  }
  if (missing.length) throw new EnvError(missing);
  return env;
}

let cached: Env | undefined;

/** The validated environment of this process (parsed once). */
export function loadEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests change variables between cases; production never calls this. */
export function resetEnvForTests(): void {
  cached = undefined;
}
