"use client";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { apiFetch, errorMessage } from "@/lib/ui/api";
import { relativeTime } from "@/lib/ui/dates";
import { Button, inputClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CheckIcon, CopyIcon } from "@/components/ui/icons";

type TokenView = { id: string; name: string; prefix?: string; createdAt: string; lastUsedAt: string | null };

export function TokenManager() {
  const [tokens, setTokens] = useState<TokenView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<TokenView | null>(null);

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
    setCreating(true);
    setError(null);
    try {
      const result = await apiFetch<{ id: string; name: string; token: string }>("/api/tokens", { method: "POST", json: { name: trimmed } });
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
        <label htmlFor="token-name" className="sr-only">Token name</label>
        <input id="token-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} placeholder="Token name, e.g. Claude Desktop" className={inputClass} />
        <Button type="submit" variant="primary" disabled={creating} className="shrink-0">
          {creating ? "Creating…" : "Create token"}
        </Button>
      </form>
      {error && <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">{error}</p>}

      {created && (
        <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-500/30 dark:bg-emerald-500/10" data-testid="new-token">
          <p className="text-sm font-medium text-emerald-900 dark:text-emerald-200">Token “{created.name}” created. Copy it now — it won’t be shown again.</p>
          <div className="mt-2 flex items-center gap-2">
            <label htmlFor="new-token-value" className="sr-only">New token</label>
            <input id="new-token-value" readOnly value={created.token} onFocus={(e) => e.currentTarget.select()} className={`${inputClass} font-mono text-xs`} />
            <Button onClick={copy} className="shrink-0" aria-label={copied ? "Copied" : "Copy token"}>
              {copied ? <CheckIcon className="size-4 text-emerald-600" /> : <CopyIcon className="size-4" />}
              {copied ? "Copied" : "Copy"}
            </Button>
          </div>
          <button type="button" onClick={() => setCreated(null)} className="mt-2 text-xs font-medium text-emerald-800 underline-offset-2 hover:underline dark:text-emerald-300">
            I’ve saved it
          </button>
        </div>
      )}

      {tokens === null ? (
        !error && <p className="text-sm text-zinc-500">Loading tokens…</p>
      ) : tokens.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No tokens yet.</p>
      ) : (
        <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800" aria-label="Your tokens">
          {tokens.map((t) => (
            <li key={t.id} className="flex items-center gap-3 px-4 py-3" data-testid="token-item">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{t.name}</p>
                <p className="text-xs text-zinc-500 dark:text-zinc-400">
                  {t.prefix && <span className="font-mono">{t.prefix}… · </span>}
                  Created {relativeTime(t.createdAt)} · Last used {relativeTime(t.lastUsedAt)}
                </p>
              </div>
              <Button size="sm" variant="ghost" className="text-red-600 hover:text-red-700 dark:text-red-400" onClick={() => setRevoking(t)} aria-label={`Revoke “${t.name}”`}>
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
