import { requirePageUser } from "@/lib/ui/server/session";
import { describeActiveModel } from "@/lib/agent/models";
import { AppShell } from "@/components/app-shell";
import { SessionKeepAlive } from "@/components/session-keep-alive";

export default async function ChatLayout({ children }: { children: React.ReactNode }) {
  const user = await requirePageUser();
  const { provider, label, allowed } = describeActiveModel();
  return (
    <AppShell email={user.email} timeZone={user.timezone} model={{ provider, label, models: allowed }}>
      {children}
      <SessionKeepAlive />
    </AppShell>
  );
}
