"use client";
import { useState, type FormEvent } from "react";
import { apiFetch, ApiError, errorMessage } from "@/lib/ui/api";
import { FormField } from "@/components/ui/form-field";
import { Button } from "@/components/ui/button";
import { CheckIcon } from "@/components/ui/icons";

type Errors = { currentPassword?: string; newPassword?: string; form?: string };

/** Change password: needs the current one; every other session ends, this one carries on. */
export function PasswordForm() {
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const currentPassword = String(data.get("currentPassword") ?? "");
    const newPassword = String(data.get("newPassword") ?? "");
    const next: Errors = {};
    if (!currentPassword) next.currentPassword = "Enter your current password.";
    if (newPassword.length < 8) next.newPassword = "At least 8 characters.";
    else if (newPassword.length > 128) next.newPassword = "At most 128 characters.";
    setErrors(next);
    setDone(false);
    if (Object.keys(next).length) return;
    setSaving(true);
    try {
      await apiFetch("/api/account/password", { method: "POST", json: { currentPassword, newPassword } });
      form.reset();
      setDone(true);
    } catch (e) {
      if (e instanceof ApiError && e.code === "forbidden:password") setErrors({ currentPassword: "That is not your current password." });
      else setErrors({ form: errorMessage(e) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} className="mt-4 space-y-3" noValidate aria-label="Change password">
      <FormField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword}
      />
      <FormField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        hint="At least 8 characters."
        error={errors.newPassword}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? "Changing…" : "Change password"}
        </Button>
        <div aria-live="polite" className="text-sm">
          {errors.form ? (
            <p className="font-medium text-red-600 dark:text-red-400">{errors.form}</p>
          ) : done ? (
            <p className="inline-flex items-center gap-1.5 text-emerald-700 dark:text-emerald-400">
              <CheckIcon className="size-4" /> Password changed. You were signed out everywhere else.
            </p>
          ) : null}
        </div>
      </div>
    </form>
  );
}
