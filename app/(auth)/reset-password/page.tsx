import { ResetPasswordForm } from "@/components/auth/password-reset-forms";

// The token is in this page's URL: never send it on as a Referer.
export const metadata = { title: "Reset password", referrer: "no-referrer" };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

export default async function ResetPasswordPage({ searchParams }: Props) {
  const { token } = await searchParams;
  return <ResetPasswordForm token={typeof token === "string" ? token : ""} />;
}
