import Link from "next/link";
import { VerifyEmail } from "@/components/auth/verify-email";
import { getPageUser } from "@/lib/ui/server/session";

// The token is in this page's URL: never send it on as a Referer.
export const metadata = { title: "Confirm your email", referrer: "no-referrer" };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/** The link in a verification mail: confirms the address for the account signed in in this browser. */
export default async function VerifyEmailPage({ searchParams }: Props) {
  const { token } = await searchParams;
  const user = await getPageUser();
  if (!user) {
    return (
      <div className="rounded-card border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="text-xl font-semibold tracking-tight">Confirm your email</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          Sign in to the account first, then open the link from the mail again (in this browser). If you did not make an account, you can
          ignore the mail.
        </p>
        <Link href="/login" className="mt-4 inline-block text-sm font-medium text-accent-600 hover:text-accent-500 dark:text-accent-400">
          Sign in
        </Link>
      </div>
    );
  }
  return <VerifyEmail token={typeof token === "string" ? token : ""} email={user.email} />;
}
