import { cache } from "react";
import { notFound } from "next/navigation";
import type { Metadata } from "next";
import { z } from "zod";
import { requirePageUser } from "@/lib/ui/server/session";
import { getConversation, loadMessagePage } from "@/lib/conversations";
import { MESSAGE_PAGE_SIZE } from "@/lib/limits";
import { LazyChat } from "@/components/chat/lazy-chat";

type Props = { params: Promise<{ id: string }> };

const idSchema = z.uuid();

const loadOwnConversation = cache(async (rawId: string) => {
  const user = await requirePageUser();
  const id = idSchema.safeParse(rawId);
  if (!id.success) notFound();
  // Scoped by user: another user's conversation looks exactly like a missing one.
  const conversation = await getConversation({ userId: user.id, id: id.data });
  if (!conversation) notFound();
  return conversation;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const conversation = await loadOwnConversation(id);
  return { title: conversation.title };
}

export default async function ConversationPage({ params }: Props) {
  const { id } = await params;
  const conversation = await loadOwnConversation(id);
  // The newest page; the chat loads earlier ones on request.
  const { messages, nextCursor } = await loadMessagePage({ conversationId: conversation.id, limit: MESSAGE_PAGE_SIZE });
  return <LazyChat key={conversation.id} id={conversation.id} initialMessages={messages} isNew={false} olderCursor={nextCursor} />;
}
