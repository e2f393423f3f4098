"use client";
import { createContext, useContext } from "react";

export type ChatActions = {
  /** Sends a message as if typed (e.g. a clicked candidate's title). */
  sendText: (text: string) => void;
  /** Answers one pending confirmation (only that one). */
  answerApproval: (approvalId: string, approved: boolean) => void;
  /** Replaces the last user message (its answer's task changes are undone first). */
  editLast: (messageId: string, text: string) => void;
  /** A new answer to the last user message (the previous answer's task changes are undone first). */
  regenerateLast: (messageId: string) => void;
  /** True while a request is running (nothing new can be sent). */
  busy: boolean;
};

export const ChatActionsContext = createContext<ChatActions>({
  sendText: () => {},
  answerApproval: () => {},
  editLast: () => {},
  regenerateLast: () => {},
  busy: false,
});

export function useChatActions(): ChatActions {
  return useContext(ChatActionsContext);
}
