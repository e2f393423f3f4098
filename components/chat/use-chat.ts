"use client";
/**
 * The conversation's client state: the messages, the status of the current reply, and the
 * actions the chat offers (send, edit, regenerate, answer a confirmation, stop). The same
 * contract and request flow as the AI SDK's `useChat` (@ai-sdk/react 3 over ai 6's AbstractChat)
 * for what this app uses — it replaces it only to keep the SDK's client (~100 KB gzipped) off
 * the chat page (docs/benchmarks.md, "First Load JS"). Replies are read by lib/ui/ui-message-stream.
 *
 * Status: `submitted` (request sent, nothing shown yet), `streaming`, `ready`, `error`.
 */
import { useLayoutEffect, useState, useSyncExternalStore } from "react";
import type { UIMessage } from "ai";
import { uuidV4 } from "@/lib/ui/uuid";
import { applyChunk, isToolUIPart, readChunks, startMessage, type DataChunk, type StreamingMessage } from "@/lib/ui/ui-message-stream";

export type ChatStatus = "submitted" | "streaming" | "ready" | "error";
export type ChatTrigger = "submit-message" | "regenerate-message";

/** Sends one request and returns the reply's body (an SSE UI message stream). */
export type ChatTransport = {
  send(request: {
    id: string;
    messages: UIMessage[];
    trigger: ChatTrigger;
    messageId: string | undefined;
    signal: AbortSignal;
  }): Promise<ReadableStream<Uint8Array>>;
};

export type ChatOptions = {
  id: string;
  messages: UIMessage[];
  transport: ChatTransport;
  /** After a reply, and after a confirmation is answered: whether to send again at once. */
  sendAutomaticallyWhen?: (options: { messages: UIMessage[] }) => boolean;
  onError?: (error: Error) => void;
  onData?: (chunk: DataChunk) => void;
  onFinish?: (result: { message: UIMessage; isAbort: boolean; isError: boolean }) => void;
};

type ActiveResponse = { state: StreamingMessage; abort: AbortController; done: Promise<void> };

/** A shallow copy of a message whose parts can be changed without touching what React shows. */
function snapshot(message: UIMessage): UIMessage {
  return { ...message, parts: message.parts.map((p) => ({ ...p })) };
}

class ChatSession {
  messages: UIMessage[];
  status: ChatStatus = "ready";
  error: Error | undefined = undefined;
  private options: ChatOptions;
  private listeners = new Set<() => void>();
  private active: ActiveResponse | undefined;
  /** The assistant message whose answered confirmation the next request sends. */
  private pendingApprovalMessageId: string | undefined;
  /** Bumped by stop(): an automatic request queued before it does not go out. */
  private stops = 0;
  private stopping = 0;
  /** Chunk handling and approval answers run one at a time, in order. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: ChatOptions) {
    this.options = options;
    this.messages = options.messages;
  }

  update(options: ChatOptions) {
    this.options = options;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private emit() {
    for (const listener of this.listeners) listener();
  }

  private serially<T>(job: () => T | Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  setMessages = (next: UIMessage[] | ((current: UIMessage[]) => UIMessage[])) => {
    this.messages = [...(typeof next === "function" ? next(this.messages) : next)];
    this.emit();
  };

  private setStatus(status: ChatStatus, error?: Error) {
    if (this.status === status && this.error === error) return;
    this.status = status;
    this.error = error;
    this.emit();
  }

  private replaceMessage(index: number, message: UIMessage) {
    this.messages = [...this.messages.slice(0, index), snapshot(message), ...this.messages.slice(index + 1)];
    this.emit();
  }

  /** A new user message; with `messageId`, the edit of that (user) message, dropping what followed. Without a message: send the answered confirmation. */
  sendMessage = async (message?: { text: string; messageId?: string }) => {
    if (!message) {
      let messageId = this.pendingApprovalMessageId ?? this.messages.at(-1)?.id;
      if (this.pendingApprovalMessageId == null) {
        const answered = this.messages.findLast(
          (m) => m.role === "assistant" && m.parts.some((p) => isToolUIPart(p) && p.state === "approval-responded"),
        );
        if (answered) messageId = answered.id;
      }
      const index =
        messageId != null && messageId === this.pendingApprovalMessageId ? this.messages.findIndex((m) => m.id === messageId) : -1;
      return this.requestForApproval(messageId, index);
    }
    const parts: UIMessage["parts"] = [{ type: "text", text: message.text }];
    if (message.messageId != null) {
      const index = this.messages.findIndex((m) => m.id === message.messageId);
      if (index === -1) throw new Error(`message with id ${message.messageId} not found`);
      if (this.messages[index]!.role !== "user") throw new Error(`message with id ${message.messageId} is not a user message`);
      this.messages = this.messages.slice(0, index + 1);
      this.replaceMessage(index, { id: message.messageId, role: "user", parts, metadata: undefined });
    } else {
      this.messages = [...this.messages, { id: uuidV4(), role: "user", parts, metadata: undefined }];
      this.emit();
    }
    await this.request("submit-message", message.messageId);
  };

  /** A new answer to the last user message (or to the one before `messageId`'s answer). */
  regenerate = async ({ messageId }: { messageId?: string } = {}) => {
    const index = messageId == null ? this.messages.length - 1 : this.messages.findIndex((m) => m.id === messageId);
    if (index === -1) throw new Error(`message ${messageId} not found`);
    this.messages = this.messages.slice(0, this.messages[index]!.role === "assistant" ? index : index + 1);
    this.emit();
    await this.request("regenerate-message", messageId);
  };

  /** Answers one confirmation card; sends it at once when `sendAutomaticallyWhen` says so. */
  addToolApprovalResponse = ({ id, approved }: { id: string; approved: boolean }) =>
    this.serially(async () => {
      const answers = (part: UIMessage["parts"][number]) =>
        isToolUIPart(part) && part.state === "approval-requested" && part.approval.id === id;
      const update = (part: UIMessage["parts"][number]) =>
        answers(part)
          ? ({
              ...part,
              state: "approval-responded",
              approval: { ...(part as { approval: object }).approval, id, approved, reason: undefined },
            } as typeof part)
          : part;
      const messages = this.messages;
      const index = messages.findIndex((m) => m.parts.some(answers));
      if (index !== -1) {
        const message = messages[index]!;
        this.replaceMessage(index, { ...message, parts: message.parts.map(update) });
        this.pendingApprovalMessageId = message.id;
      }
      if (this.active) this.active.state.message.parts = this.active.state.message.parts.map(update);
      if (this.status !== "streaming" && this.status !== "submitted" && this.shouldSendAutomatically()) {
        const messageId = index === -1 ? this.messages.at(-1)?.id : messages[index]!.id;
        void this.automatically(() => this.requestForApproval(messageId, index));
      }
    });

  /** Stops the reply being read (what arrived stays) and waits until its request has ended. */
  stop = async () => {
    this.stopping++;
    this.stops++;
    try {
      const active = this.active;
      active?.abort.abort();
      await active?.done;
      await this.serially(() => undefined);
    } finally {
      this.stopping--;
    }
  };

  private shouldSendAutomatically(): boolean {
    return this.options.sendAutomaticallyWhen?.({ messages: this.messages }) ?? false;
  }

  private async automatically(request: () => Promise<void>) {
    const stops = this.stops;
    const startedWhileStopping = this.stopping > 0;
    if (!this.shouldSendAutomatically()) return;
    if (startedWhileStopping || stops !== this.stops || this.stopping > 0) return;
    await request();
  }

  private async requestForApproval(messageId: string | undefined, index: number) {
    const consumes = messageId != null && messageId === this.pendingApprovalMessageId;
    if (consumes) this.pendingApprovalMessageId = undefined;
    await this.request("submit-message", messageId);
    if (consumes && this.status === "error" && this.pendingApprovalMessageId == null)
      this.pendingApprovalMessageId = this.messages[index]?.id ?? messageId;
  }

  private async request(trigger: ChatTrigger, messageId: string | undefined) {
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    try {
      await this.requestOnce(trigger, messageId, done);
    } finally {
      finished();
    }
  }

  private async requestOnce(trigger: ChatTrigger, messageId: string | undefined, done: Promise<void>) {
    this.setStatus("submitted", undefined);
    const messages = this.messages;
    const responseIndex =
      trigger === "submit-message" && messageId != null ? messages.findIndex((m) => m.id === messageId) : messages.length - 1;
    const responseMessage = responseIndex === -1 ? messages.at(-1) : messages[responseIndex];
    const originalId = responseMessage?.id;
    // An answered confirmation in an earlier message: the reply continues that message in place.
    const usesEarlierAssistantMessage =
      responseIndex !== -1 && responseIndex < messages.length - 1 && responseMessage?.role === "assistant";
    const abort = new AbortController();
    const response: ActiveResponse = {
      state: startMessage(trigger === "regenerate-message" || !responseMessage ? undefined : snapshot(responseMessage), uuidV4()),
      abort,
      done,
    };
    this.active = response;
    let isAbort = false;
    let isError = false;
    abort.signal.addEventListener("abort", () => (isAbort = true));
    const write = (updateStatus: boolean) => {
      if (abort.signal.aborted) return;
      if (updateStatus) this.setStatus("streaming");
      const state = response.state;
      const existing = this.messages.findLastIndex((m) => m.id === state.message.id);
      const original = usesEarlierAssistantMessage && existing === -1 ? this.messages.findLastIndex((m) => m.id === originalId) : -1;
      if (existing !== -1) this.replaceMessage(existing, state.message);
      else if (original !== -1) this.replaceMessage(original, state.message);
      else {
        this.messages = [...this.messages, snapshot(state.message)];
        this.emit();
      }
    };
    try {
      const body = await this.options.transport.send({
        id: this.options.id,
        messages: this.messages,
        trigger,
        messageId,
        signal: abort.signal,
      });
      for await (const chunk of readChunks(body)) {
        await this.serially(() => {
          if (abort.signal.aborted) return;
          const applied = applyChunk(response.state, chunk, (data) => this.options.onData?.(data));
          if (applied.write) write(applied.updateStatus !== false);
        });
        if (abort.signal.aborted) break;
      }
      this.setStatus("ready");
    } catch (error) {
      if (isAbort || (error instanceof Error && error.name === "AbortError")) {
        isAbort = true;
        this.setStatus("ready");
        return;
      }
      isError = true;
      const err = error instanceof Error ? error : new Error(String(error));
      this.options.onError?.(err);
      this.setStatus("error", err);
    } finally {
      try {
        this.options.onFinish?.({ message: response.state.message, isAbort, isError });
      } finally {
        if (this.active === response) this.active = undefined;
      }
    }
    if (!isAbort && !isError) await this.automatically(() => this.request("submit-message", this.messages.at(-1)?.id));
  }
}

/**
 * The chat of conversation `id` (give a component a new `key` for another conversation); the
 * other options are read when they are used, so they may change between renders.
 */
export function useChat(options: ChatOptions) {
  const [session] = useState(() => new ChatSession(options));
  useLayoutEffect(() => session.update(options));
  const messages = useSyncExternalStore(
    session.subscribe,
    () => session.messages,
    () => session.messages,
  );
  const status = useSyncExternalStore(
    session.subscribe,
    () => session.status,
    () => session.status,
  );
  const error = useSyncExternalStore(
    session.subscribe,
    () => session.error,
    () => session.error,
  );
  return {
    messages,
    setMessages: session.setMessages,
    sendMessage: session.sendMessage,
    status,
    error,
    stop: session.stop,
    regenerate: session.regenerate,
    addToolApprovalResponse: session.addToolApprovalResponse,
  };
}
