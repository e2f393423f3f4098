/**
 * Single sign-on: which providers are on (each by its environment variables), and which of our
 * users a provider's account signs in as. An identity once linked always signs in as its user.
 * A new identity links to the account with the same email only when the provider says that
 * email is verified; without an account it makes one (with no password). An identity whose
 * email is not verified is refused, so nobody can take over an account by claiming its address.
 */
import "server-only";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { loadEnv } from "@/lib/env";
import { emailSchema } from "@/lib/auth/schema";
import { NAME_MAX } from "@/lib/limits";

export type SsoProviderId = "github" | "google" | "oidc";
export type SsoProvider = { id: SsoProviderId; name: string };

/** The providers switched on by the environment, in the order the sign-in page shows them. */
export function enabledSsoProviders(): SsoProvider[] {
  const env = loadEnv();
  const providers: SsoProvider[] = [];
  if (env.AUTH_GITHUB_ID && env.AUTH_GITHUB_SECRET) providers.push({ id: "github", name: "GitHub" });
  if (env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET) providers.push({ id: "google", name: "Google" });
  if (env.AUTH_OIDC_ISSUER && env.AUTH_OIDC_ID && env.AUTH_OIDC_SECRET) providers.push({ id: "oidc", name: env.AUTH_OIDC_NAME });
  return providers;
}

export type SsoIdentity = { provider: string; providerAccountId: string; email: string | null | undefined; emailVerified: boolean; name: string | null | undefined };
export type SsoResolution = { userId: string } | { refused: "unverified_email" };

/**
 * Whether the provider vouches for the email: OpenID Connect providers (Google, any issuer) say
 * so in `email_verified`; GitHub only ever shows an account's verified addresses.
 */
export function isEmailVerified(provider: string, profile: Record<string, unknown> | undefined): boolean {
  if (provider === "github") return true;
  return profile?.email_verified === true || profile?.email_verified === "true";
}

async function linkedUser(provider: string, providerAccountId: string): Promise<string | null> {
  const row = await db.userIdentity.findUnique({ where: { provider_providerAccountId: { provider, providerAccountId } }, select: { userId: true } });
  return row?.userId ?? null;
}

/** The user an identity signs in as, linking or creating the account on its first sign-in. */
export async function resolveSsoUser(identity: SsoIdentity): Promise<SsoResolution> {
  const { provider, providerAccountId } = identity;
  const known = await linkedUser(provider, providerAccountId);
  if (known) return { userId: known };
  const email = emailSchema.safeParse(identity.email ?? "");
  if (!email.success || !identity.emailVerified) return { refused: "unverified_email" };
  const name = identity.name?.trim().slice(0, NAME_MAX) || null;
  try {
    return await db.$transaction(async (tx) => {
      const user =
        (await tx.user.findUnique({ where: { email: email.data }, select: { id: true } })) ??
        (await tx.user.create({ data: { email: email.data, passwordHash: null, name }, select: { id: true } }));
      await tx.userIdentity.create({ data: { userId: user.id, provider, providerAccountId } });
      return { userId: user.id };
    });
  } catch (error) {
    // A concurrent first sign-in of the same identity (or email) won the race: use its result.
    if (!isUniqueViolation(error)) throw error;
    const winner = await linkedUser(provider, providerAccountId);
    if (winner) return { userId: winner };
    return resolveSsoUser(identity);
  }
}

/** The user an already resolved identity belongs to (the jwt callback, right after signIn). */
export function userForIdentity(provider: string, providerAccountId: string): Promise<string | null> {
  return linkedUser(provider, providerAccountId);
}
