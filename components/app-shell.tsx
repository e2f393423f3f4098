"use client";
/**
 * The signed-in chat layout: history sidebar, the chat, the task panel. On narrow screens the
 * sidebar and the panel become drawers; while one is open everything else is `inert`, which
 * traps focus and hides the rest from screen readers; Escape or the backdrop closes it.
 */
import { usePathname } from "next/navigation";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { ToastProvider } from "@/components/ui/toast";
import { TaskStoreProvider, useTaskStore } from "@/components/tasks/task-store";
import { TaskPanel } from "@/components/tasks/task-panel";
import { ConversationsProvider, useConversations } from "@/components/sidebar/conversations-store";
import { ConversationSidebar, currentConversationId } from "@/components/sidebar/conversation-sidebar";
import { Button } from "@/components/ui/button";
import { ListIcon, MenuIcon } from "@/components/ui/icons";
import { TimeZoneContext } from "@/components/ui/time-zone";
import { ModelChoiceProvider, useModelChoice } from "@/components/chat/model-choice";
import { ReminderBell } from "@/components/reminders/reminder-bell";
import { OfflineSync } from "@/components/tasks/offline-sync";
import { RegisterServiceWorker } from "@/components/offline/register-sw";

/** `models`: what the user may pick from (the operator's allow-list); a picker shows when there are several. */
export type ModelInfo = { provider: string; label: string; models: string[] };

export function AppShell({ email, timeZone, model, children }: { email: string; timeZone: string; model: ModelInfo; children: ReactNode }) {
  return (
    <TimeZoneContext value={timeZone}>
      <ModelChoiceProvider models={model.models}>
        <ToastProvider>
          <ConversationsProvider>
            <TaskStoreProvider owner={email}>
              <ShellLayout email={email} model={model}>
                {children}
              </ShellLayout>
              <OfflineSync owner={email} />
              <RegisterServiceWorker />
            </TaskStoreProvider>
          </ConversationsProvider>
        </ToastProvider>
      </ModelChoiceProvider>
    </TimeZoneContext>
  );
}

type Drawer = "sidebar" | "tasks" | null;

function ShellLayout({ email, model, children }: { email: string; model: ModelInfo; children: ReactNode }) {
  const [drawer, setDrawer] = useState<Drawer>(null);
  const pathname = usePathname();
  const opener = useRef<HTMLElement | null>(null);
  const sidebarRef = useRef<HTMLElement>(null);
  const tasksRef = useRef<HTMLElement>(null);

  const open = useCallback((which: Exclude<Drawer, null>) => {
    opener.current = document.activeElement as HTMLElement | null;
    setDrawer(which);
  }, []);
  const close = useCallback(() => {
    setDrawer(null);
    requestAnimationFrame(() => opener.current?.focus());
  }, []);

  useEffect(() => {
    if (!drawer) return;
    const panel = drawer === "sidebar" ? sidebarRef.current : tasksRef.current;
    requestAnimationFrame(() => panel?.querySelector<HTMLElement>("a[href], button:not([disabled]), input, select, textarea")?.focus());
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && close();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [drawer, close]);

  // Drawers only exist on narrow screens: close them when the layout widens or the page changes.
  useEffect(() => {
    const queries = [window.matchMedia("(min-width: 768px)"), window.matchMedia("(min-width: 1024px)")];
    const onChange = () => setDrawer(null);
    queries.forEach((q) => q.addEventListener("change", onChange));
    return () => queries.forEach((q) => q.removeEventListener("change", onChange));
  }, []);
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    if (drawer === "sidebar") setDrawer(null);
  }

  return (
    <div className="flex h-dvh overflow-hidden bg-white text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <aside
        ref={sidebarRef}
        id="chat-sidebar"
        aria-label="Chats"
        role={drawer === "sidebar" ? "dialog" : undefined}
        aria-modal={drawer === "sidebar" ? true : undefined}
        inert={drawer === "tasks"}
        className={`fixed inset-y-0 left-0 z-40 w-72 shrink-0 border-r border-zinc-200 bg-zinc-50 shadow-xl duration-200 md:visible md:static md:z-auto md:translate-x-0 md:shadow-none dark:border-zinc-800 dark:bg-zinc-900 ${
          drawer === "sidebar"
            ? "visible translate-x-0 transition-[translate]"
            : "invisible -translate-x-full transition-[translate,visibility]"
        }`}
      >
        <ConversationSidebar email={email} onClose={close} />
      </aside>

      {drawer && <div className="fixed inset-0 z-30 bg-zinc-950/40 backdrop-blur-[1px] lg:hidden" onClick={close} aria-hidden="true" />}

      <main inert={drawer !== null} className="flex min-w-0 flex-1 flex-col">
        <ChatHeader model={model} pathname={pathname} onOpenSidebar={() => open("sidebar")} onOpenTasks={() => open("tasks")} />
        <div className="min-h-0 flex-1">{children}</div>
      </main>

      <aside
        ref={tasksRef}
        id="task-panel"
        data-testid="task-panel"
        aria-label="Tasks"
        role={drawer === "tasks" ? "dialog" : undefined}
        aria-modal={drawer === "tasks" ? true : undefined}
        inert={drawer === "sidebar"}
        className={`fixed inset-y-0 right-0 z-40 w-[min(24rem,100vw)] shrink-0 border-l border-zinc-200 bg-white shadow-xl duration-200 lg:visible lg:static lg:z-auto lg:w-80 lg:translate-x-0 lg:shadow-none xl:w-96 dark:border-zinc-800 dark:bg-zinc-950 ${
          drawer === "tasks"
            ? "visible translate-x-0 transition-[translate]"
            : "invisible translate-x-full transition-[translate,visibility]"
        }`}
      >
        <TaskPanel onClose={close} />
      </aside>
    </div>
  );
}

const providerDot: Record<string, string> = { builtin: "bg-emerald-500", google: "bg-sky-500", "openai-compatible": "bg-violet-500" };

function ChatHeader({
  model,
  pathname,
  onOpenSidebar,
  onOpenTasks,
}: {
  model: ModelInfo;
  pathname: string;
  onOpenSidebar: () => void;
  onOpenTasks: () => void;
}) {
  const { conversations } = useConversations();
  const { state } = useTaskStore();
  const id = currentConversationId(pathname);
  const title = id ? (conversations.find((c) => c.id === id)?.title ?? "Chat") : "New chat";
  const pending = state.listIds.filter((tid) => state.byId[tid]?.status === "pending").length;
  const choice = useModelChoice();

  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-zinc-200/80 px-3 sm:px-4 dark:border-zinc-800">
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        onClick={onOpenSidebar}
        aria-label="Open chats"
        aria-controls="chat-sidebar"
      >
        <MenuIcon className="size-5" />
      </Button>
      <div className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:gap-3">
        <h1 className="min-w-0 truncate text-sm font-medium text-zinc-800 dark:text-zinc-200">{title}</h1>
        {choice ? (
          <label className="inline-flex items-center gap-1.5 self-start text-xs text-zinc-600 sm:ml-auto sm:self-auto dark:text-zinc-400">
            <span className={`size-1.5 shrink-0 rounded-full ${providerDot[model.provider] ?? "bg-zinc-400"}`} aria-hidden="true" />
            <span className="sr-only">Model</span>
            <select
              data-testid="model-picker"
              value={choice.model}
              onChange={(e) => choice.setModel(e.target.value)}
              className="max-w-[14rem] truncate rounded-full border border-zinc-200 bg-zinc-50 px-2.5 py-1 text-xs dark:border-zinc-800 dark:bg-zinc-900"
            >
              {choice.models.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <span
            data-testid="model-badge"
            title={`Answers come from: ${model.label}`}
            className="inline-flex max-w-full items-center gap-1.5 self-start truncate text-[11px] text-zinc-500 sm:ml-auto sm:max-w-[16rem] sm:self-auto sm:rounded-full sm:border sm:border-zinc-200 sm:bg-zinc-50 sm:px-2.5 sm:py-1 sm:text-xs sm:text-zinc-600 dark:text-zinc-400 dark:sm:border-zinc-800 dark:sm:bg-zinc-900"
          >
            <span className={`size-1.5 shrink-0 rounded-full ${providerDot[model.provider] ?? "bg-zinc-400"}`} aria-hidden="true" />
            <span className="sr-only">Model: </span>
            <span className="truncate">{model.label}</span>
          </span>
        )}
      </div>
      <ReminderBell />
      <Button
        variant="ghost"
        size="sm"
        className="lg:hidden"
        onClick={onOpenTasks}
        aria-label={`Open tasks (${pending} to do)`}
        aria-controls="task-panel"
      >
        <ListIcon className="size-4" />
        <span className="hidden text-xs sm:inline">Tasks</span>
        {pending > 0 && <span className="rounded-full bg-accent-600 px-1.5 text-[10px] leading-4 font-semibold text-white">{pending}</span>}
      </Button>
    </header>
  );
}
