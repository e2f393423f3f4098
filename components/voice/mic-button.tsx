"use client";
/**
 * The microphone button of a text box (the chat's and the quick-add box's): starts and stops
 * voice input (components/voice/use-speech-input.ts), shows whether it is listening, and
 * announces the state to screen readers. Not rendered where the browser has no speech
 * recognition. `SpeechStatus` shows the state's words next to the box.
 */
import type { SpeechInput } from "@/components/voice/use-speech-input";
import { SPEECH_SHORTCUT } from "@/components/voice/use-speech-input";
import { MicIcon } from "@/components/ui/icons";

export function MicButton({ speech, className = "", testId }: { speech: SpeechInput; className?: string; testId?: string }) {
  if (!speech.supported) return null;
  const listening = speech.state === "listening";
  const label = listening ? `Stop listening (${SPEECH_SHORTCUT.label})` : `Speak instead of typing (${SPEECH_SHORTCUT.label})`;
  return (
    <button
      type="button"
      onClick={speech.toggle}
      data-testid={testId}
      data-state={speech.state}
      aria-pressed={listening}
      aria-label={label}
      aria-keyshortcuts={SPEECH_SHORTCUT.label}
      title={label}
      className={`flex shrink-0 items-center justify-center rounded-xl transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500 ${
        listening
          ? "bg-red-600 text-white hover:bg-red-500 motion-safe:animate-pulse"
          : speech.state === "denied"
            ? "text-red-600 hover:bg-zinc-100 dark:text-red-400 dark:hover:bg-zinc-800"
            : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      } ${className}`}
    >
      <MicIcon className="size-4" />
    </button>
  );
}

/** The state in words: visible while listening or when the microphone is not allowed, always announced. */
export function SpeechStatus({ speech, id, className = "" }: { speech: SpeechInput; id?: string; className?: string }) {
  if (!speech.supported) return null;
  const visible = speech.state === "listening" || speech.state === "denied" || speech.state === "error";
  return (
    <span
      id={id}
      role="status"
      data-testid="speech-status"
      className={
        visible
          ? `${className} ${speech.state === "listening" ? "text-zinc-600 dark:text-zinc-400" : "text-red-600 dark:text-red-400"}`
          : "sr-only"
      }
    >
      {speech.message}
    </span>
  );
}

/** For a box's onKeyDown: the shortcut toggles listening. True when it was handled. */
export function handleSpeechShortcut(
  event: { altKey: boolean; ctrlKey: boolean; metaKey: boolean; code: string; preventDefault: () => void },
  speech: SpeechInput,
): boolean {
  if (!speech.supported || !SPEECH_SHORTCUT.matches(event)) return false;
  event.preventDefault();
  speech.toggle();
  return true;
}
