import { LoginForm } from "@/components/auth/auth-forms";

export const metadata = { title: "Sign in" };

type Props = { searchParams: Promise<{ error?: string | string[]; code?: string | string[] }> };

export default async function LoginPage({ searchParams }: Props) {
  const { error, code } = await searchParams;
  // Auth.js redirects here with ?error=… when a sign-in outside the form fails.
  const initialError = code === "rate_limited" ? "Too many sign-in attempts. Please wait a little and try again." : error ? (error === "CredentialsSignin" ? "Invalid email or password" : "Please sign in again.") : undefined;
  return <LoginForm initialError={initialError} />;
}
