"use client";
import { useEffect, useRef, useSyncExternalStore, type FormEvent, type KeyboardEvent } from "react";
import { MAX_MESSAGE_CHARS } from "@/lib/limits";
import { SendIcon, StopIcon } from "@/components/ui/icons";
import { useSpeechInput } from "@/components/voice/use-speech-input";
import { handleSpeechShortcut, MicButton, SpeechStatus } from "@/components/voice/mic-button";
import { useOnline } from "@/components/offline/use-online";

export function Composer({
  value,
  onChange,
  onSend,
  onStop,
  running,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Sends `text` (what the box holds; spoken words are sent the moment they are final). */
  onSend: (text: string) => void;
  onStop: () => void;
  running: boolean;
  autoFocus?: boolean;
}) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const hydrated = useHydrated();
  const online = useOnline();
  // Spoken words go into the box after what was typed, and are sent as a typed message would be.
  const typed = useRef("");
  const speech = useSpeechInput({
    onStart: () => {
      typed.current = value.trim() ? `${value.trimEnd()} ` : "";
    },
    onInterim: (heard) => onChange(typed.current + heard),
    onFinal: (heard) => {
      const text = typed.current + heard;
      onChange(text);
      if (!running && online && text.trim() && text.length <= MAX_MESSAGE_CHARS) onSend(text);
    },
  });

  useEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, 200)}px`;
  }, [value]);

  useEffect(() => {
    if (autoFocus && window.matchMedia("(pointer: fine)").matches) textarea.current?.focus();
  }, [autoFocus]);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (running || !online || !value.trim()) return;
    // Send pressed while listening: what the box shows is the message; nothing heard later is added.
    speech.cancel();
    onSend(value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (handleSpeechShortcut(event, speech)) return;
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  const tooLong = value.length > MAX_MESSAGE_CHARS;

  return (
    <form onSubmit={submit} className="relative" aria-label="Send a message">
      <div className="flex items-end gap-2 rounded-card border border-zinc-300 bg-white p-2 shadow-sm transition-shadow focus-within:border-accent-500 focus-within:ring-4 focus-within:ring-accent-500/10 dark:border-zinc-700 dark:bg-zinc-900 dark:focus-within:border-accent-400">
        <label htmlFor="chat-input" className="sr-only">
          Message the assistant
        </label>
        <textarea
          ref={textarea}
          id="chat-input"
          data-testid="chat-input"
          value={value}
          rows={1}
          disabled={!hydrated}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Tell me what needs doing…"
          aria-describedby="chat-input-hint"
          aria-keyshortcuts={speech.supported ? "Alt+M" : undefined}
          aria-invalid={tooLong || undefined}
          className="max-h-[200px] min-h-10 flex-1 resize-none bg-transparent px-2 py-2 text-[15px] leading-6 text-zinc-900 placeholder:text-zinc-400 focus:outline-none dark:text-zinc-100 dark:placeholder:text-zinc-500"
        />
        <MicButton speech={speech} testId="chat-mic" className="size-10" />
        {running ? (
          <button
            type="button"
            onClick={onStop}
            data-testid="stop-button"
            aria-label="Stop generating"
            className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-zinc-900 text-white transition-colors hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
          >
            <StopIcon className="size-4" />
          </button>
        ) : (
          <button
            type="submit"
            data-testid="send-button"
            aria-label="Send message"
            disabled={!value.trim() || tooLong || !online}
            className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-600 text-white transition-colors hover:bg-accent-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500 disabled:bg-zinc-200 disabled:text-zinc-400 dark:bg-accent-500 dark:hover:bg-accent-400 dark:disabled:bg-zinc-800 dark:disabled:text-zinc-600"
          >
            <SendIcon className="size-4" />
          </button>
        )}
      </div>
      <p id="chat-input-hint" className="mt-1.5 px-2 text-center text-[11px] text-zinc-500 dark:text-zinc-400">
        {!online ? (
          <span data-testid="chat-offline">
            You&rsquo;re offline: the assistant needs a connection. Tasks can still be added in the task panel.
          </span>
        ) : tooLong ? (
          <span className="text-red-600 dark:text-red-400">
            That message is too long ({value.length}/{MAX_MESSAGE_CHARS} characters).
          </span>
        ) : speech.state === "listening" || speech.state === "denied" || speech.state === "error" ? null : (
          <>Enter to send · Shift+Enter for a new line{speech.supported ? " · Alt+M to speak" : ""}</>
        )}
        <SpeechStatus speech={speech} />
      </p>
    </form>
  );
}

const noSubscription = () => () => {};

/** False in the server's HTML and during hydration, true once React owns the page. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
