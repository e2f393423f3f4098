"use client";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { apiFetch, errorMessage } from "@/lib/ui/api";
import { FormField } from "@/components/ui/form-field";
import { Button } from "@/components/ui/button";
import { AlertIcon, CheckIcon } from "@/components/ui/icons";

const cardClass = "rounded-card border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900";
const linkClass = "font-medium text-accent-600 hover:text-accent-500 dark:text-accent-400";

function Problem({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      data-testid="form-error"
      className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200"
    >
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <p>{message}</p>
    </div>
  );
}

function Done({ children }: { children: React.ReactNode }) {
  return (
    <div
      role="status"
      className="mt-6 flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200"
    >
      <CheckIcon className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}

/** Asks for a reset mail. The answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    setError(null);
    if (!/^\S+@\S+\.\S+$/.test(email)) {
      setFieldError("Enter a valid email address");
      return;
    }
    setFieldError(undefined);
    setPending(true);
    try {
      await apiFetch("/api/password-reset", { method: "POST", json: { email } });
      setSentTo(email);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className={cardClass}>
      <h1 className="text-xl font-semibold tracking-tight">Forgot your password?</h1>
      <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">We’ll email you a link to choose a new one.</p>
      {sentTo ? (
        <Done>
          If an account exists for <strong className="font-medium">{sentTo}</strong>, a reset link is on its way. It works once, for one
          hour.
        </Done>
      ) : (
        <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
          <Problem message={error} />
          <FormField label="Email" name="email" type="email" autoComplete="email" required error={fieldError} />
          <Button type="submit" variant="primary" className="h-11 w-full" disabled={pending}>
            {pending ? "Sending…" : "Send reset link"}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-zinc-500 dark:text-zinc-400">
        Remembered it?{" "}
        <Link href="/login" className={linkClass}>
          Sign in
        </Link>
      </p>
    </div>
  );
}

/** Chooses a new password with the token from the mail's link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [error, setError] = useState<string | null>(
    token ? null : "This reset link is incomplete. Open the link from the mail again, or ask for a new one.",
  );
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const newPassword = String(new FormData(event.currentTarget).get("newPassword") ?? "");
    setError(null);
    if (newPassword.length < 8 || newPassword.length > 128) {
      setFieldError(newPassword.length < 8 ? "Password must be at least 8 characters" : "Password must be at most 128 characters");
      return;
    }
    setFieldError(undefined);
    setPending(true);
    try {
      await apiFetch("/api/password-reset/confirm", { method: "POST", json: { token, newPassword } });
      setDone(true);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className={cardClass}>
      <h1 className="text-xl font-semibold tracking-tight">Choose a new password</h1>
      {done ? (
        <Done>
          Your password has been changed, and every session was signed out.{" "}
          <Link href="/login" className={linkClass}>
            Sign in
          </Link>{" "}
          with the new one.
        </Done>
      ) : (
        <>
          <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">You’ll be signed out everywhere else.</p>
          <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
            <Problem message={error} />
            <FormField
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              hint="At least 8 characters."
              error={fieldError}
            />
            <Button type="submit" variant="primary" className="h-11 w-full" disabled={pending || !token}>
              {pending ? "Saving…" : "Set new password"}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-zinc-500 dark:text-zinc-400">
            Link expired?{" "}
            <Link href="/forgot-password" className={linkClass}>
              Ask for a new one
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
