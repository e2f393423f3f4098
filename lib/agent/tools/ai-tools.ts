/**
 * The task tools as an AI SDK ToolSet for one turn of one user. The user and time zone are
 * bound here by closure; every call is timed and reported to `onToolResult`, and in a turn
 * (`turn` hooks) recorded durably with its effect.
 */
import { tool, zodSchema, type FlexibleSchema, type ToolSet } from "ai";
import { log } from "@/lib/log";
import { taskToolDefinitions, type Proposal, type TaskToolDefinition } from "@/lib/agent/tools/definitions";
import type { TaskToolContext } from "@/lib/agent/tools/context";
import type { ToolResult } from "@/lib/agent/tools/results";
import type { ToolInvocationRecord } from "@/lib/conversations/audit";
import { recordProposal, runRecorded, runRecordedStatement } from "@/lib/conversations/tool-calls";
import { retryWhenUnavailable } from "@/lib/agent/tools/retry";

/** One tool call as the audit records it (an AgentRun's ToolInvocation row). */
export type ToolCallRecord = ToolInvocationRecord;

/**
 * What a turn adds to the tools: every call is recorded durably (ToolInvocation) in the same
 * transaction as its effect, proposals are bound to task ids, and no tool starts once the turn
 * is stopped or its tool-call budget is spent.
 */
export type TurnToolHooks = {
  conversationId: string;
  /** Resolves with the turn's AgentRun id once its row exists (tool rows reference it). */
  runReady: Promise<string>;
  /** Each call's proposal, by toolCallId (filled when the model makes the call). */
  proposals: Map<string, ProposedCall>;
  /** Tool calls this turn may still start; shared with the approvals the turn runs. */
  budget: { used: number; max: number };
  /** Aborted when the user stops the turn or it times out: no tool starts after that. */
  signal: AbortSignal;
  /** Retries of a call that failed because the database was unavailable (lib/agent/tools/retry.ts); 0: none. */
  retryAttempts?: number;
  /** A refusal for a call the user's words do not back (lib/agent/intent-gate.ts), else null: nothing runs. */
  gate?: (toolName: string, input: unknown) => ToolResult | null;
};

export type ProposedCall = Proposal & { toolName: string; input: unknown };

export type CreateTaskToolsOptions = TaskToolContext & {
  onToolResult?: (record: ToolCallRecord) => void;
  turn?: TurnToolHooks;
};

/** A tool call the turn's tool-call limit refused (nothing was run). */
export const toolLimitResult = (max: number): ToolResult => ({
  ok: false,
  code: "limit_reached",
  message: `This turn already made ${max} tool calls, the most one reply may make. Nothing was done; tell the user what was done so far and that they can ask to continue.`,
});

/** The tools' context with a transaction client for the task service (used once it accepts one). */
export function withTransaction(ctx: TaskToolContext, tx: unknown): TaskToolContext {
  return { ...ctx, db: tx } as TaskToolContext;
}

/** Runs one proposed-or-plain call of a definition (within `tx` when given). */
export async function runDefinition(
  definition: TaskToolDefinition,
  input: unknown,
  proposal: Proposal | undefined,
  ctx: TaskToolContext,
): Promise<ToolResult> {
  if (proposal?.kind === "answer") return proposal.result;
  if (proposal && definition.executeBound) return definition.executeBound(input, proposal.tasks, ctx);
  return definition.execute(input, ctx);
}

/** What the model (and the saved reply) sees for a call that the user's Stop kept from running. */
export class ToolStoppedError extends Error {
  constructor() {
    super("Stopped by the user before this step ran, so nothing was changed here.");
    this.name = "ToolStoppedError";
  }
}

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
  const { onToolResult: _onToolResult, turn, ...ctx } = options;
  void _onToolResult;
  const tools: ToolSet = {};
  for (const definition of taskToolDefinitions as readonly TaskToolDefinition[]) {
    const propose = definition.propose;
    tools[definition.name] = tool({
      description: definition.description,
      inputSchema: inputSchemaOf(definition),
      // Decided once per call, when the model makes it: the targets are bound to task ids here.
      needsApproval: propose
        ? async (input: unknown, { toolCallId }) => {
            const proposal = await propose(input, ctx);
            if (!turn) return proposal.kind === "ask";
            turn.proposals.set(toolCallId, { ...proposal, toolName: definition.name, input });
            if (proposal.kind !== "ask") return false;
            const runId = await turn.runReady;
            await recordProposal({
              runId,
              conversationId: turn.conversationId,
              toolCallId,
              toolName: definition.name,
              input,
              bound: { tasks: proposal.tasks },
            });
            return true;
          }
        : undefined,
      execute: async (input: unknown, { toolCallId }): Promise<ToolResult> => {
        const started = performance.now();
        const record = (output: unknown, success: boolean, errorCode: string | null, persisted: boolean) => {
          const durationMs = Math.round(performance.now() - started);
          log.info("agent.tool", { requestId: options.requestId, tool: definition.name, toolCallId, success, errorCode, durationMs });
          options.onToolResult?.({ toolCallId, toolName: definition.name, input, output, success, errorCode, durationMs, persisted });
        };
        if (turn?.signal.aborted) {
          // Stopped (or out of time) between the model's call and its execution: nothing runs.
          record(null, false, "stopped", false);
          throw new ToolStoppedError();
        }
        if (turn && turn.budget.used >= turn.budget.max) {
          const output = toolLimitResult(turn.budget.max);
          record(output, false, "limit_reached", false);
          log.warn("agent.tool_limit", { requestId: options.requestId, tool: definition.name, toolCallId, maxToolCalls: turn.budget.max });
          return output;
        }
        const refusal = turn?.gate?.(definition.name, input);
        if (refusal && !refusal.ok) {
          record(refusal, false, refusal.code, false);
          log.warn("agent.tool_needs_confirmation", { requestId: options.requestId, tool: definition.name, toolCallId });
          return refusal;
        }
        if (turn) turn.budget.used++;
        log.info("agent.tool.start", { requestId: options.requestId, tool: definition.name, toolCallId });
        try {
          if (!turn) {
            const output = await definition.execute(input, ctx);
            record(output, output.ok, output.ok ? null : output.code, false);
            return output;
          }
          const proposal = turn.proposals.get(toolCallId);
          const runId = await turn.runReady;
          const key = { runId, conversationId: turn.conversationId, toolCallId, toolName: definition.name, input };
          const recorded = () =>
            runRecorded(key, async (tx) => {
              const output = await runDefinition(definition, input, proposal, withTransaction(ctx, tx));
              return { output, success: output.ok, errorCode: output.ok ? null : output.code, durationMs: performance.now() - started };
            });
          // Where the effect is one statement's writes, it and its record are one statement.
          const statement = proposal ? null : (definition.asStatement?.(input, ctx) ?? null);
          const run = statement
            ? async () => {
                const output = statement.output;
                const result = {
                  output,
                  success: output.ok,
                  errorCode: output.ok ? null : output.code,
                  durationMs: performance.now() - started,
                };
                return (await runRecordedStatement(key, statement.parts, result)) ?? recorded();
              }
            : recorded;
          // Idempotent by toolCallId: a write that did commit is replayed from its record, not repeated.
          const result = await retryWhenUnavailable(
            turn.retryAttempts ?? 0,
            run,
            (error, attempt) =>
              log.warn("agent.tool.retry", { requestId: options.requestId, tool: definition.name, toolCallId, attempt, error }),
            turn.signal,
          );
          const output = result.output as ToolResult;
          record(output, result.success, result.errorCode, true);
          return output;
        } catch (error) {
          log.error("agent.tool.failed", { requestId: options.requestId, tool: definition.name, toolCallId, error });
          record(null, false, "tool_failed", false);
          throw new ToolUnavailableError();
        }
      },
    });
  }
  return tools;
}
