/**
 * Auth.js (next-auth v5): Credentials provider, JWT sessions. The config is built per request
 * (lazy) so that importing this module never requires the environment, e.g. during a build.
 * `trustHost` and protocol-derived cookie names keep sign-in working under `next start` on
 * plain http; set AUTH_URL=https://… in production.
 */
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { loadEnv } from "@/lib/env";
import { authorizeCredentials, SignInThrottledError } from "@/lib/auth/sign-in";

class ThrottledSignIn extends CredentialsSignin {
  code = "rate_limited";
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => {
  const env = loadEnv();
  return {
    secret: env.AUTH_SECRET,
    trustHost: true,
    useSecureCookies: env.AUTH_URL ? env.AUTH_URL.startsWith("https://") : undefined,
    session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
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
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user?.id) token.sub = user.id;
        return token;
      },
      session({ session, token }) {
        if (token.sub) session.user.id = token.sub;
        return session;
      },
    },
  };
});
