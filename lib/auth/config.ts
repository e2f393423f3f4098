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
 */
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { loadEnv } from "@/lib/env";
import { signInInputSchema } from "@/lib/auth/schema";
import { getSessionVersion, getUserForSignIn } from "@/lib/auth/users";
import { tokenSessionVersion } from "@/lib/auth/session-token";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/limits";
import { getDummyHash, verifyPassword } from "@/lib/auth/password";
import { clientAddress, isSignInThrottled, recordFailedSignIn } from "@/lib/auth/throttle";
import { log } from "@/lib/log";

class ThrottledSignIn extends CredentialsSignin {
  code = "rate_limited";
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => {
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
          const parsed = signInInputSchema.safeParse(credentials);
          if (!parsed.success) return null;
          const { email, password } = parsed.data;
          const address = clientAddress(request.headers);
          if (await isSignInThrottled(email, address)) {
            log.warn("auth.signin_throttled");
            throw new ThrottledSignIn();
          }
          const user = await getUserForSignIn({ email });
          const ok = await verifyPassword(password, user?.passwordHash ?? (await getDummyHash()));
          if (!user || !ok) {
            await recordFailedSignIn(email, address);
            return null;
          }
          return { id: user.id, email: user.email, name: user.name };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user?.id) {
          // Signing in: the session starts at the user's current version.
          const version = await getSessionVersion({ id: user.id });
          if (version === null) return null;
          token.sub = user.id;
          token.sv = version;
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
