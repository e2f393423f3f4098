"use client";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { apiFetch, errorMessage } from "@/lib/ui/api";

const cardClass = "rounded-card border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900";

/** Sends the mail's token for the signed-in account once, and says how it went. */
export function VerifyEmail({ token, email }: { token: string; email: string }) {
  const [state, setState] = useState<{ done: boolean; error?: string } | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    apiFetch("/api/account/verify-email", { method: "POST", json: { token } })
      .then(() => setState({ done: true }))
      .catch((e: unknown) => setState({ done: false, error: errorMessage(e) }));
  }, [token]);

  return (
    <div className={cardClass}>
      <h1 className="text-xl font-semibold tracking-tight">Confirm your email</h1>
      <div aria-live="polite" className="mt-2 text-sm">
        {state === null ? (
          <p className="text-zinc-600 dark:text-zinc-400">Confirming {email}…</p>
        ) : state.done ? (
          <p role="status" className="text-emerald-700 dark:text-emerald-400">
            {email} is confirmed.
          </p>
        ) : (
          <p role="alert" data-testid="form-error" className="font-medium text-red-600 dark:text-red-400">
            {state.error}
          </p>
        )}
      </div>
      <Link href="/settings" className="mt-4 inline-block text-sm font-medium text-accent-600 hover:text-accent-500 dark:text-accent-400">
        Go to Settings
      </Link>
    </div>
  );
}
