/**
 * Running one task tool by name with untrusted input — the entry point for the MCP server,
 * which has no AI SDK in between: the input is validated against the same strict schema.
 * Approval is the MCP client's job there (the deleting tools carry `destructiveHint`).
 */
import { describeZodError } from "@/lib/http/respond";
import { getTaskToolDefinition } from "@/lib/agent/tools/definitions";
import type { TaskToolContext } from "@/lib/agent/tools/context";
import { invalidInput, type ToolResult } from "@/lib/agent/tools/results";

export class UnknownToolError extends Error {
  constructor(readonly toolName: string) {
    super(`Unknown tool: ${toolName.slice(0, 64)}`);
    this.name = "UnknownToolError";
  }
}

export async function runTaskTool(name: string, input: unknown, ctx: TaskToolContext): Promise<ToolResult> {
  const definition = getTaskToolDefinition(name);
  if (!definition) throw new UnknownToolError(name);
  const parsed = definition.inputSchema.safeParse(input ?? {});
  if (!parsed.success) return invalidInput(describeZodError(parsed.error));
  return definition.execute(parsed.data, ctx);
}
