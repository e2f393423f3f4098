"use client";
/**
 * The chat runtime (the conversation's client state, its stream reader and the message views,
 * ~14 KB gzipped) is loaded after the page rather than with it: the server-rendered
 * conversation shows at once and becomes live when its code arrives (the composer stays
 * disabled until then, so nothing typed is lost). This keeps the chat page's First Load JS small
 * (docs/benchmarks.md).
 */
import { lazy, Suspense, type ComponentProps } from "react";
import type { Chat as ChatComponent } from "@/components/chat/chat";

const Chat = lazy(() => import("@/components/chat/chat").then((module) => ({ default: module.Chat })));

export function LazyChat(props: ComponentProps<typeof ChatComponent>) {
  return (
    <Suspense fallback={<div className="flex-1" aria-busy="true" />}>
      <Chat {...props} />
    </Suspense>
  );
}
