import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/auth-forms";
import { getPageUser } from "@/lib/ui/server/session";

export const metadata = { title: "Sign in" };

type Props = { searchParams: Promise<{ error?: string | string[]; code?: string | string[] }> };

export default async function LoginPage({ searchParams }: Props) {
  if (await getPageUser()) redirect("/");
  const { error, code } = await searchParams;
  // Auth.js redirects here with ?error=… when a sign-in outside the form fails.
  const initialError = code === "rate_limited" ? "Too many sign-in attempts. Please wait a few minutes and try again." : error ? (error === "CredentialsSignin" ? "Invalid email or password" : "Please sign in again.") : undefined;
  return <LoginForm initialError={initialError} />;
}
