"use client";
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { TaskPriority } from "@/lib/ui/types";
import { useTaskStore } from "@/components/tasks/task-store";
import { extractLabels } from "@/lib/tasks/labels";
import {
  chipsOf,
  chipWords,
  followEdit,
  shiftRanges,
  type Chip,
  type Parsed,
  type Span,
  type SpanKind,
  type TextRange,
} from "@/lib/ui/quick-add";
import { Button, fieldClass } from "@/components/ui/button";
import { PlusIcon, XIcon } from "@/components/ui/icons";
import { useSpeechInput } from "@/components/voice/use-speech-input";
import { handleSpeechShortcut, MicButton, SpeechStatus } from "@/components/voice/mic-button";

const PARSE_DELAY_MS = 150;

/** One colour per kind of field, shared by a highlight in the box and its chip. */
const KIND_BG: Record<SpanKind, string> = {
  date: "bg-sky-100 dark:bg-sky-900/60",
  time: "bg-sky-100 dark:bg-sky-900/60",
  recurrence: "bg-violet-100 dark:bg-violet-900/60",
  priority: "bg-amber-100 dark:bg-amber-900/60",
  label: "bg-emerald-100 dark:bg-emerald-900/60",
  list: "bg-accent-100 dark:bg-accent-900/60",
  reminder: "bg-rose-100 dark:bg-rose-900/60",
  description: "bg-zinc-200 dark:bg-zinc-700",
};
const KIND_TEXT: Record<SpanKind, string> = {
  date: "text-sky-900 dark:text-sky-100",
  time: "text-sky-900 dark:text-sky-100",
  recurrence: "text-violet-900 dark:text-violet-100",
  priority: "text-amber-900 dark:text-amber-100",
  label: "text-emerald-900 dark:text-emerald-100",
  list: "text-accent-900 dark:text-accent-100",
  reminder: "text-rose-900 dark:text-rose-100",
  description: "text-zinc-900 dark:text-zinc-100",
};

/** The box and the highlights behind it share the box model and font exactly, so the marks sit under their words. */
const BOX_TEXT = "px-3 py-2 text-base sm:text-sm border border-transparent";
const boxClass = fieldClass.replace("bg-white", "").replace("dark:bg-zinc-900", "").replace("px-3 py-2 text-sm", "");

/** One reading of a line by the server; null when it could not be read (the line is then a plain title). */
async function readLine(text: string, ignore: TextRange[], signal?: AbortSignal): Promise<Parsed | null> {
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const body = { text, timezone, ...(ignore.length ? { ignore } : {}) };
  const res = await fetch("/api/tasks/parse", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  return res.ok ? ((await res.json()) as Parsed) : null;
}

/** What a reading is of: the text and the ranges kept as plain text. */
const keyOf = (text: string, ignore: TextRange[]) => `${JSON.stringify(ignore)}|${text}`;

/** The latest reading, what it was of (`keyOf`), and the text it was of. */
type Reading = { parsed: Parsed | null; parsedFor: string; text: string };
const NO_READING: Reading = { parsed: null, parsedFor: "", text: "" };

/** Reads the box as the person types (debounced, the previous request aborted). */
function useQuickAdd(text: string, ignore: TextRange[]): Reading & { reset: () => void } {
  const [result, setResult] = useState<Reading>(NO_READING);
  const key = keyOf(text, ignore);
  useEffect(() => {
    if (!text.trim()) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      readLine(text, ignore, controller.signal)
        .then((parsed) => setResult({ parsed, parsedFor: key, text }))
        .catch(() => {});
    }, PARSE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `key` stands for text and ignore.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { ...result, reset: () => setResult(NO_READING) };
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
  /** Ranges of the line the person turned back into plain text ("treat as plain text"). */
  const [ignore, setIgnore] = useState<TextRange[]>([]);
  const [priority, setPriority] = useState<"" | TaskPriority>("");
  const [due, setDue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const quick = useQuickAdd(title, ignore);
  // Only a reading of exactly what is in the box counts (a stale one would add the wrong fields).
  const parsed = quick.parsedFor === keyOf(title, ignore) && title.trim() ? quick.parsed : null;
  // What the box shows: that reading, or the last one following the edits until the next arrives.
  const shown = parsed ?? (title.trim() && quick.parsed ? followEdit(quick.parsed, quick.text, title, ignore) : null);
  const listName = shown?.listId ? (state.lists.find((l) => l.id === shown.listId)?.name ?? null) : null;
  const chips = shown ? chipsOf(shown, title, listName) : [];
  // The chip under the pointer or focus: its words are outlined in the box.
  const [activeChip, setActiveChip] = useState<string | null>(null);
  const active = chips.find((c) => c.key === activeChip)?.spans ?? [];
  useFocusKey(titleInput);

  function changeTitle(next: string) {
    setIgnore((current) => shiftRanges(current, title, next));
    // An emptied box starts afresh: nothing of the old line's reading is shown for the new one.
    if (!next.trim()) quick.reset();
    setTitle(next);
    setError(null);
  }

  // Spoken words fill the box (after what was typed); the person checks the reading and adds.
  const typed = useRef("");
  const speech = useSpeechInput({
    onStart: () => {
      typed.current = title.trim() ? `${title.trimEnd()} ` : "";
    },
    onInterim: (heard) => changeTitle((typed.current + heard).slice(0, 200)),
    onFinal: (heard) => {
      changeTitle((typed.current + heard).slice(0, 200));
      titleInput.current?.focus();
    },
  });

  function treatAsPlainText(chip: Chip) {
    setIgnore((current) => [...current, ...chip.spans.map((s) => ({ start: s.start, end: s.end }))]);
    setActiveChip(null);
    titleInput.current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    speech.cancel();
    const text = title;
    const plain = ignore;
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
    setIgnore([]);
    quick.reset();
    setPriority("");
    setDue("");
    setError(null);
    titleInput.current?.focus();
    // Enter before the reading of this exact text came back: read it now, so the result never
    // depends on how fast someone typed.
    const reading = parsed ?? (await readLine(text, plain).catch(() => null));
    const list = reading?.listId ?? (state.filters.list && state.filters.list !== "inbox" ? state.filters.list : null);
    const labels = [...new Set([...(reading ? reading.labels : typed.labels), ...(state.filters.label ? [state.filters.label] : [])])];
    // The structured controls, when set, win over what the box read.
    const chosenPriority = chosen.priority || reading?.priority;
    const dueAt = chosen.due || reading?.dueAt;
    void createTask({
      title: reading?.title || trimmed,
      ...(reading?.description ? { description: reading.description } : {}),
      ...(chosenPriority ? { priority: chosenPriority } : {}),
      ...(dueAt ? { dueAt } : {}),
      ...(list ? { listId: list } : {}),
      ...(labels.length ? { labels } : {}),
      ...(reading?.recurrence ? { recurrence: reading.recurrence } : {}),
      ...(reading?.remindAt ? { remindAt: reading.remindAt } : {}),
    });
  }

  const described = [error ? "new-task-error" : null, shown ? "quick-add-reading" : null].filter(Boolean).join(" ");
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Add a task" className="space-y-2">
      <div className="flex gap-2">
        <label htmlFor="new-task-title" className="sr-only">
          New task title
        </label>
        <div className="relative min-w-0 flex-1 rounded-lg bg-white dark:bg-zinc-900">
          <Highlights input={titleInput} text={title} spans={shown?.spans ?? []} active={active} />
          <input
            ref={titleInput}
            id="new-task-title"
            data-testid="new-task-title"
            value={title}
            maxLength={200}
            onChange={(e) => changeTitle(e.target.value)}
            onKeyDown={(e) => {
              if (handleSpeechShortcut(e, speech)) return;
              if (e.key === "Escape") e.currentTarget.blur();
            }}
            aria-keyshortcuts={speech.supported ? "Alt+M" : undefined}
            placeholder="Add a task… (q)"
            autoComplete="off"
            enterKeyHint="done"
            aria-invalid={error ? true : undefined}
            aria-describedby={described || undefined}
            className={`${boxClass} relative w-full bg-transparent ${BOX_TEXT.replace("border-transparent", "")} min-h-10 sm:min-h-9`}
          />
        </div>
        <MicButton speech={speech} testId="quick-add-mic" className="size-10 sm:size-9" />
        <Button type="submit" variant="primary" size="icon" className="size-10 shrink-0 sm:size-9" aria-label="Add task">
          <PlusIcon className="size-4" />
        </Button>
      </div>
      {shown && (chips.length > 0 || shown.title.toLowerCase() !== title.trim().toLowerCase()) && (
        <div id="quick-add-reading" className="space-y-1.5">
          <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">
            Title:{" "}
            <span data-testid="quick-add-title" className="font-medium text-zinc-900 dark:text-zinc-100">
              {shown.title || "(none yet)"}
            </span>
          </p>
          {chips.length > 0 && <QuickAddChips chips={chips} text={title} onPlainText={treatAsPlainText} onActive={setActiveChip} />}
        </div>
      )}
      {error && (
        <p id="new-task-error" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <SpeechStatus speech={speech} className="block text-xs" />
      <div className="flex gap-2">
        <label htmlFor="new-task-priority" className="sr-only">
          Priority
        </label>
        <select
          id="new-task-priority"
          value={priority}
          onChange={(e) => setPriority(e.target.value as "" | TaskPriority)}
          className={`${fieldClass} min-h-10 w-auto py-1.5 text-xs sm:min-h-0`}
        >
          <option value="">Priority</option>
          <option value="low">Low</option>
          <option value="medium">Medium</option>
          <option value="high">High</option>
        </select>
        <label htmlFor="new-task-due" className="sr-only">
          Due date
        </label>
        <input
          id="new-task-due"
          type="date"
          value={due}
          onChange={(e) => setDue(e.target.value)}
          className={`${fieldClass} min-h-10 min-w-0 flex-1 py-1.5 text-xs sm:min-h-0`}
        />
      </div>
    </form>
  );
}

/**
 * The recognised words, highlighted behind the box: a copy of the line in transparent text with
 * coloured marks, scrolled with the box. Decoration only (the chips say the same in words).
 */
function Highlights({
  input,
  text,
  spans,
  active,
}: {
  input: React.RefObject<HTMLInputElement | null>;
  text: string;
  spans: Span[];
  active: Span[];
}) {
  const mirror = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const box = input.current;
    const copy = mirror.current;
    if (!box || !copy) return;
    const sync = () => {
      copy.scrollLeft = box.scrollLeft;
    };
    sync();
    const events = ["scroll", "input", "keyup", "select", "focus", "pointerup"] as const;
    for (const name of events) box.addEventListener(name, sync);
    return () => {
      for (const name of events) box.removeEventListener(name, sync);
    };
  });
  const parts: ReactNode[] = [];
  let at = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    if (s.start < at || s.end > text.length) continue;
    parts.push(text.slice(at, s.start));
    parts.push(
      <mark
        key={s.start}
        data-kind={s.kind}
        className={`rounded-sm text-transparent ${KIND_BG[s.kind]} ${active.some((a) => a.start === s.start && a.end === s.end) ? "outline-2 outline-accent-500" : ""}`}
      >
        {text.slice(s.start, s.end)}
      </mark>,
    );
    at = s.end;
  }
  parts.push(text.slice(at));
  return (
    <div
      ref={mirror}
      aria-hidden="true"
      data-testid="quick-add-highlights"
      className={`pointer-events-none absolute inset-0 overflow-hidden whitespace-pre rounded-lg text-transparent [clip-path:inset(0_13px)] ${BOX_TEXT}`}
    >
      {parts}
      {/* Room past the end, as the box has while the caret sits there. */}
      <span className="inline-block w-3" />
    </div>
  );
}

function QuickAddChips({
  chips,
  text,
  onPlainText,
  onActive,
}: {
  chips: Chip[];
  text: string;
  onPlainText: (chip: Chip) => void;
  onActive: (key: string | null) => void;
}) {
  return (
    <ul aria-label="Recognised in the title" data-testid="quick-add-chips" className="flex flex-wrap gap-1.5">
      {chips.map((chip) => {
        const words = chipWords(chip, text);
        return (
          <li
            key={chip.key}
            data-kind={chip.kind}
            onPointerEnter={() => onActive(chip.key)}
            onPointerLeave={() => onActive(null)}
            onFocus={() => onActive(chip.key)}
            onBlur={() => onActive(null)}
            className={`inline-flex max-w-full items-center rounded-full text-xs ${KIND_BG[chip.kind]} ${KIND_TEXT[chip.kind]}`}
          >
            <span className={`truncate py-1 pl-2.5 ${chip.spans.length ? "" : "pr-2.5"}`}>{chip.text}</span>
            {chip.spans.length > 0 && (
              <button
                type="button"
                onClick={() => onPlainText(chip)}
                aria-label={`Treat “${words}” as plain text`}
                title={`Treat “${words}” as plain text`}
                className="inline-flex min-h-10 min-w-10 shrink-0 items-center justify-center rounded-full hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent-500 sm:min-h-7 sm:min-w-7 dark:hover:bg-white/10"
              >
                <XIcon className="size-3.5" />
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
