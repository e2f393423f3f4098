"use client";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { apiFetch, errorMessage } from "@/lib/ui/api";
import { relativeTime } from "@/lib/ui/dates";
import { Button, fieldClass, inputClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CheckIcon, CopyIcon } from "@/components/ui/icons";
import { useReauth } from "@/components/settings/reauth";
import { SCOPE_LABELS, TOKEN_SCOPES, type TokenScope } from "@/lib/auth/scopes";

type TokenView = {
  id: string;
  name: string;
  prefix?: string;
  scopes?: TokenScope[];
  expiresAt?: string | null;
  createdAt: string;
  lastUsedAt: string | null;
};

const EXPIRY_CHOICES = [
  { value: "never", label: "Never expires", days: null },
  { value: "7", label: "Expires in 7 days", days: 7 },
  { value: "30", label: "Expires in 30 days", days: 30 },
  { value: "90", label: "Expires in 90 days", days: 90 },
  { value: "365", label: "Expires in a year", days: 365 },
] as const;

function expiryText(expiresAt: string | null | undefined): string | null {
  if (!expiresAt) return null;
  return new Date(expiresAt).getTime() <= Date.now() ? "Expired" : `Expires ${relativeTime(expiresAt)}`;
}

export function TokenManager() {
  const [tokens, setTokens] = useState<TokenView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<TokenScope[]>([...TOKEN_SCOPES]);
  const [expiry, setExpiry] = useState<(typeof EXPIRY_CHOICES)[number]["value"]>("never");
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<TokenView | null>(null);
  const reauth = useReauth();

  const load = useCallback(() => {
    apiFetch<{ tokens: TokenView[] }>("/api/tokens")
      .then((data) => setTokens(data.tokens))
      .catch((e) => setError(errorMessage(e)));
  }, []);

  useEffect(load, [load]);

  async function create(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError("Give the token a name, e.g. “Laptop script”.");
      return;
    }
    if (scopes.length === 0) {
      setError("Choose at least one thing the token may do.");
      return;
    }
    const days = EXPIRY_CHOICES.find((c) => c.value === expiry)?.days ?? null;
    setCreating(true);
    setError(null);
    try {
      const json = { name: trimmed, scopes, ...(days ? { expiresAt: new Date(Date.now() + days * 86_400_000).toISOString() } : {}) };
      const result = await reauth(() => apiFetch<{ id: string; name: string; token: string }>("/api/tokens", { method: "POST", json }));
      setCreated({ name: result.name, token: result.token });
      setCopied(false);
      setName("");
      load();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setCreating(false);
    }
  }

  async function revoke(token: TokenView) {
    setRevoking(null);
    setTokens((list) => list?.filter((t) => t.id !== token.id) ?? null);
    try {
      await apiFetch(`/api/tokens/${encodeURIComponent(token.id)}`, { method: "DELETE" });
    } catch (e) {
      setError(errorMessage(e));
      load();
    }
  }

  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      setError("Couldn't copy automatically — select the token and copy it.");
    }
  }

  return (
    <div className="mt-4 space-y-4">
      <form onSubmit={create} className="flex flex-col gap-2 sm:flex-row" noValidate>
        <label htmlFor="token-name" className="sr-only">
          Token name
        </label>
        <input
          id="token-name"
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          placeholder="Token name, e.g. Claude Desktop"
          className={inputClass}
        />
        <Button type="submit" variant="primary" disabled={creating} className="shrink-0">
          {creating ? "Creating…" : "Create token"}
        </Button>
      </form>
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <legend className="sr-only">What the token may do</legend>
        {TOKEN_SCOPES.map((scope) => (
          <label key={scope} className="flex items-center gap-1.5">
            <input
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(e) =>
                setScopes((list) =>
                  e.target.checked ? TOKEN_SCOPES.filter((s) => s === scope || list.includes(s)) : list.filter((s) => s !== scope),
                )
              }
              className="size-4 accent-zinc-900 dark:accent-zinc-100"
            />
            {SCOPE_LABELS[scope]}
          </label>
        ))}
        <label htmlFor="token-expiry" className="sr-only">
          Expiry
        </label>
        <select id="token-expiry" value={expiry} onChange={(e) => setExpiry(e.target.value as typeof expiry)} className={fieldClass}>
          {EXPIRY_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </fieldset>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}

      {created && (
        <div
          className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-500/30 dark:bg-emerald-500/10"
          data-testid="new-token"
        >
          <p className="text-sm font-medium text-emerald-900 dark:text-emerald-200">
            Token “{created.name}” created. Copy it now — it won’t be shown again.
          </p>
          <div className="mt-2 flex items-center gap-2">
            <label htmlFor="new-token-value" className="sr-only">
              New token
            </label>
            <input
              id="new-token-value"
              readOnly
              value={created.token}
              onFocus={(e) => e.currentTarget.select()}
              className={`${inputClass} font-mono text-xs`}
            />
            <Button onClick={copy} className="shrink-0" aria-label={copied ? "Copied" : "Copy token"}>
              {copied ? <CheckIcon className="size-4 text-emerald-600" /> : <CopyIcon className="size-4" />}
              {copied ? "Copied" : "Copy"}
            </Button>
          </div>
          <button
            type="button"
            onClick={() => setCreated(null)}
            className="mt-2 text-xs font-medium text-emerald-800 underline-offset-2 hover:underline dark:text-emerald-300"
          >
            I’ve saved it
          </button>
        </div>
      )}

      {tokens === null ? (
        !error && <p className="text-sm text-zinc-500">Loading tokens…</p>
      ) : tokens.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No tokens yet.</p>
      ) : (
        <ul
          className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
          aria-label="Your tokens"
        >
          {tokens.map((t) => (
            <li key={t.id} className="flex items-center gap-3 px-4 py-3" data-testid="token-item">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{t.name}</p>
                <p className="text-xs text-zinc-500 dark:text-zinc-400">
                  {t.prefix && <span className="font-mono">{t.prefix}… · </span>}
                  Created {relativeTime(t.createdAt)} · Last used {relativeTime(t.lastUsedAt)}
                  {expiryText(t.expiresAt) && <> · {expiryText(t.expiresAt)}</>}
                </p>
                {t.scopes && <p className="text-xs text-zinc-500 dark:text-zinc-400">{t.scopes.map((s) => SCOPE_LABELS[s]).join(" · ")}</p>}
              </div>
              <Button
                size="sm"
                variant="ghost"
                className="text-red-600 hover:text-red-700 dark:text-red-400"
                onClick={() => setRevoking(t)}
                aria-label={`Revoke “${t.name}”`}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this token?"
        confirmLabel="Revoke token"
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && void revoke(revoking)}
      >
        Anything using “{revoking?.name}” will stop working immediately.
      </ConfirmDialog>
    </div>
  );
}
