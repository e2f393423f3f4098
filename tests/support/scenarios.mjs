/**
 * The conversation scenarios (format: tests/evals/README.md), read and checked in one place for
 * both players: tests/evals/run.mjs and eval.mjs play them over HTTP against a running server,
 * tests/integration/builtin/public-scenarios.test.ts in process against the built-in model.
 * A player is a `driver` (see scenarios.d.mts); `playScenario` runs the turns and judges each.
 */
import { existsSync, readFileSync } from "node:fs";

/** The scenarios of a .jsonl file, one JSON object a line. */
export function readScenarios(file) {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** `id  reason` a line; `#` starts a comment. A listed id without a reason is an error. No file: none known. */
export function readKnownFailures(file) {
  const map = new Map();
  if (!existsSync(file)) return map;
  for (const [n, raw] of readFileSync(file, "utf8").split("\n").entries()) {
    const line = raw.replace(/#.*/, "").trim();
    if (!line) continue;
    const [id, ...reason] = line.split(/\s+/);
    if (reason.length === 0) throw new Error(`${file}:${n + 1}: '${id}' needs a one-line reason`);
    map.set(id, reason.join(" "));
  }
  return map;
}

/** The class of one of our corpus scenarios (`c-<class>-…`), else null. */
export function scenarioClass(id) {
  return /^c-([a-z0-9]+)-/.exec(id)?.[1] ?? null;
}

const norm = (s) => (s ?? "").toLowerCase();

/** Whole UTC days from `now`'s day to the day of `iso`. */
function daysFrom(now, iso) {
  const t = new Date(iso);
  const a = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
  const b = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((a - b) / 86_400_000);
}

/** Every field a user would notice: a change to any of them where none was asked for is harm. */
function snapshot(tasks) {
  return JSON.stringify(
    tasks
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
}

/**
 * Whether task `t` fits pattern `p` (an `expect.tasks` entry). `all`: every task of the user
 * (for `parent~`); `now`: the day `dueIn` counts from (today when absent).
 */
export function matchTask(t, p, { all = [], now } = {}) {
  for (const [k, v] of Object.entries(p)) {
    const due = t.dueAt ? new Date(t.dueAt) : null;
    if (k === "title~" && !norm(t.title).includes(norm(String(v)))) return false;
    if (k === "description~" && !norm(t.description).includes(norm(String(v)))) return false;
    if (k === "status" && t.status !== v) return false;
    if (k === "priority" && (String(v).startsWith("!") ? t.priority === String(v).slice(1) : t.priority !== v)) return false;
    if (k === "dueIn") {
      if (!t.dueAt) return false;
      const d = daysFrom(now ?? new Date(), t.dueAt);
      if (d < v[0] || d > v[1]) return false;
    }
    if (k === "dueNext" && v) {
      // The next such clock time: later today, or tomorrow once it has passed (a quarter of an
      // hour's grace for the turn itself), so the expectation holds at any hour.
      const from = (now ?? new Date()).getTime();
      if (!due || due.getTime() <= from - 15 * 60_000 || due.getTime() > from + 24 * 3_600_000) return false;
    }
    if (k === "dueWeekday" && (!due || due.getUTCDay() !== v)) return false;
    if (k === "dueWeekdayIn" && (!due || !v.includes(due.getUTCDay()))) return false;
    if (k === "dueHour" && (!due || due.getUTCHours() !== v)) return false;
    if (k === "dueMonthDay") {
      // [month 1-12, day] or [day]
      if (!due) return false;
      const [m, day] = v.length === 2 ? v : [null, v[0]];
      if (due.getUTCDate() !== day || (m !== null && due.getUTCMonth() + 1 !== m)) return false;
    }
    if (k === "noDue" && v && t.dueAt) return false;
    if (k === "rule~" && !(t.recurrence?.rule ?? "").toUpperCase().includes(String(v).toUpperCase())) return false;
    if (k === "recurring" && Boolean(t.recurrence) !== v) return false;
    if (k === "remindHour" && (!t.remindAt || new Date(t.remindAt).getUTCHours() !== v)) return false;
    if (k === "hasReminder" && Boolean(t.remindAt) !== v) return false;
    if (k === "list" && (v === null ? t.list : norm(t.list?.name) !== norm(String(v)))) return false;
    if (k === "label" && !(t.labels ?? []).map(norm).includes(norm(String(v)))) return false;
    if (k === "noLabel" && (t.labels ?? []).map(norm).includes(norm(String(v)))) return false;
    if (k === "parent~") {
      const parent = all.find((x) => x.id === t.parentId);
      if (!parent || !norm(parent.title).includes(norm(String(v)))) return false;
    }
  }
  return true;
}

/**
 * What went wrong in one turn, judged against its `expect`: `why` (empty when it passed) and
 * `harm` (the assistant changed something the user did not ask for: `unchanged`, `untouched`,
 * more tasks or lists than expected).
 */
async function checkTurn(e, { before, after, reply, driver, now }) {
  const why = [];
  let harm = false;
  const text = reply.text ?? "";
  const lower = norm(text);
  if (e.unchanged && snapshot(before) !== snapshot(after)) {
    why.push("tasks changed");
    harm = true;
  }
  for (const u of e.untouched ?? []) {
    const was = snapshot(before.filter((t) => norm(t.title).includes(norm(u))));
    const now = snapshot(
      after.filter((t) => {
        const b = before.find((x) => x.id === t.id);
        return b !== undefined && norm(b.title).includes(norm(u));
      }),
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
    why.push(`count ${after.length} not in ${e.countIn.join(",")}`);
    if (after.length > e.countIn[1]) harm = true;
  }
  for (const p of e.tasks ?? [])
    if (!after.some((t) => matchTask(t, p, { all: after, now }))) why.push(`no task like ${JSON.stringify(p)}`);
  if (e.listsCount !== undefined) {
    const n = await driver.listsCount();
    if (n !== e.listsCount) {
      why.push(`lists ${n} != ${e.listsCount}`);
      if (n > e.listsCount) harm = true;
    }
  }
  for (const a of e.absent ?? []) if (after.some((t) => norm(t.title).includes(a))) why.push(`still there: ${a}`);
  if (e.status && reply.status !== e.status) why.push(`status ${reply.status} != ${e.status}`);
  if (e["reply~"] && !new RegExp(e["reply~"], "i").test(text)) why.push(`reply !~ /${e["reply~"]}/`);
  for (const h of e.replyHas ?? []) if (!lower.includes(h)) why.push(`reply lacks "${h}"`);
  for (const h of e.replyLacks ?? []) if (lower.includes(h)) why.push(`reply has "${h}"`);
  if (e.toolCalls !== undefined && reply.toolCalls !== e.toolCalls) why.push(`toolCalls ${reply.toolCalls}`);
  if (e.replyNoIds && after.some((t) => text.includes(t.id))) why.push("reply shows a task id");
  return { why, harm };
}

/**
 * Plays a scenario's turns through `driver` (its lists and setup already seeded); null when every
 * turn meets its `expect`, else the first failing turn: `{ why, harm }`.
 */
export async function playScenario(scenario, driver, { now } = {}) {
  for (const [i, turn] of scenario.turns.entries()) {
    // "if-asked": approve a pending confirmation when there is one, otherwise skip the turn
    if (turn.approve === "if-asked" && !driver.pending()) continue;
    const before = await driver.tasks();
    let reply;
    if (turn.approve !== undefined) {
      if (!driver.pending()) return { why: `turn ${i}: no pending confirmation to answer`, harm: false };
      reply = await driver.approve(turn.approve !== false);
    } else reply = await driver.say(turn.say ?? "");
    if (reply.error) return { why: `turn ${i}: ${reply.error}`, harm: false };
    const after = await driver.tasks();
    const { why, harm } = await checkTurn(turn.expect ?? {}, { before, after, reply, driver, now });
    if (why.length) {
      const said = turn.say ?? `approve=${String(turn.approve)}`;
      return { why: `turn ${i} ("${said}"): ${why.join("; ")} | reply: ${(reply.text ?? "").slice(0, 200).replace(/\n/g, " ")}`, harm };
    }
  }
  return null;
}
