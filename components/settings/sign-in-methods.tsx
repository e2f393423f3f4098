"use client";
/**
 * Settings → "Email and sign-in": whether the address is verified (a new link on request), and
 * the single sign-on providers linked to the account, with a button to link another one: a
 * recent sign-in, then that provider's sign-in, which comes back here linked.
 */
import { useRef, useState } from "react";
import { apiFetch, errorMessage } from "@/lib/ui/api";
import { Button } from "@/components/ui/button";
import { CheckIcon } from "@/components/ui/icons";
import { useReauth } from "@/components/settings/reauth";
import { signInAgainAction } from "@/lib/ui/server/actions";

const LINK_ERRORS: Record<string, string> = {
  identity_in_use: "That sign-in is already linked to another Talk Todo account, so it was not linked to this one.",
};

export function SignInMethods({
  email,
  emailVerified,
  linked,
  providers,
  linkedNow,
  linkError,
}: {
  email: string;
  emailVerified: boolean;
  linked: string[];
  providers: { id: string; name: string }[];
  linkedNow?: string;
  linkError?: string;
}) {
  const reauth = useReauth();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(
    linkError ? (LINK_ERRORS[linkError] ?? "Linking didn’t work. Please try again.") : null,
  );
  const [busy, setBusy] = useState(false);
  const linkForm = useRef<HTMLFormElement>(null);
  const linkProvider = useRef<HTMLInputElement>(null);
  const [linking, setLinking] = useState<string | null>(null);

  async function resend() {
    setBusy(true);
    setError(null);
    try {
      const data = await apiFetch<{ message: string }>("/api/account/verify-email/send", { method: "POST" });
      setMessage(data.message);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function link(provider: string) {
    setError(null);
    try {
      await reauth(() => apiFetch("/api/account/identities", { method: "POST", json: { provider } }));
      setLinking(provider);
      // The intent cookie is set: on to the provider's sign-in (a server action redirect).
      if (linkProvider.current) linkProvider.current.value = provider;
      linkForm.current?.requestSubmit();
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  const linkedNowName = providers.find((p) => p.id === linkedNow)?.name;
  return (
    <div className="mt-4 space-y-4 text-sm">
      <div className="flex flex-wrap items-center gap-3" data-testid="email-status">
        <span className="font-medium">{email}</span>
        {emailVerified ? (
          <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
            <CheckIcon className="size-4" /> Verified
          </span>
        ) : (
          <>
            <span className="text-amber-700 dark:text-amber-400">Not verified</span>
            <Button variant="secondary" onClick={resend} disabled={busy}>
              {busy ? "Sending…" : "Send a new verification link"}
            </Button>
          </>
        )}
      </div>
      {!emailVerified && (
        <p className="text-zinc-500 dark:text-zinc-400">
          Open the link from the mail in a browser signed in to this account. Until then, single sign-on cannot find this account by its
          address: link a provider below instead.
        </p>
      )}
      {providers.length > 0 && (
        <ul className="space-y-2" aria-label="Sign-in methods">
          {providers.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-3">
              <span>{p.name}</span>
              {linked.includes(p.id) ? (
                <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
                  <CheckIcon className="size-4" /> Linked
                </span>
              ) : (
                <Button variant="secondary" onClick={() => void link(p.id)} disabled={linking !== null}>
                  {linking === p.id ? "Opening…" : `Link ${p.name}`}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form ref={linkForm} action={signInAgainAction} hidden>
        <input ref={linkProvider} type="hidden" name="provider" defaultValue="" />
        <input type="hidden" name="link" value="1" />
      </form>
      <div aria-live="polite">
        {error ? (
          <p role="alert" className="font-medium text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : message ? (
          <p className="text-emerald-700 dark:text-emerald-400">{message}</p>
        ) : linkedNowName && linked.includes(linkedNow!) ? (
          <p className="text-emerald-700 dark:text-emerald-400">{linkedNowName} is linked: you can sign in with it from now on.</p>
        ) : null}
      </div>
    </div>
  );
}
