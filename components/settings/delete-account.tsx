"use client";
import { useState, type FormEvent } from "react";
import { apiFetch, ApiError, errorMessage } from "@/lib/ui/api";
import { FormField } from "@/components/ui/form-field";
import { Button } from "@/components/ui/button";

/** Deletes the account for good, after the password confirms it. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("deletePassword") ?? "");
    if (!password) {
      setError("Enter your password to confirm.");
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      await apiFetch("/api/account", { method: "DELETE", json: { password } });
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
        This deletes your account, every task and conversation, your access tokens and your history. It cannot be undone. Export your data first if you want to keep it.
      </p>
      <FormField label="Your password" name="deletePassword" type="password" autoComplete="current-password" required error={error} />
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
