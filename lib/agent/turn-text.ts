/**
 * Sentences the loop itself adds to a reply: the question for a pending delete, and the
 * summary of what was done when the step bound stops a turn. Built from tool results only.
 */
import { ownedTasks, resolveTask, type TaskToolContext } from "@/lib/agent/tools/operations";
import type { ToolCallRecord } from "@/lib/agent/tools/ai-tools";

const quote = (title: string) => `'${title}'`;

function listTitles(titles: string[]): string {
  const quoted = titles.map(quote);
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
}

/** "Delete 'Buy milk'?" — the question shown with the confirm/cancel buttons. */
/** The question for pending deletes, and the titles of the tasks they would delete (for the UI's card). */
export async function confirmationPrompt(calls: { toolName: string; input: unknown }[], ctx: TaskToolContext): Promise<{ prompt: string; titles: string[] }> {
  const titles: string[] = [];
  for (const call of calls) {
    const input = (call.input ?? {}) as { task?: unknown; ids?: unknown };
    if (call.toolName === "delete_task" && typeof input.task === "string") {
      const found = await resolveTask(ctx, input.task);
      titles.push(found.kind === "one" ? found.task.title : input.task);
    } else if (call.toolName === "delete_tasks" && Array.isArray(input.ids)) {
      const tasks = await ownedTasks(ctx, input.ids.filter((id): id is string => typeof id === "string"));
      titles.push(...tasks.map((t) => t.title));
    }
  }
  if (!titles.length) return { prompt: "Should I go ahead? (yes / no)", titles };
  const prompt = titles.length === 1 ? `Delete ${listTitles(titles)}? (yes / no)` : `Delete ${titles.length} tasks: ${listTitles(titles)}? (yes / no)`;
  return { prompt, titles };
}

type Output = { ok?: boolean; task?: { title?: string }; deleted?: { title?: string } | unknown[]; tasks?: unknown[] };

/** What the successful tool calls of a turn did, in one short paragraph. */
export function summarizeToolCalls(records: ToolCallRecord[]): string {
  const done: string[] = [];
  let looked = false;
  for (const r of records) {
    const out = (r.output ?? {}) as Output;
    if (!r.success || out.ok !== true) continue;
    const title = out.task?.title;
    switch (r.toolName) {
      case "add_task":
        if (title) done.push(`added ${quote(title)}`);
        break;
      case "complete_task":
        if (title) done.push(`completed ${quote(title)}`);
        break;
      case "update_task":
        if (title) done.push(`updated ${quote(title)}`);
        break;
      case "delete_task": {
        const deleted = out.deleted as { title?: string } | undefined;
        if (deleted?.title) done.push(`deleted ${quote(deleted.title)}`);
        break;
      }
      case "complete_tasks":
        done.push(`completed ${out.tasks?.length ?? 0} tasks`);
        break;
      case "delete_tasks":
        done.push(`deleted ${Array.isArray(out.deleted) ? out.deleted.length : 0} tasks`);
        break;
      case "list_tasks":
        looked = true;
        break;
    }
  }
  if (done.length) {
    const text = done.join("; ");
    return `So far I ${text}.`;
  }
  return looked ? "I looked through your tasks but haven't changed anything." : "I haven't changed anything yet.";
}
