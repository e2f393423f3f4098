/**
 * `Idempotency-Key` on task writes (docs/api.md "Idempotency-Key"): a write sent with a key runs
 * in one transaction with the claim of that key, and its answer is stored in the same row, so the
 * same key from the same user within 24 h gets the first answer again and changes nothing —
 * also when the first answer was lost or the server died right after the change (the change and
 * the stored answer commit together or not at all). Two requests with one key at the same time:
 * the second waits for the first's transaction and then replays its answer. A write that fails
 * changes nothing and stores nothing, so retrying with the same key is safe. Keys are scoped to
 * the user; a key reused for a different request (method, path or body) is refused with
 * `409 conflict:idempotency`.
 */
import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { getDb, type Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { TRANSACTION_OPTIONS } from "@/lib/tasks/service";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 60_000;

/** What a write answers: stored as it is and replayed for the same key. */
export type WriteAnswer = { status: number; body: unknown; requestId: string | null };

const keySchema = z.uuid();

/** The request's Idempotency-Key, null when absent; 400 when it is not a UUID. */
export function idempotencyKeyOf(request: Request): string | null {
  const raw = request.headers.get("idempotency-key");
  if (raw === null) return null;
  const parsed = keySchema.safeParse(raw.trim());
  if (!parsed.success) throw new AppError("bad_request:idempotency", "Idempotency-Key: must be a UUID.");
  return parsed.data.toLowerCase();
}

/** JSON with object keys sorted, so the same body in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export function fingerprintOf(method: string, path: string, input: unknown): string {
  return createHash("sha256")
    .update(`${method.toUpperCase()} ${path}\n${canonical(input)}`)
    .digest("hex");
}

function toResponse(answer: WriteAnswer, replayed: boolean): Response {
  const headers = new Headers();
  if (answer.requestId) headers.set("x-request-id", answer.requestId);
  if (replayed) headers.set("idempotent-replayed", "true");
  if (answer.body === null || answer.body === undefined) return new Response(null, { status: answer.status, headers });
  return Response.json(answer.body, { status: answer.status, headers });
}

/**
 * Runs `write` once per (user, key): with no key, as it is; with one, in a transaction that
 * claims the key first (`write` must do its changes in `db`). `input` is the validated body
 * (undefined for none): with the method and path it tells a replay from a different request.
 */
export async function idempotentWrite({
  request,
  userId,
  input,
  write,
}: {
  request: Request;
  userId: string;
  input: unknown;
  write: (db: Prisma.TransactionClient | undefined) => Promise<WriteAnswer>;
}): Promise<Response> {
  const key = idempotencyKeyOf(request);
  if (!key) return toResponse(await write(undefined), false);
  const fingerprint = fingerprintOf(request.method, new URL(request.url).pathname, input);
  schedulePrune();
  const { answer, replayed } = await getDb().$transaction(async (tx) => {
    const expired = new Date(Date.now() - IDEMPOTENCY_TTL_MS);
    await tx.idempotencyKey.deleteMany({ where: { userId, key, createdAt: { lt: expired } } });
    // Waits for a concurrent request with the same key to commit (or roll back) before deciding.
    const claimed = await tx.idempotencyKey.createMany({ data: [{ userId, key, fingerprint, status: 0 }], skipDuplicates: true });
    if (claimed.count === 0) {
      const stored = await tx.idempotencyKey.findUnique({ where: { userId_key: { userId, key } } });
      if (!stored)
        throw new AppError("conflict:idempotency", "A request with this Idempotency-Key is still running. Try again in a moment.", {
          retryAfter: 1,
        });
      if (stored.fingerprint !== fingerprint) {
        throw new AppError(
          "conflict:idempotency",
          "This Idempotency-Key was already used for a different request. Use a new key for a new change.",
        );
      }
      return { answer: { status: stored.status, body: stored.body, requestId: stored.requestId } satisfies WriteAnswer, replayed: true };
    }
    const answer = await write(tx);
    await tx.idempotencyKey.update({
      where: { userId_key: { userId, key } },
      data: {
        status: answer.status,
        body: answer.body === undefined || answer.body === null ? undefined : (answer.body as Prisma.InputJsonValue),
        requestId: answer.requestId,
      },
    });
    return { answer, replayed: false };
  }, TRANSACTION_OPTIONS);
  return toResponse(answer, replayed);
}

let lastPrune = 0;

/** Deletes answers older than the 24 h window; returns how many went. */
export async function pruneExpiredIdempotencyKeys(): Promise<number> {
  const { count } = await getDb().idempotencyKey.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - IDEMPOTENCY_TTL_MS) } } });
  return count;
}

/** At most once a minute per process, in the background (indexed on createdAt). */
function schedulePrune(now = performance.now()): void {
  if (lastPrune !== 0 && now - lastPrune < PRUNE_INTERVAL_MS) return;
  lastPrune = now;
  void pruneExpiredIdempotencyKeys().then(
    (count) => log.debug("idempotency.pruned", { count }),
    (error: unknown) => log.warn("idempotency.prune_failed", { error }),
  );
}
