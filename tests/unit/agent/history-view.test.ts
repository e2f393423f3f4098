/** `messages` of /api/agent: stored UI messages as the seeds' history. */
import type { UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { historyView } from "@/lib/agent/history-view";

const assistant = (parts: unknown[]): UIMessage => ({ id: "a", role: "assistant", parts: parts as UIMessage["parts"] });

describe("historyView", () => {
  it("joins text parts and maps every tool part state", () => {
    const { messages } = historyView([
      { id: "s", role: "system", parts: [{ type: "text", text: "never shown" }] },
      { id: "u", role: "user", parts: [{ type: "text", text: "tidy up" }] },
      assistant([
        { type: "text", text: "Done:" },
        { type: "tool-complete_task", toolCallId: "1", state: "output-available", input: { task: "a" }, output: { ok: true } },
        {
          type: "tool-complete_task",
          toolCallId: "2",
          state: "output-available",
          input: { task: "b" },
          output: { ok: false, code: "not_found" },
        },
        { type: "tool-add_task", toolCallId: "3", state: "output-error", input: { title: 1 }, errorText: "bad" },
        { type: "tool-delete_task", toolCallId: "4", state: "approval-requested", input: { task: "c" }, approval: { id: "x" } },
        { type: "tool-delete_task", toolCallId: "5", state: "output-denied", input: { task: "d" }, approval: { id: "y", approved: false } },
        { type: "tool-list_tasks", toolCallId: "6", state: "input-available", input: {} },
        { type: "text", text: "more." },
      ]),
    ]);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[1]!.content).toBe("Done:\n\nmore.");
    expect(messages[1]!.toolCalls.map((c) => [c.toolName, c.state, c.success])).toEqual([
      ["complete_task", "done", true],
      ["complete_task", "done", false],
      ["add_task", "failed", false],
      ["delete_task", "awaiting_confirmation", false],
      ["delete_task", "denied", false],
      ["list_tasks", "failed", false],
    ]);
  });

  it("keeps the newest `limit` and says when it left some out", () => {
    const all = Array.from(
      { length: 5 },
      (_, i): UIMessage => ({ id: String(i), role: i % 2 ? "assistant" : "user", parts: [{ type: "text", text: String(i) }] }),
    );
    expect(historyView(all, 5)).toMatchObject({ truncated: false });
    const cut = historyView(all, 3);
    expect(cut.truncated).toBe(true);
    expect(cut.messages.map((m) => m.content)).toEqual(["2", "3", "4"]);
  });
});
