// The scenario runner shared by tests/evals/run.mjs (the gate of one or more files) and
// tests/evals/eval.mjs (figures per scenario set): plays a scenario through POST /api/agent and
// checks the resulting tasks (the format: tests/evals/README.md).
import { readFileSync, existsSync } from "node:fs";
import { Client, utcDay, daysFromToday } from "./client.mjs";

/** The scenarios of a .jsonl file, one JSON object a line. */
export function readScenarios(file) {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** `id  reason` a line; `#` starts a comment. A listed id without a reason is an error. */
export function readKnownFailures(file) {
  const map = new Map();
  if (!existsSync(file)) return map;
  for (const [n, raw] of readFileSync(file, "utf8").split("\n").entries()) {
    const line = raw.replace(/#.*/, "").trim();
    if (!line) continue;
    const [id, ...reason] = line.split(/\s+/);
    if (reason.length === 0) {
      throw new Error(`${file}:${n + 1}: '${id}' needs a one-line reason`);
    }
    map.set(id, reason.join(" "));
  }
  return map;
}
const norm = (s) => (s || "").toLowerCase();
// every field a user would notice: a change to any of them where none was asked for is harm
const snapshot = (ts) =>
  JSON.stringify(
    ts
      .map((t) => [
        t.id,
        t.title,
        t.status,
        t.priority,
        t.dueAt,
        t.description,
        t.recurrence ?? null,
        t.remindAt ?? null,
        t.list?.id ?? null,
        [...(t.labels ?? [])].sort(),
        t.parentId ?? null,
      ])
      .sort(),
  );

const ctx = { all: [] };
export function matchTask(t, p) {
  for (const [k, v] of Object.entries(p)) {
    if (k === "title~" && !norm(t.title).includes(norm(v))) return false;
    if (k === "description~" && !norm(t.description).includes(norm(v))) return false;
    if (k === "status" && t.status !== v) return false;
    if (k === "priority") {
      if (v.startsWith("!") ? t.priority === v.slice(1) : t.priority !== v) return false;
    }
    if (k === "dueIn") {
      if (!t.dueAt) return false;
      const d = daysFromToday(t.dueAt);
      if (d < v[0] || d > v[1]) return false;
    }
    if (k === "dueWeekday") {
      if (!t.dueAt || new Date(t.dueAt).getUTCDay() !== v) return false;
    }
    if (k === "dueWeekdayIn") {
      if (!t.dueAt || !v.includes(new Date(t.dueAt).getUTCDay())) return false;
    }
    if (k === "dueHour") {
      if (!t.dueAt || new Date(t.dueAt).getUTCHours() !== v) return false;
    }
    if (k === "dueMonthDay") {
      // [month 1-12, day] or [day]
      if (!t.dueAt) return false;
      const d = new Date(t.dueAt);
      const [m, day] = v.length === 2 ? v : [null, v[0]];
      if (d.getUTCDate() !== day || (m !== null && d.getUTCMonth() + 1 !== m)) return false;
    }
    if (k === "noDue" && v && t.dueAt) return false;
    // wave 2 fields (API.md "Extensions"): recurrence, reminders, lists, labels, subtasks
    if (k === "rule~" && !(t.recurrence?.rule || "").toUpperCase().includes(String(v).toUpperCase())) return false;
    if (k === "recurring" && Boolean(t.recurrence) !== v) return false;
    if (k === "remindHour") {
      if (!t.remindAt || new Date(t.remindAt).getUTCHours() !== v) return false;
    }
    if (k === "hasReminder" && Boolean(t.remindAt) !== v) return false;
    if (k === "list") {
      if (v === null ? t.list : norm(t.list?.name) !== norm(v)) return false;
    }
    if (k === "label" && !(t.labels || []).map(norm).includes(norm(v))) return false;
    if (k === "noLabel" && (t.labels || []).map(norm).includes(norm(v))) return false;
    if (k === "parent~") {
      const parent = ctx.all.find((x) => x.id === t.parentId);
      if (!parent || !norm(parent.title).includes(norm(v))) return false;
    }
  }
  return true;
}

/**
 * Plays one scenario against `base`; null when it passes, else why it failed ("[harm] " first
 * when the assistant changed something the user did not ask for). `onTurn(ms)` gets each
 * /api/agent answer's time.
 */
export async function runCase(base, c, n, { onTurn } = {}) {
  const cl = new Client(base);
  const email = `eval-${Date.now()}-${n}@example.com`;
  await cl.signUpAndIn(email, "correct horse battery staple 9");
  const lists = new Map();
  const created = new Map();
  for (const name of c.lists || []) {
    const r = await cl.req("POST", "/api/lists", { name });
    if (r.status !== 201) throw new Error(`seed list ${r.status}: ${r.text.slice(0, 200)}`);
    lists.set(norm(name), (r.json.list || r.json).id);
  }
  for (const s of c.setup || []) {
    const body = { title: s.title };
    if (s.priority) body.priority = s.priority;
    if (s.due !== undefined) body.dueAt = utcDay(s.due).toISOString();
    if (s.list) body.listId = lists.get(norm(s.list));
    if (s.labels) body.labels = s.labels;
    if (s.recurrence) body.recurrence = s.recurrence;
    if (s.parent) body.parentId = created.get(norm(s.parent));
    const r = await cl.req("POST", "/api/tasks", body);
    if (r.status !== 201 && r.status !== 200) throw new Error(`seed ${r.status}: ${r.text.slice(0, 200)}`);
    created.set(norm(s.title), (r.json.task || r.json).id);
    if (s.status === "completed") {
      const id = (r.json.task || r.json).id;
      const p = await cl.req("PATCH", `/api/tasks/${id}`, { status: "completed" });
      if (p.status !== 200) throw new Error(`seed patch ${p.status}: ${p.text.slice(0, 200)}`);
    }
  }
  let conversationId;
  let pending;
  for (const [i, turn] of c.turns.entries()) {
    const before = await cl.tasks();
    const body = { conversationId, timezone: "UTC" };
    if (turn.approve !== undefined) {
      // "if-asked": approve a pending confirmation when there is one, otherwise skip the turn
      if (turn.approve === "if-asked" && !pending) continue;
      if (!pending) return `turn ${i}: no pending confirmation to answer`;
      body.confirmation = { id: pending.id, approved: turn.approve === "if-asked" ? true : turn.approve };
    } else body.message = turn.say;
    const started = performance.now();
    const r = await cl.req("POST", "/api/agent", body);
    onTurn?.(performance.now() - started);
    if (r.status !== 200) return `turn ${i}: /api/agent ${r.status} ${r.text.slice(0, 160)}`;
    const a = r.json;
    conversationId = a.conversationId || conversationId;
    pending = a.pendingConfirmation;
    const after = await cl.tasks();
    const e = turn.expect || {};
    let harm = false;
    const reply = norm(a.response);
    const why = [];
    if (e.unchanged && snapshot(before) !== snapshot(after)) {
      why.push("tasks changed");
      harm = true;
    }
    for (const u of e.untouched || []) {
      const was = snapshot(before.filter((t) => norm(t.title).includes(norm(u))));
      const now = snapshot(
        after.filter((t) => before.some((b) => b.id === t.id) && norm(before.find((b) => b.id === t.id).title).includes(norm(u))),
      );
      if (was !== now) {
        why.push(`touched: ${u}`);
        harm = true;
      }
    }
    if (e.count !== undefined && after.length !== e.count) {
      why.push(`count ${after.length} != ${e.count}`);
      if (after.length > e.count) harm = true;
    }
    if (e.countIn && (after.length < e.countIn[0] || after.length > e.countIn[1])) {
      why.push(`count ${after.length} not in ${e.countIn}`);
      if (after.length > e.countIn[1]) harm = true;
    }
    ctx.all = after;
    for (const p of e.tasks || []) if (!after.some((t) => matchTask(t, p))) why.push(`no task like ${JSON.stringify(p)}`);
    if (e.listsCount !== undefined) {
      const lr = await cl.req("GET", "/api/lists");
      const nLists = (lr.json?.lists || []).length;
      if (nLists !== e.listsCount) {
        why.push(`lists ${nLists} != ${e.listsCount}`);
        if (nLists > e.listsCount) harm = true;
      }
    }
    for (const a2 of e.absent || []) if (after.some((t) => norm(t.title).includes(a2))) why.push(`still there: ${a2}`);
    if (e.status && a.status !== e.status) why.push(`status ${a.status} != ${e.status}`);
    if (e["reply~"] && !new RegExp(e["reply~"], "i").test(a.response || "")) why.push(`reply !~ /${e["reply~"]}/`);
    for (const h of e.replyHas || []) if (!reply.includes(h)) why.push(`reply lacks "${h}"`);
    for (const h of e.replyLacks || []) if (reply.includes(h)) why.push(`reply has "${h}"`);
    if (e.toolCalls !== undefined && (a.toolCalls || []).length !== e.toolCalls) why.push(`toolCalls ${(a.toolCalls || []).length}`);
    if (e.replyNoIds && after.some((t) => (a.response || "").includes(t.id))) why.push("reply shows a task id");
    if (why.length)
      return `${harm ? "[harm] " : ""}turn ${i} ("${turn.say ?? "approve=" + turn.approve}"): ${why.join("; ")} | reply: ${(a.response || "").slice(0, 160).replace(/\n/g, " ")}`;
  }
  return null;
}
