/**
 * Fault injection and load on one machine (issue 14): the production build (`scripts/serve.ts`,
 * 2 workers per instance) on its own embedded Postgres, a realistic mix from many users
 * (bench/chaos/load.ts), and one fault at a time. Every scenario asserts its invariants by
 * reading the database afterwards (bench/chaos/invariants.ts), not by trusting the responses.
 *
 *   npm run build && npm run chaos          # the full run; writes its figures into docs/reliability.md
 *   npm run chaos:short                     # the short version CI runs (about two minutes)
 *
 * Environment: CHAOS_SHORT=1 (short), CHAOS_SCENARIOS=kill,postgres,provider,sigterm,two,pooler,soak
 * (a subset), CHAOS_DOCS=1/0 (write docs/reliability.md; default: full run only), CHAOS_OUT (JSON
 * results, default in the temp directory), CHAOS_PORT_BASE (app ports, default 3300..3399).
 * Load goes to 127.0.0.1 only; every loop and request is bounded; a hard deadline stops the run.
 * Exit code 0 when every check passed or is listed in bench/chaos/known-failures.txt (failures
 * the suite found that are not fixed yet), 1 otherwise, 2 when the suite itself could not run.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFakeOpenAICompatible, type FakeProvider, type FakeReply } from "../tests/fakes/provider-server";
import {
  cleanup,
  log,
  now,
  pgbouncerBinary,
  removeWorkDir,
  request,
  RequestError,
  ROOT,
  sleep,
  startApp,
  startDatabase,
  startPgbouncer,
  type Database,
} from "./chaos/harness";
import { activityActors, databaseInvariants, type Check } from "./chaos/invariants";
import { agentTurn, freshCode, opAgent, opConfirmDelete, runLoad, signUpAll, tally, User, type Op } from "./chaos/load";
import { percentile } from "../tests/support/stats.mjs";

const SHORT = process.env.CHAOS_SHORT === "1";
const roundMs = (v: number | null) => (v === null ? null : Math.round(v));
const ALL = ["kill", "postgres", "provider", "sigterm", "two", "pooler", "soak"] as const;
type ScenarioName = (typeof ALL)[number];
const selected = (process.env.CHAOS_SCENARIOS ?? ALL.join(","))
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean) as ScenarioName[];
const WRITE_DOCS = process.env.CHAOS_DOCS ? process.env.CHAOS_DOCS === "1" : !SHORT && selected.length === ALL.length;
const OUT = process.env.CHAOS_OUT ?? path.join(os.tmpdir(), `chaos-${Date.now()}.json`);
const HARD_DEADLINE_MS = (SHORT ? 6 : 20) * 60_000;

interface ScenarioResult {
  name: ScenarioName;
  title: string;
  ok: boolean;
  seconds: number;
  checks: Check[];
  figures: Record<string, unknown>;
  error?: string;
}

const results: ScenarioResult[] = [];

/** "<scenario>: <check name>" lines of bench/chaos/known-failures.txt. */
const KNOWN = new Set(
  fs
    .readFileSync(path.join(ROOT, "bench", "chaos", "known-failures.txt"), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#")),
);
const isKnown = (scenario: ScenarioName, check: Check) => KNOWN.has(`${scenario}: ${check.name}`);

// ---------------------------------------------------------------------------------------------

function loadFigures(ops: Op[]): Record<string, unknown> {
  const turns = ops.filter((op) => op.firstByte !== undefined && op.ok);
  return {
    operations: ops.length,
    outcomes: tally(ops),
    failedOperations: ops.filter((op) => !op.ok).length,
    p50FirstByteMs: roundMs(
      percentile(
        turns.map((op) => op.firstByte!),
        50,
      ),
    ),
    p95FirstByteMs: roundMs(
      percentile(
        turns.map((op) => op.firstByte!),
        95,
      ),
    ),
  };
}

async function invariants(db: Database, users: User[], ops: Op[], checks: Check[], figures: Record<string, unknown>): Promise<void> {
  const result = await databaseInvariants(
    db.admin,
    users.map((u) => u.id),
    ops,
  );
  checks.push(...result.checks, ...(await activityActors(db.admin, ops)));
  Object.assign(figures, result.figures);
}

/**
 * The next turn in each of these conversations, retried (409 busy, 503, a refused connection)
 * every 250 ms for up to `limitMs`: how long until the conversation accepts a message again.
 */
async function nextTurnLatency(
  pairs: { user: User; conversationId: string }[],
  bases: string[],
  since: number,
  limitMs: number,
): Promise<{ worst: number; stuck: number; busy409: number }> {
  let worst = 0;
  let stuck = 0;
  let busy409 = 0;
  await Promise.all(
    pairs.map(async ({ user, conversationId }, i) => {
      for (let attempt = 0; ; attempt++) {
        const base = bases[(i + attempt) % bases.length]!;
        const r = await agentTurn(user, base, conversationId, "hi", 10_000).catch(() => null);
        if (r?.reply.status === 409) busy409++;
        if (r?.reply.status === 200) {
          worst = Math.max(worst, now() - since);
          return;
        }
        if (now() - since > limitMs) {
          stuck++;
          worst = Math.max(worst, now() - since);
          return;
        }
        await sleep(250);
      }
    }),
  );
  return { worst: Math.round(worst), stuck, busy409 };
}

function providerRoute(body: unknown): FakeReply | undefined {
  const messages = (body as { messages?: { role: string; content: unknown }[] } | null)?.messages ?? [];
  const last = messages[messages.length - 1];
  const lastUser = [...messages].reverse().find((m) => m.role === "user");
  const text = typeof lastUser?.content === "string" ? lastUser.content : JSON.stringify(lastUser?.content ?? "");
  const fault = /fault:([a-z0-9-]+)/.exec(text)?.[1];
  const slow = /slow:(\d+)/.exec(text)?.[1];
  const delay = slow ? Number(slow) : 0;
  if (last?.role === "tool") {
    if (fault === "after-tool") return { status: 500 };
    return { text: "Done.", firstTokenDelayMs: delay ? 200 : 0 };
  }
  switch (fault) {
    case "429":
      return { status: 429 };
    case "500":
      return { status: 500 };
    case "hang":
      return { hang: true };
    case "cut":
      return { cut: "Here is a long answer about your tasks that will never be finished because" };
    case "malformed":
      return { malformed: true };
    default:
      break;
  }
  const add = /add (pack box [a-z]+)/.exec(text)?.[1];
  if (add) return { calls: [{ name: "add_task", input: { title: add } }], firstTokenDelayMs: delay };
  return {
    text: fault === "slow" ? "Sorry for the wait — all good." : "Hello! What shall we do with your list?",
    firstTokenDelayMs: fault === "slow" ? 1500 : delay,
  };
}

// ---------------------------------------------------------------------------------------------
// 1. Worker SIGKILL mid-turn

async function scenarioKill(db: Database, checks: Check[], figures: Record<string, unknown>): Promise<void> {
  const app = await startApp("kill", db.url);
  const users = Array.from({ length: SHORT ? 6 : 10 }, () => new User("kill"));
  await signUpAll(users, () => app.base);
  const kills = SHORT ? 2 : 4;
  const gapMs = SHORT ? 2500 : 3000;
  const killTimes: number[] = [];
  const replacedMs: number[] = [];
  const running = new Set<Op>();
  const stop = { stopped: false };
  const load = runLoad({ users, bases: [app.base], seconds: 150, running, stop });
  for (let k = 0; k < kills; k++) {
    await sleep(gapMs);
    const before = app.workers();
    const victim = before[k % before.length];
    if (!victim) continue;
    process.kill(victim, "SIGKILL");
    const killedAt = now();
    killTimes.push(killedAt);
    log(`SIGKILL worker ${victim} (${running.size} operations in flight)`);
    // The supervisor replaces it: wait until the new worker is ready (so the next kill never
    // takes the last one), as /api/health reports it.
    const deadline = now() + 60_000;
    while (now() < deadline) {
      const health = await request("GET", `${app.base}/api/health`, { timeoutMs: 5000 }).catch(() => null);
      const ready = (health?.json as { workers?: { ready?: number } } | null)?.workers?.ready ?? 0;
      if (ready >= 2 && app.workers().length >= 2 && !app.workers().includes(victim)) {
        replacedMs.push(Math.round(now() - killedAt));
        break;
      }
      await sleep(200);
    }
  }
  await sleep(1500);
  stop.stopped = true;
  const replaced = replacedMs.map(() => true);
  const ops = await load;
  // How long a conversation hit by a kill refused messages: from the failed turn (its worker
  // died under it) to the start of the next turn it accepted (the user retries there, 409s
  // included). Conversations still refusing at the end are probed for up to 15 s more.
  const byConversation = new Map<string, Op[]>();
  for (const op of ops)
    if (op.conversationId) byConversation.set(op.conversationId, [...(byConversation.get(op.conversationId) ?? []), op]);
  let worstRefusal = 0;
  const unresolved: { user: User; conversationId: string }[] = [];
  for (const [conversationId, list] of byConversation) {
    list.sort((x, y) => x.start - y.start);
    list.forEach((op, i) => {
      if (/^\d+$/.test(op.outcome)) return; // answered: not killed under it
      const next = list.slice(i + 1).find((o) => o.ok);
      if (next) worstRefusal = Math.max(worstRefusal, next.start - op.end);
      else if (!unresolved.some((u) => u.conversationId === conversationId)) unresolved.push({ user: op.user, conversationId });
    });
  }
  const recovery = await nextTurnLatency(unresolved, [app.base], now(), 15_000);
  const hit = [...byConversation.values()].filter((list) => list.some((op) => !/^\d+$/.test(op.outcome))).length;
  Object.assign(figures, loadFigures(ops), {
    kills: killTimes.length,
    workersReplaced: replacedMs.length,
    replacementReadyMs: replacedMs,
    conversationsHitByKill: hit,
    worstRefusalMs: Math.round(worstRefusal),
    probedAtEnd: unresolved.length,
    probeWorstMs: recovery.worst,
    conversationsStuck: recovery.stuck,
    busy409: ops.filter((op) => op.outcome === "409").length,
  });
  checks.push({
    name: "supervisor replaced every killed worker",
    ok: replaced.every(Boolean) && replaced.length === kills,
    detail: `${replaced.filter(Boolean).length}/${kills}, ready after ${replacedMs.join(", ")} ms`,
  });
  checks.push({
    name: "conversations hit by a kill accept the next turn within 5 s",
    ok: recovery.stuck === 0 && worstRefusal <= 5000 && recovery.worst <= 5000,
    detail: `${hit} conversations hit; longest refusal ${Math.round(worstRefusal)} ms; ${unresolved.length} probed at the end (worst ${recovery.worst} ms, ${recovery.stuck} still refused after 15 s); ${ops.filter((op) => op.outcome === "409").length} × 409 in the load`,
  });
  const serverErrors = ops.filter((op) => op.outcome === "500").length;
  checks.push({ name: "no 500 answers", ok: serverErrors === 0, detail: `${serverErrors}` });
  await sleep(500);
  await invariants(db, users, ops, checks, figures);
  await app.stop();
}

// ---------------------------------------------------------------------------------------------
// 2. Postgres stopped and restarted under load

async function scenarioPostgres(db: Database, checks: Check[], figures: Record<string, unknown>): Promise<void> {
  const app = await startApp("postgres", db.url);
  const users = Array.from({ length: SHORT ? 6 : 8 }, () => new User("pg"));
  await signUpAll(users, () => app.base);
  const workersBefore = app.workers().sort().join(",");
  const seconds = SHORT ? 14 : 20;
  const outageMs = SHORT ? 4000 : 6000;
  const load = runLoad({ users, bases: [app.base], seconds });
  await sleep(3000);
  log("stopping Postgres (fast shutdown)");
  await db.halt();
  const downAt = now();
  const healthDown = await request("GET", `${app.base}/api/health`, { timeoutMs: 15_000 }).catch(
    (e: RequestError) => ({ status: e.code }) as unknown as { status: number },
  );
  await sleep(Math.max(0, outageMs - (now() - downAt)));
  log("restarting Postgres");
  await db.restart();
  const upAt = now();
  let healthyAfter = -1;
  for (let i = 0; i < 120; i++) {
    const r = await request("GET", `${app.base}/api/health`, { timeoutMs: 5000 }).catch(() => null);
    if (r?.status === 200) {
      healthyAfter = Math.round(now() - upAt);
      break;
    }
    await sleep(250);
  }
  const ops = await load;
  const during = ops.filter((op) => op.end >= downAt && op.start <= upAt);
  const fiveHundreds = ops.filter((op) => /^5\d\d$/.test(op.outcome) && op.outcome !== "503");
  const without = ops.filter((op) => op.outcome === "503" && !op.retryAfter);
  const slowest = Math.round(Math.max(0, ...ops.map((op) => op.end - op.start)));
  const hung = ops.filter((op) => op.outcome === "ETIMEOUT").length;
  // Every conversation used takes a new message now, without restarting the app.
  const pairs = users.flatMap((user) => [...user.conversations].map((conversationId) => ({ user, conversationId })));
  const recovery = await nextTurnLatency(pairs, [app.base], now(), 5_000);
  Object.assign(figures, loadFigures(ops), {
    outageMs: Math.round(upAt - downAt),
    healthDuringOutage: healthDown.status,
    healthyMsAfterRestart: healthyAfter,
    operationsDuringOutage: during.length,
    outcomesDuringOutage: tally(during),
    slowestOperationMs: slowest,
    conversationsAfter: pairs.length,
    conversationsStuckAfter: recovery.stuck,
  });
  checks.push({ name: "health says 503 while the database is down", ok: healthDown.status === 503, detail: `got ${healthDown.status}` });
  checks.push({
    name: "no 500 (or other 5xx than 503)",
    ok: fiveHundreds.length === 0,
    detail: `${fiveHundreds.length}: ${JSON.stringify(tally(fiveHundreds))} ${fiveHundreds.map((op) => `${op.kind}: ${op.error?.slice(0, 120)}`).join("; ")}`,
  });
  checks.push({ name: "every 503 carries Retry-After", ok: without.length === 0, detail: `${without.length} without` });
  checks.push({
    name: "no request hangs (all answered within 15 s)",
    ok: hung === 0 && slowest <= 15_000,
    detail: `slowest ${slowest} ms, ${hung} client timeouts`,
  });
  checks.push({
    name: "recovers without a restart (healthy, same workers)",
    ok: healthyAfter >= 0 && app.workers().sort().join(",") === workersBefore,
    detail: `healthy ${healthyAfter} ms after restart; workers ${workersBefore} → ${app.workers().sort().join(",")}`,
  });
  checks.push({
    name: "every conversation takes the next message after recovery",
    ok: recovery.stuck === 0,
    detail: `${recovery.stuck} of ${pairs.length} still refused 5 s later (${recovery.busy409} × 409)`,
  });
  await invariants(db, users, ops, checks, figures);
  await app.stop();
}

// ---------------------------------------------------------------------------------------------
// 3. The model provider misbehaving

const FRIENDLY = [
  "I'm getting a lot of requests right now. Please try again in a moment.",
  "That took too long. Please try again, or try a simpler request.",
  "I'm having trouble reaching my AI service. Please try again.",
  "Something went wrong on my side. Please try again.",
];

async function scenarioProvider(db: Database, checks: Check[], figures: Record<string, unknown>): Promise<void> {
  const fake: FakeProvider = await startFakeOpenAICompatible([{ text: "Hello." }]);
  fake.route = providerRoute;
  try {
    const app = await startApp("provider", db.url, {
      AI_PROVIDER: "openai-compatible",
      AI_MODEL: "fake-model",
      OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
      OPENAI_COMPATIBLE_API_KEY: "fake-key-for-the-chaos-suite",
      AI_MAX_RETRIES: "0",
      AI_STEP_TIMEOUT_MS: "3000",
      AI_TURN_TIMEOUT_MS: "15000",
    });
    const faults = ["429", "500", "hang", "cut", "malformed", "slow", "after-tool"] as const;
    const users = faults.map(() => new User("provider"));
    await signUpAll(users, () => app.base);
    const outcomes: Record<string, string> = {};
    const ops: Op[] = [];
    await Promise.all(
      faults.map(async (fault, i) => {
        const user = users[i]!;
        const conversationId = user.nextConversation(100);
        const code = freshCode();
        const text = fault === "after-tool" ? `fault:after-tool add pack box ${code}` : `fault:${fault} hello`;
        // Through /api/chat for the stream faults (the UI's path), /api/agent for the rest.
        let status = "";
        let response = "";
        let error: string | null = null;
        let requestId = "";
        const started = now();
        if (fault === "cut" || fault === "malformed") {
          const op = await opChatText(user, app.base, conversationId, text);
          status = op.status;
          response = op.response;
          error = op.error;
          requestId = op.requestId;
        } else {
          const r = await agentTurn(user, app.base, conversationId, text, 30_000).catch((e: Error) => ({
            reply: { status: 0, text: e.message },
            answer: null,
            requestId: "",
          }));
          status = r.answer?.status ?? `http ${r.reply.status}`;
          response = r.answer?.response ?? r.reply.text.slice(0, 200);
          error = r.answer?.error ?? null;
          requestId = r.requestId;
        }
        const elapsed = Math.round(now() - started);
        const run = await db.admin.query<{ status: string; errorCode: string | null; finishedAt: Date | null }>(
          `SELECT status::text AS status, "errorCode", "finishedAt" FROM "AgentRun" WHERE "requestId" = $1`,
          [requestId],
        );
        const runRow = run.rows[0];
        const expectOk = fault === "slow";
        outcomes[fault] =
          `${status}${error ? ` (${error})` : ""} in ${elapsed} ms; run ${runRow?.status ?? "missing"}${runRow?.errorCode ? `/${runRow.errorCode}` : ""}`;
        if (expectOk) {
          checks.push({ name: `provider ${fault}: the turn completes`, ok: status === "completed", detail: outcomes[fault]! });
        } else {
          checks.push({
            name: `provider ${fault}: friendly message, run closed with its error`,
            ok:
              status === "error" &&
              FRIENDLY.includes(response) &&
              runRow?.status === "error" &&
              Boolean(runRow.errorCode) &&
              runRow.finishedAt !== null,
            detail: `${outcomes[fault]}; said "${response.slice(0, 80)}"`,
          });
        }
        checks.push({
          name: `provider ${fault}: no raw provider text reaches the user`,
          ok: !/fake provider|Bad Gateway|<html>|choices/i.test(response),
          detail: response.slice(0, 80),
        });
        // The next turn in the same conversation works (the fake answers normally now).
        const next = await opAgentIn(user, app.base, conversationId);
        ops.push(next);
        checks.push({
          name: `provider ${fault}: the next turn works`,
          ok: next.ok,
          detail: next.ok ? "completed" : `${next.outcome} ${next.error ?? ""}`.slice(0, 200),
        });
        if (fault === "after-tool") {
          const tasks = await db.admin.query<{ n: string }>(
            `SELECT count(*) AS n FROM "Task" WHERE "userId" = $1 AND lower(title) = lower($2)`,
            [user.id, `pack box ${code}`],
          );
          checks.push({
            name: "provider fails after a tool ran: the effect happened once",
            ok: Number(tasks.rows[0]!.n) === 1,
            detail: `${tasks.rows[0]!.n} tasks`,
          });
        }
      }),
    );
    figures.faults = outcomes;
    await invariants(db, users, ops, checks, figures);
    await app.stop();
  } finally {
    await fake.close();
  }
}

async function opAgentIn(user: User, base: string, conversationId: string): Promise<Op> {
  user.conversation = conversationId;
  user.turnsInConversation = 0;
  return opAgent(user, base, true);
}

/** /api/chat with a given text; the SSE stream must end (finish or error chunk) with its message. */
async function opChatText(
  user: User,
  base: string,
  conversationId: string,
  text: string,
): Promise<{ status: string; response: string; error: string | null; requestId: string }> {
  const requestId = `chaos-${freshCode()}`;
  const reply = await request("POST", `${base}/api/chat`, {
    headers: user.headers({ "x-request-id": requestId }),
    body: { id: conversationId, message: { id: `m-${freshCode()}`, role: "user", parts: [{ type: "text", text }] }, timezone: "UTC" },
    timeoutMs: 30_000,
  }).catch((e: Error) => ({ status: 0, text: e.message }));
  const chunks = reply.text
    .split("\n")
    .filter((l) => l.startsWith("data: ") && l !== "data: [DONE]")
    .map((l) => {
      try {
        return JSON.parse(l.slice(6)) as { type: string; delta?: string; errorText?: string };
      } catch {
        return { type: "unparsable" };
      }
    });
  const textOut = chunks
    .filter((c) => c.type === "text-delta")
    .map((c) => c.delta ?? "")
    .join("");
  const errorChunk = chunks.find((c) => c.type === "error");
  const finished = chunks.some((c) => c.type === "finish");
  const response = FRIENDLY.find((f) => textOut.includes(f) || errorChunk?.errorText === f) ?? errorChunk?.errorText ?? textOut;
  return {
    status:
      reply.status === 200 && finished && (errorChunk || FRIENDLY.some((f) => textOut.includes(f)))
        ? "error"
        : `http ${reply.status}${finished ? "" : " no finish"}`,
    response,
    error: errorChunk ? "error chunk" : null,
    requestId,
  };
}

// ---------------------------------------------------------------------------------------------
// 4. SIGTERM during load

async function scenarioSigterm(db: Database, checks: Check[], figures: Record<string, unknown>): Promise<void> {
  const fake = await startFakeOpenAICompatible([{ text: "Hello." }]);
  fake.route = providerRoute;
  try {
    const turnTimeout = 8000;
    const app = await startApp("sigterm", db.url, {
      AI_PROVIDER: "openai-compatible",
      AI_MODEL: "fake-model",
      OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
      OPENAI_COMPATIBLE_API_KEY: "fake-key-for-the-chaos-suite",
      AI_MAX_RETRIES: "0",
      AI_TURN_TIMEOUT_MS: String(turnTimeout),
    });
    const drainMs = turnTimeout + 5000;
    const users = Array.from({ length: 6 }, () => new User("term"));
    await signUpAll(users, () => app.base);
    // Turns that take ~2 s (a slow provider): running when the signal arrives.
    const turns = users.map((user) => {
      const conversationId = user.nextConversation();
      return agentTurn(user, app.base, conversationId, `slow:1500 add pack box ${freshCode()}`, 30_000)
        .then((r) => ({ r, error: null as string | null, at: now() }))
        .catch((e: RequestError) => ({ r: null, error: e.code, at: now() }));
    });
    await sleep(600);
    const signalAt = now();
    app.signal("SIGTERM");
    log("SIGTERM sent with 6 turns running");
    // Once the workers have taken the signal (a moment on a busy machine), nobody new gets in.
    await sleep(1000);
    const refused = await request("GET", `${app.base}/api/health`, { fresh: true, timeoutMs: 3000 })
      .then((r) => `answered ${r.status}`)
      .catch((e: RequestError) => e.code);
    const answers = await Promise.all(turns);
    const exit = await Promise.race([app.exited, sleep(drainMs + 5000).then(() => null)]);
    const exitMs = exit ? Math.round(exit.at - signalAt) : null;
    const lastAnswerMs = Math.round(Math.max(...answers.map((a) => a.at)) - signalAt);
    const completed = answers.filter((a) => a.r?.answer?.status === "completed").length;
    const ops: Op[] = answers.map((a, i) => ({
      kind: "agent_add",
      user: users[i]!,
      base: app.base,
      conversationId: users[i]!.conversation,
      start: signalAt,
      end: signalAt,
      outcome: a.r ? String(a.r.reply.status) : (a.error ?? "error"),
      ok: a.r?.answer?.status === "completed",
      confirmed: {
        tasks: (a.r?.answer?.toolCalls ?? []).filter((c) => c.success && c.output?.task?.id).map((c) => c.output.task!.id),
        deleted: [],
        turns: a.r?.answer?.status === "completed" ? [{ requestId: a.r.requestId, conversationId: users[i]!.conversation }] : [],
      },
    }));
    Object.assign(figures, {
      turnsRunningAtSignal: 6,
      turnsCompleted: completed,
      newConnectionAfterSignal: refused,
      lastAnswerMs,
      exitMs,
      drainMs,
    });
    checks.push({
      name: "running turns finish and are answered",
      ok: completed === 6,
      detail: `${completed}/6 completed; ${answers.map((a) => a.r?.answer?.status ?? a.error).join(",")}`,
    });
    checks.push({ name: "new connections are refused while draining", ok: refused === "ECONNREFUSED", detail: refused });
    checks.push({
      name: "exits within the drain time",
      ok: exitMs !== null && exitMs <= drainMs,
      detail: `${exitMs ?? "no exit"} ms after the signal, the last turn answered after ${lastAnswerMs} ms (drain ${drainMs} ms)`,
    });
    await invariants(db, users, ops, checks, figures);
    await app.stop();
  } finally {
    await fake.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 5. Two app instances on one database

async function scenarioTwo(db: Database, checks: Check[], figures: Record<string, unknown>): Promise<void> {
  // The limit applies to everyone on these instances: high enough for the mix below (a few turns
  // per user and minute), low enough to burst past quickly.
  const N = 20;
  const env = { RATE_LIMIT_PER_MINUTE: String(N) };
  const [a, b] = await Promise.all([startApp("two-a", db.url, env), startApp("two-b", db.url, env)]);
  const bases = [a.base, b.base];
  const users = Array.from({ length: SHORT ? 4 : 6 }, () => new User("two"));
  await signUpAll(users, (i) => bases[i % 2]!);

  // A session from one instance works on the other.
  let crossOk = 0;
  for (const [i, user] of users.entries()) {
    const other = bases[(i + 1) % 2]!;
    const r = await request("GET", `${other}/api/tasks`, { headers: user.headers() });
    if (r.status === 200) crossOk++;
  }
  checks.push({
    name: "a session from one instance works on the other",
    ok: crossOk === users.length,
    detail: `${crossOk}/${users.length}`,
  });

  // A confirmation proposed on one is approved on the other.
  const confirm = await opConfirmDelete(users[0]!, a.base, b.base);
  checks.push({
    name: "a confirmation proposed on A is approved on B",
    ok: confirm.ok,
    detail: confirm.ok ? "deleted" : (confirm.error ?? confirm.outcome).slice(0, 200),
  });

  // A limit of N per minute lets exactly N through across both (not near a window edge).
  const limited = new User("two-limit");
  await limited.signUp(a.base);
  if (new Date().getSeconds() > 40) await sleep((61 - new Date().getSeconds()) * 1000);
  const burst = await Promise.all(
    Array.from({ length: 2 * N }, (_, i) => agentTurn(limited, bases[i % 2]!, limited.nextConversation(1), "hi").catch(() => null)),
  );
  const passed = burst.filter((r) => r?.reply.status === 200).length;
  const limitedCount = burst.filter((r) => r?.reply.status === 429).length;
  const limitedWithRetry = burst.filter((r) => r?.reply.status === 429 && r.reply.headers["retry-after"]).length;
  checks.push({
    name: `a limit of ${N}/minute lets exactly ${N} through across both`,
    ok: passed === N && limitedCount === N && limitedWithRetry === N,
    detail: `${passed} passed, ${limitedCount} × 429 (${limitedWithRetry} with Retry-After)`,
  });

  // Simultaneous turns in one conversation are serialised.
  const racer = new User("two-race");
  await racer.signUp(b.base);
  const conversationId = racer.nextConversation(100);
  await agentTurn(racer, a.base, conversationId, "hi");
  const race = await Promise.all(
    Array.from({ length: 5 }, (_, i) => agentTurn(racer, bases[i % 2]!, conversationId, `add pack box ${freshCode()}`).catch(() => null)),
  );
  const won = race.filter((r) => r?.reply.status === 200).length;
  const busy = race.filter((r) => r?.reply.status === 409).length;
  const roles = await db.admin.query<{ role: string }>(
    `SELECT role::text AS role FROM "Message" WHERE "conversationId" = $1 ORDER BY position`,
    [conversationId],
  );
  const sequence = roles.rows.map((r) => r.role[0]).join("");
  const alternating = /^(ua)+$/.test(sequence);
  checks.push({
    name: "simultaneous turns in one conversation are serialised",
    ok: won >= 1 && won + busy === race.length && alternating && sequence.length === 2 * (won + 1),
    detail: `${won} ran, ${busy} × 409; messages ${sequence}`,
  });

  // The mix, alternating between the instances.
  const ops = await runLoad({ users, bases, seconds: SHORT ? 6 : 12, thinkMs: [1500, 2500] });
  Object.assign(figures, loadFigures(ops), {
    crossSessions: crossOk,
    rateLimitPassed: passed,
    rateLimitRefused: limitedCount,
    raceRan: won,
    raceBusy: busy,
  });
  await invariants(db, [...users, limited, racer], [...ops, confirm], checks, figures);
  await Promise.all([a.stop(), b.stop()]);
}

// ---------------------------------------------------------------------------------------------
// 6. Through PgBouncer

async function scenarioPooler(db: Database, checks: Check[], figures: Record<string, unknown>): Promise<void> {
  if (!pgbouncerBinary()) {
    checks.push({ name: "pgbouncer is installed", ok: false, detail: "apt-get install pgbouncer" });
    return;
  }
  const modes: { label: string; mode: "session" | "transaction"; pooler: string; expectClean: boolean }[] = [
    { label: "session mode", mode: "session", pooler: "session", expectClean: true },
    { label: "transaction mode, DATABASE_POOLER=transaction", mode: "transaction", pooler: "transaction", expectClean: true },
  ];
  if (!SHORT)
    modes.push({
      label: "transaction mode, named statements (DATABASE_POOLER unset)",
      mode: "transaction",
      pooler: "none",
      expectClean: false,
    });
  for (const m of modes) {
    const bouncer = await startPgbouncer(db, m.mode);
    try {
      const app = await startApp(`pooler-${m.mode}-${m.pooler}`, bouncer.url, { DATABASE_POOLER: m.pooler }).catch((error: Error) => {
        if (m.expectClean) throw error;
        // Without the setting the app also sends statement_timeout at connect, which PgBouncer refuses.
        figures[m.label] = { couldNotStart: error.message.split("\n")[0] };
        return null;
      });
      if (!app) continue;
      const users = Array.from({ length: 5 }, () => new User("pool"));
      await signUpAll(users, () => app.base).catch((e: Error) => log(`sign-up through ${m.label}: ${e.message}`));
      const ready = users.filter((u) => u.token);
      const ops = ready.length ? await runLoad({ users: ready, bases: [app.base], seconds: SHORT ? 6 : 10 }) : [];
      const failed = ops.filter((op) => !op.ok).length;
      figures[m.label] = { signedUp: ready.length, ...loadFigures(ops) };
      if (m.expectClean) {
        checks.push({
          name: `pgbouncer ${m.label}: 0 errors`,
          ok: ready.length === users.length && failed === 0 && ops.length > 0,
          detail: `${ops.length} operations, ${failed} failed ${JSON.stringify(tally(ops))}`,
        });
        await invariants(db, ready, ops, checks, figures[m.label] as Record<string, unknown>);
      } else {
        // The reason DATABASE_POOLER=transaction exists: recorded, not asserted.
        log(`${m.label}: ${failed} of ${ops.length} operations failed (sign-ups ${ready.length}/${users.length})`);
      }
      await app.stop();
    } finally {
      await bouncer.stop();
    }
  }
}

// ---------------------------------------------------------------------------------------------
// 7. Soak

async function scenarioSoak(db: Database, checks: Check[], figures: Record<string, unknown>): Promise<void> {
  const app = await startApp("soak", db.url);
  const users = Array.from({ length: SHORT ? 16 : 50 }, () => new User("soak"));
  await signUpAll(users, () => app.base, 8);
  const seconds = SHORT ? 15 : 60;
  // Warm-up, then RSS at the start of the measured run.
  await runLoad({ users: users.slice(0, 8), bases: [app.base], seconds: 3 });
  const rssStart = app.rss();
  const ops = await runLoad({ users, bases: [app.base], seconds, thinkMs: [200, 600] });
  const rssEnd = app.rss();
  const failed = ops.filter((op) => !op.ok);
  Object.assign(figures, loadFigures(ops), {
    users: users.length,
    seconds,
    rssStartMb: rssStart,
    rssEndMb: rssEnd,
    operationsPerSecond: Math.round((ops.length / seconds) * 10) / 10,
  });
  checks.push({
    name: "soak: 0 errors",
    ok: failed.length === 0,
    detail: `${failed.length} of ${ops.length} failed ${JSON.stringify(tally(failed))} ${failed[0]?.error?.slice(0, 160) ?? ""}`,
  });
  checks.push({
    name: "soak: memory flat (end RSS ≤ 1.5 × start + 64 MB)",
    ok: rssEnd <= rssStart * 1.5 + 64,
    detail: `${rssStart} → ${rssEnd} MB (primary + 2 workers)`,
  });
  await invariants(db, users, ops, checks, figures);
  const lost = (figures.lostTasks as number) + (figures.lostTurns as number);
  checks.push({ name: "soak: 0 lost messages", ok: lost === 0, detail: `${lost}` });
  await app.stop();
}

// ---------------------------------------------------------------------------------------------

const SCENARIOS: Record<
  ScenarioName,
  { title: string; run: (db: Database, checks: Check[], figures: Record<string, unknown>) => Promise<void> }
> = {
  kill: { title: "1. Worker SIGKILL mid-turn", run: scenarioKill },
  postgres: { title: "2. Postgres stopped and restarted under load", run: scenarioPostgres },
  provider: { title: "3. The model provider misbehaving", run: scenarioProvider },
  sigterm: { title: "4. SIGTERM during load", run: scenarioSigterm },
  two: { title: "5. Two app instances, one database", run: scenarioTwo },
  pooler: { title: "6. Through PgBouncer", run: scenarioPooler },
  soak: { title: "7. Soak", run: scenarioSoak },
};

function markdown(): string {
  const lines: string[] = [];
  const when = new Date().toISOString().slice(0, 16).replace("T", " ");
  lines.push(
    `Last run: ${when} UTC, ${SHORT ? "short" : "full"} version, ${os.cpus().length} cores (shared with other work; figures are indicative), load average before the run ${loadBefore}.`,
  );
  lines.push("");
  for (const r of results) {
    lines.push(`### ${r.title} — ${r.ok ? "pass" : "FAIL"} (${r.seconds} s)`);
    lines.push("");
    if (r.error) lines.push(`The scenario could not finish: ${r.error}`, "");
    for (const c of r.checks) lines.push(`- ${c.ok ? "✅" : isKnown(r.name, c) ? "❌ (known)" : "❌"} ${c.name} — ${c.detail}`);
    lines.push(
      "",
      "```json",
      JSON.stringify(r.figures, null, 1).replace(/\n\s*/g, " ").replace(/\{ /g, "{").replace(/ \}/g, "}"),
      "```",
      "",
    );
  }
  return lines.join("\n");
}

function writeDocs(): void {
  const file = path.join(ROOT, "docs", "reliability.md");
  const start = "<!-- chaos:figures:start -->";
  const end = "<!-- chaos:figures:end -->";
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : `# Reliability\n\n## Figures of the last run\n\n${start}\n${end}\n`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < 0) throw new Error(`docs/reliability.md lacks the ${start} … ${end} markers`);
  fs.writeFileSync(file, `${text.slice(0, i + start.length)}\n${markdown()}\n${text.slice(j)}`);
  log("figures written to docs/reliability.md");
}

const loadBefore = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
let db: Database | null = null;
const hardStop = setTimeout(() => {
  log(`hard deadline (${HARD_DEADLINE_MS / 60_000} min) reached; stopping`);
  void cleanup()
    .then(() => db?.cleanup())
    .finally(() => {
      removeWorkDir();
      process.exit(2);
    });
}, HARD_DEADLINE_MS);
hardStop.unref();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping what this run started`);
    void cleanup()
      .then(() => db?.cleanup())
      .finally(() => {
        removeWorkDir();
        process.exit(130);
      });
  });
}

let exitCode = 0;
try {
  log(`${SHORT ? "short" : "full"} run: ${selected.join(", ")}; load average ${loadBefore}`);
  db = await startDatabase();
  for (const name of selected) {
    const scenario = SCENARIOS[name];
    if (!scenario) throw new Error(`unknown scenario ${name} (one of ${ALL.join(", ")})`);
    log(`— ${scenario.title}`);
    const started = now();
    const checks: Check[] = [];
    const figures: Record<string, unknown> = {};
    let error: string | undefined;
    try {
      await scenario.run(db, checks, figures);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      log(`${name} failed to run: ${error}`);
    }
    await cleanup(); // anything the scenario left running
    const ok = !error && checks.length > 0 && checks.every((c) => c.ok);
    results.push({ name, title: scenario.title, ok, seconds: Math.round((now() - started) / 1000), checks, figures, error });
    for (const c of checks) log(`  ${c.ok ? "ok  " : isKnown(name, c) ? "KNOWN FAIL" : "FAIL"} ${c.name} — ${c.detail}`);
    log(`  ${ok ? "pass" : "FAIL"} ${scenario.title} ${JSON.stringify(figures)}`);
    const unknown = checks.filter((c) => !c.ok && !isKnown(name, c));
    if (error || checks.length === 0 || unknown.length > 0) exitCode = 1;
    for (const c of checks)
      if (c.ok && isKnown(name, c))
        log(`  fixed? "${name}: ${c.name}" passed: remove it from bench/chaos/known-failures.txt once it passes reliably`);
  }
  fs.writeFileSync(OUT, JSON.stringify({ short: SHORT, loadBefore, results }, null, 2));
  log(`results in ${OUT}`);
  if (WRITE_DOCS) writeDocs();
  else console.log(markdown());
} catch (error) {
  log(`the suite could not run: ${error instanceof Error ? error.stack : String(error)}`);
  exitCode = 2;
} finally {
  await cleanup();
  await db?.cleanup();
  removeWorkDir();
}
process.exit(exitCode);
