"use client";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { recencyGroup, type RecencyGroup } from "@/lib/ui/dates";
import type { ConversationSummary } from "@/lib/ui/types";
import { signOutAction } from "@/lib/ui/server/actions";
import { useConversations } from "@/components/sidebar/conversations-store";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ThemeToggle } from "@/components/ui/theme-toggle";
import { Button, buttonClass } from "@/components/ui/button";
import { ChatIcon, LogOutIcon, PencilIcon, PlusIcon, SettingsIcon, SparkIcon, TrashIcon, XIcon } from "@/components/ui/icons";

const GROUPS: RecencyGroup[] = ["Today", "Yesterday", "Previous 7 days", "Previous 30 days", "Older"];

export function currentConversationId(pathname: string): string | null {
  return /^\/chat\/([^/]+)$/.exec(pathname)?.[1] ?? null;
}

export function ConversationSidebar({ email, onClose }: { email: string; onClose?: () => void }) {
  const { conversations, status, hasMore, loadMore, rename, remove, startNewChat } = useConversations();
  const pathname = usePathname();
  const router = useRouter();
  const activeId = currentConversationId(pathname);
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null);

  const groups = new Map<RecencyGroup, ConversationSummary[]>();
  const now = new Date();
  for (const c of conversations) {
    const g = recencyGroup(c.updatedAt, now);
    groups.set(g, [...(groups.get(g) ?? []), c]);
  }

  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center justify-between gap-2 px-4 pt-4 pb-3">
        <Link
          href="/"
          className="flex items-center gap-2 rounded-md text-[15px] font-semibold tracking-tight text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500 dark:text-zinc-100"
        >
          <span
            className="flex size-7 items-center justify-center rounded-lg bg-gradient-to-br from-accent-500 to-violet-500 text-white"
            aria-hidden="true"
          >
            <SparkIcon className="size-4" />
          </span>
          Talk Todo
        </Link>
        {onClose && (
          <Button variant="ghost" size="icon" className="size-8 md:hidden" onClick={onClose} aria-label="Close chats">
            <XIcon className="size-4" />
          </Button>
        )}
      </div>
      <div className="px-3 pb-2">
        <Link
          href="/"
          data-testid="new-chat"
          onClick={() => {
            onClose?.();
            startNewChat();
          }}
          className={buttonClass({ variant: "secondary", className: "w-full justify-start" })}
        >
          <PlusIcon className="size-4" /> New chat
        </Link>
      </div>
      <nav aria-label="Chat history" className="min-h-0 flex-1 overflow-y-auto px-3 pb-3">
        {status === "loading" && conversations.length === 0 ? (
          <div className="space-y-2 px-2 pt-4" aria-label="Loading chats">
            {[60, 80, 45].map((w) => (
              <div key={w} className="h-3 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" style={{ width: `${w}%` }} />
            ))}
          </div>
        ) : conversations.length === 0 ? (
          <p className="px-2 pt-4 text-sm text-zinc-500 dark:text-zinc-400">
            {status === "error" ? "Couldn't load your chats." : "Your chats will show up here."}
          </p>
        ) : (
          GROUPS.filter((g) => groups.has(g)).map((group) => (
            <section key={group} className="pt-3" aria-labelledby={`group-${group}`}>
              <h3
                id={`group-${group}`}
                className="px-2 pb-1 text-[11px] font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400"
              >
                {group}
              </h3>
              <ul className="space-y-0.5">
                {groups.get(group)!.map((c) => (
                  <ConversationRow
                    key={c.id}
                    conversation={c}
                    active={c.id === activeId}
                    onRename={rename}
                    onDelete={() => setDeleting(c)}
                    onNavigate={onClose}
                  />
                ))}
              </ul>
            </section>
          ))
        )}
        {hasMore && (
          <Button variant="ghost" size="sm" className="mt-2 w-full" onClick={loadMore}>
            Show older chats
          </Button>
        )}
      </nav>
      <div className="space-y-1 border-t border-zinc-200 px-3 py-3 dark:border-zinc-800">
        <div className="flex items-center gap-2 pl-2">
          <p className="min-w-0 flex-1 truncate text-xs text-zinc-500 dark:text-zinc-400" title={email}>
            {email}
          </p>
          <form action={signOutAction}>
            <button type="submit" className={buttonClass({ variant: "ghost", size: "sm", className: "px-2 text-xs" })}>
              <LogOutIcon className="size-3.5" /> Sign out
            </button>
          </form>
        </div>
        <div className="flex items-center justify-between gap-2">
          <Link href="/settings" className={buttonClass({ variant: "ghost", size: "sm", className: "px-2" })}>
            <SettingsIcon className="size-4" /> Settings
          </Link>
          <ThemeToggle />
        </div>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this chat?"
        confirmLabel="Delete chat"
        testId="delete-chat-dialog"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const target = deleting;
          setDeleting(null);
          if (!target) return;
          void remove(target.id).then((ok) => {
            if (ok && target.id === activeId) {
              startNewChat();
              router.push("/");
            }
          });
        }}
      >
        “{deleting?.title}” and its messages will be removed. Your tasks stay as they are.
      </ConfirmDialog>
    </div>
  );
}

function ConversationRow({
  conversation,
  active,
  onRename,
  onDelete,
  onNavigate,
}: {
  conversation: ConversationSummary;
  active: boolean;
  onRename: (id: string, title: string) => Promise<void>;
  onDelete: () => void;
  onNavigate?: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(conversation.title);
  const input = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  function finish(save: boolean) {
    setEditing(false);
    const next = title.trim().slice(0, 200);
    if (save && next && next !== conversation.title) void onRename(conversation.id, next);
    else setTitle(conversation.title);
    requestAnimationFrame(() => renameButton.current?.focus());
  }

  if (editing) {
    return (
      <li className="px-1 py-0.5">
        <label htmlFor={`rename-${conversation.id}`} className="sr-only">
          Chat title
        </label>
        <input
          ref={input}
          id={`rename-${conversation.id}`}
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
          onBlur={() => finish(true)}
          onKeyDown={(e) => {
            if (e.key === "Enter") finish(true);
            if (e.key === "Escape") {
              e.stopPropagation();
              finish(false);
            }
          }}
          className="w-full rounded-md border border-accent-400 bg-white px-2 py-1.5 text-sm text-zinc-900 outline-none focus:ring-2 focus:ring-accent-500/30 dark:bg-zinc-900 dark:text-zinc-100"
        />
      </li>
    );
  }

  return (
    <li className="group relative" data-testid="conversation-item">
      <Link
        href={`/chat/${conversation.id}`}
        aria-current={active ? "page" : undefined}
        onClick={onNavigate}
        className={`flex items-center gap-2 rounded-lg py-2 pr-16 pl-2.5 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-accent-500 ${
          active
            ? "bg-zinc-200/70 font-medium text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50"
            : "text-zinc-700 hover:bg-zinc-200/50 dark:text-zinc-300 dark:hover:bg-zinc-800/60"
        }`}
      >
        <ChatIcon className="size-3.5 shrink-0 text-zinc-400" />
        <span className="truncate">{conversation.title || "Untitled chat"}</span>
      </Link>
      <div
        className={`absolute top-1/2 right-1 flex -translate-y-1/2 gap-0.5 focus-within:opacity-100 group-hover:opacity-100 ${active ? "opacity-100" : "opacity-100 md:opacity-0"}`}
      >
        <button
          ref={renameButton}
          type="button"
          onClick={() => setEditing(true)}
          aria-label={`Rename “${conversation.title}”`}
          className="rounded-md p-1.5 text-zinc-500 hover:bg-zinc-300/60 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-accent-500 dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
        >
          <PencilIcon className="size-3.5" />
        </button>
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Delete “${conversation.title}”`}
          className="rounded-md p-1.5 text-zinc-500 hover:bg-zinc-300/60 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-accent-500 dark:hover:bg-zinc-700 dark:hover:text-red-400"
        >
          <TrashIcon className="size-3.5" />
        </button>
      </div>
    </li>
  );
}
