/**
 * Auth.js (next-auth v5): Credentials provider, JWT sessions. The config is built per request
 * (lazy) so that importing this module never requires the environment, e.g. during a build.
 * `trustHost` and protocol-derived cookie names keep sign-in working under `next start` on
 * plain http; set AUTH_URL=https://… in production.
 *
 * Sessions last 7 days after their last use: every read through Auth.js (`GET /api/auth/session`,
 * which the app calls while it is open, and `auth()`) re-issues the cookie with a fresh expiry.
 * Each token carries the user's session version (`sv`); a read whose version is no longer the
 * user's ends the session (the jwt callback returns null), and `requireUser` refuses it.
 *
 * Single sign-on (GitHub, Google, any OpenID Connect issuer) is on per provider when its
 * variables are set; lib/auth/sso.ts decides which of our users an identity signs in as.
 */
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import Google from "next-auth/providers/google";
import type { Provider } from "next-auth/providers";
import { loadEnv } from "@/lib/env";
import { authorizeCredentials, SignInThrottledError } from "@/lib/auth/sign-in";
import { getSessionUser, getSessionVersion } from "@/lib/auth/users";
import {
  enabledSsoProviders,
  githubUserinfo,
  isEmailVerified,
  issuerOf,
  linkSsoIdentity,
  resolveSsoUser,
  userForIdentity,
} from "@/lib/auth/sso";
import { readLinkIntent } from "@/lib/auth/sso-link-intent";
import { sessionClaims, tokenSessionVersion } from "@/lib/auth/session-token";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/limits";
import { log } from "@/lib/log";

/** The single sign-on providers the environment switches on. */
function ssoProviders(env: ReturnType<typeof loadEnv>): Provider[] {
  return enabledSsoProviders().map(({ id, name }): Provider => {
    switch (id) {
      case "github":
        // The address list, so the email used is one GitHub marks verified (lib/auth/sso.ts).
        return GitHub({ clientId: env.AUTH_GITHUB_ID, clientSecret: env.AUTH_GITHUB_SECRET, userinfo: githubUserinfo() });
      case "google":
        return Google({ clientId: env.AUTH_GOOGLE_ID, clientSecret: env.AUTH_GOOGLE_SECRET });
      case "oidc":
        return {
          id: "oidc",
          name,
          type: "oidc",
          issuer: env.AUTH_OIDC_ISSUER,
          clientId: env.AUTH_OIDC_ID,
          clientSecret: env.AUTH_OIDC_SECRET,
        };
    }
  });
}

class ThrottledSignIn extends CredentialsSignin {
  code = "rate_limited";
}

/**
 * The user a browser asked to link a provider to from Settings (lib/auth/sso-link-intent.ts),
 * when the browser is still signed in as that user; else null.
 */
async function linkIntentOf(request: Request | undefined): Promise<{ userId: string; provider: string } | null> {
  if (!request) return null;
  const intent = readLinkIntent(request.headers.get("cookie"));
  if (!intent) return null;
  const claims = await sessionClaims(request);
  if (claims?.userId !== intent.userId) return null;
  return (await getSessionVersion({ id: intent.userId })) === claims.sessionVersion ? intent : null;
}

export const { handlers, auth, signIn, signOut } = NextAuth((request) => {
  const env = loadEnv();
  return {
    secret: env.AUTH_SECRET,
    trustHost: true,
    useSecureCookies: env.AUTH_URL ? env.AUTH_URL.startsWith("https://") : undefined,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/login" },
    providers: [
      Credentials({
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, request) {
          try {
            return await authorizeCredentials(credentials, request.headers);
          } catch (error) {
            if (error instanceof SignInThrottledError) throw new ThrottledSignIn();
            throw error;
          }
        },
      }),
      ...ssoProviders(env),
    ],
    callbacks: {
      async signIn({ user, account, profile }) {
        if (!account || account.type === "credentials") return true;
        const identity = { provider: account.provider, issuer: issuerOf(account.provider), providerAccountId: account.providerAccountId };
        const intent = await linkIntentOf(request);
        if (intent?.provider === account.provider) {
          const linked = await linkSsoIdentity({ userId: intent.userId, identity });
          if ("refused" in linked) {
            log.warn("auth.sso_link_refused", { provider: account.provider, reason: linked.refused });
            return `/settings?link_error=${linked.refused}`;
          }
          log.info("auth.sso_linked", { provider: account.provider, userId: intent.userId });
          return true;
        }
        const resolved = await resolveSsoUser({
          ...identity,
          email: user.email,
          emailVerified: isEmailVerified(account.provider, profile),
          name: user.name,
        });
        if ("refused" in resolved) {
          log.warn("auth.sso_refused", { provider: account.provider, reason: resolved.refused });
          return `/login?error=${resolved.refused}`;
        }
        return true;
      },
      async jwt({ token, user, account }) {
        if (account && account.type !== "credentials") {
          // Signing in by single sign-on: the signIn callback has linked the identity to our user.
          const userId = await userForIdentity(account.provider, account.providerAccountId);
          const found = userId ? await getSessionUser({ id: userId }) : null;
          if (!found) return null;
          delete token.picture;
          token.sub = found.user.id;
          token.email = found.user.email;
          token.name = found.user.name;
          token.sv = found.sessionVersion;
          token.authAt = Math.floor(Date.now() / 1000);
          return token;
        }
        if (user?.id) {
          // Signing in: the session starts at the user's current version.
          const version = await getSessionVersion({ id: user.id });
          if (version === null) return null;
          token.sub = user.id;
          token.sv = version;
          token.authAt = Math.floor(Date.now() / 1000);
          return token;
        }
        // Every later read: an ended session (or a deleted user's) is not renewed but removed.
        if (!token.sub) return null;
        const version = await getSessionVersion({ id: token.sub });
        if (version === null || version !== tokenSessionVersion(token)) return null;
        return token;
      },
      session({ session, token }) {
        if (token.sub) session.user.id = token.sub;
        return session;
      },
    },
  };
});
