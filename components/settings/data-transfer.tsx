"use client";
import { useRef, useState, type ChangeEvent } from "react";
import { apiFetch, errorMessage } from "@/lib/ui/api";
import { Button, buttonClass } from "@/components/ui/button";
import { CheckIcon } from "@/components/ui/icons";

type PreviewTask = { line: number; title: string; priority: string; due: string | null; status: string };
type Skipped = { line: number; reason: string };
type Preview = { format: "talk-todo" | "todoist"; tasks: PreviewTask[]; skipped: Skipped[] };
type Imported = { imported: number; skipped: Skipped[]; requestId: string | null };

const PREVIEW_ROWS = 20;

function postCsv<T>(path: string, csv: string): Promise<T> {
  return apiFetch<T>(path, { method: "POST", body: csv, headers: { "content-type": "text/csv" } });
}

function SkippedList({ skipped }: { skipped: Skipped[] }) {
  if (!skipped.length) return null;
  return (
    <div className="mt-3">
      <p className="text-sm font-medium text-amber-800 dark:text-amber-300">
        {skipped.length} {skipped.length === 1 ? "line is" : "lines are"} skipped:
      </p>
      <ul
        className="mt-1 max-h-40 list-disc space-y-0.5 overflow-auto pl-5 text-sm text-zinc-600 dark:text-zinc-400"
        data-testid="import-skipped"
      >
        {skipped.map((s) => (
          <li key={s.line}>
            Line {s.line}: {s.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Settings → Your data: download everything, or import tasks from a CSV after a preview. */
export function DataTransfer() {
  const fileInput = useRef<HTMLInputElement>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState("");
  const [preview, setPreview] = useState<Preview | null>(null);
  const [result, setResult] = useState<Imported | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [undone, setUndone] = useState(false);

  function reset() {
    setCsv(null);
    setPreview(null);
    setFileName("");
    if (fileInput.current) fileInput.current.value = "";
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setError(null);
    setResult(null);
    setPreview(null);
    if (!file) return;
    if (file.size > 1024 * 1024) {
      setError("The file is over 1 MB. Split it into smaller files.");
      return;
    }
    const text = await file.text();
    setBusy(true);
    try {
      setPreview(await postCsv<Preview>("/api/import?preview=true", text));
      setCsv(text);
      setFileName(file.name);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function undoImport() {
    if (!result?.requestId) return;
    setBusy(true);
    setError(null);
    try {
      await apiFetch("/api/undo", { method: "POST", json: { requestId: result.requestId } });
      setUndone(true);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function runImport() {
    if (csv === null) return;
    setBusy(true);
    setError(null);
    setUndone(false);
    try {
      setResult(await postCsv<Imported>("/api/import", csv));
      reset();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 space-y-5">
      <div>
        <h3 className="text-sm font-medium">Export</h3>
        <div className="mt-2 flex flex-wrap gap-2">
          <a href="/api/export?format=json" download className={buttonClass({ variant: "secondary", size: "sm" })}>
            Everything (JSON)
          </a>
          <a href="/api/export?format=csv" download className={buttonClass({ variant: "secondary", size: "sm" })}>
            Tasks (CSV)
          </a>
          <a href="/api/export?format=ics" download className={buttonClass({ variant: "secondary", size: "sm" })}>
            Due dates (calendar .ics)
          </a>
        </div>
      </div>

      <div>
        <h3 className="text-sm font-medium">Import tasks</h3>
        <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
          A CSV with the columns{" "}
          <code className="rounded bg-zinc-100 px-1 text-xs text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
            title,description,priority,due,list,labels
          </code>
          , or a Todoist CSV export. You’ll see what will be created first.
        </p>
        <label htmlFor="import-file" className="sr-only">
          CSV file to import
        </label>
        <input
          id="import-file"
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          onChange={choose}
          disabled={busy}
          className="mt-2 block w-full text-sm text-zinc-600 file:mr-3 file:rounded-lg file:border-0 file:bg-zinc-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-zinc-800 hover:file:bg-zinc-200 dark:text-zinc-400 dark:file:bg-zinc-800 dark:file:text-zinc-200"
        />
        {error && (
          <p role="alert" className="mt-2 text-sm font-medium text-red-600 dark:text-red-400">
            {error}
          </p>
        )}

        {preview && (
          <div className="mt-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800" data-testid="import-preview">
            <p className="text-sm">
              <strong className="font-medium">{fileName}</strong> ({preview.format === "todoist" ? "Todoist export" : "CSV"}):{" "}
              {preview.tasks.length} {preview.tasks.length === 1 ? "task" : "tasks"} to create.
            </p>
            {preview.tasks.length > 0 && (
              <ul className="mt-2 divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
                {preview.tasks.slice(0, PREVIEW_ROWS).map((t) => (
                  <li key={t.line} className="flex gap-2 py-1.5">
                    <span className="min-w-0 flex-1 truncate">{t.title}</span>
                    <span className="shrink-0 text-zinc-500 dark:text-zinc-400">
                      {[t.priority !== "medium" ? t.priority : null, t.due, t.status === "completed" ? "done" : null]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                  </li>
                ))}
                {preview.tasks.length > PREVIEW_ROWS && (
                  <li className="py-1.5 text-zinc-500">…and {preview.tasks.length - PREVIEW_ROWS} more</li>
                )}
              </ul>
            )}
            <SkippedList skipped={preview.skipped} />
            <div className="mt-4 flex gap-2">
              <Button variant="primary" size="sm" onClick={runImport} disabled={busy || preview.tasks.length === 0}>
                {busy ? "Importing…" : `Import ${preview.tasks.length} ${preview.tasks.length === 1 ? "task" : "tasks"}`}
              </Button>
              <Button size="sm" variant="ghost" onClick={reset} disabled={busy}>
                Cancel
              </Button>
            </div>
          </div>
        )}

        {result && (
          <div role="status" className="mt-3" data-testid="import-result">
            {undone ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">Import undone: the imported tasks are gone.</p>
            ) : (
              <p className="inline-flex flex-wrap items-center gap-1.5 text-sm text-emerald-700 dark:text-emerald-400">
                <CheckIcon className="size-4" /> Imported {result.imported} {result.imported === 1 ? "task" : "tasks"}.
                {result.requestId && result.imported > 0 && (
                  <Button size="sm" variant="ghost" onClick={undoImport} disabled={busy}>
                    Undo import
                  </Button>
                )}
              </p>
            )}
            <SkippedList skipped={result.skipped} />
          </div>
        )}
      </div>
    </div>
  );
}
