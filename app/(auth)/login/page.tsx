import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/auth-forms";
import { getPageUser } from "@/lib/ui/server/session";
import { enabledSsoProviders } from "@/lib/auth/sso";

export const metadata = { title: "Sign in" };

type Props = { searchParams: Promise<{ error?: string | string[]; code?: string | string[] }> };

export default async function LoginPage({ searchParams }: Props) {
  if (await getPageUser()) redirect("/");
  const { error, code } = await searchParams;
  return <LoginForm initialError={errorMessage(error, code)} providers={enabledSsoProviders()} />;
}

/** Auth.js redirects here with ?error=… (and ?code=…) when a sign-in outside the form fails. */
function errorMessage(error: string | string[] | undefined, code: string | string[] | undefined): string | undefined {
  if (code === "rate_limited") return "Too many sign-in attempts. Please wait a little and try again.";
  if (!error) return undefined;
  if (error === "CredentialsSignin") return "Invalid email or password";
  if (error === "unverified_email")
    return "That account has no verified email address, so it cannot sign in here. Verify the address with the provider, or sign in with your password.";
  if (error === "account_exists_unverified") {
    return "An account with this email already exists, but its address has not been verified, so single sign-on cannot use it. Sign in with your password (or reset it with “Forgot password?”), then link this sign-in from Settings → Email and sign-in.";
  }
  if (error === "OAuthCallbackError" || error === "OAuthSignin" || error === "Configuration" || error === "AccessDenied")
    return "Single sign-on didn’t work. Please try again.";
  return "Please sign in again.";
}
