import { requirePageUser } from "@/lib/ui/server/session";
import { NewChat } from "@/components/chat/new-chat";

export const metadata = { title: "New chat" };

export default async function NewChatPage() {
  await requirePageUser();
  return <NewChat />;
}
