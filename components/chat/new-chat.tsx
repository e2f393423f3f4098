"use client";
/**
 * A new chat. Its id is made in the browser once per "New chat" (the nonce), not per server
 * render, so a refresh of the page's server data can never swap the conversation under the user.
 */
import { useState } from "react";
import { uuidV4 } from "@/lib/ui/uuid";
import { useConversations } from "@/components/sidebar/conversations-store";
import { LazyChat } from "@/components/chat/lazy-chat";

export function NewChat() {
  const { newChatNonce } = useConversations();
  return <FreshChat key={newChatNonce} />;
}

function FreshChat() {
  const [id] = useState(uuidV4);
  return <LazyChat id={id} initialMessages={[]} isNew />;
}
