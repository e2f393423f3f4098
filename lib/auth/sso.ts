/**
 * Single sign-on: which providers are on (each by its environment variables), and which of our
 * users a provider's account signs in as. An identity is keyed by its issuer and the subject
 * that issuer gave it (two issuers' subjects never meet); once linked it always signs in as its
 * user. A new identity links to the account with the same email only when both sides have
 * proved the address: the provider says it is verified (GitHub: the address's own `verified`
 * flag) and the account's owner verified it (`User.emailVerifiedAt`). An account whose address
 * is not verified is never linked by email (`account_exists_unverified`): whoever registered it
 * may not own the mailbox. Its owner links a provider from Settings after signing in
 * (`linkSsoIdentity`). Without an account, a verified address makes one (with no password).
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

export type SsoIdentity = {
  provider: string;
  issuer: string;
  providerAccountId: string;
  email: string | null | undefined;
  emailVerified: boolean;
  name: string | null | undefined;
};
export type SsoRefusal = "unverified_email" | "account_exists_unverified" | "identity_in_use";
export type SsoResolution = { userId: string } | { refused: SsoRefusal };

const GITHUB_ISSUER = "https://github.com";
const GOOGLE_ISSUER = "https://accounts.google.com";

/** The issuer an identity of this provider comes from (an OpenID Connect one: AUTH_OIDC_ISSUER, without a trailing slash). */
export function issuerOf(provider: string): string {
  if (provider === "github") return GITHUB_ISSUER;
  if (provider === "google") return GOOGLE_ISSUER;
  if (provider === "oidc") {
    const issuer = loadEnv().AUTH_OIDC_ISSUER;
    // eslint-disable-next-line regexp/no-super-linear-move -- the issuer is the operator's own setting, never a request's
    if (issuer) return issuer.replace(/\/+$/, "");
  }
  throw new Error(`no issuer for the sign-in provider ${provider}`);
}

/**
 * Whether the provider vouches for the email: OpenID Connect providers (Google, any issuer) say
 * so in `email_verified`; for GitHub, `githubUserinfo` sets it from the address's own
 * `verified` flag in GitHub's list of the account's addresses.
 */
export function isEmailVerified(provider: string, profile: Record<string, unknown> | undefined): boolean {
  return profile?.email_verified === true || (provider !== "github" && profile?.email_verified === "true");
}

type GithubEmail = { email?: unknown; verified?: unknown; primary?: unknown };

/**
 * The address a GitHub account signs in with, and whether GitHub verified it: the public
 * profile address when the account's address list marks it verified, else the primary verified
 * one, else any verified one; without a verified address, the public one (or none), unverified.
 */
export function githubEmail(publicEmail: unknown, emails: unknown): { email: string | null; verified: boolean } {
  const list = (Array.isArray(emails) ? emails : []).filter(
    (e): e is GithubEmail & { email: string } => typeof e === "object" && e !== null && typeof (e as GithubEmail).email === "string",
  );
  const verified = list.filter((e) => e.verified === true);
  const pick =
    verified.find((e) => typeof publicEmail === "string" && e.email.toLowerCase() === publicEmail.toLowerCase()) ??
    verified.find((e) => e.primary === true) ??
    verified[0];
  if (pick) return { email: pick.email, verified: true };
  return { email: typeof publicEmail === "string" ? publicEmail : null, verified: false };
}

/**
 * GitHub's userinfo step for Auth.js: the profile (`/user`) plus the account's address list
 * (`/user/emails`, scope `user:email`), so the email used is one GitHub verified.
 */
export function githubUserinfo(apiBaseUrl = "https://api.github.com") {
  return {
    url: `${apiBaseUrl}/user`,
    async request({ tokens }: { tokens: { access_token?: string } }): Promise<Record<string, unknown>> {
      const headers = { authorization: `Bearer ${tokens.access_token}`, "user-agent": "talk-todo", accept: "application/vnd.github+json" };
      const profileRes = await fetch(`${apiBaseUrl}/user`, { headers });
      if (!profileRes.ok) throw new Error(`GitHub /user answered ${profileRes.status}`);
      const profile = (await profileRes.json()) as Record<string, unknown>;
      const emailsRes = await fetch(`${apiBaseUrl}/user/emails`, { headers });
      const chosen = githubEmail(profile.email, emailsRes.ok ? await emailsRes.json() : []);
      return { ...profile, email: chosen.email, email_verified: chosen.verified };
    },
  };
}

async function linkedUser(issuer: string, providerAccountId: string): Promise<string | null> {
  const row = await db.userIdentity.findUnique({
    where: { issuer_providerAccountId: { issuer, providerAccountId } },
    select: { userId: true },
  });
  return row?.userId ?? null;
}

/**
 * The linked user of an identity. OpenID Connect identities linked before identities carried
 * their issuer are marked `legacy:oidc` (the migration could not know AUTH_OIDC_ISSUER): the
 * configured issuer claims such a row on its first sign-in.
 */
async function knownUser(identity: Pick<SsoIdentity, "provider" | "issuer" | "providerAccountId">): Promise<string | null> {
  const { provider, issuer, providerAccountId } = identity;
  const known = await linkedUser(issuer, providerAccountId);
  if (known || provider !== "oidc") return known;
  const legacy = await db.userIdentity.updateManyAndReturn({
    where: { issuer: "legacy:oidc", providerAccountId },
    data: { issuer },
    select: { userId: true },
  });
  return legacy[0]?.userId ?? null;
}

/** The user an identity signs in as, linking or creating the account on its first sign-in. */
export async function resolveSsoUser(identity: SsoIdentity): Promise<SsoResolution> {
  const { provider, issuer, providerAccountId } = identity;
  const known = await knownUser(identity);
  if (known) return { userId: known };
  const email = emailSchema.safeParse(identity.email ?? "");
  if (!email.success || !identity.emailVerified) return { refused: "unverified_email" };
  const name = identity.name?.trim().slice(0, NAME_MAX) || null;
  try {
    return await db.$transaction(async (tx): Promise<SsoResolution> => {
      const existing = await tx.user.findUnique({ where: { email: email.data }, select: { id: true, emailVerifiedAt: true } });
      if (existing && !existing.emailVerifiedAt) return { refused: "account_exists_unverified" };
      const user =
        existing ??
        (await tx.user.create({
          data: { email: email.data, passwordHash: null, name, emailVerifiedAt: new Date() },
          select: { id: true },
        }));
      await tx.userIdentity.create({ data: { userId: user.id, provider, issuer, providerAccountId } });
      return { userId: user.id };
    });
  } catch (error) {
    // A concurrent first sign-in of the same identity (or email) won the race: use its result.
    if (!isUniqueViolation(error)) throw error;
    const winner = await linkedUser(issuer, providerAccountId);
    if (winner) return { userId: winner };
    return resolveSsoUser(identity);
  }
}

/**
 * Links an identity to a signed-in user who asked for it from Settings (after re-entering the
 * password): whatever email the provider reports, since the user proved both sides. An identity
 * already linked to another user stays where it is (`identity_in_use`).
 */
export async function linkSsoIdentity({
  userId,
  identity,
}: {
  userId: string;
  identity: Pick<SsoIdentity, "provider" | "issuer" | "providerAccountId">;
}): Promise<SsoResolution> {
  const { provider, issuer, providerAccountId } = identity;
  const known = await knownUser(identity);
  if (known) return known === userId ? { userId } : { refused: "identity_in_use" };
  try {
    await db.userIdentity.create({ data: { userId, provider, issuer, providerAccountId } });
    return { userId };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return (await linkedUser(issuer, providerAccountId)) === userId ? { userId } : { refused: "identity_in_use" };
  }
}

/** The user an already resolved identity belongs to (the jwt callback, right after signIn). */
export function userForIdentity(provider: string, providerAccountId: string): Promise<string | null> {
  return linkedUser(issuerOf(provider), providerAccountId);
}
