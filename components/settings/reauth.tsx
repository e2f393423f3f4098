"use client";
/**
 * Re-authentication for Settings: creating a token or a calendar-feed URL, linking a sign-in
 * method and deleting the account need a recent sign-in. `useReauth()` runs an action; when the
 * server answers `403 forbidden:reauth_required`, it asks for the password (`POST
 * /api/account/reauth`) and runs the action again. An account without a password signs in again
 * with its provider instead.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { apiFetch, ApiError, errorMessage } from "@/lib/ui/api";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { signInAgainAction } from "@/lib/ui/server/actions";

type Run = <T>(action: () => Promise<T>) => Promise<T>;

const ReauthContext = createContext<Run>((action) => action());

export function useReauth(): Run {
  return useContext(ReauthContext);
}

export function isReauthRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === "forbidden:reauth_required";
}

type Pending = { resolve: () => void; reject: (error: unknown) => void; cause: unknown };

export function ReauthProvider({
  hasPassword,
  providers,
  children,
}: {
  hasPassword: boolean;
  providers: { id: string; name: string }[];
  children: ReactNode;
}) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (pending && !el.open) el.showModal();
    else if (!pending && el.open) el.close();
  }, [pending]);

  const run: Run = useCallback(async (action) => {
    try {
      return await action();
    } catch (first) {
      if (!isReauthRequired(first)) throw first;
      // Ask, then try once more; cancelling rethrows the original error.
      await new Promise<void>((resolve, reject) => setPending({ resolve, reject, cause: first }));
      return action();
    }
  }, []);

  function cancel() {
    pending?.reject(pending.cause);
    setPending(null);
    setError(undefined);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("reauthPassword") ?? "");
    if (!password) {
      setError("Enter your password.");
      return;
    }
    setBusy(true);
    try {
      await apiFetch("/api/account/reauth", { method: "POST", json: { password } });
      pending?.resolve();
      setPending(null);
      setError(undefined);
    } catch (e) {
      setError(e instanceof ApiError && e.code === "forbidden:password" ? "That is not your password." : errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ReauthContext.Provider value={run}>
      {children}
      <dialog
        ref={dialog}
        data-testid="reauth-dialog"
        aria-labelledby="reauth-title"
        onCancel={(e) => {
          e.preventDefault();
          cancel();
        }}
        className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-card border border-zinc-200 bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/50 backdrop:backdrop-blur-[2px] dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
      >
        {pending && (
          <div className="p-5">
            <h2 id="reauth-title" className="text-base font-semibold">
              Confirm it’s you
            </h2>
            {hasPassword ? (
              <form onSubmit={submit} className="mt-2 space-y-3" noValidate aria-label="Confirm your password">
                <p className="text-sm text-zinc-600 dark:text-zinc-400">You signed in a while ago. Enter your password to continue.</p>
                <FormField
                  label="Password"
                  name="reauthPassword"
                  type="password"
                  autoComplete="current-password"
                  required
                  error={error}
                  autoFocus
                />
                <div className="flex justify-end gap-2">
                  <Button type="button" onClick={cancel}>
                    Cancel
                  </Button>
                  <Button type="submit" variant="primary" disabled={busy}>
                    {busy ? "Checking…" : "Continue"}
                  </Button>
                </div>
              </form>
            ) : (
              <div className="mt-2 space-y-3">
                <p className="text-sm text-zinc-600 dark:text-zinc-400">
                  Your account has no password: sign in again, then do this within 10 minutes.
                </p>
                <div className="flex flex-wrap justify-end gap-2">
                  <Button type="button" onClick={cancel}>
                    Cancel
                  </Button>
                  {providers.map((p) => (
                    <form key={p.id} action={signInAgainAction}>
                      <input type="hidden" name="provider" value={p.id} />
                      <Button type="submit" variant="primary">
                        Sign in again with {p.name}
                      </Button>
                    </form>
                  ))}
                </div>
              </div>
            )}
          </div>
        )}
      </dialog>
    </ReauthContext.Provider>
  );
}
