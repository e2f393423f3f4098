/** The task tools: one definition (definitions.ts) consumed by the agent and the MCP server. */
export {
  taskToolDefinitions,
  taskToolNames,
  getTaskToolDefinition,
  type TaskToolDefinition,
  type TaskToolName,
  type ToolAnnotations,
} from "@/lib/agent/tools/definitions";
export { createTaskTools, type ToolCallRecord, type CreateTaskToolsOptions } from "@/lib/agent/tools/ai-tools";
export { runTaskTool, UnknownToolError } from "@/lib/agent/tools/run";
export type { TaskToolContext } from "@/lib/agent/tools/context";
export type { ToolResult, ToolFailure, ToolFailureCode } from "@/lib/agent/tools/results";
