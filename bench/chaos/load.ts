/**
 * Users and the realistic mix the fault-injection suite drives: chat turns through /api/agent
 * and /api/chat (tool calls and plain replies), a delete that asks for confirmation and is
 * approved, panel edits through /api/tasks, and MCP tool calls with a personal access token.
 * Every operation is logged with what the client was told, so the database can be compared with
 * it afterwards (bench/chaos/invariants.ts).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { CookieJar } from "../../tests/support/cookie-jar.mjs";
import { log, now, request, RequestError, sleep, type Reply } from "./harness";

const PASSWORD = "correct horse battery staple";
let userSeq = 0;

/** A title the built-in model reads back unchanged: plain words and a random letters-only code. */
export function freshCode(): string {
  return [...randomBytes(7)].map((b) => String.fromCharCode(97 + (b % 26))).join("");
}

export class User {
  readonly email: string;
  readonly address: string;
  id = "";
  token = "";
  private jar = new CookieJar();
  conversation: string = randomUUID();
  turnsInConversation = 0;
  /** Every conversation this user sent a turn to. */
  readonly conversations = new Set<string>();

  constructor(tag: string) {
    const n = ++userSeq;
    this.email = `chaos-${tag}-${n}-${randomUUID().slice(0, 8)}@example.com`;
    this.address = `10.${(n >> 8) & 255}.${n & 255}.${1 + (userSeq % 250)}`;
  }

  cookie(): string {
    return this.jar.header();
  }

  keep(reply: Reply): void {
    this.jar.store(reply);
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { cookie: this.cookie(), "x-forwarded-for": this.address, ...extra };
  }

  /** Registers, signs in with the credentials form (a session cookie) on `base`, and makes a token. */
  async signUp(base: string): Promise<void> {
    const reg = await request("POST", `${base}/api/register`, {
      headers: this.headers(),
      body: { email: this.email, password: PASSWORD, name: "chaos" },
    });
    if (reg.status !== 201) throw new Error(`register ${reg.status}: ${reg.text.slice(0, 200)}`);
    this.id = (reg.json as { id: string }).id;
    await this.signIn(base);
    const token = await request("POST", `${base}/api/tokens`, { headers: this.headers(), body: { name: "chaos" } });
    if (token.status !== 201) throw new Error(`token ${token.status}: ${token.text.slice(0, 200)}`);
    this.token = (token.json as { token: string }).token;
  }

  async signIn(base: string): Promise<void> {
    this.jar.clear();
    const csrf = await request("GET", `${base}/api/auth/csrf`, { headers: this.headers() });
    this.keep(csrf);
    const form = new URLSearchParams({
      csrfToken: (csrf.json as { csrfToken: string }).csrfToken,
      email: this.email,
      password: PASSWORD,
      callbackUrl: `${base}/`,
      json: "true",
    });
    const r = await request("POST", `${base}/api/auth/callback/credentials`, {
      headers: this.headers({ "content-type": "application/x-www-form-urlencoded" }),
      body: form.toString(),
    });
    this.keep(r);
    const s = await request("GET", `${base}/api/auth/session`, { headers: this.headers() });
    if (!(s.json as { user?: unknown } | null)?.user) throw new Error(`no session after sign-in (${r.status})`);
  }

  /** The conversation for the next turn: a fresh one every `every` turns. */
  nextConversation(every = 8): string {
    if (this.turnsInConversation >= every) {
      this.conversation = randomUUID();
      this.turnsInConversation = 0;
    }
    this.turnsInConversation++;
    this.conversations.add(this.conversation);
    return this.conversation;
  }
}

export async function signUpAll(users: User[], base: (i: number) => string, parallel = 6): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, users.length) }, async () => {
      while (next < users.length) {
        const i = next++;
        await users[i]!.signUp(base(i));
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Operations

export type OpKind = "agent_add" | "agent_hi" | "chat_add" | "chat_hi" | "confirm_delete" | "panel" | "mcp";

export interface Op {
  kind: OpKind;
  user: User;
  base: string;
  conversationId: string | null;
  start: number;
  end: number;
  /** HTTP status of the last request, or the client error's code. */
  outcome: string;
  ok: boolean;
  /** First byte of the turn's answer (ms), when it was a turn. */
  firstByte?: number;
  retryAfter?: string;
  error?: string;
  /** What the client was told happened, checked against the database later. */
  confirmed: { tasks: string[]; deleted: string[]; turns: { requestId: string; conversationId: string }[] };
}

type TurnAnswer = {
  status: string;
  response: string;
  conversationId: string;
  toolCalls: { toolName: string; success: boolean; output: { ok?: boolean; task?: { id: string } } }[];
  pendingConfirmation: { id: string } | null;
  error: string | null;
};

function blank(kind: OpKind, user: User, base: string, conversationId: string | null): Op {
  return {
    kind,
    user,
    base,
    conversationId,
    start: now(),
    end: 0,
    outcome: "",
    ok: false,
    confirmed: { tasks: [], deleted: [], turns: [] },
  };
}

function settle(op: Op, reply: Reply | null, error?: unknown): Op {
  op.end = now();
  if (reply) {
    op.outcome = String(reply.status);
    if (reply.headers["retry-after"]) op.retryAfter = String(reply.headers["retry-after"]);
  } else {
    op.outcome = error instanceof RequestError ? error.code : "ERROR";
    op.error = error instanceof Error ? error.message : String(error);
  }
  return op;
}

/** POST /api/agent with a message (or a confirmation). */
export async function agentTurn(
  user: User,
  base: string,
  conversationId: string,
  message: string | { id: string; approved: boolean },
  timeoutMs = 30_000,
  fresh = false,
): Promise<{ reply: Reply; answer: TurnAnswer | null; requestId: string }> {
  const requestId = randomUUID();
  const body =
    typeof message === "string"
      ? { message, conversationId, requestId, timezone: "UTC" }
      : { confirmation: message, conversationId, requestId, timezone: "UTC" };
  user.conversations.add(conversationId);
  const reply = await request("POST", `${base}/api/agent`, { headers: user.headers(), body, timeoutMs, fresh });
  return { reply, answer: reply.status === 200 ? (reply.json as TurnAnswer) : null, requestId };
}

function addedTaskIds(answer: TurnAnswer | null): string[] {
  return (answer?.toolCalls ?? [])
    .filter((c) => c.toolName === "add_task" && c.success && c.output?.task?.id)
    .map((c) => c.output.task!.id);
}

export async function opAgent(user: User, base: string, add: boolean): Promise<Op> {
  const conversationId = user.nextConversation();
  const op = blank(add ? "agent_add" : "agent_hi", user, base, conversationId);
  try {
    const { reply, answer, requestId } = await agentTurn(user, base, conversationId, add ? `add pack box ${freshCode()}` : "hi");
    op.firstByte = reply.firstByte;
    const ids = addedTaskIds(answer);
    op.ok = reply.status === 200 && answer?.status === "completed" && (add ? ids.length === 1 : true);
    if (op.ok) op.confirmed.turns.push({ requestId, conversationId });
    op.confirmed.tasks.push(...ids);
    if (!op.ok) op.error = reply.text.slice(0, 300);
    return settle(op, reply);
  } catch (error) {
    return settle(op, null, error);
  }
}

/** POST /api/chat (the UI's stream): ok = 200, a finish chunk, no error chunk. */
export async function opChat(user: User, base: string, add: boolean): Promise<Op> {
  const conversationId = user.nextConversation();
  const op = blank(add ? "chat_add" : "chat_hi", user, base, conversationId);
  const text = add ? `add pack box ${freshCode()}` : "hi";
  const requestId = randomUUID();
  try {
    const reply = await request("POST", `${base}/api/chat`, {
      headers: user.headers({ "x-request-id": requestId }),
      body: { id: conversationId, message: { id: randomUUID(), role: "user", parts: [{ type: "text", text }] }, timezone: "UTC" },
    });
    op.firstByte = reply.firstByte;
    const chunks = reply.text
      .split("\n")
      .filter((l) => l.startsWith("data: ") && l !== "data: [DONE]")
      .map((l) => {
        try {
          return JSON.parse(l.slice(6)) as { type: string; output?: { task?: { id: string } }; toolName?: string };
        } catch {
          return { type: "unparsable" };
        }
      });
    const errored = chunks.some((c) => c.type === "error");
    const finished = chunks.some((c) => c.type === "finish");
    const added = chunks.filter((c) => c.type === "tool-output-available" && c.output?.task?.id).map((c) => c.output!.task!.id);
    op.ok = reply.status === 200 && finished && !errored && (add ? added.length === 1 : true);
    if (op.ok) op.confirmed.turns.push({ requestId, conversationId });
    op.confirmed.tasks.push(...added);
    if (!op.ok) op.error = reply.text.slice(0, 300);
    return settle(op, reply);
  } catch (error) {
    return settle(op, null, error);
  }
}

/** add a task, ask to delete it (a confirmation is proposed on `base`), approve on `approveBase`. */
export async function opConfirmDelete(user: User, base: string, approveBase = base): Promise<Op> {
  const conversationId = user.nextConversation();
  const op = blank("confirm_delete", user, base, conversationId);
  const code = freshCode();
  try {
    const first = await agentTurn(user, base, conversationId, `add pack box ${code}`);
    const ids = addedTaskIds(first.answer);
    op.confirmed.tasks.push(...ids);
    if (first.answer?.status !== "completed" || ids.length !== 1) {
      op.error = `add: ${first.reply.text.slice(0, 200)}`;
      return settle(op, first.reply);
    }
    op.confirmed.turns.push({ requestId: first.requestId, conversationId });
    const ask = await agentTurn(user, base, conversationId, `delete pack box ${code}`);
    if (ask.answer?.status !== "awaiting_confirmation" || !ask.answer.pendingConfirmation) {
      op.error = `delete did not ask: ${ask.reply.text.slice(0, 300)}`;
      return settle(op, ask.reply);
    }
    op.confirmed.turns.push({ requestId: ask.requestId, conversationId });
    const approve = await agentTurn(user, approveBase, conversationId, { id: ask.answer.pendingConfirmation.id, approved: true });
    op.firstByte = approve.reply.firstByte;
    const deleted = (approve.answer?.toolCalls ?? []).some((c) => c.toolName === "delete_task" && c.success);
    op.ok = approve.answer?.status === "completed" && deleted;
    if (op.ok) {
      op.confirmed.deleted.push(ids[0]!);
      op.confirmed.tasks = op.confirmed.tasks.filter((id) => id !== ids[0]);
      op.confirmed.turns.push({ requestId: approve.requestId, conversationId });
    } else op.error = `approve: ${approve.reply.text.slice(0, 300)}`;
    return settle(op, approve.reply);
  } catch (error) {
    return settle(op, null, error);
  }
}

/** The task panel: create a task, then tick it off. */
export async function opPanel(user: User, base: string): Promise<Op> {
  const op = blank("panel", user, base, null);
  try {
    const created = await request("POST", `${base}/api/tasks`, {
      headers: user.headers({ "x-request-id": randomUUID() }),
      body: { title: `panel box ${freshCode()}` },
    });
    const id = (created.json as { task?: { id: string } } | null)?.task?.id;
    if (created.status !== 201 || !id) {
      op.error = created.text.slice(0, 200);
      return settle(op, created);
    }
    op.confirmed.tasks.push(id);
    const done = await request("PATCH", `${base}/api/tasks/${id}`, {
      headers: user.headers({ "x-request-id": randomUUID() }),
      body: { status: "completed" },
    });
    op.ok = done.status === 200;
    if (!op.ok) op.error = done.text.slice(0, 200);
    return settle(op, done);
  } catch (error) {
    return settle(op, null, error);
  }
}

/** An MCP tools/call (stateless Streamable HTTP, JSON response) with the user's token. */
export async function opMcp(user: User, base: string): Promise<Op> {
  const op = blank("mcp", user, base, null);
  try {
    const reply = await request("POST", `${base}/api/mcp`, {
      headers: {
        authorization: `Bearer ${user.token}`,
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-06-18",
      },
      body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "add_task", arguments: { title: `mcp box ${freshCode()}` } } },
    });
    const result = (reply.json as { result?: { structuredContent?: { ok?: boolean; task?: { id: string } } } } | null)?.result
      ?.structuredContent;
    op.ok = reply.status === 200 && result?.ok === true && Boolean(result.task?.id);
    if (op.ok) op.confirmed.tasks.push(result!.task!.id);
    else op.error = reply.text.slice(0, 300);
    return settle(op, reply);
  } catch (error) {
    return settle(op, null, error);
  }
}

const MIX: [OpKind, number][] = [
  ["agent_add", 30],
  ["agent_hi", 10],
  ["chat_add", 20],
  ["chat_hi", 10],
  ["confirm_delete", 8],
  ["panel", 12],
  ["mcp", 10],
];
const MIX_TOTAL = MIX.reduce((a, [, w]) => a + w, 0);

export function pickKind(): OpKind {
  let r = Math.random() * MIX_TOTAL;
  for (const [kind, weight] of MIX) {
    r -= weight;
    if (r < 0) return kind;
  }
  return "agent_add";
}

export function runOp(kind: OpKind, user: User, base: string, otherBase?: string): Promise<Op> {
  switch (kind) {
    case "agent_add":
      return opAgent(user, base, true);
    case "agent_hi":
      return opAgent(user, base, false);
    case "chat_add":
      return opChat(user, base, true);
    case "chat_hi":
      return opChat(user, base, false);
    case "confirm_delete":
      return opConfirmDelete(user, base, otherBase ?? base);
    case "panel":
      return opPanel(user, base);
    case "mcp":
      return opMcp(user, base);
  }
}

export interface LoadOptions {
  users: User[];
  /** The instances, used in turn (request i of a user goes to bases[i % n]). */
  bases: string[];
  seconds: number;
  thinkMs?: [number, number];
  /** Called as each op ends. */
  onOp?: (op: Op) => void;
  /** Ops that are currently running (for fault timing). */
  running?: Set<Op>;
  /** Ends the load before `seconds` when set to true. */
  stop?: { stopped: boolean };
}

/** Each user loops the mix until the deadline; a failed turn is retried in the same conversation. */
export async function runLoad(options: LoadOptions): Promise<Op[]> {
  const ops: Op[] = [];
  const deadline = now() + options.seconds * 1000;
  const [thinkMin, thinkMax] = options.thinkMs ?? [20, 120];
  let rotation = 0;
  await Promise.all(
    options.users.map(async (user, u) => {
      await sleep(Math.random() * 200);
      let i = u;
      let retry = false;
      while (now() < deadline && !options.stop?.stopped) {
        const base = options.bases[i % options.bases.length]!;
        const other = options.bases[(i + 1) % options.bases.length]!;
        i++;
        rotation++;
        // A user whose turn failed sends their next message in that conversation straight away
        // (so the time until it is taken measures the conversation, not the user's other work).
        const kind = retry ? "agent_hi" : pickKind();
        const pending = runOp(kind, user, base, other);
        const marker = { kind, user, start: now() } as unknown as Op;
        options.running?.add(marker);
        const op = await pending;
        options.running?.delete(marker);
        ops.push(op);
        options.onOp?.(op);
        // After a failed turn the user stays in the conversation: the next message must be taken.
        retry = !op.ok && Boolean(op.conversationId);
        if (retry) user.turnsInConversation = Math.min(user.turnsInConversation, 1);
        await sleep(thinkMin + Math.random() * (thinkMax - thinkMin));
      }
    }),
  );
  if (rotation === 0) log("no operations ran");
  return ops;
}

export function tally(ops: Op[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const op of ops) out[op.outcome] = (out[op.outcome] ?? 0) + 1;
  return out;
}
