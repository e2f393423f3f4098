/**
 * The organisation side of the task tools: naming a list ("groceries", "inbox"), a parent task,
 * labels (also typed as "#errands" in a title), the list tools, and the hint that a parent's
 * last subtask is done. A list that does not exist is never created on the side: the result
 * tells the model to ask the user first ("There's no 'Groceries' list yet — create it?").
 */
import { createList, findListByName, listLists } from "@/lib/lists/service";
import { listNameSchema, type TaskListRef } from "@/lib/lists/schema";
import { labelsSchema } from "@/lib/tasks/label-schema";
import { extractLabels, mergeLabels, normalizeLabel } from "@/lib/tasks/labels";
import { scoreTitle } from "@/lib/tasks/match";
import type { TaskView } from "@/lib/tasks/schema";
import { getTaskById } from "@/lib/tasks/service";
import { isAppError } from "@/lib/errors";
import { resolveTask, type TaskToolContext } from "@/lib/agent/tools/context";
import { ambiguous, invalidInput, notFound, type ToolFailure, type ToolResult } from "@/lib/agent/tools/results";
import type { CreateListInput } from "@/lib/agent/tools/schemas";

const INBOX = /^(?:the\s+)?inbox$/i;

/** "the Groceries list" → "Groceries". */
function bareListName(name: string): string {
  return (
    name
      .trim()
      .replace(/^the\s+/i, "")
      .replace(/(?<!\s)\s+list$/i, "")
      .trim() || name.trim()
  );
}

/** The result for a list name the user does not have: the model asks before creating it. */
export function unknownList(name: string, existing: string[]): ToolFailure {
  const shown = bareListName(name);
  return {
    ok: false,
    code: "not_found",
    missing: "list",
    query: shown,
    lists: existing,
    message: `There's no '${shown}' list yet, so nothing was changed. Ask the user: "There's no '${shown}' list yet — create it?" Only if they agree, call create_list and then repeat this call.`,
  };
}

/** A list named by the user's words: null for the Inbox; forgiving about case, "the … list" and small typos. */
export async function resolveListName(ctx: TaskToolContext, name: string): Promise<{ ok: true; list: TaskListRef | null } | ToolFailure> {
  if (INBOX.test(name.trim())) return { ok: true, list: null };
  const bare = bareListName(name);
  for (const candidate of [name.trim(), bare]) {
    const exact = await findListByName({ userId: ctx.userId, name: candidate, db: ctx.db });
    if (exact) return { ok: true, list: exact };
  }
  const { lists } = await listLists({ userId: ctx.userId });
  const close = lists.filter((l) => scoreTitle(bare, l.name).coverage === 1 && scoreTitle(l.name, bare).coverage === 1);
  if (close.length === 1 && close[0]) return { ok: true, list: { id: close[0].id, name: close[0].name } };
  return unknownList(
    name,
    lists.map((l) => l.name),
  );
}

/** The parent task named by `reference` (words or id): one of the user's top-level tasks. */
export async function resolveParent(ctx: TaskToolContext, reference: string): Promise<{ ok: true; parent: TaskView } | ToolFailure> {
  const found = await resolveTask(ctx, reference, "pending");
  if (found.kind === "none") return notFound(reference, `I couldn't find a task matching '${reference}' to put this under.`);
  if (found.kind === "ambiguous") return ambiguous(reference, found.candidates);
  if (found.task.parentId)
    return invalidInput(`parent: '${found.task.title}' is itself a subtask; subtasks have one level. Use its parent instead.`);
  return { ok: true, parent: found.task };
}

/** A title with its "#labels" taken out, merged with explicit `labels`; a problem names the field. */
export function titleAndLabels(
  title: string | undefined,
  labels: string[] | undefined,
): { ok: true; title?: string; labels: string[] } | ToolFailure {
  const extracted = title === undefined ? { text: undefined, labels: [] as string[] } : extractLabels(title);
  const explicit = labelsSchema.safeParse(labels ?? []);
  if (!explicit.success) return invalidInput(`labels: ${explicit.error.issues[0]?.message ?? "not valid"}`);
  const merged = labelsSchema.safeParse(mergeLabels(explicit.data, extracted.labels));
  if (!merged.success) return invalidInput(`labels: ${merged.error.issues[0]?.message ?? "not valid"}`);
  // A title that is only a hashtag keeps its text, so the task still has a title.
  return { ok: true, title: extracted.text === undefined ? undefined : extracted.text || title, labels: merged.data };
}

/** Labels named by the user, normalised; invalid ones are reported. */
export function normalizeLabels(labels: string[]): { ok: true; labels: string[] } | ToolFailure {
  const out: string[] = [];
  for (const label of labels) {
    const normal = normalizeLabel(label);
    if (!normal) return invalidInput(`labels: '${label}' is not a label (one word, 1..40 characters)`);
    out.push(normal);
  }
  return { ok: true, labels: out };
}

/**
 * For tasks just completed: their parents that are still pending although every subtask is now
 * done, so the model can offer to complete them too.
 */
export async function parentsReady(ctx: TaskToolContext, completed: TaskView[]): Promise<{ id: string; title: string }[]> {
  const parentIds = [...new Set(completed.filter((t) => t.status === "completed" && t.parentId).map((t) => t.parentId as string))];
  const ready: { id: string; title: string }[] = [];
  for (const id of parentIds) {
    const parent = await getTaskById({ userId: ctx.userId, id, db: ctx.db });
    if (parent && parent.status === "pending" && parent.subtasks && parent.subtasks.done === parent.subtasks.total)
      ready.push({ id: parent.id, title: parent.title });
  }
  return ready;
}

/** Adds `parentReady` (and a hint for the model) to a completion's result when a parent's steps are all done. */
export async function withParentReady(ctx: TaskToolContext, result: ToolResult, completed: TaskView[]): Promise<ToolResult> {
  if (!result.ok) return result;
  const ready = await parentsReady(ctx, completed);
  if (!ready.length) return result;
  const names = ready.map((p) => `'${p.title}'`).join(", ");
  return {
    ...result,
    parentReady: ready,
    note: `Every subtask of ${names} is now done. Offer to complete ${names} too; do not complete it without asking.`,
  };
}

export async function listListsTool(_input: Record<string, never>, ctx: TaskToolContext): Promise<ToolResult> {
  const { lists, inboxCount } = await listLists({ userId: ctx.userId });
  return { ok: true, lists, inbox: { taskCount: inboxCount } };
}

export async function createListTool(input: CreateListInput, ctx: TaskToolContext): Promise<ToolResult> {
  const name = listNameSchema.safeParse(bareListName(input.name));
  if (!name.success) return invalidInput(`name: ${name.error.issues[0]?.message ?? "not valid"}`);
  if (INBOX.test(name.data)) return invalidInput("name: the Inbox always exists; pick another name");
  const existing = await findListByName({ userId: ctx.userId, name: name.data, db: ctx.db });
  if (existing) return { ok: true, list: existing, alreadyExisted: true };
  try {
    return { ok: true, list: await createList({ userId: ctx.userId, name: name.data }) };
  } catch (error) {
    if (isAppError(error) && error.type === "conflict") {
      const list = await findListByName({ userId: ctx.userId, name: name.data });
      if (list) return { ok: true, list, alreadyExisted: true };
    }
    if (isAppError(error) && error.type === "bad_request") return invalidInput(error.message);
    throw error;
  }
}
