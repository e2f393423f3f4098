"use client";
import Link from "next/link";
import { useActionState, useSyncExternalStore } from "react";
import { browserTimeZone } from "@/lib/ui/dates";
import { useFormStatus } from "react-dom";
import { registerAction, signInAction, signInWithProviderAction, type AuthFormState } from "@/app/(auth)/actions";
import { FormField } from "@/components/ui/form-field";
import { Button } from "@/components/ui/button";
import { AlertIcon } from "@/components/ui/icons";

function SubmitButton({ children, pendingLabel }: { children: string; pendingLabel: string }) {
  const { pending } = useFormStatus();
  return (
    <Button type="submit" variant="primary" className="h-11 w-full" disabled={pending} aria-disabled={pending}>
      {pending ? pendingLabel : children}
    </Button>
  );
}

function FormError({ message }: { message?: string }) {
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

const noSubscription = () => () => {};

const cardClass = "rounded-card border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900";

type SsoProvider = { id: string; name: string };

/** One button per enabled single sign-on provider. */
function SsoButtons({ providers }: { providers: SsoProvider[] }) {
  if (!providers.length) return null;
  return (
    <div className="mt-6 space-y-2">
      {providers.map((p) => (
        <form key={p.id} action={signInWithProviderAction}>
          <input type="hidden" name="provider" value={p.id} />
          <Button type="submit" variant="secondary" className="h-11 w-full">
            Continue with {p.name}
          </Button>
        </form>
      ))}
      <div className="flex items-center gap-3 pt-2 text-xs text-zinc-500 dark:text-zinc-400" aria-hidden="true">
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" /> or with your email{" "}
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      </div>
    </div>
  );
}

export function LoginForm({ initialError, providers = [] }: { initialError?: string; providers?: SsoProvider[] }) {
  const [state, action] = useActionState<AuthFormState, FormData>(signInAction, { error: initialError });
  return (
    <div className={cardClass}>
      <h1 className="text-xl font-semibold tracking-tight">Welcome back</h1>
      <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">Sign in to talk to your todo list.</p>
      <SsoButtons providers={providers} />
      <form action={action} className="mt-6 space-y-4" noValidate>
        <FormError message={state.error} />
        <FormField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={state.values?.email}
          error={state.fieldErrors?.email}
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={state.fieldErrors?.password}
        />
        <p className="-mt-2 text-right text-sm">
          <Link href="/forgot-password" className="font-medium text-accent-600 hover:text-accent-500 dark:text-accent-400">
            Forgot password?
          </Link>
        </p>
        <SubmitButton pendingLabel="Signing in…">Sign in</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-zinc-500 dark:text-zinc-400">
        New here?{" "}
        <Link href="/register" className="font-medium text-accent-600 hover:text-accent-500 dark:text-accent-400">
          Create an account
        </Link>
      </p>
    </div>
  );
}

export function RegisterForm() {
  const [state, action] = useActionState<AuthFormState, FormData>(registerAction, {});
  const timeZone = useSyncExternalStore(noSubscription, browserTimeZone, () => undefined);
  return (
    <div className={cardClass}>
      <h1 className="text-xl font-semibold tracking-tight">Create your account</h1>
      <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">Then just tell it what you need to do.</p>
      <form action={action} className="mt-6 space-y-4" noValidate>
        <FormError message={state.error} />
        <input type="hidden" name="timezone" value={timeZone ?? ""} />
        <FormField
          label="Name (optional)"
          name="name"
          type="text"
          autoComplete="name"
          maxLength={100}
          defaultValue={state.values?.name}
          error={state.fieldErrors?.name}
        />
        <FormField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={state.values?.email}
          error={state.fieldErrors?.email}
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint="At least 8 characters."
          error={state.fieldErrors?.password}
        />
        <SubmitButton pendingLabel="Creating account…">Create account</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-zinc-500 dark:text-zinc-400">
        Already have an account?{" "}
        <Link href="/login" className="font-medium text-accent-600 hover:text-accent-500 dark:text-accent-400">
          Sign in
        </Link>
      </p>
    </div>
  );
}
