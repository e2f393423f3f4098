/**
 * The task tools as an AI SDK ToolSet for one turn of one user. The user and time zone are
 * bound here by closure; every call is timed and reported to `onToolResult` for the audit.
 */
import { tool, zodSchema, type FlexibleSchema, type ToolSet } from "ai";
import { log } from "@/lib/log";
import { taskToolDefinitions, type TaskToolDefinition } from "@/lib/agent/tools/definitions";
import type { TaskToolContext } from "@/lib/agent/tools/operations";
import type { ToolResult } from "@/lib/agent/tools/results";
import type { ToolInvocationRecord } from "@/lib/conversations/audit";

/** One tool call as the audit records it (an AgentRun's ToolInvocation row). */
export type ToolCallRecord = ToolInvocationRecord;

export type CreateTaskToolsOptions = TaskToolContext & {
  onToolResult?: (record: ToolCallRecord) => void;
};

/** What the model sees when the service itself fails: no SQL, no driver text. */
export class ToolUnavailableError extends Error {
  constructor() {
    super("The task service is unavailable right now. Tell the user to try again in a moment.");
    this.name = "ToolUnavailableError";
  }
}

/**
 * The AI SDK schema of each tool's input, built once per process: the SDK derives the JSON
 * schema it sends to the model lazily and caches it on this object, so sharing it across turns
 * saves converting every tool's zod schema again on every step of every turn.
 */
const inputSchemas = new Map<TaskToolDefinition["inputSchema"], FlexibleSchema<unknown>>();
function inputSchemaOf(definition: TaskToolDefinition): FlexibleSchema<unknown> {
  let schema = inputSchemas.get(definition.inputSchema);
  if (!schema) {
    schema = zodSchema(definition.inputSchema) as FlexibleSchema<unknown>;
    inputSchemas.set(definition.inputSchema, schema);
  }
  return schema;
}

export function createTaskTools(options: CreateTaskToolsOptions): ToolSet {
  const { onToolResult: _onToolResult, ...ctx } = options;
  void _onToolResult;
  const tools: ToolSet = {};
  for (const definition of taskToolDefinitions as readonly TaskToolDefinition[]) {
    const needsApproval = definition.needsApproval;
    tools[definition.name] = tool({
      description: definition.description,
      inputSchema: inputSchemaOf(definition),
      needsApproval: needsApproval ? (input: unknown) => needsApproval(input, ctx) : undefined,
      execute: async (input: unknown, { toolCallId }): Promise<ToolResult> => {
        const started = performance.now();
        const record = (output: unknown, success: boolean, errorCode: string | null) => {
          const durationMs = Math.round(performance.now() - started);
          log.info("agent.tool", { requestId: options.requestId, tool: definition.name, toolCallId, success, errorCode, durationMs });
          options.onToolResult?.({ toolCallId, toolName: definition.name, input, output, success, errorCode, durationMs });
        };
        try {
          const output = await definition.execute(input, ctx);
          record(output, output.ok, output.ok ? null : output.code);
          return output;
        } catch (error) {
          log.error("agent.tool.failed", { requestId: options.requestId, tool: definition.name, toolCallId, error });
          record(null, false, "tool_failed");
          throw new ToolUnavailableError();
        }
      },
    });
  }
  return tools;
}
