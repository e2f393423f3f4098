/**
 * An in-memory task list implementing the seven task tools to the contract in
 * docs/agent-tools.md, for testing the built-in model without a database.
 */
import { randomUUID } from "node:crypto";
import { tool } from "ai";
import { z } from "zod";

export type Task = {
  id: string;
  title: string;
  description: string | null;
  status: "pending" | "completed";
  priority: "low" | "medium" | "high";
  dueAt: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type SeedTask = {
  title: string;
  description?: string;
  status?: "pending" | "completed";
  priority?: "low" | "medium" | "high";
  /** Days from the local today (due at the end of that local day). */
  due?: number;
};

const SPELLING: Record<string, string> = { licence: "license", organise: "organize", colour: "color", cheque: "check", favourite: "favorite", centre: "center", programme: "program" };
const STOP = new Set(["the", "a", "an", "my", "task", "todo", "to-do", "item", "one"]);

function words(text: string): string[] {
  return text.toLowerCase().replace(/[^a-z0-9 ]+/g, " ").split(/\s+/).filter((w) => w && !STOP.has(w)).map((w) => SPELLING[w] ?? w);
}

function distance(a: string, b: string): number {
  const dp = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (dp[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = dp[i] as number[];
      const prev = dp[i - 1] as number[];
      row[j] = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return (dp[a.length] as number[])[b.length] as number;
}

function wordMatches(q: string, t: string): boolean {
  if (q === t) return true;
  if (q.length >= 4 && t.startsWith(q)) return true;
  const allowed = q.length >= 8 ? 2 : q.length >= 4 ? 1 : 0;
  return allowed > 0 && distance(q, t) <= allowed;
}

/** Local wall-clock → UTC instant in a zone (good enough away from DST switches). */
export function zonedInstant(y: number, m: number, d: number, hh: number, mm: number, ss: number, ms: number, timeZone: string): Date {
  const guess = Date.UTC(y, m - 1, d, hh, mm, ss, ms);
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }).formatToParts(new Date(guess));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return new Date(guess - (asUtc - Math.floor(guess / 1000) * 1000));
}

export function localDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

export class MemoryTasks {
  tasks: Task[] = [];
  private tick = 0;
  constructor(readonly now: Date, readonly timeZone: string) {}

  private stamp(): string {
    return new Date(this.now.getTime() + this.tick++).toISOString();
  }

  private today(): string {
    return localDate(this.now, this.timeZone);
  }

  parseDue(due: string): Date | null {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(due);
    if (day) return zonedInstant(Number(day[1]), Number(day[2]), Number(day[3]), 23, 59, 59, 999, this.timeZone);
    const local = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(due);
    if (local) return zonedInstant(Number(local[1]), Number(local[2]), Number(local[3]), Number(local[4]), Number(local[5]), Number(local[6] ?? 0), 0, this.timeZone);
    const d = new Date(due);
    return /\d{4}-\d{2}-\d{2}T/.test(due) && !Number.isNaN(d.getTime()) ? d : null;
  }

  seed(s: SeedTask): Task {
    let dueAt: string | null = null;
    if (s.due !== undefined) {
      const [y, m, d] = this.today().split("-").map(Number) as [number, number, number];
      const day = new Date(Date.UTC(y, m - 1, d + s.due));
      dueAt = zonedInstant(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), 23, 59, 59, 999, this.timeZone).toISOString();
    }
    const t: Task = {
      id: randomUUID(), title: s.title, description: s.description ?? null, status: s.status ?? "pending",
      priority: s.priority ?? "medium", dueAt, completedAt: s.status === "completed" ? this.stamp() : null,
      createdAt: this.stamp(), updatedAt: this.stamp(),
    };
    this.tasks.push(t);
    return t;
  }

  /** Exact id, else forgiving title match: every query word must match a title word. */
  resolve(ref: string): { task: Task } | { ok: false; code: "not_found" | "ambiguous"; message: string; query: string; candidates?: Task[] } {
    const byId = this.tasks.find((t) => t.id === ref);
    if (byId) return { task: byId };
    const q = words(ref);
    const exact = this.tasks.filter((t) => words(t.title).join(" ") === q.join(" "));
    if (exact.length === 1 && exact[0]) return { task: exact[0] };
    const scored = this.tasks
      .map((t) => {
        const title = words(t.title);
        const all = q.length > 0 && q.every((w) => title.some((tw) => wordMatches(w, tw)));
        return { t, score: all ? q.length / Math.max(title.length, 1) : 0 };
      })
      .filter((s) => s.score > 0);
    if (scored.length === 0) return { ok: false, code: "not_found", message: `No task matches "${ref}".`, query: ref };
    const best = Math.max(...scored.map((s) => s.score));
    const top = scored.filter((s) => s.score === best);
    if (top.length === 1 && top[0]) return { task: top[0].t };
    return { ok: false, code: "ambiguous", message: `Several tasks match "${ref}".`, query: ref, candidates: scored.map((s) => ({ ...s.t })).slice(0, 10) };
  }

  list(input: { status?: string; priority?: string; due?: string; query?: string; limit?: number }) {
    const today = this.today();
    const weekEnd = (() => {
      const [y, m, d] = today.split("-").map(Number) as [number, number, number];
      const dow = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
      return new Date(Date.UTC(y, m - 1, d + ((7 - dow) % 7))).toISOString().slice(0, 10);
    })();
    let out = this.tasks.filter((t) => {
      if (input.status && input.status !== "all" && t.status !== input.status) return false;
      if (input.priority && t.priority !== input.priority) return false;
      const day = t.dueAt ? localDate(new Date(t.dueAt), this.timeZone) : null;
      if (input.due === "today" && day !== today) return false;
      if (input.due === "overdue" && !(t.dueAt && t.status === "pending" && new Date(t.dueAt) < this.now)) return false;
      if (input.due === "upcoming" && !(day && day > today)) return false;
      if (input.due === "this_week" && !(day && day >= today && day <= weekEnd)) return false;
      if (input.query) {
        const hay = words(`${t.title} ${t.description ?? ""}`);
        if (!words(input.query).every((w) => hay.some((h) => wordMatches(w, h)))) return false;
      }
      return true;
    });
    out = [...out].sort((a, b) => {
      if (a.status !== b.status) return a.status === "pending" ? -1 : 1;
      if (a.dueAt !== b.dueAt) return a.dueAt === null ? 1 : b.dueAt === null ? -1 : a.dueAt.localeCompare(b.dueAt);
      return a.createdAt.localeCompare(b.createdAt);
    });
    const filter = { status: input.status ?? "all", ...input };
    return { ok: true as const, tasks: out.slice(0, input.limit ?? 50), total: out.length, filter };
  }

  tools() {
    const priority = z.enum(["low", "medium", "high"]);
    const invalid = (message: string) => ({ ok: false as const, code: "invalid_input" as const, message });
    return {
      add_task: tool({
        description: "Add a task",
        inputSchema: z.object({ title: z.string(), description: z.string().optional(), priority: priority.optional(), due: z.string().optional() }).strict(),
        execute: async (input) => {
          if (!input.title.trim()) return invalid("title must not be empty");
          const due = input.due ? this.parseDue(input.due) : null;
          if (input.due && !due) return invalid("due: could not parse the date");
          const t = this.seed({ title: input.title.trim(), description: input.description, priority: input.priority });
          t.dueAt = due ? due.toISOString() : null;
          return { ok: true as const, task: { ...t } };
        },
      }),
      list_tasks: tool({
        description: "List tasks",
        inputSchema: z.object({ status: z.enum(["pending", "completed", "all"]).optional(), priority: priority.optional(), due: z.enum(["today", "overdue", "upcoming", "this_week"]).optional(), query: z.string().optional(), limit: z.number().int().min(1).max(100).optional() }).strict(),
        execute: async (input) => this.list(input),
      }),
      complete_task: tool({
        description: "Complete a task",
        inputSchema: z.object({ task: z.string() }).strict(),
        execute: async ({ task }) => {
          const r = this.resolve(task);
          if (!("task" in r)) return r;
          Object.assign(r.task, { status: "completed", completedAt: this.stamp(), updatedAt: this.stamp() });
          return { ok: true as const, task: { ...r.task } };
        },
      }),
      update_task: tool({
        description: "Update a task",
        inputSchema: z.object({ task: z.string(), title: z.string().optional(), description: z.string().optional(), priority: priority.optional(), due: z.string().optional(), clearDue: z.boolean().optional(), status: z.enum(["pending", "completed"]).optional() }).strict(),
        execute: async (input) => {
          const r = this.resolve(input.task);
          if (!("task" in r)) return r;
          const changed: string[] = [];
          if (input.title !== undefined) { r.task.title = input.title; changed.push("title"); }
          if (input.description !== undefined) { r.task.description = input.description || null; changed.push("description"); }
          if (input.priority !== undefined) { r.task.priority = input.priority; changed.push("priority"); }
          if (input.due !== undefined) {
            const due = this.parseDue(input.due);
            if (!due) return invalid("due: could not parse the date");
            r.task.dueAt = due.toISOString();
            changed.push("dueAt");
          }
          if (input.clearDue) { r.task.dueAt = null; changed.push("dueAt"); }
          if (input.status !== undefined) {
            r.task.status = input.status;
            r.task.completedAt = input.status === "completed" ? this.stamp() : null;
            changed.push("status");
          }
          return { ok: true as const, task: { ...r.task }, changed };
        },
      }),
      delete_task: tool({
        description: "Delete a task (needs approval)",
        inputSchema: z.object({ task: z.string() }).strict(),
        needsApproval: async ({ task }) => "task" in this.resolve(task),
        execute: async ({ task }) => {
          const r = this.resolve(task);
          if (!("task" in r)) return r;
          this.tasks = this.tasks.filter((t) => t.id !== r.task.id);
          return { ok: true as const, deleted: { ...r.task } };
        },
      }),
      complete_tasks: tool({
        description: "Complete several tasks by id",
        inputSchema: z.object({ ids: z.array(z.string()).min(1).max(50) }).strict(),
        execute: async ({ ids }) => {
          const done: Task[] = [];
          const notFound: string[] = [];
          for (const id of ids) {
            const t = this.tasks.find((x) => x.id === id);
            if (!t) { notFound.push(id); continue; }
            Object.assign(t, { status: "completed", completedAt: this.stamp() });
            done.push({ ...t });
          }
          return { ok: true as const, tasks: done, notFound };
        },
      }),
      delete_tasks: tool({
        description: "Delete several tasks by id (needs approval)",
        inputSchema: z.object({ ids: z.array(z.string()).min(1).max(50) }).strict(),
        needsApproval: true,
        execute: async ({ ids }) => {
          const deleted = this.tasks.filter((t) => ids.includes(t.id));
          this.tasks = this.tasks.filter((t) => !ids.includes(t.id));
          return { ok: true as const, deleted, notFound: ids.filter((id) => !deleted.some((d) => d.id === id)) };
        },
      }),
    };
  }
}
