"use client";
/** The conversation history for the sidebar: loaded once, refreshed after each turn, edited optimistically. */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { apiFetch, errorMessage } from "@/lib/ui/api";
import type { ConversationSummary } from "@/lib/ui/types";
import { useToast } from "@/components/ui/toast";

type Store = {
  conversations: ConversationSummary[];
  status: "loading" | "ready" | "error";
  hasMore: boolean;
  refresh: () => void;
  loadMore: () => void;
  /** Shows a conversation at the top at once (a new chat's first message). */
  touch: (conversation: ConversationSummary) => void;
  rename: (id: string, title: string) => Promise<void>;
  remove: (id: string) => Promise<boolean>;
  /** Changes whenever the user asks for a new chat; the new-chat page remounts on it. */
  newChatNonce: number;
  startNewChat: () => void;
};

const ConversationsContext = createContext<Store | null>(null);

export function useConversations(): Store {
  const store = useContext(ConversationsContext);
  if (!store) throw new Error("useConversations must be used inside <ConversationsProvider>");
  return store;
}

type Page = { conversations: ConversationSummary[]; nextCursor: string | null };

export function ConversationsProvider({ children }: { children: ReactNode }) {
  const [conversations, setConversations] = useState<ConversationSummary[]>([]);
  const [status, setStatus] = useState<Store["status"]>("loading");
  const [cursor, setCursor] = useState<string | null>(null);
  const sequence = useRef(0);
  const toast = useToast();
  const [newChatNonce, setNewChatNonce] = useState(0);
  const startNewChat = useCallback(() => setNewChatNonce((n) => n + 1), []);

  const refresh = useCallback(() => {
    const mine = ++sequence.current;
    apiFetch<Page>("/api/conversations?limit=50")
      .then((page) => {
        if (mine !== sequence.current) return;
        setConversations((current) => {
          // Keep optimistic entries the server does not know yet (a turn still starting).
          const known = new Set(page.conversations.map((c) => c.id));
          const pendingNew = current.filter((c) => !known.has(c.id) && Date.now() - Date.parse(c.updatedAt) < 15_000);
          return [...pendingNew, ...page.conversations];
        });
        setCursor(page.nextCursor);
        setStatus("ready");
      })
      .catch(() => {
        if (mine === sequence.current) setStatus((s) => (s === "ready" ? s : "error"));
      });
  }, []);

  useEffect(() => {
    refresh();
  }, [refresh]);

  const loadMore = useCallback(() => {
    if (!cursor) return;
    apiFetch<Page>(`/api/conversations?limit=50&cursor=${encodeURIComponent(cursor)}`)
      .then((page) => {
        setConversations((current) => [...current, ...page.conversations.filter((c) => !current.some((x) => x.id === c.id))]);
        setCursor(page.nextCursor);
      })
      .catch((error) => toast.show(errorMessage(error), "error"));
  }, [cursor, toast]);

  const touch = useCallback((conversation: ConversationSummary) => {
    setConversations((current) => [conversation, ...current.filter((c) => c.id !== conversation.id)]);
  }, []);

  const rename = useCallback(
    async (id: string, title: string) => {
      let before: ConversationSummary | undefined;
      setConversations((current) => current.map((c) => (c.id === id ? ((before = c), { ...c, title }) : c)));
      try {
        await apiFetch(`/api/conversations/${encodeURIComponent(id)}`, { method: "PATCH", json: { title } });
      } catch (error) {
        if (before) {
          const previous = before;
          setConversations((current) => current.map((c) => (c.id === id ? previous : c)));
        }
        toast.show(`Couldn't rename the chat. ${errorMessage(error)}`, "error");
      }
    },
    [toast],
  );

  const remove = useCallback(
    async (id: string) => {
      let snapshot: ConversationSummary[] = [];
      setConversations((current) => ((snapshot = current), current.filter((c) => c.id !== id)));
      try {
        await apiFetch(`/api/conversations/${encodeURIComponent(id)}`, { method: "DELETE" });
        return true;
      } catch (error) {
        setConversations(snapshot);
        toast.show(`Couldn't delete the chat. ${errorMessage(error)}`, "error");
        return false;
      }
    },
    [toast],
  );

  const value = useMemo(
    () => ({ conversations, status, hasMore: Boolean(cursor), refresh, loadMore, touch, rename, remove, newChatNonce, startNewChat }),
    [conversations, status, cursor, refresh, loadMore, touch, rename, remove, newChatNonce, startNewChat],
  );
  return <ConversationsContext.Provider value={value}>{children}</ConversationsContext.Provider>;
}
