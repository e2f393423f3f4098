// Plays one scenario over HTTP for tests/evals/run.mjs (the gate of one or more files) and
// tests/evals/eval.mjs (figures per scenario set): a fresh user, its lists and setup tasks through
// the API, then each turn through POST /api/agent, judged by the scenario checker of the support
// kit (tests/support/scenarios.mjs, the one the in-process harness uses too).
import { playScenario } from "../support/scenarios.mjs";
import { Client, utcDay } from "./client.mjs";

export { readKnownFailures, readScenarios, scenarioClass } from "../support/scenarios.mjs";

const norm = (s) => (s ?? "").toLowerCase();

/** Signs a fresh user up and creates the scenario's lists and setup tasks. */
async function seeded(base, c, n) {
  const cl = new Client(base);
  await cl.signUpAndIn(`eval-${Date.now()}-${n}@example.com`, "correct horse battery staple 9");
  const lists = new Map();
  const created = new Map();
  for (const name of c.lists ?? []) {
    const r = await cl.req("POST", "/api/lists", { name });
    if (r.status !== 201) throw new Error(`seed list ${r.status}: ${r.text.slice(0, 200)}`);
    lists.set(norm(name), (r.json.list || r.json).id);
  }
  for (const s of c.setup ?? []) {
    const body = { title: s.title };
    if (s.priority) body.priority = s.priority;
    if (s.description) body.description = s.description;
    if (s.due !== undefined) body.dueAt = utcDay(s.due).toISOString();
    if (s.list) body.listId = lists.get(norm(s.list));
    if (s.labels) body.labels = s.labels;
    if (s.recurrence) body.recurrence = s.recurrence;
    if (s.parent) body.parentId = created.get(norm(s.parent));
    const r = await cl.req("POST", "/api/tasks", body);
    if (r.status !== 201 && r.status !== 200) throw new Error(`seed ${r.status}: ${r.text.slice(0, 200)}`);
    const id = (r.json.task || r.json).id;
    created.set(norm(s.title), id);
    if (s.status === "completed") {
      const p = await cl.req("PATCH", `/api/tasks/${id}`, { status: "completed" });
      if (p.status !== 200) throw new Error(`seed patch ${p.status}: ${p.text.slice(0, 200)}`);
    }
  }
  return cl;
}

/**
 * Plays one scenario against `base`; null when it passes, else why it failed ("[harm] " first
 * when the assistant changed something the user did not ask for). `onTurn(ms)` gets each
 * /api/agent answer's time.
 */
export async function runCase(base, c, n, { onTurn } = {}) {
  // Setup dues, the app's reading of "tomorrow" and the checks each count from the real clock's
  // UTC day: a failure in a run that crossed midnight is played once more with a fresh user.
  const day = () => new Date().toISOString().slice(0, 10);
  const started = day();
  const why = await playOnce(base, c, n, { onTurn });
  return why && day() !== started ? playOnce(base, c, `${n}-again`, { onTurn }) : why;
}

async function playOnce(base, c, n, { onTurn }) {
  const cl = await seeded(base, c, n);
  let conversationId;
  let pending;
  const send = async (body) => {
    const started = performance.now();
    const r = await cl.req("POST", "/api/agent", { ...body, conversationId, timezone: "UTC" });
    onTurn?.(performance.now() - started);
    if (r.status !== 200) return { error: `/api/agent ${r.status} ${r.text.slice(0, 160)}` };
    const a = r.json;
    conversationId = a.conversationId || conversationId;
    pending = a.pendingConfirmation;
    return { text: a.response ?? "", status: a.status, toolCalls: (a.toolCalls ?? []).length };
  };
  const outcome = await playScenario(c, {
    tasks: () => cl.tasks(),
    listsCount: async () => ((await cl.req("GET", "/api/lists")).json?.lists ?? []).length,
    pending: () => Boolean(pending),
    say: (message) => send({ message }),
    approve: (approved) => send({ confirmation: { id: pending.id, approved } }),
  });
  return outcome && `${outcome.harm ? "[harm] " : ""}${outcome.why}`;
}
