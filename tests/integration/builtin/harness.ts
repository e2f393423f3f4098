/**
 * Runs conversations against the built-in model through the real AI SDK loop (generateText +
 * isStepCount), with the real task tools (lib/agent/tools), the real system prompt and the real
 * typed-confirmation parser, over the test database (a fresh user per harness). Mirrors the API
 * route's handling of a pending approval: a typed "yes"/"no" answers it, anything else cancels
 * it and is handled as a new message.
 */
import { randomUUID } from "node:crypto";
import { generateText, isStepCount, type ModelMessage, type ToolSet } from "ai";
import { createBuiltinModel } from "@/lib/agent/builtin";
import { classifyTypedReply } from "@/lib/agent/confirmation";
import { buildSystemPrompt } from "@/lib/agent/system-prompt";
import { confirmationPrompt } from "@/lib/agent/turn-text";
import { createTaskTools } from "@/lib/agent/tools/ai-tools";
import { getTaskToolDefinition } from "@/lib/agent/tools/definitions";
import type { TaskToolContext } from "@/lib/agent/tools/context";
import { db } from "@/lib/db";

export const DEFAULT_NOW = "2026-11-22T14:05:00.000Z"; // Sunday 15:05 in Berlin
export const DEFAULT_ZONE = "Europe/Berlin";

export type Call = { toolName: string; input: Record<string, unknown> };
export type Turn = { text: string; calls: Call[]; pending: Call[]; steps: number };

export type Task = {
  id: string;
  title: string;
  description: string | null;
  status: "pending" | "completed";
  priority: "low" | "medium" | "high";
  dueAt: string | null;
  remindAt?: string | null;
  recurrence?: { rule: string; text: string } | null;
  list?: { name: string } | null;
  labels?: string[];
  parentId?: string | null;
};

export type SeedTask = {
  title: string;
  description?: string;
  status?: "pending" | "completed";
  priority?: "low" | "medium" | "high";
  /** An RRULE: a repeating task. */
  recurrence?: string;
  /** The name of one of the user's lists (create it first). */
  list?: string;
  labels?: string[];
  /** The title of an earlier seeded task: this one is its subtask. */
  parent?: string;
  /** Days from today: the end of that local day, or noon UTC with `seedAtNoonUtc`. */
  due?: number;
};

export type HarnessOptions = {
  now?: string;
  timeZone?: string;
  tasks?: SeedTask[];
  /** Seed due dates at noon UTC, as tests/evals/client.mjs does over HTTP. */
  seedAtNoonUtc?: boolean;
};

/** Noon UTC `days` after the UTC day of `now`. */
export function utcNoon(now: Date, days: number): string {
  const d = new Date(now);
  d.setUTCHours(12, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString();
}

/** The local date (YYYY-MM-DD) `days` after the local day of `now` in `timeZone`. */
export function localDay(now: Date, timeZone: string, days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function runTool(name: string, input: Record<string, unknown>, ctx: TaskToolContext): Promise<Record<string, unknown>> {
  const definition = getTaskToolDefinition(name);
  if (!definition) throw new Error(`no tool ${name}`);
  const result = (await definition.execute(definition.inputSchema.parse(input), ctx)) as unknown as Record<string, unknown>;
  if (result.ok !== true) throw new Error(`${name} failed: ${JSON.stringify(result)}`);
  return result;
}

export class Harness {
  readonly now: Date;
  readonly timeZone: string;
  readonly messages: ModelMessage[] = [];
  private ctx!: TaskToolContext;
  private tools: ToolSet = {};
  private approvals: Array<{ approvalId: string; call: Call }> = [];
  private readonly model = createBuiltinModel();
  private readonly seedAtNoonUtc: boolean;

  private constructor(options: HarnessOptions) {
    this.now = new Date(options.now ?? DEFAULT_NOW);
    this.timeZone = options.timeZone ?? DEFAULT_ZONE;
    this.seedAtNoonUtc = options.seedAtNoonUtc ?? false;
  }

  /** A fresh user with the given tasks, created through the task tools themselves. */
  static async create(options: HarnessOptions = {}): Promise<Harness> {
    const h = new Harness(options);
    const user = await db.user.create({
      data: { email: `builtin-${randomUUID()}@example.com`, passwordHash: "unused", timezone: h.timeZone },
    });
    // Seeding and checking act as the app would; each turn acts as the agent with its own request id.
    h.ctx = { userId: user.id, timeZone: h.timeZone, now: () => h.now, actor: "app", requestId: null };
    for (const seed of options.tasks ?? []) await h.seed(seed);
    return h;
  }

  async seed(seed: SeedTask): Promise<Task> {
    const input: Record<string, unknown> = { title: seed.title };
    if (seed.description) input.description = seed.description;
    if (seed.priority) input.priority = seed.priority;
    if (seed.recurrence) input.recurrence = seed.recurrence;
    if (seed.list) input.list = seed.list;
    if (seed.labels) input.labels = seed.labels;
    if (seed.parent) input.parent = seed.parent;
    if (seed.due !== undefined) input.due = this.seedAtNoonUtc ? utcNoon(this.now, seed.due) : localDay(this.now, this.timeZone, seed.due);
    const created = (await runTool("add_task", input, this.ctx)).task as Task;
    if (seed.status === "completed") await runTool("complete_task", { task: created.id }, this.ctx);
    return created;
  }

  /** Creates one of the user's lists (a scenario's `lists`), through the real create_list tool. */
  async createList(name: string): Promise<void> {
    await runTool("create_list", { name }, this.ctx);
  }

  /** How many lists this user has. */
  async listsCount(): Promise<number> {
    return ((await runTool("list_lists", {}, this.ctx)).lists as unknown[]).length;
  }

  /** Every task of this user, as the tools report them. */
  async all(): Promise<Task[]> {
    return (await runTool("list_tasks", { status: "all", limit: 100 }, this.ctx)).tasks as Task[];
  }

  async task(titlePart: string): Promise<Task | undefined> {
    return (await this.all()).find((t) => t.title.toLowerCase().includes(titlePart.toLowerCase()));
  }

  /** The AI SDK tools bound to this harness's user, as the agent gets them. */
  get toolSet(): ToolSet {
    return createTaskTools({ ...this.ctx, actor: "agent", requestId: randomUUID() });
  }

  get pending(): Call[] {
    return this.approvals.map((a) => a.call);
  }

  private async run(): Promise<Turn> {
    this.tools = createTaskTools({ ...this.ctx, actor: "agent", requestId: randomUUID() });
    const result = await generateText({
      model: this.model,
      system: buildSystemPrompt({ now: this.now, timeZone: this.timeZone }),
      messages: this.messages,
      tools: this.tools,
      stopWhen: isStepCount(10),
    });
    this.messages.push(...result.responseMessages);
    const calls = result.steps.flatMap((s) =>
      s.toolCalls.map((c) => ({ toolName: c.toolName, input: c.input as Record<string, unknown> })),
    );
    this.approvals = result.content
      .filter((p) => p.type === "tool-approval-request")
      .map((p) => ({
        approvalId: p.approvalId,
        call: { toolName: p.toolCall.toolName, input: p.toolCall.input as Record<string, unknown> },
      }));
    // As the agent route does: a turn that waits for approval ends with the loop's question.
    const text = this.approvals.length && !result.text.trim() ? (await confirmationPrompt(this.pending, this.ctx)).prompt : result.text;
    return { text, calls, pending: this.pending, steps: result.steps.length };
  }

  /** Answers the pending confirmation (the UI's confirm/cancel buttons). */
  async approve(approved: boolean): Promise<Turn> {
    if (this.approvals.length === 0) throw new Error("no pending approval");
    this.messages.push({
      role: "tool",
      content: this.approvals.map((a) => ({ type: "tool-approval-response" as const, approvalId: a.approvalId, approved })),
    });
    return this.run();
  }

  async say(text: string): Promise<Turn> {
    if (this.approvals.length > 0) {
      const typed = classifyTypedReply(text);
      if (typed) return this.approve(typed === "approve");
      await this.approve(false);
    }
    this.messages.push({ role: "user", content: text });
    return this.run();
  }
}

/** One-shot helper: a fresh harness, one message. */
export async function once(text: string, options: HarnessOptions = {}): Promise<Turn & { h: Harness }> {
  const h = await Harness.create(options);
  const turn = await h.say(text);
  return { ...turn, h };
}

/** A fresh harness whose user has the lists Work and Home and these tasks (the blind probes' setting). */
export async function workAndHome(tasks: SeedTask[]): Promise<Harness> {
  const h = await Harness.create();
  for (const name of ["Work", "Home"]) await h.createList(name);
  for (const seed of tasks) await h.seed(seed);
  return h;
}

/** The tasks whose stored state differs from before, and the ones that are new. */
export const changedSince = <T extends { id: string }>(before: T[], after: T[]): T[] =>
  after.filter((x) => JSON.stringify(x) !== JSON.stringify(before.find((b) => b.id === x.id)));

/** What the turns said changed, for a user with Work and Home lists and these tasks: the tasks changed or new. */
export async function changesAfter(tasks: SeedTask[], ...said: string[]) {
  const h = await workAndHome(tasks);
  const before = await h.all();
  for (const s of said) await h.say(s);
  return changedSince(before, await h.all());
}
