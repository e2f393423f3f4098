/** A task as the API and the agent's tools report it (the fields the matcher reads). */
export type ScenarioTask = {
  id: string;
  title: string;
  description?: string | null;
  status: string;
  priority: string;
  dueAt: string | null;
  remindAt?: string | null;
  recurrence?: { rule: string; text?: string } | null;
  list?: { id?: string; name: string } | null;
  labels?: string[];
  parentId?: string | null;
};

export type Expect = {
  tasks?: Array<Record<string, unknown>>;
  absent?: string[];
  count?: number;
  countIn?: [number, number];
  unchanged?: boolean;
  untouched?: string[];
  status?: string;
  "reply~"?: string;
  replyHas?: string[];
  replyLacks?: string[];
  toolCalls?: number;
  replyNoIds?: boolean;
  listsCount?: number;
};

/** `Seed`: a task to create first, as the player reads it (tests/evals/README.md: title, due in days, list, labels…). */
export type Scenario<Seed = Record<string, unknown>> = {
  id: string;
  lists?: string[];
  setup?: Seed[];
  turns: Array<{ say?: string; approve?: boolean | "if-asked"; expect?: Expect }>;
};

/** One answer of the assistant: its text, status ("completed" | "awaiting_confirmation"), how many tools it called; or an error. */
export type ScenarioReply = { text?: string; status?: string; toolCalls?: number; error?: string };

/** How a player talks to the app: over HTTP (tests/evals) or in process (tests/integration/builtin). */
export type ScenarioDriver = {
  tasks(): Promise<ScenarioTask[]>;
  listsCount(): Promise<number>;
  /** Whether a confirmation is waiting for an answer. */
  pending(): boolean;
  say(text: string): Promise<ScenarioReply>;
  approve(approved: boolean): Promise<ScenarioReply>;
};

export type Outcome = { why: string; harm: boolean } | null;

export declare function readScenarios<Seed = Record<string, unknown>>(file: string): Scenario<Seed>[];
export declare function readKnownFailures(file: string): Map<string, string>;
export declare function scenarioClass(id: string): string | null;
export declare function matchTask(
  task: ScenarioTask,
  pattern: Record<string, unknown>,
  options?: { all?: ScenarioTask[]; now?: Date },
): boolean;
export declare function playScenario(scenario: Scenario<unknown>, driver: ScenarioDriver, options?: { now?: Date }): Promise<Outcome>;
