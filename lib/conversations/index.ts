/** Loading and saving conversations, their messages, turn leases and the agent's audit trail. */
export * from "@/lib/conversations/conversations";
export * from "@/lib/conversations/messages";
export * from "@/lib/conversations/lease";
export * from "@/lib/conversations/audit";
export * from "@/lib/conversations/title";
export * from "@/lib/conversations/tool-calls";
