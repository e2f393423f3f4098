import { redirect } from "next/navigation";
import { RegisterForm } from "@/components/auth/auth-forms";
import { getPageUser } from "@/lib/ui/server/session";

export const metadata = { title: "Create account" };

export default async function RegisterPage() {
  if (await getPageUser()) redirect("/");
  return <RegisterForm />;
}
