/**
 * Before the model runs: reads the conversation from the database and decides what this turn
 * is — a new message, or an answer to pending approvals (one button/API confirmation, or a
 * typed "yes"/"no" for all of them). Saves the user's message first, so it survives any model
 * failure. Each answer is recorded on the call's ToolInvocation row before anything runs; a
 * call that already ran (its reply was never saved) is settled with its stored result.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { UIMessage } from "ai";
import { AppError } from "@/lib/errors";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { loadMessages, saveMessage, saveMessageAndStartRun, type RunStart } from "@/lib/conversations";
import { decideToolCall, denyProposals, findToolCall, type StoredToolCall } from "@/lib/conversations/tool-calls";
import {
  cancelPendingApprovals,
  classifyTypedReply,
  DENIED_REASON,
  EXPIRED_REASON,
  findPendingApprovals,
  respondToApprovals,
  settleParts,
  type PendingApproval,
} from "@/lib/agent/confirmation";
import { windowMessages } from "@/lib/agent/history";
import type { TurnInput } from "@/lib/agent/request";
import { rewindLastAnswer, type Rewind } from "@/lib/agent/turn-rewind";

export type TurnMode = "message" | "confirmation" | "typed_confirmation";

/** A pending call and its durable record (null: proposed before records existed, or unknown). */
export type PendingCall = PendingApproval & { stored: StoredToolCall | null };

/** An answered call: `approved` is the decision on record (the first answer wins). */
export type AnsweredCall = PendingCall & { approved: boolean };

export type TurnPlan = {
  mode: TurnMode;
  /** The conversation as the UI stream continues it (its last message decides continuation). */
  originalMessages: UIMessage[];
  /** What the model sees (windowed; a typed "yes" itself is left out — the approval says it). */
  modelMessages: UIMessage[];
  /** The assistant message whose approvals this turn answers (typed path: saved again at the end). */
  answered: UIMessage | null;
  answeredToolCallIds: Set<string>;
  /** The calls this turn answers, to run (approved) or settle (denied) before the model. */
  answers: AnsweredCall[];
  /** Calls of the answered message still waiting for their own answer: the model is not called. */
  waiting: PendingCall[];
  /** The user's words (null for a button/API confirmation). */
  userText: string | null;
  /** Edit/regenerate: what undoing the replaced answer did. */
  rewound: Rewind["undone"] | null;
  /** The turn's run was written with the user's message (else the caller writes it). */
  runStarted?: boolean;
};

function userMessage(text: string): UIMessage {
  return { id: randomUUID(), role: "user", parts: [{ type: "text", text }] };
}

/** Calls already answered (an approved one whose run was cut short runs now) or already run. */
const SETTLED = new Set(["approved", "executed", "failed", "denied"]);
const RAN = new Set(["executed", "failed"]);

export async function planTurn({
  conversationId,
  input,
  historyLimit,
  userId,
  requestId,
  history: loaded,
  run,
}: {
  conversationId: string;
  input: TurnInput;
  historyLimit: number;
  userId: string;
  requestId: string;
  /** The conversation's last `historyLimit + 1` messages, when the caller has read them already. */
  history?: UIMessage[];
  /** The turn's run (without the user's words): written in the same statement as the user's message. */
  run?: Omit<RunStart, "userMessage">;
}): Promise<TurnPlan> {
  if (input.kind === "regenerate" || (input.kind === "message" && input.edit)) {
    // The replaced answer's changes are undone and its messages removed; then this is a new answer.
    const rewind = await rewindLastAnswer({ userId, conversationId, requestId, dropUserMessage: input.kind === "message" });
    if (input.kind === "message")
      return {
        ...(await planTurn({ conversationId, input: { kind: "message", text: input.text }, historyLimit, userId, requestId, run })),
        rewound: rewind.undone,
      };
    const history = await loadMessages({ conversationId, last: historyLimit + 1 });
    const text = rewind.userMessage.parts.map((p) => (p.type === "text" ? p.text : "")).join("");
    return {
      mode: "message",
      originalMessages: history,
      modelMessages: windowMessages(history, historyLimit),
      answered: null,
      answeredToolCallIds: new Set(),
      answers: [],
      waiting: [],
      userText: text,
      rewound: rewind.undone,
    };
  }
  // One extra message so the window can drop a leading assistant message and still hold N.
  const history = loaded ?? (await loadMessages({ conversationId, last: historyLimit + 1 }));
  /**
   * Saves the user's message, with the turn's run when the caller gave one (one statement); true
   * when the run was written. If that write fails for an unavailable database, the message is
   * saved alone (as it would be without a run) and the caller writes the run later.
   */
  const saveUserMessage = async (message: UIMessage, text: string): Promise<boolean> => {
    if (run) {
      try {
        await saveMessageAndStartRun({ conversationId, message, run: { ...run, userMessage: text } });
        return true;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
      }
    }
    await saveMessage({ conversationId, message });
    return false;
  };
  const last = history.at(-1);
  const before = history.slice(0, -1);
  const pending: PendingCall[] = await Promise.all(
    findPendingApprovals(last).map(async (p) => ({ ...p, stored: await findToolCall({ conversationId, toolCallId: p.toolCallId }) })),
  );
  // Answered or run already, though the message still shows the question (its final save failed).
  const stale = pending.filter((p) => p.stored && SETTLED.has(p.stored.status));
  const open = pending.filter((p) => !stale.includes(p));
  const staleAnswers: AnsweredCall[] = stale.map((p) => ({ ...p, approved: p.stored!.status !== "denied" }));

  if (input.kind === "confirmation") {
    const target = pending.find((p) => p.approvalId === input.approvalId);
    // Never issued here, already answered, or another user's/conversation's id: all look the same.
    if (!target || !last) throw new AppError("not_found:confirmation", "There is no pending confirmation with this id.");
    const answer = stale.includes(target)
      ? staleAnswers.find((a) => a.toolCallId === target.toolCallId)!
      : await decide(target, input.approved);
    const answers = [...staleAnswers.filter((a) => a !== answer), answer];
    const answered = respond(last, answers);
    const modelMessages = windowMessages([...before, answered], historyLimit);
    return {
      mode: "confirmation",
      originalMessages: [...before, answered],
      modelMessages,
      answered,
      answeredToolCallIds: new Set(answers.map((a) => a.toolCallId)),
      answers,
      waiting: open.filter((p) => p !== target),
      userText: null,
      rewound: null,
    };
  }

  const typed = pending.length ? classifyTypedReply(input.text) : null;
  if (typed !== null && last) {
    // The question named every pending action; the typed answer applies to each of them.
    const answers = [...staleAnswers, ...(await Promise.all(open.map((p) => decide(p, typed === "approve"))))];
    const answered = respond(last, answers);
    const message = userMessage(input.text);
    const runStarted = await saveUserMessage(message, input.text);
    return {
      runStarted,
      mode: "typed_confirmation",
      originalMessages: [...before, answered, message],
      modelMessages: windowMessages([...before, answered], historyLimit),
      answered,
      answeredToolCallIds: new Set(answers.map((a) => a.toolCallId)),
      answers,
      waiting: [],
      userText: input.text,
      rewound: null,
    };
  }

  let previous = history;
  if (last && pending.length) {
    // Anything else than yes/no cancels the open proposals: nothing is changed, and the model is
    // told so. A call that already ran keeps its stored result.
    const ran = new Map(
      stale
        .filter((p) => RAN.has(p.stored!.status))
        .map((p) => [p.toolCallId, { type: "tool-output-available" as const, toolCallId: p.toolCallId, output: p.stored!.output }]),
    );
    const cancelled = cancelPendingApprovals(settleParts(last, ran));
    await denyProposals({ conversationId, toolCallIds: pending.filter((p) => !ran.has(p.toolCallId)).map((p) => p.toolCallId) });
    await saveMessage({ conversationId, message: cancelled });
    previous = [...before, cancelled];
  }
  const message = userMessage(input.text);
  const runStarted = await saveUserMessage(message, input.text);
  const all = [...previous, message];
  return {
    runStarted,
    mode: "message",
    originalMessages: all,
    modelMessages: windowMessages(all, historyLimit),
    answered: null,
    answeredToolCallIds: new Set(),
    answers: [],
    waiting: [],
    userText: input.text,
    rewound: null,
  };
}

/** Records the answer on the call's row; the decision on record wins (a legacy call is refused). */
async function decide(call: PendingCall, approved: boolean): Promise<AnsweredCall> {
  if (!call.stored) return { ...call, approved: false };
  const stored = await decideToolCall({ id: call.stored.id, approved });
  if (!stored) return { ...call, approved: false };
  return { ...call, stored, approved: stored.status === "approved" || stored.status === "executed" || stored.status === "failed" };
}

/** The message with each answered call in state `approval-responded` (with the reason for a no). */
function respond(message: UIMessage, answers: AnsweredCall[]): UIMessage {
  let result = message;
  for (const a of answers) {
    const reason = a.approved ? undefined : a.stored ? DENIED_REASON : EXPIRED_REASON;
    result = respondToApprovals(result, [a.approvalId], { approved: a.approved, reason });
  }
  return result;
}
