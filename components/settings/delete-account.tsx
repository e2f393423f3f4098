"use client";
import { useState, type FormEvent } from "react";
import { apiFetch, ApiError, errorMessage } from "@/lib/ui/api";
import { FormField } from "@/components/ui/form-field";
import { Button } from "@/components/ui/button";
import { useReauth } from "@/components/settings/reauth";

/**
 * Deletes the account for good, after the password confirms it; an account without a password
 * (single sign-on) confirms with a sign-in of the last 10 minutes instead.
 */
export function DeleteAccount({ hasPassword }: { hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const reauth = useReauth();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("deletePassword") ?? "");
    if (hasPassword && !password) {
      setError("Enter your password to confirm.");
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      // With a password, the password is the re-authentication; without, a recent sign-in (asked for when missing).
      await reauth(() => apiFetch("/api/account", { method: "DELETE", json: hasPassword ? { password } : {} }));
      // A full page load on purpose: the session cookie is gone with the account.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign("/register");
    } catch (e) {
      setError(e instanceof ApiError && e.code === "forbidden:password" ? "That is not your password." : errorMessage(e));
      setPending(false);
    }
  }

  if (!open) {
    return (
      <Button variant="secondary" className="mt-4 text-red-600 dark:text-red-400" onClick={() => setOpen(true)}>
        Delete account…
      </Button>
    );
  }
  return (
    <form onSubmit={submit} className="mt-4 space-y-3" noValidate aria-label="Delete account">
      <p className="text-sm text-red-700 dark:text-red-300">
        This deletes your account, every task and conversation, your access tokens and your history. It cannot be undone. Export your data
        first if you want to keep it.
      </p>
      {hasPassword ? (
        <FormField label="Your password" name="deletePassword" type="password" autoComplete="current-password" required error={error} />
      ) : (
        <>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Your account has no password: if you signed in more than 10 minutes ago, you will be asked to sign in again first.
          </p>
          {error && (
            <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
        </>
      )}
      <div className="flex gap-2">
        <Button type="submit" variant="danger" disabled={pending}>
          {pending ? "Deleting…" : "Delete my account forever"}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
