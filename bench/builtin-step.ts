/**
 * CPU time of one step of the built-in offline model (`doGenerate`: read the prompt, understand
 * the message, plan the calls or write the reply), without tools or a database. The budget is
 * 5 ms a step. Prompts: a first step for each kind of message, a first step after a 20-message
 * history, and a final step that writes a reply from a 50-task list result.
 *
 *   node --import tsx bench/builtin-step.ts            (N=300 runs a prompt, after 30 warm-ups)
 *
 * Prints mean, p50 and p95 CPU ms per step, per prompt and overall. Each run carries its own "now" in the
 * system prompt, so nothing is served from the per-step date cache of an earlier run.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4Prompt } from "@ai-sdk/provider";
import { createBuiltinModel } from "../lib/agent/builtin";
import { buildSystemPrompt } from "../lib/agent/system-prompt";

const N = Number.parseInt(process.env.N ?? "300", 10);
const WARMUP = 30;
const NOW = Date.parse("2026-11-22T14:05:00.000Z");
// A different "now" each run, so no run is served from the date reader's per-text cache.
const systemAt = (i: number) => buildSystemPrompt({ now: new Date(NOW + i * 60_000), timeZone: "Europe/Berlin" });
const TOOLS = [
  "add_task",
  "list_tasks",
  "complete_task",
  "update_task",
  "delete_task",
  "complete_tasks",
  "delete_tasks",
  "update_tasks",
  "undo_last_turn",
];
const tools = TOOLS.map((name) => ({ type: "function" as const, name, inputSchema: { type: "object" as const } }));
const model = createBuiltinModel();

const user = (text: string) => ({ role: "user" as const, content: [{ type: "text" as const, text }] });
const options =
  (prompt: LanguageModelV4Prompt) =>
  (i: number): LanguageModelV4CallOptions => ({ prompt: [{ role: "system", content: systemAt(i) }, ...prompt], tools });

const history: LanguageModelV4Prompt = [];
for (let i = 0; i < 10; i++) {
  history.push(user(`add task number ${i} tomorrow at 5pm`));
  history.push({ role: "assistant", content: [{ type: "text", text: `Added 'Task number ${i}', due tomorrow at 5 pm.` }] });
}
const tasks = Array.from({ length: 50 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
  title: `Task number ${i}`,
  description: "",
  status: i % 3 ? "pending" : "completed",
  priority: "medium",
  dueAt: `2026-11-${String(10 + (i % 20)).padStart(2, "0")}T16:00:00.000Z`,
}));

const prompts: Array<[string, (i: number) => LanguageModelV4CallOptions]> = [
  ["add with date and time", options([user("remind me to call the bank a week from friday at 3pm, it's urgent")])],
  ["compound update", options([user("make the venue booking high priority and due this coming monday")])],
  ["bulk re-schedule", options([user("push everything due today to tomorrow")])],
  ["question (safety gate)", options([user("should I call the bank today?")])],
  ["two clauses", options([user("I finished reading the book, now add call mom tomorrow evening")])],
  ["after a 20-message history", options([...history, user("what's due tomorrow and is anything overdue?")])],
  [
    "reply from a 50-task list",
    options([
      user("show all my tasks"),
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: "c1", toolName: "list_tasks", input: { status: "all", limit: 100 } }],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "c1",
            toolName: "list_tasks",
            output: { type: "json", value: { ok: true, tasks, total: 50 } },
          },
        ],
      },
    ]),
  ],
];

const all: number[] = [];
const rows: string[] = [];
for (const [name, prompt] of prompts) {
  for (let i = 0; i < WARMUP; i++) await model.doGenerate(prompt(-1 - i));
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const call = prompt(i);
    // CPU time of this process, not wall time: on a shared machine the wall clock also counts
    // the time other processes held the cores.
    const start = process.cpuUsage();
    await model.doGenerate(call);
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  all.push(...times);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  rows.push(
    `| ${name} | ${mean.toFixed(2)} | ${(times[Math.floor(times.length * 0.5)] ?? 0).toFixed(2)} | ${(times[Math.floor(times.length * 0.95)] ?? 0).toFixed(2)} |`,
  );
}
all.sort((a, b) => a - b);
const mean = all.reduce((a, b) => a + b, 0) / all.length;
console.log("| prompt | mean CPU ms/step | p50 | p95 |\n| --- | --- | --- | --- |");
console.log(rows.join("\n"));
console.log(
  `| **all** | **${mean.toFixed(2)}** | ${(all[Math.floor(all.length * 0.5)] ?? 0).toFixed(2)} | **${(all[Math.floor(all.length * 0.95)] ?? 0).toFixed(2)}** |`,
);
