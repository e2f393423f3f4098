"use client";
/** The secret calendar URL: create it, copy it into a calendar app, replace it, revoke it. */
import { useCallback, useEffect, useState } from "react";
import { apiFetch, errorMessage } from "@/lib/ui/api";
import { Button, inputClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CheckIcon, CopyIcon } from "@/components/ui/icons";
import { useReauth } from "@/components/settings/reauth";

export function CalendarFeedManager() {
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [confirm, setConfirm] = useState<"replace" | "revoke" | null>(null);
  const reauth = useReauth();

  const load = useCallback(() => {
    apiFetch<{ url: string | null }>("/api/calendar-feed")
      .then((data) => setUrl(data.url))
      .catch((e) => setError(errorMessage(e)));
  }, []);
  useEffect(load, [load]);

  async function create() {
    setConfirm(null);
    setBusy(true);
    setError(null);
    try {
      const data = await reauth(() => apiFetch<{ url: string }>("/api/calendar-feed", { method: "POST" }));
      setUrl(data.url);
      setCopied(false);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function revoke() {
    setConfirm(null);
    setBusy(true);
    setError(null);
    try {
      await apiFetch("/api/calendar-feed", { method: "DELETE" });
      setUrl(null);
    } catch (e) {
      setError(errorMessage(e));
      load();
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setError("Couldn't copy automatically — select the link and copy it.");
    }
  }

  return (
    <div className="mt-4 space-y-3" data-testid="calendar-feed">
      {error && (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {url === undefined ? (
        !error && <p className="text-sm text-zinc-500">Loading…</p>
      ) : url === null ? (
        <Button variant="primary" onClick={() => void create()} disabled={busy}>
          {busy ? "Creating…" : "Create calendar link"}
        </Button>
      ) : (
        <>
          <div className="flex items-center gap-2">
            <label htmlFor="calendar-feed-url" className="sr-only">
              Calendar link
            </label>
            <input
              id="calendar-feed-url"
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
              className={`${inputClass} font-mono text-xs`}
            />
            <Button onClick={() => void copy()} className="shrink-0" aria-label={copied ? "Copied" : "Copy calendar link"}>
              {copied ? <CheckIcon className="size-4 text-emerald-600" /> : <CopyIcon className="size-4" />}
              {copied ? "Copied" : "Copy"}
            </Button>
          </div>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            Anyone with this link can read your dated tasks. Replace it if it leaked; revoke it when you stop using it.
          </p>
          <div className="flex gap-2">
            <Button size="sm" onClick={() => setConfirm("replace")} disabled={busy}>
              Replace link
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-red-600 hover:text-red-700 dark:text-red-400"
              onClick={() => setConfirm("revoke")}
              disabled={busy}
            >
              Revoke
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === "replace" ? "Replace the calendar link?" : "Revoke the calendar link?"}
        confirmLabel={confirm === "replace" ? "Replace link" : "Revoke link"}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void (confirm === "replace" ? create() : revoke())}
      >
        Calendars subscribed to the current link stop updating{confirm === "replace" ? "; subscribe them to the new one" : ""}.
      </ConfirmDialog>
    </div>
  );
}
