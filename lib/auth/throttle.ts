/**
 * Brute-force protection: sign-in back-off per email+address and, as a ceiling for guesses
 * spread over many addresses, per email; sign-in attempts per address; sign-up limits per
 * address and overall. No back-off ever exceeds SIGN_IN_BACKOFF_MAX_MS (15 minutes), and the
 * owner always has a way in: an email+address pair that signed in or reset the password is
 * trusted (the email-wide back-off does not apply to it), and a reset clears every back-off of
 * the email.
 */
import "server-only";
import { AppError } from "@/lib/errors";
import { loadEnv } from "@/lib/env";
import { clientAddressOf } from "@/lib/http/client-address";
import {
  SIGN_IN_ATTEMPTS_WINDOW_MS,
  SIGN_IN_BACKOFF_BASE_MS,
  SIGN_IN_BACKOFF_MAX_MS,
  SIGN_IN_BACKOFF_RESET_MS,
  SIGN_IN_FREE_FAILURES_PER_ADDRESS,
  SIGN_IN_FREE_FAILURES_PER_EMAIL,
  SIGN_IN_TRUSTED_PAIR_MS,
} from "@/lib/limits";
import { log } from "@/lib/log";
import { sql } from "@/lib/db";
import { incrementKeyCounter, windowStart } from "@/lib/rate-limit/counter";
import { schedulePrune } from "@/lib/rate-limit/prune";

type Gate = { refused: boolean; retryAfter: number; trusted?: boolean };

/**
 * Counts one attempt on one back-off key and says whether it is refused, in one statement (the
 * row lock serialises parallel attempts, so 30 parallel guesses are 30 counts). An attempt is
 * refused while the key is blocked. Otherwise, with `reserve`, it counts as a failure up front
 * (a success clears the key afterwards), and past `free` failures it blocks the key for a delay
 * that doubles with every further failure, up to SIGN_IN_BACKOFF_MAX_MS. A refused attempt does
 * not extend the block, nor count as activity: an attacker cannot keep an account shut by
 * hammering it. A key without a counted attempt for SIGN_IN_BACKOFF_RESET_MS starts over.
 */
async function countAttempt(key: string, free: number, reserve: boolean, now: number): Promise<Gate> {
  schedulePrune();
  const rows = await sql<{ refused: boolean; blockedUntilMs: number | null; trusted: boolean }>(
    "signin_attempt",
    `INSERT INTO "SignInBackoff" AS s ("key", "attempts", "failures", "blockedUntil", "refused", "updatedAt")
     VALUES ($1, 1, $2::int, NULL, false, $3::timestamp(3))
     ON CONFLICT ("key") DO UPDATE SET
       "attempts" = CASE WHEN s."updatedAt" < $4::timestamp(3) THEN 1 ELSE s."attempts" + 1 END,
       "refused" = COALESCE(s."updatedAt" >= $4::timestamp(3) AND s."blockedUntil" > $3::timestamp(3), false),
       "failures" = CASE
         WHEN s."updatedAt" < $4::timestamp(3) THEN $2::int
         WHEN s."blockedUntil" > $3::timestamp(3) OR $2::int = 0 THEN s."failures"
         ELSE s."failures" + 1 END,
       "blockedUntil" = CASE
         WHEN s."updatedAt" < $4::timestamp(3) THEN NULL
         WHEN s."blockedUntil" > $3::timestamp(3) OR $2::int = 0 THEN s."blockedUntil"
         WHEN s."failures" + 1 > $5::int
           THEN $3::timestamp(3) + LEAST($6::float8, $7::float8 * power(2, s."failures" - $5::int)) * interval '1 millisecond'
         ELSE NULL END,
       "updatedAt" = CASE WHEN s."updatedAt" >= $4::timestamp(3) AND s."blockedUntil" > $3::timestamp(3) THEN s."updatedAt" ELSE $3::timestamp(3) END
     RETURNING "refused", (extract(epoch from "blockedUntil") * 1000)::float8 AS "blockedUntilMs", COALESCE("trustedUntil" > $3::timestamp(3), false) AS "trusted"`,
    [
      key,
      reserve ? 1 : 0,
      new Date(now).toISOString(),
      new Date(now - SIGN_IN_BACKOFF_RESET_MS).toISOString(),
      free,
      SIGN_IN_BACKOFF_MAX_MS,
      SIGN_IN_BACKOFF_BASE_MS,
    ],
  );
  const row = rows[0];
  const until = row?.blockedUntilMs ?? now;
  return { refused: Boolean(row?.refused), retryAfter: Math.max(1, Math.ceil((until - now) / 1000)), trusted: Boolean(row?.trusted) };
}

function emailKey(email: string): string {
  return `email:${email}`;
}

function pairKey(email: string, address: string): string {
  return `pair:${email}|${address}`;
}

/**
 * Attempts per client address per window, whatever the email, known or not (so the answer
 * tells nothing): each one that passes costs a password check, so this bounds one address's cost.
 */
async function countAddressAttempt(address: string, now: number): Promise<Gate> {
  const start = windowStart(now, SIGN_IN_ATTEMPTS_WINDOW_MS);
  const count = await incrementKeyCounter(`signin-address:${address}`, start);
  return {
    refused: count > loadEnv().SIGN_IN_LIMIT_PER_ADDRESS,
    retryAfter: Math.max(1, Math.ceil((start.getTime() + SIGN_IN_ATTEMPTS_WINDOW_MS - now) / 1000)),
  };
}

/**
 * Counts a sign-in attempt before the password is checked and decides on the counts: refused
 * while the address is over its attempts, or the email+address pair or the email is backing
 * off. The pair is decided first, and an attempt it refuses does not count as a failure against
 * the email, so one noisy client cannot slow down the account's owner signing in from
 * elsewhere; likewise an attempt the email refuses gives the pair its failure back (the owner
 * waiting out an attack on their email is not pushed into a back-off of their own). A trusted
 * pair (it signed in or reset the password before) is not subject to the email's back-off.
 */
export async function gateSignIn(email: string, address: string | null, now = Date.now()): Promise<Gate> {
  if (address) {
    const byAddress = await countAddressAttempt(address, now);
    if (byAddress.refused) return byAddress;
  }
  const pair = address ? await countAttempt(pairKey(email, address), SIGN_IN_FREE_FAILURES_PER_ADDRESS, true, now) : null;
  if (pair?.trusted && !pair.refused) return pair;
  const byEmail = await countAttempt(emailKey(email), SIGN_IN_FREE_FAILURES_PER_EMAIL, !pair?.refused, now);
  if (pair?.refused) return pair;
  if (byEmail.refused && address) {
    await sql(
      "signin_refund",
      `UPDATE "SignInBackoff" SET "failures" = GREATEST("failures" - 1, 0), "blockedUntil" = NULL WHERE "key" = $1`,
      [pairKey(email, address)],
    );
  }
  return byEmail;
}

/** Marks the email+address pair as the owner's: its back-off cleared, the email's not applied to it. */
async function trustPair(email: string, address: string, now: number): Promise<void> {
  await sql(
    "signin_trust",
    `INSERT INTO "SignInBackoff" ("key", "attempts", "failures", "blockedUntil", "refused", "trustedUntil", "updatedAt")
     VALUES ($1, 0, 0, NULL, false, $2::timestamp(3), $3::timestamp(3))
     ON CONFLICT ("key") DO UPDATE SET "failures" = 0, "blockedUntil" = NULL, "refused" = false, "trustedUntil" = $2::timestamp(3), "updatedAt" = $3::timestamp(3)`,
    [pairKey(email, address), new Date(now + SIGN_IN_TRUSTED_PAIR_MS).toISOString(), new Date(now).toISOString()],
  );
}

/** A successful sign-in ends the email's back-off and trusts the pair it came from. */
export async function clearSignInBackoff(email: string, address: string | null, now = Date.now()): Promise<void> {
  await sql("signin_clear", `DELETE FROM "SignInBackoff" WHERE "key" = $1`, [emailKey(email)]);
  if (address) await trustPair(email, address, now);
}

/** A completed password reset ends every back-off of the email (every address's) and trusts the pair that reset it. */
export async function clearSignInBackoffAfterReset(email: string, address: string | null, now = Date.now()): Promise<void> {
  await sql("signin_clear_all", `DELETE FROM "SignInBackoff" WHERE "key" = $1 OR starts_with("key", $2)`, [
    emailKey(email),
    `pair:${email}|`,
  ]);
  if (address) await trustPair(email, address, now);
}

/** The client's address (the socket's, or per TRUSTED_PROXY_HOPS), or null when unknown. */
export function clientAddress(headers: Headers): string | null {
  return clientAddressOf(headers, loadEnv().TRUSTED_PROXY_HOPS);
}

const HOUR = 60 * 60 * 1000;

function registerLimited(message: string, start: Date, now: number): AppError {
  return new AppError("rate_limit:register", message, { retryAfter: Math.ceil((start.getTime() + HOUR - now) / 1000) });
}

/**
 * Sign-ups per client address per hour (REGISTER_LIMIT_PER_HOUR), then for everyone together
 * (REGISTER_GLOBAL_LIMIT_PER_HOUR). Counted first, decided on the returned count, so a burst
 * cannot overshoot; an address over its own limit does not use up the global one.
 */
export async function assertRegistrationAllowed(headers: Headers, now = Date.now()): Promise<void> {
  const env = loadEnv();
  const address = clientAddress(headers);
  const start = windowStart(now, HOUR);
  if (address && (await incrementKeyCounter(`register:${address}`, start)) > env.REGISTER_LIMIT_PER_HOUR) {
    log.warn("auth.register_limited", { scope: "address" });
    throw registerLimited("Too many sign-ups from this address. Please try again later.", start, now);
  }
  if ((await incrementKeyCounter("register:*", start)) > env.REGISTER_GLOBAL_LIMIT_PER_HOUR) {
    log.warn("auth.register_limited", { scope: "global" });
    throw registerLimited("Sign-ups are paused for a while. Please try again later.", start, now);
  }
}
