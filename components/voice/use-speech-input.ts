"use client";
/**
 * Voice input through the browser's Web Speech API (`SpeechRecognition`, prefixed
 * `webkitSpeechRecognition` in Chrome, Edge and Safari): one utterance per start, the words heard
 * so far reported as they come (`onInterim`), the whole utterance once the person stops speaking
 * (`onFinal`). `supported` is false where the API is missing (and in the server's HTML), so the
 * button can be left out. Shared by the chat box and the task panel's quick-add box.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";

/** The parts of the Web Speech API used here (not in every TypeScript DOM library). */
type RecognitionResult = { isFinal: boolean; 0?: { transcript: string }; length: number };
type RecognitionEvent = { resultIndex: number; results: ArrayLike<RecognitionResult> };
type Recognition = {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  maxAlternatives: number;
  onstart: (() => void) | null;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
};
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === "undefined") return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

const noSubscription = () => () => {};

/** listening: the microphone is open; stopped: it closed (after speech, or nothing was heard); denied: not allowed. */
export type SpeechState = "idle" | "listening" | "stopped" | "denied" | "error";

/** The shortcut that starts and stops voice input while a box with a microphone has focus. */
export const SPEECH_SHORTCUT = {
  label: "Alt+M",
  matches: (e: { altKey: boolean; ctrlKey: boolean; metaKey: boolean; code: string }) =>
    e.altKey && !e.ctrlKey && !e.metaKey && e.code === "KeyM",
};

export type SpeechInput = {
  supported: boolean;
  state: SpeechState;
  /** What to tell the person (and screen readers) about the state; empty when idle. */
  message: string;
  start: () => void;
  /** Stops listening; what was heard so far still arrives as the final result. */
  stop: () => void;
  /** Stops listening and drops what was not final yet (e.g. the person pressed send). */
  cancel: () => void;
  toggle: () => void;
};

const MESSAGES: Record<SpeechState, string> = {
  idle: "",
  listening: "Listening… speak now.",
  stopped: "Stopped listening.",
  denied: "Microphone not allowed. Allow it in your browser's site settings to talk instead of typing.",
  error: "Voice input stopped: the browser's speech service failed. Type instead, or try again.",
};

export function useSpeechInput({
  onStart,
  onInterim,
  onFinal,
}: {
  /** Listening began (a good moment to remember what the box held). */
  onStart?: () => void;
  onInterim: (transcript: string) => void;
  onFinal: (transcript: string) => void;
}): SpeechInput {
  const supported = useSyncExternalStore(
    noSubscription,
    () => recognitionConstructor() !== null,
    () => false,
  );
  const [state, setState] = useState<SpeechState>("idle");
  const [noSpeech, setNoSpeech] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const handlers = useRef({ onStart, onInterim, onFinal });
  useEffect(() => {
    handlers.current = { onStart, onInterim, onFinal };
  });

  const start = useCallback(() => {
    const Ctor = recognitionConstructor();
    if (!Ctor || recognition.current) return;
    const rec = new Ctor();
    rec.lang = navigator.language || "en-US";
    rec.interimResults = true;
    rec.continuous = false;
    rec.maxAlternatives = 1;
    rec.onstart = () => setState("listening");
    rec.onresult = (event) => {
      if (recognition.current !== rec) return;
      let text = "";
      let final = true;
      for (let i = 0; i < event.results.length; i++) {
        const result = event.results[i]!;
        text += result[0]?.transcript ?? "";
        if (!result.isFinal) final = false;
      }
      text = text.replace(/\s+/g, " ").trim();
      if (final && text) handlers.current.onFinal(text);
      else handlers.current.onInterim(text);
    };
    rec.onerror = (event) => {
      if (recognition.current !== rec) return;
      if (event.error === "not-allowed" || event.error === "service-not-allowed") setState("denied");
      else if (event.error === "no-speech") setNoSpeech(true);
      else if (event.error !== "aborted") setState("error");
    };
    rec.onend = () => {
      if (recognition.current !== rec) return;
      recognition.current = null;
      setState((current) => (current === "listening" || current === "idle" ? "stopped" : current));
    };
    recognition.current = rec;
    setNoSpeech(false);
    setState("listening");
    handlers.current.onStart?.();
    try {
      rec.start();
    } catch {
      recognition.current = null;
      setState("error");
    }
  }, []);

  const stop = useCallback(() => recognition.current?.stop(), []);

  const cancel = useCallback(() => {
    const rec = recognition.current;
    if (!rec) return;
    recognition.current = null;
    rec.abort();
    setState("stopped");
  }, []);

  const toggle = useCallback(() => (recognition.current ? stop() : start()), [start, stop]);

  // Leaving the page (or the box) closes the microphone.
  useEffect(
    () => () => {
      const rec = recognition.current;
      recognition.current = null;
      rec?.abort();
    },
    [],
  );

  const message = state === "stopped" && noSpeech ? "Stopped listening: no speech was heard." : MESSAGES[state];
  return { supported, state, message, start, stop, cancel, toggle };
}
