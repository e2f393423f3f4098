import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

export default function NotFound() {
  return (
    <main className="flex min-h-[70vh] flex-col items-center justify-center px-6 py-16 text-center">
      <p className="text-sm font-semibold text-accent-600 dark:text-accent-400">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">This page doesn’t exist</h1>
      <p className="mt-2 max-w-sm text-sm text-zinc-500 dark:text-zinc-400">
        The chat or page you’re looking for isn’t here — it may have been deleted, or it belongs to someone else.
      </p>
      <Link href="/" className={buttonClass({ variant: "primary", className: "mt-6" })}>
        Back to your chats
      </Link>
    </main>
  );
}
