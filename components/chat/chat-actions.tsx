"use client";
import { createContext, useContext } from "react";

export type ChatActions = {
  /** Sends a message as if typed (e.g. a clicked candidate's title). */
  sendText: (text: string) => void;
  /** Answers a delete confirmation. */
  answerApproval: (approvalId: string, approved: boolean) => void;
  /** True while a request is running (nothing new can be sent). */
  busy: boolean;
};

export const ChatActionsContext = createContext<ChatActions>({ sendText: () => {}, answerApproval: () => {}, busy: false });

export function useChatActions(): ChatActions {
  return useContext(ChatActionsContext);
}
