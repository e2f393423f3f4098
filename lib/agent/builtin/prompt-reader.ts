/**
 * Flattens the AI SDK prompt into a simple list of conversation events (what the user said,
 * what the model said and called, what the tools answered), the way a model "reads" its
 * context. Tool outputs are parsed into a small typed outcome; they stay data, never commands.
 */
import type { LanguageModelV4Prompt, LanguageModelV4ToolResultOutput } from "@ai-sdk/provider";

export type TaskView = {
  id: string;
  title: string;
  description: string | null;
  status: string;
  priority: string;
  dueAt: string | null;
  /** "every Sunday": how a repeating task repeats (the tools' recurrence.text). */
  repeats?: string | null;
  remindAt?: string | null;
  /** The name of the list it is in; null for the Inbox. */
  list?: string | null;
  labels?: string[];
};

export type Outcome =
  | { kind: "ok"; value: Record<string, unknown> }
  | { kind: "fail"; code: string; message: string; query: string | null; candidates: TaskView[] }
  | { kind: "denied" }
  | { kind: "error"; message: string };

export type ToolCallEvent = { kind: "call"; id: string; name: string; input: Record<string, unknown> };
export type ToolResultEvent = { kind: "result"; id: string; name: string; outcome: Outcome; input: Record<string, unknown> };

export type ConversationEvent = { kind: "user"; text: string } | { kind: "assistant"; text: string } | ToolCallEvent | ToolResultEvent;

export type Conversation = { system: string; events: ConversationEvent[] };

function asRecord(value: unknown): Record<string, unknown> {
  if (typeof value === "string") {
    try {
      return asRecord(JSON.parse(value));
    } catch {
      return {};
    }
  }
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** Reads a task object from a tool output, tolerating missing fields. */
export function toTaskView(value: unknown): TaskView | null {
  const t = asRecord(value);
  const id = str(t.id);
  const title = str(t.title);
  if (!id || title === null) return null;
  return {
    id,
    title,
    description: str(t.description),
    status: str(t.status) ?? "pending",
    priority: str(t.priority) ?? "medium",
    dueAt: str(t.dueAt),
    repeats: str(asRecord(t.recurrence).text),
    remindAt: str(t.remindAt),
    list: str(asRecord(t.list).name),
    labels: Array.isArray(t.labels) ? t.labels.map(String) : [],
  };
}

export function toTaskViews(value: unknown): TaskView[] {
  return Array.isArray(value) ? value.map(toTaskView).filter((t): t is TaskView => t !== null) : [];
}

function fromJson(value: unknown): Outcome {
  const v = asRecord(value);
  if (v.ok === false) {
    return {
      kind: "fail",
      code: str(v.code) ?? "error",
      message: str(v.message) ?? "",
      query: str(v.query),
      candidates: toTaskViews(v.candidates),
    };
  }
  return { kind: "ok", value: v };
}

export function readOutcome(output: LanguageModelV4ToolResultOutput): Outcome {
  switch (output.type) {
    case "json":
      return fromJson(output.value);
    case "text": {
      const parsed = asRecord(output.value);
      return Object.keys(parsed).length > 0 ? fromJson(parsed) : { kind: "error", message: output.value };
    }
    case "execution-denied":
      return { kind: "denied" };
    case "error-text":
      return { kind: "error", message: output.value };
    case "error-json":
      return { kind: "error", message: JSON.stringify(output.value) };
    case "content": {
      const text = output.value.map((p) => (p.type === "text" ? p.text : "")).join("");
      return fromJson(asRecord(text));
    }
    default:
      return { kind: "error", message: "unsupported tool output" };
  }
}

export function readPrompt(prompt: LanguageModelV4Prompt): Conversation {
  const system: string[] = [];
  const events: ConversationEvent[] = [];
  const inputs = new Map<string, Record<string, unknown>>();
  for (const message of prompt) {
    if (message.role === "system") {
      system.push(message.content);
      continue;
    }
    if (message.role === "user") {
      const text = message.content
        .map((p) => (p.type === "text" ? p.text : ""))
        .join(" ")
        .trim();
      events.push({ kind: "user", text });
      continue;
    }
    for (const part of message.content) {
      if (part.type === "text" && part.text.trim()) {
        events.push({ kind: "assistant", text: part.text });
      } else if (part.type === "tool-call") {
        const input = asRecord(part.input);
        inputs.set(part.toolCallId, input);
        events.push({ kind: "call", id: part.toolCallId, name: part.toolName, input });
      } else if (part.type === "tool-result") {
        events.push({
          kind: "result",
          id: part.toolCallId,
          name: part.toolName,
          outcome: readOutcome(part.output),
          input: inputs.get(part.toolCallId) ?? {},
        });
      }
    }
  }
  return { system: system.join("\n"), events };
}
