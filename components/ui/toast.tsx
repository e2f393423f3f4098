"use client";
/**
 * Small toasts: one polite live region, auto-dismissed, closable. A toast may offer one action
 * (e.g. Undo); it then stays longer, and Ctrl+Z / ⌘Z (outside text fields) runs the newest
 * toast's Undo from the keyboard. What it undoes also stays in Settings → Recent changes.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { XIcon } from "@/components/ui/icons";

type Tone = "error" | "info" | "success";
export type ToastAction = { label: string; onClick: () => void };
type Toast = { id: number; message: string; tone: Tone; action?: ToastAction };
type ToastApi = { show: (message: string, tone?: Tone, action?: ToastAction) => void };

const ToastContext = createContext<ToastApi>({ show: () => {} });

export function useToast(): ToastApi {
  return useContext(ToastContext);
}

/** Where Ctrl+Z belongs to the field (typing), not to us. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !["checkbox", "radio", "button", "submit", "reset"].includes(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || target.isContentEditable;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (message: string, tone: Tone = "info", action?: ToastAction) => {
      const id = nextId.current++;
      setToasts((list) => [...list.filter((t) => t.message !== message), { id, message, tone, action }].slice(-3));
      window.setTimeout(() => dismiss(id), action ? 10000 : tone === "error" ? 7000 : 4000);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ show }), [show]);

  const run = useCallback(
    (toast: Toast) => {
      dismiss(toast.id);
      toast.action?.onClick();
    },
    [dismiss],
  );

  // Ctrl+Z / ⌘Z undoes the newest action a toast offers, unless a text field has the key.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey || event.key.toLowerCase() !== "z") return;
      if (isTextEntry(event.target)) return;
      const newest = toasts.findLast((t) => t.action?.label === "Undo");
      if (!newest) return;
      event.preventDefault();
      run(newest);
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toasts, run]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-3 z-[60] flex flex-col items-center gap-2 px-4 sm:top-4"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            data-testid="toast"
            className={`toast-in pointer-events-auto flex max-w-md items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg ${
              toast.tone === "error"
                ? "border-red-200 bg-red-50 text-red-900 dark:border-red-900/60 dark:bg-red-950 dark:text-red-100"
                : "border-zinc-200 bg-white text-zinc-900 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100"
            }`}
          >
            <p className="flex-1">{toast.message}</p>
            {toast.action && (
              <button
                type="button"
                onClick={() => run(toast)}
                aria-keyshortcuts={toast.action.label === "Undo" ? "Control+Z Meta+Z" : undefined}
                className="-my-1 rounded-md px-2 py-1 font-semibold text-accent-700 hover:bg-accent-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500 dark:text-accent-300 dark:hover:bg-accent-500/10"
              >
                {toast.action.label}
              </button>
            )}
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              className="-m-1 rounded-md p-1 opacity-60 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
              aria-label="Dismiss notification"
            >
              <XIcon className="size-4" />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
