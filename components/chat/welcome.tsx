"use client";
import { SparkIcon } from "@/components/ui/icons";

const EXAMPLES = [
  { text: "Add buy milk tomorrow", hint: "Add a task with a due date" },
  { text: "Remind me to call mom on Friday, high priority", hint: "Dates and priorities in plain words" },
  { text: "What's due today?", hint: "Ask about your list" },
  { text: "Show my overdue tasks", hint: "Filter by due date" },
];

export function Welcome({ onPick, disabled }: { onPick: (text: string) => void; disabled?: boolean }) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-4 py-10 text-center" data-testid="welcome">
      <span className="mb-5 flex size-12 items-center justify-center rounded-card bg-gradient-to-br from-accent-500 to-violet-500 text-white shadow-lg shadow-accent-500/20">
        <SparkIcon className="size-6" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl dark:text-zinc-50">What should we get done?</h1>
      <p className="mt-2 max-w-md text-[15px] text-zinc-500 dark:text-zinc-400">
        Tell me about your tasks in your own words. I’ll add, find, complete, reschedule and tidy them up — and ask before deleting
        anything.
      </p>
      <ul className="mt-8 grid w-full gap-2.5 sm:grid-cols-2" aria-label="Example prompts">
        {EXAMPLES.map((example) => (
          <li key={example.text}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(example.text)}
              className="group h-full w-full rounded-xl border border-zinc-200 bg-white px-4 py-3 text-left shadow-xs transition-all hover:-translate-y-px hover:border-accent-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500 disabled:opacity-50 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-accent-500/50"
            >
              <span className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">“{example.text}”</span>
              <span className="mt-0.5 block text-xs text-zinc-500 dark:text-zinc-400">{example.hint}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
