import { describe, it, expect } from "vitest";
import { streamText, isStepCount } from "ai";
import type { LanguageModelV4CallOptions, LanguageModelV4Prompt, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { createBuiltinModel } from "../../../lib/agent/builtin";
import { buildSystemPrompt } from "@/lib/agent/system-prompt";
import { Harness, once, DEFAULT_NOW, DEFAULT_ZONE } from "./harness";

const SYSTEM = buildSystemPrompt({ now: new Date(DEFAULT_NOW), timeZone: DEFAULT_ZONE });
const TOOL_NAMES = ["add_task", "list_tasks", "complete_task", "update_task", "delete_task", "complete_tasks", "delete_tasks"];
const tools = TOOL_NAMES.map((name) => ({ type: "function" as const, name, inputSchema: { type: "object" as const } }));

function options(prompt: LanguageModelV4Prompt, extra: Partial<LanguageModelV4CallOptions> = {}): LanguageModelV4CallOptions {
  return { prompt: [{ role: "system", content: SYSTEM }, ...prompt], tools, ...extra };
}

const user = (text: string) => ({ role: "user" as const, content: [{ type: "text" as const, text }] });
const task = {
  id: "8f14e45f-ceea-467f-a0e6-1e2b3c4d5e6f",
  title: "Keep me",
  description: null,
  status: "pending",
  priority: "medium",
  dueAt: null,
  completedAt: null,
  createdAt: DEFAULT_NOW,
  updatedAt: DEFAULT_NOW,
};

function afterDelete(
  output: Extract<LanguageModelV4Prompt[number], { role: "tool" }>["content"][number] extends infer P
    ? P extends { type: "tool-result"; output: infer O }
      ? O
      : never
    : never,
): LanguageModelV4Prompt {
  return [
    user("delete keep me"),
    { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "delete_task", input: { task: "keep me" } }] },
    { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "delete_task", output }] },
  ];
}

async function collect(stream: ReadableStream<LanguageModelV4StreamPart>): Promise<LanguageModelV4StreamPart[]> {
  const parts: LanguageModelV4StreamPart[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

describe("the LanguageModelV4 contract", () => {
  const model = createBuiltinModel();

  it("identifies itself", () => {
    expect(model.specificationVersion).toBe("v4");
    expect(model.provider).toBe("builtin");
    expect(model.modelId).toBe("builtin-offline");
  });

  it("streams text in word-sized deltas between text-start and text-end", async () => {
    const { stream } = await model.doStream(options([user("help")]));
    const parts = await collect(stream);
    expect(parts[0]?.type).toBe("stream-start");
    expect(parts[1]?.type).toBe("text-start");
    const deltas = parts.filter((p): p is Extract<LanguageModelV4StreamPart, { type: "text-delta" }> => p.type === "text-delta");
    expect(deltas.length).toBeGreaterThan(20);
    expect(deltas.every((d) => d.delta.trim().split(/\s+/).length <= 1)).toBe(true);
    const generated = await model.doGenerate(options([user("help")]));
    expect(deltas.map((d) => d.delta).join("")).toBe(generated.content[0]?.type === "text" ? generated.content[0].text : "");
    expect(parts.at(-2)?.type).toBe("text-end");
    const finish = parts.at(-1);
    expect(finish?.type === "finish" && finish.finishReason.unified).toBe("stop");
  });

  it("streams tool calls with their input and finishes with tool-calls", async () => {
    const { stream } = await model.doStream(options([user("add buy milk tomorrow")]));
    const parts = await collect(stream);
    expect(parts.map((p) => p.type)).toEqual([
      "stream-start",
      "tool-input-start",
      "tool-input-delta",
      "tool-input-end",
      "tool-call",
      "finish",
    ]);
    const call = parts.find((p) => p.type === "tool-call");
    expect(call?.type === "tool-call" && JSON.parse(call.input)).toEqual({ title: "Buy milk", due: "2026-11-23" });
    const finish = parts.at(-1);
    expect(finish?.type === "finish" && finish.finishReason.unified).toBe("tool-calls");
  });

  it("is deterministic", async () => {
    const prompt = options([user("add buy bread and pick up the kids by friday")]);
    const a = await model.doGenerate(prompt);
    const b = await createBuiltinModel().doGenerate(prompt);
    expect(a).toEqual(b);
  });

  it("reports usage of about a token per four characters", async () => {
    const prompt = options([user("what can you do?")]);
    const r = await model.doGenerate(prompt);
    const text = r.content[0]?.type === "text" ? r.content[0].text : "";
    expect(r.usage.outputTokens.total).toBe(Math.ceil(text.length / 4));
    const chars = JSON.stringify(prompt.prompt).length + JSON.stringify(tools).length;
    expect(r.usage.inputTokens.total).toBe(Math.ceil(chars / 4));
  });

  it("makes no tool calls when toolChoice is none", async () => {
    const r = await model.doGenerate(options([user("add buy milk")], { toolChoice: { type: "none" } }));
    expect(r.content.some((c) => c.type === "tool-call")).toBe(false);
  });

  it("drops fields a tool's schema does not declare", async () => {
    const narrow = [{ type: "function" as const, name: "add_task", inputSchema: { type: "object" as const, properties: { title: {} } } }];
    const r = await model.doGenerate({ prompt: [{ role: "system", content: SYSTEM }, user("add buy milk tomorrow")], tools: narrow });
    const call = r.content.find((c) => c.type === "tool-call");
    expect(call?.type === "tool-call" && JSON.parse(call.input)).toEqual({ title: "Buy milk" });
  });

  it("survives a prompt without a clock line", async () => {
    const r = await model.doGenerate({ prompt: [{ role: "system", content: "no clock" }, user("add buy milk")], tools });
    expect(r.content.some((c) => c.type === "tool-call")).toBe(true);
  });
});

describe("replies built from tool results in the prompt", () => {
  const model = createBuiltinModel();
  const textOf = async (prompt: LanguageModelV4Prompt) => {
    const r = await model.doGenerate(options(prompt));
    expect(r.content.every((c) => c.type === "text")).toBe(true);
    return r.content[0]?.type === "text" ? r.content[0].text : "";
  };

  it("a denied delete says nothing was deleted", async () => {
    const text = await textOf(afterDelete({ type: "execution-denied" }));
    expect(text).toMatch(/nothing was deleted/i);
  });

  it("an approved delete confirms the title", async () => {
    expect(await textOf(afterDelete({ type: "json", value: { ok: true, deleted: task } }))).toBe("Deleted 'Keep me'.");
  });

  it("a tool error becomes a friendly message", async () => {
    const text = await textOf(afterDelete({ type: "error-text", value: "Invalid input for tool delete_task: unrecognized key" }));
    expect(text).toMatch(/Something went wrong on my side/);
    expect(text).not.toMatch(/delete_task/);
  });

  it("invalid_input is explained briefly", async () => {
    const prompt: LanguageModelV4Prompt = [
      user("add pay rent on the 45th"),
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: "c1", toolName: "add_task", input: { title: "Pay rent", due: "bad" } }],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "c1",
            toolName: "add_task",
            output: { type: "json", value: { ok: false, code: "invalid_input", message: "due: could not parse" } },
          },
        ],
      },
    ];
    expect(await textOf(prompt)).toMatch(/couldn't use that date/);
  });

  it("a text tool output holding JSON is read like JSON", async () => {
    expect(await textOf(afterDelete({ type: "text", value: JSON.stringify({ ok: true, deleted: task }) }))).toBe("Deleted 'Keep me'.");
  });
});

describe("through streamText, like the chat route", () => {
  it("runs the tool loop and streams the final reply", async () => {
    const h = await Harness.create({ tasks: [{ title: "Walk the dog", due: 0 }] });
    const result = streamText({
      model: createBuiltinModel(),
      system: SYSTEM,
      messages: [{ role: "user", content: "what do I need to do today?" }],
      tools: h.toolSet,
      stopWhen: isStepCount(10),
    });
    let streamed = "";
    for await (const delta of result.textStream) streamed += delta;
    expect(streamed).toContain("☐ Walk the dog — due today");
    expect((await result.steps).length).toBe(2);
  });
});

describe("time zones", () => {
  it("resolves 'tomorrow' in the user's zone, not UTC", async () => {
    // 03:00 UTC on Monday is still Sunday evening in New York.
    const t = await once("remind me to call mom tomorrow", { now: "2026-11-23T03:00:00.000Z", timeZone: "America/New_York" });
    expect(t.calls.find((c) => c.toolName === "add_task")?.input.due).toBe("2026-11-23");
  });

  it("reads US-style numeric dates in an American zone", async () => {
    const t = await once("add pay rent on 12/3", { timeZone: "America/Chicago" });
    expect(t.calls[0]?.input.due).toBe("2026-12-03");
  });

  it("reads day-first numeric dates elsewhere", async () => {
    const t = await once("add pay rent on 12/3");
    expect(t.calls[0]?.input.due).toBe("2027-03-12");
  });

  it("shows due dates in the user's zone", async () => {
    const h = await Harness.create({ timeZone: "Asia/Tokyo", now: "2026-11-22T14:05:00.000Z", tasks: [{ title: "Tokyo task", due: 1 }] });
    const t = await h.say("list my tasks");
    expect(t.text).toContain("☐ Tokyo task — due tomorrow");
  });
});

describe("fitting the tools' schemas", () => {
  it("trims a very long title to the schema's maxLength", async () => {
    const schema = { type: "object" as const, properties: { title: { type: "string" as const, maxLength: 200 } } };
    const r = await createBuiltinModel().doGenerate({
      prompt: [{ role: "system", content: SYSTEM }, user(`add ${"very ".repeat(10)}${"extraordinarily ".repeat(15)}long task`)],
      tools: [{ type: "function", name: "add_task", inputSchema: schema }],
    });
    const call = r.content.find((c) => c.type === "tool-call");
    const title = call?.type === "tool-call" ? (JSON.parse(call.input) as { title: string }).title : "";
    expect(title.length).toBeLessThanOrEqual(200);
    expect(title.startsWith("Very very")).toBe(true);
  });
});
