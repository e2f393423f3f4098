"use client";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { TaskPriority } from "@/lib/ui/types";
import { useTaskStore } from "@/components/tasks/task-store";
import { extractLabels } from "@/lib/tasks/labels";
import { Button, fieldClass, inputClass } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";

/** What POST /api/tasks/parse read from the box (docs/api.md "Quick add"). */
type Parsed = {
  title: string;
  dueAt: string | null;
  priority: TaskPriority | null;
  recurrence: string | null;
  remindAt: string | null;
  listId: string | null;
  labels: string[];
};

const PARSE_DELAY_MS = 150;

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
}

/** One reading of a line by the server; null when it could not be read (the line is then a plain title). */
async function readLine(text: string, signal?: AbortSignal): Promise<Parsed | null> {
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const res = await fetch("/api/tasks/parse", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text, timezone }), signal });
  return res.ok ? ((await res.json()) as Parsed) : null;
}

/** Reads the box as the person types: the latest reading of `text`, or null while none is current. */
function useQuickAdd(text: string): { parsed: Parsed | null; parsedFor: string } {
  const [result, setResult] = useState<{ parsed: Parsed | null; parsedFor: string }>({ parsed: null, parsedFor: "" });
  useEffect(() => {
    if (!text.trim()) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      readLine(text, controller.signal)
        .then((parsed) => setResult({ parsed, parsedFor: text }))
        .catch(() => {});
    }, PARSE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  return result;
}

/** `q` anywhere on the page (not while typing in a field) focuses the box. */
function useFocusKey(input: React.RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key !== "q" || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(?:INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      event.preventDefault();
      input.current?.focus();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [input]);
}

export function AddTaskForm() {
  const { state, createTask } = useTaskStore();
  const [title, setTitle] = useState("");
  const [priority, setPriority] = useState<"" | TaskPriority>("");
  const [due, setDue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const quick = useQuickAdd(title);
  // Only a reading of exactly what is in the box counts (a stale one would add the wrong fields).
  const parsed = quick.parsedFor === title && title.trim() ? quick.parsed : null;
  useFocusKey(titleInput);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = title;
    const chosen = { priority, due };
    // "#errands" in the title becomes a label; a task added while a list is shown goes into it.
    const typed = extractLabels(title);
    const trimmed = typed.text.trim() || title.trim();
    if (!trimmed) {
      setError("Give the task a title");
      titleInput.current?.focus();
      return;
    }
    setTitle("");
    setPriority("");
    setDue("");
    setError(null);
    titleInput.current?.focus();
    // Enter before the reading of this exact text came back: read it now, so the result never
    // depends on how fast someone typed.
    const reading = parsed ?? (await readLine(text).catch(() => null));
    const list = reading?.listId ?? (state.filters.list && state.filters.list !== "inbox" ? state.filters.list : null);
    const labels = [...new Set([...(reading?.labels ?? typed.labels), ...(state.filters.label ? [state.filters.label] : [])])];
    // The structured controls, when set, win over what the box read.
    const chosenPriority = chosen.priority || reading?.priority;
    const dueAt = chosen.due || reading?.dueAt;
    void createTask({
      title: reading?.title || trimmed,
      ...(chosenPriority ? { priority: chosenPriority } : {}),
      ...(dueAt ? { dueAt } : {}),
      ...(list ? { listId: list } : {}),
      ...(labels.length ? { labels } : {}),
      ...(reading?.recurrence ? { recurrence: reading.recurrence } : {}),
      ...(reading?.remindAt ? { remindAt: reading.remindAt } : {}),
    });
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Add a task" className="space-y-2">
      <div className="flex gap-2">
        <label htmlFor="new-task-title" className="sr-only">New task title</label>
        <input
          ref={titleInput}
          id="new-task-title"
          data-testid="new-task-title"
          value={title}
          maxLength={200}
          onChange={(e) => {
            setTitle(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Escape") e.currentTarget.blur();
          }}
          placeholder="Add a task… (q)"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "new-task-error" : undefined}
          className={inputClass}
        />
        <Button type="submit" variant="primary" size="icon" className="size-9 shrink-0" aria-label="Add task">
          <PlusIcon className="size-4" />
        </Button>
      </div>
      {parsed && <QuickAddChips parsed={parsed} listName={state.lists.find((l) => l.id === parsed.listId)?.name ?? null} />}
      {error && <p id="new-task-error" className="text-xs text-red-600 dark:text-red-400">{error}</p>}
      <div className="flex gap-2">
        <label htmlFor="new-task-priority" className="sr-only">Priority</label>
        <select
          id="new-task-priority"
          value={priority}
          onChange={(e) => setPriority(e.target.value as "" | TaskPriority)}
          className={`${fieldClass} w-auto py-1.5 text-xs`}
        >
          <option value="">Priority</option>
          <option value="low">Low</option>
          <option value="medium">Medium</option>
          <option value="high">High</option>
        </select>
        <label htmlFor="new-task-due" className="sr-only">Due date</label>
        <input id="new-task-due" type="date" value={due} onChange={(e) => setDue(e.target.value)} className={`${fieldClass} min-w-0 flex-1 py-1.5 text-xs`} />
      </div>
    </form>
  );
}

function QuickAddChips({ parsed, listName }: { parsed: Parsed; listName: string | null }) {
  const chips: string[] = [];
  if (parsed.dueAt) chips.push(`Due ${when(parsed.dueAt)}`);
  if (parsed.recurrence) chips.push("Repeats");
  if (parsed.priority) chips.push(`${parsed.priority[0]!.toUpperCase()}${parsed.priority.slice(1)} priority`);
  if (parsed.remindAt) chips.push(`Reminder ${when(parsed.remindAt)}`);
  if (listName) chips.push(`List: ${listName}`);
  for (const label of parsed.labels) chips.push(`#${label}`);
  if (!chips.length) return null;
  return (
    <ul aria-label="Recognised in the title" data-testid="quick-add-chips" className="flex flex-wrap gap-1">
      {chips.map((chip) => (
        <li key={chip} className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200">
          {chip}
        </li>
      ))}
    </ul>
  );
}
